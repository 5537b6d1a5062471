/**
 * `npm run idp -- <command>`: operator commands for the identity provider's keys (issue 18;
 * docs/scaling.md "Identity provider keys"). Uses the server's environment: DATABASE_URL, or the
 * PGlite database under DATA_DIR (then the server must be stopped: PGlite is one process's database,
 * so the command refuses while a Vidbot answers on HOST:PORT).
 *
 * - `rotate-keys`: adds a new signing key and retires the current one (./keys.ts `rotateIdpKeys`);
 *   retired keys stay in the JWKS for the token lifetime + IDP_KEY_REFRESH_MS, older ones are deleted.
 *   Running nodes sign with the new key within IDP_KEY_REFRESH_MS and accept its tokens at once.
 * - `list-keys`: every key with its state (signing, retired — in the JWKS until …, expired).
 *
 * Exit codes: 0 done, 1 failed (message on stderr), 2 usage.
 */
import path from 'node:path';
import { loadEnv, type Env } from '../env';
import { openDatabase } from '../db/client';
import { ensureIdpKeys, listIdpKeys, rotateIdpKeys } from './keys';

const USAGE = `Usage: npm run idp -- <command>
  rotate-keys   add a new signing key and retire the current one (old tokens stay valid until they expire)
  list-keys     list the signing keys and their state
Uses DATABASE_URL, or the PGlite database under DATA_DIR (stop the server first).`;

/** Whether something answers HTTP at the server's address (a running Vidbot on this PGlite directory). */
async function serverAnswers(env: Env): Promise<string | null> {
  const host = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  const url = `${env.tlsCertFile ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${env.port}/`;
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return url;
  } catch {
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (command !== 'rotate-keys' && command !== 'list-keys') {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  if (!env.databaseUrl) {
    const running = await serverAnswers(env);
    if (running) {
      console.error(`A server answers at ${running}: stop Vidbot first (its PGlite database under ${env.dataDir} is single-process).`);
      return 1;
    }
  }
  const database = await openDatabase({ databaseUrl: env.databaseUrl, pgliteDir: env.databaseUrl ? undefined : path.join(env.dataDir, 'pglite') });
  try {
    const refreshMs = env.scale.idpKeyRefreshMs;
    // A database without keys yet gets them as the server would (importing DATA_DIR's legacy file).
    await ensureIdpKeys(database.db, { dataDir: env.dataDir });
    if (command === 'rotate-keys') {
      const r = await rotateIdpKeys(database.db, { refreshMs });
      console.log(`New signing key ${r.kid}.`);
      if (r.retired.length) console.log(`Retired ${r.retired.join(', ')}: still in the JWKS and accepted until their tokens have expired.`);
      if (r.deleted.length) console.log(`Deleted expired keys ${r.deleted.join(', ')}.`);
      console.log(`Running nodes sign with the new key within ${Math.round(refreshMs / 1000)} s (IDP_KEY_REFRESH_MS).`);
    }
    for (const k of await listIdpKeys(database.db, { refreshMs })) {
      const state = k.state === 'retired' ? `retired, in the JWKS until ${k.jwksUntil?.toISOString()}` : k.state;
      console.log(`${k.kid}  created ${k.createdAt.toISOString()}  ${state}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
