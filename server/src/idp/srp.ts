/**
 * Secure Remote Password (SRP-6a) as Amazon Cognito speaks it (DESIGN §4): the 3072-bit group of
 * RFC 5054 with g = 2, SHA-256, k = H(N ‖ g), x = H(salt ‖ H(poolName ‖ userId ‖ ":" ‖ password)),
 * u = H(A ‖ B), session key = HKDF-SHA256(ikm S, salt u, info "Caldera Derived Key", 16 bytes) and
 * PASSWORD_CLAIM_SIGNATURE = base64 HMAC-SHA256(key, poolName ‖ userId ‖ secretBlock ‖ timestamp).
 *
 * Byte conventions follow aws-amplify's client (`@aws-amplify/auth` …/utils/srp): a number is hashed
 * as its "padded hex" — minimal even-length two's-complement big-endian hex, so a leading `00` is
 * added when the top bit is set (`padHex`). Hashes are taken over the bytes of concatenated hex.
 *
 * Only a salt and the verifier v = g^x mod N are stored; the password never is.
 */
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 5054 3072-bit safe prime (the same constant as amplify's INIT_N). */
export const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1' +
    '29024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245' +
    'E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D' +
    'C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D' +
    '670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9' +
    'DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64' +
    'ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6B' +
    'F12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB31' +
    '43DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const g = 2n;

/** Minimal even-length hex with a `00` sign byte when the top bit is set (amplify `getPaddedHex`); n ≥ 0. */
export function padHex(n: bigint): string {
  if (n < 0n) throw new RangeError('padHex expects a non-negative number');
  let hex = n.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  if (/^[89a-f]/i.test(hex)) hex = `00${hex}`;
  return hex;
}

/** Parses hex (any case, any length) as a non-negative bigint; throws RangeError when not hex. */
export function hexToBigInt(hex: string): bigint {
  if (!/^[0-9a-fA-F]+$/.test(hex)) throw new RangeError('not a hex string');
  return BigInt(`0x${hex}`);
}

/** SHA-256 of the bytes of an even-length hex string, as 64 lowercase hex chars. */
export function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/** SHA-256 of a UTF-8 string, as 64 lowercase hex chars. */
export function hashUtf8(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** base^exp mod m by square-and-multiply (exp ≥ 0, m > 1). */
export function modPow(base: bigint, exp: bigint, m: bigint): bigint {
  let result = 1n;
  let b = ((base % m) + m) % m;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m;
    e >>= 1n;
    b = (b * b) % m;
  }
  return result;
}

/** k = H(N ‖ g). */
export const k = hexToBigInt(hashHex(padHex(N) + padHex(g)));

/** The pool name used in SRP: the part of the user-pool id after `_` (`eu-west-1_abc` → `abc`). */
export function poolNameOf(userPoolId: string): string {
  return userPoolId.split('_')[1] ?? '';
}

/** x = H(salt ‖ H(poolName ‖ userId ‖ ":" ‖ password)); `saltHex` as stored (any hex). */
export function computeX(poolName: string, userId: string, password: string, saltHex: string): bigint {
  const inner = hashUtf8(`${poolName}${userId}:${password}`);
  return hexToBigInt(hashHex(padHex(hexToBigInt(saltHex)) + inner));
}

/**
 * New credentials for a password: a random 128-bit salt and v = g^x mod N, both as padded hex.
 * `userId` is the Cognito username (the user's `sub`), which amplify receives as USER_ID_FOR_SRP.
 */
export function createVerifier(poolName: string, userId: string, password: string, salt: Buffer = randomBytes(16)): {
  salt: string;
  verifier: string;
} {
  const saltHex = padHex(hexToBigInt(salt.toString('hex')));
  const x = computeX(poolName, userId, password, saltHex);
  return { salt: saltHex, verifier: padHex(modPow(g, x, N)) };
}

/** The server's ephemeral pair: b random 256-bit, B = (k·v + g^b) mod N (never 0 mod N). */
export function serverEphemeral(verifierHex: string, b: bigint = hexToBigInt(randomBytes(32).toString('hex'))): {
  b: bigint;
  B: bigint;
} {
  const v = hexToBigInt(verifierHex);
  const B = (k * v + modPow(g, b, N)) % N;
  if (B === 0n) return serverEphemeral(verifierHex);
  return { b, B };
}

/**
 * The 16-byte session key both sides derive: S = (A · v^u)^b mod N, key = HKDF(S, u, "Caldera Derived Key").
 * Throws RangeError for an illegal A (A mod N = 0) or u = 0.
 */
export function serverSessionKey(params: { A: bigint; B: bigint; b: bigint; verifierHex: string }): Buffer {
  const { A, B, b } = params;
  if (A % N === 0n) throw new RangeError('Illegal SRP_A');
  const u = hexToBigInt(hashHex(padHex(A) + padHex(B)));
  if (u === 0n) throw new RangeError('Illegal u');
  const v = hexToBigInt(params.verifierHex);
  const S = modPow((A * modPow(v, u, N)) % N, b, N);
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'), Buffer.from('Caldera Derived Key', 'utf8'), 16),
  );
}

/** Expected PASSWORD_CLAIM_SIGNATURE (standard base64) for the derived key. */
export function claimSignature(params: {
  key: Buffer;
  poolName: string;
  userId: string;
  secretBlock: string;
  timestamp: string;
}): string {
  const secret = Buffer.from(params.secretBlock.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return createHmac('sha256', params.key)
    .update(Buffer.concat([Buffer.from(params.poolName, 'utf8'), Buffer.from(params.userId, 'utf8'), secret, Buffer.from(params.timestamp, 'utf8')]))
    .digest('base64');
}

/** Constant-time comparison of two base64 signatures (false on any length difference). */
export function signaturesEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Parses Cognito's TIMESTAMP (`ddd MMM D HH:mm:ss UTC YYYY`, e.g. `Tue Mar 4 09:05:07 UTC 2025`)
 * to epoch milliseconds; `null` when it does not match.
 */
export function parseSrpTimestamp(ts: string): number | null {
  const m = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(ts);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2] ?? '');
  if (month < 0) return null;
  const ms = Date.UTC(Number(m[7]), month, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return Number.isNaN(ms) ? null : ms;
}
