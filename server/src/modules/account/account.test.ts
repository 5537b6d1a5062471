/** `GET /api/account` (spec 000 §4, §6, §7) on PGlite and PostgreSQL, and the list-scope policy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD } from '../../../test/accounts';
import type { AuthUser } from '../../lib/context';
import { accountListScope } from './account.policy';
import type { Account } from './account.schemas';

const caller = (over: Partial<AuthUser>): AuthUser => ({
  id: 1, username: 'u', email: 'u@x', firstName: null, lastName: null,
  isSuperuser: false, isCustomerSuccess: false, isReseller: false, roles: [], ...over,
});

describe('account.policy', () => {
  it('gives staff every account, others their Active memberships', () => {
    expect(accountListScope(caller({ isSuperuser: true }), undefined)).toEqual({ kind: 'all' });
    expect(accountListScope(caller({ isCustomerSuccess: true }), 'Joined')).toEqual({ kind: 'member', activeOnly: false });
    expect(accountListScope(caller({ isReseller: true }), 'Joined')).toEqual({ kind: 'member', activeOnly: true });
    expect(accountListScope(caller({}), undefined)).toEqual({ kind: 'member', activeOnly: true });
  });
});

type List = { records: Account[]; metadata: { page: number; pageSize: number; pageCount: number; totalCount: number } };

let ctx: TestContext;
let demoId: number;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  for (const n of ['Acme', 'Beta Oy', 'Gamma', 'acme two', 'Delta_1']) ids[n] = await createAccount(ctx, n);
  await createUser(ctx, 'reseller@example.org', {
    isReseller: true,
    roles: [[ids.Acme!, 'Reseller'], [ids['Beta Oy']!, 'Reseller'], [ids.Gamma!, 'Editor', 'Invited']],
  });
});
afterAll(async () => {
  await ctx?.close();
});

const list = async (token: string, q = '') => {
  const res = await ctx.call('GET', `/api/account?${q}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as List;
};

describe('GET /account', () => {
  it('shows staff every account, alphabetically, with pagination', async () => {
    const token = await ctx.signIn('superadmin@example.com');
    const page1 = await list(token, 'size=4');
    expect(page1.metadata).toEqual({ page: 1, pageSize: 4, pageCount: 2, totalCount: 6 });
    expect(page1.records.map((a) => a.businessName)).toEqual(['Acme', 'acme two', 'Beta Oy', 'Delta_1']);
    expect(page1.records[0]).toMatchObject({ role: null, roleId: null, roleStatus: null, status: 'Active' });
    const page2 = await list(token, 'size=4&page=2');
    expect(page2.records.map((a) => a.businessName)).toEqual(['Demo', 'Gamma']);
    const desc = await list(token, 'order_by=created_at&order_direction=desc&size=1');
    expect(desc.records[0]!.businessName).toBe('Delta_1');
    expect((await list(token, 'filter=Joined')).metadata.totalCount).toBe(0);
  });

  it('searches business_name case-insensitively with literal wildcards', async () => {
    const token = await ctx.signIn('superadmin@example.com');
    expect((await list(token, 'business_name=ACME')).records.map((a) => a.businessName)).toEqual(['Acme', 'acme two']);
    expect((await list(token, 'business_name=_')).records.map((a) => a.businessName)).toEqual(['Delta_1']);
  });

  it('shows others only accounts where their role is Active, with their role', async () => {
    const owner = await list(await ctx.signIn('owner@example.com'));
    expect(owner.records).toHaveLength(1);
    expect(owner.records[0]).toMatchObject({ id: demoId, publicId: 'demo', businessName: 'Demo', role: 'Owner', roleStatus: 'Active' });
    expect(owner.records[0]!.roleId).toEqual(expect.any(Number));
    const reseller = await list(await ctx.signIn('reseller@example.org', TEST_PASSWORD), 'filter=Joined');
    expect(reseller.records.map((a) => [a.businessName, a.role])).toEqual([
      ['Acme', 'Reseller'],
      ['Beta Oy', 'Reseller'],
    ]);
  });

  it('rejects bad queries with 422 field messages', async () => {
    const res = await ctx.call('GET', '/api/account?size=10001&order_by=owner&filter=All', { token: await ctx.signIn('owner@example.com') });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(['filter', 'order_by', 'size']);
  });
});
