/**
 * `npm start` on an occupied port (server/src/server.ts): the start fails with one sentence that
 * says what to do (stop the other program or set PORT), not an unhandled 'error' event, and
 * leaves nothing running (workers stopped, database closed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env';
import { startServer } from '../src/server';

describe('starting on a port that is in use', () => {
  let blocker: net.Server;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    port = (blocker.address() as net.AddressInfo).port;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-start-'));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('rejects with a message naming the port and PORT=, and a second start on a free port works', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0', JOB_CONCURRENCY: '0', HOST: '127.0.0.1' };
    await expect(startServer(loadEnv({ ...env, PORT: String(port) }))).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is already in use (another Vidbot, or another program): stop it, or start on another port, e.g. PORT=3001 npm start.`,
    );
    // The failed start closed its PGlite database: the same DATA_DIR opens again.
    const running = await startServer(loadEnv({ ...env, PORT: '0' }));
    try {
      const res = await fetch(`${running.url}/api/config`);
      expect(res.status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
