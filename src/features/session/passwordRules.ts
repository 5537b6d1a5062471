/**
 * Password rules of spec 000 §5 / §9 checked in the browser before the identity provider sees them:
 * at least 8 characters, at least 1 number, at least 1 uppercase letter; new and repeat must match.
 * Pure functions returning rule codes; views translate the codes (see `usePasswordMessages`).
 */

/** Minimum password length (spec 000 §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Which rule a password breaks first, or null when it passes. */
export type PasswordRuleCode = 'required' | 'tooShort' | 'noNumber' | 'noUppercase';

/** The first rule `password` breaks (in the order required, length, number, uppercase), or null. */
export function passwordRuleViolation(password: string): PasswordRuleCode | null {
  if (password === '') return 'required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (!/[0-9]/.test(password)) return 'noNumber';
  if (!/[A-Z]/.test(password)) return 'noUppercase';
  return null;
}

/** 'required' when the repeat is empty, 'mismatch' when it differs from the password, else null. */
export function repeatPasswordViolation(password: string, repeat: string): 'required' | 'mismatch' | null {
  if (repeat === '') return 'required';
  return repeat === password ? null : 'mismatch';
}

/** A TOTP code: six digits (spaces the person may type are removed first). */
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/;

/** The code without spaces; `isTotpCode` tells whether it is six digits. */
export function normalizeTotpCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/** True for a six-digit code (after `normalizeTotpCode`). */
export function isTotpCode(code: string): boolean {
  return TOTP_CODE_PATTERN.test(normalizeTotpCode(code));
}

/** The base32 secret in groups of four for reading and typing (authenticator apps ignore spaces). */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
