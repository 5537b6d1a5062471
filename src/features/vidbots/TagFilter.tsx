/**
 * The list's tag filter (spec 001 §2 "tag filter (multi-pick)"): a disclosure button opening a group
 * of labelled checkboxes, one per tag of the account (spec 001 §9: the first 100), and the chosen
 * tags as removable chips. `value` is the URL's `tag_ids`; every change calls `onChange` with the new
 * sorted ids.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Tag } from './tag.queries';

export function TagFilter({ tags, value, onChange }: { tags: readonly Tag[]; value: readonly number[]; onChange: (ids: number[]) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const chosen = new Set(value);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next].sort((a, b) => a - b));
  };

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const chips = tags.filter((tag) => chosen.has(tag.id));
  return (
    <div className="tag-filter" ref={wrapRef}>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      >
        {value.length ? t`Tags (${value.length})` : t`Filter by tag`}
      </button>
      {open && (
        <fieldset
          id={panelId}
          className="tag-filter-panel"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              (wrapRef.current?.querySelector('button') as HTMLButtonElement | null)?.focus();
            }
          }}
        >
          <legend>
            <Trans>Show vidbots with any of these tags</Trans>
          </legend>
          {tags.length === 0 ? (
            <p className="muted">
              <Trans>This account has no tags yet.</Trans>
            </p>
          ) : (
            tags.map((tag) => (
              <label key={tag.id} className="tag-filter-option">
                <input type="checkbox" checked={chosen.has(tag.id)} onChange={(e) => toggle(tag.id, e.target.checked)} />
                {tag.name}
              </label>
            ))
          )}
        </fieldset>
      )}
      {chips.length > 0 && (
        <ul className="tag-chips" aria-label={t`Tag filter`}>
          {chips.map((tag) => (
            <li key={tag.id} className="chip">
              {tag.name}
              <button type="button" className="chip-remove" aria-label={t`Remove tag filter ${tag.name}`} onClick={() => toggle(tag.id, false)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="button link small" onClick={() => onChange([])}>
              <Trans>Clear tags</Trans>
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
