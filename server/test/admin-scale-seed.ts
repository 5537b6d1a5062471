/**
 * Seeds the big tables of the admin and analytics lists by SQL (generate_series; issue 18, PostgreSQL
 * and PGlite): `n` accounts; `n` users (every 1000th a reseller), each a Viewer of `accountId`; 250
 * Published bots in `accountId`; `n` audit events (90 % in `accountId`, 1 % `widget.update`, the rest
 * `bot.update`, every 10th staff-wide); `n` form submissions of the first bot; `n` outbox messages;
 * 250 × 400 days of `analytics_daily` rows (direct channel). Ends with VACUUM ANALYZE of those tables.
 * @returns the id of the bot holding the form submissions.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** The tables seeded here (the "big tables" of the EXPLAIN test). */
export const ADMIN_SCALE_TABLES = ['users', 'accounts', 'roles', 'audit_events', 'form_submissions', 'email_outbox', 'analytics_daily'];

export async function seedAdminScale(db: Db, accountId: number, n: number): Promise<number> {
  const demo = accountId;
  // n accounts; n users, each a member of the demo account; 250 bots in the demo account.
  await db.execute(sql`insert into accounts (public_id, business_name, created_at)
    select 'scale-' || g, 'Business ' || g, now() - g * interval '1 minute' from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into users (username, email, first_name, is_reseller)
    select 'scale-user-' || g, 'person' || g || '@example.org', 'Person', g % 1000 = 0 from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into roles (user_id, account_id, role, status)
    select u.id, ${demo}::int, 'Viewer', 'Active' from users u where u.username like 'scale-user-%'`);
  await db.execute(sql`insert into bots (public_id, account_id, name, status)
    select 'scale-bot-' || g, ${demo}::int, 'Scale bot ' || g, 'Published' from generate_series(1, 250) g`);
  const bigBot = Number(((await db.execute(sql`select id from bots where public_id = 'scale-bot-1'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id);
  // n audit events (90 % in the demo account, the rest staff-wide), form submissions of one bot, outbox messages.
  await db.execute(sql`insert into audit_events (account_id, type, target_type, target_id, target_name, created_at)
    select case when g % 10 = 0 then null else ${demo}::int end, case when g % 100 = 0 then 'widget.update' else 'bot.update' end,
      'bot', g, 'Target ' || g, now() - g * interval '1 second' from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into form_submissions (submission_id, bot_id, action_id, form_name, "values", created_at)
    select 'scale-sub-' || g, ${bigBot}::int, 1, 'Contact', '{}'::jsonb, now() - g * interval '1 second' from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into email_outbox ("to", subject, text, kind, status, created_at)
    select 'person' || g || '@example.org', 'Hello', 'Hello', 'invitation', 'captured', now() - g * interval '1 second' from generate_series(1, ${n}) g`);
  // 100,000 rollup rows: 250 bots × 400 days (direct channel).
  await db.execute(sql`insert into analytics_daily (day, account_id, bot_id, channel, session, opened, engaged)
    select current_date - d, ${demo}::int, b.id, 'direct', 10, 5, 2 from bots b cross join generate_series(1, 400) d where b.public_id like 'scale-bot-%'`);
  // VACUUM as autovacuum would: sets the visibility map (index-only counts) and the statistics.
  for (const t of ADMIN_SCALE_TABLES) await db.execute(sql.raw(`vacuum analyze ${t}`));
  return bigBot;
}
