/**
 * The form editor's preview (spec 001 §2 "Form editor" footer: preview): the form as a viewer sees
 * it — title, description, every field by type (text, email, long text, checkbox, radio buttons,
 * external link, Finnish postal code), the privacy policy link — in a dialog. It never submits:
 * the submit button only says so. Fields marked "show after submit" are listed as the viewer sees
 * them after sending.
 */
import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormField } from '../../../../server/src/modules/bot/content.rules';
import { Dialog } from '../../../ui/Dialog';
import type { RegularFormAction } from './actionEditors.logic';

/** The preview dialog of `form` (the editor's current values). */
export function FormPreview({ open, form, onClose }: { open: boolean; form: RegularFormAction; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Preview: ${form.name || t`Untitled form`}`} wide>
      <PreviewBody form={form} />
    </Dialog>
  );
}

function PreviewBody({ form }: { form: RegularFormAction }) {
  const [tried, setTried] = useState(false);
  const fields = form.fields ?? [];
  const before = fields.filter((f) => !f.showAfterSubmit);
  const after = fields.filter((f) => f.showAfterSubmit);
  return (
    <div className="form-preview">
      <h3>{form.name}</h3>
      {form.description && <p className="form-preview-description">{form.description}</p>}
      <form
        noValidate
        aria-label={form.name}
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
        }}
      >
        {before.map((f) => (
          <PreviewField key={f.id} field={f} />
        ))}
        {form.customPrivacyPolicy?.enabled && form.customPrivacyPolicy.url && (
          <p className="small">
            <Trans>
              Read our <span className="link-like">privacy policy</span> ({form.customPrivacyPolicy.url}).
            </Trans>
          </p>
        )}
        <button type="submit" className="button primary">
          <Trans>Send</Trans>
        </button>
        {tried && (
          <p className="muted small" role="status">
            <Trans>This is a preview: nothing is sent.</Trans>
          </p>
        )}
      </form>
      {after.length > 0 && (
        <section className="subsection">
          <h4>
            <Trans>Shown after submitting</Trans>
          </h4>
          {after.map((f) => (
            <PreviewField key={f.id} field={f} />
          ))}
        </section>
      )}
    </div>
  );
}

/** One field as the viewer sees it. Links are shown, not followed (a preview never navigates). */
function PreviewField({ field }: { field: FormField }) {
  const id = useId();
  const mark = field.required ? <span aria-hidden="true"> *</span> : null;
  switch (field.type) {
    case 'textarea':
      return (
        <div className="field">
          <label htmlFor={id}>
            {field.label}
            {mark}
          </label>
          <textarea id={id} rows={3} required={field.required} />
        </div>
      );
    case 'general_checkbox':
      return (
        <div className="field checkbox-field">
          <input id={id} type="checkbox" required={field.required} />
          <label htmlFor={id}>
            {field.label}
            {mark}
          </label>
        </div>
      );
    case 'radio_button':
      return (
        <fieldset className="field">
          <legend>{field.label}</legend>
          {(field.options ?? []).map((o) => (
            <div key={o.id} className="checkbox-field">
              <input id={`${id}-${o.id}`} type="radio" name={id} value={o.label} />
              <label htmlFor={`${id}-${o.id}`}>{o.label}</label>
            </div>
          ))}
        </fieldset>
      );
    case 'external_link':
      return (
        <p className="field">
          <span className="link-like" title={field.url ?? undefined}>
            {field.label}
          </span>
        </p>
      );
    default:
      return (
        <div className="field">
          <label htmlFor={id}>
            {field.label}
            {mark}
          </label>
          <input
            id={id}
            type={field.type === 'email' ? 'email' : 'text'}
            required={field.required}
            inputMode={field.type === 'postal_code_fi' ? 'numeric' : undefined}
            pattern={field.type === 'postal_code_fi' ? '[0-9]{5}' : undefined}
            maxLength={field.type === 'postal_code_fi' ? 5 : undefined}
          />
        </div>
      );
  }
}
