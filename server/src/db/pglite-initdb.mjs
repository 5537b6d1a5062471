/**
 * Creates a PGlite database directory (PGlite's initdb) in a short-lived process, so that the server
 * process never holds initdb's memory (issue 10 §2 "Server memory"). Run by `openDatabase`
 * (server/src/db/client.ts) on a first start:
 *
 *   node server/src/db/pglite-initdb.mjs <dataDir> <options JSON>
 *
 * `options` are the PGlite options the server opens the database with (e.g. `postgresqlconf`). The
 * process opens the database (which runs initdb in the empty directory), closes it cleanly and exits
 * 0; on failure it prints the error and exits 1. Plain JavaScript, so it starts without tsx.
 */
import { PGlite } from '@electric-sql/pglite';

const [dataDir, optionsJson = '{}'] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: pglite-initdb.mjs <dataDir> [options JSON]');
  process.exit(2);
}
try {
  const db = new PGlite(dataDir, JSON.parse(optionsJson));
  await db.waitReady;
  await db.close();
} catch (err) {
  console.error(err);
  process.exit(1);
}
