/**
 * Rules of the SSO config upstream settings (spec 000 §3 SSO config, §5 "SSO create", §7; the
 * upstream OpenID Connect fields are the API's `issuerUrl`, `clientId`, `clientSecret` — see
 * server/src/modules/sso/sso.schemas.ts). All three are optional on the forms; the client secret is
 * write-only (the API answers only `hasClientSecret`).
 */

/** The upstream fields as typed into a form (strings; '' = not given). */
export interface SsoUpstreamState {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Field problem codes: `issuerUrl` 'invalid' = not an http(s) URL; lengths beyond the API's limits are 'tooLong'. */
export type SsoUpstreamProblems = Partial<Record<keyof SsoUpstreamState, 'invalid' | 'tooLong'>>;

/** Max lengths accepted by the API (sso.schemas.ts). */
export const CLIENT_ID_MAX = 500;
export const CLIENT_SECRET_MAX = 2000;

/** True when `text` (trimmed) is an absolute URL with scheme https or http and a host. */
export function isHttpUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** Problems of the upstream fields; empty fields are fine (they are optional). */
export function ssoUpstreamProblems(s: SsoUpstreamState): SsoUpstreamProblems {
  const out: SsoUpstreamProblems = {};
  if (s.issuerUrl.trim() !== '' && !isHttpUrl(s.issuerUrl)) out.issuerUrl = 'invalid';
  if (s.clientId.trim().length > CLIENT_ID_MAX) out.clientId = 'tooLong';
  if (s.clientSecret.length > CLIENT_SECRET_MAX) out.clientSecret = 'tooLong';
  return out;
}

/** Create body part: trimmed values, empty fields left out. */
export function ssoUpstreamCreateBody(s: SsoUpstreamState): { issuerUrl?: string; clientId?: string; clientSecret?: string } {
  return {
    ...(s.issuerUrl.trim() ? { issuerUrl: s.issuerUrl.trim() } : {}),
    ...(s.clientId.trim() ? { clientId: s.clientId.trim() } : {}),
    ...(s.clientSecret !== '' ? { clientSecret: s.clientSecret } : {}),
  };
}

/**
 * PATCH body of the detail page: issuer URL and client id are sent as typed (empty → null, which
 * clears them); the secret only when a new one was typed (empty = keep the stored one).
 */
export function ssoUpstreamPatchBody(s: SsoUpstreamState): { issuerUrl: string | null; clientId: string | null; clientSecret?: string } {
  return {
    issuerUrl: s.issuerUrl.trim() || null,
    clientId: s.clientId.trim() || null,
    ...(s.clientSecret !== '' ? { clientSecret: s.clientSecret } : {}),
  };
}
