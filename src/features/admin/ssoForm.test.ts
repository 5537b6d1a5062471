import { describe, expect, it } from 'vitest';
import { isHttpUrl, ssoUpstreamCreateBody, ssoUpstreamPatchBody, ssoUpstreamProblems } from './ssoForm';

const empty = { issuerUrl: '', clientId: '', clientSecret: '' };

describe('isHttpUrl', () => {
  it('accepts https and http URLs', () => {
    expect(isHttpUrl('https://login.example.com/realms/x')).toBe(true);
    expect(isHttpUrl(' http://127.0.0.1:8080 ')).toBe(true);
  });
  it('refuses other schemes and non-URLs', () => {
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });
});

describe('ssoUpstreamProblems', () => {
  it('allows all fields empty (they are optional)', () => {
    expect(ssoUpstreamProblems(empty)).toEqual({});
  });
  it('flags an issuer URL that is not http(s)', () => {
    expect(ssoUpstreamProblems({ ...empty, issuerUrl: 'login.example.com' })).toEqual({ issuerUrl: 'invalid' });
    expect(ssoUpstreamProblems({ ...empty, issuerUrl: 'https://login.example.com' })).toEqual({});
  });
  it('flags values beyond the API limits', () => {
    expect(ssoUpstreamProblems({ ...empty, clientId: 'x'.repeat(501) })).toEqual({ clientId: 'tooLong' });
    expect(ssoUpstreamProblems({ ...empty, clientSecret: 'x'.repeat(2001) })).toEqual({ clientSecret: 'tooLong' });
    expect(ssoUpstreamProblems({ issuerUrl: 'https://a.example', clientId: 'x'.repeat(500), clientSecret: 'x'.repeat(2000) })).toEqual({});
  });
});

describe('bodies', () => {
  it('create leaves out empty fields and trims', () => {
    expect(ssoUpstreamCreateBody(empty)).toEqual({});
    expect(ssoUpstreamCreateBody({ issuerUrl: ' https://a.example ', clientId: ' cid ', clientSecret: ' s ' })).toEqual({
      issuerUrl: 'https://a.example',
      clientId: 'cid',
      clientSecret: ' s ',
    });
  });
  it('patch clears empty URL/client id and keeps the secret unless a new one is typed', () => {
    expect(ssoUpstreamPatchBody(empty)).toEqual({ issuerUrl: null, clientId: null });
    expect(ssoUpstreamPatchBody({ issuerUrl: 'https://a.example', clientId: 'cid', clientSecret: 'new' })).toEqual({
      issuerUrl: 'https://a.example',
      clientId: 'cid',
      clientSecret: 'new',
    });
  });
});
