/**
 * Issue 18 "Lists at scale" (docs/scaling.md "Admin and analytics lists"): the counters of
 * `admin_list_counts` (migration 0016, server/src/lib/list-page.ts) never drift from `count(*)` —
 * after random inserts, deletes (direct and cascaded from accounts, users and bots), updates that move
 * audit events between accounts, a TRUNCATE, and transactions that commit or roll back. Runs on PGlite
 * and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { createTestContext, type TestContext } from './harness';
import { demoAccountId } from './accounts';
import { adminListCount } from '../src/lib/list-page';

type Row = { list: string; scope: number; n: number };

describe('admin list counters', () => {
  let ctx: TestContext;
  let demo: number;
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = await demoAccountId(ctx);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const rowsOf = async <T>(q: SQL): Promise<T[]> => ((await ctx.deps.db.execute(q)) as unknown as { rows: T[] }).rows;

  async function expected(): Promise<Row[]> {
    return rowsOf<Row>(sql`
      select 'users' as list, 0 as scope, count(*)::int as n from users
      union all select 'accounts', 0, count(*)::int from accounts
      union all select 'email_outbox', 0, count(*)::int from email_outbox
      union all select 'audit_events', 0, count(*)::int from audit_events
      union all select 'account_audit_events', account_id, count(*)::int from audit_events where account_id is not null group by account_id
      union all select 'members', account_id, count(*)::int from roles group by account_id
      union all select 'form_submissions', bot_id, count(*)::int from form_submissions group by bot_id
      union all select 'published_bots', 0, count(*)::int from bots where status = 'Published'
      union all select 'all_bots', 0, count(*)::int from bots`);
  }

  async function actual(): Promise<Row[]> {
    return rowsOf<Row>(sql`select list, scope_id as scope, sum(n)::int as n from admin_list_counts group by list, scope_id`);
  }

  /** Counters equal count(*) (a missing counter row is 0). */
  async function assertNoDrift(): Promise<void> {
    const key = (r: Row) => `${r.list}:${r.scope}`;
    const want = new Map((await expected()).filter((r) => Number(r.n) !== 0).map((r) => [key(r), Number(r.n)]));
    const got = new Map((await actual()).filter((r) => Number(r.n) !== 0).map((r) => [key(r), Number(r.n)]));
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(want));
  }

  const idsOf = async (db: typeof ctx.deps.db, q: SQL) => ((await db.execute(q)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  const accountIds = (db: typeof ctx.deps.db) => idsOf(db, sql`select id from accounts order by id`);
  const botIds = (db: typeof ctx.deps.db) => idsOf(db, sql`select id from bots order by id`);

  /** One random change; `k` and `pick` come from fast-check. */
  async function step(kind: number, k: number, pick: number, db = ctx.deps.db): Promise<void> {
    const run = (q: SQL) => db.execute(q);
    const accounts = await accountIds(db);
    const account = accounts[pick % accounts.length]!;
    switch (kind) {
      case 0: // audit events in an account, staff-wide, or of a deleted account id
        await run(sql`insert into audit_events (account_id, type, target_type)
          select case when g % 3 = 0 then null when g % 3 = 1 then ${account}::int else 999999 end, 'bot.update', 'bot' from generate_series(1, ${k}) g`);
        break;
      case 1:
        await run(sql`delete from audit_events where id % ${k + 1} = ${pick % (k + 1)}`);
        break;
      case 2: // move events between accounts
        await run(sql`update audit_events set account_id = case when account_id is null then ${account}::int else null end where id % ${k + 1} = 0`);
        break;
      case 3: {
        seq++;
        await run(sql`insert into users (username, email) select 'drift-' || ${seq}::int || '-' || g, 'drift' || ${seq}::int || '-' || g || '@example.org' from generate_series(1, ${k}) g`);
        await run(sql`insert into roles (user_id, account_id, role, status)
          select id, ${account}::int, 'Viewer', 'Invited' from users where username like ${`drift-${seq}-%`}`);
        break;
      }
      case 4: // users go: roles cascade, audit actors set null
        await run(sql`delete from users where username like 'drift-%' and id % ${k + 1} = ${pick % (k + 1)}`);
        break;
      case 5: {
        seq++;
        await run(sql`insert into accounts (public_id, business_name) select 'drift-' || ${seq}::int || '-' || g, 'Drift' from generate_series(1, ${Math.min(k, 3)}) g`);
        break;
      }
      case 6: { // an account goes (never the demo account): its roles cascade, its audit events stay
        const victim = accounts.filter((a) => a !== demo)[pick % Math.max(1, accounts.length - 1)];
        if (victim !== undefined) await run(sql`delete from accounts where id = ${victim}`);
        break;
      }
      case 7: {
        seq++;
        await run(sql`insert into bots (public_id, account_id, name) values (${`drift-bot-${seq}`}, ${account}, 'Drift bot')`);
        // Publish / unpublish some bots (the published_bots counter of migration 0018).
        await run(sql`update bots set status = case when status = 'Published' then 'Draft' else 'Published' end where id % ${k + 1} = ${pick % (k + 1)}`);
        const bots = await botIds(db);
        const bot = bots[pick % bots.length]!;
        await run(sql`insert into form_submissions (submission_id, bot_id, action_id, form_name, "values")
          select 'drift-' || ${seq}::int || '-' || g, ${bot}::int, 1, 'Form', '{}'::jsonb from generate_series(1, ${k}) g`);
        break;
      }
      case 8: { // a bot goes with its submissions
        const bots = await botIds(db);
        if (bots.length) await run(sql`delete from bots where id = ${bots[pick % bots.length]!}`);
        break;
      }
      case 9:
        await run(sql`insert into email_outbox ("to", subject, text, kind, status) select 'x@example.org', 's', 't', 'invitation', 'captured' from generate_series(1, ${k}) g`);
        await run(sql`delete from email_outbox where id % ${k + 2} = 0`);
        break;
      default:
        await run(sql`truncate audit_events`);
    }
  }

  it('equal count(*) after the migration backfill and the demo seed', async () => {
    await assertNoDrift();
    expect(await adminListCount(ctx.deps.db, 'members', demo)).toBe(
      Number((await rowsOf<{ n: number }>(sql`select count(*)::int as n from roles where account_id = ${demo}`))[0]!.n),
    );
  });

  it('equal count(*) after random changes, in transactions that commit or roll back', async () => {
    const command = fc.record({ kind: fc.integer({ min: 0, max: 10 }), k: fc.integer({ min: 1, max: 40 }), pick: fc.nat(1000), tx: fc.constantFrom('none', 'commit', 'rollback') });
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 8 }), async (commands) => {
        for (const c of commands) {
          if (c.tx === 'none') await step(c.kind, c.k, c.pick);
          else {
            await ctx.deps.db
              .transaction(async (tx) => {
                await step(c.kind, c.k, c.pick, tx as unknown as typeof ctx.deps.db);
                await step((c.kind + 3) % 10, c.k, c.pick + 1, tx as unknown as typeof ctx.deps.db);
                if (c.tx === 'rollback') throw new Error('roll back');
              })
              .catch((e: unknown) => {
                if (!(e instanceof Error && e.message === 'roll back')) throw e;
              });
          }
        }
        await assertNoDrift();
      }),
      { numRuns: 12, seed: 18 },
    );
  }, 240_000);
});
