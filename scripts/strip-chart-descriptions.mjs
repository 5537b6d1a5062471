/**
 * Babel plugin for the SPA's production build (vite.config.ts, `vite build` only): removes the
 * product-owner documentation written on statecharts (issue 14: `meta: { description: '…' }` on
 * states, `description: '…'` on transitions) from `machines/**\/*.machine.ts`.
 *
 * Why: those sentences are for product owners and testers. They reach them through the generated
 * docs/machines files (README, JSON) that the Machines page loads lazily; shipping them again inside
 * every machine would put several kilobytes of documentation into the first route and the editor's
 * routes (issue 10 §2 size budgets). XState never reads `description` to run a machine.
 *
 * Only a `description` property whose value is a string or template literal is removed; computed
 * ones (a compiled vidbot's slide descriptions) stay. Tests, `npm run machines` and the dev server
 * keep the source as written.
 */
export default function stripChartDescriptions({ types: t }) {
  return {
    name: 'strip-chart-descriptions',
    visitor: {
      ObjectProperty(path, state) {
        const file = state.filename ?? '';
        if (!/[\\/]machines[\\/].+\.machine\.ts$/.test(file)) return;
        const { key, value, computed } = path.node;
        if (computed) return;
        const name = t.isIdentifier(key) ? key.name : t.isStringLiteral(key) ? key.value : null;
        if (name !== 'description') return;
        if (t.isStringLiteral(value) || t.isTemplateLiteral(value)) path.remove();
      },
    },
  };
}
