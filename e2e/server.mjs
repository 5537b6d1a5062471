#!/usr/bin/env node
/** Starts the real server for Playwright: a fresh DATA_DIR (PGlite, media, keys), demo data, port $PORT. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-e2e-'));
// Google Drive import (issue 5): a local fake of Google OAuth + Drive v3 with the media fixtures.
const { tsImport } = await import('tsx/esm/api');
const { startFakeGoogle, fixtureDriveFiles } = await tsImport('../server/test/fakes/google.ts', import.meta.url);
const google = await startFakeGoogle({ files: fixtureDriveFiles(path.resolve(import.meta.dirname, '../../shared/fixtures/media')) });
// CRM integrations (issue 15): local fakes of each CRM's API (server/test/fakes/crm-fakes.ts); env points the server at them.
const { startCrmFakes } = await tsImport('../server/test/fakes/crm-fakes.ts', import.meta.url);
const crm = await startCrmFakes();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: '', SEED_DEMO: '1',
    GOOGLE_CLIENT_ID: google.state.clientId, GOOGLE_CLIENT_SECRET: google.state.clientSecret, ...google.env,
    ...crm.env,
    // AI wizards (issue 16): the website fixture (server/test/fakes/website.ts) is served on 127.0.0.1,
    // which the SSRF-safe fetcher refuses unless allow-listed.
    AI_FETCH_ALLOWLIST: process.env.AI_FETCH_ALLOWLIST ?? '127.0.0.1',
  },
});
const stop = () => { child.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => { rmSync(dataDir, { recursive: true, force: true }); void Promise.allSettled([google.close(), crm.close()]).finally(() => process.exit(code ?? 0)); });
