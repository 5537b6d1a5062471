/**
 * User administration and profiles (spec 000 §5 "Profile", §6 "User management", "admin users",
 * "Resellers"; §7 "Global and users"): read/patch a user, the caller's accounts, the all-users list,
 * set password, resellers. Rules in user.policy.ts; every mutation writes its audit row in the same
 * transaction (server/src/lib/audit.ts).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { listMetadata } from '../../lib/list-query';
import { isStaff } from '../../lib/policy';
import { adminSetUserPassword, createSystemUser } from '../../idp/users';
import { queueEmail, temporaryPasswordEmail } from '../../email';
import { listAccountPage } from '../account/account.repo';
import type { AccountList } from '../account/account.schemas';
import { toAccountJson } from '../account/account.service';
import { activeAccountIds, assertMayEditUser, assertStaff, assertSuperuser, mayReadUser } from './user.policy';
import { findUserByEmailCi, findUserWithRoles, listUserPage } from './user.repo';
import type { MyAccountList, PatchUserBody, SetPasswordBody, User, UserList, UserListQuery } from './user.schemas';
import { toUserDto } from './user.service';

/** The target with roles narrowed to what the caller may see (all for self and staff). */
function visibleDto(caller: AuthUser, found: NonNullable<Awaited<ReturnType<typeof findUserWithRoles>>>): User {
  if (caller.id === found.user.id || isStaff(caller)) return toUserDto(found.user, found.roles);
  const mine = activeAccountIds(caller);
  return toUserDto(found.user, found.roles.filter((r) => mine.has(r.accountId)));
}

/** `GET /user/{userId}`. 404 `User not found.` when missing or not visible (user.policy.ts). */
export async function getUser(db: Db, caller: AuthUser, userId: number): Promise<User> {
  const found = await findUserWithRoles(db, userId);
  if (!found || !mayReadUser(caller, userId, found.roles.map((r) => r.accountId))) throw notFound('User not found.');
  return visibleDto(caller, found);
}

/**
 * `PATCH /user/{userId}` and `PATCH /user/me`: sets the fields present (firstName, lastName,
 * phoneNumber, language; email by superusers only — 409 `emailTaken` if another user has it).
 * Audited as `user.update` (accountId null) with the field names sent (none sent: no row).
 * @throws 404 not visible, 403 not one's own profile (non-staff) or an e-mail change by non-superuser.
 */
