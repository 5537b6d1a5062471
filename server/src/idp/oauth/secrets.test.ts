/**
 * Secrets at rest (oauth/secrets.ts): a sealed value opens only with the same key and purpose, and a
 * tampered one is refused (A256GCM is authenticated).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openClientSecret, openSecret, sealClientSecret, sealSecret } from './secrets';

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
