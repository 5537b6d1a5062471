/** `npm start` entry: starts the server and prints the URL and the demo sign-in (README). */
import { loadEnv, mediaToolLines } from './env';
import { startServer } from './server';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed';
import { aiStartLines } from './modules/ai/ai.service';

const env = loadEnv();
const started = Date.now();
const running = await startServer(env).catch((err: unknown) => {
  console.error(`\nVidbot could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
console.log(`\nVidbot is running at ${running.url}  (started in ${Date.now() - started} ms)`);
console.log(`Database: ${running.deps.database.kind}${env.databaseUrl ? '' : ` under ${env.dataDir}`}`);
for (const line of mediaToolLines(env.mediaTools)) console.log(line);
for (const line of aiStartLines(env)) console.log(line);
if (env.seedDemo) {
  console.log(`Demo sign-in (password ${DEMO_PASSWORD}):`);
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.superuser ? 'Super Admin (staff)' : u.role}`);
}
// Graceful shutdown (issue 18; docs/scaling.md "Health checks and graceful shutdown"): /readyz turns 503,
// requests in flight finish (up to SHUTDOWN_GRACE_MS), running jobs go back to the queue, then exit 0.
// A second signal while stopping exits at once (Ctrl-C twice).
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) {
      console.log(`${sig} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    const t0 = Date.now();
    console.log(`${sig}: shutting down (requests in flight may finish for up to ${env.scale.shutdownGraceMs} ms)…`);
    running.close().then(
      () => {
        console.log(`Vidbot stopped in ${Date.now() - t0} ms.`);
        process.exit(0);
      },
      (err: unknown) => {
        console.error(`Vidbot did not stop cleanly: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  });
}
