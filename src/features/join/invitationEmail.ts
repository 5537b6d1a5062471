/**
 * The invitation e-mail kept in the session (spec 000 §2 "Invitation e-mail mismatch screen", §4
 * "Logging out clears … the stored invitation email"): the join page stores the link's `email` in
 * sessionStorage so that, after a sign-in, it can compare it with the signed-in e-mail.
 * Storage failures (private mode, disabled storage) are ignored: the comparison is then skipped.
 */

/** sessionStorage key of the invitation e-mail. */
export const INVITATION_EMAIL_KEY = 'vidbot.invitationEmail';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Remembers the e-mail an invitation was sent to (trimmed, lower case); an empty value is ignored. */
export function storeInvitationEmail(email: string): void {
  const value = email.trim().toLowerCase();
  if (!value) return;
  try {
    storage()?.setItem(INVITATION_EMAIL_KEY, value);
  } catch {
    // storage full or unavailable
  }
}

/** The stored invitation e-mail, or null. */
export function readInvitationEmail(): string | null {
  try {
    return storage()?.getItem(INVITATION_EMAIL_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Forgets the stored invitation e-mail (sign-out, successful join). */
export function clearInvitationEmail(): void {
  try {
    storage()?.removeItem(INVITATION_EMAIL_KEY);
  } catch {
    // unavailable
  }
}

/** True when an invitation e-mail is stored and differs (case-insensitively) from `signedInEmail`. */
export function isInvitationEmailMismatch(stored: string | null, signedInEmail: string): boolean {
  return stored !== null && stored !== '' && stored.trim().toLowerCase() !== signedInEmail.trim().toLowerCase();
}
