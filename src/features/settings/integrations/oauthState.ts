/**
 * The integration OAuth callback's `state` as the SPA reads it (spec 002 §4 "Integration OAuth
 * callback: reads code and state (an encoded account public id)"; architecture note §5). The state
 * is the server's compact JWS (header.payload.signature, base64url) with the account publicId in
 * the payload's `acc` claim. The SPA does NOT verify it — it only needs to know which account's
 * integrations tab to land on; the server verifies signature, expiry, user, account and CRM when the
 * tab posts code + state.
 */

/** The account publicId named by `state`, or null when it is missing or unreadable. */
export function accountFromOAuthState(state: string | null | undefined): string | null {
  if (!state) return null;
  const parts = state.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const payload: unknown = JSON.parse(json);
    if (typeof payload !== 'object' || payload === null) return null;
    const acc = (payload as { acc?: unknown }).acc;
    return typeof acc === 'string' && /^[\w-]{1,64}$/.test(acc) ? acc : null;
  } catch {
    return null;
  }
}
