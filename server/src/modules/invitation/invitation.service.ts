/**
 * Account members and invitations (spec 000 §2 team select, §4 "Join team", §5 invite and sign-up
 * rules, §6 user management, §7 account users, resend invitation, create user from invitation;
 * spec 002 §2 "Join and invitation"). docs/api.md "Members and invitations" is the contract.
 *
 * Inviting an e-mail creates the user when new (no password: the join sign-up sets it) or finds
 * them, adds a role with status Invited and e-mails a join link:
 *   `${publicUrl}/join-team?token&email&accountid&roleid&userid&account_name`
 * The link carries a single-use token (stored hashed, valid INVITATION_TTL_MS) only for users who
 * have no password yet; people who can already sign in get the same link without a token (they sign
 * in and confirm the Join, spec 000 §4).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { RoleName, RoleStatus } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../lib/context';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/errors';
import { listMetadata } from '../../lib/list-query';
import { passwordPolicyViolation } from '../../idp';
import {
  assertMayActivateRole,
  assertMayChangeRole,
  assertMayInviteAs,
  assertMayResendAs,
  assertMayRemove,
  assertMemberManager,
} from './invitation.policy';
import {
  consumeToken,
  countOwners,
  deleteRole,
  findAccount,
  findLiveToken,
  findMember,
  findRole,
  findUserByEmail,
  insertInvitationToken,
  insertRole,
  insertUserWithoutPassword,
  listMembers,
  retireRoleTokens,
  setUserCredentials,
  updateRole,
  type MemberRow,
  type Tx,
  type UserRow,
} from './invitation.repo';
import type { AccountUser, AccountUserList, AccountUserListQuery, InviteBody, JoinBody, ResendInvitationBody } from './invitation.schemas';
import type { InvitationInfo, JoinResult } from './invitation.schemas';
import { sendInvitationEmail } from './invitation.mail';
import type { Role } from '../user/user.schemas';

/** How long a join token stays valid: 14 days, in milliseconds. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** Clock and token source; tests replace them. */
export interface InvitationClock {
  now(): Date;
}
const systemClock: InvitationClock = { now: () => new Date() };

/** A member row → `AccountUser` (dates as ISO strings). */
function toMember({ user, role }: MemberRow): AccountUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    external: user.external,
    multifactor: user.multifactor,
    roleId: role.id,
    role: role.role,
    status: role.status,
    createdAt: user.createdAt.toISOString(),
  };
}

/** True for a PostgreSQL unique violation (23505), also when wrapped in `cause`. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && e !== null && 'code' in e && e.code === '23505') return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** Runs `fn`; a unique violation (two invitations of the same e-mail at once) answers 409 `alreadyMember`. */
async function withUniqueAsConflict<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This user already belongs to the account. Resend the invitation instead.', 'alreadyMember');
    throw err;
  }
}

/** SHA-256 hex of a join token (only this is stored). */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True when the user can sign in with a password already (or through SSO: external users never get a token). */
function canSignIn(user: UserRow): boolean {
  return user.external || (user.srpSalt !== null && user.srpVerifier !== null);
}

/** The join link of spec 002 §2 (query token, email, roleid, account_name, accountid, userid). */
export function joinUrl(publicUrl: string, p: { token: string | null; email: string; accountId: number; roleId: number; userId: number; accountName: string }): string {
  const q = new URLSearchParams();
  if (p.token) q.set('token', p.token);
  q.set('email', p.email);
  q.set('accountid', String(p.accountId));
  q.set('roleid', String(p.roleId));
  q.set('userid', String(p.userId));
  q.set('account_name', p.accountName);
  return `${publicUrl}/join-team?${q.toString()}`;
}

/**
 * For a user without credentials, stores a fresh token for the role (older unused ones are retired)
 * and returns it (32 random bytes, base64url; only its SHA-256 is stored; valid INVITATION_TTL_MS);
 * for a user who can sign in (password or SSO), returns null (their link has no token).
 * Run it inside the transaction that created or changed the role; e-mail `joinUrl(…)` after commit.
 */
