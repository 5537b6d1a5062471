/**
 * Building blocks of the widget settings sections (issue 15 "Editor"; spec 002 §2 "four sections"):
 * a collapsible section (a heading whose button toggles the body, `aria-expanded` / `aria-controls`;
 * the body is a fieldset disabled when read-only), a labelled number input, a labelled checkbox and
 * the translated message of a number field's issue.
 */
import { useId, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { WidgetContent } from '../../../../server/src/modules/widget/widget.schemas';
import { numberIssue, numberText, parseRequiredNumber, type NumberIssue } from './widgetContent.logic';

/** What every section receives from the panel. */
export interface SectionProps {
  content: WidgetContent;
  onChange: (next: WidgetContent) => void;
  readOnly: boolean;
  /** Field messages by content path: the server's 422 and the contract's client-side checks. */
  errors: Record<string, string>;
}

/** A collapsible section (open by default). */
export function WidgetSection({ id, title, children, readOnly, defaultOpen = true }: { id: string; title: string; children: ReactNode; readOnly: boolean; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const headingId = useId();
  return (
    <section className="widget-section" aria-labelledby={headingId} data-section={id}>
      <h3 id={headingId}>
        <button type="button" className="widget-section-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          <span>{title}</span>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
      </h3>
      <div id={bodyId} className="widget-section-body" hidden={!open}>
        <fieldset disabled={readOnly}>{children}</fieldset>
      </div>
    </section>
  );
}

/** The translated message of a number field's issue. */
export function useNumberMessage() {
  const { t } = useLingui();
  return (issue: NumberIssue, bounds: { min?: number; max?: number }): string | undefined => {
    switch (issue) {
      case 'required':
        return t`Required.`;
      case 'whole':
        return t`Use a whole number.`;
      case 'min':
        return t`At least ${bounds.min ?? 0}.`;
      case 'max':
        return t`At most ${bounds.max ?? 0}.`;
      default:
        return undefined;
    }
  };
}

/**
 * A labelled number input. `value` NaN (emptied) or null shows as ''; `nullable` fields report null
 * when emptied, others NaN. The client-side issue (bounds) wins over `serverError`.
 */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  placeholder,
  required = true,
  nullable = false,
  serverError,
  hint,
}: {
  label: ReactNode;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  placeholder?: string;
  required?: boolean;
  nullable?: boolean;
  serverError?: string;
  hint?: ReactNode;
}) {
  const id = useId();
  const message = useNumberMessage();
  const error = message(numberIssue(value, { min, max, required: !nullable }), { min, max }) ?? serverError;
  const described = [error ? `${id}-err` : '', hint ? `${id}-hint` : ''].join(' ').trim() || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && !nullable && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        required={required && !nullable}
        placeholder={placeholder}
        value={numberText(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(nullable && e.target.value.trim() === '' ? null : parseRequiredNumber(e.target.value))}
      />
      {hint && (
        <p id={`${id}-hint`} className="muted small field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-err`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label on the right (and an optional hint tied to it). */
export function Check({ label, checked, onChange, disabled, hint }: { label: ReactNode; checked: boolean; onChange: (value: boolean) => void; disabled?: boolean; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="field checkbox-field">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="muted small field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A field message under a group (fieldset) of controls. */
export function GroupError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}
