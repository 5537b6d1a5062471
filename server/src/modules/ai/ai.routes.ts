/**
 * HTTP routes of the AI wizards (issue 16; spec 001 §7 `/gen-ai*` and its streaming variant; docs/api.md
 * "AI wizards", docs/ai.md). Mounted at `/api/gen-ai` (authenticated). Each route declares its
 * contract (lib/contract.ts, schemas from ai.schemas.ts), validates (422 with field messages) and
 * delegates to ai.service.ts.
 */
import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../lib/context';
import { route } from '../../lib/contract';
import { notFound } from '../../lib/errors';
import { parseOr422, REQUEST_SCHEMA_OPTIONS, validate } from '../../lib/validate';
import {
  AiJob,
  AiJobCreated,
  AiJobIdParam,
  AnalyzeNavigationBody,
  CreatedFromScript,
  CreateFromScriptBody,
  GenAiBody,
  GenerateScriptBody,
  PromptBody,
  STREAM_DONE,
  type AiJobCreated as AiJobCreatedT,
} from './ai.schemas';
import { analysisEvents, createVidbotFromScript, getAiJob, startAnalysis, startPrompt, startScript, streamLine } from './ai.service';

const tags = ['AI'];
const GATE =
  ' Needs a role other than Viewer in the account (or staff; Viewer → 403, no role → 404) and the account feature `generative_ai` (else 403 `featureDisabled`).';
const POLL = ' Poll `GET /gen-ai/status/{jobId}` until `ready` (result) or `failed` (error).';

/**
 * `POST /gen-ai` body: `GenAiBody` (a union) for the contract; a failure is reported with the field
 * messages of the branch the body was meant for (with `script` → CreateFromScriptBody, else
 * GenerateScriptBody), not the union's.
 */
const genAiBody = validator(
  'json',
  GenAiBody,
  (result) => {
    if (result.success) return;
    const data = result.data as unknown;
    const wantsBot = typeof data === 'object' && data !== null && 'script' in data;
    parseOr422(wantsBot ? CreateFromScriptBody : GenerateScriptBody, data);
    parseOr422(GenAiBody, data);
  },
  REQUEST_SCHEMA_OPTIONS,
);

