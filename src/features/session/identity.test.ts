/** Lazy aws-amplify (issue 10 §2): what counts as a stored identity, and a signed-out boot that never imports aws-amplify. */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { EXPIRY_MARGIN_S, getIdToken, hasStoredIdentity, initIdentity, isAmplifyLoaded, lazySessionActors, storedSession } from './identity';
import type { RuntimeConfig } from '../../api/types';

const storage = (entries: Record<string, string>) => ({ getItem: (k: string) => entries[k] ?? null });
const base = 'CognitoIdentityServiceProvider.client1';

describe('hasStoredIdentity', () => {
  it('is true with the last user and that user’s access token', () => {
    expect(hasStoredIdentity('client1', storage({ [`${base}.LastAuthUser`]: 'u-1', [`${base}.u-1.accessToken`]: 'jwt' }))).toBe(true);
  });
  it('is true while a redirect sign-in is in flight', () => {
    expect(hasStoredIdentity('client1', storage({ [`${base}.inflightOAuth`]: 'true' }))).toBe(true);
  });
  it('is false for nothing, a last user without tokens (signed out), another client, or unreadable storage', () => {
    expect(hasStoredIdentity('client1', storage({}))).toBe(false);
    expect(hasStoredIdentity('client1', storage({ [`${base}.LastAuthUser`]: 'u-1', [`${base}.u-1.deviceKey`]: 'd' }))).toBe(false);
    expect(hasStoredIdentity('client2', storage({ [`${base}.LastAuthUser`]: 'u-1', [`${base}.u-1.accessToken`]: 'jwt' }))).toBe(false);
    expect(hasStoredIdentity('client1', storage({ [`${base}.inflightOAuth`]: 'false' }))).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(hasStoredIdentity('client1', throwing)).toBe(false);
    expect(hasStoredIdentity('client1', undefined)).toBe(false);
  });
});

describe('signed-out boot', () => {
  it('answers no session and no ID token without importing aws-amplify', async () => {
    localStorage.clear();
    initIdentity({ userPoolId: 'pool', userPoolClientId: 'client1', userPoolEndpoint: '/idp' } as RuntimeConfig, 'http://localhost');
    const actor = createActor(lazySessionActors.loadSession);
    actor.start();
    expect(await toPromise(actor)).toBeNull();
    expect(await getIdToken()).toBeNull();
    expect(isAmplifyLoaded()).toBe(false);
  });
});

/** An unsigned JWT with `payload` (the SPA only decodes; the server verifies). */
const jwt = (payload: Record<string, unknown>) => {
  const b64 = (o: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64({ alg: 'RS256', kid: 'k' })}.${b64(payload)}.c2ln`;
};
const now = 1_800_000_000_000;
const idPayload = (over: Record<string, unknown> = {}) => ({
  sub: 'sub-1',
  email: 'ä@example.com',
  'cognito:username': 'u-1',
  aud: 'client1',
  token_use: 'id',
  exp: now / 1000 + 3600,
  ...over,
});
const signedIn = (payload: Record<string, unknown>, extra: Record<string, string> = {}) =>
  storage({ [`${base}.LastAuthUser`]: 'u-1', [`${base}.u-1.accessToken`]: 'a', [`${base}.u-1.idToken`]: jwt(payload), ...extra });

describe('storedSession', () => {
  it('answers the stored ID token and its user while it is valid for more than the margin', () => {
    const s = storedSession('client1', signedIn(idPayload()), now);
    expect(s).toEqual({ idToken: jwt(idPayload()), user: { userId: 'sub-1', email: 'ä@example.com' }, expiresAt: now / 1000 + 3600 });
    expect(storedSession('client1', signedIn(idPayload({ exp: now / 1000 + EXPIRY_MARGIN_S + 1 })), now)).not.toBeNull();
  });
  it('is null for an expired or nearly expired token (aws-amplify refreshes it)', () => {
    expect(storedSession('client1', signedIn(idPayload({ exp: now / 1000 - 1 })), now)).toBeNull();
    expect(storedSession('client1', signedIn(idPayload({ exp: now / 1000 + EXPIRY_MARGIN_S })), now)).toBeNull();
    expect(storedSession('client1', signedIn(idPayload({ exp: String(now / 1000 + 3600) })), now)).toBeNull();
  });
  it('corrects this browser’s clock by aws-amplify’s stored clock drift (server − browser, ms)', () => {
    const payload = idPayload({ exp: now / 1000 + 600 });
    expect(storedSession('client1', signedIn(payload, { [`${base}.u-1.clockDrift`]: '-120000' }), now)).not.toBeNull();
    expect(storedSession('client1', signedIn(payload, { [`${base}.u-1.clockDrift`]: String(600_000 - 30_000) }), now)).toBeNull();
  });
  it('is null for a token of another user, another client, another use, without sub, or not a JWT', () => {
    expect(storedSession('client1', signedIn(idPayload({ 'cognito:username': 'u-2' })), now)).toBeNull();
    expect(storedSession('client1', signedIn(idPayload({ aud: 'client2' })), now)).toBeNull();
    expect(storedSession('client1', signedIn(idPayload({ token_use: 'access' })), now)).toBeNull();
    expect(storedSession('client1', signedIn(idPayload({ sub: undefined })), now)).toBeNull();
    expect(storedSession('client1', storage({ [`${base}.LastAuthUser`]: 'u-1', [`${base}.u-1.accessToken`]: 'a', [`${base}.u-1.idToken`]: 'not-a-jwt' }), now)).toBeNull();
  });
  it('is null without the access token, while a redirect sign-in is in flight, or with unreadable storage', () => {
    expect(storedSession('client1', storage({ [`${base}.LastAuthUser`]: 'u-1', [`${base}.u-1.idToken`]: jwt(idPayload()) }), now)).toBeNull();
    expect(storedSession('client1', signedIn(idPayload(), { [`${base}.inflightOAuth`]: 'true' }), now)).toBeNull();
    expect(storedSession('client1', undefined, now)).toBeNull();
  });
});

describe('signed-in boot with a valid stored token', () => {
  it('answers the session and the ID token from storage without importing aws-amplify', async () => {
    localStorage.clear();
    const payload = idPayload({ exp: Math.floor(Date.now() / 1000) + 3600 });
    localStorage.setItem(`${base}.LastAuthUser`, 'u-1');
    localStorage.setItem(`${base}.u-1.accessToken`, 'a');
    localStorage.setItem(`${base}.u-1.idToken`, jwt(payload));
    initIdentity({ userPoolId: 'pool', userPoolClientId: 'client1', userPoolEndpoint: '/idp' } as RuntimeConfig, 'http://localhost');
    const actor = createActor(lazySessionActors.loadSession);
    actor.start();
    expect(await toPromise(actor)).toEqual({ userId: 'sub-1', email: 'ä@example.com' });
    expect(await getIdToken()).toBe(jwt(payload));
    expect(isAmplifyLoaded()).toBe(false);
    localStorage.clear();
  });
});
