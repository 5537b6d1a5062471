/** SQL of the user module (tables users, roles). */
import { asc, eq } from 'drizzle-orm';
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
