/**
 * The content contract of a vidbot (spec 001 §3 Action, Form field, Share settings, Enumerations;
 * §4 Form integrations; §5 Validation rules; §9 defaults) as pure valibot schemas and data.
 *
 * PURE: no node imports. The SPA's forms import this module directly (as
 * src/features/chrome/permissions.ts imports server/src/lib/staff.ts), so the editor and the server
 * apply one set of rules. Messages here are the server's 422 field messages (English, like every
 * API message); the SPA shows its own Lingui texts for the same rules.
 *
 * Every schema the SPA needs as a type is named with `v.metadata({ ref })` and reaches
 * src/api/schema.gen.ts through `npm run api:types`.
 */
import * as v from 'valibot';
import { EMAIL_PATTERN, EXTERNAL_LINK_TYPES, LINK_TYPES, isHttpUrl, linkTextIssue, type ExternalLinkType, type LinkType } from './link.rules';

// --- small building blocks ---------------------------------------------------------------------------

/** Positive integer (ids inside a content document start at 1, spec 001 §4). */
export const posInt = (message = 'Must be a positive integer.') =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message));

/** A required, trimmed, non-blank string of at most `max` characters. */
export const requiredText = (label: string, max = 255) =>
  v.pipe(v.string(`${label} is required.`), v.trim(), v.minLength(1, `${label} is required.`), v.maxLength(max, `Must be at most ${max} characters.`));

/** An optional string (null allowed) of at most `max` characters. */
const optionalText = (max = 255) => v.optional(v.nullable(v.pipe(v.string('Must be text.'), v.maxLength(max, `Must be at most ${max} characters.`))));

/** A number ≥ 0 (pixels, milliseconds, seconds — see each field). */
const nonNegative = (label: string) =>
  v.pipe(v.number(`${label} must be a number.`), v.finite(`${label} must be a number.`), v.minValue(0, `${label} must be at least 0.`));

/** A whole number ≥ 0. */
const nonNegativeInt = (label: string) => v.pipe(nonNegative(label), v.integer(`${label} must be a whole number.`));

/** `#rgb`, `#rrggbb` or `#rrggbbaa`. */
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const hexColour = (label: string) => v.pipe(v.string(`${label} is required.`), v.regex(HEX_COLOUR, `${label} must be a hex colour such as #351DDA.`));

// --- §5 text rules ---------------------------------------------------------------------------------

// §5 text rules and link enumerations live in the dependency-free ./link.rules.ts (the player imports them).
export { EMAIL_PATTERN, EXTERNAL_LINK_TYPES, LINK_TYPES, isHttpUrl, linkTextIssue, type ExternalLinkType, type LinkType };

/** A link target (max 2000 characters, trimmed). */
const linkText = v.pipe(v.string('URL is required.'), v.trim(), v.maxLength(2000, 'Must be at most 2000 characters.'));

/** Email address (§5 "email type for email and bcc"). */
export const Email = v.pipe(v.string('Email is required.'), v.trim(), v.maxLength(320, 'Must be at most 320 characters.'), v.regex(EMAIL_PATTERN, 'Must be an email address.'));

/** Optional email: empty or null become null. */
const optionalEmail = v.optional(
  v.pipe(
    v.nullable(v.string('Must be an email address.')),
    v.transform((s) => (s === null || s.trim() === '' ? null : s.trim())),
    v.check((s) => s === null || (s.length <= 320 && EMAIL_PATTERN.test(s)), 'Must be an email address.'),
  ),
);

// --- form fields -------------------------------------------------------------------------------------

