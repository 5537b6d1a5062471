/**
 * Two API nodes on one PostgreSQL and one bucket for `npm run bench -- nodes` (issue 18 "Two API nodes
 * behave as one", "Figures and tests"):
 *
 * 1. A PostgreSQL database (bench/scale.ts `startPostgres`), s3rver (server/test/s3.ts), and two
 *    server processes A and B (`node --import tsx server/src/index.ts`, each its own PORT and
 *    DATA_DIR, the same DATABASE_URL, S3_* and PUBLIC_URL (the token issuer, as behind a load balancer); B starts after A has migrated and seeded the demo data,
 *    SEED_DEMO=1 on both, so B finds the demo account and seeds nothing; no job worker, so media
 *    processing of the sample vidbot does not compete with the load).
 * 2. Sign-in on A (`/idp` USER_PASSWORD_AUTH), then `GET /api/user/me` on B with A's ID token: 200
 *    shows the signing keys are shared through the database (issue 18 idp part). When B answers 401
 *    (keys still per node), the load on B uses a token B issued itself, and the section says so.
 * 3. Throughput, one node vs two on the same PostgreSQL, autocannon closed loop (bench/load.ts,
 *    CONNECTIONS in total, split evenly between the nodes for two): `GET /api/user/me` and the bot list
 *    first page of the demo account. Figures: 2xx/s, p50/p95/p99, failures, CPU of each node process.
 *
 * The load generator runs in this process on the same 2-core machine as both nodes and PostgreSQL:
 * two nodes cannot double one node's figure here; what the run shows is that nothing in a node caps
 * the total (the CPU columns tell where the cores went).
 *
 * Alone: `npm run bench -- nodes` (replaces only its subsection of bench/RESULTS.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase } from '../server/test/harness';
import { startTestS3 } from '../server/test/s3';
import { demoAccountId, freePort, signIn, startServerProcess, type ServerProcess } from '../server/test/tus-resume';
import { describeFailures, fmtMs, load, type LoadFigures, type LoadTarget } from './load';
import { cpuSeconds, machineLine, startPostgres, writeSubsection } from './scale';

type Log = (s: string) => void;

export const NODES_HEADING = '### Two API nodes on one PostgreSQL (`npm run bench -- nodes`)';
export const SECTION_INTRO =
  'Issue 18: lists at 100,000 rows and two API nodes on one PostgreSQL and one bucket. Each subsection is written by its bench ' +
  '(`npm run bench -- lists`, `npm run bench -- nodes`); a lists run is labelled (BENCH_LABEL, default the commit) so a "before" and an "after" run stand side by side. docs/scaling.md "Figures" reads them.';

async function meStatus(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

/** SIGTERM (graceful), then SIGKILL after 20 s if the process is still there. */
export async function stopProcess(n: ServerProcess): Promise<void> {
  const timer = setTimeout(() => n.child.kill('SIGKILL'), 20_000);
  await n.kill('SIGTERM').catch(() => {});
  clearTimeout(timer);
}

