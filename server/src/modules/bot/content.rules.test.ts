/**
 * content.rules.ts (spec 001 §3, §4 Form integrations, §5, §6, §9): the §5 link rules, every action
 * schema, form fields, settings and their defaults, integration required fields, feature gates.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { issuesToFields } from '../../lib/validate';
import {
  Action,
  BotSettings,
  BotSettingsInput,
  defaultBotSettings,
  emptyCustomAdFieldsToNull,
  featureGateIssues,
  FormField,
  hasFeature,
  integrationFieldIssues,
  INTEGRATION_REQUIRED_FIELDS,
  isHttpUrl,
  linkTextIssue,
  mergeBotSettings,
  requiredIntegrationFields,
  sameJson,
  type ExternalLinkType,
  type FormFieldType,
} from './content.rules';

/** The 422 field map the API would answer for `input`, or {} when it parses. */
function fieldErrors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const r = v.safeParse(schema, input);
  return r.success ? {} : issuesToFields(r.issues);
}

describe('§5 link text rules', () => {
  const cases: [ExternalLinkType, string, boolean][] = [
    ['tel', 'tel:+358 40 123-4567', true],
    ['tel', 'tel:(09) 123 456', true],
    ['tel', 'tel:', false],
    ['tel', '+358401234567', false],
    ['tel', 'tel:+358abc', false],
    ['mailto', 'mailto:sales@example.com', true],
    ['mailto', 'mailto:sales@example.com?subject=Hi', true],
    ['mailto', 'mailto:sales', false],
    ['mailto', 'sales@example.com', false],
    ['url', 'https://example.com/x?y=1', true],
    ['url', 'http://example.com', true],
    ['url', 'ftp://example.com', false],
    ['url', 'example.com', false],
    ['url', 'javascript:alert(1)', false],
    ['deep_link', 'myapp://open/page', true],
    ['deep_link', 'whatsapp://send?text=hi', true],
    ['deep_link', 'javascript://alert(1)', false],
    ['deep_link', 'jsapp://x', false],
    ['deep_link', 'myapp:/x', false],
    ['relative_path', '/pricing', true],
    ['relative_path', '/a/b?c=d#e', true],
    ['relative_path', 'pricing', false],
    ['relative_path', '//evil.example/x', false],
    ['relative_path', '', false],
  ];
  it.each(cases)('%s %j valid=%s', (type, text, ok) => {
    expect(linkTextIssue(type, text) === undefined).toBe(ok);
  });

  it('names the rule in the message and refuses script schemes for every type', () => {
    expect(linkTextIssue('url', 'example.com')).toBe('Must be a full http:// or https:// URL.');
    expect(linkTextIssue('tel', '123')).toMatch(/^Must start with tel:/);
    for (const t of ['tel', 'mailto', 'url', 'deep_link', 'relative_path'] as const) {
      expect(linkTextIssue(t, 'JavaScript:alert(1)')).toBe('Script links (javascript:) are not allowed.');
    }
    expect(isHttpUrl('https://x.fi')).toBe(true);
    expect(isHttpUrl('https://')).toBe(false);
  });
});

const form = (over: Record<string, unknown> = {}) => ({
  id: 1,
  name: 'Contact us',
  type: 'REGULAR_FORM',
  description: 'We answer within a day.',
  email: 'sales@example.com',
  subject: 'New lead',
  fields: [],
  ...over,
});
const field = (id: number, name: string, type: FormFieldType = 'text', over: Record<string, unknown> = {}) => ({ id, name, type, label: name, required: true, ...over });