export async function issueInvitationToken(tx: Tx, user: UserRow, roleId: number, accountId: number, invitedBy: number, now: Date): Promise<string | null> {
  await retireRoleTokens(tx, roleId, now);
  if (canSignIn(user)) return null;
  const token = randomBytes(32).toString('base64url');
  await insertInvitationToken(tx, {
    tokenHash: hashInvitationToken(token),
    userId: user.id,
    accountId,
    roleId,
    email: user.email.toLowerCase(),
    invitedBy,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  return token;
}

/**
 * `GET /account/{accountId}/user`: one page of members with role and status.
 * @throws 404 account not usable by the caller, 403 not a member manager.
 */
export async function listAccountUsers(
  db: Db,
  caller: AuthUser,
  accountId: number,
  q: AccountUserListQuery,
): Promise<AccountUserList> {
  assertMemberManager(caller, accountId);
  if (!(await findAccount(db, accountId))) throw notFound('Account not found.');
  const { rows, totalCount } = await listMembers(db, accountId, q.page, q.size);
  return { records: rows.map(toMember), metadata: listMetadata(q.page, q.size, totalCount) };
}

/**
 * `POST /account/{accountId}/user {email, role}`: creates or finds the user, adds role `role` with
 * status Invited and e-mails the join link.
 * @throws 404 account, 403 caller/role not allowed, 409 `alreadyMember` when the user already holds a
 *   role in the account (use the resend for Invited ones).
 */
export async function inviteUser(deps: AppDeps, caller: AuthUser, accountId: number, body: InviteBody, clock = systemClock): Promise<AccountUser> {
  assertMemberManager(caller, accountId);
  assertMayInviteAs(caller, body.role);
  const account = await findAccount(deps.db, accountId);
  if (!account) throw notFound('Account not found.');
  const now = clock.now();
  const result = await withUniqueAsConflict(() => deps.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, body.email);
    if (user && (await findMember(tx, accountId, user.id))) {
      throw conflict('This user already belongs to the account. Resend the invitation instead.', 'alreadyMember');
    }
    user ??= await insertUserWithoutPassword(tx, { username: randomUUID(), email: body.email });
    const role = await insertRole(tx, { userId: user.id, accountId, role: body.role, status: 'Invited' });
    const token = await issueInvitationToken(tx, user, role.id, accountId, caller.id, now);
    await recordAudit(tx, {
      accountId,
      actorUserId: caller.id,
      type: 'user.invite',
      targetType: 'user',
      targetId: user.id,
      targetName: user.email,
      details: { role: body.role },
    });
    // In the same transaction: the e-mail exists exactly when the invitation does (issue 10 §3).
    await sendInvitationEmail({ db: tx, env: deps.env }, {
      to: user.email,
      accountName: account.businessName,
      language: user.language,
      joinUrl: joinUrl(deps.env.publicUrl, { token, email: user.email, accountId, roleId: role.id, userId: user.id, accountName: account.businessName }),
    });
    return { user, role, token };
  }));
  return toMember(result);
}

/**
 * Resend invitation `{accountId, role, userEmail}`: the member's role must still be Invited; the role
 * is set to `role` (same rules as an invitation; an invited Owner is resent as Owner, see
 * assertMayResendAs), older tokens are retired and a new link is e-mailed.
 * @throws 422 `accountId` differs from the path, 404 account or no such member, 403 not allowed,
 *   409 `alreadyActive` when the member has joined.
 */
