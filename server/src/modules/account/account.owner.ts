/**
 * The owner of a new account (spec 000 §5 "Account form": ownerEmail, create only; §4 "Join team").
 * Reuses the invitation flow of server/src/modules/invitation: the owner user is found by e-mail or
 * created without a password; they get role Owner with status Invited and a join link — with a
 * single-use token (hash stored, 14 days) when they cannot sign in yet, without one when they can.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { accounts } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { findUserByEmail, insertInvitationToken, insertRole, insertUserWithoutPassword } from '../invitation/invitation.repo';
import { hashInvitationToken, INVITATION_TTL_MS, joinUrl } from '../invitation/invitation.service';
import { sendInvitationEmail } from '../invitation/invitation.mail';

/** What `inviteAccountOwner` did (the invitation e-mail is queued in the same transaction). */
export interface OwnerInvite {
  userId: number;
  roleId: number;
}

/**
 * Inside the account-creating transaction `tx`: finds or creates the owner user, inserts the Owner
 * (Invited) role and, for a user without credentials, a join token, and queues the invitation e-mail.
 */
export async function inviteAccountOwner(
  deps: AppDeps,
  tx: Db,
  p: { account: typeof accounts.$inferSelect; ownerEmail: string; invitedBy: number; now?: Date },
): Promise<OwnerInvite> {
  const now = p.now ?? new Date();
  const email = p.ownerEmail.toLowerCase();
  const user = (await findUserByEmail(tx, email)) ?? (await insertUserWithoutPassword(tx, { username: randomUUID(), email }));
  const role = await insertRole(tx, { userId: user.id, accountId: p.account.id, role: 'Owner', status: 'Invited' });
  const canSignIn = user.external || (user.srpSalt !== null && user.srpVerifier !== null);
  let token: string | null = null;
  if (!canSignIn) {
    token = randomBytes(32).toString('base64url');
    await insertInvitationToken(tx, {
      tokenHash: hashInvitationToken(token),
      userId: user.id,
      accountId: p.account.id,
      roleId: role.id,
      email,
      invitedBy: p.invitedBy,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
  }
  const link = joinUrl(deps.env.publicUrl, {
    token,
    email: user.email,
    accountId: p.account.id,
    roleId: role.id,
    userId: user.id,
    accountName: p.account.businessName,
  });
  await sendInvitationEmail({ db: tx, env: deps.env }, { to: user.email, accountName: p.account.businessName, joinUrl: link });
  return { userId: user.id, roleId: role.id };
}
