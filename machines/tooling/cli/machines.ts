/**
 * `npm run machines` (issue 14 "Diagrams"): writes docs/machines/<name>.{mmd,svg,json} for every
 * catalog entry (machines/catalog.ts) and docs/machines/README.md, and removes the artifacts of
 * machines no longer in the catalog (docs/machines/coverage.md, owned by `npm run
 * machines:coverage`, is never touched). Only files whose content changed are rewritten.
 *
 * Options: `--check` writes nothing, lists the stale (differing, missing or orphaned) files and
 * exits 1 when there are any.
 * Exit status: 0; 1 with `--check` and stale files; 2 on an unexpected error.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineCatalog } from '../../catalog';
import { MACHINE_DOCS_DIR, machineDocs, staleDocs } from '../docs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } }, allowPositionals: false });
  const started = performance.now();
  const dir = join(repoRoot, MACHINE_DOCS_DIR);
  const files = await machineDocs(machineCatalog);
  const existing = new Map<string, string>();
  if (existsSync(dir)) for (const name of readdirSync(dir).sort()) existing.set(name, readFileSync(join(dir, name), 'utf8'));
  const { stale, extra } = staleDocs(files, existing);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  if (values.check) {
    if (stale.length === 0 && extra.length === 0) {
      console.log(`${MACHINE_DOCS_DIR}: ${files.size} files up to date (${seconds} s)`);
      return 0;
    }
    for (const name of stale) console.error(`stale: ${MACHINE_DOCS_DIR}/${name}${existing.has(name) ? '' : ' (missing)'}`);
    for (const name of extra) console.error(`stale: ${MACHINE_DOCS_DIR}/${name} (no such machine in machines/catalog.ts)`);
    console.error('Run `npm run machines` and commit docs/machines.');
    return 1;
  }

  mkdirSync(dir, { recursive: true });
  for (const name of stale) {
    writeFileSync(join(dir, name), files.get(name)!);
    console.log(`wrote ${MACHINE_DOCS_DIR}/${name}`);
  }
  for (const name of extra) {
    rmSync(join(dir, name));
    console.log(`removed ${MACHINE_DOCS_DIR}/${name}`);
  }
  console.log(`${machineCatalog.length} machines, ${files.size} files, ${stale.length} written, ${extra.length} removed (${seconds} s)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(2);
  },
);
