/**
 * SQL of the analytics ingest (issue 13 "Ingest"; DESIGN §1b): the bot lookup by public id, the
 * idempotent multi-row insert into `analytics_events`, and the monthly partitions of that table.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, botRevisions, bots, widgetRevisions, widgets } from '../../db/schema';
import { analyticsEvents } from '../../db/schema.analytics';
import { currentDbScope, runInDbScope } from '../../db/scope';

/** What the ingest needs to know about the bot a batch names. */
export interface IngestTarget {
  botId: number;
  accountId: number;
  /** Bot Published with a published revision, account Active (else the ingest answers 404). */
  published: boolean;
  /** False when the account has `options.disableAnalytics` or the published revision's `settings.isAnalyticEnabled` is false. */
  analyticsEnabled: boolean;
}

/** The bot with public id `publicId` as the ingest sees it, or undefined when there is none. One query. */
export async function findIngestTarget(db: Db, publicId: string): Promise<IngestTarget | undefined> {
  const [row] = await db
    .select({
      botId: bots.id,
      accountId: bots.accountId,
      botStatus: bots.status,
      publishedRevisionId: bots.publishedRevisionId,
      accountStatus: accounts.status,
      accountDisabled: sql<boolean>`coalesce((${accounts.options} ->> 'disableAnalytics') = 'true', false)`,
      botDisabled: sql<boolean>`coalesce((${botRevisions.content} -> 'settings' ->> 'isAnalyticEnabled') = 'false', false)`,
    })
    .from(bots)
    .innerJoin(accounts, eq(accounts.id, bots.accountId))
    .leftJoin(botRevisions, eq(botRevisions.id, bots.publishedRevisionId))
    .where(eq(bots.publicId, publicId))
    .limit(1);
  if (!row) return undefined;
  return {
    botId: row.botId,
    accountId: row.accountId,
    published: row.botStatus === 'Published' && row.accountStatus === 'Active' && row.publishedRevisionId !== null,
    // Absent settings mean the default (enabled; content.rules.ts defaults isAnalyticEnabled to true).
    analyticsEnabled: !row.accountDisabled && !row.botDisabled,
  };
}

/**
 * The carousel widget `sliderId` of the account `accountId` (the slider channel's `sliderId`, issue 13 /
 * 15), with whether its analytics are on (its published, else latest, revision's isAnalyticsEnabled;
 * absent = on). Undefined when the account has no such widget.
 */
export async function findSlider(db: Db, accountId: number, sliderId: number): Promise<{ analyticsEnabled: boolean } | undefined> {
  const [row] = await db
    .select({ disabled: sql<boolean>`coalesce((${widgetRevisions.content} ->> 'isAnalyticsEnabled') = 'false', false)` })
    .from(widgets)
    .leftJoin(widgetRevisions, eq(widgetRevisions.id, sql`coalesce(${widgets.publishedRevisionId}, ${widgets.latestRevisionId})`))
    .where(and(eq(widgets.id, sliderId), eq(widgets.accountId, accountId)))
    .limit(1);
  return row ? { analyticsEnabled: !row.disabled } : undefined;
}

/** A row to store (`received_at` is the database's clock). */
export type EventInsert = Omit<typeof analyticsEvents.$inferInsert, 'occurredAt' | 'receivedAt'> & { occurredAt: Date };

/**
 * Stores `rows` with one `INSERT … ON CONFLICT (day, id) DO NOTHING RETURNING day, id` and resolves
 * with the keys (`${day}|${id}`) inserted (the others were already stored: a retried batch). Committed
 * when it resolves (a single statement outside a transaction is its own transaction).
 */