/** Form field types (spec 001 §3 Form field). */
export const FORM_FIELD_TYPES = ['text', 'email', 'textarea', 'general_checkbox', 'radio_button', 'external_link', 'postal_code_fi'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** A radio button's choice. */
export const RadioOption = v.pipe(v.strictObject({ id: posInt(), label: requiredText('Option label', 255) }), v.metadata({ ref: 'RadioOption' }));

/**
 * Form field (spec 001 §3 Form field, §5 Field): type and label required; external-link fields need
 * externalLinkType, linkType and a url valid for its type; radio buttons need at least one option.
 * `name` is the field's key in submissions and integrations (e.g. `first-name`).
 */
export const FormField = v.pipe(
  v.strictObject({
    id: posInt(),
    name: requiredText('Field name', 100),
    type: v.picklist(FORM_FIELD_TYPES, `type must be one of ${FORM_FIELD_TYPES.join(', ')}.`),
    label: requiredText('Label', 1000),
    required: v.optional(v.boolean('required must be true or false.')),
    externalLinkType: v.optional(v.nullable(v.picklist(EXTERNAL_LINK_TYPES, `externalLinkType must be one of ${EXTERNAL_LINK_TYPES.join(', ')}.`))),
    url: v.optional(v.nullable(linkText)),
    linkType: v.optional(v.nullable(v.picklist(LINK_TYPES, `linkType must be one of ${LINK_TYPES.join(', ')}.`))),
    showAfterSubmit: v.optional(v.boolean()),
    options: v.optional(v.pipe(v.array(RadioOption), v.maxLength(50, 'At most 50 options.'))),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const f = dataset.value;
    if (f.type === 'external_link') {
      if (!f.externalLinkType) addIssue({ message: 'Link type is required.', path: [pathItem(f, 'externalLinkType')] });
      if (!f.linkType) addIssue({ message: 'How the link opens is required.', path: [pathItem(f, 'linkType')] });
      const issue = f.externalLinkType ? linkTextIssue(f.externalLinkType, f.url ?? '') : f.url ? undefined : 'URL is required.';
      if (issue) addIssue({ message: issue, path: [pathItem(f, 'url')] });
    }
    if (f.type === 'radio_button' && !(f.options && f.options.length > 0)) {
      addIssue({ message: 'A radio button needs at least one option.', path: [pathItem(f, 'options')] });
    }
  }),
  v.metadata({ ref: 'FormField' }),
);
export type FormField = v.InferOutput<typeof FormField>;

/** A path item for `addIssue` pointing at `key` of `input` (valibot's object path item). */
function pathItem(input: object, key: string) {
  return { type: 'object' as const, origin: 'value' as const, input: input as Record<string, unknown>, key, value: (input as Record<string, unknown>)[key] };
}

// --- §4 Form integrations -----------------------------------------------------------------------------

/** Form integrations (spec 001 §3 Regular form) and the account feature flag that offers each (§6). */
export const FORM_INTEGRATIONS = ['hubspot', 'linear', 'pipedrive', 'salesforce'] as const;
export type FormIntegration = (typeof FORM_INTEGRATIONS)[number];
export const INTEGRATION_FEATURES: Record<FormIntegration, string> = {
  hubspot: 'integration_hubspot',
  linear: 'integration_linear',
  pipedrive: 'integration_pipedrive',
  salesforce: 'integration_salesforce',
};

/** A field an integration needs: its key and type (the editor supplies the translated label). */
export interface RequiredFieldSpec {
  name: string;
  type: FormFieldType;
}

/**
 * Fixed required fields per integration (spec 001 §4 Form integrations). Enabling one adds the
 * missing ones; they are locked (cannot be deleted, nor their type or requirement changed).
 * Pipedrive has no fixed list: its chosen title field (`pipedrive.titleValue`) becomes required.
 */
export const INTEGRATION_REQUIRED_FIELDS: Record<Exclude<FormIntegration, 'pipedrive'>, readonly RequiredFieldSpec[]> = {
  hubspot: [
    { name: 'first-name', type: 'text' },
    { name: 'last-name', type: 'text' },
    { name: 'email', type: 'email' },
  ],
  salesforce: [
    { name: 'last-name', type: 'text' },
    { name: 'company', type: 'text' },
  ],
  linear: [
    { name: 'first-name', type: 'text' },
    { name: 'last-name', type: 'text' },
    { name: 'email', type: 'email' },
    { name: 'telephone', type: 'text' },
    { name: 'gdpr-agreement', type: 'general_checkbox' },
    { name: 'optional-info', type: 'textarea' },
    { name: 'source-url', type: 'text' },
    { name: 'utm-source', type: 'text' },
    { name: 'utm-medium', type: 'text' },
    { name: 'utm-campaign', type: 'text' },
    { name: 'utm-term', type: 'text' },
    { name: 'utm-content', type: 'text' },
    { name: 'postal-code', type: 'postal_code_fi' },
  ],
};

/** The integration blocks of a form, as far as these rules read them. */
export interface FormIntegrationBlocks {
  hubspot?: { enabled: boolean } | null;
  linear?: { enabled: boolean } | null;
  pipedrive?: { enabled: boolean; titleValue?: string | null } | null;
  salesforce?: { enabled: boolean } | null;
}

/**
 * The fields the form's enabled integrations require, with the integrations requiring each
 * (a field named by two integrations is listed once). Pipedrive's title field has no fixed type (`type` undefined).
 */
export function requiredIntegrationFields(form: FormIntegrationBlocks): { name: string; type?: FormFieldType; integrations: FormIntegration[] }[] {
  const out = new Map<string, { name: string; type?: FormFieldType; integrations: FormIntegration[] }>();
  const add = (name: string, type: FormFieldType | undefined, integration: FormIntegration) => {
    const seen = out.get(name);
    if (seen) {
      seen.integrations.push(integration);
      seen.type ??= type;
    } else out.set(name, { name, type, integrations: [integration] });
  };
  for (const integration of ['hubspot', 'linear', 'salesforce'] as const) {
    if (form[integration]?.enabled) for (const f of INTEGRATION_REQUIRED_FIELDS[integration]) add(f.name, f.type, integration);
  }
  const title = form.pipedrive?.enabled ? form.pipedrive.titleValue?.trim() : undefined;
  if (title) add(title, undefined, 'pipedrive');
  return [...out.values()];
}

/**
 * Required-field problems of a form (spec 001 §4 Form integrations): each field an enabled
 * integration needs must be present (by `name`), of the right type and `required: true`.
 * @returns messages naming the field and the integration; empty when the form is complete.
 */
export function integrationFieldIssues(form: FormIntegrationBlocks & { fields?: readonly Pick<FormField, 'name' | 'type' | 'required'>[] }): string[] {
  const fields = form.fields ?? [];
  const issues: string[] = [];
  for (const need of requiredIntegrationFields(form)) {
    const by = need.integrations.join(', ');
    const f = fields.find((x) => x.name === need.name);
    if (!f) issues.push(`The field ${need.name} is required by ${by}.`);
    else if (need.type && f.type !== need.type) issues.push(`The field ${need.name} must be of type ${need.type} (${by}).`);
    else if (f.required !== true) issues.push(`The field ${need.name} must be required (${by}).`);
  }
  return issues;
}

// --- actions -----------------------------------------------------------------------------------------

/** Action types, spec 001 §3. */
export const ACTION_TYPES = ['REGULAR_FORM', 'EXTERNAL_LINK', 'POST_MESSAGE', 'CLOSE_VIDBOT', 'SHARE_MEDIA'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Form submit-button behaviour (spec 001 §3 Enumerations): close form, show thank-you page, close vidbot, navigate to slide. */
export const SUBMIT_BUTTON_TYPES = ['CLOSE_FORM', 'THANK_YOU_PAGE', 'CLOSE_VIDBOT', 'SLIDE'] as const;
/** Thank-you page kinds (spec 001 §3): default or custom. */
export const THANK_YOU_PAGE_TYPES = ['DEFAULT', 'CUSTOM'] as const;
/** A custom thank-you page's button (spec 001 §3): close form, close vidbot, slide, external link. */
export const THANK_YOU_BUTTON_TYPES = ['CLOSE_FORM', 'CLOSE_VIDBOT', 'SLIDE', 'EXTERNAL_LINK'] as const;

/** What the submit (or share) button does; `slideId` is required for SLIDE. */
export const SubmitButton = v.pipe(
  v.strictObject({
    type: v.picklist(SUBMIT_BUTTON_TYPES, `type must be one of ${SUBMIT_BUTTON_TYPES.join(', ')}.`),
    slideId: v.optional(v.nullable(posInt())),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.type === 'SLIDE' && dataset.value.slideId == null) {
      addIssue({ message: 'Choose the slide to go to.', path: [pathItem(dataset.value, 'slideId')] });
    }
  }),
  v.metadata({ ref: 'SubmitButton' }),
);
export type SubmitButton = v.InferOutput<typeof SubmitButton>;

/**
 * Thank-you page (spec 001 §3; defaults §9: type DEFAULT, button CLOSE_FORM named "Close").
 * A custom page's SLIDE button needs slideId; its EXTERNAL_LINK button needs externalLinkType,
 * linkType and a url valid for its type (§5).
 */
export const ThankYouPage = v.pipe(
  v.strictObject({
    type: v.picklist(THANK_YOU_PAGE_TYPES, 'type must be DEFAULT or CUSTOM.'),
    description: optionalText(5000),
    buttonType: v.optional(v.picklist(THANK_YOU_BUTTON_TYPES, `buttonType must be one of ${THANK_YOU_BUTTON_TYPES.join(', ')}.`)),
    buttonName: optionalText(255),
    slideId: v.optional(v.nullable(posInt())),
    externalLinkType: v.optional(v.nullable(v.picklist(EXTERNAL_LINK_TYPES, `externalLinkType must be one of ${EXTERNAL_LINK_TYPES.join(', ')}.`))),
    url: v.optional(v.nullable(linkText)),
    linkType: v.optional(v.nullable(v.picklist(LINK_TYPES, `linkType must be one of ${LINK_TYPES.join(', ')}.`))),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const p = dataset.value;
    if (p.type !== 'CUSTOM') return;
    if (p.buttonType === 'SLIDE' && p.slideId == null) addIssue({ message: 'Choose the slide to go to.', path: [pathItem(p, 'slideId')] });
    if (p.buttonType === 'EXTERNAL_LINK') {
      if (!p.externalLinkType) addIssue({ message: 'Link type is required.', path: [pathItem(p, 'externalLinkType')] });
      if (!p.linkType) addIssue({ message: 'How the link opens is required.', path: [pathItem(p, 'linkType')] });
      const issue = p.externalLinkType ? linkTextIssue(p.externalLinkType, p.url ?? '') : p.url ? undefined : 'URL is required.';
      if (issue) addIssue({ message: issue, path: [pathItem(p, 'url')] });
    }
  }),
  v.metadata({ ref: 'ThankYouPage' }),
);
export type ThankYouPage = v.InferOutput<typeof ThankYouPage>;

/** §9 thank-you defaults. `buttonName` is stored data (the spec's default "Close"). */
export const defaultThankYouPage = (): ThankYouPage => ({ type: 'DEFAULT', description: null, buttonType: 'CLOSE_FORM', buttonName: 'Close', slideId: null });

/** Custom privacy policy: url required (http/https) when enabled (spec 001 §5). */
export const CustomPrivacyPolicy = v.pipe(
  v.strictObject({ enabled: v.boolean('enabled must be true or false.'), url: v.optional(v.nullable(linkText)) }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || !dataset.value.enabled) return;
    const url = dataset.value.url ?? '';
    if (!url) addIssue({ message: 'The privacy policy URL is required.', path: [pathItem(dataset.value, 'url')] });
    else if (!isHttpUrl(url)) addIssue({ message: 'Must be a full http:// or https:// URL.', path: [pathItem(dataset.value, 'url')] });
  }),
);