export async function resendInvitation(
  deps: AppDeps,
  caller: AuthUser,
  accountId: number,
  body: ResendInvitationBody,
  clock = systemClock,
): Promise<AccountUser> {
  if (body.accountId !== accountId) throw unprocessable('Validation failed.', { accountId: 'accountId must match the account in the path.' });
  assertMemberManager(caller, accountId);
  if (body.role !== 'Owner') assertMayInviteAs(caller, body.role);
  const account = await findAccount(deps.db, accountId);
  if (!account) throw notFound('Account not found.');
  const now = clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, body.userEmail);
    const member = user && (await findMember(tx, accountId, user.id));
    if (!member) throw notFound('User not found in this account.');
    if (member.role.status === 'Active') throw conflict('This user has already joined the account.', 'alreadyActive');
    assertMayResendAs(caller, member.role.role, body.role);
    const role = member.role.role === body.role ? member.role : ((await updateRole(tx, member.role.id, { role: body.role })) ?? member.role);
    const token = await issueInvitationToken(tx, member.user, role.id, accountId, caller.id, now);
    await recordAudit(tx, {
      accountId,
      actorUserId: caller.id,
      type: 'user.resendInvitation',
      targetType: 'user',
      targetId: member.user.id,
      targetName: member.user.email,
      details: { role: body.role },
    });
    const invitee = member.user;
    await sendInvitationEmail({ db: tx, env: deps.env }, {
      to: invitee.email,
      accountName: account.businessName,
      language: invitee.language,
      joinUrl: joinUrl(deps.env.publicUrl, { token, email: invitee.email, accountId, roleId: role.id, userId: invitee.id, accountName: account.businessName }),
    });
    return { user: invitee, role, token };
  });
  return toMember(result);
}

/**
 * `DELETE /account/{accountId}/user/{userId}`: removes the member's role (and their pending tokens);
 * the user row stays.
 * @throws 404 account or member, 403 not allowed, 409 `lastOwner` for the account's only Owner.
 */
export async function removeAccountUser(db: Db, caller: AuthUser, accountId: number, userId: number): Promise<void> {
  assertMemberManager(caller, accountId);
  await db.transaction(async (tx) => {
    const member = await findMember(tx, accountId, userId);
    if (!member) throw notFound('User not found in this account.');
    assertMayRemove(caller, accountId, member.role.role);
    if (member.role.role === 'Owner' && (await countOwners(tx, accountId)) <= 1) {
      throw conflict('The account must keep an Owner.', 'lastOwner');
    }
    await deleteRole(tx, member.role.id);
    await recordAudit(tx, {
      accountId,
      actorUserId: caller.id,
      type: 'user.remove',
      targetType: 'user',
      targetId: userId,
      targetName: member.user.email,
      details: { role: member.role.role },
    });
  });
}

/**
 * `PUT /account/{accountId}/user/{userId}/role {role}`: changes the member's role (status unchanged).
 * @throws 404 account or member, 403 not allowed (own role, Owner target, Reseller), 409 `lastOwner`
 *   when it would leave the account without an Owner.
 */
export async function changeAccountUserRole(db: Db, caller: AuthUser, accountId: number, userId: number, role: RoleName): Promise<AccountUser> {
  assertMemberManager(caller, accountId);
  return db.transaction(async (tx) => {
    const member = await findMember(tx, accountId, userId);
    if (!member) throw notFound('User not found in this account.');
    assertMayChangeRole(caller, accountId, userId, member.role.role, role);
    if (member.role.role === role) return toMember(member);
    if (member.role.role === 'Owner' && (await countOwners(tx, accountId)) <= 1) {
      throw conflict('The account must keep an Owner.', 'lastOwner');
    }
    const updated = (await updateRole(tx, member.role.id, { role })) ?? member.role;
    await recordAudit(tx, {
      accountId,
      actorUserId: caller.id,
      type: 'role.update',
      targetType: 'user',
      targetId: userId,
      targetName: member.user.email,
      details: { from: member.role.role, to: role },
    });
    return toMember({ user: member.user, role: updated });
  });
}

/**
 * `PUT /user/{userId}/role/{roleId} {status:'Active'}` — Join (spec 000 §2 team select, §4): the role
 * becomes Active and its pending tokens are retired.
 * @throws 403 when the caller is neither the user nor staff, 404 when the role is not the user's.
 */
