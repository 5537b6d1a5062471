import { defineConfig } from 'vitest/config';

/**
 * Test projects: `unit` (machines and SPA code, happy-dom), `server` (API on PGlite) and, when
 * TEST_DATABASE_URL is set, `server-pg` (the same server tests on a real PostgreSQL server).
 */
const serverTests = ['server/**/*.test.ts'];
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'embed/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'server',
          include: serverTests,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: { VIDBOT_TEST_DB: 'pglite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-pg',
                include: serverTests,
                environment: 'node' as const,
                testTimeout: 60_000,
                hookTimeout: 60_000,
                env: { VIDBOT_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
