/** valibot schemas of the account API (spec 000 §7 "Accounts"; issue 10 §4): requests and answers, published in GET /api/openapi.json. */
import * as v from 'valibot';
import { listOf, Timestamp } from '../../lib/contract';
import { pageParam, searchParam, sizeParam } from '../../lib/list-query';
import { appearanceEntries, profileEntries, type AccountProfileBody } from './profile.rules';

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
 * the service (status, newOwnerId, newPartnerId, options, businessType). `newPartnerId: null` clears
 * the partner. `businessType` (spec 002 §2 Account tab, power-user mode): free text, '' / null clears.
 */
export const UpdateAccountBody = v.strictObject({
  businessName: v.optional(BusinessName),
  ...billingEntries,
  color: OptText(30),
  businessType: OptText(100),
  status: v.optional(v.picklist(['Active', 'Suspended'], 'status must be Active or Suspended.')),
  newOwnerId: v.optional(PositiveId('newOwnerId')),
  newPartnerId: v.optional(v.nullable(PositiveId('newPartnerId'))),
  options: v.optional(AccountOptionsBody),
});
export type UpdateAccountBody = v.InferOutput<typeof UpdateAccountBody>;

// The profile body and its rules live in profile.rules.ts (shared with the SPA's profile form).
export { AccountProfileBody, SOCIAL_ICONS } from './profile.rules';
/** The stored `appearance` and `profile` (columns of `accounts`, written only through AccountProfileBody). */
export type StoredAppearance = NonNullable<AccountProfileBody['appearance']>;
export type StoredProfile = NonNullable<AccountProfileBody['profile']>;

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

/** `GET /account` answer. */
export const AccountList = listOf(Account);
export type AccountList = v.InferOutput<typeof AccountList>;

const personEntries = { id: v.number(), email: v.string(), firstName: v.nullable(v.string()), lastName: v.nullable(v.string()) };

/** A user as shown inside an account (partner). */
export const AccountPerson = v.pipe(v.strictObject(personEntries), v.metadata({ ref: 'AccountPerson' }));
export type AccountPerson = v.InferOutput<typeof AccountPerson>;

/** The account's owner (the first Owner role by role id) with that role's status. */
export const AccountOwner = v.pipe(v.strictObject({ ...personEntries, status: v.picklist(ROLE_STATUSES) }), v.metadata({ ref: 'AccountOwner' }));
export type AccountOwner = v.InferOutput<typeof AccountOwner>;

/** `Account` plus billing fields, owner and partner (`GET /account/{id}/detail`, `POST|PUT /account`, rows of `GET /account/detail`). */
export const AccountDetail = v.pipe(
  v.strictObject({
    ...accountEntries,
    billingEmail: v.nullable(v.string()),
    phoneNumber: v.nullable(v.string()),
    businessId: v.nullable(v.string()),
    taxId: v.nullable(v.string()),
    address: v.nullable(v.string()),
    zipCode: v.nullable(v.string()),
    country: v.nullable(v.string()),
    /** Business type (spec 002 §3 Account details; set in power-user mode). */
    businessType: v.nullable(v.string()),
    owner: v.nullable(AccountOwner),
    partner: v.nullable(AccountPerson),
    updatedAt: Timestamp,
  }),
  v.metadata({ ref: 'AccountDetail' }),
);
export type AccountDetail = v.InferOutput<typeof AccountDetail>;

/** `GET /account/detail` answer. */
export const AccountDetailList = listOf(AccountDetail);
export type AccountDetailList = v.InferOutput<typeof AccountDetailList>;

/** A media reference of the profile resolved to `/files/` URLs (null until the media is Ready). */
export const ProfileMedia = v.pipe(
  v.strictObject({ id: v.number(), url: v.nullable(v.string()), posterUrl: v.nullable(v.string()) }),
  v.metadata({ ref: 'ProfileMedia' }),
);
export type ProfileMedia = v.InferOutput<typeof ProfileMedia>;

/**
 * `GET|PUT /account/{id}/profile` (spec 002 §3 Profile): the stored `appearance` and `profile` (as
 * written by `PUT`) with their media references resolved: `logo`, `chatVideo`, `cover`, `introduction`.
 */
export const AccountProfile = v.pipe(
  v.strictObject({
    accountId: v.number(),
    appearance: v.strictObject({ ...appearanceEntries, logo: v.nullable(ProfileMedia), chatVideo: v.nullable(ProfileMedia) }),
    profile: v.strictObject({ ...profileEntries, cover: v.nullable(ProfileMedia), introduction: v.nullable(ProfileMedia) }),
  }),
  v.metadata({ ref: 'AccountProfile' }),
);
export type AccountProfile = v.InferOutput<typeof AccountProfile>;
