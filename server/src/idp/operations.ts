/**
 * The Cognito user-pool operations the local identity provider answers (DESIGN §3–4, spec 000 §4, §7):
 * InitiateAuth (USER_SRP_AUTH, USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH), RespondToAuthChallenge
 * (PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED, SOFTWARE_TOKEN_MFA, MFA_SETUP),
 * GetTokensFromRefreshToken, GetUser, GlobalSignOut, RevokeToken, ChangePassword,
 * AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference, ForgotPassword,
 * ConfirmForgotPassword.
 *
 * Each operation takes the parsed JSON request and returns the JSON answer or throws CognitoError.
 * A wrong password and an unknown user give the same NotAuthorizedException "Incorrect username or
 * password." — for SRP an unknown user even gets a decoy challenge (salt, B, USER_ID_FOR_SRP derived
 * from a server secret) so InitiateAuth does not reveal whether the account exists. Failed
 * passwords and TOTP codes count towards the lockout (./lockout.ts); ForgotPassword answers the
 * same for known and unknown users.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../db/client';
import { idpPasswordResetCodes, users } from '../db/schema';
import { forgotPasswordEmail, queueEmail } from '../email';
import type { EmailDeps } from '../email';
import { CognitoError, codeMismatch, invalidParameter, notAuthorized } from './errors';
import type { IdpKeyRing } from './keys';
import type { Lockout } from './lockout';
import { passwordPolicyViolation } from './password-policy';
import { createSecretBox, matchTotpStep, newTotpSecret } from './totp';
import type { SessionCodec } from './session';
import {
  claimSignature,
  computeX,
  createVerifier,
  g,
  hexToBigInt,
  modPow,
  N,
  padHex,
  parseSrpTimestamp,
  serverEphemeral,
  serverSessionKey,
  signaturesEqual,
} from './srp';
import { TokenRejected, type AccessTokenClaims, type AuthenticationResult, type TokenService } from './tokens';

type UserRow = typeof users.$inferSelect;

export { passwordPolicyViolation } from './password-policy';

const Str = v.pipe(v.string(), v.minLength(1));
const Params = v.record(v.string(), v.string());
const InitiateAuthBody = v.object({
  AuthFlow: Str,
  ClientId: Str,
  AuthParameters: v.optional(Params, {}),
});
const RespondBody = v.object({
  ChallengeName: Str,
  ClientId: Str,
  ChallengeResponses: v.optional(Params, {}),
  Session: v.optional(v.string()),
});
const RefreshBody = v.object({ ClientId: Str, RefreshToken: Str });
const AccessTokenBody = v.object({ AccessToken: Str });
const RevokeBody = v.object({ ClientId: Str, Token: Str });
const ChangePasswordBody = v.object({ AccessToken: Str, PreviousPassword: Str, ProposedPassword: Str });
const AssociateBody = v.object({ AccessToken: v.optional(Str), Session: v.optional(Str) });
const VerifySoftwareTokenBody = v.object({
  AccessToken: v.optional(Str),
  Session: v.optional(Str),
  UserCode: Str,
  FriendlyDeviceName: v.optional(v.string()),
});
const MfaSettings = v.optional(v.object({ Enabled: v.optional(v.boolean()), PreferredMfa: v.optional(v.boolean()) }));
const SetMfaPreferenceBody = v.object({
  AccessToken: Str,
  SoftwareTokenMfaSettings: MfaSettings,
  SMSMfaSettings: MfaSettings,
  EmailMfaSettings: MfaSettings,
});
const ForgotPasswordBody = v.object({ ClientId: Str, Username: Str });
const ConfirmForgotPasswordBody = v.object({ ClientId: Str, Username: Str, ConfirmationCode: Str, Password: Str });

/** ForgotPassword code lifetime: 1 hour, in ms. */
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
/** Wrong ConfirmForgotPassword tries that retire the current code. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** At most this many codes are e-mailed to one user per hour (more requests answer the same, silently). */
export const RESET_CODES_PER_HOUR = 5;

