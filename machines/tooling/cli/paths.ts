/**
 * `npm run paths` (issue 14 "Paths"): prints the model-based paths of a catalogued machine, or of a
 * published vidbot's compiled chart (issue 7), as a Markdown test script or as the JSON the e2e
 * replay consumes.
 *
 *   npm run paths -- <machine> [--shortest|--simple] [--format md|json]
 *   npm run paths -- --bot <publicId> [--server URL] [--shortest|--simple] [--format md|json]
 *
 * Strategy: `tour` by default (every transition once), `--shortest` (shortest path to every state),
 * `--simple` (every simple path, capped). `--server` defaults to `PUBLIC_URL`, else
 * http://localhost:3000; the bot is read from `GET /api/public/bot/{publicId}` — the same
 * `PlayerBot` the player and the embed load — and compiled with `compileVidbot`.
 *
 * Exit status: 0; 1 when the bot cannot be read (404, server not reachable, bad answer); 2 for bad
 * arguments or an unknown machine (the known names are listed).
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { machineCatalog, machineEntry } from '../../catalog';
import { machinePaths, pathSources } from '../../catalog.paths';
import { pathsDocument, pathsMarkdown } from '../format';
import type { PathStrategy } from '../paths';
import { CliError, botPathsOutput } from './botPaths';

export { CliError, fetchPublishedBot } from './botPaths';

/** Where the CLI writes: stdout and stderr (injectable for tests). */
export interface PathsIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
}

export const USAGE = `Usage:
  npm run paths -- <machine> [--shortest|--simple] [--format md|json]
  npm run paths -- --bot <publicId> [--server URL] [--shortest|--simple] [--format md|json]`;

/**
 * Runs the CLI with `argv` (without node and script); returns the exit status.
 * Never throws for bad input: messages go to `io.err`.
 */
export async function runPaths(argv: string[], io: PathsIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        shortest: { type: 'boolean', default: false },
        simple: { type: 'boolean', default: false },
        format: { type: 'string', default: 'md' },
        bot: { type: 'string' },
        server: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(`${USAGE}\nMachines: ${machineCatalog.map((e) => e.name).join(', ')}`);
    return 0;
  }
  if (values.shortest && values.simple) {
    io.err(`Choose one strategy: --shortest or --simple.\n${USAGE}`);
    return 2;
  }
  if (values.format !== 'md' && values.format !== 'json') {
    io.err(`--format must be md or json, not "${values.format}".\n${USAGE}`);
    return 2;
  }
  const strategy: PathStrategy = values.shortest ? 'shortest' : values.simple ? 'simple' : 'tour';
  const format = values.format;
  try {
    if (values.bot !== undefined) {
      if (positionals.length) throw new CliError(`--bot takes no machine name (got "${positionals.join(' ')}").\n${USAGE}`, 2);
      if (!values.bot.trim()) throw new CliError(`--bot needs a public id.\n${USAGE}`, 2);
      const server = values.server ?? io.env.PUBLIC_URL ?? 'http://localhost:3000';
      io.out(await botPathsOutput({ publicId: values.bot, server, strategy, format }, io.fetch));
      return 0;
    }
    if (positionals.length !== 1) throw new CliError(`Name one machine.\n${USAGE}\nMachines: ${machineCatalog.map((e) => e.name).join(', ')}`, 2);
    const name = positionals[0]!;
    if (!machineEntry(name)) throw new CliError(`Unknown machine "${name}". Machines: ${machineCatalog.map((e) => e.name).join(', ')}`, 2);
    if (!pathSources[name]) throw new CliError(`"${name}" has no path source yet (machines/catalog.paths.ts).`, 1);
    const paths = machinePaths(name, strategy);
    io.out(format === 'json' ? JSON.stringify(pathsDocument(name, strategy, paths), null, 2) : pathsMarkdown(name, strategy, paths));
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.err(error.message);
      return error.status;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `npm run paths -- x | head` closes the pipe early: stop quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  runPaths(process.argv.slice(2), {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
    fetch,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exitCode = 2;
    },
  );
}
