/**
 * Multi-account picker of the feature flag screens (spec 000 §7, §9): a search field queries
 * `GET /account?size=100&business_name=…` 300 ms after typing stops; results are checkboxes; the
 * chosen accounts show as removable chips.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { accountSearchOptions } from '../accounts/accounts.api';

/** Search debounce (spec 000 §9). */
export const ACCOUNT_SEARCH_DEBOUNCE_MS = 300;

export interface PickedAccount {
  id: number;
  businessName: string;
}

export function AccountPicker({ label, value, onChange, required }: { label: string; value: PickedAccount[]; onChange: (v: PickedAccount[]) => void; required?: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), ACCOUNT_SEARCH_DEBOUNCE_MS);
  const results = useQuery({ ...accountSearchOptions(debounced), enabled: debounced !== '' });
  const chosen = new Set(value.map((a) => a.id));
  const toggle = (a: PickedAccount) => onChange(chosen.has(a.id) ? value.filter((v) => v.id !== a.id) : [...value, a]);

  return (
    <div className="field account-picker">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {value.length > 0 && (
        <ul className="chips" aria-label={t`Chosen accounts`}>
          {value.map((a) => (
            <li key={a.id} className="chip">
              {a.businessName}
              <button type="button" className="chip-remove" aria-label={t`Remove ${a.businessName}`} onClick={() => toggle(a)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input id={id} type="search" aria-required={required || undefined} value={query} placeholder={t`Search accounts`} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
      {debounced !== '' && (
        <ul className="picker-results" aria-label={t`Matching accounts`}>
          {results.isPending ? (
            <li className="muted">
              <Trans>Loading…</Trans>
            </li>
          ) : (results.data?.records ?? []).length === 0 ? (
            <li className="muted">
              <Trans>No results</Trans>
            </li>
          ) : (
            results.data?.records.map((a) => (
              <li key={a.id}>
                <label>
                  <input type="checkbox" checked={chosen.has(a.id)} onChange={() => toggle({ id: a.id, businessName: a.businessName })} /> {a.businessName}
                </label>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
