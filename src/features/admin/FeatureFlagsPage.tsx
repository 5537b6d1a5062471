/**
 * Feature flags (superusers; spec 000 §2, §5, §7, §8): filters by flag name, accounts and flag type;
 * a table with name (description as tooltip), flag type, is_everyone, is_superadmin, account names,
 * user ids, languages and an Edit action; Create and Edit dialogs (type required, name from the
 * flag-name list of GET /global, Save disabled until valid). Toasts: 'Feature flag created
 * successfully!' / 'Error creating flag. Please try again.', 'Flag updated successfully!' / 'Error
 * updating flag. Please try again.'
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { accountsOptions, globalOptions } from '../../api/queries';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField, SelectField, TextField } from '../../ui/Field';
import { TableFallback } from '../../ui/TableFallback';
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

function FlagForm({ mode, initial, flagNames, onDone }: { mode: 'create' | 'edit'; initial: FlagFormState; flagNames: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [s, setS] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const descId = useId();
  const problems = flagFormProblems(s, flagNames);
  const valid = flagFormValid(s, flagNames);
  const set = <K extends keyof FlagFormState>(k: K, v: FlagFormState[K]) => {
    setTouched(true);
    setS((p) => ({ ...p, [k]: v }));
  };
  const names = mode === 'edit' && !flagNames.includes(s.name) ? [s.name, ...flagNames] : flagNames;

  const save = async () => {
    if (!valid) return;
    setBusy(true);
    try {
      if (mode === 'create') {
        await createFlag(flagBody(s));
        toast.success(t`Feature flag created successfully!`);
      } else {
        await updateFlag(flagBody(s));
        toast.success(t`Flag updated successfully!`);
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'flags'] });
      await queryClient.invalidateQueries({ queryKey: ['feature'] });
      onDone();
    } catch {
      toast.error(mode === 'create' ? t`Error creating flag. Please try again.` : t`Error updating flag. Please try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <SelectField
        label={t`Flag type`}
        required
        value={s.flag_type}
        onChange={(v) => set('flag_type', v)}
        placeholder={t`Choose a type`}
        error={touched && problems.flag_type ? t`This field is required.` : undefined}
        options={[
          { value: 'dashboard', label: 'dashboard' },
          { value: 'embed', label: 'embed' },
        ]}
      />
      <SelectField
        label={t`Flag name`}
        required
        disabled={mode === 'edit'}
        value={s.name}
        onChange={(v) => set('name', v)}
        placeholder={t`Choose a flag`}
        error={touched && problems.name ? t`Choose a name from the list.` : undefined}
        options={names.map((n) => ({ value: n, label: n }))}
      />
      {mode === 'create' && (
        <div className="field">
          <label htmlFor={descId}>
            <Trans>Description</Trans>
          </label>
          <textarea id={descId} rows={2} maxLength={500} value={s.description} onChange={(e) => set('description', e.target.value)} />
        </div>
      )}
      <CheckboxField label={t`On for everyone`} checked={s.is_everyone} onChange={(v) => set('is_everyone', v)} />
      <CheckboxField label={t`On for super admins`} checked={s.is_superadmin} onChange={(v) => set('is_superadmin', v)} />
      <AccountPicker label={t`Accounts`} value={s.accounts} onChange={(v) => set('accounts', v)} />
      <TextField
        label={t`User ids`}
        value={s.userIds}
        onChange={(v) => set('userIds', v)}
        hint={<Trans>Comma-separated, e.g. 12, 40</Trans>}
        error={problems.userIds ? t`Use whole numbers separated by commas.` : undefined}
      />
      <div className="actions end">
        <button type="button" className="button" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={!valid || busy}>
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}
