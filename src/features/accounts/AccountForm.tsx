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
import { useState, type FormEvent, type ReactNode } from 'react';
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
import { errorText, fieldErrorsOf } from '../../ui/errorText';
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
import { EMAIL_RE } from './validation';

const BILLING_KEYS = ['billingEmail', 'phoneNumber', 'businessId', 'taxId', 'address', 'zipCode', 'country'] as const;
type BillingKey = (typeof BILLING_KEYS)[number];

interface FormState {
  businessName: string;
  ownerEmail: string;
  billing: Record<BillingKey, string>;
  status: 'Active' | 'Suspended';
  newOwnerId: string;
  newPartnerId: string;
  maxVideoDuration: string;
  disableAnalytics: boolean;
  analyticsConsentRequired: boolean;
}

function initialState(account: AccountDetail | null): FormState {
  const billing = Object.fromEntries(BILLING_KEYS.map((k) => [k, account?.[k] ?? ''])) as Record<BillingKey, string>;
  const options: AccountOptions = account?.options ?? {};
  return {
    businessName: account?.businessName ?? '',
    ownerEmail: '',
    billing,
    status: account?.status ?? 'Active',
    newOwnerId: account?.owner ? String(account.owner.id) : '',
    newPartnerId: account?.partner ? String(account.partner.id) : '',
    maxVideoDuration: options.maxVideoDuration ? String(options.maxVideoDuration) : '',
    disableAnalytics: options.disableAnalytics ?? false,
    analyticsConsentRequired: options.analyticsConsentRequired ?? false,
  };
}

