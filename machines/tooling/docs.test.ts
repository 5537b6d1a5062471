import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineCatalog, type MachineEntry } from '../catalog';
import { describeMachine } from './chart';
import { diagramTestMachine } from './diagram.fixture';
import { MACHINE_DOCS_DIR, machineDocs, machinesReadme, staleDocs, type MachineDocJson } from './docs';

const repoRoot = resolve(import.meta.dirname, '../..');

describe('docs/machines', () => {
  it('is up to date with the machines (regenerate with `npm run machines`)', { timeout: 120_000 }, async () => {
    const files = await machineDocs(machineCatalog);
    const dir = join(repoRoot, MACHINE_DOCS_DIR);
    const existing = new Map<string, string>();
    if (existsSync(dir)) for (const name of readdirSync(dir)) existing.set(name, readFileSync(join(dir, name), 'utf8'));
    const { stale, extra } = staleDocs(files, existing);
    const problems = [
      ...stale.map((name) => `${MACHINE_DOCS_DIR}/${name} is ${existing.has(name) ? 'stale' : 'missing'}`),
      ...extra.map((name) => `${MACHINE_DOCS_DIR}/${name} belongs to no machine in machines/catalog.ts`),
    ];
    expect(problems, `Diagrams differ from the machines. Fix: run \`npm run machines\` and commit docs/machines.\n${problems.join('\n')}`).toEqual([]);
  });

  it('finds differing, missing and orphaned artifacts but leaves foreign files alone', () => {
    const files = new Map([
      ['a.mmd', 'A'],
      ['a.svg', 'S'],
      ['README.md', 'R'],
    ]);
    const existing = new Map([
      ['a.mmd', 'A'],
      ['a.svg', 'old'],
      ['gone.svg', 'x'],
      ['gone.json', 'x'],
      ['coverage.md', 'c'],
      ['notes.txt', 'n'],
    ]);
    expect(staleDocs(files, existing)).toEqual({ stale: ['a.svg', 'README.md'], extra: ['gone.json', 'gone.svg'] });
  });

  it('writes three artifacts per entry and an index with summaries, links and state descriptions', async () => {
    const entry: MachineEntry = { name: 'demo', title: 'Demo flow', group: 'Media', summary: 'A demo | flow.', folder: 'machines/tooling', machine: diagramTestMachine };
    const child: MachineEntry = { ...entry, name: 'demoChild', title: 'Child flow', group: 'Player', parent: 'demo' };
    const files = await machineDocs([entry, child]);
    expect([...files.keys()]).toEqual(['demo.mmd', 'demo.svg', 'demo.json', 'demoChild.mmd', 'demoChild.svg', 'demoChild.json', 'README.md']);
    const json = JSON.parse(files.get('demo.json')!) as MachineDocJson;
    expect(json.entry).toEqual({ name: 'demo', title: 'Demo flow', group: 'Media', summary: 'A demo | flow.', folder: 'machines/tooling' });
    expect(json.chart).toEqual(describeMachine(diagramTestMachine));
    expect((JSON.parse(files.get('demoChild.json')!) as MachineDocJson).entry.parent).toBe('demo');
    expect(files.get('demo.svg')).toContain('data-machine="demo"');
    expect(files.get('demo.mmd')!.startsWith('stateDiagram-v2\n')).toBe(true);

    const readme = files.get('README.md')!;
    expect(readme).toContain('## Media');
    expect(readme).toContain('## Player');
    expect(readme.indexOf('## Media')).toBeLessThan(readme.indexOf('## Player'));
    expect(readme).toContain('- [Demo flow](#demo) — A demo | flow.');
    expect(readme).toContain('[demo.svg](demo.svg)');
    expect(readme).toContain('[demo.mmd](demo.mmd)');
    expect(readme).toContain('Started from: [Demo flow](#demo)');
    expect(readme).toContain('| `idle` | Nothing is happening yet: the person picks a file to send. |  |');
    expect(readme).toContain('| `sending` | — | `uploadFile` |');
    expect(readme).toContain('| `watching.video.playing` | — |  |');
    expect(readme).toContain('| `done` (end) |');
    expect(readme).toContain('npm run machines');
    expect(readme).toContain('npm run paths -- <name>');
    expect(readme).toContain('npm run machines:coverage');
    expect(machinesReadme([{ entry, chart: describeMachine(diagramTestMachine) }])).toBe(machinesReadme([{ entry, chart: describeMachine(diagramTestMachine) }]));
  });
});
