/**
 * Labelled controls of the settings tab bound to its TanStack form (SettingsTab.tsx): each shows the
 * field message the form's validators set (the server's valibot schemas, settingsModel.ts) and never
 * drops typed text — a number field keeps what was typed while it is not a number (the value is NaN
 * and the message says so). Field names are the form's paths (`settings.widgetSettings.height`).
 * Disabled state comes from the surrounding `<fieldset disabled>` (read-only, spec 001 §6).
 */
import { useId, useState, type ReactNode } from 'react';
import { useField, useStore, type AnyFieldApi } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { HEX_COLOUR } from '../../../../server/src/modules/bot/content.rules';
import { useQuery } from '@tanstack/react-query';
import { typedApi } from '../../../api/contract';
import { LazyMediaChooser as MediaChooser } from '../../media/LazyMediaChooser';
import { mediaKeys } from '../../media/media.queries';
import { CHOOSER_KINDS, type Media, type MediaKind } from '../../media/media.types';
import { parseNumber, parseOptionalNumber, type SettingsFormValues, type SlideInfo } from './settingsModel';
import type { SettingsForm } from './SettingsTab';
import { useEditor } from './editorContext';

/** A field path of the settings form. */
export type FieldName = string;

interface FieldProps {
  form: SettingsForm;
  name: FieldName;
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the field required (spec 001 §5 "Required widget fields"); the schema enforces it. */
  required?: boolean;
}

/** The label text with the required mark. */
function LabelText({ label, required }: { label: ReactNode; required?: boolean }) {
  return (
    <>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </>
  );
}

/** Error and hint paragraphs of a control; returns the describedby ids. */
function useDescribed(id: string, error: string | undefined, hint: ReactNode) {
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errId : '', hint ? hintId : ''].join(' ').trim() || undefined;
  const below = (
    <>
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
    </>
  );
  return { describedBy, below };
}

/** Registers a field of the settings form (TanStack `useField`, names as strings: the form's paths). */
const useSettingsField = useField as unknown as (opts: { form: SettingsForm; name: string }) => AnyFieldApi;

/**
 * The bound field's value, first message and setter. `set` goes through the field's `handleChange`,
 * so the form's validators (settingsModel.ts) and its change listener (→ the draft) run.
 */
function useBound<T>(form: SettingsForm, name: FieldName) {
  const field = useSettingsField({ form, name });
  const value = useStore(field.store, (s) => s.value) as T;
  const error = useStore(field.store, (s) => {
    const first = (s.meta.errors as unknown[]).find((e) => typeof e === 'string');
    return typeof first === 'string' ? first : undefined;
  });
  const { readOnly } = useEditor();
  const set = (next: T) => field.handleChange(next);
  return { value, error, set, readOnly };
}

/** Reads `a.b[0].c` of an object. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const step of path.split(/[.[\]]/).filter(Boolean)) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return cur;
}

/** A text input (or textarea); `nullable`: empty is stored as null. */
export function TextInput({ form, name, label, hint, nullable, multiline, maxLength }: FieldProps & { nullable?: boolean; multiline?: boolean; maxLength?: number }) {
  const id = useId();
  const { value, error, set, readOnly } = useBound<string | null>(form, name);
  const { describedBy, below } = useDescribed(id, error, hint);
  const onChange = (text: string) => set(nullable && text === '' ? null : text);
  const common = { id, value: value ?? '', maxLength, disabled: readOnly, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} /> : <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />}
      {below}
    </div>
  );
}

/**
 * A number input that keeps the typed text: `optional` stores empty as null (delayButtons, §5),
 * otherwise empty is NaN and the schema's message shows.
 */
export function NumberInput({ form, name, label, hint, required, optional, step, min, max }: FieldProps & { optional?: boolean; step?: number; min?: number; max?: number }) {
  const id = useId();
  const { value, error, set, readOnly } = useBound<number | null>(form, name);
  const [text, setText] = useState(() => (value == null || Number.isNaN(value) ? '' : String(value)));
  const parsed = optional ? parseOptionalNumber(text) : parseNumber(text);
  const shown = Object.is(parsed, value) || (Number.isNaN(parsed as number) && Number.isNaN(value as number)) ? text : value == null || Number.isNaN(value) ? '' : String(value);
  const { describedBy, below } = useDescribed(id, error, hint);
  return (
    <div className="field">
      <label htmlFor={id}>
        <LabelText label={label} required={required} />
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        aria-required={required || undefined}
        disabled={readOnly}
        value={shown}
        data-step={step}
        data-min={min}
        data-max={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          setText(e.target.value);
          set(optional ? parseOptionalNumber(e.target.value) : parseNumber(e.target.value));
        }}
      />
      {below}
    </div>
  );
}

