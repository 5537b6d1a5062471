/**
 * Issue 18 "Lists at scale" (docs/scaling.md "Admin and analytics lists"), PostgreSQL only: with
 * 100,000 rows in each big table of the admin and analytics lists (users, accounts, members, audit
 * events, form submissions, e-mail outbox, analytics rollups), every SQL statement the API runs for a
 * list call — captured from the pool as sent, parameters included — plans without a sequential scan
 * of a big table, and `metadata.totalCount` is exact.
 *
 * Seeding is plain SQL (generate_series); the EXPLAIN ANALYZE time of each call's statements is printed
 * (`[explain] …`) for the figures in docs/scaling.md; `SHOW_PLANS=1` prints each statement's plan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, dbVariant, type TestContext } from './harness';
import { demoAccountId } from './accounts';
import { ADMIN_SCALE_TABLES, seedAdminScale } from './admin-scale-seed';

const N = 100_000;
const BIG = ADMIN_SCALE_TABLES;

interface Captured {
  text: string;
  values: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Actual Loops'?: number;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, out: string[] = []): string[] {
  // A node that never ran (a one-time filter that was false, e.g. billing's "flag on for everyone" branch) costs nothing.
  const ran = node['Actual Loops'] === undefined || node['Actual Loops'] > 0;
  if (ran && node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG.includes(node['Relation Name'])) out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}

describe.runIf(dbVariant === 'postgres')('admin and analytics lists at 100,000 rows (PostgreSQL plans)', () => {
  let ctx: TestContext;
  let token: string;
  let demo: number;
  let bigBot: number;
  let pool: { query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
  let captured: Captured[] | null = null;

  const count = async (q: string) => Number(((await ctx.deps.db.execute(sql.raw(q))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = await demoAccountId(ctx);
    token = await ctx.signIn('superadmin@example.com');
    const db = ctx.deps.db;
    bigBot = await seedAdminScale(db, demo, N);
    // The node-postgres pool under drizzle: record every statement the API sends.
    pool = (db as unknown as { $client: typeof pool }).$client;
    const original = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (captured) {
        if (typeof config === 'string') captured.push({ text: config, values: values ?? [] });
        else captured.push({ text: config.text, values: config.values ?? values ?? [] });
      }
      return original(...args);
    };
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
  });

  /** Calls the API, then EXPLAINs every captured SELECT that reads a big table. */
  async function plansOf(url: string): Promise<{ body: { metadata: { totalCount: number }; records: unknown[] }; scans: string[]; ms: number }> {
    captured = [];
    const res = await ctx.call('GET', url, { token });
    const statements = captured;
    captured = null;
    expect(res.status, url).toBe(200);
    const body = (await res.json()) as { metadata: { totalCount: number }; records: unknown[] };
    const scans: string[] = [];
    let ms = 0;
    let explained = 0;
    for (const s of statements) {
      if (!/^\s*(select|with)\b/i.test(s.text) || !BIG.some((t) => s.text.includes(`"${t}"`) || s.text.includes(` ${t} `))) continue;
      const plan = await pool.query(`explain (analyze, format json) ${s.text}`, s.values);
      const json = plan.rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode; 'Execution Time': number }];
      ms += json[0]['Execution Time'];
      explained++;
      if (process.env.SHOW_PLANS) {
        const text = await pool.query(`explain (analyze) ${s.text}`, s.values);
        console.log(s.text, '\n', text.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      scans.push(...seqScans(json[0].Plan));
    }
    // The list's own statements were seen (a capture that saw nothing would pass vacuously).
    expect(explained, url).toBeGreaterThan(0);
    console.log(`[explain] ${url}: ${explained} statements, ${ms.toFixed(1)} ms`);
    return { body, scans, ms };
  }

  it('users: all users, page 5000, an e-mail search and resellers', async () => {
    const all = await plansOf('/api/user/all-users?page=5000&size=20');
    expect(all.scans).toEqual([]);
    expect(all.body.metadata.totalCount).toBe(await count('select count(*)::int as n from users'));
    const search = await plansOf('/api/user/all-users?email=person1234');
    expect(search.scans).toEqual([]);
    expect(search.body.metadata.totalCount).toBe(await count(`select count(*)::int as n from users where email ilike '%person1234%'`));
    const resellers = await plansOf('/api/user/resellers');
    expect(resellers.scans).toEqual([]);
    expect(resellers.body.metadata.totalCount).toBe(await count('select count(*)::int as n from users where is_reseller'));
  });

  it('accounts: every account by name and by date, deep pages, a name search', async () => {
    const byName = await plansOf('/api/account?order_by=business_name&order_direction=asc&page=4000&size=25');
    expect(byName.scans).toEqual([]);
    expect(byName.body.metadata.totalCount).toBe(await count('select count(*)::int as n from accounts'));
    const byDate = await plansOf('/api/account/detail?page=2000&size=25');
    expect(byDate.scans).toEqual([]);
    const search = await plansOf('/api/account?business_name=ness 4242');
    expect(search.scans).toEqual([]);
    expect(search.body.metadata.totalCount).toBe(await count(`select count(*)::int as n from accounts where business_name ilike '%ness 4242%'`));
    const mine = await plansOf('/api/user/me/account');
    expect(mine.scans).toEqual([]);
  });

  it('members of an account with 100,000 members', async () => {
    const first = await plansOf(`/api/account/${demo}/user?page=1&size=20`);
    expect(first.scans).toEqual([]);
    expect(first.body.metadata.totalCount).toBe(await count(`select count(*)::int as n from roles where account_id = ${demo}`));
  });

  it('audit log: one account, every account, a type and a resource prefix, a deep page', async () => {
    const account = await plansOf(`/api/audit-log?account_id=${demo}&page=3000&size=20`);
    expect(account.scans).toEqual([]);
    expect(account.body.metadata.totalCount).toBe(await count(`select count(*)::int as n from audit_events where account_id = ${demo}`));
    const all = await plansOf('/api/audit-log?size=20');
    expect(all.scans).toEqual([]);
    expect(all.body.metadata.totalCount).toBe(await count('select count(*)::int as n from audit_events'));
    const type = await plansOf(`/api/audit-log?account_id=${demo}&type=widget.update`);
    expect(type.scans).toEqual([]);
    const prefix = await plansOf('/api/audit-log?type=widget.');
    expect(prefix.scans).toEqual([]);
    expect(prefix.body.metadata.totalCount).toBe(await count(`select count(*)::int as n from audit_events where type like 'widget.%'`));
  });

  it('form submissions of a bot with 100,000 and the e-mail outbox', async () => {
    const subs = await plansOf(`/api/bot/${bigBot}/form-submission?page=2500&size=20`);
    expect(subs.scans).toEqual([]);
    expect(subs.body.metadata.totalCount).toBe(N);
    const outbox = await plansOf('/api/admin/outbox?page=1000&size=20');
    expect(outbox.scans).toEqual([]);
    expect(outbox.body.metadata.totalCount).toBe(await count('select count(*)::int as n from email_outbox'));
  });

  it('analytics tables read the rollups of the range through an index', async () => {
    const table = await plansOf(`/api/analytics?account_id=${demo}&page=1&size=10`);
    expect(table.scans).toEqual([]);
    expect(table.body.metadata.totalCount).toBe(await count(`select count(*)::int as n from bots where account_id = ${demo}`));
    const admin = await plansOf('/api/analytics/admin?page=1&size=10');
    expect(admin.scans).toEqual([]);
    const live = await plansOf('/api/bot/status?page=1&size=10');
    expect(live.scans).toEqual([]);
    const billing = await plansOf('/api/analytics/admin-billing?page=1&size=10');
    expect(billing.scans).toEqual([]);
  });
});
