/**
 * valibot schemas of the user API (spec 000 §5 "Profile", "Password rules"; §7 "Global and users"):
 * request bodies and queries, and the answers (`User`, `UserList`, `Role`) published in
 * `GET /api/openapi.json` (issue 10 §4).
 */
import * as v from 'valibot';
import { listOf, Timestamp } from '../../lib/contract';
import { pageParam, searchParam, sizeParam } from '../../lib/list-query';
import { Account, ROLE_NAMES, ROLE_STATUSES } from '../account/account.schemas';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Trimmed, lower-cased e-mail (spec 000 §5). */
export const UserEmail = v.pipe(
  v.string('email is required.'),
  v.trim(),
  v.nonEmpty('email is required.'),
  v.maxLength(254, 'email is too long.'),
  v.regex(EMAIL_RE, 'Enter a valid email address.'),
  v.toLowerCase(),
);

const Name = (label: string) =>
  v.pipe(v.string(`${label} is required.`), v.trim(), v.nonEmpty(`${label} is required.`), v.maxLength(100, `${label} must be at most 100 characters.`));

/**
 * `PATCH /user/me` and `PATCH /user/{userId}` (spec 000 §5 "Profile": firstName, lastName, email
 * required when sent; language en|fi). `phoneNumber` '' or null clears it. Unknown keys → 422.
 */
export const PatchUserBody = v.strictObject({
  firstName: v.optional(Name('firstName')),
  lastName: v.optional(Name('lastName')),
  email: v.optional(UserEmail),
  phoneNumber: v.optional(
    v.nullable(
      v.pipe(
        v.string('phoneNumber must be text.'),
        v.trim(),
        v.maxLength(50, 'phoneNumber must be at most 50 characters.'),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
  ),
  language: v.optional(v.picklist(['en', 'fi'], 'language must be en or fi.')),
});
export type PatchUserBody = v.InferOutput<typeof PatchUserBody>;

/** `PATCH /user/{userId}/set-password {password, userId?}` (spec 002 §7: userId, password). */
export const SetPasswordBody = v.strictObject({
  password: v.pipe(v.string('password is required.'), v.nonEmpty('password is required.'), v.maxLength(256, 'password is too long.')),
  userId: v.optional(v.pipe(v.number('userId must be a number.'), v.integer('userId must be an integer.'))),
});
export type SetPasswordBody = v.InferOutput<typeof SetPasswordBody>;

/** `GET /user/all-users` and `GET /user/resellers` — page, size (1..1000), email substring. */
export const UserListQuery = (defaultSize: number) =>
  v.object({ page: pageParam, size: sizeParam(defaultSize, 1000), email: searchParam(254) });
export type UserListQuery = v.InferOutput<ReturnType<typeof UserListQuery>>;

/** `POST /user/resellers {email}`. */
export const AddResellerBody = v.strictObject({ email: UserEmail });

/** One role of a user in one account (spec 000 §3 Role). */
export const UserRole = v.pipe(
  v.strictObject({ id: v.number(), accountId: v.number(), role: v.picklist(ROLE_NAMES), status: v.picklist(ROLE_STATUSES) }),
  v.metadata({ ref: 'UserRole' }),
);
export type UserRole = v.InferOutput<typeof UserRole>;

/** The fields of `User` (also the base of the SSO finalize answer, sso.schemas.ts `FinalizedUser`). */
export const userEntries = {
  id: v.number(),
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  language: v.picklist(['en', 'fi']),
  profilePicture: v.null(),
  multifactor: v.boolean(),
  external: v.boolean(),
  createdAt: Timestamp,
  isSuperuser: v.boolean(),
  isCustomerSuccess: v.boolean(),
  isReseller: v.boolean(),
  roles: v.array(UserRole),
  userIntegrations: v.array(v.strictObject({ id: v.number(), integrationType: v.literal('google'), identifier: v.string() })),
  hasGoogleDriveIntegration: v.boolean(),
};

/**
 * A user (spec 000 §3 User; §7 `GET /user/me`, `GET /user/{userId}`): the profile, the staff flags
 * (`isSuperuser`, `isCustomerSuccess`, `isReseller`; what they allow is spec 000 §6) and the roles
 * the caller may see. `profilePicture` is always null (profile pictures are a later issue);
 * `userIntegrations` lists Google sign-in identities (only in `/user/me`, issue 3);
 * `hasGoogleDriveIntegration` is true while the caller has a Google Drive connection (only in `/user/me`, issue 5).
 */
export const User = v.pipe(
  v.strictObject(userEntries),
  v.metadata({ ref: 'User' }),
);
export type User = v.InferOutput<typeof User>;

/** `GET /user/all-users`, `GET /user/resellers`: one page of users, by id. */
export const UserList = listOf(User);
export type UserList = v.InferOutput<typeof UserList>;

/** `GET /user/me/account`: every account where the caller holds a role (Active or Invited), one page. */
export const MyAccountList = listOf(Account);
export type MyAccountList = v.InferOutput<typeof MyAccountList>;

/** `PUT /user/{userId}/role/{roleId}` answer: the role after joining (spec 000 §3 Role). */
export const Role = v.pipe(
  v.strictObject({ id: v.number(), userId: v.number(), accountId: v.number(), role: v.picklist(ROLE_NAMES), status: v.picklist(ROLE_STATUSES) }),
  v.metadata({ ref: 'Role' }),
);
export type Role = v.InferOutput<typeof Role>;
