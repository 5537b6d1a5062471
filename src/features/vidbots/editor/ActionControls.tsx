/**
 * Labelled controls of the action editors bound to an `ActionDraft` by dotted path: the message of
 * the content schema shows under the control once touched (`aria-invalid`, `aria-describedby`).
 * Also the pickers every action editor shares: the slide picker, the link type / external link type
 * selects and the submit-button / thank-you-page blocks (spec 001 §3 Enumerations, §9 defaults).
 */
import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EXTERNAL_LINK_TYPES, LINK_TYPES, SUBMIT_BUTTON_TYPES, THANK_YOU_BUTTON_TYPES } from '../../../../server/src/modules/bot/content.rules';
import type { Slide } from '../vidbot.types';
import { inputTypeOf, placeholderOf } from './actionEditors.logic';
import type { ActionDraft } from './useActionDraft';

/** What the bound controls use of a draft (any action's or a form field's). */
export type BoundDraft = Pick<ActionDraft<unknown, unknown>, 'values' | 'set' | 'touch' | 'error'>;

/** Reads a dotted path of the draft's values. */
export function valueOf(draft: BoundDraft, path: string): unknown {
  let cur: unknown = draft.values;
  for (const step of path.split('.')) cur = cur == null ? undefined : (cur as Record<string, unknown>)[step];
  return cur;
}

interface BoundProps {
  draft: BoundDraft;
  path: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
}

/** A text input (or textarea) bound to `path`. */
export function TextInput({
  draft,
  path,
  label,
  required,
  hint,
  type = 'text',
  multiline,
  placeholder,
  maxLength = 255,
  autoFocus,
}: BoundProps & { type?: 'text' | 'email' | 'url' | 'tel'; multiline?: boolean; placeholder?: string; maxLength?: number; autoFocus?: boolean }) {
  const id = useId();
  const error = draft.error(path);
  const value = valueOf(draft, path);
  const describedBy = [error ? `${id}-err` : '', hint ? `${id}-hint` : ''].join(' ').trim() || undefined;
  const common = {
    id,
    value: value == null ? '' : String(value),
    required,
    placeholder,
    maxLength,
    'data-autofocus': autoFocus ? '' : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onBlur: () => draft.touch(path),
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => draft.set(path, e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => draft.set(path, e.target.value)} />
      )}
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

