/**
 * The account profile's rules (spec 002 §2 "Profile tab", §3 Profile, §5 theme / social link / action
 * rules): the `PUT /account/{id}/profile` body schema and its enumerations, shared by the server
 * (account.schemas.ts re-exports them) and the SPA's profile form (src/features/settings/profile),
 * so both apply the same rules. Depends on valibot and ../bot/link.rules only (no hono-openapi), so
 * the SPA can import it without the server's contract helpers.
 *
 * Rules beyond the shapes (spec 002 §5):
 * - colours are hex (`#rgb`, `#rrggbb`, `#rrggbbaa`); the form also requires both theme colours;
 * - a social link's url is an e-mail address when its icon is Email, else a full http(s) URL;
 * - an external link action needs a name, a link type and a url valid for that type (link.rules.ts
 *   `linkTextIssue`: tel:, mailto:, http(s), scheme://, /path);
 * - a contact form action needs a name, button text, title, subject, description and at least one
 *   recipient e-mail; bcc is optional.
 * Messages are English API messages; the SPA maps them to its own translated texts.
 */
import * as v from 'valibot';
import { EMAIL_PATTERN, EXTERNAL_LINK_TYPES, isHttpUrl, linkTextIssue } from '../bot/link.rules';

/** Hex colour (the pattern of content.rules.ts HEX_COLOUR, spec 001 §5): `#rgb`, `#rrggbb` or `#rrggbbaa`. */
export const PROFILE_HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** Social link icons (spec 002 §3 Profile), in the spec's order. */
export const SOCIAL_ICONS = [
  'Linkedin', 'Facebook', 'Instagram', 'Tiktok', 'X', 'Website', 'WhatsApp', 'Telegram', 'Reddit',
  'Calendly', 'Viber', 'Snapchat', 'Email', 'Pinterest', 'Youtube', 'Vimeo',
] as const;
export type SocialIcon = (typeof SOCIAL_ICONS)[number];

