/** Lazy aws-amplify (issue 10 §2): what counts as a stored identity, and a signed-out boot that never imports aws-amplify. */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { getIdToken, hasStoredIdentity, initIdentity, isAmplifyLoaded, lazySessionActors } from './identity';
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
