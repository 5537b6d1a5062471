/**
 * The identity provider's client, loaded when it is first needed (issue 10 §2 "aws-amplify is
 * imported on the first sign-in submit, or the first session check that needs it").
 *
 * aws-amplify lives in amplify.ts, which only this module imports, with a dynamic `import()`:
 * - `initIdentity(config, origin)` (main.tsx, after GET /api/config) only remembers the settings;
 * - `loadAmplify()` imports amplify.ts once, configures it (user pool, OAuth) and answers the module;
 * - the session check at boot (`loadSession`) and the API client's `getIdToken` skip the import
 *   when the browser holds nothing of the identity provider (`hasStoredIdentity`): a signed-out
 *   visitor on /login loads aws-amplify only when they submit the sign-in form;
 * - a signed-in visitor whose stored ID token is still valid (`storedSession`: the token of the
 *   user stored as LastAuthUser, for this client, `exp` more than `EXPIRY_MARGIN_S` ahead) is
 *   answered from the stored tokens too, without aws-amplify; it is imported when the token needs
 *   a refresh (expired or near expiry), for sign-out, or for a flow that needs it. The token is
 *   only decoded, not verified: the server verifies every bearer token (spec 000 §7), and the SPA
 *   never uses an expired one;
 * - the session machine's and the password / MFA charts' actors (`lazySessionActors` and the rest)
 *   import it on first use; a redirect sign-in (SSO, Google) imports it to leave and on return.
 *
 * Stored identity (aws-amplify v6 defaults, localStorage): `CognitoIdentityServiceProvider.
 * {userPoolClientId}.LastAuthUser` = username, with `….{username}.accessToken` present while signed
 * in, and `….{userPoolClientId}.inflightOAuth` = 'true' while a redirect sign-in is under way.
 */
import { fromCallback, fromPromise } from 'xstate';
import type {
  AuthHubEventName,
  ConfirmSignInInput,
  SessionEvent,
  SessionUser,
  SignInCredentials,
  SignInOutcome,
} from '../../../machines/session/session.machine';
import type { TotpSetupDetails } from '../../../machines/session/mfaSetup.machine';
import type { ResetPasswordInput } from '../../../machines/session/passwordRecovery.machine';
import type { ChangePasswordInput } from '../../../machines/session/changePassword.machine';
import type { RuntimeConfig } from '../../api/types';

type AmplifyModule = typeof import('./amplify');

/** aws-amplify's localStorage key prefix of a user pool client. */
export const AUTH_KEY_PREFIX = 'CognitoIdentityServiceProvider';

let settings: { config: RuntimeConfig; origin: string } | null = null;
let loading: Promise<AmplifyModule> | null = null;
let loaded: AmplifyModule | null = null;
const onLoad: Array<(m: AmplifyModule) => void> = [];

/** Remembers the identity provider's settings (call once at boot, before anything else here). */
export function initIdentity(config: RuntimeConfig, origin: string): void {
  settings = { config, origin };
}

/**
 * Imports and configures aws-amplify once; every later call answers the same module.
 * @throws Error when `initIdentity` has not run, or what the dynamic import throws (network).
 */
export function loadAmplify(): Promise<AmplifyModule> {
  if (!loading) {
    const s = settings;
    if (!s) return Promise.reject(new Error('identity: initIdentity(config) must run before aws-amplify is used'));
    loading = import('./amplify').then(
      (m) => {
        m.configureAmplify(s.config, s.origin);
        loaded = m;
        for (const f of onLoad.splice(0)) f(m);
        return m;
      },
      (error: unknown) => {
        loading = null; // a failed chunk load may be retried
        throw error;
      },
    );
  }
  return loading;
}

/** True once aws-amplify has been imported and configured. */
export function isAmplifyLoaded(): boolean {
  return loaded !== null;
}

/** Calls `f` with the module once aws-amplify is loaded (at once when it already is), without loading it. */
function whenLoaded(f: (m: AmplifyModule) => void): void {
  if (loaded) f(loaded);
  else onLoad.push(f);
}

/**
 * True when `storage` holds a session or an in-flight redirect sign-in of the user pool client
 * `clientId` (see the header for the keys). Unreadable storage → false (aws-amplify then keeps
 * tokens in memory only, so nothing can be stored either).
 */
export function hasStoredIdentity(clientId: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    if (!storage) return false;
    const base = `${AUTH_KEY_PREFIX}.${clientId}`;
    if (storage.getItem(`${base}.inflightOAuth`) === 'true') return true;
    const user = storage.getItem(`${base}.LastAuthUser`);
    return !!user && !!storage.getItem(`${base}.${user}.accessToken`);
  } catch {
    return false;
  }
}

/**
 * Seconds before its `exp` at which a stored ID token no longer counts as valid here, so that a
 * request sent with it does not arrive expired (aws-amplify then refreshes it).
 */
export const EXPIRY_MARGIN_S = 60;

/** A stored session still valid without aws-amplify: the raw ID token and its user. */
export interface StoredSession {
  idToken: string;
  user: SessionUser;
  /** The token's `exp`, seconds since the epoch. */
  expiresAt: number;
}

/** The payload of a JWT (`header.payload.signature`, base64url JSON), or null when it is not one. Not verified. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const json = new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The session aws-amplify stored for the user pool client `clientId`, when it can be used without
 * aws-amplify: no redirect sign-in in flight, a LastAuthUser with an access token and an ID token
 * whose payload is an ID token (`token_use` 'id') for this client (`aud`), of that user
 * (`cognito:username` = LastAuthUser), with a `sub` and an `exp` more than `EXPIRY_MARGIN_S`
 * after `nowMs` (ms since the epoch, corrected by aws-amplify's stored `clockDrift` ms). Anything else → null (the caller then asks aws-amplify, which refreshes or
 * signs out). Unreadable storage → null. The signature is not checked (the server does that).
 */
