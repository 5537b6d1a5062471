/**
 * Feature flags (superusers; spec 000 §2, §5, §7, §8): filters by flag name, accounts and flag type;
 * a table with name (description as tooltip), flag type, is_everyone, is_superadmin, account names,
 * user ids, languages and an Edit action; Create and Edit dialogs (type required, name from the
 * flag-name list of GET /global, Save disabled until valid). Toasts: 'Feature flag created
 * successfully!' / 'Error creating flag. Please try again.', 'Flag updated successfully!' / 'Error
 * updating flag. Please try again.'
 *
 * The dialog's form is a @tanstack/react-form form (issue 14): the rules of flagForm.ts run on every
 * change (messages show once something was changed), Save is disabled while invalid or saving, a
 * 422's field messages land on their fields and a failed save keeps the input. The list filters are
 * plain view state (they only choose what the table shows).
 */
import { useId, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { accountsOptions, globalOptions } from '../../api/queries';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField, SelectField, TextField } from '../../ui/Field';
import { TableFallback } from '../../ui/TableFallback';
import { firstError, showServerErrors, submitForm } from '../../ui/formErrors';
import { AccountPicker, type PickedAccount } from './AccountPicker';
import { createFlag, flagsOptions, updateFlag, type FeatureFlag, type FlagType } from './admin.api';
import { EMPTY_FLAG_FORM, flagBody, flagFormFrom, flagFormProblems, flagFormValid, type FlagFormState } from './flagForm';

