/**
 * SRP math of the identity provider (DESIGN §4) against an independent client-side computation
 * S = (B − k·g^x)^(a + u·x) mod N, the formula aws-amplify's AuthenticationHelper uses. (The full
 * wire-compatibility with amplify itself is proven end to end in idp.test.ts.)
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  N,
  claimSignature,
  computeX,
  createVerifier,
  g,
  hashHex,
  hexToBigInt,
  k,
  modPow,
  padHex,
  parseSrpTimestamp,
  poolNameOf,
  serverEphemeral,
  serverSessionKey,
  signaturesEqual,
} from './srp';

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

function clientKey(p: { poolName: string; userId: string; password: string; salt: string; a: bigint; B: bigint }): Buffer {
  const A = modPow(g, p.a, N);
  const u = hexToBigInt(hashHex(padHex(A) + padHex(p.B)));
  const x = computeX(p.poolName, p.userId, p.password, p.salt);
  const S = modPow(mod(p.B - k * modPow(g, x, N), N), p.a + u * x, N);
  return Buffer.from(hkdfSync('sha256', Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'), Buffer.from('Caldera Derived Key'), 16));
}

describe('padHex (amplify getPaddedHex)', () => {
  it('pads to even length and adds a 00 sign byte when the top bit is set', () => {
    expect(padHex(0x2n)).toBe('02');
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0xabcn)).toBe('0abc');
    expect(padHex(N).startsWith('00ffffffffffffffffc90f')).toBe(true);
    expect(() => padHex(-1n)).toThrow(RangeError);
  });
});

describe('SRP key agreement', () => {
  it('derives the same 16-byte key as the client for the right password, another for a wrong one', () => {
    const poolName = poolNameOf('eu-west-1_vidbotLocal');
    expect(poolName).toBe('vidbotLocal');
    const userId = '3f0c6f0e-3b6b-4c1d-9a53-2f8e7f1c0a11';
    const { salt, verifier } = createVerifier(poolName, userId, 'Vidbot-demo-1');
    expect(verifier).toBe(padHex(modPow(g, computeX(poolName, userId, 'Vidbot-demo-1', salt), N)));

    const a = hexToBigInt(randomBytes(128).toString('hex'));
    const A = modPow(g, a, N);
    const { b, B } = serverEphemeral(verifier);
    const server = serverSessionKey({ A, B, b, verifierHex: verifier });
    expect(server).toHaveLength(16);
    expect(clientKey({ poolName, userId, password: 'Vidbot-demo-1', salt, a, B }).equals(server)).toBe(true);
    expect(clientKey({ poolName, userId, password: 'Vidbot-demo-2', salt, a, B }).equals(server)).toBe(false);
  });

  it('refuses A ≡ 0 (mod N)', () => {
    const { verifier } = createVerifier('p', 'u', 'pw');
    const { b, B } = serverEphemeral(verifier);
    expect(() => serverSessionKey({ A: N, B, b, verifierHex: verifier })).toThrow(RangeError);
    expect(() => serverSessionKey({ A: 0n, B, b, verifierHex: verifier })).toThrow(RangeError);
  });

  it('signs poolName ‖ userId ‖ secret block bytes ‖ timestamp with HMAC-SHA256', () => {
    const key = randomBytes(16);
    const secretBlock = randomBytes(40).toString('base64');
    const timestamp = 'Tue Mar 4 09:05:07 UTC 2025';
    const expected = createHmac('sha256', key)
      .update(Buffer.concat([Buffer.from('pool'), Buffer.from('user'), Buffer.from(secretBlock, 'base64'), Buffer.from(timestamp)]))
      .digest('base64');
    const sig = claimSignature({ key, poolName: 'pool', userId: 'user', secretBlock, timestamp });
    expect(sig).toBe(expected);
    expect(signaturesEqual(sig, expected)).toBe(true);
    expect(signaturesEqual(sig, claimSignature({ key, poolName: 'pool', userId: 'user', secretBlock, timestamp: 'Tue Mar 4 09:05:08 UTC 2025' }))).toBe(false);
  });
});

describe('parseSrpTimestamp', () => {
  it('reads amplify getNowString output and refuses other formats', () => {
    expect(parseSrpTimestamp('Tue Mar 4 09:05:07 UTC 2025')).toBe(Date.UTC(2025, 2, 4, 9, 5, 7));
    expect(parseSrpTimestamp('Sun Nov 23 23:59:00 UTC 2025')).toBe(Date.UTC(2025, 10, 23, 23, 59, 0));
    expect(parseSrpTimestamp('2025-03-04T09:05:07Z')).toBeNull();
    expect(parseSrpTimestamp('Tue Foo 4 09:05:07 UTC 2025')).toBeNull();
  });
});