describe('Action schemas (one strict schema per type, discriminated on type)', () => {
  const good: Record<string, unknown>[] = [
    form({
      emailBcc: 'boss@example.com',
      customPrivacyPolicy: { enabled: true, url: 'https://example.com/privacy' },
      hubspot: { enabled: true, campaignId: 'c1' },
      salesforce: { enabled: false, status: null, leadSource: null },
      button: { type: 'SLIDE', slideId: 2 },
      thankYouPage: { type: 'CUSTOM', description: 'Thanks!', buttonType: 'EXTERNAL_LINK', buttonName: 'Visit', externalLinkType: 'url', url: 'https://x.fi', linkType: 'new_tab' },
      fields: [
        field(1, 'first-name'),
        field(2, 'last-name'),
        field(3, 'email', 'email'),
        field(4, 'colour', 'radio_button', { options: [{ id: 1, label: 'Red' }] }),
        field(5, 'terms', 'external_link', { externalLinkType: 'relative_path', url: '/terms', linkType: 'embed' }),
        field(6, 'zip', 'postal_code_fi', { required: false }),
      ],
    }),
    { id: 2, name: 'Docs', type: 'EXTERNAL_LINK', url: 'https://example.com/docs', externalLinkType: 'url', linkType: 'same_tab', isNew: true },
    { id: 3, name: 'Ping', type: 'POST_MESSAGE', value: 'open-chat' },
    { id: 4, name: 'Bye', type: 'CLOSE_VIDBOT' },
    { id: 5, name: 'Share', type: 'SHARE_MEDIA', mediaId: 9, value: 'Share', button: { type: 'CLOSE_FORM' }, thankYouPage: { type: 'DEFAULT' } },
  ];

  it.each(good.map((a) => [a.type, a]))('%s: a complete action parses unchanged', (_t, action) => {
    const r = v.safeParse(Action, action);
    expect(r.success ? r.output : issuesToFields(r.issues)).toEqual(action);
  });

  const bad: [string, unknown, Record<string, string>][] = [
    ['unknown type', { id: 1, name: 'x', type: 'FAX' }, { type: 'type must be one of REGULAR_FORM, EXTERNAL_LINK, POST_MESSAGE, CLOSE_VIDBOT, SHARE_MEDIA.' }],
    ['blank name', { id: 1, name: ' ', type: 'CLOSE_VIDBOT' }, { name: 'Name is required.' }],
    ['unknown key', { id: 1, name: 'x', type: 'CLOSE_VIDBOT', colour: 'red' }, { colour: expect.any(String) as unknown as string }],
    ['post message without value', { id: 1, name: 'x', type: 'POST_MESSAGE' }, { value: 'value is required.' }],
    ['post message blank value', { id: 1, name: 'x', type: 'POST_MESSAGE', value: '  ' }, { value: 'Value is required.' }],
    ['link without url', { id: 1, name: 'x', type: 'EXTERNAL_LINK', externalLinkType: 'url', linkType: 'new_tab' }, { url: 'url is required.' }],
    ['link bad type', { id: 1, name: 'x', type: 'EXTERNAL_LINK', url: 'https://x.fi', externalLinkType: 'sms', linkType: 'popup' }, {
      externalLinkType: 'externalLinkType must be one of tel, mailto, url, deep_link, relative_path.',
      linkType: 'linkType must be one of new_tab, embed, same_tab.',
    }],
    ['link javascript:', { id: 1, name: 'x', type: 'EXTERNAL_LINK', url: 'javascript:alert(1)', externalLinkType: 'url', linkType: 'new_tab' }, { url: 'Script links (javascript:) are not allowed.' }],
    ['tel link without tel:', { id: 1, name: 'x', type: 'EXTERNAL_LINK', url: '+358 40', externalLinkType: 'tel', linkType: 'same_tab' }, {
      url: 'Must start with tel: followed by a phone number (digits, spaces, +, brackets, hyphens).',
    }],
    ['share media without media', { id: 1, name: 'x', type: 'SHARE_MEDIA' }, { mediaId: 'mediaId is required.' }],
    ['form missing required', { id: 1, name: 'x', type: 'REGULAR_FORM' }, { description: 'description is required.', email: 'email is required.', subject: 'subject is required.' }],
    ['form bad emails', form({ email: 'nope', emailBcc: 'also nope' }), { email: 'Must be an email address.', emailBcc: 'Must be an email address.' }],
    ['privacy policy enabled without url', form({ customPrivacyPolicy: { enabled: true } }), { 'customPrivacyPolicy.url': 'The privacy policy URL is required.' }],
    ['privacy policy not http', form({ customPrivacyPolicy: { enabled: true, url: 'ftp://x.fi' } }), { 'customPrivacyPolicy.url': 'Must be a full http:// or https:// URL.' }],
    ['salesforce without status', form({ salesforce: { enabled: true, status: ' ' } }), { 'salesforce.status': 'The Salesforce status is required.' }],
    ['pipedrive without title', form({ pipedrive: { enabled: true } }), { 'pipedrive.titleValue': 'Choose the Pipedrive title field.' }],
    ['pipedrive personId not integer', form({ pipedrive: { enabled: false, personId: '12a' } }), { 'pipedrive.personId': 'personId must be a whole number.' }],
    ['submit to slide without slide', form({ button: { type: 'SLIDE' } }), { 'button.slideId': 'Choose the slide to go to.' }],
    ['bad submit type', form({ button: { type: 'EXPLODE' } }), { 'button.type': 'type must be one of CLOSE_FORM, THANK_YOU_PAGE, CLOSE_VIDBOT, SLIDE.' }],
    ['custom thank-you link bad', form({ thankYouPage: { type: 'CUSTOM', buttonType: 'EXTERNAL_LINK', externalLinkType: 'mailto', url: 'x', linkType: 'new_tab' } }), {
      'thankYouPage.url': 'Must start with mailto: followed by an email address.',
    }],
    ['field without type and label', form({ fields: [{ id: 1, name: 'a' }] }), { 'fields.0.type': 'type is required.', 'fields.0.label': 'label is required.' }],
    ['external-link field incomplete', form({ fields: [field(1, 'terms', 'external_link')] }), {
      'fields.0.externalLinkType': 'Link type is required.',
      'fields.0.linkType': 'How the link opens is required.',
      'fields.0.url': 'URL is required.',
    }],
    ['radio without options', form({ fields: [field(1, 'c', 'radio_button')] }), { 'fields.0.options': 'A radio button needs at least one option.' }],
  ];
  it.each(bad)('%s → 422 field messages', (_name, input, errors) => {
    expect(fieldErrors(Action, input)).toEqual(errors);
  });

  it('parses Pipedrive personId digit strings to integers and empty bcc to null', () => {
    const r = v.parse(Action, form({ emailBcc: ' ', pipedrive: { enabled: true, titleValue: 'company', personId: '42' } }));
    expect(r).toMatchObject({ emailBcc: null, pipedrive: { personId: 42 } });
  });
});

