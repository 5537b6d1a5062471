/**
 * Filter controls shared by the staff analytics screens (issue 13 "Staff"; spec 002 §2, §9): a date
 * range with presets and two day inputs, a page size select (10/25/50/100), a multi-value text filter
 * with chips (business type, use case), and `useOpenBot` for a row click into the bot's account.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DayRange } from './adminRanges';
import { toast } from '../../../ui/toast';
import { errorText } from '../../../ui/errorText';
import { TABLE_PAGE_SIZES, isDay, type TablePageSize } from './adminSearch';
import { accountSlugOf } from './admin.queries';

export interface RangePreset {
  key: string;
  label: string;
  range: DayRange;
}

/**
 * Preset select + From / To day inputs. `value` is the shown range; `onChange` gets a new range
 * (from ≤ to; the server clamps the end). Choosing "Custom range" keeps the dates.
 */
export function DateRangeFilter({ value, presets, onChange }: { value: DayRange; presets: readonly RangePreset[]; onChange: (range: DayRange) => void }) {
  const { t } = useLingui();
  const id = useId();
  const current = presets.find((p) => p.range.from === value.from && p.range.to === value.to)?.key ?? 'custom';
  const setDay = (which: 'from' | 'to', day: string) => {
    if (!isDay(day)) return;
    const next = { ...value, [which]: day };
    if (next.from > next.to) {
      if (which === 'from') next.to = next.from;
      else next.from = next.to;
    }
    onChange(next);
  };
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-preset`}>
          <Trans>Date range</Trans>
        </label>
        <select
          id={`${id}-preset`}
          value={current}
          onChange={(e) => {
            const preset = presets.find((p) => p.key === e.target.value);
            if (preset) onChange(preset.range);
          }}
        >
          {presets.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
          <option value="custom">{t`Custom range`}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>
          <Trans>From</Trans>
        </label>
        <input id={`${id}-from`} type="date" value={value.from} max={value.to} onChange={(e) => setDay('from', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>
          <Trans>To</Trans>
        </label>
        <input id={`${id}-to`} type="date" value={value.to} min={value.from} onChange={(e) => setDay('to', e.target.value)} />
      </div>
    </>
  );
}

/** Rows per page: 10, 25, 50 or 100 (spec 002 §9). */
export function PageSizeSelect({ value, onChange }: { value: TablePageSize; onChange: (size: TablePageSize) => void }) {
  const id = useId();
  return (
    <div className="field page-size-field">
      <label htmlFor={id}>
        <Trans>Rows per page</Trans>
      </label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value) as TablePageSize)}>
        {TABLE_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A multi-value text filter: the chosen values as removable chips, a text input offering `suggestions`
 * (values seen in the data) and an Add button (Enter adds too).
 */
export function TextListFilter({ label, value, suggestions, onChange }: { label: ReactNode; value: readonly string[]; suggestions: readonly string[]; onChange: (values: string[]) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const add = (e: FormEvent) => {
    e.preventDefault();
    const item = text.trim();
    setText('');
    if (item && !value.includes(item)) onChange([...value, item]);
  };
  const offered = suggestions.filter((s) => !value.includes(s));
  return (
    <form className="field text-list-filter" onSubmit={add}>
      <label htmlFor={id}>{label}</label>
      {value.length > 0 && (
        <ul className="chips">
          {value.map((item) => (
            <li key={item} className="chip">
              {item}
              <button type="button" className="chip-remove" aria-label={t`Remove ${item}`} onClick={() => onChange(value.filter((x) => x !== item))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="text-list-input">
        <input id={id} type="text" value={text} maxLength={100} list={`${id}-options`} autoComplete="off" onChange={(e) => setText(e.target.value)} />
        <datalist id={`${id}-options`}>
          {offered.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <button type="submit" className="button small">
          <Trans>Add</Trans>
        </button>
      </span>
    </form>
  );
}

/** Opens a bot in its account: `/dashboard/{account publicId}/vidbots/{botId}` (spec 002 §2 live status row click). */
export function useOpenBot(): (accountId: number, botId: number) => void {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (accountId, botId) =>
    void accountSlugOf(queryClient, accountId).then(
      (accountSlug) => navigate({ to: '/dashboard/$accountSlug/vidbots/$id', params: { accountSlug, id: String(botId) } }),
      (error: unknown) => toast.error(errorText(error, t`An error occurred`)),
    );
}
