/**
 * Controls of the settings Profile tab (spec 002 §2 "Profile tab"; issue 15): a colour (picker + hex
 * text, the text is what is stored) and a media reference chosen from the account's media library
 * with the media chooser (src/features/media/LazyMediaChooser.tsx: LogoImage for the logo, LogoVideo
 * for the global chat icon video, CoverImage for the cover, SlideVideo or LogoVideo for the profile
 * video). Each is labelled, shows its message and is reachable by keyboard.
 */
import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { typedApi } from '../../../api/contract';
import { LazyMediaChooser } from '../../media/LazyMediaChooser';
import { mediaKeys } from '../../media/media.queries';
import type { Media, MediaKind } from '../../media/media.types';
import { PROFILE_HEX_COLOUR } from '../../../../server/src/modules/account/profile.rules';

/** `#rrggbb` for an `<input type="color">` from a hex colour (`#rgb` doubled, `#rrggbbaa` without alpha); black otherwise. */
export function pickerValue(hex: string): string {
  const h = hex.trim();
  if (!PROFILE_HEX_COLOUR.test(h)) return '#000000';
  const digits = h.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.slice(0, 6)}`;
}

/** Error paragraph ids and the `aria-describedby` of a control. */
function described(id: string, error: string | undefined, hint: ReactNode) {
  const ids = [error ? `${id}-err` : '', hint ? `${id}-hint` : ''].join(' ').trim();
  return ids || undefined;
}

/** A required colour: a colour picker and the hex text. */
export function ColourField({ label, value, onChange, onBlur, error, hint }: { label: string; value: string; onChange: (v: string) => void; onBlur?: () => void; error?: string; hint?: ReactNode }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field colour-field">
      <label htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <div className="colour-inputs">
        <input type="color" aria-label={t`${label}, colour picker`} value={pickerValue(value)} onChange={(e) => onChange(e.target.value.toUpperCase())} />
        <input
          id={id}
          type="text"
          value={value}
          spellCheck={false}
          maxLength={9}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={described(id, error, hint)}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      </div>
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

/** The media shown for a reference: a just-chosen one, else the stored one fetched by id (`GET /media/{id}`). */
function useShownMedia(value: number | null, chosen: Media | null) {
  const stored = useQuery({
    queryKey: [...mediaKeys.all, 'one', value],
    queryFn: ({ signal }) => typedApi.get('/media/{id}', { path: { id: value! }, signal }),
    enabled: value != null && chosen?.id !== value,
    retry: false,
  });
  return value == null ? null : chosen && chosen.id === value ? chosen : (stored.data ?? null);
}

/**
 * A media reference chosen with the media chooser in `mode`, narrowed to `kinds` (an upload there is
 * created as `kinds[0]`): the chosen media's name and thumbnail, Choose / Change and Remove.
 */
export function MediaField({
  label,
  value,
  onChange,
  mode,
  kinds,
  accountId,
  error,
  hint,
}: {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  mode: 'VIDEO' | 'IMAGE';
  kinds: readonly MediaKind[];
  accountId: number;
  error?: string;
  hint?: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Media | null>(null);
  const shown = useShownMedia(value, chosen);
  const thumb = shown?.thumbnailUrl ?? (mode === 'IMAGE' ? shown?.url : null);
  return (
    <div className="field media-field" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="label">
        {label}
      </span>
      <div className="media-field-row">
        {thumb ? <img className="media-field-thumb" src={thumb} alt="" /> : <span className="media-field-thumb empty" aria-hidden="true" />}
        <p className="muted small" id={`${id}-value`}>
          {value == null ? <Trans>None</Trans> : shown ? shown.name : <Trans>Media {value}</Trans>}
        </p>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button"
          aria-describedby={[`${id}-value`, hint ? `${id}-hint` : '', error ? `${id}-err` : ''].join(' ').trim()}
          aria-invalid={error ? true : undefined}
          onClick={() => setOpen(true)}
        >
          {value == null ? <Trans>Choose</Trans> : <Trans>Change</Trans>}
          <span className="visually-hidden"> {label}</span>
        </button>
        {value != null && (
          <button type="button" className="button link" onClick={() => onChange(null)}>
            <Trans>Remove</Trans>
            <span className="visually-hidden"> {label}</span>
          </button>
        )}
      </div>
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
      <LazyMediaChooser
        open={open}
        mode={mode}
        kinds={kinds}
        uploadKind={kinds[0]}
        accountId={accountId}
        canUpload
        onClose={() => setOpen(false)}
        onChoose={(media) => {
          setOpen(false);
          setChosen(media);
          onChange(media.id);
        }}
      />
    </div>
  );
}

/** A labelled textarea with hint and message (the shared Field.tsx has none). */
export function TextAreaField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  required,
  rows = 4,
  maxLength,
  monospace,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  rows?: number;
  maxLength?: number;
  monospace?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <textarea
        id={id}
        value={value}
        rows={rows}
        maxLength={maxLength}
        required={required}
        spellCheck={monospace ? false : undefined}
        className={monospace ? 'code-input' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
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
