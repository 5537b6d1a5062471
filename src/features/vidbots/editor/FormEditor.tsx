/**
 * The form editor (spec 001 §2 "Form editor"; §3 Regular form, Form field, Enumerations; §4 Form
 * integrations; §5 Form, Field; §6 per-integration feature flags; §9 thank-you defaults):
 * title (the action's name), description, recipient email, bcc, subject, custom privacy policy
 * (toggle + URL), submit-button behaviour (close form / thank-you page / close vidbot / slide),
 * thank-you page, the fields table, and the integration blocks (HubSpot, Linear, Pipedrive,
 * Salesforce) — each shown only when the account has its flag (`integration_hubspot`, …).
 * Enabling an integration adds its missing required fields (locked, with a badge) and says so.
 * Footer: delete, duplicate, preview (the form as a viewer sees it, not submitting), save.
 * Validated with the server's RegularFormAction schema; Save stores the schema's output.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RegularFormAction as RegularFormSchema, type FormIntegration } from '../../../../server/src/modules/bot/content.rules';
import { ActionEditorFrame, useActionEditor } from './ActionEditorFrame';
import { CheckInput, SubmitButtonInputs, TextInput, ThankYouPageInputs } from './ActionControls';
import { INTEGRATION_NAMES } from './integrationNames';

// The fields table with dnd-kit (~14 KB gzip) loads after the editor's first render (the route's size budget, scripts/size-budget.mjs).
const FormFieldsTable = lazy(() => import('./FormFieldsTable').then((m) => ({ default: m.FormFieldsTable })));
import { FormPreview } from './FormPreview';
import { applyIntegrationFields, fieldLocks, formDraftOf, newRegularForm, offeredIntegrations, setAt, type RegularFormAction } from './actionEditors.logic';
import { useEditor } from './editorContext';
import { useActionDraft } from './useActionDraft';

/** Translated labels of the fields integrations add (spec 001 §4 Form integrations). */
export function useIntegrationFieldLabel(): (name: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    'first-name': t`First name`,
    'last-name': t`Last name`,
    email: t`Email`,
    company: t`Company`,
    telephone: t`Telephone`,
    'gdpr-agreement': t`I agree to the processing of my personal data.`,
    'optional-info': t`Additional information`,
    'source-url': t`Source URL`,
    'utm-source': t`UTM source`,
    'utm-medium': t`UTM medium`,
    'utm-campaign': t`UTM campaign`,
    'utm-term': t`UTM term`,
    'utm-content': t`UTM content`,
    'postal-code': t`Postal code`,
  };
  return (name) => labels[name] ?? name;
}

