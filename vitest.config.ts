import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogSplit } from './scripts/catalog-split.mjs';

/**
 * Test projects: `unit` (machines and SPA code, happy-dom), `server` (API on PGlite) and, when
 * TEST_DATABASE_URL is set, `server-pg` (the same server tests on a real PostgreSQL server).
 */
const serverTests = ['server/**/*.test.ts'];
export default defineConfig({
  test: {
    projects: [
      {
        // Lingui macros compile in tests as in the app (principle 9: components under test render real strings).
        plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), catalogSplit()],
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