const HubspotBlock = v.strictObject({ enabled: v.boolean('enabled must be true or false.'), campaignId: optionalText(255) });
const LinearBlock = v.strictObject({ enabled: v.boolean('enabled must be true or false.') });
/** Pipedrive: title field required when enabled; personId parsed to an integer (a digit string is accepted). */
const PipedriveBlock = v.pipe(
  v.strictObject({
    enabled: v.boolean('enabled must be true or false.'),
    titleValue: optionalText(255),
    personId: v.optional(
      v.nullable(
        v.pipe(
          v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d*$/, 'personId must be a whole number.'))], 'personId must be a whole number.'),
          v.transform((x) => (typeof x === 'string' ? (x === '' ? null : Number(x)) : x)),
          v.nullable(v.pipe(v.number(), v.integer('personId must be a whole number.'), v.minValue(1, 'personId must be a positive whole number.'), v.maxValue(Number.MAX_SAFE_INTEGER))),
        ),
      ),
    ),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.enabled && !dataset.value.titleValue?.trim()) {
      addIssue({ message: 'Choose the Pipedrive title field.', path: [pathItem(dataset.value, 'titleValue')] });
    }
  }),
);
/** Salesforce: status required when enabled. */
const SalesforceBlock = v.pipe(
  v.strictObject({ enabled: v.boolean('enabled must be true or false.'), status: optionalText(255), leadSource: optionalText(255) }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.enabled && !dataset.value.status?.trim()) {
      addIssue({ message: 'The Salesforce status is required.', path: [pathItem(dataset.value, 'status')] });
    }
  }),
);

/** Upper bound of fields per form (design). */
export const MAX_FORM_FIELDS = 50;

const actionBase = {
  id: posInt(),
  name: requiredText('Name'),
  /** Added items are flagged as new (spec 001 §3). */
  isNew: v.optional(v.boolean()),
};

/**
 * Regular form (spec 001 §3, §5): the action's `name` is the form title; description, recipient
 * email and subject required; bcc an email when given; integration blocks as above.
 */