/** The form editor of route `form/{formId}` (`new` creates). */
export function FormEditor({ actionParam }: { actionParam: string }) {
  const { t } = useLingui();
  const { content, features, readOnly } = useEditor();
  const state = useActionEditor<RegularFormAction>('REGULAR_FORM', actionParam, newRegularForm);
  const initial = useMemo(() => formDraftOf(state.initial), [state.initial]);
  const draft = useActionDraft(initial, RegularFormSchema);
  const labelOf = useIntegrationFieldLabel();
  const [notice, setNotice] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const form = draft.values;
  const locks = fieldLocks(form);
  const offered = offeredIntegrations(features);

  /** Sets a block field and re-applies the integrations' required fields (§4). */
  const setIntegration = (integration: FormIntegration, key: string, value: unknown) => {
    const next = setAt(form, `${integration}.${key}`, value);
    const { fields, added } = applyIntegrationFields(next, labelOf);
    draft.replace({ ...next, fields });
    draft.touch(`${integration}.${key}`);
    const name = INTEGRATION_NAMES[integration];
    if (key === 'enabled' && value === true) {
      setNotice(
        added.length > 0
          ? t`${name} is enabled. Fields it requires were added: ${added.join(', ')}. They cannot be deleted and their type and requirement cannot be changed.`
          : t`${name} is enabled. Its required fields are in the form and locked.`,
      );
    } else if (key === 'titleValue' && added.length === 0 && value) {
      setNotice(t`The Pipedrive title field is now required.`);
    }
  };

  const closeLabel = t`Close the form`;
  return (
    <ActionEditorFrame
      state={state}
      heading={state.isNew ? t`New form` : t`Edit form`}
      dirty={draft.dirty}
      valid={draft.valid}
      onShowIssues={draft.showAll}
      onSave={() => draft.output && state.save(draft.output as RegularFormAction)}
      onPreview={() => setPreview(true)}
      dialogs={<FormPreview open={preview} form={form} onClose={() => setPreview(false)} />}
    >
      <TextInput draft={draft} path="name" label={<Trans>Title</Trans>} required />
      <TextInput draft={draft} path="description" label={<Trans>Description</Trans>} required multiline maxLength={5000} />
      <div className="field-row">
        <TextInput draft={draft} path="email" label={<Trans>Recipient email</Trans>} required type="email" maxLength={320} />
        <TextInput draft={draft} path="emailBcc" label={<Trans>Bcc email</Trans>} type="email" maxLength={320} />
      </div>
      <TextInput draft={draft} path="subject" label={<Trans>Subject</Trans>} required />

      <fieldset className="subsection">
        <legend>
          <Trans>Privacy policy</Trans>
        </legend>
        <CheckInput draft={draft} path="customPrivacyPolicy.enabled" label={<Trans>Use a custom privacy policy</Trans>} />
        {form.customPrivacyPolicy?.enabled && (
          <TextInput draft={draft} path="customPrivacyPolicy.url" label={<Trans>Privacy policy URL</Trans>} required type="url" placeholder="https://example.com/privacy" maxLength={2000} />
        )}
      </fieldset>

      <fieldset className="subsection">
        <legend>
          <Trans>After submitting</Trans>
        </legend>
        <SubmitButtonInputs draft={draft} slides={content.slides} label={<Trans>Submit button</Trans>} closeLabel={closeLabel} />
      </fieldset>
      {form.button?.type === 'THANK_YOU_PAGE' && <ThankYouPageInputs draft={draft} slides={content.slides} closeLabel={closeLabel} />}

      {offered.length > 0 && (
        <fieldset className="subsection">
          <legend>
            <Trans>Integrations</Trans>
          </legend>
          {offered.map((integration) => (
            <div key={integration} className="integration-block">
              <CheckInput
                draft={draft}
                path={`${integration}.enabled`}
                label={<Trans>Send submissions to {INTEGRATION_NAMES[integration]}</Trans>}
                onChange={(checked) => setIntegration(integration, 'enabled', checked)}
              />
              {integration === 'hubspot' && form.hubspot?.enabled && <TextInput draft={draft} path="hubspot.campaignId" label={<Trans>HubSpot campaign ID</Trans>} />}
              {integration === 'pipedrive' && form.pipedrive?.enabled && (
                <div className="field-row">
                  <PipedriveTitle form={form} error={draft.error('pipedrive.titleValue')} onChange={(name) => setIntegration('pipedrive', 'titleValue', name)} />
                  <TextInput draft={draft} path="pipedrive.personId" label={<Trans>Pipedrive person ID</Trans>} maxLength={16} />
                </div>
              )}
              {integration === 'salesforce' && form.salesforce?.enabled && (
                <div className="field-row">
                  <TextInput draft={draft} path="salesforce.status" label={<Trans>Salesforce status</Trans>} required />
                  <TextInput draft={draft} path="salesforce.leadSource" label={<Trans>Salesforce lead source</Trans>} />
                </div>
              )}
            </div>
          ))}
          {notice && (
            <p className="alert alert-info" role="status">
              {notice}
            </p>
          )}
        </fieldset>
      )}

      <Suspense fallback={null}>
        <FormFieldsTable
          fields={form.fields ?? []}
          locks={locks}
          readOnly={readOnly}
          problems={(index) => draft.issuesUnder(`fields.${index}`)}
          onChange={(fields) => draft.set('fields', fields)}
        />
      </Suspense>
    </ActionEditorFrame>
  );
}

/** Pipedrive's title field: one of the form's fields (spec 001 §4 "Pipedrive's chosen title field becomes required"). */
function PipedriveTitle({ form, error, onChange }: { form: RegularFormAction; error?: string; onChange: (name: string) => void }) {
  const { t } = useLingui();
  const fields = form.fields ?? [];
  return (
    <div className="field">
      <label htmlFor="pipedrive-title">
        <Trans>Pipedrive title field</Trans>
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id="pipedrive-title"
        value={form.pipedrive?.titleValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'pipedrive-title-err' : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t`Choose a field`}</option>
        {fields.map((f) => (
          <option key={f.id} value={f.name}>
            {f.label} ({f.name})
          </option>
        ))}
      </select>
      {error && (
        <p id="pipedrive-title-err" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
