/**
 * `/api/account` routes (spec 000 §7 "Accounts"): list, list with details, create, read, update,
 * details, profile, delete. Each route declares its contract (lib/contract.ts; schemas in
 * account.schemas.ts, published in `GET /api/openapi.json`), validates (a non-number id is 404
 * `Account not found.`) and delegates; rules live in account.admin.ts / account.policy.ts. Member
 * routes (`/{accountId}/user…`) are in modules/invitation.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import {
  Account,
  AccountDetail,
  AccountDetailList,
  AccountList,
  AccountListQuery,
  AccountProfile,
  AccountProfileBody,
  CreateAccountBody,
  UpdateAccountBody,
} from './account.schemas';
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

const tags = ['Accounts'];
/** The path's `{accountId}`, parsed; a non-number answers 404 like an unknown account. */
const accountId = () => idParams('Account', 'accountId');

export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get(
    '/',
    route({
      summary: 'List the accounts the caller may see',
      description:
        'Each with the caller\'s own role (null where staff hold none). Staff see every account, or with `filter=Joined` only accounts where they hold a role; everyone else (resellers included) sees the accounts where their role is Active (spec 000 §4). `business_name` is a case-insensitive substring (`%`, `_` literal); `size` up to 10000 for pickers.',
      tags,
      responses: { 200: AccountList },
    }),
    validate('query', AccountListQuery),
    async (c) => c.json(await listAccounts(deps.db, c.get('user'), c.req.valid('query'))),
  );

  r.post(
    '/',
    route({
      summary: 'Create an account',
      description:
        'Superuser, customer success, reseller (user flag); `options` staff only. `publicId` is the slug of the name (`Näyte Oy` → `nayte-oy`, then `-2`, `-3`, …). The owner is found by e-mail or created without a password, with role Owner (Invited), and gets an invitation e-mail (outbox kind `invitation`) whose join link has a token only when they cannot sign in yet. A reseller (not staff) who creates it gets an Active Reseller role; a creator who gives their own e-mail becomes its Active Owner (no e-mail). 409 `accountConflict` only if a concurrent-create race repeats 3 times. Audit `account.create`.',
      tags,
      responses: { 201: AccountDetail },
      errors: [400, 401, 403, 404, 409, 422],
    }),
    validate('json', CreateAccountBody),
    async (c) => c.json(await createAccount(deps, c.get('user'), c.req.valid('json')), 201),
  );

  r.get(
    '/detail',
    route({
      summary: 'List accounts with details (staff, resellers)',
      description: 'Same query and visibility as `GET /account`, with `AccountDetail` records (the staff and reseller accounts table). 403 for everyone else.',
      tags,
      responses: { 200: AccountDetailList },
    }),
    validate('query', AccountListQuery),
    async (c) => c.json(await listAccountDetails(deps.db, c.get('user'), c.req.valid('query'))),
  );

  r.get(
    '/:accountId',
    route({ summary: 'Read an account', description: 'Staff, any Active role; with the caller\'s role.', tags, responses: { 200: Account } }),
    accountId(),
    async (c) => c.json(await getAccount(deps.db, c.get('user'), c.req.valid('param').accountId)),
  );

  r.put(
    '/:accountId',
    route({
      summary: 'Update an account',
      description:
        'Fields present are changed. businessName, color, billing: staff, Owner, Reseller; `status`: staff, Reseller; `newOwnerId`: staff, Owner — must hold a role in the account (else 422), that role becomes Owner (status kept) and every other Owner becomes Admin (audit `account.owner_change`); `newPartnerId`: a user who is both superuser and customer success — a reseller user or null; `options`: staff, merged into the stored ones. Restricted fields are checked only when they change the stored value (a form may send them back unchanged). `\'\'`/null clear billing fields. Audit `account.update`.',
      tags,
      responses: { 200: AccountDetail },
    }),
    accountId(),
    validate('json', UpdateAccountBody),
    async (c) => c.json(await updateAccount(deps.db, c.get('user'), c.req.valid('param').accountId, c.req.valid('json'))),
  );

  r.delete(
    '/:accountId',
    route({
      summary: 'Delete an account (superuser)',
      description: 'The account, its roles, bots, media rows and invitations go (cascade) and its stored files are removed. Audit `account.delete`.',
      tags,
      responses: { 204: null },
    }),
    accountId(),
    async (c) => {
      await deleteAccount(deps, c.get('user'), c.req.valid('param').accountId);
      return c.body(null, 204);
    },
  );

  r.get(
    '/:accountId/detail',
    route({ summary: 'Read an account with details', description: 'Staff, Owner, Admin, Reseller (Editor, Viewer → 403).', tags, responses: { 200: AccountDetail } }),
    accountId(),
    async (c) => c.json(await getAccountDetail(deps.db, c.get('user'), c.req.valid('param').accountId)),
  );

  r.get(
    '/:accountId/profile',
    route({ summary: "Read an account's profile", description: 'Staff, any Active role (spec 002 §3 Profile).', tags, responses: { 200: AccountProfile } }),
    accountId(),
    async (c) => c.json(await getAccountProfile(deps.db, c.get('user'), c.req.valid('param').accountId)),
  );

  r.put(
    '/:accountId/profile',
    route({
      summary: "Replace an account's profile",
      description:
        'Staff, Owner, Admin, Reseller. Each part sent (`appearance`, `profile`) replaces the stored one. Media ids must be media of the account (422 `errors[\'appearance.logoId\']` …). Audit `account.profile_update`.',
      tags,
      responses: { 200: AccountProfile },
    }),
    accountId(),
    validate('json', AccountProfileBody),
    async (c) => c.json(await updateAccountProfile(deps.db, c.get('user'), c.req.valid('param').accountId, c.req.valid('json'))),
  );

  return r;
}
