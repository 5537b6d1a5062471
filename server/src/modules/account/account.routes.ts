/**
 * `/api/account` routes (spec 000 §7 "Accounts"): list, list with details, create, read, update,
 * details, profile, delete. Routes validate and delegate; rules live in account.admin.ts /
 * account.policy.ts. Member routes (`/{id}/user…`) are in modules/invitation.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { AccountIdParam, AccountListQuery, AccountProfileBody, CreateAccountBody, UpdateAccountBody } from './account.schemas';
import { listAccounts } from './account.service';
import {
  createAccount,
  deleteAccount,
  getAccount,
  getAccountDetail,
  getAccountProfile,
  listAccountDetails,
  updateAccount,
  updateAccountProfile,
} from './account.admin';

export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/', validate('query', AccountListQuery), async (c) => c.json(await listAccounts(deps.db, c.get('user'), c.req.valid('query'))));
  r.post('/', validate('json', CreateAccountBody), async (c) => c.json(await createAccount(deps, c.get('user'), c.req.valid('json')), 201));
  r.get('/detail', validate('query', AccountListQuery), async (c) =>
    c.json(await listAccountDetails(deps.db, c.get('user'), c.req.valid('query'))),
  );
  r.get('/:accountId', validate('param', AccountIdParam), async (c) =>
    c.json(await getAccount(deps.db, c.get('user'), c.req.valid('param').accountId)),
  );
  r.put('/:accountId', validate('param', AccountIdParam), validate('json', UpdateAccountBody), async (c) =>
    c.json(await updateAccount(deps.db, c.get('user'), c.req.valid('param').accountId, c.req.valid('json'))),
  );
  r.delete('/:accountId', validate('param', AccountIdParam), async (c) => {
    await deleteAccount(deps, c.get('user'), c.req.valid('param').accountId);
    return c.body(null, 204);
  });
  r.get('/:accountId/detail', validate('param', AccountIdParam), async (c) =>
    c.json(await getAccountDetail(deps.db, c.get('user'), c.req.valid('param').accountId)),
  );
  r.get('/:accountId/profile', validate('param', AccountIdParam), async (c) =>
    c.json(await getAccountProfile(deps.db, c.get('user'), c.req.valid('param').accountId)),
  );
  r.put('/:accountId/profile', validate('param', AccountIdParam), validate('json', AccountProfileBody), async (c) =>
    c.json(await updateAccountProfile(deps.db, c.get('user'), c.req.valid('param').accountId, c.req.valid('json'))),
  );
  return r;
}
