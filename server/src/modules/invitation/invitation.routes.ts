/**
 * Routes of account members and invitations (spec 000 §7; docs/api.md "Members and invitations").
 * Routes validate and delegate to invitation.service.ts.
 *
 * - `accountUserRoutes` — mounted at `/api/account` (authenticated):
 *   `GET|POST /{accountId}/user`, `POST /{accountId}/user/resend-invitation`,
 *   `DELETE /{accountId}/user/{userId}`, `PUT /{accountId}/user/{userId}/role`.
 * - `userRoleRoutes` — mounted at `/api/user` (authenticated): `PUT /{userId}/role/{roleId}`.
 * - `invitationPublicRoutes` — mounted at `/api/auth` (no token): `GET /invitation?token`,
 *   `POST /join`.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { route } from '../../lib/contract';
import { InvitationInfo, JoinResult } from './invitation.schemas';
import {
  AccountIdParam,
  AccountUserListQuery,
  AccountUserParam,
  InvitationQuery,
  InviteBody,
  JoinBody,
  ResendInvitationBody,
  RoleChangeBody,
  RoleStatusBody,
  UserRoleParam,
} from './invitation.schemas';
import {
  activateRole,
  changeAccountUserRole,
  getInvitation,
  inviteUser,
  joinWithInvitation,
  listAccountUsers,
  removeAccountUser,
  resendInvitation,
} from './invitation.service';

/** `/api/account/{accountId}/user…` (authenticated). */
export function accountUserRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/:accountId/user', validate('param', AccountIdParam), validate('query', AccountUserListQuery), async (c) =>
    c.json(await listAccountUsers(deps.db, c.get('user'), c.req.valid('param').accountId, c.req.valid('query'))),
  );
  r.post('/:accountId/user', validate('param', AccountIdParam), validate('json', InviteBody), async (c) =>
    c.json(await inviteUser(deps, c.get('user'), c.req.valid('param').accountId, c.req.valid('json')), 201),
  );
  r.post('/:accountId/user/resend-invitation', validate('param', AccountIdParam), validate('json', ResendInvitationBody), async (c) =>
    c.json(await resendInvitation(deps, c.get('user'), c.req.valid('param').accountId, c.req.valid('json'))),
  );
  r.delete('/:accountId/user/:userId', validate('param', AccountUserParam), async (c) => {
    const { accountId, userId } = c.req.valid('param');
    await removeAccountUser(deps.db, c.get('user'), accountId, userId);
    return c.body(null, 204);
  });
  r.put('/:accountId/user/:userId/role', validate('param', AccountUserParam), validate('json', RoleChangeBody), async (c) => {
    const { accountId, userId } = c.req.valid('param');
    return c.json(await changeAccountUserRole(deps.db, c.get('user'), accountId, userId, c.req.valid('json').role));
  });
  return r;
}

/** `/api/user/{userId}/role/{roleId}` (authenticated): Join. */
export function userRoleRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.put('/:userId/role/:roleId', validate('param', UserRoleParam), validate('json', RoleStatusBody), async (c) => {
    const { userId, roleId } = c.req.valid('param');
    return c.json(await activateRole(deps.db, c.get('user'), userId, roleId));
  });
  return r;
}

/** `/api/auth/invitation` and `/api/auth/join` (no token). */
export function invitationPublicRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/invitation',
    route({
      summary: 'Read an invitation',
      description: 'What the join page shows before sign-up. 404 `invitationInvalid` for an unknown, used or expired token.',
      tags: ['Invitations'],
      auth: 'public',
      responses: { 200: InvitationInfo },
    }),
    validate('query', InvitationQuery), async (c) => c.json(await getInvitation(deps.db, c.req.valid('query').token)));
  r.post(
    '/join',
    route({
      summary: 'Create a user from an invitation',
      description:
        'Sets the invited user\'s name and password, makes the role Active and consumes the token; the SPA then signs in. 404 `invitationInvalid`; 422 when e-mail or account are not the invitation\'s or the password breaks the rule; 409 `userHasPassword` when the user can already sign in (they join by signing in and `PUT /user/{userId}/role/{roleId}`).',
      tags: ['Invitations'],
      auth: 'public',
      responses: { 200: JoinResult },
      errors: [400, 404, 409, 422],
    }),
    validate('json', JoinBody), async (c) => c.json(await joinWithInvitation(deps, c.req.valid('json'))));
  return r;
}