/** `/api/gen-ai` routes. */
export function aiRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post(
    '/analyze-navigation',
    route({
      summary: 'Analyze a website (AI URL wizard)',
      description: `Starts a URL analysis job (spec 001 §2 step 1, §4): the server fetches the page and a few pages of its navigation (SSRF-safe: http(s) only, private and metadata addresses refused, ≤ 5 redirects, size and time limits; docs/ai.md) and answers \`AnalysisResult\` (source info, script options, navigation links with absolute URLs). 202 \`{ jobId, type: 'analyze', status: 'queued' }\`.${POLL}${GATE}`,
      tags,
      responses: { 202: AiJobCreated },
      errors: [401, 403, 404, 422],
    }),
    validate('json', AnalyzeNavigationBody),
    async (c) => c.json(await startAnalysis(deps, c.get('user'), c.req.valid('json')), 202),
  );

  r.post(
    '/analyze-navigation/stream',
    route({
      summary: 'Analyze a website, streaming the progress',
      description: `The streaming variant (spec 001 §7): creates the same job as \`POST /gen-ai/analyze-navigation\` and answers \`text/event-stream\`, one event per line \`data: <AiStreamEvent json>\` followed by a blank line: first \`{type:'status', status:'queued', jobId}\`, then a \`status\` event per status the job enters, when ready \`source_info\`, \`scripts\`, \`navigation\` and \`status: ready\`, on failure \`{type:'error', message}\`; the last line is \`data: [DONE]\`. A client whose stream breaks polls \`GET /gen-ai/status/{jobId}\`. Errors before the stream starts (rights, validation) are JSON as usual.${GATE}`,
      tags,
      responses: {},
      rawResponses: { 200: 'text/event-stream' },
      errors: [401, 403, 404, 422],
    }),
    validate('json', AnalyzeNavigationBody),
    async (c) => {
      const created: AiJobCreatedT = await startAnalysis(deps, c.get('user'), c.req.valid('json'));
      const clientGone = c.req.raw.signal;
      const stop = new AbortController();
      const onGone = () => stop.abort();
      clientGone.addEventListener('abort', onGone, { once: true });
      const encoder = new TextEncoder();
      const events = analysisEvents(deps, created.jobId, stop.signal);
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = await events.next();
            if (next.done) {
              if (!stop.signal.aborted) controller.enqueue(encoder.encode(streamLine(STREAM_DONE)));
              clientGone.removeEventListener('abort', onGone);
              controller.close();
              return;
            }
            controller.enqueue(encoder.encode(streamLine(next.value)));
          } catch (err) {
            clientGone.removeEventListener('abort', onGone);
            controller.error(err);
          }
        },
        async cancel() {
          stop.abort();
          clientGone.removeEventListener('abort', onGone);
          await events.return(undefined);
        },
      });
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
      });
    },
  );

  r.post(
    '/script',
    route({
      summary: 'Generate a video script (AI URL wizard)',
      description: `Starts a script generation job for the chosen script option (spec 001 §2 step 4): body \`GenerateScriptBody\` (sourceInfo, details, navigation, scriptType, tone default persuasive, language default en). Without \`sourceInfo\` → 422 'Missing source information' (\`errors.sourceInfo\`). The result is \`ScriptResult\` \`{ sourceInfo, script }\`. 202 \`{ jobId, type: 'script', status: 'queued' }\`.${POLL}${GATE}`,
      tags,
      responses: { 202: AiJobCreated },
      errors: [401, 403, 404, 422],
    }),
    validate('json', GenerateScriptBody),
    async (c) => c.json(await startScript(deps, c.get('user'), c.req.valid('json')), 202),
  );

  r.post(
    '/prompt',
    route({
      summary: 'Generate a video script from a prompt (AI prompt wizard)',
      description: `Starts a prompt job (spec 001 §2 "AI prompt wizard"): prompt (non-empty: 'Please enter a prompt'), tone, language, botName; with \`feedback\` and \`previousScript\` it improves that script. Source keywords fall back to the prompt's first 5 words. The result is \`ScriptResult\`. 202 \`{ jobId, type: 'prompt', status: 'queued' }\`.${POLL}${GATE}`,
      tags,
      responses: { 202: AiJobCreated },
      errors: [401, 403, 404, 422],
    }),
    validate('json', PromptBody),
    async (c) => c.json(await startPrompt(deps, c.get('user'), c.req.valid('json')), 202),
  );

  r.post(
    '/',
    route({
      summary: 'Generate a script, or create the vidbot from a script',
      description: `Spec 001 §7 \`POST /gen-ai\`. With \`script\` (\`CreateFromScriptBody\`: accountId, botName, sourceInfo, script, genAIType) → creates a **Private** vidbot whose revision 1 has one slide per script node (the entry node first as INTRO, VIDEO slides without media, description = text + "Video: " direction), a SLIDE button per internal link and an EXTERNAL_LINK action + button per external link; 201 \`{ mainBotId }\`, audited \`bot.create\`. Without \`script\` → as \`POST /gen-ai/script\` (202).${GATE}`,
      tags,
      responses: { 201: CreatedFromScript, 202: AiJobCreated },
      errors: [401, 403, 404, 422],
    }),
    genAiBody,
    async (c) => {
      const body = c.req.valid('json');
      if ('script' in body) return c.json(await createVidbotFromScript(deps, c.get('user'), body as v.InferOutput<typeof CreateFromScriptBody>), 201);
      return c.json(await startScript(deps, c.get('user'), body as v.InferOutput<typeof GenerateScriptBody>), 202);
    },
  );

  r.get(
    '/status/:id',
    route({
      summary: 'Read an AI job',
      description:
        'The job (spec 001 §4): `status` walks the polling states (analysis: queued, fetching_url, analyzing_content, analyzing_source, generating_suggestions, analyzing_navigation, validating_urls, completed; scripts and avatars: queued, generating_script, completed) and ends `ready` with `result` or `failed` with `error` (an English sentence). `progress` 0..1. Avatar jobs (`POST /generate/avatar`) are read here too. Any caller who may use the job\'s account; others (and unknown ids) 404.',
      tags,
      responses: { 200: AiJob },
      errors: [401, 404],
    }),
    validator(
      'param',
      AiJobIdParam,
      (result) => {
        if (!result.success) throw notFound('Job not found.');
      },
      REQUEST_SCHEMA_OPTIONS,
    ),
    async (c) => c.json(await getAiJob(deps, c.get('user'), c.req.valid('param').id)),
  );

  return r;
}
