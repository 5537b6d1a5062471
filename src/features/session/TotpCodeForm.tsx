/**
 * The authentication-code form (spec 000 §5 "MFA code required" / "authentication code required at
 * the MFA step"): one six-digit field, validated on submit, the first invalid field focused.
 */
import { useRef } from 'react';
import { useForm, useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field, submitSettledKey, useFocusFirstInvalid } from './forms';
import { isTotpCode, normalizeTotpCode } from './passwordRules';

/** Props: what to do with a valid code, whether a check runs, the submit label. */
export interface TotpCodeFormProps {
  onSubmit: (code: string) => void;
  pending: boolean;
  submitLabel?: React.ReactNode;
}

/** The code field and submit button. */
export function TotpCodeForm({ onSubmit, pending, submitLabel }: TotpCodeFormProps) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({
    defaultValues: { code: '' },
    onSubmit: ({ value }) => onSubmit(normalizeTotpCode(value.code)),
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
      <form.Field
        name="code"
        validators={{
          onSubmit: ({ value }) =>
            value.trim() === '' ? t`Authentication code is required` : !isTotpCode(value) ? t`Enter the 6-digit code from your authenticator app` : undefined,
        }}
      >
        {(field) => (
          <Field
            name="code"
            label={<Trans>Authentication code</Trans>}
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : undefined}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
          />
        )}
      </form.Field>
      <button type="submit" className="button primary block" disabled={pending} aria-busy={pending}>
        {pending ? <Trans>Verifying…</Trans> : (submitLabel ?? <Trans>Verify</Trans>)}
      </button>
    </form>
  );
}