/** A select bound to `path`; an empty choice stores `null`. */
export function SelectInput<V extends string | number>({
  draft,
  path,
  label,
  required,
  options,
  placeholder,
  disabled,
  onChange,
}: BoundProps & {
  options: ReadonlyArray<{ value: V; label: string }>;
  placeholder?: string;
  disabled?: boolean;
  /** Replaces the default `draft.set(path, value)`. */
  onChange?: (value: V | null) => void;
}) {
  const id = useId();
  const error = draft.error(path);
  const value = valueOf(draft, path);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        value={value == null ? '' : String(value)}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onBlur={() => draft.touch(path)}
        onChange={(e) => {
          const raw = e.target.value;
          const match = options.find((o) => String(o.value) === raw);
          const next = match ? match.value : null;
          if (onChange) onChange(next);
          else draft.set(path, next);
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-err`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox bound to a boolean at `path`. */
export function CheckInput({ draft, path, label, onChange, disabled }: BoundProps & { onChange?: (checked: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="field checkbox-field">
      <input
        id={id}
        type="checkbox"
        checked={valueOf(draft, path) === true}
        disabled={disabled}
        onChange={(e) => (onChange ? onChange(e.target.checked) : draft.set(path, e.target.checked))}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** Translated names of the link enumerations (spec 001 §3). */
export function useLinkLabels() {
  const { t } = useLingui();
  const externalLinkType: Record<(typeof EXTERNAL_LINK_TYPES)[number], string> = {
    url: t`Web address (URL)`,
    tel: t`Phone number (tel:)`,
    mailto: t`Email (mailto:)`,
    deep_link: t`Deep link`,
    relative_path: t`Relative path`,
  };
  const linkType: Record<(typeof LINK_TYPES)[number], string> = {
    new_tab: t`Open in a new tab`,
    embed: t`Embed in the vidbot`,
    same_tab: t`Open in the same tab`,
  };
  return { externalLinkType, linkType };
}

/**
 * The link part of an external link, a link field or a thank-you page's link button: link type
 * (how it opens), external link type, and the url with the input type and placeholder of its type
 * (spec 001 §5 text rules; `javascript:` refused by the schema).
 */
export function LinkInputs({ draft, prefix, urlLabel }: { draft: BoundDraft; prefix: string; urlLabel?: ReactNode }) {
  const { t } = useLingui();
  const labels = useLinkLabels();
  const at = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const kind = valueOf(draft, at('externalLinkType')) as string | null | undefined;
  return (
    <div className="field-row">
      <SelectInput
        draft={draft}
        path={at('linkType')}
        label={<Trans>How the link opens</Trans>}
        required
        placeholder={t`Choose…`}
        options={LINK_TYPES.map((value) => ({ value, label: labels.linkType[value] }))}
      />
      <SelectInput
        draft={draft}
        path={at('externalLinkType')}
        label={<Trans>Link type</Trans>}
        required
        placeholder={t`Choose…`}
        options={EXTERNAL_LINK_TYPES.map((value) => ({ value, label: labels.externalLinkType[value] }))}
      />
      <TextInput
        draft={draft}
        path={at('url')}
        label={urlLabel ?? <Trans>URL</Trans>}
        required
        type={inputTypeOf(kind)}
        placeholder={placeholderOf(kind)}
        maxLength={2000}
      />
    </div>
  );
}

/** Options of the slide picker: every slide of the draft by name. */
export function slideOptions(slides: readonly Slide[]) {
  return slides.map((s) => ({ value: s.id, label: s.name }));
}

/**
 * The submit (or share) button behaviour (spec 001 §3 Enumerations): close form, show thank-you
 * page, close vidbot, navigate to slide (with the slide picker). `closeLabel` names CLOSE_FORM.
 */
export function SubmitButtonInputs({ draft, slides, label, closeLabel }: { draft: BoundDraft; slides: readonly Slide[]; label: ReactNode; closeLabel: string }) {
  const { t } = useLingui();
  const names: Record<(typeof SUBMIT_BUTTON_TYPES)[number], string> = {
    CLOSE_FORM: closeLabel,
    THANK_YOU_PAGE: t`Show the thank-you page`,
    CLOSE_VIDBOT: t`Close the vidbot`,
    SLIDE: t`Go to a slide`,
  };
  const type = valueOf(draft, 'button.type');
  return (
    <div className="field-row">
      <SelectInput
        draft={draft}
        path="button.type"
        label={label}
        options={SUBMIT_BUTTON_TYPES.map((value) => ({ value, label: names[value] }))}
        onChange={(value) => draft.set('button', { type: value, slideId: value === 'SLIDE' ? (valueOf(draft, 'button.slideId') ?? null) : null })}
      />
      {type === 'SLIDE' && (
        <SelectInput draft={draft} path="button.slideId" label={<Trans>Slide</Trans>} required placeholder={t`Choose a slide`} options={slideOptions(slides)} />
      )}
    </div>
  );
}

/**
 * The thank-you page (spec 001 §3; §9 defaults: type DEFAULT, button close form named "Close"):
 * default or custom; a custom page has a description, a button type (close form / close vidbot /
 * slide with the slide picker / external link with its link inputs) and a button name.
 */
export function ThankYouPageInputs({ draft, slides, closeLabel }: { draft: BoundDraft; slides: readonly Slide[]; closeLabel: string }) {
  const { t } = useLingui();
  const page = (valueOf(draft, 'thankYouPage') ?? {}) as { type?: string; buttonType?: string };
  const buttonNames: Record<(typeof THANK_YOU_BUTTON_TYPES)[number], string> = {
    CLOSE_FORM: closeLabel,
    CLOSE_VIDBOT: t`Close the vidbot`,
    SLIDE: t`Go to a slide`,
    EXTERNAL_LINK: t`Open an external link`,
  };
  return (
    <fieldset className="subsection">
      <legend>
        <Trans>Thank-you page</Trans>
      </legend>
      <SelectInput
        draft={draft}
        path="thankYouPage.type"
        label={<Trans>Thank-you page</Trans>}
        options={[
          { value: 'DEFAULT', label: t`Default` },
          { value: 'CUSTOM', label: t`Custom` },
        ]}
      />
      {page.type === 'CUSTOM' && (
        <>
          <TextInput draft={draft} path="thankYouPage.description" label={<Trans>Thank-you text</Trans>} multiline maxLength={5000} />
          <div className="field-row">
            <SelectInput
              draft={draft}
              path="thankYouPage.buttonType"
              label={<Trans>Button action</Trans>}
              options={THANK_YOU_BUTTON_TYPES.map((value) => ({ value, label: buttonNames[value] }))}
              onChange={(value) => {
                const current = valueOf(draft, 'thankYouPage') as Record<string, unknown>;
                // An external-link button starts as a URL opening in a new tab (the url still to fill in).
                const link = value === 'EXTERNAL_LINK' ? { externalLinkType: current.externalLinkType ?? 'url', linkType: current.linkType ?? 'new_tab', url: current.url ?? '' } : {};
                draft.set('thankYouPage', { ...current, ...link, buttonType: value });
              }}
            />
            <TextInput draft={draft} path="thankYouPage.buttonName" label={<Trans>Button name</Trans>} />
          </div>
          {page.buttonType === 'SLIDE' && (
            <SelectInput draft={draft} path="thankYouPage.slideId" label={<Trans>Slide</Trans>} required placeholder={t`Choose a slide`} options={slideOptions(slides)} />
          )}
          {page.buttonType === 'EXTERNAL_LINK' && <LinkInputs draft={draft} prefix="thankYouPage" />}
        </>
      )}
    </fieldset>
  );
}