describe('FormField', () => {
  it('accepts every field type with its needs', () => {
    for (const type of ['text', 'email', 'textarea', 'general_checkbox', 'postal_code_fi'] as const) {
      expect(fieldErrors(FormField, field(1, 'f', type))).toEqual({});
    }
  });
});

describe('§4 Form integrations', () => {
  it('exports the required field lists as data', () => {
    expect(INTEGRATION_REQUIRED_FIELDS.hubspot.map((f) => f.name)).toEqual(['first-name', 'last-name', 'email']);
    expect(INTEGRATION_REQUIRED_FIELDS.salesforce.map((f) => f.name)).toEqual(['last-name', 'company']);
    expect(INTEGRATION_REQUIRED_FIELDS.linear.map((f) => f.name)).toEqual(
      expect.arrayContaining(['first-name', 'last-name', 'email', 'telephone', 'gdpr-agreement', 'optional-info', 'source-url', 'utm-source', 'postal-code']),
    );
  });

  it('lists what the enabled integrations need, each field once, with the integrations naming it', () => {
    const need = requiredIntegrationFields({ hubspot: { enabled: true }, salesforce: { enabled: true }, pipedrive: { enabled: true, titleValue: 'company' }, linear: { enabled: false } });
    expect(need.map((n) => [n.name, n.integrations])).toEqual([
      ['first-name', ['hubspot']],
      ['last-name', ['hubspot', 'salesforce']],
      ['email', ['hubspot']],
      ['company', ['salesforce', 'pipedrive']],
    ]);
    expect(requiredIntegrationFields({})).toEqual([]);
  });

  it('reports missing, retyped and optional required fields', () => {
    expect(integrationFieldIssues({ hubspot: { enabled: true }, fields: [field(1, 'first-name'), field(2, 'last-name'), field(3, 'email', 'email')] })).toEqual([]);
    expect(
      integrationFieldIssues({ hubspot: { enabled: true }, fields: [field(1, 'first-name', 'text', { required: false }), field(2, 'email', 'text')] }),
    ).toEqual([
      'The field first-name must be required (hubspot).',
      'The field last-name is required by hubspot.',
      'The field email must be of type email (hubspot).',
    ]);
    expect(integrationFieldIssues({ pipedrive: { enabled: true, titleValue: 'org' }, fields: [field(1, 'org', 'textarea')] })).toEqual([]);
  });
});

