/** `/api/account` routes (spec 000 §7 "Accounts"): the account list. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { AccountListQuery } from './account.schemas';
import { listAccounts } from './account.service';

export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/', validate('query', AccountListQuery), async (c) => c.json(await listAccounts(deps.db, c.get('user'), c.req.valid('query'))));
  return r;
}
