/**
 * The social link and action button dialogs of the Profile tab (spec 002 §2 "Social and action items
 * are added locally; a single save sends everything", §3 Profile, §5 rules): each edits one item in
 * its own TanStack form, validated on submit with the server's schemas (profileModel.ts
 * `socialLinkIssues`, `actionIssues`); a valid item goes back to the tab's form (nothing is sent
 * until the tab's Save). A refused submit moves focus to the first invalid field.
 */
import { useRef, type ReactNode } from 'react';
import { useForm, useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../ui/Dialog';
import { CheckboxField, SelectField, TextField } from '../../../ui/Field';
import { firstError } from '../../../ui/formErrors';
import { ACTION_STYLES, LINK_TARGETS, PROFILE_LINK_TYPES, SOCIAL_ICONS } from '../../../../server/src/modules/account/profile.rules';
import { focusFirstInvalid } from '../settingsForm';
import { TextAreaField } from './ProfileFields';
import {
  CONTACT_FIELDS,
  actionDraft,
  actionIssues,
  actionOf,
  newSocialLinkDraft,
  socialLinkIssues,
  socialLinkOf,
  type ActionDraft,
    type ExternalLinkType,
  type ProfileAction,
  type SocialIcon,
  type SocialLinkDraft,
  type SocialLinkValue,
} from './profileModel';
import { useProfileLabels } from './profileLabels';

/** A form-level validator from a model's issue function (descriptors → translated field messages). */
function useIssueValidator<T>(issues: (value: T) => Record<string, { id?: string; message?: string }>) {
  const { i18n } = useLingui();
  return ({ value }: { value: T }) => {
    const found = issues(value);
    if (Object.keys(found).length === 0) return undefined;
    return { fields: Object.fromEntries(Object.entries(found).map(([k, m]) => [k, i18n._(m as never)])) };
  };
}

/** Add / edit a social link: icon (16 of spec 002 §3), url (an e-mail for Email), target. */
export function SocialLinkDialog({ open, link, onSave, onClose }: { open: boolean; link: SocialLinkValue | null; onSave: (link: SocialLinkValue) => void; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={open} title={link ? t`Edit social link` : t`Add social link`} onClose={onClose}>
      <SocialLinkForm link={link} onSave={onSave} onClose={onClose} />
    </Dialog>
  );
}

function SocialLinkForm({ link, onSave, onClose }: { link: SocialLinkValue | null; onSave: (link: SocialLinkValue) => void; onClose: () => void }) {
  const { t } = useLingui();
  const labels = useProfileLabels();
  const ref = useRef<HTMLFormElement>(null);
  const validate = useIssueValidator<SocialLinkDraft>(socialLinkIssues);
  const form = useForm({
    defaultValues: (link ? { icon: link.icon, url: link.url, target: link.target ?? 'new_tab' } : newSocialLinkDraft()) as SocialLinkDraft,
    validators: { onSubmit: validate },
    onSubmit: ({ value }) => onSave(socialLinkOf(value)),
    onSubmitInvalid: () => focusFirstInvalid(ref.current),
  });
  const icon = useStore(form.store, (s) => s.values.icon);
  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void form.handleSubmit();
      }}
    >
      <form.Field name="icon">
        {(field) => (
          <SelectField<SocialIcon>
            label={t`Icon`}
            required
            value={field.state.value}
            onChange={field.handleChange}
            error={firstError(field.state.meta.errors)}
            placeholder={t`Choose an icon`}
            options={SOCIAL_ICONS.map((value) => ({ value, label: labels.icon[value] }))}
          />
        )}
      </form.Field>
      <form.Field name="url">
        {(field) => (
          <TextField
            label={icon === 'Email' ? t`Email address` : t`URL`}
            type={icon === 'Email' ? 'email' : 'text'}
            inputMode={icon === 'Email' ? 'email' : 'text'}
            required
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            error={firstError(field.state.meta.errors)}
            hint={icon === 'Email' ? <Trans>For example hello@example.com</Trans> : <Trans>For example https://www.linkedin.com/company/example</Trans>}
            maxLength={2000}
          />
        )}
      </form.Field>
      <form.Field name="target">
        {(field) => (
          <SelectField
            label={t`Opens in`}
            value={field.state.value}
            onChange={field.handleChange}
            options={LINK_TARGETS.map((value) => ({ value, label: labels.target[value] }))}
          />
        )}
      </form.Field>
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary">
          {link ? <Trans>Apply</Trans> : <Trans>Add</Trans>}
        </button>
      </div>
    </form>
  );
}

