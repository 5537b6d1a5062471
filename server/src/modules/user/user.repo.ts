/** SQL of the user module (tables users, roles). */
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { containsPattern, pageOffset } from '../../lib/list-query';
import { adminListCount } from '../../lib/list-page';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/** The user row and all their roles (ordered by role id), or undefined. */
export async function findUserWithRoles(db: Db, id: number): Promise<{ user: UserRow; roles: RoleRow[] } | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) return undefined;
  const rs = await db.select().from(roles).where(eq(roles.userId, id)).orderBy(asc(roles.id));
  return { user, roles: rs };
}

/**
 * One page of users (ordered by id) with their roles; `email` a case-insensitive substring,
 * `resellersOnly` keeps users with isReseller. totalCount is exact: the `users` counter when
 * unfiltered, else an index-backed count (issue 18, docs/scaling.md "Admin and analytics lists").
 */
export async function listUserPage(
  db: Db,
  p: { page: number; size: number; email?: string | undefined; resellersOnly: boolean },
): Promise<{ rows: { user: UserRow; roles: RoleRow[] }[]; totalCount: number }> {
  const where = and(
    p.email ? ilike(users.email, containsPattern(p.email)) : undefined,
    p.resellersOnly ? eq(users.isReseller, true) : undefined,
  );
  // Unfiltered: the users counter (lib/list-page.ts); filtered: an index-backed count (e-mail
  // trigram index, reseller partial index; migration 0016).
  const totalCount =
    where === undefined
      ? await adminListCount(db, 'users')
      : ((await db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(users).where(where))[0]?.count ?? 0);
  // Ids first: the page's ids through the primary key (index-only), then those users' rows.
  const pageIds = db.select({ id: users.id }).from(users).where(where).orderBy(asc(users.id)).limit(p.size).offset(pageOffset(p.page, p.size));
  const page = await db.select().from(users).where(inArray(users.id, pageIds)).orderBy(asc(users.id));
  const ids = page.map((u) => u.id);
  const rs = ids.length ? await db.select().from(roles).where(inArray(roles.userId, ids)).orderBy(asc(roles.id)) : [];
  return { rows: page.map((user) => ({ user, roles: rs.filter((r) => r.userId === user.id) })), totalCount };
}

/** A user row by e-mail (case-insensitive), or undefined. */
export async function findUserByEmailCi(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}
