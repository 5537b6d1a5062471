/**
 * Where to come back after Google's consent screen (spec 002 §4 "Google OAuth callback": the state
 * carries the redirect path and params). Before leaving for Google the chart stores `{ state,
 * returnTo }` in sessionStorage; the `/oauth/google` page takes it back (once) and returns there when
 * the state matches. Only same-origin paths are honoured (open-redirect guard).
 */
import { safeRedirectTarget } from '../../session/guards';

/** sessionStorage key of the pending Google sign-in. */
export const GOOGLE_OAUTH_RETURN_KEY = 'vidbot.googleOAuthReturn';

/** What is kept across the round trip. */
export interface GoogleOAuthReturn {
  state: string;
  returnTo: string;
}

/** The subset of `Storage` used (tests pass a Map-backed one). */
export type ReturnStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Stores `{ state, returnTo }`. @throws when storage refuses (private mode quota) — the chart shows it. */
export function saveGoogleOAuthReturn(storage: ReturnStorage, value: GoogleOAuthReturn): void {
  storage.setItem(GOOGLE_OAUTH_RETURN_KEY, JSON.stringify(value));
}

/**
 * Takes (reads and removes) the stored return for `state`: the stored path when its state equals
 * `state`, otherwise null. A malformed entry counts as none. Never throws.
 */
export function takeGoogleOAuthReturn(storage: ReturnStorage, state: string): string | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(GOOGLE_OAUTH_RETURN_KEY);
    storage.removeItem(GOOGLE_OAUTH_RETURN_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { state: stored, returnTo } = parsed as Record<string, unknown>;
    if (stored !== state || typeof returnTo !== 'string') return null;
    return safeRedirectTarget(returnTo);
  } catch {
    return null;
  }
}

/** The path (with search) of the media library that reopens the dialog: `gdrive=true` added. */
export function libraryReturnPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set('gdrive', 'true');
  return `${pathname}?${params.toString()}`;
}
