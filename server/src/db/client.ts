/**
 * Opens the database: PGlite under `dataDir/pglite` (embedded default) or PostgreSQL at
 * `databaseUrl`, and runs the drizzle migrations in server/src/db/migrations (DESIGN §1).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import type { ScaleEnv } from '../env';
import { loadScaleEnv } from '../env';
import { guardPglite, LanePool } from './guard';

export type Schema = typeof schema;
/** Either driver's database; both are PgDatabase, so services use one API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle `db.transaction(async (tx) => …)` passes to its callback (a PgTransaction on Schema). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What repositories, `recordAudit` and `enqueueJob` take: the database, or a transaction on it (no `tx as Db` casts). */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /** 'pglite' or 'postgres'. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * @param opts.databaseUrl PostgreSQL URL; when absent PGlite is used.
 * @param opts.pgliteDir directory for PGlite files; `undefined` with no databaseUrl = in-memory.
 * @param opts.scale pool sizes, reserved lanes and statement timeout (env.scale; defaults of
 *   `loadScaleEnv({})` when absent). Database work inside a request scope (db/scope.ts) is guarded by
 *   them (db/guard.ts, issue 18 "Overload is answered, not queued").
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string; scale?: ScaleEnv }): Promise<Database> {
  const scale = opts.scale ?? loadScaleEnv({});
  if (opts.databaseUrl) {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Per-lane pools (general, ingest, upload, background) behind one pool-shaped router (db/guard.ts).
    const pool = new LanePool(opts.databaseUrl, scale);
    const db = drizzle(pool as never, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm: trigram indexes for name search (issue 18, migration 0015_scale_lists.sql).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // PGlite's default shared_buffers (128 MB) is sized for a database server; the embedded single-user
  // database needs far less. 16 MB cuts the server's resident memory on a restart from ~310 to ~180 MiB
  // (measured with PGlite 0.5.16, see bench/RESULTS.md "Server idle memory").
  const pgliteOptions = { postgresqlconf: 'shared_buffers = 16MB' };
  const extensions = { pg_trgm };
  if (opts.pgliteDir) {
    mkdirSync(opts.pgliteDir, { recursive: true });
    await initPgliteDir(opts.pgliteDir, pgliteOptions);
  }
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir, { ...pgliteOptions, extensions }) : new PGlite({ ...pgliteOptions, extensions });
  // One queue in front of the single wasm instance: gone clients' work dropped before it starts,
  // ingest/upload ahead of general reads, request deadlines (db/guard.ts).
  // After start-up: PGlite's own initialisation calls its public query methods.
  await client.waitReady;
  guardPglite(client, scale);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

const run = promisify(execFile);

/**
 * Runs PGlite's initdb for an empty database directory in a short-lived child process
 * (server/src/db/pglite-initdb.mjs); a directory that already holds a database (`PG_VERSION`) is left
 * alone. In-process, initdb runs in a second PGlite instance whose wasm memory and buffers (~400 MiB)
 * stay in the server's resident memory until a full GC that an idle server never runs, and grow the
 * malloc heap for good; in a child process all of it goes back to the OS when the child exits
 * (issue 10 §2 "Server memory", bench/RESULTS.md "Server idle memory").
 * @param dir PGlite data directory (created by the caller).
 * @param options the PGlite options the server opens it with.
 * @throws Error with the child's output when initdb fails.
 */
export async function initPgliteDir(dir: string, options: Record<string, unknown>): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
  try {
    await run(process.execPath, [script, dir, JSON.stringify(options)], { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`PGlite could not create its database in ${dir}: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

export { schema };
