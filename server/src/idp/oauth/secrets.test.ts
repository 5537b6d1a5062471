/**
 * Secrets at rest (oauth/secrets.ts): a sealed value opens only with the same key and purpose, and a
 * tampered one is refused (A256GCM is authenticated).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openClientSecret, openSecret, sealClientSecret, sealSecret, signClaims, verifyClaims } from './secrets';

describe('sealSecret / openSecret', () => {
  const key = new Uint8Array(randomBytes(32));

  it('round-trips, and a sealed value never contains the plain text', async () => {
    const sealed = await sealSecret(key, 'google-drive-token', '1//0g-refresh-token');
    expect(sealed).not.toContain('refresh');
    expect(await openSecret(key, 'google-drive-token', sealed)).toBe('1//0g-refresh-token');
  });

  it('refuses another key, another purpose and a tampered value', async () => {
    const sealed = await sealSecret(key, 'google-drive-token', 'ya29.access');
    await expect(openSecret(new Uint8Array(randomBytes(32)), 'google-drive-token', sealed)).rejects.toThrow();
    await expect(openClientSecret(key, sealed)).rejects.toThrow(/not an SSO client secret/);
    await expect(openSecret(key, 'google-drive-token', await sealClientSecret(key, 'x'))).rejects.toThrow(/not a sealed google-drive-token/);
    const parts = sealed.split('.');
    parts[3] = (parts[3]![0] === 'A' ? 'B' : 'A') + parts[3]!.slice(1);
    await expect(openSecret(key, 'google-drive-token', parts.join('.'))).rejects.toThrow();
  });
});

describe('signClaims / verifyClaims (readable signed tokens, e.g. the CRM OAuth state of issue 15)', () => {
  const key = new Uint8Array(randomBytes(32));
  const now = Date.UTC(2026, 0, 1);

  it('round-trips readable claims within their lifetime', async () => {
    const token = await signClaims(key, 'crm-oauth-state', { acc: 'demo', aid: 1 }, 600, now);
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).toMatchObject({ acc: 'demo', aid: 1 });
    expect(await verifyClaims(key, 'crm-oauth-state', token, now + 599_000)).toMatchObject({ acc: 'demo', aid: 1 });
  });

  it('refuses an expired token, another purpose, another key and a changed payload', async () => {
    const token = await signClaims(key, 'crm-oauth-state', { aid: 1 }, 600, now);
    expect(await verifyClaims(key, 'crm-oauth-state', token, now + 601_000)).toBeNull();
    expect(await verifyClaims(key, 'other-purpose', token, now)).toBeNull();
    expect(await verifyClaims(new Uint8Array(randomBytes(32)), 'crm-oauth-state', token, now)).toBeNull();
    const [h, , s] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ aid: 2, iat: now / 1000, exp: now / 1000 + 600 })).toString('base64url');
    expect(await verifyClaims(key, 'crm-oauth-state', `${h}.${changed}.${s}`, now)).toBeNull();
    expect(await verifyClaims(key, 'crm-oauth-state', 'garbage', now)).toBeNull();
  });
});
