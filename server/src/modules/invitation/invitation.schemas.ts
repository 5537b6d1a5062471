/**
 * Request schemas of account membership and invitations (spec 000 §5 "Invite", "Sign-up (join
 * team)", "Password rules"; §7 account users, resend invitation, create user from invitation).
 * Bodies are strict: unknown keys answer 422 like every other body of the API.
 */
import * as v from 'valibot';
import { listOf, Timestamp } from '../../lib/contract';
import { pageParam, sizeParam } from '../../lib/list-query';
import { ROLE_NAMES, ROLE_STATUSES } from '../account/account.schemas';

/** E-mail shape of spec 000 §5: text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A trimmed, lower-cased e-mail address (≤ 254 characters). */
export const EmailField = v.pipe(
  v.string('Email is required.'),
  v.trim(),
  v.nonEmpty('Email is required.'),
  v.maxLength(254, 'Email is too long.'),
  v.regex(EMAIL_PATTERN, 'Enter a valid email address.'),
  v.toLowerCase(),
);

/** Roles an invitation may grant (spec 000 §6: Admin, Editor, Viewer; Reseller by superusers only). */
export const InviteRole = v.picklist(['Admin', 'Editor', 'Viewer', 'Reseller'], 'role must be Admin, Editor, Viewer or Reseller.');

/** Every account role (spec 000 §3). */
export const AnyRole = v.picklist(['Owner', 'Admin', 'Editor', 'Viewer', 'Reseller'], 'role must be Owner, Admin, Editor, Viewer or Reseller.');


/** `GET /account/{accountId}/user?page&size` — size 1..1000 (spec 000 §7, §9), default 10. */
export const AccountUserListQuery = v.object({ page: pageParam, size: sizeParam(10, 1000) });
export type AccountUserListQuery = v.InferOutput<typeof AccountUserListQuery>;

/** `POST /account/{accountId}/user` body (spec 000 §5 "Invite": email required and valid; role required). */
export const InviteBody = v.strictObject({ email: EmailField, role: InviteRole });
export type InviteBody = v.InferOutput<typeof InviteBody>;

/**
 * `POST /account/{accountId}/user/resend-invitation` body (spec 000 §7: accountId, role, userEmail).
 * `role` Owner only for an invited Owner (the service's rule), so the users list can resend any row.
 */
export const ResendInvitationBody = v.strictObject({
  accountId: v.pipe(v.number('accountId must be a number.'), v.integer('accountId must be an integer.'), v.minValue(1, 'accountId must be ≥ 1.')),
  role: AnyRole,
  userEmail: EmailField,
});
export type ResendInvitationBody = v.InferOutput<typeof ResendInvitationBody>;

/** `PUT /account/{accountId}/user/{userId}/role` body. */
export const RoleChangeBody = v.strictObject({ role: AnyRole });
export type RoleChangeBody = v.InferOutput<typeof RoleChangeBody>;

/** `PUT /user/{userId}/role/{roleId}` body (spec 000 §7: status). Only joining (Active) is a transition here. */
export const RoleStatusBody = v.strictObject({ status: v.picklist(['Active'], 'status must be Active.') });

/** A member of an account as the users list shows it (`GET|POST /account/{accountId}/user`, role change, resend). */
export const AccountUser = v.pipe(
  v.strictObject({
    /** The user's id. */
    id: v.number(),
    email: v.string(),
    firstName: v.nullable(v.string()),
    lastName: v.nullable(v.string()),
    external: v.boolean(),
    multifactor: v.boolean(),
    roleId: v.number(),
    role: v.picklist(ROLE_NAMES),
    status: v.picklist(ROLE_STATUSES),
    /** When the user was created. */
    createdAt: Timestamp,
  }),
  v.metadata({ ref: 'AccountUser' }),
);
export type AccountUser = v.InferOutput<typeof AccountUser>;

/** `GET /account/{accountId}/user` answer. */
export const AccountUserList = listOf(AccountUser);
export type AccountUserList = v.InferOutput<typeof AccountUserList>;

/** `GET /auth/invitation?token` query. */
export const InvitationQuery = v.object({
  token: v.pipe(v.string('token is required.'), v.trim(), v.nonEmpty('token is required.'), v.maxLength(200, 'token is too long.')),
});

/** `GET /auth/invitation?token` answer: what the join page shows before sign-up. */
export const InvitationInfo = v.pipe(
  v.strictObject({
    email: v.string(),
    userId: v.number(),
    accountId: v.number(),
    accountName: v.string(),
    accountPublicId: v.string(),
    roleId: v.number(),
    role: AnyRole,
    /** The person can already sign in: the page asks them to sign in and confirm instead of signing up. */
    hasPassword: v.boolean(),
    expiresAt: Timestamp,
  }),
  v.metadata({ ref: 'InvitationInfo' }),
);
export type InvitationInfo = v.InferOutput<typeof InvitationInfo>;

/** `POST /auth/join` answer: the joined role (now Active). */
export const JoinResult = v.pipe(
  v.strictObject({
    userId: v.number(),
    email: v.string(),
    accountId: v.number(),
    accountPublicId: v.string(),
    roleId: v.number(),
    role: AnyRole,
    status: v.literal('Active'),
  }),
  v.metadata({ ref: 'JoinResult' }),
);
export type JoinResult = v.InferOutput<typeof JoinResult>;

const NameField = (label: string) =>
  v.pipe(v.string(`${label} is required.`), v.trim(), v.nonEmpty(`${label} is required.`), v.maxLength(100, `${label} is too long.`));

/**
 * `POST /auth/join` body (spec 000 §7 "Create user from invitation": firstName, lastName, email,
 * password, token, accountId; plus the optional `offers` consent). The password rule of §5 is checked by the service (422 `password`).
 */
export const JoinBody = v.strictObject({
  firstName: NameField('firstName'),
  lastName: NameField('lastName'),
  email: EmailField,
  password: v.pipe(v.string('password is required.'), v.nonEmpty('password is required.'), v.maxLength(256, 'password is too long.')),
  token: v.pipe(v.string('token is required.'), v.nonEmpty('token is required.'), v.maxLength(200, 'token is too long.')),
  accountId: v.pipe(v.number('accountId must be a number.'), v.integer('accountId must be an integer.'), v.minValue(1, 'accountId must be ≥ 1.')),
  /** The optional "news and offers" consent of the sign-up form (recorded with the join). */
  offers: v.optional(v.boolean('offers must be true or false.'), false),
});
export type JoinBody = v.InferOutput<typeof JoinBody>;
