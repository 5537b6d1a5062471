/** SQL of the account module (tables accounts, roles). */
import { and, asc, desc, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, media, roles, users, type MediaKind } from '../../db/schema';
import { containsPattern, pageOffset } from '../../lib/list-query';
import { adminListCount } from '../../lib/list-page';
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
 * scope and business-name substring; ties broken by id. Ids first (`LIMIT/OFFSET` over the order index),
 * totalCount exact: the `accounts` counter for staff's unfiltered list, else an index-backed count
 * (issue 18, docs/scaling.md "Admin and analytics lists").
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
  // Staff's unfiltered list of every account: the `accounts` counter (lib/list-page.ts). Otherwise an
  // index-backed count: the caller's roles (roles_user_account_uq) or the business-name trigram index.
  const totalCount =
    where === undefined
      ? await adminListCount(db, 'accounts')
      : ((await db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(accounts).leftJoin(roles, join).where(where))[0]?.count ?? 0);
  // Ids first: the page's ids through the order index (the left join is removed by the planner when
  // nothing filters on it: roles_user_account_uq makes it unique), then the rows of those ids only.
  const pageIds = db
    .select({ id: accounts.id })
    .from(accounts)
    .leftJoin(roles, join)
    .where(where)
    .orderBy(dir(order), dir(accounts.id))
    .limit(p.size)
    .offset(pageOffset(p.page, p.size));
  const rows = await db
    .select({ account: accounts, roleId: roles.id, role: roles.role, roleStatus: roles.status })
    .from(accounts)
    .leftJoin(roles, join)
    .where(inArray(accounts.id, pageIds))
    .orderBy(dir(order), dir(accounts.id));
  return { rows, totalCount };
}

/** The account row, or undefined. */
export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

/** True when some account already has this publicId. */
export async function publicIdTaken(db: Db, publicId: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.publicId, publicId)).limit(1);
  return row !== undefined;
}

/** The caller's role row in an account, or undefined. */
export async function findRoleOf(db: Db, accountId: number, userId: number): Promise<typeof roles.$inferSelect | undefined> {
  const [row] = await db.select().from(roles).where(and(eq(roles.accountId, accountId), eq(roles.userId, userId))).limit(1);
  return row;
}

/** A user row by id, or undefined. */
export async function findUserRow(db: Db, id: number): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A user row by e-mail (case-insensitive), or undefined. */
export async function findUserRowByEmail(db: Db, email: string): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

/** The media kind of each of `ids` that is media of the account (others are missing from the map). */
export async function accountMediaIds(db: Db, accountId: number, ids: number[]): Promise<Map<number, MediaKind>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: media.id, type: media.type }).from(media).where(and(eq(media.accountId, accountId), inArray(media.id, ids)));
  return new Map(rows.map((r) => [r.id, r.type]));
}
