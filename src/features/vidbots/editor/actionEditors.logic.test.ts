/**
 * The action editors' pure logic (spec 001 §4 Form integrations, §5, §9 defaults): new drafts,
 * integration field locking and adding, and validation through the server's content schemas.
 */
import { describe, expect, it } from 'vitest';
import {
  ExternalLinkAction,
  FormField as FormFieldSchema,
  integrationFieldIssues,
  PostMessageAction,
  RegularFormAction,
  ShareMediaAction,
} from '../../../../server/src/modules/bot/content.rules';
import {
  applyIntegrationFields,
  checkWith,
  fieldKeyOf,
  fieldLocks,
  formDraftOf,
  newExternalLink,
  newPostMessage,
  newRegularForm,
  newShareMedia,
  offeredIntegrations,
  setAt,
  type RegularFormAction as Form,
} from './actionEditors.logic';

const label = (name: string) => `Label of ${name}`;

/** A form that passes the schema except for what a test changes. */
function validForm(patch: Partial<Form> = {}): Form {
  return { ...newRegularForm(4), name: 'Contact', description: 'Tell us', email: 'sales@example.com', subject: 'Lead', ...patch };
}

describe('new drafts and §9 defaults', () => {
  it('a new form has the §9 thank-you page (DEFAULT, close form, "Close") and no integration enabled', () => {
    const form = newRegularForm(7);
    expect(form.id).toBe(7);
    expect(form.thankYouPage).toEqual({ type: 'DEFAULT', description: null, buttonType: 'CLOSE_FORM', buttonName: 'Close', slideId: null });
    expect([form.hubspot?.enabled, form.linear?.enabled, form.pipedrive?.enabled, form.salesforce?.enabled]).toEqual([false, false, false, false]);
    expect(form.fields).toEqual([]);
  });

  it('a new share-media action is labelled "Share" (§9) and needs a media before it validates', () => {
    const share = { ...newShareMedia(3), name: 'Share it' };
    expect(share.value).toBe('Share');
    const refused = checkWith(ShareMediaAction, share);
    expect(refused.issues).toEqual({ mediaId: 'Choose the media to share.' });
    expect(checkWith(ShareMediaAction, { ...share, mediaId: 12 }).output).toMatchObject({ mediaId: 12, value: 'Share' });
  });

  it('a new form is refused until title, description, email and subject are given; its output trims and nulls an empty bcc', () => {
    const empty = checkWith(RegularFormAction, newRegularForm(1));
    expect(Object.keys(empty.issues ?? {}).sort()).toEqual(['description', 'email', 'name', 'subject']);
    const ok = checkWith(RegularFormAction, validForm({ name: '  Contact  ' }));
    expect(ok.output).toMatchObject({ name: 'Contact', emailBcc: null });
  });

  it('formDraftOf fills the missing blocks of a stored form so every control has a value, keeping what is stored', () => {
    const stored = validForm({ hubspot: undefined, pipedrive: { enabled: true, titleValue: 'company', personId: 5 }, thankYouPage: undefined, emailBcc: null });
    const draft = formDraftOf(stored);
    expect(draft.hubspot).toEqual({ enabled: false, campaignId: '' });
    expect(draft.pipedrive).toEqual({ enabled: true, titleValue: 'company', personId: 5 });
    expect(draft.thankYouPage?.buttonName).toBe('Close');
    expect(draft.emailBcc).toBe('');
  });
});

