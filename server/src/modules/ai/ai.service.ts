/**
 * AI wizards on the dashboard API (issue 16; spec 001 §2 "AI URL wizard", "AI prompt wizard", §4 AI
 * jobs, §5, §6 generative_ai, §7 `/gen-ai*`; docs/ai.md, docs/api.md "AI wizards"). Routes
 * (ai.routes.ts) validate with the ai.schemas.ts schemas and delegate here; rights are in ai.policy.ts;
 * the work runs in the queue as `ai.run` (ai.job.ts).
 *
 * - `startAnalysis` / `startScript` / `startPrompt` create an `ai_jobs` row and its queue job in one
 *   transaction (ai.repo.ts `createAiJob`) and answer `AiJobCreated` (status `queued`).
 * - `getAiJob` answers the row as `AiJob` (`GET /gen-ai/status/{id}`).
 * - `analysisEvents` follows an analysis job for the streaming variant (`data: <json>` lines).
 * - `createVidbotFromScript` makes a Private vidbot whose revision 1 is the script (ai.content.ts).
 * - `aiGeneratorInfo` / `aiStartLines`: which generator and avatar provider answer (`/api/config`
 *   `ai`, start banner; decision 10).
 */
import { spawnSync } from 'node:child_process';
import * as v from 'valibot';
import type { Env } from '../../env';
import type { AppDeps, AuthUser } from '../../lib/context';
import { HttpError, notFound, unprocessable } from '../../lib/errors';
import { issuesToFields } from '../../lib/validate';
import { Content, contentIssues } from '../bot/bot.schemas';
import { createBot } from '../bot/bot.service';
import { scriptToContent } from './ai.content';
import { assertMayGenerate, canReadAiJob, GENERATIVE_AI_FEATURE } from './ai.policy';
import { AI_RUN, createAiJob, findAiJob, toAiJobJson } from './ai.repo';
import {
  AI_MESSAGES,
  AI_TERMINAL_STATUSES,
  type AiGeneratorInfo,
  type AiJob,
  type AiJobCreated,
  type AiJobStatusName,
  type AiJobType,
  type AiStreamEvent,
  type AnalysisResult,
  type AnalyzeNavigationBody,
  type CreateFromScriptBody,
  type CreatedFromScript,
  type GenerateScriptBody,
  type PromptBody,
} from './ai.schemas';

// --- jobs ----------------------------------------------------------------------------------------

/** Rights (ai.policy.ts), then `check` (extra 4xx rules), then the row + its `ai.run` queue job. */
async function startJob(
  deps: AppDeps,
  user: AuthUser,
  type: AiJobType,
  body: { accountId: number } & Record<string, unknown>,
  check: () => void = () => undefined,
): Promise<AiJobCreated> {
  await assertMayGenerate(deps.db, user, body.accountId, GENERATIVE_AI_FEATURE);
  check();
  const row = await createAiJob(deps.db, { accountId: body.accountId, userId: user.id, type, input: body }, AI_RUN);
  return { jobId: row.id, type: row.type, status: row.status };
}

/**
 * `POST /gen-ai/analyze-navigation` (and the start of `/stream`): a URL analysis job.
 * @throws 404 account, 403 Viewer, 403 featureDisabled.
 */
export function startAnalysis(deps: AppDeps, user: AuthUser, body: AnalyzeNavigationBody): Promise<AiJobCreated> {
  return startJob(deps, user, 'analyze', body);
}

/**
 * `POST /gen-ai/script` (and `POST /gen-ai` without `script`): a script generation job for the chosen
 * option. Rights first, then 422 'Missing source information' (`errors.sourceInfo`) without
 * `sourceInfo` (spec 001 §5 "script generation needs source info").
 */
export function startScript(deps: AppDeps, user: AuthUser, body: GenerateScriptBody): Promise<AiJobCreated> {
  return startJob(deps, user, 'script', body, () => {
    if (!body.sourceInfo) throw new HttpError(422, AI_MESSAGES.missingSourceInfo, 'validation_error', { sourceInfo: AI_MESSAGES.missingSourceInfo });
  });
}

/** `POST /gen-ai/prompt`: a script from a free-text prompt (with `feedback` + `previousScript`: Improve). */
export function startPrompt(deps: AppDeps, user: AuthUser, body: PromptBody): Promise<AiJobCreated> {
  return startJob(deps, user, 'prompt', body);
}

/** `GET /gen-ai/status/{id}`: the job when the caller may use its account, else 404 'Job not found.'. */
export async function getAiJob(deps: AppDeps, user: AuthUser, id: string): Promise<AiJob> {
  const row = await findAiJob(deps.db, id);
  if (!row || !canReadAiJob(user, row.accountId)) throw notFound('Job not found.');
  return toAiJobJson(row);
}

// --- streaming variant -----------------------------------------------------------------------------

/** How often the stream reads the job row, ms (architecture note decision 1: ≈ 500 ms). */
export const STREAM_POLL_MS = 500;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The events of an analysis job for `POST /gen-ai/analyze-navigation/stream` (spec 001 §7): first
 * `{type:'status', status:'queued', jobId}`, then one `status` event per status the job enters (read
 * from `ai_jobs` every `pollMs`, so very short-lived statuses may be skipped), and when it is `ready`
 * `source_info`, `scripts`, `navigation` and `status: ready`; when it `failed`, `{type:'error',
 * message}`. Ends after the terminal status, or when `signal` aborts (the client went away).
 * The caller writes `data: [DONE]` after the last event.
 */
