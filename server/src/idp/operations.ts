/**
 * The Cognito user-pool operations the local identity provider answers (DESIGN §3–4, spec 000 §4, §7):
 * InitiateAuth (USER_SRP_AUTH, USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH), RespondToAuthChallenge
 * (PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED), GetTokensFromRefreshToken, GetUser, GlobalSignOut,
 * RevokeToken, ChangePassword.
 *
 * Each operation takes the parsed JSON request and returns the JSON answer or throws CognitoError.
 * A wrong password and an unknown user give the same NotAuthorizedException "Incorrect username or
 * password." — for SRP an unknown user even gets a decoy challenge (salt, B, USER_ID_FOR_SRP derived
 * from a server secret) so InitiateAuth does not reveal whether the account exists.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { CognitoError, invalidParameter, notAuthorized } from './errors';
import type { IdpKeys } from './keys';
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

/** Password rule of spec 000 §5/§9: 8 or more characters, 1 number, 1 uppercase. */
export function passwordPolicyViolation(password: string): string | null {
  if (password.length < 8) return 'Password does not conform to policy: Password not long enough';
  if (!/[0-9]/.test(password)) return 'Password does not conform to policy: Password must have numeric characters';
  if (!/[A-Z]/.test(password)) return 'Password does not conform to policy: Password must have uppercase characters';
  return null;
}

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

/** What the operations need: database, keys, token and session services, pool name and client id. */
export interface OperationsDeps {
  db: Db;
  keys: IdpKeys;
  tokens: TokenService;
  sessions: SessionCodec;
  poolName: string;
  clientId: string;
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
  const { db, keys, tokens, sessions, poolName, clientId } = deps;
  const now = deps.now ?? Date.now;

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

  /** Tokens (plus a new refresh token) for a user who just proved their password. */
  const signInResult = async (user: UserRow, authTime: number): Promise<{ AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, string> }> => {
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
    return signInResult(user, authTime);
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
          if (!user) {
            // Same work as a real check (one verifier computation), same answer.
            const decoy = decoyFor(login);
            modPow(g, computeX(poolName, decoy.userId, password, decoy.salt), N);
            throw notAuthorized();
          }
          if (!passwordMatches(user, password)) throw notAuthorized();
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
          const decoy = decoyVerifier(state.userId);
          const verifier = user?.srpVerifier ?? decoy;
          let key: Buffer;
          try {
            key = serverSessionKey({ A: hexToBigInt(state.A), B: hexToBigInt(state.B), b: hexToBigInt(state.b), verifierHex: verifier });
          } catch {
            throw notAuthorized();
          }
          const expected = claimSignature({ key, poolName, userId: state.userId, secretBlock, timestamp });
          if (!signaturesEqual(expected, signature) || !user || !user.srpVerifier) throw notAuthorized();
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
          return signInResult(updated ?? user, state.authTime);
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
        UserMFASettingList: [],
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
      const { user } = await userFromAccessToken(req.AccessToken);
      if (!passwordMatches(user, req.PreviousPassword)) throw notAuthorized();
      const violation = passwordPolicyViolation(req.ProposedPassword);
      if (violation) throw new CognitoError('InvalidPasswordException', violation);
      const creds = createVerifier(poolName, user.username, req.ProposedPassword);
      await db.update(users).set({ srpSalt: creds.salt, srpVerifier: creds.verifier, updatedAt: new Date(now()) }).where(eq(users.id, user.id));
      return {};
    },
  };
}
