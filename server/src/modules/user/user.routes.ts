/**
 * `/api/user` routes (spec 000 §7 "Global and users"): the caller (`/me`, `/me/account`), the staff
 * lists (`/all-users`, `/resellers`), reseller add/delete, and one user (`/{userId}`, set-password).
 * Each route declares its contract (lib/contract.ts; answers in user.schemas.ts, published in
 * `GET /api/openapi.json`), validates (a non-number `userId` is 404 `User not found.`) and delegates
 * (user.admin.ts, user.policy.ts). `PUT /user/{userId}/role/{roleId}` lives in modules/invitation.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import { getMe } from './user.service';
import { addReseller, getMyAccounts, getUser, listAllUsers, listResellers, patchUser, removeReseller, setUserPassword } from './user.admin';
import { AddResellerBody, MyAccountList, PatchUserBody, SetPasswordBody, User, UserList, UserListQuery } from './user.schemas';

const tags = ['Users'];
const PATCH_DESCRIPTION =
  'Sets the fields sent (spec 000 §5 "Profile"): firstName, lastName, phoneNumber (`""` or null clears it), language; `email` by superusers only (409 `emailTaken` when another user has it). Unknown keys answer 422. One `user.update` audit row names the fields sent.';

export function userRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/me',
    route({
      summary: 'The signed-in user',
      description: 'The caller with every role (Active and Invited), Google sign-in identities and whether a Google Drive connection exists. 401 when the user row is gone.',
      tags,
      responses: { 200: User },
      errors: [401, 404],
    }),
    async (c) => c.json(await getMe(deps.db, c.get('user'))),
  );
  r.patch(
    '/me',
    route({ summary: "Update one's own profile", description: PATCH_DESCRIPTION, tags, responses: { 200: User }, errors: [400, 401, 403, 404, 409, 422] }),
    validate('json', PatchUserBody),
    async (c) => c.json(await patchUser(deps.db, c.get('user'), c.get('user').id, c.req.valid('json'))),
  );
  r.get(
    '/me/account',
    route({
      summary: "The caller's accounts",
      description: 'Every account where the caller holds a role, Active or Invited (the team picker), by business name, as one page of `Account` records with the caller\'s role, roleId and roleStatus.',
      tags,
      responses: { 200: MyAccountList },
      errors: [401, 404],
    }),
    async (c) => c.json(await getMyAccounts(deps.db, c.get('user'))),
  );
  r.get(
    '/all-users',
    route({ summary: 'All users (staff)', description: 'One page of every user with their roles, by id; `email` filters by a case-insensitive substring. Superusers and customer success only (403).', tags, responses: { 200: UserList } }),
    validate('query', UserListQuery(10)),
    async (c) => c.json(await listAllUsers(deps.db, c.get('user'), c.req.valid('query'))),
  );
  r.get(
    '/resellers',
    route({ summary: 'Resellers (staff)', description: 'One page of the users with isReseller, by id (default size 100). Superusers and customer success only (403).', tags, responses: { 200: UserList } }),
    validate('query', UserListQuery(100)),
    async (c) => c.json(await listResellers(deps.db, c.get('user'), c.req.valid('query'))),
  );
  r.post(
    '/resellers',
    route({
      summary: 'Add a reseller (superuser)',
      description:
        'Finds the user by e-mail, or creates one with a temporary password sent by e-mail (201), and makes them a reseller (200 for an existing user). 409 `alreadyReseller`. Audited as `reseller.add`.',
      tags,
      responses: { 200: User, 201: User },
      errors: [400, 401, 403, 409, 422],
    }),
    validate('json', AddResellerBody),
    async (c) => {
      const { created, user } = await addReseller(deps, c.get('user'), c.req.valid('json').email);
      return c.json(user, created ? 201 : 200);
    },
  );
  r.post(
    '/resellers/:userId',
    route({
      summary: 'Delete a reseller (superuser)',
      description: 'Clears isReseller and removes the user\'s Reseller roles in accounts, audited as `reseller.remove`. 404 `Reseller not found.` when the user is not a reseller. Answers the user after the change.',
      tags,
      responses: { 200: User },
      errors: [401, 403, 404],
    }),
    idParams('Reseller', 'userId'),
    async (c) => c.json(await removeReseller(deps.db, c.get('user'), c.req.valid('param').userId)),
  );
  r.get(
    '/:userId',
    route({
      summary: 'Read a user',
      description:
        'Visible to oneself, staff, and Active members of an account where the user holds a role; non-staff see only the roles in their own Active accounts. Anyone else: 404 `User not found.`',
      tags,
      responses: { 200: User },
      errors: [401, 404],
    }),
    idParams('User', 'userId'),
    async (c) => c.json(await getUser(deps.db, c.get('user'), c.req.valid('param').userId)),
  );
  r.patch(
    '/:userId',
    route({ summary: 'Update a user', description: `${PATCH_DESCRIPTION} Oneself or staff; another visible user's profile is 403 for non-staff.`, tags, responses: { 200: User }, errors: [400, 401, 403, 404, 409, 422] }),
    idParams('User', 'userId'),
    validate('json', PatchUserBody),
    async (c) => c.json(await patchUser(deps.db, c.get('user'), c.req.valid('param').userId, c.req.valid('json'))),
  );
  r.patch(
    '/:userId/set-password',
    route({
      summary: "Set a user's password (superuser)",
      description:
        'A permanent password for a non-external user (the password rules of spec 000 §5; 422 `password`), revoking every refresh token, audited as `user.set_password`. `userId` in the body, when sent, must match the path.',
      tags,
      responses: { 200: User },
    }),
    idParams('User', 'userId'),
    validate('json', SetPasswordBody),
    async (c) => c.json(await setUserPassword(deps, c.get('user'), c.req.valid('param').userId, c.req.valid('json'))),
  );
  return r;
}
