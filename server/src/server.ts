/**
 * Starts Vidbot in this process: database (migrations), identity provider, demo data, job worker,
 * HTTP server. Used by `npm start` (server/src/index.ts), tests and e2e.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { createApp } from './app';
import type { Env } from './env';
import { createIdp } from './idp';
import type { AppDeps } from './lib/context';
import { createStorage, S3Storage } from './media/storage.s3';
import { startJobWorker } from './jobs/worker';
import { mediaJobHandlers } from './media/process';
import { scheduleMediaSweep } from './media/sweep';
import { integrationJobHandlers } from './modules/integration/integration.job';
import { crmJobHandlers } from './modules/integration/crm.job';
import { avatarJobHandlers } from './modules/avatar/avatar.job';
import { emailJobHandlers } from './email';
import { startPartitionMaintenance } from './modules/analytics/ingest.service';
import { rollupJobHandlers, startRollupSchedule } from './modules/analytics/rollup';
import { aiJobHandlers } from './modules/ai/ai.job';
import type { HealthState } from './lib/health';
import { trackRequests } from './lib/drain';

export interface RunningServer {
  url: string;
  deps: AppDeps;
  seeded: boolean;
  /**
   * Graceful stop (issue 18; docs/scaling.md "Health checks and graceful shutdown"): `/readyz` answers
   * 503 from now on; the server stops accepting connections and lets requests in flight finish for up
   * to `env.scale.shutdownGraceMs`, then closes the connections left; meanwhile the job workers stop,
   * handing their running jobs back to the queue (at most the same grace); then the database closes.
   */
  close(): Promise<void>;
}

