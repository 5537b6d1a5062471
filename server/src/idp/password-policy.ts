/**
 * The password rule of spec 000 §5/§9 — 8 or more characters, at least 1 number, at least 1
 * uppercase letter — applied wherever a password is set (NEW_PASSWORD_REQUIRED, ChangePassword,
 * ConfirmForgotPassword, createSystemUser, adminSetUserPassword).
 */

/** Cognito's InvalidPasswordException message for the first rule `password` breaks, or null when it conforms. */
export function passwordPolicyViolation(password: string): string | null {
  if (password.length < 8) return 'Password does not conform to policy: Password not long enough';
  if (!/[0-9]/.test(password)) return 'Password does not conform to policy: Password must have numeric characters';
  if (!/[A-Z]/.test(password)) return 'Password does not conform to policy: Password must have uppercase characters';
  return null;
}
