/**
 * Sign-up from an invitation (spec 000 §5 "Sign-up (join team)": firstName, lastName, password
 * required; repeatPassword must equal password; policy checkbox required; offers optional; email
 * read-only; password rule of §5). Field state lives in @tanstack/react-form; the parent gets the
 * parsed submit and may hand back server field errors (422 `errors`).
 */
import { useId, type ReactNode } from 'react';
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { passwordRuleBroken } from './join.logic';

/** What the form submits. */
export interface SignUpValues {
  firstName: string;
  lastName: string;
  password: string;
  offers: boolean;
}

/** Props: the invited e-mail (read-only), the submit handler, its pending state and errors. */
export interface SignUpFormProps {
  email: string;
  accountName: string;
  pending: boolean;
  /** Server field messages by field name (firstName, lastName, password). */
  serverErrors?: Record<string, string>;
  /** A form-level error (already translated). */
  formError?: string | null;
  onSubmit(values: SignUpValues): void;
}

function TextField(p: {
  id: string;
  label: ReactNode;
  type?: string;
  autoComplete?: string;
  value: string;
  error?: string;
  onChange(v: string): void;
  onBlur(): void;
}) {
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <input
        id={p.id}
        type={p.type ?? 'text'}
        autoComplete={p.autoComplete}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        onBlur={p.onBlur}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${p.id}-error` : undefined}
      />
      {p.error && (
        <p className="field-error" id={`${p.id}-error`}>
          {p.error}
        </p>
      )}
    </div>
  );
}

/** The sign-up form of the join page. */
export function SignUpForm({ email, accountName, pending, serverErrors, formError, onSubmit }: SignUpFormProps) {
  const { t } = useLingui();
  const id = useId();
  const form = useForm({
    defaultValues: { firstName: '', lastName: '', password: '', repeatPassword: '', policy: false, offers: false },
    onSubmit: ({ value }) =>
      onSubmit({ firstName: value.firstName.trim(), lastName: value.lastName.trim(), password: value.password, offers: value.offers }),
  });
  const required = (value: string) => (value.trim() === '' ? t`This field is required` : undefined);
  const passwordMessage = (value: string) => {
    if (value === '') return t`This field is required`;
    switch (passwordRuleBroken(value)) {
      case 'length':
        return t`Password must be at least 8 characters long`;
      case 'number':
        return t`Password must contain at least 1 number`;
      case 'uppercase':
        return t`Password must contain at least 1 uppercase letter`;
      default:
        return undefined;
    }
  };
  const firstError = (errors: unknown[], server?: string) => (errors[0] ? String(errors[0]) : server);

  return (
    <form
      noValidate
      aria-label={t`Sign up`}
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <p>
        <Trans>You have been invited to join {accountName}. Create your account to accept the invitation.</Trans>
      </p>
      {formError && (
        <p className="alert alert-error" role="alert">
          {formError}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-email`}>
          <Trans>Email</Trans>
        </label>
        <input id={`${id}-email`} type="email" value={email} readOnly aria-readonly="true" autoComplete="username" />
      </div>
      <form.Field name="firstName" validators={{ onSubmit: ({ value }) => required(value) }}>
        {(field) => (
          <TextField
            id={`${id}-firstName`}
            label={<Trans>First name</Trans>}
            autoComplete="given-name"
            value={field.state.value}
            error={firstError(field.state.meta.errors, serverErrors?.firstName)}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
          />
        )}
      </form.Field>
      <form.Field name="lastName" validators={{ onSubmit: ({ value }) => required(value) }}>
        {(field) => (
          <TextField
            id={`${id}-lastName`}
            label={<Trans>Last name</Trans>}
            autoComplete="family-name"
            value={field.state.value}
            error={firstError(field.state.meta.errors, serverErrors?.lastName)}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
          />
        )}
      </form.Field>
      <form.Field name="password" validators={{ onSubmit: ({ value }) => passwordMessage(value) }}>
        {(field) => (
          <TextField
            id={`${id}-password`}
            label={<Trans>Password</Trans>}
            type="password"
            autoComplete="new-password"
            value={field.state.value}
            error={firstError(field.state.meta.errors, serverErrors?.password)}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
          />
        )}
      </form.Field>
      <form.Field
        name="repeatPassword"
        validators={{
          onSubmit: ({ value, fieldApi }) =>
            value === '' ? t`This field is required` : value !== fieldApi.form.getFieldValue('password') ? t`Passwords do not match` : undefined,
        }}
      >
        {(field) => (
          <TextField
            id={`${id}-repeatPassword`}
            label={<Trans>Repeat password</Trans>}
            type="password"
            autoComplete="new-password"
            value={field.state.value}
            error={firstError(field.state.meta.errors)}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
          />
        )}
      </form.Field>
      <form.Field name="policy" validators={{ onSubmit: ({ value }) => (value ? undefined : t`You must accept the terms and the privacy policy`) }}>
        {(field) => {
          const error = firstError(field.state.meta.errors);
          return (
            <div className="field">
              <label className="checkbox-field field" style={{ marginBottom: 0 }}>
                <input
                  type="checkbox"
                  name="policy"
                  checked={field.state.value}
                  onChange={(e) => field.handleChange(e.target.checked)}
                  onBlur={field.handleBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-policy-error` : undefined}
                />
                <span>
                  <Trans>
                    I accept the{' '}
                    <a href="/terms" target="_blank" rel="noreferrer">
                      terms of service
                    </a>{' '}
                    and the{' '}
                    <a href="/privacy-policy" target="_blank" rel="noreferrer">
                      privacy policy
                    </a>
                  </Trans>
                </span>
              </label>
              {error && (
                <p className="field-error" id={`${id}-policy-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        }}
      </form.Field>
      <form.Field name="offers">
        {(field) => (
          <label className="checkbox-field field">
            <input type="checkbox" name="offers" checked={field.state.value} onChange={(e) => field.handleChange(e.target.checked)} />
            <span>
              <Trans>Send me news and offers by e-mail</Trans>
            </span>
          </label>
        )}
      </form.Field>
      <button type="submit" className="button primary block" disabled={pending} aria-busy={pending}>
        {pending ? <Trans>Creating your account…</Trans> : <Trans>Sign up and join</Trans>}
      </button>
    </form>
  );
}
