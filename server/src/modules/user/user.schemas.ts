/** valibot schemas of the user API (spec 000 §5 "Profile", "Password rules"; §7 "Global and users"). */
import * as v from 'valibot';
import { pageParam, positiveIntString, searchParam, sizeParam } from '../../lib/list-query';

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

/** Path `{userId}`. */
export const UserIdParam = v.object({ userId: positiveIntString('userId must be a positive integer.') });

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
