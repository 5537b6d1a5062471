/**
 * The Account tab of account settings (spec 002 §2 "Account tab: billing fields and business type
 * (business type shown only in power-user mode)", §6 Super_Admin, Reseller, Owner; §8 'updated' /
 * errorOccured; issue 15): billing email, phone, business id, tax id, address, zip code and country,
 * and in power-user mode the business type, saved with one `PUT /account/{id}` (the server lets the
 * Owner, Resellers and staff change billing fields, only staff the business type). Validation as the
 * account form's (accounts/validation.ts: billing email empty or an e-mail); a 422's field messages
 * land on their fields and the first invalid field gets focus. Leaving with unsaved edits asks first.
 */
import { useRef, useState } from 'react';
import { useForm, useStore } from '@tanstack/react-form';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { meOptions } from '../../../api/queries';
import { TextField } from '../../../ui/Field';
import { firstError, formServerError, showServerErrors, submitForm } from '../../../ui/formErrors';
import { toast } from '../../../ui/toast';
import { accountDetailOptions, invalidateAccounts, updateAccount, type AccountDetail, type UpdateAccountInput } from '../../accounts/accounts.api';
import { EMAIL_RE } from '../../accounts/validation';
import { usePowerUserMode } from '../../chrome/powerUser';
import { focusFirstInvalid, useUnsavedChanges } from '../settingsForm';
import '../settings.css';

/** Billing fields of spec 002 §3 Account details, in the form's order. */
export const BILLING_FIELDS = ['billingEmail', 'phoneNumber', 'businessId', 'taxId', 'address', 'zipCode', 'country'] as const;
type BillingField = (typeof BILLING_FIELDS)[number];

/** The Account tab's values: every billing field and the business type as text ('' = none). */
export type AccountSettingsValues = Record<BillingField | 'businessType', string>;

/** The form's starting values from the account's detail. */
export function accountSettingsValues(a: Pick<AccountDetail, BillingField | 'businessType'>): AccountSettingsValues {
  const out = { businessType: a.businessType ?? '' } as AccountSettingsValues;
  for (const k of BILLING_FIELDS) out[k] = a[k] ?? '';
  return out;
}

/** The `PUT /account/{id}` body: billing fields trimmed ('' → null), the business type only in power-user mode. */
export function accountSettingsBody(values: AccountSettingsValues, powerUser: boolean): UpdateAccountInput {
  const clean = (s: string) => s.trim() || null;
  const body: UpdateAccountInput = {};
  for (const k of BILLING_FIELDS) body[k] = clean(values[k]);
  if (powerUser) body.businessType = clean(values.businessType);
  return body;
}

/** Field rules (spec 000 §5 "billing fields optional"): billing email empty or an e-mail. */
export function accountSettingsSchema(messages: { email: string }) {
  return v.object({
    billingEmail: v.pipe(v.string(), v.check((s) => !s.trim() || EMAIL_RE.test(s.trim()), messages.email)),
    phoneNumber: v.string(),
    businessId: v.string(),
    taxId: v.string(),
    address: v.string(),
    zipCode: v.string(),
    country: v.string(),
    businessType: v.string(),
  });
}

/** The tab (the route's loader has the account's detail). */
export function AccountSettingsPage({ accountId }: { accountId: number }) {
  const { data } = useSuspenseQuery(accountDetailOptions(accountId));
  return <AccountSettingsForm account={data} />;
}

function AccountSettingsForm({ account }: { account: AccountDetail }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions()).data;
  const powerUser = usePowerUserMode(me);
  const ref = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState(() => accountSettingsValues(account));
  const form = useForm({
    defaultValues: baseline,
    validators: { onSubmit: accountSettingsSchema({ email: t`Enter a valid email address.` }) },
    onSubmitInvalid: () => focusFirstInvalid(ref.current),
    onSubmit: async ({ value, formApi }) => {
      try {
        const saved = await updateAccount(account.id, accountSettingsBody(value, powerUser));
        queryClient.setQueryData(accountDetailOptions(account.id).queryKey, saved);
        const next = accountSettingsValues(saved);
        setBaseline(next);
        formApi.reset(next);
        toast.success(t`Updated`);
        void invalidateAccounts(queryClient);
      } catch (error) {
        showServerErrors(formApi, error, t`An error occurred`);
        toast.error(t`An error occurred`);
        focusFirstInvalid(ref.current);
      }
    },
  });
  const businessName = account.businessName;
  const values = useStore(form.store, (s) => s.values);
  const dirty = JSON.stringify(values) !== JSON.stringify(baseline);
  const leaveDialog = useUnsavedChanges(dirty);

  const field = (name: BillingField | 'businessType', label: string, extra: { type?: 'email' | 'tel'; maxLength?: number; autoComplete?: string } = {}) => (
    <form.Field name={name}>
      {(f) => (
        <TextField label={label} value={f.state.value} onChange={f.handleChange} onBlur={f.handleBlur} error={firstError(f.state.meta.errors)} {...extra} />
      )}
    </form.Field>
  );

  return (
    <div className="settings-panel">
      <h2 className="visually-hidden">
        <Trans>Account</Trans>
      </h2>
      <form
        ref={ref}
        noValidate
        aria-label={t`Account`}
        onSubmit={(e) => {
          e.preventDefault();
          void submitForm(form);
        }}
      >
        <form.Subscribe selector={(st) => formServerError(st.errorMap)}>
          {(formError) =>
            formError && (
              <p className="alert alert-error" role="alert">
                {formError}
              </p>
            )
          }
        </form.Subscribe>
        <section className="settings-card" aria-labelledby="account-billing">
          <h3 id="account-billing">
            <Trans>Billing</Trans>
          </h3>
          <p className="muted small">
            <Trans>Where invoices for {businessName} are sent. Every field is optional.</Trans>
          </p>
          <div className="settings-grid">
            {field('billingEmail', t`Billing email`, { type: 'email', maxLength: 254, autoComplete: 'email' })}
            {field('phoneNumber', t`Phone number`, { type: 'tel', maxLength: 50, autoComplete: 'tel' })}
            {field('businessId', t`Business ID`, { maxLength: 100 })}
            {field('taxId', t`Tax ID`, { maxLength: 100 })}
            {field('address', t`Address`, { maxLength: 500, autoComplete: 'street-address' })}
            {field('zipCode', t`Zip code`, { maxLength: 20, autoComplete: 'postal-code' })}
            {field('country', t`Country`, { maxLength: 100, autoComplete: 'country-name' })}
          </div>
        </section>
        {powerUser && (
          <section className="settings-card" aria-labelledby="account-business">
            <h3 id="account-business">
              <Trans>Business</Trans>
            </h3>
            <div className="settings-grid">{field('businessType', t`Business type`, { maxLength: 100 })}</div>
          </section>
        )}
        <div className="settings-save">
          <form.Subscribe selector={(st) => st.isSubmitting}>
            {(submitting) => (
              <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
                <Trans>Save</Trans>
              </button>
            )}
          </form.Subscribe>
          {dirty && (
            <span className="muted small" role="status">
              <Trans>Unsaved changes</Trans>
            </span>
          )}
        </div>
      </form>
      {leaveDialog}
    </div>
  );
}
