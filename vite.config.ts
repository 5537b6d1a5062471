import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { catalogSplit } from './scripts/catalog-split.mjs';
import stripChartDescriptions from './scripts/strip-chart-descriptions.mjs';

/**
 * SPA build. The dev server proxies /api and /idp to the Node server (npm run dev). `vite build`
 * swaps TanStack's devtools event bus (used by TanStack Form) for a no-op stand-in: the product
 * ships no devtools, and the bus is ~1 KB gzip on the login page (issue 10 §2). It also leaves the
 * statecharts' product-owner descriptions out of the bundle (scripts/strip-chart-descriptions.mjs;
 * the Machines page reads them from docs/machines).
 */
export default defineConfig(({ command }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro', ...(command === 'build' ? [stripChartDescriptions] : [])] } }),
    lingui(),
    // The .po catalogs split into a shell catalog and one per route (src/i18n.ts; issue 10 §2).
    catalogSplit(),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [{ find: '@tanstack/devtools-event-client', replacement: fileURLToPath(new URL('./src/build/devtoolsEventClient.ts', import.meta.url)) }]
        : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/idp': 'http://127.0.0.1:3000',
    },
  },
  // The manifest (dist/.vite/manifest.json) feeds the JavaScript size budget (scripts/size-budget.mjs, issue 10 §2).
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically runs before the first render anyway: one chunk
        // instead of ~30 small shared ones, which gzip ~7 KB smaller together (issue 10 §2).
        codeSplitting: { groups: [{ name: (id, ctx) => (inEntryClosure(id, (m) => ctx.getModuleInfo(m)) ? 'app' : null) }] },
      },
    },
  },
}));

const ENTRY_MODULE = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
let entryClosure: Set<string> | null = null;

/** True when `id` is src/main.tsx or in its static-import closure (computed once per build). */
function inEntryClosure(id: string, getModuleInfo: (id: string) => { importedIds: readonly string[] } | null): boolean {
  if (!entryClosure) {
    const seen = new Set<string>();
    const stack = [ENTRY_MODULE];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(getModuleInfo(next)?.importedIds ?? []));
    }
    entryClosure = seen;
  }
  return entryClosure.has(id);
}
