/**
 * The new-password form shared by first sign-in, reset password and change password (spec 000 §5):
 * optional e-mailed code and current-password fields, new password (8+ characters, a number, an
 * uppercase letter) and its repeat ('Passwords do not match'). Messages are tied to their fields;
 * after a failed submit the first invalid field takes focus.
 */
import { useRef, type ReactNode } from 'react';
import { useForm, useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field, submitSettledKey, useFocusFirstInvalid, usePasswordMessages } from './forms';
import { passwordRuleViolation, repeatPasswordViolation } from './passwordRules';

/** What the form hands over: the new password, plus the code / current password when asked for. */
export interface NewPasswordValues {
  password: string;
  code: string;
  currentPassword: string;
}

/** Props of `NewPasswordForm`. */
export interface NewPasswordFormProps {
  onSubmit: (values: NewPasswordValues) => void;
  pending: boolean;
  submitLabel: ReactNode;
  /** Read-only e-mail shown above the fields (and given to password managers). */
  email?: string;
  /** Ask for the e-mailed verification code. */
  withCode?: boolean;
  /** Ask for the current password (change password). */
  withCurrentPassword?: boolean;
}

/** The form. */
export function NewPasswordForm({ onSubmit, pending, submitLabel, email, withCode, withCurrentPassword }: NewPasswordFormProps) {
  const { t } = useLingui();
  const messages = usePasswordMessages();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({
    defaultValues: { code: '', currentPassword: '', password: '', repeat: '' },
    onSubmit: ({ value }) => onSubmit({ password: value.password, code: value.code.trim(), currentPassword: value.currentPassword }),
  });
  useFocusFirstInvalid(formRef, useStore(form.store, submitSettledKey));
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      {email !== undefined && <Field name="email" type="email" label={<Trans>Email</Trans>} value={email} onChange={() => undefined} readOnly autoComplete="username" />}
      {withCode && (
        <form.Field name="code" validators={{ onSubmit: ({ value }) => (value.trim() === '' ? t`Verification code is required` : undefined) }}>
          {(field) => (
            <Field
              name="code"
              label={<Trans>Verification code</Trans>}
              hint={<Trans>The code in the e-mail we sent you.</Trans>}
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : undefined}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          )}
        </form.Field>
      )}
      {withCurrentPassword && (
        <form.Field name="currentPassword" validators={{ onSubmit: ({ value }) => (value === '' ? t`Current password is required` : undefined) }}>
          {(field) => (
            <Field
              name="currentPassword"
              type="password"
              label={<Trans>Current password</Trans>}
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : undefined}
              autoComplete="current-password"
            />
          )}
        </form.Field>
      )}
      <form.Field name="password" validators={{ onSubmit: ({ value }) => messages.rule(passwordRuleViolation(value)) }}>
        {(field) => (
          <Field
            name="password"
            type="password"
            label={<Trans>New password</Trans>}
            hint={messages.hint}
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : undefined}
            autoComplete="new-password"
          />
        )}
      </form.Field>
      <form.Field
        name="repeat"
        validators={{
          onSubmit: ({ value, fieldApi }) => messages.repeat(repeatPasswordViolation(fieldApi.form.getFieldValue('password'), value)),
        }}
      >
        {(field) => (
          <Field
            name="repeat"
            type="password"
            label={<Trans>Repeat new password</Trans>}
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : undefined}
            autoComplete="new-password"
          />
        )}
      </form.Field>
      <button type="submit" className="button primary block" disabled={pending} aria-busy={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
