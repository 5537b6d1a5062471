import { defineConfig } from '@lingui/cli';

/** Lingui catalogs (en source, fi translation), PO format, one catalog per locale. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fi'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src', 'machines'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
});
