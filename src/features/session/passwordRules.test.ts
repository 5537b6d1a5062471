/** Password rules of spec 000 §5/§9 and the TOTP code shape. */
import { describe, expect, it } from 'vitest';
import { groupSecret, isTotpCode, normalizeTotpCode, passwordRuleViolation, repeatPasswordViolation } from './passwordRules';

describe('password rules', () => {
  it('requires 8+ characters, a number and an uppercase letter, reporting the first broken rule', () => {
    expect(passwordRuleViolation('')).toBe('required');
    expect(passwordRuleViolation('Abc1')).toBe('tooShort');
    expect(passwordRuleViolation('Abcdefgh')).toBe('noNumber');
    expect(passwordRuleViolation('abcdefg1')).toBe('noUppercase');
    expect(passwordRuleViolation('Abcdefg1')).toBeNull();
    expect(passwordRuleViolation('Vidbot-demo-1')).toBeNull();
  });

  it('repeat must be given and equal', () => {
    expect(repeatPasswordViolation('Abcdefg1', '')).toBe('required');
    expect(repeatPasswordViolation('Abcdefg1', 'Abcdefg2')).toBe('mismatch');
    expect(repeatPasswordViolation('Abcdefg1', 'Abcdefg1')).toBeNull();
  });

  it('TOTP codes are six digits; spaces are ignored', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('123 456')).toBe(true);
    expect(normalizeTotpCode(' 12 34 56 ')).toBe('123456');
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
  });
});

describe('groupSecret', () => {
  it('splits the secret in groups of four without a trailing space', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupSecret('')).toBe('');
  });
});