describe('BotSettings', () => {
  it('has the §9 defaults and they satisfy the schema', () => {
    const d = defaultBotSettings();
    expect(fieldErrors(BotSettings, d)).toEqual({});
    expect(d.widgetSettings).toMatchObject({
      height: 100,
      width: 100,
      openAfter: 4000,
      loopLimit: 15,
      align: 'bottom_right',
      text: 'See how it works!',
      textDurationMs: 10000,
      borderColor: '#351DDA',
    });
    expect(d.iframeSettings).toMatchObject({ width: 650, height: 340 });
    expect(d).not.toBe(defaultBotSettings());
  });

  it('round-trips complete settings unchanged', () => {
    const s = defaultBotSettings();
    s.adSettings = { ...s.adSettings, placement: 'billboard', adPlatform: 'dv360', clickTag: 'https://ads.example/click' };
    s.urlMaps = [{ matchType: 'exact', url: 'https://shop.example/a', botId: 3 }];
    s.analyticsIntegrationSettings.adStorage = 'granted';
    expect(v.parse(BotSettings, s)).toEqual(s);
  });

  const bad: [string, Record<string, unknown>, Record<string, string>][] = [
    ['align', { widgetSettings: { ...defaultBotSettings().widgetSettings, align: 'middle' } }, { 'widgetSettings.align': 'align must be one of bottom_right, bottom_left, top_right, top_left.' }],
    ['hideOnScroll', { widgetSettings: { ...defaultBotSettings().widgetSettings, hideOnScroll: 'desktop' } }, { 'widgetSettings.hideOnScroll': 'hideOnScroll must be one of mobile, both, none.' }],
    ['hex colour', { widgetSettings: { ...defaultBotSettings().widgetSettings, borderColor: 'blue' } }, { 'widgetSettings.borderColor': 'Border colour must be a hex colour such as #351DDA.' }],
    ['negative offset', { widgetSettings: { ...defaultBotSettings().widgetSettings, coverOffset: -1 } }, { 'widgetSettings.coverOffset': 'Cover offset must be at least 0.' }],
    ['negative thumbnail time', { iframeSettings: { ...defaultBotSettings().iframeSettings, thumbnail: { thumbnailType: 'frame', slide: 1, time: -0.5 } } }, {
      'iframeSettings.thumbnail.time': 'Thumbnail time must be at least 0.',
    }],
    ['iframe size not a number', { iframeSettings: { ...defaultBotSettings().iframeSettings, width: '650' } }, { 'iframeSettings.width': 'Width must be a number.' }],
    ['ad placement and platform', { adSettings: { ...defaultBotSettings().adSettings, placement: 'banner', adPlatform: 'meta' } }, {
      'adSettings.placement': 'placement must be one of doubleMpu, mpu, interstitial, billboard.',
      'adSettings.adPlatform': 'adPlatform must be one of adform, xandr, dv360, custom.',
    }],
    ['share language', { linkSettings: { ...defaultBotSettings().linkSettings, language: 'sv' } }, { 'linkSettings.language': 'language must be one of en, fi, nl, fr, de.' }],
    ['consent value', { analyticsIntegrationSettings: { ...defaultBotSettings().analyticsIntegrationSettings, adStorage: 'maybe' } }, {
      'analyticsIntegrationSettings.adStorage': 'Consent must be one of granted, denied.',
    }],
    ['url map', { urlMaps: [{ url: 'shop', botId: 0 }] }, { 'urlMaps.0.url': 'Must be a full http:// or https:// URL.', 'urlMaps.0.botId': 'Choose a vidbot.' }],
    ['unknown setting', { colour: 'red' }, { colour: expect.any(String) as unknown as string }],
  ];
  it.each(bad)('%s → 422 field messages', (_name, input, errors) => {
    expect(fieldErrors(BotSettingsInput, input)).toEqual(errors);
  });

  it('stores empty custom ad fields as null', () => {
    expect(emptyCustomAdFieldsToNull({ consentString: '', clickTag: '  ', impressionTag: 'x' })).toEqual({ consentString: null, clickTag: null, impressionTag: 'x' });
    const parsed = v.parse(BotSettingsInput, { adSettings: { ...defaultBotSettings().adSettings, clickTag: '' } });
    expect(parsed.adSettings?.clickTag).toBeNull();
  });

  it('merges stored settings over the defaults (old revisions read as defaults)', () => {
    expect(mergeBotSettings(undefined)).toEqual(defaultBotSettings());
    expect(mergeBotSettings({ isLikesEnabled: true, nonsense: 1 })).toEqual({ ...defaultBotSettings(), isLikesEnabled: true });
  });
});