/** Cognito-style masked e-mail for CodeDeliveryDetails.Destination: `o***@e***`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1) || 'x'}***@${domain.slice(0, 1) || 'x'}***`;
}

/** Parses a request or throws InvalidParameterException naming the first bad member. */
function parse<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const r = v.safeParse(schema, body);
  if (r.success) return r.output;
  const issue = r.issues[0];
  const field = issue?.path?.map((p) => String(p.key)).join('.') || 'request';
  throw invalidParameter(`1 validation error detected: Value at '${field}' failed to satisfy constraint: ${issue?.message ?? 'invalid'}`);
}

function requireParam(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (!value) throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

/**
 * What the operations need: database, keys, token and session services, lockout, pool name,
 * client id, whether MFA is required (IDP_MFA), and the e-mail settings for ForgotPassword.
 */
export interface OperationsDeps {
  db: Db;
  keys: Pick<IdpKeyRing, 'secret'>;
  tokens: TokenService;
  sessions: SessionCodec;
  lockout: Lockout;
  poolName: string;
  clientId: string;
  mfaRequired: boolean;
  email: EmailDeps['env'];
  now?: () => number;
}

/** One Cognito operation: parsed JSON request in, JSON answer out; throws CognitoError. */
export type Operation = (body: unknown) => Promise<Record<string, unknown>>;

/**
 * The operation table keyed by the X-Amz-Target operation name (`InitiateAuth`, …). Every operation
 * validates its request with valibot (InvalidParameterException on failure) and checks the ClientId
 * where Cognito does (ResourceNotFoundException for another client).
 */
export function createOperations(deps: OperationsDeps): Record<string, Operation> {
  const { db, keys, tokens, sessions, lockout, poolName, clientId } = deps;
  const now = deps.now ?? Date.now;
  const secretBox = createSecretBox(keys.secret);

  const checkClient = (id: string) => {
    if (id !== clientId) throw new CognitoError('ResourceNotFoundException', `User pool client ${id} does not exist.`);
  };

  /** A user by username (`sub`) or e-mail (case-insensitive); null when none. */
  const findUser = async (login: string): Promise<UserRow | null> => {
    const rows = await db
      .select()
      .from(users)
      .where(or(eq(users.username, login), sql`lower(${users.email}) = ${login.toLowerCase()}`))
      .limit(2);
    return rows.find((r) => r.username === login) ?? rows.find((r) => r.email === login) ?? rows[0] ?? null;
  };

  const hmac = (label: string, value: string) => createHmac('sha256', keys.secret).update(`${label}\0${value}`).digest();

  /** Stable decoy USER_ID_FOR_SRP and salt for a login that matches no user (cheap: two HMACs). */
  const decoyFor = (login: string) => {
    const h = hmac('decoy-id', login.toLowerCase()).toString('hex');
    const userId = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16] ?? '0', 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    const salt = padHex(hexToBigInt(hmac('decoy-salt', login.toLowerCase()).subarray(0, 16).toString('hex')));
    return { userId, salt };
  };
  /**
   * A stable decoy verifier (one modular exponentiation). SRP steps compute it for every request,
   * known user or not, so the response time does not tell whether an account exists.
   */
  const decoyVerifier = (login: string) => padHex(modPow(g, hexToBigInt(hmac('decoy-x', login.toLowerCase()).toString('hex')), N));

  /** Whether `password` matches the user's stored verifier (constant-time compare). */
  const passwordMatches = (user: UserRow, password: string): boolean => {
    if (!user.srpSalt || !user.srpVerifier) {
      // Same work as a real check, then refuse: a user without a password cannot sign in with one.
      modPow(g, computeX(poolName, user.username, password, decoyFor(user.username).salt), N);
      return false;
    }
    const computed = Buffer.from(padHex(modPow(g, computeX(poolName, user.username, password, user.srpSalt), N)), 'hex');
    const stored = Buffer.from(padHex(hexToBigInt(user.srpVerifier)), 'hex');
    return computed.length === stored.length && timingSafeEqual(computed, stored);
  };

  /** Lockout key of a known user. */
  const userKey = (user: Pick<UserRow, 'id'>) => `u:${user.id}`;
  /** Lockout key of a login that matches no user (keyed HMAC: the login is not stored). */
  const unknownKey = (login: string) => `h:${hmac('lockout', login.toLowerCase()).toString('hex')}`;

  /** Tokens (plus a new refresh token) for a user who completed sign-in; clears their lockout counter. */
  const signInResult = async (user: UserRow, authTime: number): Promise<{ AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, string> }> => {
    await lockout.reset(userKey(user));
    const refresh = await tokens.createRefreshToken(user.id);
    const issued = await tokens.issue(user, { authTime, originJti: String(refresh.id) });
    return { ChallengeParameters: {}, AuthenticationResult: { ...issued, RefreshToken: refresh.token } };
  };

  /** After the password is proven: NEW_PASSWORD_REQUIRED for FORCE_CHANGE_PASSWORD users, else tokens. */
  const afterPassword = async (user: UserRow): Promise<Record<string, unknown>> => {
    const authTime = Math.floor(now() / 1000);
    if (user.idpStatus === 'FORCE_CHANGE_PASSWORD') {
      if (user.tempPasswordExpiresAt && user.tempPasswordExpiresAt.getTime() <= now()) {
        throw notAuthorized('Temporary password has expired and must be reset by an administrator.');
      }
      const attributes = { email: user.email, ...(user.firstName ? { given_name: user.firstName } : {}), ...(user.lastName ? { family_name: user.lastName } : {}) };
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: await sessions.seal({ kind: 'new_password', userId: user.username, authTime }),
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.username,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify(attributes),
        },
      };
    }
    return afterFirstFactor(user, authTime);
  };

  /**
   * After the password (and any new password): SOFTWARE_TOKEN_MFA when the user has TOTP enabled,
   * MFA_SETUP when the pool requires MFA and the user has none, else tokens.
   */
  const afterFirstFactor = async (user: UserRow, authTime: number): Promise<Record<string, unknown>> => {
    if (user.totpEnabled && user.totpSecret) {
      return {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: await sessions.seal({ kind: 'mfa', userId: user.username, authTime }),
        ChallengeParameters: { USER_ID_FOR_SRP: user.username },
      };
    }
    if (deps.mfaRequired) {
      return {
        ChallengeName: 'MFA_SETUP',
        Session: await sessions.seal({ kind: 'mfa_setup', userId: user.username, authTime, verified: false }),
        ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
      };
    }
    return signInResult(user, authTime);
  };

  const userByUsername = async (username: string): Promise<UserRow | null> => {
    const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
    return user ?? null;
  };

  /**
   * Checks a TOTP code against a base32 secret and, when it matches a step later than the last one
   * accepted, records that step (atomically, so a code cannot be used twice inside its window).
   * @returns false for a wrong or replayed code.
   */
  const acceptTotp = async (user: UserRow, sealedSecret: string | null, code: string): Promise<boolean> => {
    const secret = sealedSecret ? secretBox.open(sealedSecret) : null;
    if (!secret) return false;
    const step = matchTotpStep(secret, code, now());
    if (step === null) return false;
    const updated = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), sql`${users.totpLastStep} < ${step}`)))
      .returning({ id: users.id });
    return updated.length > 0;
  };

  /** The user behind an AccessToken or an MFA_SETUP Session (AssociateSoftwareToken, VerifySoftwareToken). */
  const userForTotpSetup = async (req: { AccessToken?: string | undefined; Session?: string | undefined }) => {
    if (req.AccessToken) return { user: (await userFromAccessToken(req.AccessToken)).user, setup: null };
    if (req.Session) {
      const state = await sessions.peek(req.Session, 'mfa_setup');
      if (!state || state.kind !== 'mfa_setup') throw notAuthorized('Invalid session for the user, session is expired.');
      const user = await userByUsername(state.userId);
      if (!user) throw notAuthorized('Invalid session for the user, session is expired.');
      return { user, setup: state };
    }
    throw invalidParameter('Either AccessToken or Session is required.');
  };

  /** The verified access token's claims and user; NotAuthorizedException otherwise. */
  const userFromAccessToken = async (accessToken: string): Promise<{ claims: AccessTokenClaims; user: UserRow }> => {
    let claims: AccessTokenClaims;
    try {
      claims = (await tokens.verify(accessToken, 'access')) as AccessTokenClaims;
    } catch (err) {
      if (err instanceof TokenRejected && err.reason === 'expired') throw notAuthorized('Access Token has expired');
      throw notAuthorized('Invalid Access Token');
    }
    if (!(await tokens.isOriginLive(claims.origin_jti))) throw notAuthorized('Access Token has been revoked');
    const [user] = await db.select().from(users).where(eq(users.username, claims.sub)).limit(1);
    if (!user) throw notAuthorized('User does not exist.');
    return { claims, user };
  };

  const refresh = async (refreshToken: string): Promise<AuthenticationResult> => {
    const row = await tokens.findRefreshToken(refreshToken);
    if (!row) throw notAuthorized('Invalid Refresh Token');
    const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) throw notAuthorized('Invalid Refresh Token');
    return tokens.issue(user, { authTime: Math.floor(row.createdAt.getTime() / 1000), originJti: String(row.id) });
  };

  return {
    async InitiateAuth(body) {
      const req = parse(InitiateAuthBody, body);
      checkClient(req.ClientId);
      const params = req.AuthParameters;
      switch (req.AuthFlow) {
        case 'USER_PASSWORD_AUTH': {
          const login = requireParam(params, 'USERNAME');
          const password = requireParam(params, 'PASSWORD');
          const user = await findUser(login);
          const key = user ? userKey(user) : unknownKey(login);
          await lockout.assertNotLocked(key);
          if (!user) {
            // Same work as a real check (one verifier computation), same answer.
            const decoy = decoyFor(login);
            modPow(g, computeX(poolName, decoy.userId, password, decoy.salt), N);
            await lockout.recordFailure(key);
            throw notAuthorized();
          }
          if (!passwordMatches(user, password)) {
            await lockout.recordFailure(key);
            throw notAuthorized();
          }
          return afterPassword(user);
        }
        case 'USER_SRP_AUTH': {
          const login = requireParam(params, 'USERNAME');
          const srpA = requireParam(params, 'SRP_A');
          let A: bigint;
          try {
            A = hexToBigInt(srpA);
          } catch {
            throw invalidParameter('SRP_A is not a hex number.');
          }
          if (A % N === 0n) throw invalidParameter('Illegal SRP_A.');
          const user = await findUser(login);
          const decoyKey = user?.username ?? login;
          const decoy = { ...decoyFor(decoyKey), verifier: decoyVerifier(decoyKey) };
          const creds = user?.srpSalt && user.srpVerifier ? { userId: user.username, salt: user.srpSalt, verifier: user.srpVerifier } : decoy;
          const { b, B } = serverEphemeral(creds.verifier);
          const sealed = await sessions.seal({ kind: 'srp', userId: creds.userId, A: A.toString(16), B: B.toString(16), b: b.toString(16) });
          return {
            ChallengeName: 'PASSWORD_VERIFIER',
            ChallengeParameters: {
              SALT: padHex(hexToBigInt(creds.salt)),
              SECRET_BLOCK: Buffer.from(sealed, 'utf8').toString('base64'),
              SRP_B: B.toString(16),
              USERNAME: creds.userId,
              USER_ID_FOR_SRP: creds.userId,
            },
          };
        }
        case 'REFRESH_TOKEN_AUTH':
        case 'REFRESH_TOKEN': {
          const result = await refresh(requireParam(params, 'REFRESH_TOKEN'));
          return { ChallengeParameters: {}, AuthenticationResult: result };
        }
        default:
          throw invalidParameter(`Initiate Auth method not supported: ${req.AuthFlow}`);
      }
    },

    async RespondToAuthChallenge(body) {
      const req = parse(RespondBody, body);
      checkClient(req.ClientId);
      const responses = req.ChallengeResponses;
      switch (req.ChallengeName) {
        case 'PASSWORD_VERIFIER': {
          const secretBlock = requireParam(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
          const signature = requireParam(responses, 'PASSWORD_CLAIM_SIGNATURE');
          const timestamp = requireParam(responses, 'TIMESTAMP');
          if (parseSrpTimestamp(timestamp) === null) throw invalidParameter('TIMESTAMP format is invalid.');
          const state = await sessions.open(Buffer.from(secretBlock, 'base64').toString('utf8'), 'srp');
          if (!state || state.kind !== 'srp') throw notAuthorized('Invalid session for the user, session is expired.');
          const [user] = await db.select().from(users).where(eq(users.username, state.userId)).limit(1);
          const key = user ? userKey(user) : unknownKey(state.userId);
          await lockout.assertNotLocked(key);
          const decoy = decoyVerifier(state.userId);
          const verifier = user?.srpVerifier ?? decoy;
          let sessionKey: Buffer;
          try {
            sessionKey = serverSessionKey({ A: hexToBigInt(state.A), B: hexToBigInt(state.B), b: hexToBigInt(state.b), verifierHex: verifier });
          } catch {
            await lockout.recordFailure(key);
            throw notAuthorized();
          }
          const expected = claimSignature({ key: sessionKey, poolName, userId: state.userId, secretBlock, timestamp });
          if (!signaturesEqual(expected, signature) || !user || !user.srpVerifier) {
            await lockout.recordFailure(key);
            throw notAuthorized();
          }
          return afterPassword(user);
        }
        case 'NEW_PASSWORD_REQUIRED': {
          const newPassword = requireParam(responses, 'NEW_PASSWORD');
          // Policy first: a refused password leaves the session usable for another try.
          const violation = passwordPolicyViolation(newPassword);
          if (violation) throw new CognitoError('InvalidPasswordException', violation);
          const state = req.Session ? await sessions.open(req.Session, 'new_password') : null;
          if (!state || state.kind !== 'new_password') throw notAuthorized('Invalid session for the user, session is expired.');
          const [user] = await db.select().from(users).where(eq(users.username, state.userId)).limit(1);
          if (!user) throw notAuthorized();
          const creds = createVerifier(poolName, user.username, newPassword);
          const [updated] = await db
            .update(users)
            .set({ srpSalt: creds.salt, srpVerifier: creds.verifier, idpStatus: 'CONFIRMED', tempPasswordExpiresAt: null, updatedAt: new Date(now()) })
            .where(eq(users.id, user.id))
            .returning();
          await lockout.reset(userKey(user));
          return afterFirstFactor(updated ?? user, state.authTime);
        }
        case 'SOFTWARE_TOKEN_MFA': {
          const code = requireParam(responses, 'SOFTWARE_TOKEN_MFA_CODE');
          const peeked = req.Session ? await sessions.peek(req.Session, 'mfa') : null;
          if (!peeked || peeked.kind !== 'mfa') throw notAuthorized('Invalid session for the user, session is expired.');
          const user = await userByUsername(peeked.userId);
          if (!user || !user.totpEnabled) throw notAuthorized('Invalid session for the user, session is expired.');
          await lockout.assertNotLocked(userKey(user));
          if (!(await acceptTotp(user, user.totpSecret, code))) {
            await lockout.recordFailure(userKey(user));
            throw codeMismatch();
          }
          // Single use: a second answer with the same session is refused.
          const state = await sessions.open(req.Session ?? '', 'mfa');
          if (!state) throw notAuthorized('Invalid session for the user, session is expired.');
          return signInResult(user, peeked.authTime);
        }
        case 'MFA_SETUP': {
          const state = req.Session ? await sessions.open(req.Session, 'mfa_setup') : null;
          if (!state || state.kind !== 'mfa_setup') throw notAuthorized('Invalid session for the user, session is expired.');
          if (!state.verified) throw invalidParameter('The software token has not been verified: call VerifySoftwareToken with this session first.');
          const user = await userByUsername(state.userId);
          if (!user || !user.totpEnabled) throw notAuthorized('Invalid session for the user, session is expired.');
          return signInResult(user, state.authTime);
        }
        default:
          throw invalidParameter(`Challenge not supported: ${req.ChallengeName}`);
      }
    },

    async GetTokensFromRefreshToken(body) {
      const req = parse(RefreshBody, body);
      checkClient(req.ClientId);
      return { AuthenticationResult: await refresh(req.RefreshToken) };
    },

    async GetUser(body) {
      const req = parse(AccessTokenBody, body);
      const { user } = await userFromAccessToken(req.AccessToken);
      const attrs: [string, string | null][] = [
        ['sub', user.username],
        ['email', user.email],
        ['email_verified', 'true'],
        ['given_name', user.firstName],
        ['family_name', user.lastName],
      ];
      return {
        Username: user.username,
        UserAttributes: attrs.filter((a): a is [string, string] => a[1] !== null).map(([Name, Value]) => ({ Name, Value })),
        MFAOptions: [],
        UserMFASettingList: user.totpEnabled ? ['SOFTWARE_TOKEN_MFA'] : [],
        ...(user.totpEnabled ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}),
      };
    },

    async GlobalSignOut(body) {
      const req = parse(AccessTokenBody, body);
      const { user } = await userFromAccessToken(req.AccessToken);
      await tokens.revokeAllForUser(user.id);
      return {};
    },

    async RevokeToken(body) {
      const req = parse(RevokeBody, body);
      checkClient(req.ClientId);
      // Cognito answers success for tokens that are unknown or already revoked.
      await tokens.revokeRefreshToken(req.Token);
      return {};
    },

    async ChangePassword(body) {
      const req = parse(ChangePasswordBody, body);
      const { claims, user } = await userFromAccessToken(req.AccessToken);
      await lockout.assertNotLocked(userKey(user));
      if (!passwordMatches(user, req.PreviousPassword)) {
        await lockout.recordFailure(userKey(user));
        throw notAuthorized();
      }
      const violation = passwordPolicyViolation(req.ProposedPassword);
      if (violation) throw new CognitoError('InvalidPasswordException', violation);
      const creds = createVerifier(poolName, user.username, req.ProposedPassword);
      await db.update(users).set({ srpSalt: creds.salt, srpVerifier: creds.verifier, updatedAt: new Date(now()) }).where(eq(users.id, user.id));
      // Every other sign-in of the user ends; the one that asked (origin_jti) stays.
      await tokens.revokeAllForUser(user.id, Number(claims.origin_jti));
      return {};
    },

    async AssociateSoftwareToken(body) {
      const req = parse(AssociateBody, body);
      const { user, setup } = await userForTotpSetup(req);
      const secret = newTotpSecret();
      await db.update(users).set({ totpPendingSecret: secretBox.seal(secret), updatedAt: new Date(now()) }).where(eq(users.id, user.id));
      if (!setup) return { SecretCode: secret };
      // The MFA_SETUP session moves on: the old one is spent, a fresh one goes to VerifySoftwareToken.
      await sessions.open(req.Session ?? '', 'mfa_setup');
      return { SecretCode: secret, Session: await sessions.seal({ ...setup, verified: false }) };
    },

    async VerifySoftwareToken(body) {
      const req = parse(VerifySoftwareTokenBody, body);
      const { user, setup } = await userForTotpSetup(req);
      if (!user.totpPendingSecret) throw new CognitoError('EnableSoftwareTokenMFAException', 'Software token has not been associated: call AssociateSoftwareToken first.');
      await lockout.assertNotLocked(userKey(user));
      if (!(await acceptTotp(user, user.totpPendingSecret, req.UserCode))) {
        await lockout.recordFailure(userKey(user));
        throw codeMismatch('Code mismatch');
      }
      // A sign-in's MFA_SETUP turns TOTP on at once; a signed-in user enables it with SetUserMFAPreference.
      await db
        .update(users)
        .set({
          totpSecret: user.totpPendingSecret,
          totpPendingSecret: null,
          totpDeviceName: req.FriendlyDeviceName?.slice(0, 200) || null,
          ...(setup ? { totpEnabled: true, multifactor: true } : {}),
          updatedAt: new Date(now()),
        })
        .where(eq(users.id, user.id));
      if (!setup) return { Status: 'SUCCESS' };
      await sessions.open(req.Session ?? '', 'mfa_setup');
      return { Status: 'SUCCESS', Session: await sessions.seal({ ...setup, verified: true }) };
    },

    async SetUserMFAPreference(body) {
      const req = parse(SetMfaPreferenceBody, body);
      const { user } = await userFromAccessToken(req.AccessToken);
      if (req.SMSMfaSettings?.Enabled) throw invalidParameter('SMS multi-factor authentication is not enabled for this user pool.');
      if (req.EmailMfaSettings?.Enabled) throw invalidParameter('Email multi-factor authentication is not enabled for this user pool.');
      const totp = req.SoftwareTokenMfaSettings;
      if (totp?.Enabled === undefined) return {};
      if (totp.Enabled && !user.totpSecret) throw invalidParameter('User has not verified software token mfa');
      // spec 000 §3 `multifactor` mirrors whether TOTP MFA is on.
      await db.update(users).set({ totpEnabled: totp.Enabled, multifactor: totp.Enabled, updatedAt: new Date(now()) }).where(eq(users.id, user.id));
      return {};
    },

    async ForgotPassword(body) {
      const req = parse(ForgotPasswordBody, body);
      checkClient(req.ClientId);
      const user = await findUser(req.Username);
      // Unknown logins get the same answer with a stable decoy destination (no user enumeration).
      const destination = user
        ? maskEmail(user.email)
        : maskEmail(req.Username.includes('@') ? req.Username : `${hmac('decoy-mail', req.Username.toLowerCase()).toString('hex').replace(/[0-9]/g, '')}@x`);
      const since = new Date(now() - 60 * 60 * 1000);
      const [recent] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(idpPasswordResetCodes)
        .where(and(eq(idpPasswordResetCodes.userId, user?.id ?? -1), gt(idpPasswordResetCodes.createdAt, since)));
      if (user && !user.external && (recent?.n ?? 0) < RESET_CODES_PER_HOUR) {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const at = new Date(now());
        // A new code retires the earlier ones.
        await db
          .update(idpPasswordResetCodes)
          .set({ usedAt: at })
          .where(and(eq(idpPasswordResetCodes.userId, user.id), isNull(idpPasswordResetCodes.usedAt)));
        await db.insert(idpPasswordResetCodes).values({
          userId: user.id,
          codeHash: hmac('reset-code', `${user.id}:${code}`).toString('hex'),
          expiresAt: new Date(now() + RESET_CODE_TTL_MS),
          createdAt: at,
        });
        // Written to the outbox now, delivered by the email.send job: the answer does not wait for (or reveal) SMTP.
        await queueEmail({ db, env: deps.email }, forgotPasswordEmail({ to: user.email, code, language: user.language }));
      }
      return { CodeDeliveryDetails: { Destination: destination, DeliveryMedium: 'EMAIL', AttributeName: 'email' } };
    },

    async ConfirmForgotPassword(body) {
      const req = parse(ConfirmForgotPasswordBody, body);
      checkClient(req.ClientId);
      const violation = passwordPolicyViolation(req.Password);
      if (violation) throw new CognitoError('InvalidPasswordException', violation);
      const user = await findUser(req.Username);
      const mismatch = () => codeMismatch('Invalid verification code provided, please try again.');
      const expired = () => new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
      if (!user) throw mismatch();
      const codeHash = hmac('reset-code', `${user.id}:${req.ConfirmationCode.trim()}`).toString('hex');
      const [row] = await db
        .select()
        .from(idpPasswordResetCodes)
        .where(and(eq(idpPasswordResetCodes.userId, user.id), eq(idpPasswordResetCodes.codeHash, codeHash)))
        .orderBy(desc(idpPasswordResetCodes.createdAt))
        .limit(1);
      if (!row) {
        // Count the wrong try against the live code; too many retire it.
        const [live] = await db
          .select()
          .from(idpPasswordResetCodes)
          .where(and(eq(idpPasswordResetCodes.userId, user.id), isNull(idpPasswordResetCodes.usedAt)))
          .orderBy(desc(idpPasswordResetCodes.createdAt))
          .limit(1);
        if (live) {
          const attempts = live.failedAttempts + 1;
          await db
            .update(idpPasswordResetCodes)
            .set({ failedAttempts: attempts, ...(attempts >= RESET_CODE_MAX_ATTEMPTS ? { usedAt: new Date(now()) } : {}) })
            .where(eq(idpPasswordResetCodes.id, live.id));
        }
        throw mismatch();
      }
      if (row.usedAt || row.expiresAt.getTime() <= now()) throw expired();
      const claimed = await db
        .update(idpPasswordResetCodes)
        .set({ usedAt: new Date(now()) })
        .where(and(eq(idpPasswordResetCodes.id, row.id), isNull(idpPasswordResetCodes.usedAt), gt(idpPasswordResetCodes.expiresAt, new Date(now()))))
        .returning({ id: idpPasswordResetCodes.id });
      if (claimed.length === 0) throw expired();
      const creds = createVerifier(poolName, user.username, req.Password);
      await db
        .update(users)
        .set({ srpSalt: creds.salt, srpVerifier: creds.verifier, idpStatus: 'CONFIRMED', tempPasswordExpiresAt: null, updatedAt: new Date(now()) })
        .where(eq(users.id, user.id));
      // A reset password ends every sign-in and clears the lockout.
      await tokens.revokeAllForUser(user.id);
      await lockout.reset(userKey(user));
      return {};
    },
  };
}