export async function* analysisEvents(deps: Pick<AppDeps, 'db'>, jobId: string, signal: AbortSignal, pollMs = STREAM_POLL_MS): AsyncGenerator<AiStreamEvent> {
  let last: AiJobStatusName = 'queued';
  yield { type: 'status', status: 'queued', jobId };
  while (!signal.aborted) {
    const row = await findAiJob(deps.db, jobId);
    if (!row) {
      yield { type: 'error', message: AI_MESSAGES.jobFailed };
      return;
    }
    if (row.status === 'ready') {
      const result = row.result as AnalysisResult | null;
      if (!result) {
        yield { type: 'error', message: AI_MESSAGES.noData };
        return;
      }
      if (last !== 'completed') yield { type: 'status', status: 'completed' };
      yield { type: 'source_info', sourceInfo: result.sourceInfo };
      yield { type: 'scripts', scripts: result.scripts };
      yield { type: 'navigation', navigation: result.navigation };
      yield { type: 'status', status: 'ready' };
      return;
    }
    if (AI_TERMINAL_STATUSES.includes(row.status)) {
      yield { type: 'error', message: row.error || AI_MESSAGES.jobFailed };
      return;
    }
    if (row.status !== last) {
      last = row.status;
      yield { type: 'status', status: row.status };
    }
    await sleep(pollMs, signal);
  }
}

/** One event line of the stream: `data: <json>` and a blank line. */
export const streamLine = (data: AiStreamEvent | string) => `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

// --- create the vidbot from a script ------------------------------------------------------------------

/**
 * `POST /gen-ai` with `script`: a Private vidbot named `botName` whose revision 1 is the script as
 * slides, buttons and external-link actions (ai.content.ts `scriptToContent`), in one transaction
 * through bot.service `createBot` (audit `bot.create` with details `{ generatedBy: 'ai', genAIType,
 * sourceName }`). The document is checked with the content schema and `contentIssues` before it is
 * stored (a script the schemas accept always maps to a valid document; 422 otherwise).
 * @throws 404 account, 403 Viewer, 403 featureDisabled, 422 content issues.
 */
export async function createVidbotFromScript(deps: AppDeps, user: AuthUser, body: CreateFromScriptBody): Promise<CreatedFromScript> {
  await assertMayGenerate(deps.db, user, body.accountId, GENERATIVE_AI_FEATURE);
  const content = scriptToContent(body.script);
  const parsed = v.safeParse(Content, content);
  const issues = parsed.success ? contentIssues(content) : issuesToFields(parsed.issues);
  if (Object.keys(issues).length) throw unprocessable(AI_MESSAGES.createFailed, Object.fromEntries(Object.entries(issues).map(([k, m]) => [`content.${k}`, m])));
  const bot = await createBot(
    deps.db,
    user,
    { accountId: body.accountId, name: body.botName, privacy: 'Private', genAIType: body.genAIType },
    { content, auditDetails: { generatedBy: 'ai', genAIType: body.genAIType, sourceName: body.sourceInfo.sourceName } },
  );
  return { mainBotId: bot.id };
}

// --- which generator (decision 10) --------------------------------------------------------------------

/** `/api/config` `ai`: the generator chosen by `OPENAI_BASE_URL`, the avatar provider by `HEYGEN_API_KEY`. */
export function aiGeneratorInfo(env: Pick<Env, 'ai'>): AiGeneratorInfo {
  const openai = !!env.ai.openaiBaseUrl;
  return { generator: openai ? 'openai' : 'extractive', model: openai ? env.ai.openaiModel : null, avatarProvider: env.ai.heygenApiKey ? 'heygen' : 'ffmpeg' };
}

/** True when espeak-ng (ESPEAK_PATH, else `espeak-ng` on PATH) answers `--version`. */
export function espeakAvailable(env: Pick<Env, 'ai'>): boolean {
  const r = spawnSync(env.ai.espeakPath ?? 'espeak-ng', ['--version'], { stdio: 'ignore', timeout: 5000 });
  return r.status === 0;
}

/**
 * The start banner's AI lines (server/src/index.ts): `AI: extractive generator (offline)` or
 * `AI: OpenAI-compatible <model> at <base url>`; `Avatar videos: ffmpeg (+ espeak-ng speech)` /
 * `Avatar videos: ffmpeg (silent)` or `Avatar videos: HeyGen-compatible API at <url>`.
 */
export function aiStartLines(env: Pick<Env, 'ai'>, speech = () => espeakAvailable(env)): string[] {
  const info = aiGeneratorInfo(env);
  return [
    info.generator === 'openai' ? `AI: OpenAI-compatible ${info.model} at ${env.ai.openaiBaseUrl}` : 'AI: extractive generator (offline)',
    info.avatarProvider === 'heygen' ? `Avatar videos: HeyGen-compatible API at ${env.ai.heygenApiUrl}` : `Avatar videos: ffmpeg ${speech() ? '(+ espeak-ng speech)' : '(silent)'}`,
  ];
}