const RegularFormActionObject = v.strictObject({
  ...actionBase,
  type: v.literal('REGULAR_FORM'),
  description: requiredText('Description', 5000),
  email: Email,
  emailBcc: optionalEmail,
  subject: requiredText('Subject', 255),
  customPrivacyPolicy: v.optional(v.nullable(CustomPrivacyPolicy)),
  hubspot: v.optional(v.nullable(HubspotBlock)),
  linear: v.optional(v.nullable(LinearBlock)),
  pipedrive: v.optional(v.nullable(PipedriveBlock)),
  salesforce: v.optional(v.nullable(SalesforceBlock)),
  button: v.optional(v.nullable(SubmitButton)),
  thankYouPage: v.optional(v.nullable(ThankYouPage)),
  fields: v.optional(v.pipe(v.array(FormField), v.maxLength(MAX_FORM_FIELDS, `At most ${MAX_FORM_FIELDS} fields.`)), []),
});
export const RegularFormAction = v.pipe(RegularFormActionObject, v.metadata({ ref: 'RegularFormAction' }));
export type RegularFormAction = v.InferOutput<typeof RegularFormAction>;

/** Form fields only the account may see (recipients and integration settings); the public player never gets them. */
export const PRIVATE_FORM_FIELDS = ['email', 'emailBcc', 'subject', 'hubspot', 'linear', 'pipedrive', 'salesforce'] as const;

/** A regular form as the public player gets it (`GET /public/bot/{publicId}`): without PRIVATE_FORM_FIELDS. */
export const PublicRegularFormAction = v.pipe(v.omit(RegularFormActionObject, PRIVATE_FORM_FIELDS), v.metadata({ ref: 'PublicRegularFormAction' }));
export type PublicRegularFormAction = v.InferOutput<typeof PublicRegularFormAction>;

/** External link (spec 001 §3, §5): url valid for its externalLinkType; `javascript:` refused. */
export const ExternalLinkAction = v.pipe(
  v.strictObject({
    ...actionBase,
    type: v.literal('EXTERNAL_LINK'),
    url: linkText,
    externalLinkType: v.picklist(EXTERNAL_LINK_TYPES, `externalLinkType must be one of ${EXTERNAL_LINK_TYPES.join(', ')}.`),
    linkType: v.picklist(LINK_TYPES, `linkType must be one of ${LINK_TYPES.join(', ')}.`),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const issue = linkTextIssue(dataset.value.externalLinkType, dataset.value.url);
    if (issue) addIssue({ message: issue, path: [pathItem(dataset.value, 'url')] });
  }),
  v.metadata({ ref: 'ExternalLinkAction' }),
);
export type ExternalLinkAction = v.InferOutput<typeof ExternalLinkAction>;

/** Post message (spec 001 §3, §5): `value` (the message posted to the host page) required. */
export const PostMessageAction = v.pipe(
  v.strictObject({ ...actionBase, type: v.literal('POST_MESSAGE'), value: requiredText('Value', 10_000) }),
  v.metadata({ ref: 'PostMessageAction' }),
);
export type PostMessageAction = v.InferOutput<typeof PostMessageAction>;

/** Close vidbot (spec 001 §3): no fields of its own. */
export const CloseVidbotAction = v.pipe(v.strictObject({ ...actionBase, type: v.literal('CLOSE_VIDBOT') }), v.metadata({ ref: 'CloseVidbotAction' }));
export type CloseVidbotAction = v.InferOutput<typeof CloseVidbotAction>;

/** Default label of the share button (spec 001 §9 "share button label Share"). */
export const DEFAULT_SHARE_LABEL = 'Share';

/**
 * The shared media as the server resolves it on read (`/files/` URLs; null while not Ready or gone).
 * Loose on write: a client may send back what it read, or a whole `Media`; it is dropped on write.
 */
export const SharedMedia = v.pipe(
  v.looseObject({
    id: v.number(),
    name: v.optional(v.string()),
    type: v.optional(v.string()),
    url: v.optional(v.nullable(v.string())),
    thumbnailUrl: v.optional(v.nullable(v.string())),
    /** Seconds (videos). */
    duration: v.optional(v.nullable(v.number())),
  }),
  v.metadata({ ref: 'SharedMedia' }),
);

/**
 * Share media (spec 001 §3): the media shared (`mediaId`, the account's media; `media` is resolved
 * by the server on read and ignored on write), `value` the share button's label (default "Share"),
 * the button behaviour after sharing and the thank-you page.
 */
export const ShareMediaAction = v.pipe(
  v.strictObject({
    ...actionBase,
    type: v.literal('SHARE_MEDIA'),
    mediaId: posInt('Choose the media to share.'),
    value: optionalText(255),
    button: v.optional(v.nullable(SubmitButton)),
    thankYouPage: v.optional(v.nullable(ThankYouPage)),
    /** Resolved on read; ignored on write. */
    media: v.optional(v.nullable(SharedMedia)),
  }),
  v.metadata({ ref: 'ShareMediaAction' }),
);
export type ShareMediaAction = v.InferOutput<typeof ShareMediaAction>;

/** Any action, discriminated on `type` (an unknown type answers 422 at `type`). */
export const Action = v.pipe(
  v.variant('type', [RegularFormAction, ExternalLinkAction, PostMessageAction, CloseVidbotAction, ShareMediaAction], `type must be one of ${ACTION_TYPES.join(', ')}.`),
  v.metadata({ ref: 'Action' }),
);
export type Action = v.InferOutput<typeof Action>;

/** Any action as the public player gets it (forms without their private fields). */
export const PublicAction = v.pipe(
  v.variant('type', [PublicRegularFormAction, ExternalLinkAction, PostMessageAction, CloseVidbotAction, ShareMediaAction]),
  v.metadata({ ref: 'PublicAction' }),
);
export type PublicAction = v.InferOutput<typeof PublicAction>;

