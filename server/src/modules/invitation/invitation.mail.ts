/**
 * Sends the invitation e-mail (spec 000 §8 "invitation sent") through the e-mail module
 * (server/src/email: written to the outbox, delivered over SMTP when configured).
 */
import type { AppDeps } from '../../lib/context';
import { invitationEmail, sendEmail } from '../../email';

/**
 * Writes the invitation to `to` with the join link into the outbox (and sends it with SMTP).
 * @param p.language the invitee's language (en default).
 * @throws only when the outbox write fails (an SMTP failure is recorded on the row).
 */
export async function sendInvitationEmail(
  deps: AppDeps,
  p: { to: string; accountName: string; joinUrl: string; language?: 'en' | 'fi' },
): Promise<void> {
  await sendEmail(deps, invitationEmail(p));
}
