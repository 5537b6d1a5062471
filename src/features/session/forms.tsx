/**
 * Accessible form pieces of the session screens (spec 000 §5): a labelled field whose hint and error
 * are tied to the input with aria-describedby, focus on the first invalid field after a submit, a
 * step heading that takes focus when a multi-step flow changes step, translated password messages,
 * and the card layout of the signed-out pages.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import './session.css';
import { SkipLink } from '../../ui/SkipLink';
import type { PasswordRuleCode } from './passwordRules';
import type { AuthFailure } from '../../../machines/session/authFailure';

/** The session screens' labelled input is the SPA's one `TextField` (src/ui/Field.tsx). */
export { TextField as Field, type TextFieldProps as FieldProps } from '../../ui/Field';

/**
 * The key `useFocusFirstInvalid` watches, from a @tanstack/react-form state: the number of submit
 * attempts once the attempt's validation has finished, -1 while it runs.
 */
export function submitSettledKey(state: { submissionAttempts: number; isSubmitting: boolean }): number {
  return state.isSubmitting ? -1 : state.submissionAttempts;
}

/**
 * After each submit attempt has been validated (`settledKey` from `submitSettledKey` changes to a
 * positive count), focuses the form's first invalid input, if any.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, settledKey: number): void {
  useEffect(() => {
    if (settledKey <= 0) return;
    const invalid = formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [formRef, settledKey]);
}

/** An h1 that takes focus when it mounts with `focusOnMount` (a new step of a flow). */
export function StepHeading({ children, focusOnMount }: { children: ReactNode; focusOnMount?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** The translated message of a broken password rule (spec 000 §5). */
export function usePasswordMessages() {
  const { t } = useLingui();
  return {
    rule: (code: PasswordRuleCode | null): string | undefined => {
      switch (code) {
        case 'required':
          return t`Password is required`;
        case 'tooShort':
          return t`Password must be at least 8 characters long`;
        case 'noNumber':
          return t`Password must contain at least one number`;
        case 'noUppercase':
          return t`Password must contain at least one uppercase letter`;
        default:
          return undefined;
      }
    },
    repeat: (code: 'required' | 'mismatch' | null): string | undefined =>
      code === 'required' ? t`Repeat the new password` : code === 'mismatch' ? t`Passwords do not match` : undefined,
    hint: t`At least 8 characters, including a number and an uppercase letter.`,
  };
}

/**
 * The translated message of an identity-provider failure (spec 000 §8 "message by error code if
 * present, else generic"). Cognito answers several situations with NotAuthorizedException and tells
 * them apart only by its (English, documented) message, so those messages are matched too; an
 * unknown message is never shown raw — the reader gets the generic text in their language.
 */
export function useAuthErrorMessage(): (failure: AuthFailure) => string {
  const { t } = useLingui();
  return ({ code, message }: AuthFailure): string => {
    switch (code) {
      case 'CodeMismatchException':
        return t`The code is not correct. Check it and try again.`;
      case 'ExpiredCodeException':
        return t`The code has expired. Request a new one.`;
      case 'LimitExceededException':
      case 'TooManyRequestsException':
      case 'TooManyFailedAttemptsException':
        return t`Too many attempts. Please wait a while and try again.`;
      case 'InvalidPasswordException':
        return t`The password does not meet the rules: at least 8 characters, a number and an uppercase letter.`;
      case 'UserNotFoundException':
        return t`No account was found for this e-mail address.`;
      case 'NotAuthorizedException':
        switch (message) {
          case 'Incorrect username or password.':
            return t`Incorrect e-mail address or password.`;
          case 'Password attempts exceeded':
            return t`Too many attempts. Please wait a while and try again.`;
          case 'User is disabled.':
            return t`This user has been disabled. Contact your administrator.`;
          case 'Temporary password has expired and must be reset by an administrator.':
            return t`The temporary password has expired. Ask an administrator to send a new one.`;
          case 'Invalid session for the user, session is expired.':
            return t`The sign-in step has expired. Please sign in again.`;
          default:
            return t`You are not authorized to do this. Please sign in again.`;
        }
      default:
        return t`Something went wrong. Please try again.`;
    }
  };
}

/** The centred card of the signed-out pages (sign in, new password, reset password), one `<main>`. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="login-shell">
      <SkipLink />
      <main id="main" className="login-page">
        <div className="card login-card">
          <p className="brand">Vidbot</p>
          {children}
        </div>
        <LanguageSwitch />
      </main>
    </div>
  );
}