export function storedSession(
  clientId: string,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  nowMs: number = Date.now(),
): StoredSession | null {
  try {
    if (!storage) return null;
    const base = `${AUTH_KEY_PREFIX}.${clientId}`;
    if (storage.getItem(`${base}.inflightOAuth`) === 'true') return null;
    const username = storage.getItem(`${base}.LastAuthUser`);
    if (!username || !storage.getItem(`${base}.${username}.accessToken`)) return null;
    const idToken = storage.getItem(`${base}.${username}.idToken`);
    const payload = idToken ? decodeJwtPayload(idToken) : null;
    if (!idToken || !payload) return null;
    const { exp, sub, aud, email } = payload;
    if (payload.token_use !== 'id' || aud !== clientId || payload['cognito:username'] !== username) return null;
    if (typeof sub !== 'string' || !sub || typeof exp !== 'number') return null;
    // aws-amplify's clock correction (server time − this browser's time, ms), as its own expiry check uses it.
    const drift = Number.parseInt(storage.getItem(`${base}.${username}.clockDrift`) ?? '0', 10);
    if (exp - EXPIRY_MARGIN_S <= (nowMs + (Number.isFinite(drift) ? drift : 0)) / 1000) return null;
    return { idToken, user: { userId: sub, email: typeof email === 'string' ? email : '' }, expiresAt: exp };
  } catch {
    return null;
  }
}

/** True when aws-amplify is loaded, or the browser holds something it has to look at. */
function amplifyNeeded(): boolean {
  return loaded !== null || (settings !== null && hasStoredIdentity(settings.config.userPoolClientId));
}

/** The stored session usable without aws-amplify (only while aws-amplify is not loaded), or null. */
function sessionWithoutAmplify(): StoredSession | null {
  return loaded === null && settings !== null ? storedSession(settings.config.userPoolClientId) : null;
}

/**
 * The current ID token, or null when signed out. Never throws. A valid stored token is answered
 * without aws-amplify; otherwise aws-amplify answers (refreshing an expired token).
 */
export async function getIdToken(): Promise<string | null> {
  const stored = sessionWithoutAmplify();
  if (stored) return stored.idToken;
  if (!amplifyNeeded()) return null;
  try {
    return await (await loadAmplify()).getIdToken();
  } catch {
    return null;
  }
}

/**
 * Hub events while aws-amplify is not loaded: another tab signing in writes a refresh token into
 * the shared storage (aws-amplify's own cross-tab signal, its TokenStore) → `signedIn`.
 */
function listenToOtherTabs(sendBack: (event: SessionEvent) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (e: StorageEvent) => {
    const key = e.key ?? '';
    if (loaded || !settings || !key.startsWith(`${AUTH_KEY_PREFIX}.${settings.config.userPoolClientId}.`)) return;
    if (key.endsWith('.refreshToken') && e.newValue && !e.oldValue) {
      sendBack({ type: 'session.hubEvent', event: 'signedIn' satisfies AuthHubEventName });
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The session machine's actors (`sessionMachine.provide({ actors })`), importing aws-amplify on first use. */
export const lazySessionActors = {
  loadSession: fromPromise<SessionUser | null>(async () => {
    const stored = sessionWithoutAmplify();
    if (stored) return stored.user;
    return amplifyNeeded() ? (await loadAmplify()).loadSessionUser() : null;
  }),
  signIn: fromPromise<SignInOutcome, SignInCredentials>(async ({ input }) => (await loadAmplify()).signInWithPassword(input)),
  confirmSignIn: fromPromise<SignInOutcome, ConfirmSignInInput>(async ({ input }) => (await loadAmplify()).confirmSignInStep(input)),
  signOut: fromPromise<void>(async () => {
    // Nothing loaded and nothing stored: there is no session to end.
    if (amplifyNeeded()) await (await loadAmplify()).signOutSession();
  }),
  refreshSession: fromPromise<SessionUser>(async () => (await loadAmplify()).refreshSessionUser()),
  listenToAuthHub: fromCallback<SessionEvent>(({ sendBack }) => {
    let stopped = false;
    let stopHub = () => {};
    const stopTabs = listenToOtherTabs(sendBack);
    whenLoaded((m) => {
      if (stopped) return;
      stopTabs();
      stopHub = m.listenToAuthHub(sendBack);
    });
    return () => {
      stopped = true;
      stopTabs();
      stopHub();
    };
  }),
};

/** Actors of the MFA set-up chart (machines/session/mfaSetup.machine.ts) for a signed-in user. */
export const lazyMfaSetupActors = {
  setUpTotp: fromPromise<TotpSetupDetails>(async () => (await loadAmplify()).setUpTotp()),
  verifyTotp: fromPromise<void, { code: string }>(async ({ input }) => (await loadAmplify()).verifyTotp(input)),
};

/** Actors of the password-recovery chart (forgot password → e-mailed code → new password). */
export const lazyPasswordRecoveryActors = {
  requestCode: fromPromise<void, { email: string }>(async ({ input }) => (await loadAmplify()).requestResetCode(input)),
  confirmReset: fromPromise<void, ResetPasswordInput>(async ({ input }) => (await loadAmplify()).confirmReset(input)),
};

/** Actors of the change-password chart. */
export const lazyChangePasswordActors = {
  updatePassword: fromPromise<void, ChangePasswordInput>(async ({ input }) => (await loadAmplify()).changePassword(input)),
};

/** Sends the password-reset code to `email` (the users list's "Send reset link"). */
export async function sendResetCode(email: string): Promise<void> {
  await (await loadAmplify()).requestResetCode({ email });
}