/** A checkbox. */
export function Toggle({ form, name, label, hint, disabled }: FieldProps & { disabled?: boolean }) {
  const id = useId();
  const { value, set, readOnly } = useBound<boolean>(form, name);
  return (
    <div className="field checkbox-field">
      <input id={id} type="checkbox" checked={value === true} disabled={disabled || readOnly} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => set(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="muted small field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A select; `nullLabel` adds a "none" option stored as null; `numeric` stores numbers. */
export function Select({
  form,
  name,
  label,
  hint,
  required,
  options,
  nullLabel,
  numeric,
}: FieldProps & { options: readonly { value: string | number; label: string }[]; nullLabel?: string; numeric?: boolean }) {
  const id = useId();
  const { value, error, set, readOnly } = useBound<string | number | null>(form, name);
  const { describedBy, below } = useDescribed(id, error, hint);
  return (
    <div className="field">
      <label htmlFor={id}>
        <LabelText label={label} required={required} />
      </label>
      <select
        id={id}
        aria-required={required || undefined}
        value={value == null ? '' : String(value)}
        disabled={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => set(e.target.value === '' ? null : numeric ? Number(e.target.value) : e.target.value)}
      >
        {nullLabel !== undefined && <option value="">{nullLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      {below}
    </div>
  );
}

/** A colour: a colour picker and the hex text (the text is what is stored; `#rgb`, `#rrggbb`, `#rrggbbaa`). */
export function ColourInput({ form, name, label, hint, required, nullable }: FieldProps & { nullable?: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const { value, error, set, readOnly } = useBound<string | null>(form, name);
  const { describedBy, below } = useDescribed(id, error, hint);
  const labelText = typeof label === 'string' ? label : '';
  const hex = typeof value === 'string' && HEX_COLOUR.test(value) ? colourPickerValue(value) : '#000000';
  return (
    <div className="field colour-field">
      <label htmlFor={id}>
        <LabelText label={label} required={required} />
      </label>
      <div className="colour-inputs">
        <input type="color" disabled={readOnly} aria-label={t`${labelText}, colour picker`} value={hex} onChange={(e) => set(e.target.value.toUpperCase())} />
        <input
          id={id}
          type="text"
          value={value ?? ''}
          spellCheck={false}
          maxLength={9}
          disabled={readOnly}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => set(nullable && e.target.value === '' ? null : e.target.value)}
        />
      </div>
      {below}
    </div>
  );
}

/** Slide options of a picker: the draft's slides by name. */
export function slideOptions(slides: readonly SlideInfo[]) {
  return slides.map((s) => ({ value: s.id, label: s.name }));
}

/**
 * A thumbnail `{ thumbnailType?, slide, time, widgetThumbnailId? }` (spec 001 §3): the slide (none =
 * the intro) and the time in seconds (≥ 0, at most the slide's duration, §5); with `withType` the
 * source (a frame of the slide, or a custom CoverImage).
 */
export function ThumbnailFields({ form, base, slides, withType, accountId, canUpload }: { form: SettingsForm; base: string; slides: readonly SlideInfo[]; withType?: boolean; accountId: number; canUpload: boolean }) {
  const { t } = useLingui();
  const type = useStore(form.store, (s) => getPath(s.values, `${base}.thumbnailType`));
  return (
    <div className="settings-thumbnail">
      {withType && (
        <Select
          form={form}
          name={`${base}.thumbnailType`}
          label={<Trans>Thumbnail source</Trans>}
          options={[
            { value: 'frame', label: t`A frame of a slide` },
            { value: 'custom', label: t`A cover image` },
          ]}
        />
      )}
      {withType && type === 'custom' ? (
        <MediaPick form={form} name={`${base}.widgetThumbnailId`} label={<Trans>Thumbnail image</Trans>} kinds={['CoverImage']} accountId={accountId} canUpload={canUpload} />
      ) : (
        <>
          <Select form={form} name={`${base}.slide`} label={<Trans>Thumbnail slide</Trans>} options={slideOptions(slides)} nullLabel={t`The intro slide`} numeric />
          <NumberInput form={form} name={`${base}.time`} label={<Trans>Thumbnail time (seconds)</Trans>} step={0.1} min={0} />
        </>
      )}
    </div>
  );
}

/**
 * A media reference chosen with the MediaChooser (spec 001 §2 "Media chooser", §3 settings media;
 * issue 11): `kinds` are the kinds the server accepts for this setting (bot.service.ts SETTINGS_MEDIA:
 * logo LogoImage or LogoVideo, covers and the custom widget thumbnail CoverImage, the widget video
 * SlideVideo or LogoVideo). One chooser per media type the kinds cover (a logo offers an image and a
 * video chooser); each accepts only those kinds (another kind is refused in the chooser with a
 * message, and logged) and an upload there is created as the first of them (a cover upload is a
 * CoverImage, a logo upload a LogoImage or LogoVideo; the widget video a SlideVideo). The chosen
 * media's name is shown (fetched with GET /media/{id} after a reload).
 */
export function MediaPick({ form, name, label, kinds, accountId, canUpload }: FieldProps & { kinds: readonly MediaKind[]; accountId: number; canUpload: boolean }) {
  const id = useId();
  const { value, error, set, readOnly } = useBound<number | null>(form, name);
  const [open, setOpen] = useState<'VIDEO' | 'IMAGE' | null>(null);
  const [chosen, setChosen] = useState<Media | null>(null);
  const choosers = mediaPickChoosers(kinds);
  const stored = useQuery({
    queryKey: [...mediaKeys.all, 'one', value],
    queryFn: ({ signal }) => typedApi.get('/media/{id}', { path: { id: value! }, signal }),
    enabled: value != null && chosen?.id !== value,
    retry: false,
  });
  const shown = value == null ? null : chosen && chosen.id === value ? chosen : (stored.data ?? null);
  return (
    <div className="field media-pick" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="label">
        {label}
      </span>
      <p className="muted small" id={`${id}-value`}>
        {value == null ? <Trans>None</Trans> : shown ? shown.name : <Trans>Media {value}</Trans>}
      </p>
      <div className="actions">
        {choosers.map((c) => (
          <button key={c.mode} type="button" className="button" disabled={readOnly} aria-describedby={`${id}-value`} onClick={() => setOpen(c.mode)}>
            {choosers.length > 1 ? (
              c.mode === 'VIDEO' ? (
                <Trans>Choose a video</Trans>
              ) : (
                <Trans>Choose an image</Trans>
              )
            ) : value == null ? (
              <Trans>Choose</Trans>
            ) : (
              <Trans>Change</Trans>
            )}
          </button>
        ))}
        {value != null && (
          <button type="button" className="button link" disabled={readOnly} onClick={() => set(null)}>
            <Trans>Remove</Trans>
          </button>
        )}
      </div>
      {error && <p className="field-error">{error}</p>}
      {choosers.map((c) => (
        <MediaChooser
          key={c.mode}
          open={open === c.mode}
          mode={c.mode}
          kinds={c.kinds}
          accountId={accountId}
          canUpload={canUpload}
          onClose={() => setOpen(null)}
          onChoose={(media) => {
            setOpen(null);
            setChosen(media);
            set(media.id);
          }}
        />
      ))}
    </div>
  );
}

/**
 * The choosers of a MediaPick: for each media type (image first) the setting's kinds of that type
 * (spec 001 §2 chooser modes), e.g. [LogoImage, LogoVideo] → an IMAGE chooser of [LogoImage] and a
 * VIDEO chooser of [LogoVideo]. Kinds no chooser lists (ProfileImage) are left out.
 */
export function mediaPickChoosers(kinds: readonly MediaKind[]): { mode: 'VIDEO' | 'IMAGE'; kinds: readonly MediaKind[] }[] {
  return (['IMAGE', 'VIDEO'] as const)
    .map((mode) => ({ mode, kinds: kinds.filter((k) => (CHOOSER_KINDS[mode] as readonly MediaKind[]).includes(k)) }))
    .filter((c) => c.kinds.length > 0);
}

/** The form values type, re-exported for the section components. */
export type { SettingsFormValues };

/**
 * The `#rrggbb` (lower case) an `<input type="color">` takes for a HEX_COLOUR value (`#rgb` doubled
 * per digit, `#rrggbbaa` without its alpha). String work only: colord loads with the contrast readout.
 */
export function colourPickerValue(hex: string): string {
  const digits = hex.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.slice(0, 6)}`;
}