/** Add / edit an action button: external link or contact form, with the fields of its type. */
export function ActionDialog({ open, action, onSave, onClose }: { open: boolean; action: ProfileAction | null; onSave: (action: ProfileAction) => void; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={open} title={action ? t`Edit action button` : t`Add action button`} onClose={onClose}>
      <ActionForm action={action} onSave={onSave} onClose={onClose} />
    </Dialog>
  );
}

/** The input of each external link type: label, input type and hint (spec 002 §5 "an input per link type"). */
function useLinkInput(type: ExternalLinkType) {
  const { t } = useLingui();
  switch (type) {
    case 'tel':
      return { label: t`Phone number`, type: 'tel' as const, hint: <Trans>For example +358 40 123 4567</Trans> };
    case 'mailto':
      return { label: t`Email address`, type: 'email' as const, hint: <Trans>For example sales@example.com</Trans> };
    case 'url':
      return { label: t`URL`, type: 'text' as const, hint: <Trans>For example https://example.com/contact</Trans> };
    case 'deep_link':
      return { label: t`Deep link`, type: 'text' as const, hint: <Trans>For example myapp://offers</Trans> };
    case 'relative_path':
      return { label: t`Path`, type: 'text' as const, hint: <Trans>A path on the same site, for example /contact</Trans> };
  }
}

function ActionForm({ action, onSave, onClose }: { action: ProfileAction | null; onSave: (action: ProfileAction) => void; onClose: () => void }) {
  const { t } = useLingui();
  const labels = useProfileLabels();
  const ref = useRef<HTMLFormElement>(null);
  const validate = useIssueValidator<ActionDraft>(actionIssues);
  const form = useForm({
    defaultValues: actionDraft(action ?? undefined),
    validators: { onSubmit: validate },
    onSubmit: ({ value }) => {
      const next = actionOf(value);
      if (next) onSave(next as ProfileAction);
    },
    onSubmitInvalid: () => focusFirstInvalid(ref.current),
  });
  const type = useStore(form.store, (s) => s.values.type);
  const linkType = useStore(form.store, (s) => s.values.externalLinkType);
  const linkInput = useLinkInput(linkType);
  const styleOptions = ACTION_STYLES.map((value) => ({ value, label: labels.style[value] }));
  const text = (name: 'name' | 'buttonText' | 'title' | 'subject' | 'emailTo' | 'emailBcc', label: string, opts: { required?: boolean; hint?: ReactNode; type?: 'text' | 'email' } = {}) => (
    <form.Field name={name}>
      {(field) => (
        <TextField
          label={label}
          required={opts.required}
          type={opts.type}
          value={field.state.value}
          onChange={field.handleChange}
          onBlur={field.handleBlur}
          error={firstError(field.state.meta.errors)}
          hint={opts.hint}
          maxLength={name === 'emailTo' || name === 'emailBcc' ? 2000 : 200}
        />
      )}
    </form.Field>
  );
  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void form.handleSubmit();
      }}
    >
      <div className="form-grid">
        {text('name', t`Name`, { required: true })}
        <form.Field name="type">
          {(field) => (
            <SelectField<ProfileAction['type']>
              label={t`Type`}
              required
              value={field.state.value}
              onChange={field.handleChange}
              error={firstError(field.state.meta.errors)}
              placeholder={t`Choose a type`}
              options={[
                { value: 'external_link', label: labels.actionType.external_link },
                { value: 'contact_form', label: labels.actionType.contact_form },
              ]}
            />
          )}
        </form.Field>
      </div>
      {type === 'external_link' && (
        <fieldset className="form-section">
          <legend>
            <Trans>External link</Trans>
          </legend>
          <div className="form-grid">
            <form.Field name="externalLinkType">
              {(field) => (
                <SelectField<ExternalLinkType>
                  label={t`Link type`}
                  required
                  value={field.state.value}
                  onChange={(next) => {
                    field.handleChange(next);
                    form.setFieldValue('link', '');
                  }}
                  options={PROFILE_LINK_TYPES.map((value) => ({ value, label: labels.linkType[value] }))}
                />
              )}
            </form.Field>
            <form.Field name="link">
              {(field) => (
                <TextField
                  label={linkInput.label}
                  type={linkInput.type}
                  required
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={firstError(field.state.meta.errors)}
                  hint={linkInput.hint}
                  maxLength={2000}
                />
              )}
            </form.Field>
            <form.Field name="style">
              {(field) => <SelectField label={t`Style`} value={field.state.value} onChange={field.handleChange} options={styleOptions} />}
            </form.Field>
            <form.Field name="target">
              {(field) => (
                <SelectField label={t`Opens in`} value={field.state.value} onChange={field.handleChange} options={LINK_TARGETS.map((value) => ({ value, label: labels.target[value] }))} />
              )}
            </form.Field>
          </div>
        </fieldset>
      )}
      {type === 'contact_form' && (
        <fieldset className="form-section">
          <legend>
            <Trans>Contact form</Trans>
          </legend>
          <div className="form-grid">
            {text('buttonText', t`Button text`, { required: true })}
            <form.Field name="buttonStyle">
              {(field) => <SelectField label={t`Button style`} value={field.state.value} onChange={field.handleChange} options={styleOptions} />}
            </form.Field>
            {text('title', t`Title`, { required: true })}
            {text('subject', t`Subject`, { required: true })}
          </div>
          <form.Field name="description">
            {(field) => (
              <TextAreaField
                label={t`Description`}
                required
                value={field.state.value}
                onChange={field.handleChange}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
                maxLength={2000}
                rows={3}
              />
            )}
          </form.Field>
          <div className="form-grid">
            {text('emailTo', t`Email to`, { required: true, hint: <Trans>One or more addresses, separated by commas.</Trans> })}
            {text('emailBcc', t`Bcc`, { hint: <Trans>Optional; separate addresses with commas.</Trans> })}
          </div>
          <fieldset className="contact-fields">
            <legend>
              <Trans>Fields of the form</Trans>
            </legend>
            <ul>
              {CONTACT_FIELDS.map((f) => (
                <li key={f.name}>
                  <form.Field name={`fields.${f.name}`}>
                    {(field) => <ContactFieldRow label={labels.contactField[f.name]} value={field.state.value} onChange={field.handleChange} />}
                  </form.Field>
                </li>
              ))}
            </ul>
          </fieldset>
        </fieldset>
      )}
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary">
          {action ? <Trans>Apply</Trans> : <Trans>Add</Trans>}
        </button>
      </div>
    </form>
  );
}

/** One standard field of a contact form: asked for or not, and whether it is required. */
function ContactFieldRow({ label, value, onChange }: { label: string; value: { enabled: boolean; required: boolean }; onChange: (next: { enabled: boolean; required: boolean }) => void }) {
  const { t } = useLingui();
  return (
    <div className="contact-field-row">
      <CheckboxField label={label} checked={value.enabled} onChange={(enabled) => onChange({ enabled, required: enabled && value.required })} />
      <CheckboxField label={t`${label} required`} checked={value.required} disabled={!value.enabled} onChange={(required) => onChange({ ...value, required })} />
    </div>
  );
}