/** Writes the subsection through `log`. */
export async function benchNodes(log: Log): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  log(NODES_HEADING + '\n');
  const pgServer = await startPostgres();
  if ('problem' in pgServer) {
    log(`Not run: no PostgreSQL (${pgServer.problem}).\n`);
    return;
  }
  const pgDb = await createPgDatabase();
  const s3 = await startTestS3({ bucket: 'vidbot-bench' });
  const dirs = [mkdtempSync(path.join(os.tmpdir(), 'vidbot-node-a-')), mkdtempSync(path.join(os.tmpdir(), 'vidbot-node-b-'))];
  const nodes: ServerProcess[] = [];
  try {
    const portA = await freePort();
    // Every node of one deployment has the same PUBLIC_URL: it is the ID tokens' issuer
    // (docs/scaling.md "What is shared where"); behind a load balancer it is the balancer's address.
    const env = { DATABASE_URL: pgDb.url, ...s3.env, JOB_CONCURRENCY: '0', SEED_DEMO: '1', PUBLIC_URL: `http://127.0.0.1:${portA}` };
    console.log('[nodes] starting node A (migrations, demo seed)…');
    nodes.push(await startServerProcess({ dataDir: dirs[0]!, port: portA, env }));
    console.log('[nodes] starting node B…');
    nodes.push(await startServerProcess({ dataDir: dirs[1]!, port: await freePort(), env }));
    const [a, b] = nodes as [ServerProcess, ServerProcess];

    // 2. A's token on B.
    const tokenA = await signIn(a.url);
    const onA = await meStatus(a.url, tokenA);
    const onB = await meStatus(b.url, tokenA);
    const shared = onB === 200;
    const tokenB = shared ? tokenA : await signIn(b.url);
    const accountId = await demoAccountId(a.url, tokenA);

    // 3. Throughput.
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const calls: Array<[string, string]> = [
      ['`GET /api/user/me`', '/api/user/me'],
      ['bot list, first page (demo account)', `/api/bot?account_id=${accountId}&page=1&size=10`],
    ];
    const rows: string[] = [];
    const runOne = async (label: string, nodesLabel: string, targets: LoadTarget[]): Promise<LoadFigures> => {
      console.log(`[nodes] ${label}, ${nodesLabel}…`);
      const cpu0 = nodes.map((n) => cpuSeconds(n.pid));
      const f = await load(targets);
      const cpu = nodes.map((n, i) => (cpuSeconds(n.pid) - cpu0[i]!) / f.seconds);
      rows.push(
        `| ${label} | ${nodesLabel} | **${f.rps.toFixed(0)}** | ${fmtMs(f.p50)} | ${fmtMs(f.p95)} | ${fmtMs(f.p99)} | ${describeFailures(f)} | ${cpu.map((c) => c.toFixed(2)).join(' / ')} | ${(f.rps / cpu.reduce((x, y) => x + y, 0)).toFixed(0)} |`,
      );
      return f;
    };
    const ratios: string[] = [];
    for (const [label, p] of calls) {
      const one = await runOne(label, 'A alone', [{ url: a.url, paths: [p], headers: auth(tokenA) }]);
      const two = await runOne(label, 'A + B', [
        { url: a.url, paths: [p], headers: auth(tokenA) },
        { url: b.url, paths: [p], headers: auth(tokenB) },
      ]);
      ratios.push(`${label}: two nodes / one = **${(two.rps / one.rps).toFixed(2)}×**`);
    }

    log(
      `One database on a ${pgServer.describe}, s3rver for the bucket, two server processes (\`node --import tsx server/src/index.ts\`, own PORT and DATA_DIR, same DATABASE_URL, S3_* and PUBLIC_URL, ` +
        'no job worker), autocannon in the bench process (closed loop, keep-alive; for two nodes the connections are split evenly, i.e. round-robin by connection).\n',
    );
    log(
      `**Token from A on B:** sign-in on A, \`GET /api/user/me\` with A's ID token → A ${onA}, B **${onB}**` +
        (shared
          ? ' — B accepts A\'s token: the signing keys come from the database.\n'
          : ' — B does not accept A\'s token (a defect: the keys are in the database and both nodes have the same PUBLIC_URL); the load on B below uses a token B issued.\n'),
    );
    log('| call | nodes | 2xx/s | p50 ms | p95 ms | p99 ms | failures | CPU of A / B (cores) | 2xx per node CPU-second |\n|---|---|---:|---:|---:|---:|---|---|---:|');
    for (const r of rows) log(r);
    log(`\n${ratios.join('; ')}.`);
    log(
      '\nEverything — load generator, both nodes, PostgreSQL and s3rver — shares the 2 cores: a second node can only add what one node left idle. ' +
        'A Node process runs its JavaScript on one thread, so one node can use at most about one core; the CPU columns (user + system seconds of each node process from /proc ÷ the run\'s length) show how much each node got. ' +
        '"2xx per node CPU-second" is the cost of a request in API-node CPU, the figure least distorted by a shared machine: if it holds with two nodes, nodes add capacity until the database is the limit.\n',
    );
    log(machineLine(loadBefore, 'nodes') + '\n');
  } finally {
    for (const n of nodes) await stopProcess(n);
    await s3.close().catch(() => {});
    await pgDb.drop().catch(() => {});
    await pgServer.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** Alone (`npm run bench -- nodes`): prints the subsection and puts it into bench/RESULTS.md. */
export async function runNodesAlone(): Promise<void> {
  const lines: string[] = [];
  await benchNodes((s) => {
    console.log(s);
    lines.push(s);
  });
  writeSubsection(lines.join('\n'), SECTION_INTRO);
}