describe('integration fields (§4 Form integrations)', () => {
  it('enabling HubSpot adds first-name, last-name and email as required fields, after the existing ones', () => {
    const form = validForm({ hubspot: { enabled: true, campaignId: '' }, fields: [{ id: 1, name: 'message', type: 'textarea', label: 'Message', required: false }] });
    const { fields, added } = applyIntegrationFields(form, label);
    expect(added).toEqual(['first-name', 'last-name', 'email']);
    expect(fields.map((f) => [f.id, f.name, f.type, f.required, f.label])).toEqual([
      [1, 'message', 'textarea', false, 'Message'],
      [2, 'first-name', 'text', true, 'Label of first-name'],
      [3, 'last-name', 'text', true, 'Label of last-name'],
      [4, 'email', 'email', true, 'Label of email'],
    ]);
    // What the server checks on save is satisfied.
    expect(integrationFieldIssues({ ...form, fields })).toEqual([]);
  });

  it('an existing field of a required name is made required and given the needed type instead of duplicated', () => {
    const form = validForm({ salesforce: { enabled: true, status: 'New' }, fields: [{ id: 5, name: 'company', type: 'textarea', label: 'Firm', required: false }] });
    const { fields, added } = applyIntegrationFields(form, label);
    expect(added).toEqual(['last-name']);
    expect(fields[0]).toEqual({ id: 5, name: 'company', type: 'text', label: 'Firm', required: true });
  });

  it('Linear adds its thirteen fields, including the gdpr checkbox and the Finnish postal code', () => {
    const { fields } = applyIntegrationFields(validForm({ linear: { enabled: true } }), label);
    expect(fields).toHaveLength(13);
    expect(fields.find((f) => f.name === 'gdpr-agreement')?.type).toBe('general_checkbox');
    expect(fields.find((f) => f.name === 'postal-code')?.type).toBe('postal_code_fi');
  });

  it('Pipedrive locks the chosen title field and makes it required; nothing is added for it', () => {
    const form = validForm({ pipedrive: { enabled: true, titleValue: 'topic' }, fields: [{ id: 1, name: 'topic', type: 'text', label: 'Topic', required: false }] });
    const { fields, added } = applyIntegrationFields(form, label);
    expect(added).toEqual([]);
    expect(fields[0]?.required).toBe(true);
    expect(fieldLocks(form).get('topic')).toEqual({ integrations: ['pipedrive'], type: undefined });
  });

  it('fieldLocks names every integration requiring a field, and nothing is locked while the blocks are disabled', () => {
    const both = fieldLocks(validForm({ hubspot: { enabled: true }, salesforce: { enabled: true, status: 'x' } }));
    expect(both.get('last-name')?.integrations).toEqual(['hubspot', 'salesforce']);
    expect(both.get('email')).toEqual({ integrations: ['hubspot'], type: 'email' });
    expect(both.has('telephone')).toBe(false);
    expect(fieldLocks(validForm({ hubspot: { enabled: false } })).size).toBe(0);
  });

  it('blocks are offered by the account feature flags, whatever their type prefix (§6)', () => {
    expect(offeredIntegrations(new Set(['dashboard:integration_hubspot', 'embed:integration_salesforce', 'dashboard:url_map']))).toEqual(['hubspot', 'salesforce']);
    expect(offeredIntegrations(new Set())).toEqual([]);
  });
});

describe('validation with the server schemas (§5)', () => {
  it('an external link refuses javascript: whatever its type, and checks the text per link type', () => {
    for (const externalLinkType of ['url', 'deep_link', 'relative_path'] as const) {
      const result = checkWith(ExternalLinkAction, { ...newExternalLink(2), name: 'x', externalLinkType, url: 'javascript:alert(1)' });
      expect(result.issues).toEqual({ url: 'Script links (javascript:) are not allowed.' });
    }
    expect(checkWith(ExternalLinkAction, { ...newExternalLink(2), name: 'x', externalLinkType: 'tel', url: 'tel:+358 40 123' }).output).toBeDefined();
    expect(checkWith(ExternalLinkAction, { ...newExternalLink(2), name: 'x', externalLinkType: 'tel', url: '040 123' }).issues?.url).toMatch(/^Must start with tel:/);
  });

  it('a post message needs a value', () => {
    expect(checkWith(PostMessageAction, { ...newPostMessage(1), name: 'Ping' }).issues).toEqual({ value: 'Value is required.' });
  });

  it('messages of nested fields are keyed by their dotted path (thank-you page, fields)', () => {
    const form = validForm({
      thankYouPage: { type: 'CUSTOM', buttonType: 'EXTERNAL_LINK', externalLinkType: 'url', linkType: 'new_tab', url: 'ftp://x' },
      fields: [{ id: 1, name: 'link', type: 'external_link', label: 'Terms', externalLinkType: 'mailto', linkType: 'new_tab', url: 'x' }],
    });
    const issues = checkWith(RegularFormAction, form).issues ?? {};
    expect(issues['thankYouPage.url']).toBe('Must be a full http:// or https:// URL.');
    expect(issues['fields.0.url']).toBe('Must start with mailto: followed by an email address.');
  });

  it('a radio field needs an option with a label', () => {
    const radio = { id: 1, name: 'size', type: 'radio_button' as const, label: 'Size', options: [] };
    expect(checkWith(FormFieldSchema, radio).issues).toEqual({ options: 'A radio button needs at least one option.' });
    expect(checkWith(FormFieldSchema, { ...radio, options: [{ id: 1, label: ' ' }] }).issues).toEqual({ 'options.0.label': 'Option label is required.' });
  });
});

describe('helpers', () => {
  it('fieldKeyOf slugs the label, falls back to field-<id>, and avoids taken keys', () => {
    expect(fieldKeyOf('Sähköposti osoite!', 3, [])).toBe('sahkoposti-osoite');
    expect(fieldKeyOf('  ', 3, [])).toBe('field-3');
    expect(fieldKeyOf('Name', 3, ['name', 'name-2'])).toBe('name-3');
  });

  it('setAt copies only the path it changes', () => {
    const form = validForm({ fields: [{ id: 1, name: 'a', type: 'text', label: 'A' }] });
    const next = setAt(form, 'fields.0.label', 'B');
    expect(next.fields?.[0]?.label).toBe('B');
    expect(form.fields?.[0]?.label).toBe('A');
    expect(next.thankYouPage).toBe(form.thankYouPage);
    expect(setAt({ a: null as null | { b: number } }, 'a.b', 1)).toEqual({ a: { b: 1 } });
  });
});