export async function activateRole(db: Db, caller: AuthUser, userId: number, roleId: number, clock = systemClock): Promise<Role> {
  assertMayActivateRole(caller, userId);
  return db.transaction(async (tx) => {
    const role = await findRole(tx, roleId);
    if (!role || role.userId !== userId) throw notFound('Role not found.');
    const updated = role.status === 'Active' ? role : ((await updateRole(tx, roleId, { status: 'Active' })) ?? role);
    await retireRoleTokens(tx, roleId, clock.now());
    if (role.status !== 'Active') {
      await recordAudit(tx, {
        accountId: role.accountId,
        actorUserId: caller.id,
        type: 'role.join',
        targetType: 'user',
        targetId: userId,
        details: { role: role.role },
      });
    }
    return { id: updated.id, userId: updated.userId, accountId: updated.accountId, role: updated.role, status: updated.status };
  });
}

const invalidToken = () => new HttpError(404, 'This invitation link is invalid, used or expired.', 'invitationInvalid');

/**
 * `GET /auth/invitation?token` (no sign-in): the invitation behind a live token.
 * @throws 404 `invitationInvalid` for an unknown, used or expired token.
 */
export async function getInvitation(db: Db, token: string, clock = systemClock): Promise<InvitationInfo> {
  const found = await findLiveToken(db, hashInvitationToken(token), clock.now());
  if (!found) throw invalidToken();
  return {
    email: found.user.email,
    userId: found.user.id,
    accountId: found.account.id,
    accountName: found.account.businessName,
    accountPublicId: found.account.publicId,
    roleId: found.role.id,
    role: found.role.role,
    hasPassword: canSignIn(found.user),
    expiresAt: found.token.expiresAt.toISOString(),
  };
}

/**
 * `POST /auth/join` (no sign-in) — create user from invitation (spec 000 §7): checks the token, the
 * e-mail and account it was issued for and the password rule of §5, then in one transaction sets
 * the name and SRP credentials (deps.idp.createCredentials), makes the role Active and consumes the
 * token. The SPA then signs in with the new password.
 * @throws 404 `invitationInvalid` unknown/used/expired token (also when a concurrent join consumed
 *   it first), 422 `email` / `accountId` not the invitation's, 422 `password` policy message,
 *   409 `userHasPassword` when the user can already sign in (they join by signing in).
 */
export async function joinWithInvitation(deps: AppDeps, body: JoinBody, clock = systemClock): Promise<JoinResult> {
  const now = clock.now();
  const found = await findLiveToken(deps.db, hashInvitationToken(body.token), now);
  if (!found) throw invalidToken();
  if (found.user.email.toLowerCase() !== body.email) {
    throw unprocessable('Validation failed.', { email: 'This is not the e-mail address the invitation was sent to.' });
  }
  if (found.account.id !== body.accountId) {
    throw unprocessable('Validation failed.', { accountId: 'The invitation is for another account.' });
  }
  if (canSignIn(found.user)) throw conflict('You already have a password: sign in to join the team.', 'userHasPassword');
  const violation = passwordPolicyViolation(body.password);
  if (violation) throw unprocessable('Validation failed.', { password: violation });
  const creds = deps.idp.createCredentials(found.user.username, body.password);
  const role = await deps.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, found.token.id, now))) throw invalidToken();
    await setUserCredentials(tx, found.user.id, { firstName: body.firstName, lastName: body.lastName, ...creds, now });
    const updated = (await updateRole(tx, found.role.id, { status: 'Active' })) ?? found.role;
    await retireRoleTokens(tx, found.role.id, now);
    await recordAudit(tx, {
      accountId: found.account.id,
      actorUserId: found.user.id,
      type: 'role.join',
      targetType: 'user',
      targetId: found.user.id,
      targetName: found.user.email,
      details: { role: updated.role, signUp: true, offers: body.offers },
    });
    return updated;
  });
  return {
    userId: found.user.id,
    email: found.user.email,
    accountId: found.account.id,
    accountPublicId: found.account.publicId,
    roleId: role.id,
    role: role.role,
    status: 'Active',
  };
}