// --- settings (spec 001 §3 "{product}", "Share settings"; §9 defaults) -----------------------------

/** Share languages (spec 001 §3 Enumerations). */
export const SHARE_LANGUAGES = ['en', 'fi', 'nl', 'fr', 'de'] as const;
/** Caption languages of the settings (spec 001 §3 "Caption languages en and fi in some settings"). */
export const CAPTION_LANGUAGES = ['en', 'fi'] as const;
/** Widget corner (spec 001 §3 widgetSettings.align). */
export const WIDGET_ALIGNS = ['bottom_right', 'bottom_left', 'top_right', 'top_left'] as const;
/** widgetSettings.hideOnScroll (spec 001 §3). */
export const HIDE_ON_SCROLL = ['mobile', 'both', 'none'] as const;
/** Ad placements and their sizes in px (spec 001 §3 Enumerations). */
export const AD_PLACEMENTS = ['doubleMpu', 'mpu', 'interstitial', 'billboard'] as const;
export const AD_PLACEMENT_SIZES: Record<(typeof AD_PLACEMENTS)[number], { width: number; height: number }> = {
  doubleMpu: { width: 300, height: 600 },
  mpu: { width: 300, height: 250 },
  interstitial: { width: 700, height: 400 },
  billboard: { width: 970, height: 250 },
};
export const AD_PLATFORMS = ['adform', 'xandr', 'dv360', 'custom'] as const;
/**
 * Analytics integration modes (spec 002 §3 "Analytics integration modes"; issue 13): where the
 * player's analytics events go besides Vidbot's own ingest. `direct_ga4` / `direct_gtm`: the player
 * frame loads Google's tag (ga4Id / gtmId) with Consent Mode v2 defaults; `parent_ga4` /
 * `parent_gtm`: the widget loader hands them to the host page's `gtag` / `dataLayer`; `none`: only
 * Vidbot (docs/embedding.md "Analytics").
 */
export const ANALYTICS_INTEGRATIONS = ['none', 'direct_ga4', 'direct_gtm', 'parent_ga4', 'parent_gtm'] as const;
export type AnalyticsIntegration = (typeof ANALYTICS_INTEGRATIONS)[number];
/** Consent storages of analyticsIntegrationSettings (spec 001 §3), each granted or denied. */
export const CONSENT_STORAGES = ['adStorage', 'analyticsStorage', 'functionalityStorage', 'personalizationStorage', 'securityStorage'] as const;
export const CONSENT_VALUES = ['granted', 'denied'] as const;
/** Thumbnail source: a frame of a slide's video, or a custom CoverImage. */
export const THUMBNAIL_TYPES = ['frame', 'custom'] as const;

const bool = (label: string) => v.boolean(`${label} must be true or false.`);
const pick = <T extends readonly [string, ...string[]]>(options: T, label: string) => v.picklist(options, `${label} must be one of ${options.join(', ')}.`);
const mediaRef = v.nullable(posInt('Must be a media id.'));
const slideRef = v.nullable(posInt('Must be a slide id.'));

/** Thumbnail of a share (spec 001 §3): a frame at `time` seconds (≥ 0) of `slide`, or a custom CoverImage (`widgetThumbnailId`). */
const Thumbnail = v.strictObject({
  thumbnailType: pick(THUMBNAIL_TYPES, 'thumbnailType'),
  slide: slideRef,
  /** Seconds into the slide's video, ≥ 0 (at most its duration: checked by the editor, which knows it). */
  time: nonNegative('Thumbnail time'),
  widgetThumbnailId: v.optional(mediaRef),
});

/** Crop of the widget video (spec 001 §3 Crop): x, y percentages 0–100, scale 0.5–5. */
const Crop = v.strictObject({
  x: v.pipe(v.number('x must be a number.'), v.minValue(0, 'x must be 0–100.'), v.maxValue(100, 'x must be 0–100.')),
  y: v.pipe(v.number('y must be a number.'), v.minValue(0, 'y must be 0–100.'), v.maxValue(100, 'y must be 0–100.')),
  scale: v.pipe(v.number('scale must be a number.'), v.minValue(0.5, 'scale must be 0.5–5.'), v.maxValue(5, 'scale must be 0.5–5.')),
});

const Scheduler = v.strictObject({
  enabled: bool('enabled'),
  /** ISO 8601 date-time or null. */
  startTime: optionalText(40),
  endTime: optionalText(40),
});

/** widgetSettings (spec 001 §3; required fields and defaults §5, §9). Sizes and offsets in px, times in ms. */
export const WidgetSettings = v.pipe(
  v.strictObject({
    chatVideoId: mediaRef,
    chatVideoCrop: v.nullable(Crop),
    coverOffset: nonNegative('Cover offset'),
    height: nonNegative('Height'),
    width: nonNegative('Width'),
    align: pick(WIDGET_ALIGNS, 'align'),
    verticalOffset: nonNegative('Vertical offset'),
    horizontalOffset: nonNegative('Horizontal offset'),
    loopLimit: nonNegativeInt('Loop limit'),
    borderColor: hexColour('Border colour'),
    horizontalMode: bool('horizontalMode'),
    horizontalModeMobile: bool('horizontalModeMobile'),
    thumbnail: Thumbnail,
    language: pick(SHARE_LANGUAGES, 'language'),
    text: v.pipe(v.string('Text must be text.'), v.maxLength(255, 'Must be at most 255 characters.')),
    textDurationMs: nonNegative('Text duration'),
    ctaTextColor: hexColour('CTA text colour'),
    ctaBackgroundColor: hexColour('CTA background colour'),
    hideCtaMobile: bool('hideCtaMobile'),
    hideOnScroll: pick(HIDE_ON_SCROLL, 'hideOnScroll'),
    automaticallyOpen: bool('automaticallyOpen'),
    openAfter: nonNegative('Open after'),
    autoplayMuted: bool('autoplayMuted'),
    closeButtonEnabled: bool('closeButtonEnabled'),
    vidbotScheduler: Scheduler,
    stylesRaw: optionalText(100_000),
  }),
  v.metadata({ ref: 'WidgetSettings' }),
);

