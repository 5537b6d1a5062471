/**
 * Create and edit account forms (spec 000 §2, §5, §6).
 *
 * Create (`/dashboard/accounts/create`): businessName and ownerEmail required (the owner receives an
 * invitation by e-mail), billing fields optional, options for superusers and customer success.
 * Edit (`/dashboard/{account}/edit`): business name and billing fields; the status (required) for
 * superusers, resellers and customer success; owner change for superusers, customer success and the
 * account's Owner; partner change only for a user both superuser and customer success; options for
 * superusers and customer success. Cancel/back return to the accounts list with its search kept.
 */
import { type ReactNode } from 'react';
import { useForm } from '@tanstack/react-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { meOptions } from '../../api/queries';
import type { RoleName } from '../../api/types';
import {
  canChangeAccountOwner,
  canChangeAccountPartner,
  canEditAccountOptions,
  canEditAccountStatus,
} from '../chrome/permissions';
import { CheckboxField, SelectField, TextField } from '../../ui/Field';
import { firstError, formServerError, showServerErrors, submitForm } from '../../ui/formErrors';
import { accountUsersOptions } from '../users/users.api';
import { resellersOptions } from '../admin/admin.api';
import {
  createAccount,
  invalidateAccounts,
  updateAccount,
  type AccountDetail,
  type AccountOptions,
  type BillingFields,
} from './accounts.api';
import type { AccountsSearch } from './accountsSearch';
import { accountFormSchema, type AccountFormValues } from './validation';

const BILLING_KEYS = ['billingEmail', 'phoneNumber', 'businessId', 'taxId', 'address', 'zipCode', 'country'] as const;
type BillingKey = (typeof BILLING_KEYS)[number];

export type { AccountFormValues };

/** The form's starting values: the account's (edit) or empty ones (create). */
export function accountFormValues(account: AccountDetail | null): AccountFormValues {
  const billing = Object.fromEntries(BILLING_KEYS.map((k) => [k, account?.[k] ?? ''])) as Record<BillingKey, string>;
  const options: AccountOptions = account?.options ?? {};
  return {
    ...billing,
    businessName: account?.businessName ?? '',
    ownerEmail: '',
    status: account?.status ?? 'Active',
    newOwnerId: account?.owner ? String(account.owner.id) : '',
    newPartnerId: account?.partner ? String(account.partner.id) : '',
    options: {
      maxVideoDuration: options.maxVideoDuration ? String(options.maxVideoDuration) : '',
      disableAnalytics: options.disableAnalytics ?? false,
      analyticsConsentRequired: options.analyticsConsentRequired ?? false,
    },
  };
}

export interface AccountFormProps {
  mode: 'create' | 'edit';
  /** The account being edited (edit mode). */
  account: AccountDetail | null;
  /** The viewer's Active role in the account (edit mode). */
  role: RoleName | null;
  /** The accounts list search to return to. */
  back: AccountsSearch;
}

/**
 * The create / edit account form. Values, validation (valibot, on submit), the submitting state and a
 * failed save's messages (422 field messages on their fields, the rest above the form) live in one
 * @tanstack/react-form form; a failed save keeps every value typed; Save is disabled while saving.
 */
