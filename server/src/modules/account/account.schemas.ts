/** valibot schemas of the account API (spec 000 §7 "Accounts"; docs/api.md). */
import * as v from 'valibot';
import { Timestamp } from '../../lib/contract';
import { pageParam, positiveIntString, searchParam, sizeParam } from '../../lib/list-query';

export const ACCOUNT_ORDER_BY = ['business_name', 'created_at'] as const;
export type AccountOrderBy = (typeof ACCOUNT_ORDER_BY)[number];

/** Pickers load up to 10000 accounts (spec 000 §7). */
export const ACCOUNT_LIST_MAX_SIZE = 10_000;

/**
 * `GET /account?page&size&order_by&order_direction&business_name&filter` — defaults: page 1, size 10,
 * business_name ascending (a switcher reads alphabetically). Unknown parameters are ignored.
 */
export const AccountListQuery = v.object({
  page: pageParam,
  size: sizeParam(10, ACCOUNT_LIST_MAX_SIZE),
  order_by: v.optional(
    v.picklist(ACCOUNT_ORDER_BY, `order_by must be one of ${ACCOUNT_ORDER_BY.join(', ')}.`),
    'business_name',
  ),
  order_direction: v.optional(v.picklist(['asc', 'desc'], 'order_direction must be asc or desc.'), 'asc'),
  business_name: searchParam(),
  filter: v.optional(v.picklist(['Joined'], 'filter must be Joined.')),
});
export type AccountListQuery = v.InferOutput<typeof AccountListQuery>;

/** Path `{accountId}` (positive integer). */
export const AccountIdParam = v.object({ accountId: positiveIntString('accountId must be a positive integer.') });

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Trimmed, lower-cased e-mail (spec 000 §5: text, at sign, text, dot, text). */
export const AccountEmail = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.maxLength(254, `${label} is too long.`),
    v.regex(EMAIL_RE, 'Enter a valid email address.'),
    v.toLowerCase(),
  );

const BusinessName = v.pipe(
  v.string('businessName is required.'),
  v.trim(),
  v.nonEmpty('businessName is required.'),
  v.maxLength(200, 'businessName must be at most 200 characters.'),
);

/** An optional billing text field: trimmed, ≤ max; '' and null clear it. */
const OptText = (max = 200) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string('Must be text.'),
        v.trim(),
        v.maxLength(max, `Must be at most ${max} characters.`),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
  );

const OptEmail = v.optional(
  v.nullable(
    v.union(
      [v.pipe(v.literal(''), v.transform(() => null)), AccountEmail('billingEmail')],
      'Enter a valid email address.',
    ),
  ),
);

/** Account options (spec 000 §3): maxVideoDuration in seconds (1..86400 or null), two analytics flags. */
export const AccountOptionsBody = v.strictObject({
  maxVideoDuration: v.optional(
    v.nullable(v.pipe(v.number('maxVideoDuration must be a number.'), v.integer('maxVideoDuration must be whole seconds.'), v.minValue(1, 'maxVideoDuration must be ≥ 1.'), v.maxValue(86_400, 'maxVideoDuration must be ≤ 86400.'))),
  ),
  disableAnalytics: v.optional(v.boolean('disableAnalytics must be true or false.')),
  analyticsConsentRequired: v.optional(v.boolean('analyticsConsentRequired must be true or false.')),
});

/** Billing fields shared by create and update (spec 000 §3, §5: optional). */
const billingEntries = {
  billingEmail: OptEmail,
  phoneNumber: OptText(50),
  businessId: OptText(100),
  taxId: OptText(100),
  address: OptText(500),
  zipCode: OptText(20),
  country: OptText(100),
};

/**
 * `POST /account` (spec 000 §5 "Account form": businessName and ownerEmail required, billing fields
 * optional; spec 002 §7: options). Unknown keys → 422.
 */
export const CreateAccountBody = v.strictObject({
  businessName: BusinessName,
  ownerEmail: AccountEmail('ownerEmail'),
  ...billingEntries,
  color: OptText(30),
  options: v.optional(AccountOptionsBody),
});
export type CreateAccountBody = v.InferOutput<typeof CreateAccountBody>;

const PositiveId = (label: string) =>
  v.pipe(v.number(`${label} must be a number.`), v.integer(`${label} must be an integer.`), v.minValue(1, `${label} must be ≥ 1.`));

/**
 * `PUT /account/{id}` (spec 000 §5, §6). Every field optional; field-level permissions are checked by
 * the service (status, newOwnerId, newPartnerId, options). `newPartnerId: null` clears the partner.
 */
export const UpdateAccountBody = v.strictObject({
  businessName: v.optional(BusinessName),
  ...billingEntries,
  color: OptText(30),
  status: v.optional(v.picklist(['Active', 'Suspended'], 'status must be Active or Suspended.')),
  newOwnerId: v.optional(PositiveId('newOwnerId')),
  newPartnerId: v.optional(v.nullable(PositiveId('newPartnerId'))),
  options: v.optional(AccountOptionsBody),
});
export type UpdateAccountBody = v.InferOutput<typeof UpdateAccountBody>;

const Colour = v.optional(v.nullable(v.pipe(v.string('Must be a colour.'), v.maxLength(30, 'Must be at most 30 characters.'))));
const MediaRef = (label: string) => v.optional(v.nullable(PositiveId(label)));
const LinkTarget = v.optional(v.picklist(['new_tab', 'same_tab'], 'target must be new_tab or same_tab.'));
const Url = v.pipe(v.string('url is required.'), v.trim(), v.nonEmpty('url is required.'), v.maxLength(2000, 'url is too long.'));

