/**
 * `/api/user` routes (spec 000 §7 "Global and users"): the caller (`/me`, `/me/account`), the staff
 * lists (`/all-users`, `/resellers`), reseller add/delete, and one user (`/{userId}`, set-password).
 * Routes validate and delegate (user.admin.ts, user.policy.ts). `PUT /user/{userId}/role/{roleId}`
 * lives in modules/invitation.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { getMe } from './user.service';
import { addReseller, getMyAccounts, getUser, listAllUsers, listResellers, patchUser, removeReseller, setUserPassword } from './user.admin';
import { AddResellerBody, PatchUserBody, SetPasswordBody, UserIdParam, UserListQuery } from './user.schemas';

export function userRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/me', async (c) => c.json(await getMe(deps.db, c.get('user'))));
  r.patch('/me', validate('json', PatchUserBody), async (c) => c.json(await patchUser(deps.db, c.get('user'), c.get('user').id, c.req.valid('json'))));
  r.get('/me/account', async (c) => c.json(await getMyAccounts(deps.db, c.get('user'))));
  r.get('/all-users', validate('query', UserListQuery(10)), async (c) => c.json(await listAllUsers(deps.db, c.get('user'), c.req.valid('query'))));
  r.get('/resellers', validate('query', UserListQuery(100)), async (c) => c.json(await listResellers(deps.db, c.get('user'), c.req.valid('query'))));
  r.post('/resellers', validate('json', AddResellerBody), async (c) => {
    const { created, user } = await addReseller(deps, c.get('user'), c.req.valid('json').email);
    return c.json(user, created ? 201 : 200);
  });
  r.post('/resellers/:userId', validate('param', UserIdParam), async (c) =>
    c.json(await removeReseller(deps.db, c.get('user'), c.req.valid('param').userId)),
  );
  r.get('/:userId', validate('param', UserIdParam), async (c) => c.json(await getUser(deps.db, c.get('user'), c.req.valid('param').userId)));
  r.patch('/:userId', validate('param', UserIdParam), validate('json', PatchUserBody), async (c) =>
    c.json(await patchUser(deps.db, c.get('user'), c.req.valid('param').userId, c.req.valid('json'))),
  );
  r.patch('/:userId/set-password', validate('param', UserIdParam), validate('json', SetPasswordBody), async (c) =>
    c.json(await setUserPassword(deps, c.get('user'), c.req.valid('param').userId, c.req.valid('json'))),
  );
  return r;
}
