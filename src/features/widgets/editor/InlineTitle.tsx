/**
 * The widget editor's inline-editable title (spec 002 §2 "Top bar: inline-editable title"). Shows the
 * name as the page heading with an "Edit name" button; editing swaps in a labelled text field: Enter
 * or leaving the field saves (PATCH name), Escape cancels; focus returns to the button afterwards.
 * An empty name is refused with a message (spec 002 §5 name required); a server failure keeps the
 * field open with the server's message. Read-only: the heading only.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../../machines/editor/editor.machine';

export interface InlineTitleProps {
  name: string;
  readOnly: boolean;
  /** Saves the new name; rejects with the API error. */
  onRename(name: string): Promise<void>;
}

export function InlineTitle({ name, readOnly, onRename }: InlineTitleProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  const errorId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.select();
    else if (restoreFocus.current) {
      restoreFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [editing]);

  const close = () => {
    restoreFocus.current = true;
    setEditing(false);
    setError(null);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (saving) return;
    const next = value.trim();
    if (next === name) return close();
    if (next === '') {
      setError(t`Name is required.`);
      return;
    }
    setSaving(true);
    try {
      await onRename(next);
      close();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setValue(name);
      close();
    }
  };

  if (!editing) {
    return (
      <div className="inline-title">
        <h1>{name}</h1>
        {!readOnly && (
          <button
            ref={buttonRef}
            type="button"
            className="button link"
            onClick={() => {
              setValue(name);
              setEditing(true);
            }}
          >
            <Trans>Edit name</Trans>
          </button>
        )}
      </div>
    );
  }
  return (
    <form className="inline-title editing" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${errorId}-input`}>
        <Trans>Widget name</Trans>
      </label>
      <input
        ref={inputRef}
        id={`${errorId}-input`}
        value={value}
        maxLength={255}
        disabled={saving}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void submit()}
      />
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