describe('feature gates (spec 001 §6)', () => {
  const none: string[] = [];
  it('refuses changing a gated setting without its feature, allows keeping it', () => {
    const prev = { settings: {}, actions: [] };
    expect(featureGateIssues(prev, { settings: { isLikesEnabled: true }, actions: [] }, none, false)).toEqual([{ feature: 'likes', path: 'settings.isLikesEnabled' }]);
    expect(featureGateIssues(prev, { settings: { isLikesEnabled: true }, actions: [] }, ['embed:likes'], false)).toEqual([]);
    // the default value sent explicitly is no change
    expect(featureGateIssues(prev, { settings: defaultBotSettings(), actions: [] }, none, false)).toEqual([]);
    // a value stored while the feature was on may be kept
    expect(featureGateIssues({ settings: { isLikesEnabled: true }, actions: [] }, { settings: { isLikesEnabled: true }, actions: [] }, none, false)).toEqual([]);
    const ws = { ...defaultBotSettings().widgetSettings, hideOnScroll: 'both' as const, closeButtonEnabled: true };
    expect(featureGateIssues(prev, { settings: { widgetSettings: ws }, actions: [] }, ['dashboard:close_button'], false)).toEqual([
      { feature: 'hide_widget_on_scroll', path: 'settings.widgetSettings.hideOnScroll' },
    ]);
  });

  it('keeps useCase to staff', () => {
    expect(featureGateIssues({ actions: [] }, { settings: { useCase: 'sales' }, actions: [] }, none, false)).toEqual([{ feature: 'staff', path: 'settings.useCase' }]);
    expect(featureGateIssues({ actions: [] }, { settings: { useCase: 'sales' }, actions: [] }, none, true)).toEqual([]);
  });

  it('gates enabling or editing a form integration, not adding a disabled block', () => {
    const a = (hubspot: unknown) => ({ id: 7, type: 'REGULAR_FORM', hubspot });
    expect(featureGateIssues({ actions: [] }, { actions: [a({ enabled: true })] }, none, false)).toEqual([{ feature: 'integration_hubspot', path: 'actions.0.hubspot' }]);
    expect(featureGateIssues({ actions: [] }, { actions: [a({ enabled: false })] }, none, false)).toEqual([]);
    expect(featureGateIssues({ actions: [a({ enabled: true })] }, { actions: [a({ enabled: false })] }, none, false)).toHaveLength(1);
    expect(featureGateIssues({ actions: [a({ enabled: true })] }, { actions: [a({ enabled: true })] }, none, false)).toEqual([]);
    expect(featureGateIssues({ actions: [] }, { actions: [a({ enabled: true })] }, ['dashboard:integration_hubspot'], false)).toEqual([]);
  });

  it('reads flags of either type and compares JSON structurally', () => {
    expect(hasFeature(new Set(['dashboard:url_map']), 'url_map')).toBe(true);
    expect(hasFeature(['embed:likes'], 'url_map')).toBe(false);
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
  });
});