/** How a profile link opens (spec 002 §3: target new_tab or same_tab). */
export const LINK_TARGETS = ['new_tab', 'same_tab'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

/** Action button styles (spec 002 §3: standard and highlight). */
export const ACTION_STYLES = ['standard', 'highlight'] as const;
export type ActionStyle = (typeof ACTION_STYLES)[number];

/** Action button types (spec 002 §3). */
export const ACTION_TYPES = ['external_link', 'contact_form'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** External link types of an action (spec 002 §3; the same as a vidbot's, link.rules.ts). */
export const PROFILE_LINK_TYPES = EXTERNAL_LINK_TYPES;

/**
 * The media kinds each profile media reference accepts *(design)*: the company logo a LogoImage, the
 * global chat icon video a LogoVideo, the cover a CoverImage, the profile video (introduction) a
 * SlideVideo or LogoVideo. The server refuses another kind (422); the SPA's choosers offer only these.
 */
export const PROFILE_MEDIA_KINDS = {
  logoId: ['LogoImage'],
  chatVideoId: ['LogoVideo'],
  coverId: ['CoverImage'],
  introductionId: ['SlideVideo', 'LogoVideo'],
} as const satisfies Record<string, readonly ('SlideVideo' | 'LogoVideo' | 'SlideImage' | 'LogoImage' | 'CoverImage' | 'ProfileImage')[]>;

/** Limits *(design)*: links and actions per profile, fields per contact form, recipients per list. */
export const PROFILE_LIMITS = { socialLinks: 30, actions: 10, fields: 30, recipients: 20 } as const;

/** Trimmed, lower-cased e-mail (spec 000 §5: text, at sign, text, dot, text). */
export const ProfileEmail = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.maxLength(254, `${label} is too long.`),
    v.regex(EMAIL_PATTERN, 'Enter a valid email address.'),
    v.toLowerCase(),
  );

const PositiveId = (label: string) =>
  v.pipe(v.number(`${label} must be a number.`), v.integer(`${label} must be an integer.`), v.minValue(1, `${label} must be ≥ 1.`));

const Colour = v.optional(v.nullable(v.pipe(v.string('Must be a colour.'), v.regex(PROFILE_HEX_COLOUR, 'Must be a hex colour such as #351DDA.'))));
const MediaRef = (label: string) => v.optional(v.nullable(PositiveId(label)));
const Target = v.optional(v.picklist(LINK_TARGETS, 'target must be new_tab or same_tab.'));
const Url = v.pipe(v.string('url is required.'), v.trim(), v.nonEmpty('url is required.'), v.maxLength(2000, 'url is too long.'));
const ShortText = (label: string, max = 200) => v.pipe(v.string(`${label} must be text.`), v.maxLength(max, `${label} must be at most ${max} characters.`));
/** Text that must not be blank (trimmed). */
const RequiredText = (label: string, max = 200) =>
  v.pipe(v.string(`${label} is required.`), v.trim(), v.nonEmpty(`${label} is required.`), v.maxLength(max, `${label} must be at most ${max} characters.`));
const Style = (label: string) => v.optional(v.picklist(ACTION_STYLES, `${label} must be standard or highlight.`));

/** A path item for `addIssue` pointing at `key` of `input` (valibot's object path item). */
function pathItem(input: object, key: string) {
  return { type: 'object' as const, origin: 'value' as const, input: input as Record<string, unknown>, key, value: (input as Record<string, unknown>)[key] };
}

/**
 * The §5 rule of a social link's url: an e-mail address for the Email icon, else a full http(s) URL.
 * @returns the message, or undefined when valid.
 */
export function socialUrlIssue(icon: SocialIcon, url: string): string | undefined {
  const u = url.trim();
  if (u === '') return 'url is required.';
  if (icon === 'Email') return EMAIL_PATTERN.test(u) ? undefined : 'Must be an email address.';
  return isHttpUrl(u) ? undefined : 'Must be a full http:// or https:// URL.';
}

/** A social link (spec 002 §3, §5): icon required, url (an e-mail for Email), target. */
export const SocialLink = v.pipe(
  v.strictObject({ url: Url, icon: v.picklist(SOCIAL_ICONS, 'icon is not a known social link type.'), target: Target }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const issue = socialUrlIssue(dataset.value.icon, dataset.value.url);
    if (issue) addIssue({ message: issue, path: [pathItem(dataset.value, 'url')] });
  }),
);
export type SocialLink = v.InferOutput<typeof SocialLink>;

/** An external link action (spec 002 §3, §5): name, link type and a url valid for the type; style, target. */
export const ExternalLinkAction = v.pipe(
  v.strictObject({
    type: v.literal('external_link'),
    name: RequiredText('name'),
    url: Url,
    style: Style('style'),
    target: Target,
    externalLinkType: v.picklist(EXTERNAL_LINK_TYPES, 'externalLinkType is not valid.'),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const issue = linkTextIssue(dataset.value.externalLinkType, dataset.value.url);
    if (issue) addIssue({ message: issue, path: [pathItem(dataset.value, 'url')] });
  }),
);
export type ExternalLinkAction = v.InferOutput<typeof ExternalLinkAction>;

/**
 * A field of a contact form (spec 002 §3 `fields`, shape not given *(design)*): `name` (the key in the
 * message), `type` (text, email, tel, textarea) and `required`.
 */
export const CONTACT_FIELD_TYPES = ['text', 'email', 'tel', 'textarea'] as const;
export const ContactFormField = v.strictObject({
  name: RequiredText('Field name', 100),
  type: v.picklist(CONTACT_FIELD_TYPES, 'type must be text, email, tel or textarea.'),
  required: v.optional(v.boolean('required must be true or false.')),
});
export type ContactFormField = v.InferOutput<typeof ContactFormField>;

/** A contact form action (spec 002 §3, §5): name, button text, title, subject, description, recipients required; bcc optional. */
export const ContactFormAction = v.strictObject({
  type: v.literal('contact_form'),
  name: RequiredText('name'),
  buttonText: RequiredText('buttonText'),
  buttonStyle: Style('buttonStyle'),
  title: RequiredText('title'),
  subject: RequiredText('subject'),
  description: RequiredText('description', 2000),
  emailTo: v.pipe(
    v.array(ProfileEmail('emailTo'), 'emailTo must be a list.'),
    v.minLength(1, 'emailTo is required.'),
    v.maxLength(PROFILE_LIMITS.recipients, `At most ${PROFILE_LIMITS.recipients} recipients.`),
  ),
  emailBcc: v.optional(v.pipe(v.array(ProfileEmail('emailBcc'), 'emailBcc must be a list.'), v.maxLength(PROFILE_LIMITS.recipients, `At most ${PROFILE_LIMITS.recipients} recipients.`))),
  fields: v.optional(v.pipe(v.array(ContactFormField, 'fields must be a list.'), v.maxLength(PROFILE_LIMITS.fields, `At most ${PROFILE_LIMITS.fields} fields.`))),
});
export type ContactFormAction = v.InferOutput<typeof ContactFormAction>;

/** Profile action button: external_link or contact_form (spec 002 §3 Profile). */
export const ProfileAction = v.variant('type', [ExternalLinkAction, ContactFormAction], 'type must be external_link or contact_form.');
export type ProfileAction = v.InferOutput<typeof ProfileAction>;

/** `appearance` of the profile (spec 002 §3 Profile): logo, chat video, button colours, raw styles. */
export const appearanceEntries = {
  logoId: MediaRef('logoId'),
  chatVideoId: MediaRef('chatVideoId'),
  buttonTextColor: Colour,
  buttonBackgroundColor: Colour,
  stylesRaw: v.optional(v.nullable(v.pipe(v.string('stylesRaw must be text.'), v.maxLength(20_000, 'stylesRaw must be at most 20000 characters.')))),
};

/** `profile` of the profile (spec 002 §3 Profile): company, description, cover, introduction, links, actions. */
export const profileEntries = {
  companyName: v.optional(v.nullable(ShortText('companyName'))),
  description: v.optional(v.nullable(ShortText('description', 2000))),
  coverId: MediaRef('coverId'),
  introductionId: MediaRef('introductionId'),
  socialLinks: v.optional(
    v.pipe(v.array(SocialLink, 'socialLinks must be a list.'), v.maxLength(PROFILE_LIMITS.socialLinks, `At most ${PROFILE_LIMITS.socialLinks} social links.`)),
  ),
  actions: v.optional(v.pipe(v.array(ProfileAction, 'actions must be a list.'), v.maxLength(PROFILE_LIMITS.actions, `At most ${PROFILE_LIMITS.actions} actions.`))),
};

/**
 * `PUT /account/{id}/profile` (spec 002 §2 profile tab, §3 Profile): `appearance` and `profile`,
 * each replaced as a whole when present. Media references are ids of the account's media.
 */
export const AccountProfileBody = v.strictObject({
  appearance: v.optional(v.strictObject(appearanceEntries)),
  profile: v.optional(v.strictObject(profileEntries)),
});
export type AccountProfileBody = v.InferOutput<typeof AccountProfileBody>;
