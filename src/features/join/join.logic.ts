/**
 * Which screen the join page shows (spec 000 §4 "Join team", §2 e-mail mismatch; spec 002 §2
 * "Join and invitation"). Pure: the page feeds it the link, the session and the invitation lookup.
 *
 * - With a token whose user has no password yet → the sign-up form (guests only; a signed-in person
 *   is someone else → `wrongUser`).
 * - Without a token, or a token whose user can already sign in → sign in first (`login`, back to the
 *   same link), then the Join confirmation.
 * - Signed in as a user other than the invited one (link `userid`, or the token's user) →
 *   `wrongUser`: sign out and /login?error=loginWrongUser.
 * - Signed in with another e-mail than the stored invitation e-mail (no user id to compare) →
 *   `emailsMismatch`.
 */
import * as v from 'valibot';
import { isInvitationEmailMismatch } from './invitationEmail';
import type { Schema } from '../../api/contract';

const optionalId = v.optional(
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform((x) => Number(x)),
    v.check((n) => Number.isSafeInteger(n) && n > 0),
  ),
);

/** `/join-team` search (spec 002 §2: token, email, roleid, account_name, accountid, userid). */
export const joinSearchSchema = v.object({
  token: v.optional(v.string()),
  email: v.optional(v.string()),
  roleid: v.fallback(optionalId, undefined),
  accountid: v.fallback(optionalId, undefined),
  userid: v.fallback(optionalId, undefined),
  account_name: v.optional(v.string()),
});
export type JoinSearch = v.InferOutput<typeof joinSearchSchema>;

/** What `GET /api/auth/invitation?token` answers (the server's contract, issue 10 §4). */
export type InvitationInfo = Schema<'InvitationInfo'>;

/** The lookup of the link's token: none in the link, pending, found, or refused (404: invalid, used, expired). */
export type InvitationLookup =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'found'; info: InvitationInfo }
  | { kind: 'invalid' }
  | { kind: 'error'; message: string };

/** The signed-in person, or null for a guest; `me` undefined while GET /user/me loads. */
export type Viewer = { kind: 'guest' } | { kind: 'loading' } | { kind: 'user'; id: number; email: string };

/** The screen to show. */
export type JoinView =
  | { kind: 'loading' }
  | { kind: 'signUp'; info: InvitationInfo }
  | { kind: 'login' }
  | { kind: 'wrongUser' }
  | { kind: 'emailsMismatch'; invitationEmail: string }
  | { kind: 'confirm'; accountId: number | null; roleId: number | null; accountName: string | null; accountPublicId: string | null }
  | { kind: 'invalidLink' }
  | { kind: 'error'; message: string };

/** Decides the join page's screen. See the module comment for the rules. */
export function decideJoinView(p: { search: JoinSearch; lookup: InvitationLookup; viewer: Viewer; storedEmail: string | null }): JoinView {
  const { search, lookup, viewer, storedEmail } = p;
  if (lookup.kind === 'loading' || viewer.kind === 'loading') return { kind: 'loading' };
  if (lookup.kind === 'error') return { kind: 'error', message: lookup.message };
  if (lookup.kind === 'invalid') return { kind: 'invalidLink' };
  const info = lookup.kind === 'found' ? lookup.info : null;

  if (info && !info.hasPassword) {
    return viewer.kind === 'guest' ? { kind: 'signUp', info } : { kind: 'wrongUser' };
  }
  if (viewer.kind === 'guest') return { kind: 'login' };

  const invitedUserId = info?.userId ?? search.userid ?? null;
  if (invitedUserId !== null && invitedUserId !== viewer.id) return { kind: 'wrongUser' };
  const invitationEmail = info?.email ?? storedEmail;
  if (invitationEmail && isInvitationEmailMismatch(invitationEmail, viewer.email)) {
    return { kind: 'emailsMismatch', invitationEmail };
  }
  return {
    kind: 'confirm',
    accountId: info?.accountId ?? search.accountid ?? null,
    roleId: info?.roleId ?? search.roleid ?? null,
    accountName: info?.accountName ?? search.account_name ?? null,
    accountPublicId: info?.accountPublicId ?? null,
  };
}

/** Password rule of spec 000 §5 (8+ characters, 1 number, 1 uppercase); null when it holds, else the broken rule. */
export function passwordRuleBroken(password: string): 'length' | 'number' | 'uppercase' | null {
  if (password.length < 8) return 'length';
  if (!/[0-9]/.test(password)) return 'number';
  if (!/[A-Z]/.test(password)) return 'uppercase';
  return null;
}