/** Social link icons (spec 002 §3 Profile). */
export const SOCIAL_ICONS = [
  'Linkedin', 'Facebook', 'Instagram', 'Tiktok', 'X', 'Website', 'WhatsApp', 'Telegram', 'Reddit',
  'Calendly', 'Viber', 'Snapchat', 'Email', 'Pinterest', 'Youtube', 'Vimeo',
] as const;

const ShortText = (label: string, max = 200) => v.pipe(v.string(`${label} must be text.`), v.maxLength(max, `${label} must be at most ${max} characters.`));

/** Profile action button: external_link or contact_form (spec 002 §3 Profile). */
const ProfileAction = v.variant('type', [
  v.strictObject({
    type: v.literal('external_link'),
    name: ShortText('name'),
    url: Url,
    style: v.optional(v.picklist(['standard', 'highlight'], 'style must be standard or highlight.')),
    target: LinkTarget,
    externalLinkType: v.optional(v.picklist(['tel', 'mailto', 'url', 'deep_link', 'relative_path'], 'externalLinkType is not valid.')),
  }),
  v.strictObject({
    type: v.literal('contact_form'),
    name: ShortText('name'),
    buttonText: v.optional(ShortText('buttonText')),
    buttonStyle: v.optional(v.picklist(['standard', 'highlight'], 'buttonStyle must be standard or highlight.')),
    title: v.optional(ShortText('title')),
    subject: v.optional(ShortText('subject')),
    description: v.optional(ShortText('description', 2000)),
    emailTo: v.optional(v.array(AccountEmail('emailTo'), 'emailTo must be a list.')),
    emailBcc: v.optional(v.array(AccountEmail('emailBcc'), 'emailBcc must be a list.')),
    fields: v.optional(v.pipe(v.array(v.record(v.string(), v.union([v.string(), v.boolean(), v.number()])), 'fields must be a list.'), v.maxLength(30, 'At most 30 fields.'))),
  }),
], 'type must be external_link or contact_form.');

/**
 * `PUT /account/{id}/profile` (spec 002 §2 profile tab, §3 Profile): `appearance` and `profile`,
 * each replaced as a whole when present. Media references are ids of the account's media.
 */
export const AccountProfileBody = v.strictObject({
  appearance: v.optional(
    v.strictObject({
      logoId: MediaRef('logoId'),
      chatVideoId: MediaRef('chatVideoId'),
      buttonTextColor: Colour,
      buttonBackgroundColor: Colour,
      stylesRaw: v.optional(v.nullable(v.pipe(v.string('stylesRaw must be text.'), v.maxLength(20_000, 'stylesRaw must be at most 20000 characters.')))),
    }),
  ),
  profile: v.optional(
    v.strictObject({
      companyName: v.optional(v.nullable(ShortText('companyName'))),
      description: v.optional(v.nullable(ShortText('description', 2000))),
      coverId: MediaRef('coverId'),
      introductionId: MediaRef('introductionId'),
      socialLinks: v.optional(
        v.pipe(
          v.array(v.strictObject({ url: Url, icon: v.picklist(SOCIAL_ICONS, 'icon is not a known social link type.'), target: LinkTarget }), 'socialLinks must be a list.'),
          v.maxLength(30, 'At most 30 social links.'),
        ),
      ),
      actions: v.optional(v.pipe(v.array(ProfileAction, 'actions must be a list.'), v.maxLength(10, 'At most 10 actions.'))),
    }),
  ),
});
export type AccountProfileBody = v.InferOutput<typeof AccountProfileBody>;

// --- answers (issue 10 §4: declared once, checked by the server tests, typed in the SPA) ----------

/** Role names of account members (spec 000 §1, §6). */
export const ROLE_NAMES = ['Owner', 'Admin', 'Editor', 'Viewer', 'Reseller'] as const;
/** A role's status in one account (spec 000 §4). */
export const ROLE_STATUSES = ['Active', 'Invited'] as const;
/** Account status (spec 000 §3). */
export const ACCOUNT_STATUSES = ['Active', 'Suspended'] as const;

/** Stored account options as answered (spec 000 §3): maxVideoDuration in seconds. */
export const AccountOptions = v.strictObject({
  maxVideoDuration: v.optional(v.nullable(v.number())),
  disableAnalytics: v.optional(v.boolean()),
  analyticsConsentRequired: v.optional(v.boolean()),
});

const accountEntries = {
  id: v.number(),
  /** URL slug of the business name (spec 000 §3), unique. */
  publicId: v.string(),
  businessName: v.string(),
  /** The caller's own role in the account; null where staff hold none. */
  role: v.nullable(v.picklist(ROLE_NAMES)),
  roleId: v.nullable(v.number()),
  roleStatus: v.nullable(v.picklist(ROLE_STATUSES)),
  status: v.picklist(ACCOUNT_STATUSES),
  color: v.nullable(v.string()),
  options: AccountOptions,
  createdAt: Timestamp,
};

/** An account with the caller's role in it (rows of `GET /account`, `GET /user/me/account`; `GET /account/{id}`). */
export const Account = v.pipe(v.strictObject(accountEntries), v.metadata({ ref: 'Account' }));
export type Account = v.InferOutput<typeof Account>;