/** Client-side checks of spec 000 §5; answers field → message. */
export function validateAccountForm(
  s: Pick<FormState, 'businessName' | 'ownerEmail' | 'billing' | 'maxVideoDuration'>,
  mode: 'create' | 'edit',
  msg: { required: string; email: string; duration: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!s.businessName.trim()) errors.businessName = msg.required;
  if (mode === 'create') {
    if (!s.ownerEmail.trim()) errors.ownerEmail = msg.required;
    else if (!EMAIL_RE.test(s.ownerEmail.trim())) errors.ownerEmail = msg.email;
  }
  if (s.billing.billingEmail.trim() && !EMAIL_RE.test(s.billing.billingEmail.trim())) errors.billingEmail = msg.email;
  if (s.maxVideoDuration.trim() && !/^[1-9]\d*$/.test(s.maxVideoDuration.trim())) errors['options.maxVideoDuration'] = msg.duration;
  return errors;
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

export function AccountForm({ mode, account, role, back }: AccountFormProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions()).data;
  const [s, setS] = useState<FormState>(() => initialState(account));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const showStatus = mode === 'edit' && canEditAccountStatus(me);
  const showOwner = mode === 'edit' && canChangeAccountOwner(me, role);
  const showPartner = mode === 'edit' && canChangeAccountPartner(me);
  const showOptions = canEditAccountOptions(me);
  const members = useQuery({ ...accountUsersOptions(account?.id ?? 0, 1, 1000), enabled: showOwner && !!account });
  const resellers = useQuery({ ...resellersOptions(), enabled: showPartner });

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setS((prev) => ({ ...prev, [key]: value }));
  const setBilling = (key: BillingKey, value: string) => setS((prev) => ({ ...prev, billing: { ...prev.billing, [key]: value } }));
  const backToList = () => void navigate({ to: '/dashboard/accounts', search: back });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateAccountForm(s, mode, {
      required: t`This field is required.`,
      email: t`Enter a valid email address.`,
      duration: t`Enter a whole number of seconds.`,
    });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const clean = (k: BillingKey) => s.billing[k].trim() || null;
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
      ? { maxVideoDuration: s.maxVideoDuration.trim() ? Number(s.maxVideoDuration) : null, disableAnalytics: s.disableAnalytics, analyticsConsentRequired: s.analyticsConsentRequired }
      : undefined;
    setBusy(true);
    try {
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
      await invalidateAccounts(queryClient);
      backToList();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      const text = errorText(error, t`An error occurred`);
      setFormError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  const activeMembers = (members.data?.records ?? []).filter((m) => m.status === 'Active');
  const section = (title: ReactNode, children: ReactNode) => (
    <fieldset className="form-section">
      <legend>{title}</legend>
      <div className="form-grid">{children}</div>
    </fieldset>
  );

  return (
    <div className="page form-page">
      <Link to="/dashboard/accounts" search={back} className="back-link">
        ← <Trans>Back to accounts</Trans>
      </Link>
      <h1>{mode === 'create' ? <Trans>Create account</Trans> : <Trans>Edit account {account?.businessName}</Trans>}</h1>
      <form noValidate onSubmit={(e) => void submit(e)}>
        {formError && (
          <p className="alert alert-error" role="alert">
            {formError}
          </p>
        )}
        {section(
          <Trans>Account</Trans>,
          <>
            <TextField label={t`Business name`} required value={s.businessName} onChange={(v) => set('businessName', v)} error={errors.businessName} maxLength={200} autoFocus />
            {mode === 'create' && (
              <TextField
                label={t`Owner email`}
                type="email"
                required
                value={s.ownerEmail}
                onChange={(v) => set('ownerEmail', v)}
                error={errors.ownerEmail}
                hint={<Trans>The owner receives an invitation to join.</Trans>}
                autoComplete="off"
              />
            )}
            {showStatus && (
              <SelectField
                label={t`Status`}
                required
                value={s.status}
                onChange={(v) => set('status', v)}
                error={errors.status}
                options={[
                  { value: 'Active', label: t`Active` },
                  { value: 'Suspended', label: t`Suspended` },
                ]}
              />
            )}
          </>,
        )}
        {(showOwner || showPartner) &&
          section(
            <Trans>Ownership</Trans>,
            <>
              {showOwner && (
                <SelectField
                  label={t`Owner`}
                  value={s.newOwnerId}
                  onChange={(v) => set('newOwnerId', v)}
                  error={errors.newOwnerId}
                  placeholder={members.isPending ? t`Loading…` : t`Choose the owner`}
                  options={activeMembers.map((m) => ({ value: String(m.id), label: `${m.email} (${m.role})` }))}
                />
              )}
              {showPartner && (
                <SelectField
                  label={t`Partner`}
                  value={s.newPartnerId}
                  onChange={(v) => set('newPartnerId', v)}
                  error={errors.newPartnerId}
                  options={[{ value: '', label: t`No partner` }, ...(resellers.data ?? []).map((r) => ({ value: String(r.id), label: r.email }))]}
                />
              )}
            </>,
          )}
        {section(
          <Trans>Billing</Trans>,
          <>
            <TextField label={t`Billing email`} type="email" value={s.billing.billingEmail} onChange={(v) => setBilling('billingEmail', v)} error={errors.billingEmail} />
            <TextField label={t`Phone number`} type="tel" value={s.billing.phoneNumber} onChange={(v) => setBilling('phoneNumber', v)} error={errors.phoneNumber} maxLength={50} />
            <TextField label={t`Business ID`} value={s.billing.businessId} onChange={(v) => setBilling('businessId', v)} error={errors.businessId} maxLength={100} />
            <TextField label={t`Tax ID`} value={s.billing.taxId} onChange={(v) => setBilling('taxId', v)} error={errors.taxId} maxLength={100} />
            <TextField label={t`Address`} value={s.billing.address} onChange={(v) => setBilling('address', v)} error={errors.address} maxLength={500} />
            <TextField label={t`Zip code`} value={s.billing.zipCode} onChange={(v) => setBilling('zipCode', v)} error={errors.zipCode} maxLength={20} />
            <TextField label={t`Country`} value={s.billing.country} onChange={(v) => setBilling('country', v)} error={errors.country} maxLength={100} />
          </>,
        )}
        {showOptions &&
          section(
            <Trans>Options</Trans>,
            <>
              <TextField
                label={t`Max video duration (seconds)`}
                type="number"
                value={s.maxVideoDuration}
                onChange={(v) => set('maxVideoDuration', v)}
                error={errors['options.maxVideoDuration']}
                hint={<Trans>Leave empty for no limit.</Trans>}
              />
              <CheckboxField label={t`Disable analytics`} checked={s.disableAnalytics} onChange={(v) => set('disableAnalytics', v)} />
              <CheckboxField label={t`Analytics consent required`} checked={s.analyticsConsentRequired} onChange={(v) => set('analyticsConsentRequired', v)} />
            </>,
          )}
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy}>
            {mode === 'create' ? <Trans>Create account</Trans> : <Trans>Save</Trans>}
          </button>
          <button type="button" className="button" onClick={backToList}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