export async function patchUser(db: Db, caller: AuthUser, userId: number, body: PatchUserBody): Promise<User> {
  const found = await findUserWithRoles(db, userId);
  if (!found) throw notFound('User not found.');
  const changesEmail = body.email !== undefined && body.email !== found.user.email.toLowerCase();
  assertMayEditUser(caller, userId, found.roles.map((r) => r.accountId), changesEmail);
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (body.firstName !== undefined) set.firstName = body.firstName;
  if (body.lastName !== undefined) set.lastName = body.lastName;
  if (body.phoneNumber !== undefined) set.phoneNumber = body.phoneNumber;
  if (body.language !== undefined) set.language = body.language;
  if (changesEmail && body.email !== undefined) set.email = body.email;
  await db.transaction(async (tx) => {
    if (changesEmail && body.email !== undefined) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${body.email}`, ne(users.id, userId)))
        .limit(1);
      if (taken) throw conflict('Another user has this e-mail address.', 'emailTaken');
    }
    await tx.update(users).set(set).where(eq(users.id, userId));
    const fields = Object.keys(body).filter((k) => body[k as keyof PatchUserBody] !== undefined && (k !== 'email' || changesEmail));
    if (fields.length === 0) return;
    await recordAudit(tx, {
      accountId: null,
      actorUserId: caller.id,
      type: 'user.update',
      targetType: 'user',
      targetId: userId,
      targetName: set.email ?? found.user.email,
      details: { fields },
    });
  });
  const after = await findUserWithRoles(db, userId);
  if (!after) throw notFound('User not found.');
  return visibleDto(caller, after);
}

/**
 * `GET /user/me/account`: every account where the caller holds a role, Active or Invited (the team
 * picker's two lists), alphabetically, as `Account` records with the caller's role — one page.
 */
export async function getMyAccounts(db: Db, caller: AuthUser): Promise<MyAccountList> {
  const size = 10_000;
  const { rows, totalCount } = await listAccountPage(db, {
    userId: caller.id,
    scope: { kind: 'member', activeOnly: false },
    page: 1,
    size,
    orderBy: 'business_name',
    direction: 'asc',
  });
  return { records: rows.map(toAccountJson), metadata: listMetadata(1, size, totalCount) };
}

/** `GET /user/all-users?page&size&email` (staff): every user with roles, by id. */
export async function listAllUsers(db: Db, caller: AuthUser, q: UserListQuery): Promise<UserList> {
  assertStaff(caller);
  const { rows, totalCount } = await listUserPage(db, { page: q.page, size: q.size, email: q.email, resellersOnly: false });
  return { records: rows.map((r) => toUserDto(r.user, r.roles)), metadata: listMetadata(q.page, q.size, totalCount) };
}

/** `GET /user/resellers?page&size&email` (staff): users with isReseller, by id. */
export async function listResellers(db: Db, caller: AuthUser, q: UserListQuery): Promise<UserList> {
  assertStaff(caller);
  const { rows, totalCount } = await listUserPage(db, { page: q.page, size: q.size, email: q.email, resellersOnly: true });
  return { records: rows.map((r) => toUserDto(r.user, r.roles)), metadata: listMetadata(q.page, q.size, totalCount) };
}

/**
 * `PATCH /user/{userId}/set-password {password}` (superuser): a permanent password for a
 * non-external user (idp `adminSetUserPassword`: policy of spec 000 §5, every refresh token revoked),
 * audited as `user.set_password` in the same transaction.
 * @throws 403 not superuser, 404 no such user, 422 external user / policy / `userId` ≠ path.
 */
export async function setUserPassword(deps: AppDeps, caller: AuthUser, userId: number, body: SetPasswordBody): Promise<User> {
  assertSuperuser(caller);
  if (body.userId !== undefined && body.userId !== userId) throw unprocessable('Validation failed.', { userId: 'userId must match the path.' });
  const found = await findUserWithRoles(deps.db, userId);
  if (!found) throw notFound('User not found.');
  if (found.user.external) throw unprocessable('Validation failed.', { password: 'External users sign in through their identity provider.' });
  await deps.db.transaction(async (tx) => {
    await adminSetUserPassword({ db: tx, env: deps.env }, { userId, password: body.password, permanent: true });
    await recordAudit(tx, { accountId: null, actorUserId: caller.id, type: 'user.set_password', targetType: 'user', targetId: userId, targetName: found.user.email });
  });
  return toUserDto(found.user, found.roles);
}

/**
 * `POST /user/resellers {email}` (superuser): finds the user by e-mail or creates one with a
 * temporary password (idp `createSystemUser`; the e-mail is queued in the same transaction), sets isReseller. Audited as
 * `reseller.add`. Answers `{ created, user }` — the route answers 201 when created, else 200.
 * @throws 403 not superuser, 409 `alreadyReseller`.
 */
export async function addReseller(deps: AppDeps, caller: AuthUser, email: string): Promise<{ created: boolean; user: User }> {
  assertSuperuser(caller);
  const loginUrl = `${deps.env.publicUrl}/login`;
  const result = await deps.db.transaction(async (tx) => {
    let user = await findUserByEmailCi(tx, email);
    let temporaryPassword: string | null = null;
    if (user?.isReseller) throw conflict('This user is a reseller already.', 'alreadyReseller');
    if (!user) {
      const made = await createSystemUser({ db: tx, env: deps.env }, { email });
      user = made.user;
      temporaryPassword = made.temporaryPassword;
    }
    await tx.update(users).set({ isReseller: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, { accountId: null, actorUserId: caller.id, type: 'reseller.add', targetType: 'user', targetId: user.id, targetName: user.email, details: { created: temporaryPassword !== null } });
    // In the same transaction: the e-mail exists exactly when the change does (issue 10 §3).
    const mail = { db: tx, env: deps.env };
    if (temporaryPassword) {
      await queueEmail(mail, temporaryPasswordEmail({ to: user.email, temporaryPassword, loginUrl, language: user.language }));
    } else {
      await queueEmail(mail, {
        to: user.email,
        subject: user.language === 'fi' ? 'Sinusta tehtiin Vidbot-jälleenmyyjä' : 'You are now a Vidbot reseller',
        text:
          user.language === 'fi'
            ? `Voit nyt luoda ja hallita asiakastilejä Vidbotissa.\n\n${loginUrl}`
            : `You can now create and manage customer accounts on Vidbot.\n\n${loginUrl}`,
        kind: 'reseller',
      });
    }
    return { userId: user.id, temporaryPassword };
  });
  const found = await findUserWithRoles(deps.db, result.userId);
  if (!found) throw notFound('User not found.');
  return { created: result.temporaryPassword !== null, user: toUserDto(found.user, found.roles) };
}

/**
 * `POST /user/resellers/{userId}` (superuser) — delete a reseller: isReseller = false and their
 * Reseller roles in accounts are removed (a former reseller keeps no access through them), in one
 * transaction with a `reseller.remove` audit row. 404 when the user is not a reseller.
 */
export async function removeReseller(db: Db, caller: AuthUser, userId: number): Promise<User> {
  assertSuperuser(caller);
  await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ isReseller: false, updatedAt: new Date() }).where(and(eq(users.id, userId), eq(users.isReseller, true))).returning();
    if (!row) throw notFound('Reseller not found.');
    const removed = await tx.delete(roles).where(and(eq(roles.userId, userId), eq(roles.role, 'Reseller'))).returning({ accountId: roles.accountId });
    await recordAudit(tx, {
      accountId: null,
      actorUserId: caller.id,
      type: 'reseller.remove',
      targetType: 'user',
      targetId: userId,
      targetName: row.email,
      details: { removedFromAccounts: removed.map((r) => r.accountId) },
    });
  });
  const found = await findUserWithRoles(db, userId);
  if (!found) throw notFound('User not found.');
  return toUserDto(found.user, found.roles);
}
