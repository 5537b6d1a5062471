/**
 * PGlite data directory (issue 10 §2 "Server memory"): a fresh directory is created by PGlite's
 * initdb in a child process (`initPgliteDir`), so the server process never holds initdb's memory;
 * `openDatabase` then opens it in-process as on any restart. PGlite only (the PostgreSQL path has no
 * data directory).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { dbVariant } from '../../test/harness';
import { initPgliteDir, migrationsFolder, openDatabase } from './client';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-pglite-'));
  dirs.push(dir);
  return dir;
}
/** PGlite's initdb takes seconds alone and much longer on a loaded 2-core machine. */
const INITDB_TIMEOUT = 180_000;
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(dbVariant === 'postgres')('PGlite data directory', () => {
  it('initPgliteDir creates the database in a child process, without opening PGlite here', async () => {
    const dir = path.join(tempDir(), 'pglite');
    await initPgliteDir(dir, { postgresqlconf: 'shared_buffers = 16MB' });
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dir, 'base'))).toBe(true);
  }, INITDB_TIMEOUT);

  it('initPgliteDir leaves a directory that already holds a database alone', async () => {
    const dir = path.join(tempDir(), 'pglite');
    await initPgliteDir(dir, {});
    const before = statSync(path.join(dir, 'PG_VERSION')).mtimeMs;
    const t0 = performance.now();
    await initPgliteDir(dir, {});
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(statSync(path.join(dir, 'PG_VERSION')).mtimeMs).toBe(before);
  }, INITDB_TIMEOUT);

  it('initPgliteDir reports a directory it cannot create with the path and the cause', async () => {
    const file = path.join(tempDir(), 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(initPgliteDir(path.join(file, 'pglite'), {})).rejects.toThrow(/PGlite could not create its database in .*not-a-directory\/pglite: /);
  }, INITDB_TIMEOUT);

  it('openDatabase on a fresh directory migrates it, and a reopen finds the data', async () => {
    const dir = path.join(tempDir(), 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    expect(first.kind).toBe('pglite');
    await first.db.execute(sql`create table reopen_check (v text)`);
    await first.db.execute(sql`insert into reopen_check values ('kept')`);
    await first.close();
    const second = await openDatabase({ pgliteDir: dir });
    // Either driver's `execute` answers `{ rows }` (PGlite's Results, pg's QueryResult).
    const rows = async (q: ReturnType<typeof sql>) => ((await second.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(await rows(sql`select v from reopen_check`)).toEqual([{ v: 'kept' }]);
    const [migrations] = await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(migrations?.n).toBe(readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length);
    await second.close();
  }, INITDB_TIMEOUT);
});
