/**
 * Pure logic of the action editors (spec 001 §2 "Form editor", "Other action editors"; §3 Action,
 * Form field, Enumerations; §4 Form integrations; §5; §9 thank-you defaults; issue 11 Editor):
 * the drafts a new action starts from, the integration field locking of a form, and reading the
 * server's valibot schemas (server/src/modules/bot/content.rules.ts — the editors validate with
 * the same schemas the API applies) into per-field messages.
 *
 * No React, no i18n: the views translate. Ids of form fields and radio options are per form,
 * from 1 (max + 1).
 */
import * as v from 'valibot';
import {
  DEFAULT_SHARE_LABEL,
  defaultThankYouPage,
  INTEGRATION_FEATURES,
  INTEGRATION_REQUIRED_FIELDS,
  hasFeature,
  requiredIntegrationFields,
  type FormField,
  type FormFieldType,
  type FormIntegration,
  type ThankYouPage,
} from '../../../../server/src/modules/bot/content.rules';
import type { Schema } from '../../../api/contract';

export type RegularFormAction = Schema<'RegularFormAction'>;
export type ExternalLinkAction = Schema<'ExternalLinkAction'>;
export type PostMessageAction = Schema<'PostMessageAction'>;
export type CloseVidbotAction = Schema<'CloseVidbotAction'>;
export type ShareMediaAction = Schema<'ShareMediaAction'>;

/** The §9 thank-you page defaults (type DEFAULT, button CLOSE_FORM named "Close"). */
export function thankYouDefaults(): ThankYouPage {
  return defaultThankYouPage();
}

/**
 * A new regular form (spec 001 §3 Regular form) with the given id: empty texts (the editor asks for
 * them), submit button "show thank-you page" *(design: the spec lists no default)* and the §9
 * thank-you page, no integration enabled, no fields.
 */
export function newRegularForm(id: number): RegularFormAction {
  return {
    id,
    type: 'REGULAR_FORM',
    name: '',
    description: '',
    email: '',
    emailBcc: '',
    subject: '',
    customPrivacyPolicy: { enabled: false, url: '' },
    hubspot: { enabled: false, campaignId: '' },
    linear: { enabled: false },
    pipedrive: { enabled: false, titleValue: '', personId: null },
    salesforce: { enabled: false, status: '', leadSource: '' },
    button: { type: 'THANK_YOU_PAGE', slideId: null },
    thankYouPage: thankYouDefaults(),
    fields: [],
  };
}

/** A new external link: url type, opens in a new tab. */
export function newExternalLink(id: number): ExternalLinkAction {
  return { id, type: 'EXTERNAL_LINK', name: '', url: '', externalLinkType: 'url', linkType: 'new_tab' };
}

/** A new post-message action. */
export function newPostMessage(id: number): PostMessageAction {
  return { id, type: 'POST_MESSAGE', name: '', value: '' };
}

/** A new close-vidbot action. */
export function newCloseAction(id: number): CloseVidbotAction {
  return { id, type: 'CLOSE_VIDBOT', name: '' };
}

/**
 * A new share-media action: no media yet (mediaId 0 fails the schema until one is chosen), the §9
 * button label "Share", button "show thank-you page" and the §9 thank-you page.
 */
export function newShareMedia(id: number): ShareMediaAction {
  return { id, type: 'SHARE_MEDIA', name: '', mediaId: 0, value: DEFAULT_SHARE_LABEL, button: { type: 'THANK_YOU_PAGE', slideId: null }, thankYouPage: thankYouDefaults() };
}

/**
 * An editor's starting values for a stored form: the optional blocks filled in (disabled) so every
 * control has a value; what is saved goes through the schema again.
 */
export function formDraftOf(stored: RegularFormAction): RegularFormAction {
  const base = newRegularForm(stored.id);
  return {
    ...base,
    ...stored,
    emailBcc: stored.emailBcc ?? '',
    customPrivacyPolicy: { ...base.customPrivacyPolicy!, ...stored.customPrivacyPolicy, url: stored.customPrivacyPolicy?.url ?? '' },
    hubspot: { ...base.hubspot!, ...stored.hubspot, campaignId: stored.hubspot?.campaignId ?? '' },
    linear: { ...base.linear!, ...stored.linear },
    pipedrive: { ...base.pipedrive!, ...stored.pipedrive, titleValue: stored.pipedrive?.titleValue ?? '' },
    salesforce: { ...base.salesforce!, ...stored.salesforce, status: stored.salesforce?.status ?? '', leadSource: stored.salesforce?.leadSource ?? '' },
    button: stored.button ?? base.button,
    thankYouPage: { ...thankYouDefaults(), ...stored.thankYouPage },
    fields: stored.fields ?? [],
  };
}

/** The next id of a list of `{ id }` (max + 1, from 1). */
export function nextId(items: readonly { id: number }[]): number {
  return items.reduce((max, x) => Math.max(max, x.id), 0) + 1;
}

/**
 * A field key (`name`, the field's key in submissions and integrations) from its label: lower-case
 * ASCII letters, digits and hyphens; `field-<id>` when nothing is left; made unique among `taken`.
 */
