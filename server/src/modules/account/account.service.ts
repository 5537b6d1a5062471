/**
 * `GET /account` (spec 000 §4, §6, §7; the contract's `Account`, account.schemas.ts): the accounts the caller may see, each
 * with the caller's own role, roleId and roleStatus (null where staff hold no role).
 */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/context';
import { listMetadata } from '../../lib/list-query';
import { accountListScope } from './account.policy';
import { listAccountPage, type AccountListRow } from './account.repo';
import type { Account, AccountList, AccountListQuery } from './account.schemas';

/** An account row with the caller's role → `Account` (dates as ISO strings). */
export function toAccountJson(r: AccountListRow): Account {
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
    createdAt: r.account.createdAt.toISOString(),
  };
}

/** One page of visible accounts; never fails for a valid query (an empty page when none). */
export async function listAccounts(
  db: Db,
  user: AuthUser,
  q: AccountListQuery,
): Promise<AccountList> {
  const { rows, totalCount } = await listAccountPage(db, {
    userId: user.id,
    scope: accountListScope(user, q.filter),
    page: q.page,
    size: q.size,
    orderBy: q.order_by,
    direction: q.order_direction,
    businessName: q.business_name,
  });
  return { records: rows.map(toAccountJson), metadata: listMetadata(q.page, q.size, totalCount) };
}