export function AccountForm({ mode, account, role, back }: AccountFormProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions()).data;

  const showStatus = mode === 'edit' && canEditAccountStatus(me);
  const showOwner = mode === 'edit' && canChangeAccountOwner(me, role);
  const showPartner = mode === 'edit' && canChangeAccountPartner(me);
  const showOptions = canEditAccountOptions(me);
  const members = useQuery({ ...accountUsersOptions(account?.id ?? 0, 1, 1000), enabled: showOwner && !!account });
  const resellers = useQuery({ ...resellersOptions(), enabled: showPartner });

  const backToList = () => void navigate({ to: '/dashboard/accounts', search: back });

  const save = async (s: AccountFormValues) => {
    const clean = (k: BillingKey) => s[k].trim() || null;
    const billing: BillingFields = {
      billingEmail: clean('billingEmail'),
      phoneNumber: clean('phoneNumber'),
      businessId: clean('businessId'),
      taxId: clean('taxId'),
      address: clean('address'),
      zipCode: clean('zipCode'),
      country: clean('country'),
    };
    const options: AccountOptions | undefined = showOptions
      ? {
          maxVideoDuration: s.options.maxVideoDuration.trim() ? Number(s.options.maxVideoDuration) : null,
          disableAnalytics: s.options.disableAnalytics,
          analyticsConsentRequired: s.options.analyticsConsentRequired,
        }
      : undefined;
    if (mode === 'create') {
      await createAccount({ businessName: s.businessName.trim(), ownerEmail: s.ownerEmail.trim(), ...billing, options });
      toast.success(t`Account created. The owner has been invited by e-mail.`);
    } else if (account) {
      await updateAccount(account.id, {
        businessName: s.businessName.trim(),
        ...billing,
        ...(showStatus ? { status: s.status } : {}),
        ...(showOwner && s.newOwnerId && Number(s.newOwnerId) !== account.owner?.id ? { newOwnerId: Number(s.newOwnerId) } : {}),
        ...(showPartner ? { newPartnerId: s.newPartnerId ? Number(s.newPartnerId) : null } : {}),
        ...(options ? { options } : {}),
      });
      toast.success(t`Account updated`);
    }
  };

  const form = useForm({
    defaultValues: accountFormValues(account),
    validators: {
      onSubmit: accountFormSchema(mode, {
        required: t`This field is required.`,
        email: t`Enter a valid email address.`,
        duration: t`Enter a whole number of seconds.`,
      }),
    },
    onSubmit: async ({ value, formApi }) => {
      try {
        await save(value);
      } catch (error) {
        toast.error(showServerErrors(formApi, error, t`An error occurred`));
        return;
      }
      await invalidateAccounts(queryClient);
      backToList();
    },
  });

  const activeMembers = (members.data?.records ?? []).filter((m) => m.status === 'Active');
  const section = (title: ReactNode, children: ReactNode) => (
    <fieldset className="form-section">
      <legend>{title}</legend>
      <div className="form-grid">{children}</div>
    </fieldset>
  );
  const billingField = (name: BillingKey, label: string, extra: { type?: 'email' | 'tel'; maxLength?: number } = {}) => (
    <form.Field name={name}>
      {(field) => (
        <TextField
          label={label}
          value={field.state.value}
          onChange={field.handleChange}
          onBlur={field.handleBlur}
          error={firstError(field.state.meta.errors)}
          {...extra}
        />
      )}
    </form.Field>
  );

  return (
    <div className="page form-page">
      <Link to="/dashboard/accounts" search={back} className="back-link">
        ← <Trans>Back to accounts</Trans>
      </Link>
      <h1>{mode === 'create' ? <Trans>Create account</Trans> : <Trans>Edit account {account?.businessName}</Trans>}</h1>
      <form
        noValidate
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
        {section(
          <Trans>Account</Trans>,
          <>
            <form.Field name="businessName">
              {(field) => (
                <TextField
                  label={t`Business name`}
                  required
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={firstError(field.state.meta.errors)}
                  maxLength={200}
                  autoFocus
                />
              )}
            </form.Field>
            {mode === 'create' && (
              <form.Field name="ownerEmail">
                {(field) => (
                  <TextField
                    label={t`Owner email`}
                    type="email"
                    required
                    value={field.state.value}
                    onChange={field.handleChange}
                    onBlur={field.handleBlur}
                    error={firstError(field.state.meta.errors)}
                    hint={<Trans>The owner receives an invitation to join.</Trans>}
                    autoComplete="off"
                  />
                )}
              </form.Field>
            )}
            {showStatus && (
              <form.Field name="status">
                {(field) => (
                  <SelectField
                    label={t`Status`}
                    required
                    value={field.state.value}
                    onChange={field.handleChange}
                    error={firstError(field.state.meta.errors)}
                    options={[
                      { value: 'Active', label: t`Active` },
                      { value: 'Suspended', label: t`Suspended` },
                    ]}
                  />
                )}
              </form.Field>
            )}
          </>,
        )}
        {(showOwner || showPartner) &&
          section(
            <Trans>Ownership</Trans>,
            <>
              {showOwner && (
                <form.Field name="newOwnerId">
                  {(field) => (
                    <SelectField
                      label={t`Owner`}
                      value={field.state.value}
                      onChange={field.handleChange}
                      error={firstError(field.state.meta.errors)}
                      placeholder={members.isPending ? t`Loading…` : t`Choose the owner`}
                      options={activeMembers.map((m) => ({ value: String(m.id), label: `${m.email} (${m.role})` }))}
                    />
                  )}
                </form.Field>
              )}
              {showPartner && (
                <form.Field name="newPartnerId">
                  {(field) => (
                    <SelectField
                      label={t`Partner`}
                      value={field.state.value}
                      onChange={field.handleChange}
                      error={firstError(field.state.meta.errors)}
                      options={[{ value: '', label: t`No partner` }, ...(resellers.data ?? []).map((r) => ({ value: String(r.id), label: r.email }))]}
                    />
                  )}
                </form.Field>
              )}
            </>,
          )}
        {section(
          <Trans>Billing</Trans>,
          <>
            {billingField('billingEmail', t`Billing email`, { type: 'email' })}
            {billingField('phoneNumber', t`Phone number`, { type: 'tel', maxLength: 50 })}
            {billingField('businessId', t`Business ID`, { maxLength: 100 })}
            {billingField('taxId', t`Tax ID`, { maxLength: 100 })}
            {billingField('address', t`Address`, { maxLength: 500 })}
            {billingField('zipCode', t`Zip code`, { maxLength: 20 })}
            {billingField('country', t`Country`, { maxLength: 100 })}
          </>,
        )}
        {showOptions &&
          section(
            <Trans>Options</Trans>,
            <>
              <form.Field name="options.maxVideoDuration">
                {(field) => (
                  <TextField
                    label={t`Max video duration (seconds)`}
                    type="number"
                    value={field.state.value}
                    onChange={field.handleChange}
                    onBlur={field.handleBlur}
                    error={firstError(field.state.meta.errors)}
                    hint={<Trans>Leave empty for no limit.</Trans>}
                  />
                )}
              </form.Field>
              <form.Field name="options.disableAnalytics">
                {(field) => <CheckboxField label={t`Disable analytics`} checked={field.state.value} onChange={field.handleChange} />}
              </form.Field>
              <form.Field name="options.analyticsConsentRequired">
                {(field) => <CheckboxField label={t`Analytics consent required`} checked={field.state.value} onChange={field.handleChange} />}
              </form.Field>
            </>,
          )}
        <div className="actions">
          <form.Subscribe selector={(st) => st.isSubmitting}>
            {(submitting) => (
              <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
                {mode === 'create' ? <Trans>Create account</Trans> : <Trans>Save</Trans>}
              </button>
            )}
          </form.Subscribe>
          <button type="button" className="button" onClick={backToList}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
