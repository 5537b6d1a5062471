import { defineConfig } from 'vite';

/**
 * Build of the host-page code (DESIGN §1b, §2 `embed/`): plain ES modules in dist/embed/, minified,
 * no React. Runs after the SPA build (`npm run build`), so it must not empty dist/.
 *
 * Entries (add new ones to `input`):
 * - `player` → dist/embed/player.js — `mountPlayer(container, bot, options)`; budget ≤ 40 KB gz.
 * - `ad` → dist/embed/ad.js — the display-ad frame's bootstrap (`/ad/{publicId}`, embed/ad/ad.ts).
 * - `page` → dist/embed/page.js + page.css — bootstrap of the /v and /e player pages (embed/page).
 *
 * Shared code is split into dist/embed/chunks/ with hashed names; entry files keep stable names so
 * hosts and the widget loader can reference them (the server serves /embed/* from dist/embed).
 */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  publicDir: false,
  build: {
    outDir: 'dist/embed',
    emptyOutDir: false,
    target: 'es2020',
    sourcemap: true,
    minify: true,
    copyPublicDir: false,
    modulePreload: false,
    rolldownOptions: {
      input: {
        player: 'embed/player/index.ts',
        // the /v and /e player pages' bootstrap (+ its stylesheet → dist/embed/page.css, a stable name)
        page: 'embed/page/page.ts',
        ad: 'embed/ad/ad.ts',
      },
      // Keep the entries' exports: these bundles are libraries for the host page, not an app.
      preserveEntrySignatures: 'strict',
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // Entry stylesheets keep stable names (/embed/page.css is linked from server-rendered pages).
        assetFileNames: (asset) => (asset.names.some((n) => n.endsWith('.css')) ? '[name][extname]' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
});
