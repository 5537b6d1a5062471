/**
 * The `--bot` half of `npm run paths` (issue 14 "Paths"; issue 7 compiled graph): reads a published
 * vidbot through the public player API (`GET /api/public/bot/{publicId}`, the PlayerBot the player
 * and the embed load), compiles it with `compileVidbot` and prints the paths of its chart.
 *
 * Kept apart from cli/paths.ts so that it imports no catalog (the server tests call it with the
 * real app's request handler as `fetch`).
 */
import type { AnyStateMachine } from 'xstate';
import { compileVidbot } from '../../vidbot/vidbot.machine';
import type { PlayerBot } from '../../vidbot/vidbot.types';
import { pathsDocument, pathsMarkdown } from '../format';
import { pathsFromSource, payloadFreeSource, type PathStrategy } from '../paths';

/** A failure with the exit status the CLI ends with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly status: 1 | 2,
  ) {
    super(message);
  }
}

/**
 * Reads a published vidbot through the public player API.
 * @throws CliError(1) when the server cannot be reached, answers 404 or anything but a PlayerBot.
 */
export async function fetchPublishedBot(publicId: string, server: string, fetchImpl: typeof fetch): Promise<PlayerBot> {
  const base = server.replace(/\/+$/, '');
  const url = `${base}/api/public/bot/${encodeURIComponent(publicId)}`;
  let res: Response;
  try {
    res = await fetchImpl(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new CliError(`Cannot reach the Vidbot server at ${base} (${cause?.code ?? cause?.message ?? (error as Error).message}). Is it running? Pass --server URL or set PUBLIC_URL.`, 1);
  }
  if (res.status === 404) {
    throw new CliError(`No published vidbot "${publicId}" at ${base} (404): check the public id; a draft or deactivated vidbot has no public paths.`, 1);
  }
  if (!res.ok) throw new CliError(`${url} answered ${res.status} ${res.statusText}.`, 1);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new CliError(`${url} did not answer JSON: is ${base} a Vidbot server?`, 1);
  }
  const bot = body as Partial<PlayerBot> | null;
  if (!bot || !Array.isArray(bot.slides)) throw new CliError(`${url} did not answer a published vidbot (no slides).`, 1);
  return bot as PlayerBot;
}

/**
 * The printed paths of a published vidbot: the JSON document or the Markdown script.
 * @throws CliError(1) as `fetchPublishedBot`.
 */
export async function botPathsOutput(options: { publicId: string; server: string; strategy: PathStrategy; format: 'md' | 'json' }, fetchImpl: typeof fetch): Promise<string> {
  const { publicId, server, strategy, format } = options;
  const bot = await fetchPublishedBot(publicId, server, fetchImpl);
  const machine = compileVidbot(bot) as unknown as AnyStateMachine;
  const paths = pathsFromSource('vidbot', machine, payloadFreeSource(machine), strategy);
  const info = { publicId: bot.publicId ?? publicId, name: bot.name, revisionId: bot.revisionId ?? null };
  return format === 'json'
    ? JSON.stringify(pathsDocument('vidbot', strategy, paths, info), null, 2)
    : pathsMarkdown('vidbot', strategy, paths, `Paths of the vidbot “${bot.name}” (\`${info.publicId}\`)`);
}