export async function insertEvents(db: DbOrTx, rows: EventInsert[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  // One array parameter per column (`unnest`), not one parameter per value: a group-committed INSERT
  // carries up to 2,000 rows, and building / encoding 30,000 parameters cost more than the insert
  // itself (profile in bench/RESULTS.md "Analytics ingest").
  const col = <T>(f: (r: EventInsert) => T) => sql.param(rows.map(f));
  const result = await db.execute(sql`
    insert into analytics_events (day, id, occurred_at, account_id, bot_id, channel, slider_id, session_id, name, slide_id, from_slide_id, option_id, seconds, source)
    select * from unnest(
      ${col((r) => r.day)}::date[], ${col((r) => r.id)}::text[], ${col((r) => r.occurredAt.toISOString())}::timestamptz[],
      ${col((r) => r.accountId)}::int[], ${col((r) => r.botId)}::int[], ${col((r) => r.channel)}::text[], ${col((r) => r.sliderId ?? 0)}::int[],
      ${col((r) => r.sessionId)}::text[], ${col((r) => r.name)}::text[], ${col((r) => r.slideId ?? null)}::int[], ${col((r) => r.fromSlideId ?? null)}::int[],
      ${col((r) => r.optionId ?? null)}::int[], ${col((r) => r.seconds ?? null)}::float8[], ${col((r) => r.source ?? null)}::text[])
    on conflict (day, id) do nothing
    returning day::text as day, id`);
  return new Set((result as unknown as { rows: { day: string; id: string }[] }).rows.map((r) => `${r.day}|${r.id}`));
}

interface Pending {
  rows: EventInsert[];
  resolve(inserted: number): void;
  reject(err: unknown): void;
}

/**
 * Group commit for the ingest: concurrent requests' rows are written together. A write starts an
 * INSERT at once when fewer than `maxInFlight` are running; otherwise it waits and the next INSERT
 * takes every waiting request's rows (at most `maxRows`). No added delay when idle; under load one
 * statement carries many batches (measured in bench/RESULTS.md "Analytics ingest": the fixed cost of a
 * statement is about that of 20 rows on PGlite). Each request learns how many of ITS rows were
 * inserted only after the shared statement committed; a key sent twice (by one request or two) counts
 * as inserted for the first sender only. A failed INSERT rejects every request it carried.
 */
const NEVER_ABORTED = new AbortController().signal;

export class EventWriter {
  private readonly waiting: Pending[] = [];
  private inFlight = 0;
  constructor(
    private readonly db: Db,
    private readonly maxInFlight = 1,
    private readonly maxRows = 2000,
  ) {}

  /** Resolves with how many of `rows` were inserted (the rest were already stored), once committed. */
  write(rows: EventInsert[]): Promise<number> {
    if (rows.length === 0) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const group: Pending[] = [];
      let n = 0;
      while (this.waiting.length > 0 && (group.length === 0 || n + this.waiting[0]!.rows.length <= this.maxRows)) {
        const p = this.waiting.shift()!;
        group.push(p);
        n += p.rows.length;
      }
      this.inFlight++;
      void this.flush(group).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(group: Pending[]): Promise<void> {
    try {
      // One INSERT for many requests: none of their clients leaving may cancel it (issue 18, db/scope.ts).
      const rows = group.flatMap((p) => p.rows);
      const scope = currentDbScope();
      const inserted = await (scope ? runInDbScope({ signal: NEVER_ABORTED, lane: scope.lane }, () => insertEvents(this.db, rows)) : insertEvents(this.db, rows));
      for (const p of group) {
        let mine = 0;
        for (const r of p.rows) if (inserted.delete(`${r.day}|${r.id}`)) mine++;
        p.resolve(mine);
      }
    } catch (err) {
      for (const p of group) p.reject(err);
    }
  }
}

/** `analytics_events_yyyy_mm` and its range `[from, to)` (ISO days) for the UTC month `offset` months from `now`'s. */
export function monthPartition(now: Date, offset: number): { name: string; from: string; to: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const y = start.getUTCFullYear();
  const m = String(start.getUTCMonth() + 1).padStart(2, '0');
  return {
    name: `analytics_events_${y}_${m}`,
    from: start.toISOString().slice(0, 10),
    to: end.toISOString().slice(0, 10),
  };
}

/** The months `ensureEventPartitions` keeps: the previous, the current and the next two (UTC). */
export const PARTITION_MONTHS = [-1, 0, 1, 2] as const;

/** Any constant shared by every process; serialises partition maintenance across processes. */
const PARTITION_LOCK = 0x76_69_64_13;

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * Creates the monthly partitions `analytics_events_yyyy_mm` (`FOR VALUES FROM (first day) TO (first
 * day of the next month)`) of the previous, current and next two UTC months of `now` that do not exist
 * yet. Resolves with the names it created.
 *
 * Rows of such a month already in the DEFAULT partition (events stored while the partition was
 * missing: a server that was down over two month boundaries, a database used before this ran) would
 * make `CREATE TABLE … PARTITION OF` fail, so each creation runs in one transaction that moves them:
 * delete them from the default partition into a temporary table, create the partition, insert them back
 * through the parent (they land in the new partition). An advisory transaction lock serialises
 * concurrent callers (several server processes starting at once). Idempotent; throws only on a
 * database failure.
 */
export async function ensureEventPartitions(db: Db, now: Date): Promise<string[]> {
  const created: string[] = [];
  for (const offset of PARTITION_MONTHS) {
    const p = monthPartition(now, offset);
    const made = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
      const [exists] = rowsOf<{ oid: string | null }>(await tx.execute(sql`select to_regclass(${p.name})::text as oid`));
      if (exists?.oid) return false;
      const range = sql`day >= ${p.from}::date and day < ${p.to}::date`;
      const [stray] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from analytics_events_default where ${range}`));
      const moving = (stray?.n ?? 0) > 0;
      if (moving) {
        await tx.execute(sql`create temporary table analytics_events_moving on commit drop as select * from analytics_events_default where ${range}`);
        await tx.execute(sql`delete from analytics_events_default where ${range}`);
      }
      await tx.execute(sql.raw(`create table if not exists "${p.name}" partition of analytics_events for values from ('${p.from}') to ('${p.to}')`));
      if (moving) await tx.execute(sql`insert into analytics_events select * from analytics_events_moving`);
      return true;
    });
    if (made) created.push(p.name);
  }
  return created;
}

/** Test helper and bench check: which partition holds each event id (`tableoid::regclass`). */
export async function partitionsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: analyticsEvents.id,
      part: sql<string>`tableoid::regclass::text`,
    })
    .from(analyticsEvents)
    .where(inArray(analyticsEvents.id, ids));
  for (const r of rows) out.set(r.id, r.part);
  return out;
}
