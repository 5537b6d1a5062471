/**
 * Labelled form controls with their hint and error message tied to the control (`aria-invalid`,
 * `aria-describedby`): the one set of field components of the SPA — the session screens, the
 * account, user and staff forms all use them.
 */
import { useId, type ReactNode } from 'react';

interface BaseProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/** Props of `TextField`. */
export type TextFieldProps = BaseProps & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'tel' | 'number' | 'password' | 'search';
  name?: string;
  autoFocus?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  readOnly?: boolean;
  maxLength?: number;
};

/** A text-like input (text, email, tel, number, password, search). */
export function TextField({
  label,
  error,
  hint,
  value,
  onChange,
  onBlur,
  type = 'text',
  name,
  required,
  disabled,
  autoFocus,
  autoComplete,
  inputMode,
  readOnly,
  maxLength,
}: TextFieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        required={required}
        disabled={disabled}
        data-autofocus={autoFocus ? '' : undefined}
        autoComplete={autoComplete}
        inputMode={inputMode}
        readOnly={readOnly}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errId : '', hint ? hintId : ''].join(' ').trim() || undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {hint && (
        <p id={hintId} className="muted small field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A select with options `{ value, label, disabled? }`. */
export function SelectField<V extends string>({
  label,
  error,
  value,
  onChange,
  options,
  required,
  disabled,
  placeholder,
}: BaseProps & {
  value: V | '';
  onChange: (value: V) => void;
  options: ReadonlyArray<{ value: V; label: string; disabled?: boolean }>;
  placeholder?: string;
}) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId : undefined}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label on the right. */
export function CheckboxField({ label, checked, onChange, disabled }: { label: ReactNode; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="field checkbox-field">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