export function FeatureFlagsPage() {
  const { t } = useLingui();
  const flagNames = useQuery(globalOptions()).data?.flagNames ?? [];
  const accounts = useQuery(accountsOptions()).data?.records ?? [];
  const names = new Map(accounts.map((a) => [a.id, a.businessName]));
  const [flagName, setFlagName] = useState('');
  const [flagType, setFlagType] = useState<FlagType | ''>('');
  const [filterAccounts, setFilterAccounts] = useState<PickedAccount[]>([]);
  const list = useQuery({ ...flagsOptions({ flag_name: flagName, flag_type: flagType, account_ids: filterAccounts.map((a) => a.id) }), placeholderData: (p) => p });
  const [dialog, setDialog] = useState<{ mode: 'create' } | { mode: 'edit'; flag: FeatureFlag } | null>(null);
  const rows = list.data ?? [];
  const yesNo = (v: boolean | null) => (v === null ? '–' : v ? t`Yes` : t`No`);

  return (
    <div className="page">
      <div className="page-header">
        <h1>
          <Trans>Feature flags</Trans>
        </h1>
        <button type="button" className="button primary" onClick={() => setDialog({ mode: 'create' })}>
          <Trans>Create new</Trans>
        </button>
      </div>
      <div className="filters" role="search" aria-label={t`Filter feature flags`}>
        <SelectField
          label={t`Flag name`}
          value={flagName}
          onChange={setFlagName}
          options={[{ value: '', label: t`All names` }, ...flagNames.map((n) => ({ value: n, label: n }))]}
        />
        <SelectField
          label={t`Flag type`}
          value={flagType}
          onChange={setFlagType}
          options={[
            { value: '', label: t`All types` },
            { value: 'dashboard', label: 'dashboard' },
            { value: 'embed', label: 'embed' },
          ]}
        />
        <AccountPicker label={t`Accounts`} value={filterAccounts} onChange={setFilterAccounts} />
      </div>
      {list.isError ? (
        <TableFallback state="noData" />
      ) : list.isPending ? (
        <TableFallback state="loading" />
      ) : rows.length === 0 ? (
        <TableFallback state="noResults" />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Feature flags`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Flag type`}</th>
                <th scope="col">{t`Everyone`}</th>
                <th scope="col">{t`Super admins`}</th>
                <th scope="col">{t`Accounts`}</th>
                <th scope="col" className="hide-sm">
                  {t`User ids`}
                </th>
                <th scope="col" className="hide-sm">
                  {t`Languages`}
                </th>
                <th scope="col" className="actions-cell">
                  {t`Actions`}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={`${f.flag_type}:${f.name}`}>
                  <td className="name-cell">
                    <span title={f.description ?? undefined}>{f.name}</span>
                    {f.description && <span className="visually-hidden">: {f.description}</span>}
                  </td>
                  <td>{f.flag_type}</td>
                  <td className="yes-no">{yesNo(f.is_everyone)}</td>
                  <td className="yes-no">{yesNo(f.is_superadmin)}</td>
                  <td>{f.account_ids.map((id) => names.get(id) ?? f.accounts?.find((a) => a.id === id)?.businessName ?? `#${id}`).join(', ') || '–'}</td>
                  <td className="hide-sm">{f.user_ids.join(', ') || '–'}</td>
                  <td className="hide-sm">{f.languages.join(', ') || '–'}</td>
                  <td className="actions-cell">
                    <button type="button" className="button small" aria-label={t`Edit ${f.name}`} onClick={() => setDialog({ mode: 'edit', flag: f })}>
                      <Trans>Edit</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog
        open={dialog !== null}
        title={dialog?.mode === 'edit' ? <Trans>Edit feature flag</Trans> : <Trans>Create feature flag</Trans>}
        onClose={() => setDialog(null)}
      >
        {dialog && (
          <FlagForm
            key={dialog.mode === 'edit' ? dialog.flag.name : 'new'}
            mode={dialog.mode}
            initial={dialog.mode === 'edit' ? flagFormFrom(dialog.flag, names) : EMPTY_FLAG_FORM}
            flagNames={flagNames}
            onDone={() => setDialog(null)}
          />
        )}
      </Dialog>
    </div>
  );
}

/** The create / edit flag form (inside its dialog). */
export function FlagForm({ mode, initial, flagNames, onDone }: { mode: 'create' | 'edit'; initial: FlagFormState; flagNames: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const descId = useId();
  const messages = { required: t`This field is required.`, unknown: t`Choose a name from the list.`, invalid: t`Use whole numbers separated by commas.` };
  const form = useForm({
    defaultValues: initial,
    validators: {
      onChange: ({ value }) => {
        const problems = flagFormProblems(value, flagNames);
        const fields = Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, messages[p]]));
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmit: async ({ value, formApi }) => {
      if (!flagFormValid(value, flagNames)) return;
      try {
        if (mode === 'create') {
          await createFlag(flagBody(value));
          toast.success(t`Feature flag created successfully!`);
        } else {
          await updateFlag(flagBody(value));
          toast.success(t`Flag updated successfully!`);
        }
      } catch (error) {
        showServerErrors(formApi, error, '', { user_ids: 'userIds', account_ids: 'accounts' });
        toast.error(mode === 'create' ? t`Error creating flag. Please try again.` : t`Error updating flag. Please try again.`);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'flags'] });
      await queryClient.invalidateQueries({ queryKey: ['feature'] });
      onDone();
    },
  });
  const names = mode === 'edit' && !flagNames.includes(initial.name) ? [initial.name, ...flagNames] : flagNames;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submitForm(form);
      }}
    >
      <form.Field name="flag_type">
        {(field) => (
          <SelectField
            label={t`Flag type`}
            required
            value={field.state.value}
            onChange={field.handleChange}
            placeholder={t`Choose a type`}
            error={firstError(field.state.meta.errors)}
            options={[
              { value: 'dashboard', label: 'dashboard' },
              { value: 'embed', label: 'embed' },
            ]}
          />
        )}
      </form.Field>
      <form.Field name="name">
        {(field) => (
          <SelectField
            label={t`Flag name`}
            required
            disabled={mode === 'edit'}
            value={field.state.value}
            onChange={field.handleChange}
            placeholder={t`Choose a flag`}
            error={firstError(field.state.meta.errors)}
            options={names.map((n) => ({ value: n, label: n }))}
          />
        )}
      </form.Field>
      {mode === 'create' && (
        <form.Field name="description">
          {(field) => {
            const error = firstError(field.state.meta.errors);
            return (
              <div className="field">
                <label htmlFor={descId}>
                  <Trans>Description</Trans>
                </label>
                <textarea
                  id={descId}
                  rows={2}
                  maxLength={500}
                  value={field.state.value}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${descId}-err` : undefined}
                  onChange={(e) => field.handleChange(e.target.value)}
                  onBlur={field.handleBlur}
                />
                {error && (
                  <p id={`${descId}-err`} className="field-error">
                    {error}
                  </p>
                )}
              </div>
            );
          }}
        </form.Field>
      )}
      <form.Field name="is_everyone">{(field) => <CheckboxField label={t`On for everyone`} checked={field.state.value} onChange={field.handleChange} />}</form.Field>
      <form.Field name="is_superadmin">{(field) => <CheckboxField label={t`On for super admins`} checked={field.state.value} onChange={field.handleChange} />}</form.Field>
      <form.Field name="accounts">{(field) => <AccountPicker label={t`Accounts`} value={field.state.value} onChange={field.handleChange} />}</form.Field>
      <form.Field name="userIds">
        {(field) => (
          <TextField
            label={t`User ids`}
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            hint={<Trans>Comma-separated, e.g. 12, 40</Trans>}
            error={firstError(field.state.meta.errors)}
          />
        )}
      </form.Field>
      <div className="actions end">
        <button type="button" className="button" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe selector={(st) => ({ valid: flagFormValid(st.values, flagNames), submitting: st.isSubmitting })}>
          {({ valid, submitting }) => (
            <button type="submit" className="button primary" disabled={!valid || submitting} aria-busy={submitting || undefined}>
              <Trans>Save</Trans>
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
