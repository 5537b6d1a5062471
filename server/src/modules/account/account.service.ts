/**
 * `GET /account` (spec 000 §4, §6, §7; docs/api.md `Account`): the accounts the caller may see, each
 * with the caller's own role, roleId and roleStatus (null where staff hold no role).
 */
import type { Db } from '../../db/client';
import type { AccountOptions, AccountStatus, RoleName, RoleStatus } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { listMetadata, type ListMetadata } from '../../lib/list-query';
import { accountListScope } from './account.policy';
import { listAccountPage, type AccountListRow } from './account.repo';
import type { AccountListQuery } from './account.schemas';

export interface AccountDto {
  id: number;
  publicId: string;
  businessName: string;
  role: RoleName | null;
  roleId: number | null;
  roleStatus: RoleStatus | null;
  status: AccountStatus;
  color: string | null;
  options: AccountOptions;
  createdAt: Date;
}

function toDto(r: AccountListRow): AccountDto {
  return {
    id: r.account.id,
    publicId: r.account.publicId,
    businessName: r.account.businessName,
    role: r.role,
    roleId: r.roleId,
    roleStatus: r.roleStatus,
    status: r.account.status,
    color: r.account.color,
    options: r.account.options,
    createdAt: r.account.createdAt,
  };
}

/** One page of visible accounts; never fails for a valid query (an empty page when none). */
export async function listAccounts(
  db: Db,
  user: AuthUser,
  q: AccountListQuery,
): Promise<{ records: AccountDto[]; metadata: ListMetadata }> {
  const { rows, totalCount } = await listAccountPage(db, {
    userId: user.id,
    scope: accountListScope(user, q.filter),
    page: q.page,
    size: q.size,
    orderBy: q.order_by,
    direction: q.order_direction,
    businessName: q.business_name,
  });
  return { records: rows.map(toDto), metadata: listMetadata(q.page, q.size, totalCount) };
}