export function fieldKeyOf(label: string, id: number, taken: readonly string[]): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90);
  const base = slug || `field-${id}`;
  let key = base;
  for (let n = 2; taken.includes(key); n += 1) key = `${base}-${n}`;
  return key;
}

/** Field types on which the required/optional choice is not offered (spec 001 §5 Field). */
export const NO_REQUIRED_CHOICE: readonly FormFieldType[] = ['radio_button', 'external_link'];

/** A field as the integration rules lock it: the integrations needing it, the type they need. */
export interface FieldLock {
  integrations: FormIntegration[];
  type?: FormFieldType;
}

/**
 * The locked fields of a form (spec 001 §4 Form integrations): by field `name`, the enabled
 * integrations requiring it. A locked field cannot be deleted nor its type or requirement changed,
 * and shows a badge naming the integration(s).
 */
export function fieldLocks(form: Pick<RegularFormAction, 'hubspot' | 'linear' | 'pipedrive' | 'salesforce'>): Map<string, FieldLock> {
  return new Map(requiredIntegrationFields(form).map((f) => [f.name, { integrations: f.integrations, type: f.type }]));
}

/**
 * The fields after the enabled integrations' requirements are applied (spec 001 §4): every
 * required field that is missing is added at the end (labelled by `labelOf(name)`, required), and
 * an existing field of that name is made required and given the needed type. Fields are otherwise
 * unchanged and keep their order.
 * @returns `{ fields, added }` — `added` names the fields that were added (the info message lists them).
 */
export function applyIntegrationFields(
  form: Pick<RegularFormAction, 'hubspot' | 'linear' | 'pipedrive' | 'salesforce' | 'fields'>,
  labelOf: (name: string) => string,
): { fields: FormField[]; added: string[] } {
  const fields: FormField[] = (form.fields ?? []).map((f) => ({ ...f }));
  const added: string[] = [];
  for (const need of requiredIntegrationFields(form)) {
    const existing = fields.find((f) => f.name === need.name);
    if (existing) {
      existing.required = true;
      if (need.type && existing.type !== need.type) existing.type = need.type;
      continue;
    }
    const type = need.type ?? 'text';
    fields.push({ id: nextId(fields), name: need.name, type, label: labelOf(need.name), required: true, showAfterSubmit: false });
    added.push(need.name);
  }
  return { fields, added };
}

/** The integrations whose block the account may see (its feature flag, spec 001 §6). */
export function offeredIntegrations(features: ReadonlySet<string>): FormIntegration[] {
  return (['hubspot', 'linear', 'pipedrive', 'salesforce'] as const).filter((i) => hasFeature(features, INTEGRATION_FEATURES[i]));
}

/** The fixed required field names of an integration (Pipedrive: none, its title field is chosen). */
export function integrationFieldNames(integration: FormIntegration): string[] {
  return integration === 'pipedrive' ? [] : INTEGRATION_REQUIRED_FIELDS[integration].map((f) => f.name);
}

/** Field messages keyed by dotted path (`thankYouPage.url`, `fields.2.label`), first message per path. */
export type FieldIssues = Record<string, string>;

/**
 * Validates `value` with one of the content schemas.
 * @returns `{ output }` (the schema's output: trimmed texts, empty bcc → null, personId → integer)
 *   or `{ issues }` with the first message per dotted path (`''` for the whole value).
 */
export function checkWith<S extends v.GenericSchema>(schema: S, value: unknown): { output: v.InferOutput<S>; issues?: undefined } | { issues: FieldIssues; output?: undefined } {
  const result = v.safeParse(schema, value);
  if (result.success) return { output: result.output };
  const issues: FieldIssues = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    if (!(path in issues)) issues[path] = issue.message;
  }
  return { issues };
}

/**
 * The input type of a link's url field per its link type (spec 001 §5 "input type per link type"):
 * url → url, tel → tel, mailto → email-like text, deep_link / relative_path → text.
 */
export function inputTypeOf(externalLinkType: string | null | undefined): 'url' | 'tel' | 'text' {
  if (externalLinkType === 'url') return 'url';
  if (externalLinkType === 'tel') return 'tel';
  return 'text';
}

/** A placeholder showing the shape each link type needs (not translated: these are syntax). */
export function placeholderOf(externalLinkType: string | null | undefined): string {
  switch (externalLinkType) {
    case 'tel':
      return 'tel:+358 40 123 4567';
    case 'mailto':
      return 'mailto:sales@example.com';
    case 'deep_link':
      return 'myapp://path';
    case 'relative_path':
      return '/contact';
    default:
      return 'https://example.com';
  }
}

/**
 * `obj` with the value at the dotted `path` replaced (`fields.2.label`; numeric steps index arrays),
 * copying only the objects on the path. Missing steps are created as objects.
 */
export function setAt<T>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const key = head!;
  const container = (obj ?? {}) as Record<string, unknown> | unknown[];
  const child = rest.length === 0 ? value : setAt((container as Record<string, unknown>)[key], rest.join('.'), value);
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[Number(key)] = child;
    return copy as T;
  }
  return { ...container, [key]: child } as T;
}