/** iframeSettings (spec 001 §3; default 650×340 px, §9). */
export const IframeSettings = v.pipe(
  v.strictObject({
    language: pick(SHARE_LANGUAGES, 'language'),
    width: nonNegative('Width'),
    height: nonNegative('Height'),
    thumbnail: Thumbnail,
    autoplayOnScroll: bool('autoplayOnScroll'),
    hideActionButtonsUntilPlay: bool('hideActionButtonsUntilPlay'),
  }),
  v.metadata({ ref: 'IframeSettings' }),
);

/** The custom ad fields that are stored as null when empty (spec 001 §5). */
export const CUSTOM_AD_FIELDS = ['consentString', 'clickTag', 'impressionTag'] as const;

/** Empty (blank) custom ad fields become null (spec 001 §5 "Empty custom ad fields are stored as null"). */
export function emptyCustomAdFieldsToNull<T extends Partial<Record<(typeof CUSTOM_AD_FIELDS)[number], string | null | undefined>>>(ad: T): T {
  const out = { ...ad };
  for (const k of CUSTOM_AD_FIELDS) {
    const val = out[k];
    if (typeof val === 'string' && val.trim() === '') (out as Record<string, unknown>)[k] = null;
  }
  return out;
}

/** adSettings (spec 001 §3). */
export const AdSettings = v.pipe(
  v.strictObject({
    placement: pick(AD_PLACEMENTS, 'placement'),
    horizontalDesktopLayout: bool('horizontalDesktopLayout'),
    adPlatform: pick(AD_PLATFORMS, 'adPlatform'),
    consentString: optionalText(2000),
    clickTag: optionalText(2000),
    impressionTag: optionalText(2000),
    language: pick(SHARE_LANGUAGES, 'language'),
    thumbnail: v.strictObject({ slide: slideRef, time: nonNegative('Thumbnail time') }),
    autoplayOnScroll: bool('autoplayOnScroll'),
    loopIntroSlide: bool('loopIntroSlide'),
  }),
  v.transform(emptyCustomAdFieldsToNull),
  v.metadata({ ref: 'AdSettings' }),
);

/** linkSettings (spec 001 §3). */
export const LinkSettings = v.pipe(
  v.strictObject({
    language: pick(SHARE_LANGUAGES, 'language'),
    slideId: slideRef,
    thumbnail: v.nullable(Thumbnail),
    autoplayMuted: bool('autoplayMuted'),
    hideActionButtonsUntilPlay: bool('hideActionButtonsUntilPlay'),
  }),
  v.metadata({ ref: 'LinkSettings' }),
);

const ConsentValue = pick(CONSENT_VALUES, 'Consent');

/** analyticsIntegrationSettings (spec 001 §3). */
export const AnalyticsIntegrationSettings = v.pipe(
  v.strictObject({
    jsInjectEnabled: bool('jsInjectEnabled'),
    ga4Id: optionalText(50),
    gtmId: optionalText(50),
    adStorage: ConsentValue,
    analyticsStorage: ConsentValue,
    functionalityStorage: ConsentValue,
    personalizationStorage: ConsentValue,
    securityStorage: ConsentValue,
  }),
  v.metadata({ ref: 'AnalyticsIntegrationSettings' }),
);

/**
 * How a URL map's `url` is compared with the page URL (issue 12 "URL maps … exact, prefix, wildcard,
 * regex in priority order"; matching itself: server/src/modules/share/widget.config.ts `matchUrlMap`).
 */
export const URL_MATCH_TYPES = ['exact', 'prefix', 'wildcard', 'regex'] as const;
export type UrlMatchType = (typeof URL_MATCH_TYPES)[number];

