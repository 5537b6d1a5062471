import { defineConfig } from '@playwright/test';
import { describeTool, findChromium } from './scripts/toolchain.mjs';

/**
 * Playwright journeys in Chromium (no `playwright install`; DESIGN §4) against the real server
 * started by e2e/server.mjs (fresh DATA_DIR, PGlite, demo data, built SPA from dist/). Which Chromium
 * is scripts/toolchain.mjs's answer (issue 19): CHROMIUM_PATH, else the system's, else
 * @sparticuz/chromium. Of that package's recommended `chromium.args` none is used: they are for
 * AWS Lambda (`--single-process`/`--no-zygote` make one crashed page take the browser down,
 * `--disable-web-security` would hide the CORS/CSP behaviour the journeys check); the flags below
 * work for both builds.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
const browser = await findChromium();
if (!browser.ok || !browser.path) throw new Error(describeTool(browser));
export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: browser.path,
      ...(browser.env && Object.keys(browser.env).length ? { env: { ...process.env, ...browser.env } as Record<string, string> } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--autoplay-policy=no-user-gesture-required'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node e2e/server.mjs`,
    url: `http://127.0.0.1:${port}/api/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
    stdout: 'pipe',
  },
});
