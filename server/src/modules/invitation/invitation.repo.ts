/** SQL of account membership and invitation tokens (tables users, roles, accounts, invitation_tokens). */
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { adminListCount } from '../../lib/list-page';
import { accounts, invitationTokens, roles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type InvitationTokenRow = typeof invitationTokens.$inferSelect;
/** A transaction or the database (db/client.ts `DbOrTx`). */
export type Tx = DbOrTx;

/** One member row: the user and their role in the account. */
export interface MemberRow {
  user: UserRow;
  role: RoleRow;
}

/**
 * A page of the account's members ordered by e-mail, then user id; totalCount is the `members` counter
 * (lib/list-page.ts, issue 18). The order joins the account's roles to users (roles_account_idx, then
 * users by primary key) and sorts them: its cost grows with the account's members, not with all users.
 */
export async function listMembers(db: Db, accountId: number, page: number, size: number): Promise<{ rows: MemberRow[]; totalCount: number }> {
  const rows = await db
    .select({ user: users, role: roles })
    .from(roles)
    .innerJoin(users, eq(users.id, roles.userId))
    .where(eq(roles.accountId, accountId))
    .orderBy(asc(sql`lower(${users.email})`), asc(users.id))
    .limit(size)
    .offset((page - 1) * size);
  return { rows, totalCount: await adminListCount(db, 'members', accountId) };
}

/** The account row, or undefined. */
export async function findAccount(db: Tx, accountId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

/** The user with this e-mail (case-insensitive), or undefined. */
export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The user's role in the account, or undefined. */
export async function findMember(db: Tx, accountId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(roles)
    .innerJoin(users, eq(users.id, roles.userId))
    .where(and(eq(roles.accountId, accountId), eq(roles.userId, userId)))
    .limit(1);
  return row;
}

/** Number of Owner roles in the account. */
export async function countOwners(db: Tx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.role, 'Owner')));
  return Number(row?.n ?? 0);
}

/** Inserts a user without credentials (the join sign-up sets the password). */
export async function insertUserWithoutPassword(db: Tx, values: { username: string; email: string }): Promise<UserRow> {
  const [row] = await db.insert(users).values({ username: values.username, email: values.email }).returning();
  if (!row) throw new Error('insert user returned no row');
  return row;
}

/** Inserts a role. */
export async function insertRole(db: Tx, values: { userId: number; accountId: number; role: RoleRow['role']; status: RoleRow['status'] }): Promise<RoleRow> {
  const [row] = await db.insert(roles).values(values).returning();
  if (!row) throw new Error('insert role returned no row');
  return row;
}

/** Updates a role's name and/or status; returns the row. */
export async function updateRole(db: Tx, roleId: number, set: Partial<Pick<RoleRow, 'role' | 'status'>>): Promise<RoleRow | undefined> {
  const [row] = await db.update(roles).set(set).where(eq(roles.id, roleId)).returning();
  return row;
}

/** Deletes a role (its invitation tokens go with it). */
export async function deleteRole(db: Tx, roleId: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, roleId));
}

/** The role row by id, or undefined. */
export async function findRole(db: Tx, roleId: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
  return row;
}

/** Inserts an invitation token row (hash only). */
export async function insertInvitationToken(
  db: Tx,
  values: { tokenHash: string; userId: number; accountId: number; roleId: number; email: string; invitedBy: number; expiresAt: Date },
): Promise<void> {
  await db.insert(invitationTokens).values(values);
}

/** Marks every unused token of the role as used at `now` (a resend or a join supersedes them). */
export async function retireRoleTokens(db: Tx, roleId: number, now: Date): Promise<void> {
  await db
    .update(invitationTokens)
    .set({ usedAt: now })
    .where(and(eq(invitationTokens.roleId, roleId), isNull(invitationTokens.usedAt)));
}

/** The unused, unexpired token row with this hash, joined with its user, role and account. */
export async function findLiveToken(
  db: Tx,
  tokenHash: string,
  now: Date,
): Promise<{ token: InvitationTokenRow; user: UserRow; role: RoleRow; account: AccountRow } | undefined> {
  const [row] = await db
    .select({ token: invitationTokens, user: users, role: roles, account: accounts })
    .from(invitationTokens)
    .innerJoin(users, eq(users.id, invitationTokens.userId))
    .innerJoin(roles, eq(roles.id, invitationTokens.roleId))
    .innerJoin(accounts, eq(accounts.id, invitationTokens.accountId))
    .where(and(eq(invitationTokens.tokenHash, tokenHash), isNull(invitationTokens.usedAt), gt(invitationTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Consumes the token if still unused: true when this call consumed it (single use under races). */
export async function consumeToken(db: Tx, tokenId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitationTokens)
    .set({ usedAt: now })
    .where(and(eq(invitationTokens.id, tokenId), isNull(invitationTokens.usedAt), gt(invitationTokens.expiresAt, now)))
    .returning({ id: invitationTokens.id });
  return rows.length === 1;
}

/** Sets the user's name and SRP credentials (the join sign-up). */
export async function setUserCredentials(
  db: Tx,
  userId: number,
  values: { firstName: string; lastName: string; srpSalt: string; srpVerifier: string; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: values.firstName,
      lastName: values.lastName,
      srpSalt: values.srpSalt,
      srpVerifier: values.srpVerifier,
      idpStatus: 'CONFIRMED',
      tempPasswordExpiresAt: null,
      updatedAt: values.now,
    })
    .where(eq(users.id, userId));
}