/** A regular expression with a repeated group that itself repeats — `(a+)+`, `(x*)*`, `(a{2,})+` — can take exponential time. */
const NESTED_REPETITION = /[+*}]\)+[+*{]/;
/** Unbounded repetitions (`*`, `+`, `{n,}`) not escaped; many in a row (`.*.*.*.*x`) make a failing match slow. */
const UNBOUNDED_REPETITION = /(?<!\\)[*+]|\{\d+,\}/g;
/** Most unbounded repetitions a URL map regex may hold. */
export const MAX_REGEX_REPETITIONS = 3;

/**
 * The problem with a URL map pattern of `matchType`, or undefined when it is fine: `exact` and
 * `prefix` need a full http(s) URL; `wildcard` a full http(s) URL where `*` stands for any text;
 * `regex` a JavaScript regular expression (tested against the whole page URL) without nested
 * repetition and with at most 3 unbounded repetitions (refused: they can make matching take
 * exponential or high polynomial time on a public endpoint).
 */
export function urlPatternIssue(matchType: UrlMatchType, url: string): string | undefined {
  if (matchType === 'regex') {
    try {
      new RegExp(url);
    } catch {
      return 'Must be a valid regular expression.';
    }
    if (NESTED_REPETITION.test(url)) return 'Nested repetition such as (a+)+ is not allowed.';
    return (url.match(UNBOUNDED_REPETITION) ?? []).length > MAX_REGEX_REPETITIONS ? 'At most 3 open-ended repetitions (such as * or +) are allowed.' : undefined;
  }
  return isHttpUrl(matchType === 'wildcard' ? url.replaceAll('*', 'x') : url) ? undefined : 'Must be a full http:// or https:// URL.';
}

/**
 * One URL map entry (spec 001 §3 "urlMaps (url to bot id)"): page URL pattern → vidbot of the same
 * account. `matchType` defaults to `exact` (entries stored before it existed read as exact).
 */
export const UrlMap = v.pipe(
  v.strictObject({
    matchType: v.optional(pick(URL_MATCH_TYPES, 'matchType'), 'exact'),
    url: requiredText('URL', 2000),
    botId: posInt('Choose a vidbot.'),
  }),
  v.forward(
    v.partialCheck(
      [['matchType'], ['url']],
      (m) => urlPatternIssue(m.matchType, m.url) === undefined,
      (issue) => {
        const m = issue.input as { matchType?: UrlMatchType; url: string };
        return urlPatternIssue(m.matchType ?? 'exact', m.url) ?? 'Not valid.';
      },
    ),
    ['url'],
  ),
  v.metadata({ ref: 'UrlMap' }),
);
export type UrlMap = v.InferOutput<typeof UrlMap>;

const settingsEntries = {
  seoMeta: v.strictObject({ title: optionalText(255), description: optionalText(1000), isIndexingDisabled: bool('isIndexingDisabled') }),
  widgetSettings: WidgetSettings,
  iframeSettings: IframeSettings,
  adSettings: AdSettings,
  linkSettings: LinkSettings,
  metaTrackingSettings: v.strictObject({ enabled: bool('enabled'), pixelId: optionalText(50) }),
  isCompanyProfileEnabled: bool('isCompanyProfileEnabled'),
  isShareDisabled: bool('isShareDisabled'),
  isLikesEnabled: bool('isLikesEnabled'),
  isWatermarkDisabled: bool('isWatermarkDisabled'),
  /** LogoImage or LogoVideo media of the account. */
  logoId: mediaRef,
  /** CoverImage media of the account. */
  widgetCoverId: mediaRef,
  /** CoverImage media of the account. */
  thumbnailCoverId: mediaRef,
  isHorizontalCoverEnabled: bool('isHorizontalCoverEnabled'),
  thumbnailDescription: optionalText(1000),
  thumbnailDescriptionColor: v.nullable(hexColour('Thumbnail description colour')),
  isCaptionEnabled: bool('isCaptionEnabled'),
  isCaptionOnPauseEnabled: bool('isCaptionOnPauseEnabled'),
  /** Caption language. */
  language: pick(CAPTION_LANGUAGES, 'language'),
  isAnalyticEnabled: bool('isAnalyticEnabled'),
  isAnalyticsConsentRequired: bool('isAnalyticsConsentRequired'),
  analyticsIntegrationSettings: AnalyticsIntegrationSettings,
  /** ANALYTICS_INTEGRATIONS (spec 002 §3); default none. */
  analyticsIntegration: pick(ANALYTICS_INTEGRATIONS, 'analyticsIntegration'),
  urlMapsSettings: v.strictObject({ enabled: bool('enabled'), defaultBotDisabled: bool('defaultBotDisabled') }),
  urlMaps: v.pipe(v.array(UrlMap), v.maxLength(500, 'At most 500 URL maps.')),
  /** Power-user setting (staff only, spec 001 §6). */
  useCase: optionalText(255),
  companyName: optionalText(255),
  /** `/files/…` URL or null. */
  iframeThumbnail: optionalText(2000),
  linkThumbnail: optionalText(2000),
};

/** Every per-vidbot setting (issue 11 architecture §1), complete: what the Bot answer carries. */
export const BotSettings = v.pipe(v.strictObject(settingsEntries), v.metadata({ ref: 'BotSettings' }));
export type BotSettings = v.InferOutput<typeof BotSettings>;

/**
 * Settings as written: every key optional (missing keys keep their defaults on read), each nested
 * object complete when given (the editor always sends whole objects).
 */
export const BotSettingsInput = v.pipe(v.partial(v.strictObject(settingsEntries)), v.metadata({ ref: 'BotSettingsInput' }));
export type BotSettingsInput = v.InferOutput<typeof BotSettingsInput>;

/**
 * The §9 defaults of every setting (fresh object each call). Where §9 is silent the default is the
 * feature off, null or the first enumeration value *(design)*.
 */
export function defaultBotSettings(): BotSettings {
  const frame = () => ({ thumbnailType: 'frame' as const, slide: null, time: 0 });
  return {
    seoMeta: { title: null, description: null, isIndexingDisabled: false },
    widgetSettings: {
      chatVideoId: null,
      chatVideoCrop: null,
      coverOffset: 0,
      height: 100,
      width: 100,
      align: 'bottom_right',
      verticalOffset: 0,
      horizontalOffset: 0,
      loopLimit: 15,
      borderColor: '#351DDA',
      horizontalMode: false,
      horizontalModeMobile: false,
      thumbnail: frame(),
      language: 'en',
      text: 'See how it works!',
      textDurationMs: 10_000,
      ctaTextColor: '#FFFFFF',
      ctaBackgroundColor: '#351DDA',
      hideCtaMobile: false,
      hideOnScroll: 'none',
      automaticallyOpen: false,
      openAfter: 4000,
      autoplayMuted: true,
      closeButtonEnabled: false,
      vidbotScheduler: { enabled: false, startTime: null, endTime: null },
      stylesRaw: null,
    },
    iframeSettings: { language: 'en', width: 650, height: 340, thumbnail: frame(), autoplayOnScroll: false, hideActionButtonsUntilPlay: false },
    adSettings: {
      placement: 'mpu',
      horizontalDesktopLayout: false,
      adPlatform: 'custom',
      consentString: null,
      clickTag: null,
      impressionTag: null,
      language: 'en',
      thumbnail: { slide: null, time: 0 },
      autoplayOnScroll: false,
      loopIntroSlide: false,
    },
    linkSettings: { language: 'en', slideId: null, thumbnail: null, autoplayMuted: false, hideActionButtonsUntilPlay: false },
    metaTrackingSettings: { enabled: false, pixelId: null },
    isCompanyProfileEnabled: false,
    isShareDisabled: false,
    isLikesEnabled: false,
    isWatermarkDisabled: false,
    logoId: null,
    widgetCoverId: null,
    thumbnailCoverId: null,
    isHorizontalCoverEnabled: false,
    thumbnailDescription: null,
    thumbnailDescriptionColor: null,
    isCaptionEnabled: false,
    isCaptionOnPauseEnabled: false,
    language: 'en',
    isAnalyticEnabled: true,
    isAnalyticsConsentRequired: false,
    analyticsIntegrationSettings: {
      jsInjectEnabled: false,
      ga4Id: null,
      gtmId: null,
      adStorage: 'denied',
      analyticsStorage: 'denied',
      functionalityStorage: 'denied',
      personalizationStorage: 'denied',
      securityStorage: 'granted',
    },
    analyticsIntegration: 'none',
    urlMapsSettings: { enabled: false, defaultBotDisabled: false },
    urlMaps: [],
    useCase: null,
    companyName: null,
    iframeThumbnail: null,
    linkThumbnail: null,
  };
}

/**
 * Complete settings: `stored` (possibly partial or absent — old revisions have none) over the
 * defaults, key by key at the top level (nested objects are stored whole). Keys the schema does not
 * know are dropped.
 */
export function mergeBotSettings(stored: unknown): BotSettings {
  const out = defaultBotSettings();
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return out;
  const s = stored as Record<string, unknown>;
  for (const key of Object.keys(out) as (keyof BotSettings)[]) {
    if (s[key] !== undefined) (out as Record<string, unknown>)[key] = s[key];
  }
  // URL maps stored before `matchType` existed are exact maps.
  if (Array.isArray(out.urlMaps)) out.urlMaps = out.urlMaps.map((m) => ({ ...m, matchType: m.matchType ?? 'exact' }));
  return out;
}

/**
 * Settings gated by an account feature (spec 001 §6): without the feature the value may not change
 * from its stored (or default) value. Paths are dotted within `settings`.
 */
export const SETTING_FEATURE_GATES: readonly { feature: string; path: string }[] = [
  { feature: 'url_map', path: 'urlMaps' },
  { feature: 'url_map', path: 'urlMapsSettings' },
  { feature: 'company_profile', path: 'isCompanyProfileEnabled' },
  { feature: 'hide_share_button', path: 'isShareDisabled' },
  { feature: 'likes', path: 'isLikesEnabled' },
  { feature: 'hide_watermark', path: 'isWatermarkDisabled' },
  { feature: 'vidbot_as_ads', path: 'adSettings' },
  { feature: 'vidbot_scheduler', path: 'widgetSettings.vidbotScheduler' },
  { feature: 'hide_widget_on_scroll', path: 'widgetSettings.hideOnScroll' },
  { feature: 'close_button', path: 'widgetSettings.closeButtonEnabled' },
  { feature: 'no_cookies', path: 'isAnalyticsConsentRequired' },
];

/** Reads a dotted path of an object (undefined when a step is missing). */
export function valueAt(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const step of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return cur;
}

/** Structural equality of JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameJson(x, bb[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) if (!sameJson(ra[k], rb[k])) return false;
  return true;
}

/** True when the feature list (`GET /feature` strings `${flagType}:${name}`) holds the flag `name` of either type. */
export function hasFeature(features: ReadonlySet<string> | readonly string[], name: string): boolean {
  const has = (x: string) => (Array.isArray(features) ? (features as readonly string[]).includes(x) : (features as ReadonlySet<string>).has(x));
  return has(name) || has(`dashboard:${name}`) || has(`embed:${name}`);
}

/** A change the account's features (or the caller's role) do not allow; `path` is within the content document. */
export interface GateIssue {
  /** The feature flag needed, or `staff` for the power-user setting useCase. */
  feature: string;
  path: string;
}

/**
 * Gated changes between two content documents (spec 001 §6 feature gates, power-user mode): a setting
 * of SETTING_FEATURE_GATES whose feature the account lacks must keep its previous value (the stored
 * value over the defaults); a form's integration block needs its integration flag to be enabled or
 * changed while enabled (adding a disabled block is allowed); `useCase` only changes for staff.
 * Actions are matched by id; a new form is compared with no block.
 * @returns one issue per blocked change; empty when everything is allowed.
 */
export function featureGateIssues(
  prev: { settings?: unknown; actions: readonly { id: number; type: string }[] },
  next: { settings?: unknown; actions: readonly { id: number; type: string }[] },
  features: ReadonlySet<string> | readonly string[],
  isStaff: boolean,
): GateIssue[] {
  const issues: GateIssue[] = [];
  const before = mergeBotSettings(prev.settings);
  const after = mergeBotSettings(next.settings);
  for (const gate of SETTING_FEATURE_GATES) {
    if (!hasFeature(features, gate.feature) && !sameJson(valueAt(before, gate.path), valueAt(after, gate.path))) {
      issues.push({ feature: gate.feature, path: `settings.${gate.path}` });
    }
  }
  if (!isStaff && !sameJson(before.useCase, after.useCase)) issues.push({ feature: 'staff', path: 'settings.useCase' });
  const prevById = new Map(prev.actions.map((a) => [a.id, a as Record<string, unknown> & { type: string }]));
  next.actions.forEach((action, i) => {
    if (action.type !== 'REGULAR_FORM') return;
    const old = prevById.get(action.id);
    const oldForm = old?.type === 'REGULAR_FORM' ? old : undefined;
    for (const integration of FORM_INTEGRATIONS) {
      if (hasFeature(features, INTEGRATION_FEATURES[integration])) continue;
      const a = (action as Record<string, unknown>)[integration] as { enabled?: boolean } | null | undefined;
      const b = oldForm?.[integration] as { enabled?: boolean } | null | undefined;
      if ((a?.enabled || b?.enabled) && !sameJson(a ?? null, b ?? null)) issues.push({ feature: INTEGRATION_FEATURES[integration], path: `actions.${i}.${integration}` });
    }
  });
  return issues;
}
