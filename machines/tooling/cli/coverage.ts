/**
 * `npm run machines:coverage` (issue 14 "Coverage"): prints per catalogued machine the states,
 * transitions (source × event × guard branch) and guards covered by the model tests and by the e2e
 * replay, then the uncovered items with their declared gaps, and writes docs/machines/coverage.md.
 *
 * Options: `--check` writes nothing and exits 1 when docs/machines/coverage.md is stale.
 * Exit status: 0, or 1 when a machine fails the gate (COVERAGE_GATE, gaps aside) or with `--check`
 * a stale file. The CI gate itself is machines/tooling/coverage.test.ts.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { coverageReport, renderCoverageMarkdown, renderCoverageTable, renderUncovered, repoRoot } from '../coverageReport';

/** Where the report is written, relative to the repository root. */
export const COVERAGE_MD = 'docs/machines/coverage.md';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } }, allowPositionals: false });
  const started = performance.now();
  const reports = await coverageReport();
  console.log(renderCoverageTable(reports));
  const uncovered = renderUncovered(reports);
  if (uncovered) console.log(uncovered);
  const markdown = renderCoverageMarkdown(reports);
  const file = join(repoRoot, COVERAGE_MD);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  let status = reports.every((r) => r.gate.ok) ? 0 : 1;
  if (values.check) {
    if (current !== markdown) {
      console.error(`${COVERAGE_MD} is stale: run npm run machines:coverage`);
      status = 1;
    }
  } else if (current !== markdown) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, markdown);
    console.log(`\nwrote ${COVERAGE_MD}`);
  } else {
    console.log(`\n${COVERAGE_MD} is up to date`);
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return status;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(2);
  },
);