export async function startServer(env: Env): Promise<RunningServer> {
  const storage = createStorage(env);
  // With S3_BUCKET set, fail at start-up (not at the first upload) when the bucket is unusable.
  if (storage instanceof S3Storage) await storage.checkBucket();
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    pgliteDir: env.databaseUrl ? undefined : path.join(env.dataDir, 'pglite'),
    scale: env.scale,
  });
  const idp = await createIdp({ db: database.db, env });
  const deps: AppDeps = { env, db: database.db, database, idp, storage };
  const seeded = env.seedDemo
    ? await seedDemo(database.db, idp, {
        googleDrive: !!(env.googleClientId && env.googleClientSecret),
        // The widgets area (issue 15) is on for the demo account; its sample carousel comes with the sample vidbot.
        newWidgets: true,
        // CRM integrations (issue 15): the demo account may connect every CRM.
        integrations: true,
        // AI wizards and the avatar generator (issue 16): the demo account has generative_ai and video_generation.
        ai: true,
        // The sample vidbot of issue 10 §2 (server/src/db/sample.ts): its videos are processed by the media worker below.
        sample: { storage, ffmpeg: { ffmpegPath: env.ffmpegPath, ffprobePath: env.ffprobePath } },
      })
    : false;
  // Monthly partitions of analytics_events, now and daily (issue 13; ingest.repo.ts ensureEventPartitions).
  const partitions = await startPartitionMaintenance(database.db);
  // Job handlers of each worker below; /readyz checks their queues (lib/health.ts).
  const workerHandlers = {
    integration: { ...integrationJobHandlers, ...crmJobHandlers },
    media: mediaJobHandlers,
    avatar: avatarJobHandlers,
    email: emailJobHandlers,
    rollup: rollupJobHandlers,
    ai: { ...aiJobHandlers },
  };
  // Shared with /readyz: set when close() starts, so load balancers drain this node.
  const health: HealthState = { draining: false };
  const app = createApp(deps, {
    health: { state: health, workerJobTypes: env.jobConcurrency > 0 ? Object.values(workerHandlers).map((h) => Object.keys(h)) : [] },
  });
  // START_WORKERS
  // Every worker claims with JOB_LEASE_MS: another node takes a job over once a crashed node's lease expired.
  const leaseMs = env.scale.jobLeaseMs;
  // Google Drive imports and CRM deliveries (issue 15: crm.deliver).
  const integrationWorker = startJobWorker(deps, workerHandlers.integration, { concurrency: env.jobConcurrency, pollMs: 1000, leaseMs });
  const mediaWorker = startJobWorker(deps, workerHandlers.media, { concurrency: env.jobConcurrency, pollMs: 1000, leaseMs });
  // Avatar videos (issue 16: avatar.render): their own loop, a render takes a while and must not hold up imports.
  const avatarWorker = startJobWorker(deps, workerHandlers.avatar, { concurrency: Math.min(1, env.jobConcurrency), pollMs: 1000, leaseMs });
  // E-mail delivery over SMTP (issue 10 §3): one loop is enough, a send takes a moment.
  const emailWorker = startJobWorker(deps, workerHandlers.email, { concurrency: Math.min(1, env.jobConcurrency), pollMs: 1000, leaseMs });
  // Analytics rollups (issue 13): one loop; a catch-up run now and a safety-net request every few minutes.
  const rollupWorker = startJobWorker(deps, workerHandlers.rollup, { concurrency: Math.min(1, env.jobConcurrency), pollMs: 1000, leaseMs });
  // AI wizards (issue 16: ai.run — fetch a site, generate an analysis or a script); a loop of its own so
  // a slow model never holds up media processing.
  const aiWorker = startJobWorker(deps, workerHandlers.ai, { concurrency: env.jobConcurrency, pollMs: 1000, leaseMs });
  const workers = [integrationWorker, mediaWorker, avatarWorker, emailWorker, rollupWorker, aiWorker];
  const rollupSchedule = env.jobConcurrency > 0 ? startRollupSchedule(deps) : { stop() {} };
  // Abandoned uploads are swept now and every 6 h (media/sweep.ts).
  if (env.jobConcurrency > 0) await scheduleMediaSweep(database.db);
  // HTTPS when TLS_CERT_FILE and TLS_KEY_FILE are set (env.ts): aws-amplify's OAuth flow needs https.
  const tls = env.tlsCertFile && env.tlsKeyFile ? { key: readFileSync(env.tlsKeyFile), cert: readFileSync(env.tlsCertFile) } : undefined;
  const server = tls
    ? serve({ fetch: app.fetch, port: env.port, hostname: env.host, createServer: createHttpsServer, serverOptions: tls })
    : serve({ fetch: app.fetch, port: env.port, hostname: env.host });
  // Requests in flight, for the graceful close() (lib/drain.ts); https.Server has the same connection API.
  const http = trackRequests(server as HttpServer);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    // A newcomer's most likely start failure: say what to do instead of an 'error' event trace.
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`Port ${env.port} on ${env.host} is already in use (another Vidbot, or another program): stop it, or start on another port, e.g. PORT=3001 npm start.`)
          : err,
      ),
    );
  }).catch(async (err: unknown) => {
    // Nothing keeps running after a failed start: workers stopped, database closed.
    partitions.stop();
    rollupSchedule.stop();
    await Promise.all(workers.map((w) => w.stop()));
    await database.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  const url = `${tls ? 'https' : 'http'}://${env.host === '0.0.0.0' ? 'localhost' : env.host}:${port}`;
  return {
    url,
    deps,
    seeded,
    async close() {
      health.draining = true;
      const graceMs = env.scale.shutdownGraceMs;
      // STOP_WORKERS
      partitions.stop();
      rollupSchedule.stop();
      // HTTP and workers in parallel, each bounded by the grace; the database closes after both.
      const [drained] = await Promise.all([http.drain(graceMs), Promise.all(workers.map((w) => w.stop({ timeoutMs: graceMs })))]);
      if (drained.cut > 0) console.warn(`[shutdown] closed ${drained.cut} request(s) still in flight after SHUTDOWN_GRACE_MS=${graceMs}`);
      await database.close();
    },
  };
}
