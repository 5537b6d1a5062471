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
import { idParams, route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import { InvitationInfo, JoinResult } from './invitation.schemas';
import {
  AccountUser,
  AccountUserList,
  AccountUserListQuery,
  InvitationQuery,
  InviteBody,
  JoinBody,
  ResendInvitationBody,
  RoleChangeBody,
  RoleStatusBody,
} from './invitation.schemas';
import { Role } from '../user/user.schemas';
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

const memberTags = ['Members'];
/** The path's `{accountId}`, parsed; a non-number answers 404 like an unknown account. */
const accountIdParam = () => idParams('Account', 'accountId');

/** `/api/account/{accountId}/user…` (authenticated); each route declares its contract (lib/contract.ts). */
export function accountUserRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/:accountId/user',
    route({
      summary: "List an account's members",
      description: 'Managers (staff; Active Owner, Admin, Reseller); Editor, Viewer → 403. Ordered by e-mail; `size` 1..1000 (default 10).',
      tags: memberTags,
      responses: { 200: AccountUserList },
    }),
    accountIdParam(),
    validate('query', AccountUserListQuery),
    async (c) => c.json(await listAccountUsers(deps.db, c.get('user'), c.req.valid('param').accountId, c.req.valid('query'))),
  );
  r.post(
    '/:accountId/user',
    route({
      summary: 'Invite a member',
      description:
        'Managers; `role` Admin, Editor, Viewer, or Reseller (superusers only, else 403). Creates the user when the e-mail is new (no password: the join sign-up sets it) or finds them, adds the role with status Invited and e-mails the join link (outbox kind `invitation`). 409 `alreadyMember` when they already hold a role in the account.',
      tags: memberTags,
      responses: { 201: AccountUser },
      errors: [400, 401, 403, 404, 409, 422],
    }),
    accountIdParam(),
    validate('json', InviteBody),
    async (c) => c.json(await inviteUser(deps, c.get('user'), c.req.valid('param').accountId, c.req.valid('json')), 201),
  );
  r.post(
    '/:accountId/user/resend-invitation',
    route({
      summary: 'Resend an invitation',
      description:
        'Managers (same role rules as inviting). `accountId` must equal the path\'s (else 422); the member must still be Invited (Active → 409 `alreadyActive`; no such member → 404). Sets the invited role to `role`, retires the older tokens and e-mails a new link.',
      tags: memberTags,
      responses: { 200: AccountUser },
      errors: [400, 401, 403, 404, 409, 422],
    }),
    accountIdParam(),
    validate('json', ResendInvitationBody),
    async (c) => c.json(await resendInvitation(deps, c.get('user'), c.req.valid('param').accountId, c.req.valid('json'))),
  );
  r.delete(
    '/:accountId/user/:userId',
    route({
      summary: 'Remove a member',
      description: 'Managers; Admins and Resellers only Editor and Viewer rows (else 403). Removes the role and its pending tokens; the user stays. 404 not a member; 409 `lastOwner` for the only Owner.',
      tags: memberTags,
      responses: { 204: null },
      errors: [400, 401, 403, 404, 409, 422],
    }),
    idParams('Member', 'accountId', 'userId'),
    async (c) => {
      const { accountId, userId } = c.req.valid('param');
      await removeAccountUser(deps.db, c.get('user'), accountId, userId);
      return c.body(null, 204);
    },
  );
  r.put(
    '/:accountId/user/:userId/role',
    route({
      summary: "Change a member's role",
      description:
        'Staff, Owner, Admin (Reseller → 403); Reseller in or out: superusers only; an Owner\'s role: staff only; never one\'s own (403). Status unchanged. 404 not a member; 409 `lastOwner`.',
      tags: memberTags,
      responses: { 200: AccountUser },
      errors: [400, 401, 403, 404, 409, 422],
    }),
    idParams('Member', 'accountId', 'userId'),
    validate('json', RoleChangeBody),
    async (c) => {
      const { accountId, userId } = c.req.valid('param');
      return c.json(await changeAccountUserRole(deps.db, c.get('user'), accountId, userId, c.req.valid('json').role));
    },
  );
  return r;
}

/** `/api/user/{userId}/role/{roleId}` (authenticated): Join. */
export function userRoleRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.put(
    '/:userId/role/:roleId',
    route({
      summary: 'Join an account (activate an invited role)',
      description:
        'Sets the role `Active` (spec 000 §5 "Sign-up (join team)") and retires its invitation links; joining an Active role changes nothing. Only the invited user or staff (403); 404 `Role not found.` when the role is not the user\'s. Audited as `role.join`.',
      tags: ['Users'],
      responses: { 200: Role },
    }),
    idParams('Role', 'userId', 'roleId'),
    validate('json', RoleStatusBody),
    async (c) => {
      const { userId, roleId } = c.req.valid('param');
      return c.json(await activateRole(deps.db, c.get('user'), userId, roleId));
    },
  );
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
