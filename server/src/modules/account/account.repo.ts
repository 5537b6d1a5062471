/** SQL of the account module (tables accounts, roles). */
import { and, asc, desc, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, roles } from '../../db/schema';
import { containsPattern, pageOffset } from '../../lib/list-query';
import type { AccountListScope } from './account.policy';
import type { AccountOrderBy } from './account.schemas';

export type AccountRow = typeof accounts.$inferSelect;

export interface AccountListRow {
  account: AccountRow;
  roleId: number | null;
  role: (typeof roles.$inferSelect)['role'] | null;
  roleStatus: (typeof roles.$inferSelect)['status'] | null;
}

export interface AccountListParams {
  userId: number;
  scope: AccountListScope;
  page: number;
  size: number;
  orderBy: AccountOrderBy;
  direction: 'asc' | 'desc';
  businessName?: string | undefined;
}

/**
 * One page of accounts with the caller's role in each (left join on roles of `userId`), filtered by
 * scope and business-name substring; ties broken by id. `LIMIT/OFFSET` plus `count(*)`.
 */
export async function listAccountPage(db: Db, p: AccountListParams): Promise<{ rows: AccountListRow[]; totalCount: number }> {
  const where = and(
    p.scope.kind === 'member' ? isNotNull(roles.id) : undefined,
    p.scope.kind === 'member' && p.scope.activeOnly ? eq(roles.status, 'Active') : undefined,
    p.businessName ? ilike(accounts.businessName, containsPattern(p.businessName)) : undefined,
  );
  const join = and(eq(roles.accountId, accounts.id), eq(roles.userId, p.userId));
  const dir = p.direction === 'asc' ? asc : desc;
  const order = p.orderBy === 'business_name' ? sql`lower(${accounts.businessName}) collate "C"` : accounts.createdAt;
  const [countRow] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(accounts)
    .leftJoin(roles, join)
    .where(where);
  const rows = await db
    .select({ account: accounts, roleId: roles.id, role: roles.role, roleStatus: roles.status })
    .from(accounts)
    .leftJoin(roles, join)
    .where(where)
    .orderBy(dir(order), dir(accounts.id))
    .limit(p.size)
    .offset(pageOffset(p.page, p.size));
  return { rows, totalCount: countRow?.count ?? 0 };
}
