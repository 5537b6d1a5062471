/**
 * Opens the database: PGlite under `dataDir/pglite` (embedded default) or PostgreSQL at
 * `databaseUrl`, and runs the drizzle migrations in server/src/db/migrations (DESIGN §1).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

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
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  // PGlite's default shared_buffers (128 MB) is sized for a database server; the embedded single-user
  // database needs far less. 16 MB cuts the server's resident memory on a restart from ~310 to ~180 MiB
  // (measured with PGlite 0.5.16, see bench/RESULTS.md "Server RSS").
  const pgliteOptions = { postgresqlconf: 'shared_buffers = 16MB' };
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir, pgliteOptions) : new PGlite(pgliteOptions);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

export { schema };
