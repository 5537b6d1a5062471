/**
 * Queues the invitation e-mail (spec 000 §8 "invitation sent") through the e-mail module
 * (server/src/email: written to the outbox, delivered over SMTP by the `email.send` job when
 * configured; issue 10 §3).
 */
import { invitationEmail, queueEmail, type EmailDeps } from '../../email';

/**
 * Writes the invitation to `to` with the join link into the outbox (and queues its SMTP delivery).
 * Pass the inviting request's transaction as `deps.db`, so the e-mail exists exactly when the
 * invitation commits.
 * @param p.language the invitee's language (en default).
 * @throws only when the outbox write fails.
 */
export async function sendInvitationEmail(
  deps: EmailDeps,
  p: { to: string; accountName: string; joinUrl: string; language?: 'en' | 'fi' },
): Promise<void> {
  await queueEmail(deps, invitationEmail(p));
}
