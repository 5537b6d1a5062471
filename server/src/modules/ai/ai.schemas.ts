/**
 * AI wizard contracts (issue 16; spec 001 §2 "AI URL wizard", "AI prompt wizard", §3 "AI entities",
 * §4 "AI jobs", §5 AI rules, §7 `/gen-ai*`, §8 AI messages, §9 AI constants).
 *
 * One valibot schema per shape: the server validates with it, OpenAPI is generated from it, the SPA,
 * the job machine (machines/aiJob) and the OpenAI-compatible generator (structured output) use the
 * same schemas. Nothing here imports server-only code, so the SPA may import it at run time.
 *
 * Jobs: every generation is an `ai_jobs` row (server/src/db/schema.ai.ts) with a public string id; its
 * `status` walks the §4 polling states and ends `ready` (with `result`) or `failed` (with `error`).
 */
import * as v from 'valibot';

// ---------------------------------------------------------------------------------------------
// Constants (spec 001 §9)

/** Poll interval of the URL wizard's jobs, ms. */
export const AI_POLL_INTERVAL_MS = 5000;
/** Poll interval of the prompt wizard's jobs, ms. */
export const AI_PROMPT_POLL_INTERVAL_MS = 3000;
/** Polls of one job before 'Maximum polling attempts reached'. */
export const AI_MAX_POLLS = 60;
/** Optional exponential backoff (off by default): next delay = delay × 1.5, at most 30,000 ms. */
export const AI_BACKOFF_FACTOR = 1.5;
export const AI_BACKOFF_CAP_MS = 30_000;

/** Tones (spec 001 §9); `persuasive` is the default. */
export const AI_TONES = ['persuasive', 'grounded', 'storytelling', 'bold'] as const;
export type AiTone = (typeof AI_TONES)[number];
export const DEFAULT_AI_TONE: AiTone = 'persuasive';

/** Script languages (spec 001 §9): English (default) and Finnish, as BCP 47 codes. */
export const AI_LANGUAGES = ['en', 'fi'] as const;
export type AiLanguage = (typeof AI_LANGUAGES)[number];
export const DEFAULT_AI_LANGUAGE: AiLanguage = 'en';

/** Prompt wizard: fallback source keywords are the prompt's first 5 words (spec 001 §9). */
export const PROMPT_FALLBACK_KEYWORDS = 5;

/**
 * Polling states of an AI job (spec 001 §4), in the order a URL analysis walks them. `ready` means done
 * (result present), `failed` means error (error present). `error` is listed because the spec's
 * clients stop on it too; this server never writes it.
 */
export const AI_JOB_STATUSES = [
  'pending',
  'queued',
  'fetching_url',
  'analyzing_content',
  'analyzing_source',
  'generating_suggestions',
  'analyzing_navigation',
  'validating_urls',
  'generating_script',
  'completed',
  'ready',
  'failed',
  'error',
] as const;
export type AiJobStatusName = (typeof AI_JOB_STATUSES)[number];
/** Statuses after which polling stops. */
export const AI_TERMINAL_STATUSES: readonly AiJobStatusName[] = ['ready', 'failed', 'error'];

/** Kinds of AI job. */
export const AI_JOB_TYPES = ['analyze', 'script', 'prompt', 'avatar'] as const;
export type AiJobType = (typeof AI_JOB_TYPES)[number];

/** How a vidbot was generated (`bots.gen_ai_type`, `POST /bot` genAIType). */
export const GEN_AI_TYPES = ['url', 'prompt'] as const;

/** Size limits of AI documents (design; keep model output and requests bounded). */
export const AI_LIMITS = {
  urlLength: 2048,
  promptLength: 4000,
  feedbackLength: 2000,
  scriptOptions: 6,
  navigationLinks: 30,
  keywords: 12,
  nodes: 12,
  /** = CONTENT_LIMITS.optionsPerSlide would be tighter; kept ≤ it so every link becomes a button. */
  linksPerNode: 6,
  nodeText: 2000,
  title: 200,
  text: 1000,
} as const;

// ---------------------------------------------------------------------------------------------
// Field rules (spec 001 §5 AI)

const str = (max: number, label: string) =>
  v.pipe(v.string(`${label} must be a string.`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters.`));
const required = (max: number, label: string) => v.pipe(str(max, label), v.minLength(1, `${label} is required.`));

/** The §8 message for a bad website URL. */
export const INVALID_URL_MESSAGE = 'Please enter a valid URL';

/** True when `raw` is an absolute http(s) URL whose hostname has a dot (spec 001 §5 AI). */
export function isValidWebsiteUrl(raw: string): boolean {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    const host = url.hostname.replace(/\.$/, '');
    return host.includes('.') && !host.startsWith('.') && !host.includes('..');
  } catch {
    return false;
  }
}

/** A website URL: http(s), dotted hostname (spec 001 §5), ≤ 2048 characters. */
export const WebsiteUrl = v.pipe(
  v.string(INVALID_URL_MESSAGE),
  v.trim(),
  v.maxLength(AI_LIMITS.urlLength, INVALID_URL_MESSAGE),
  v.check(isValidWebsiteUrl, INVALID_URL_MESSAGE),
);

/** An absolute http(s) URL (links in navigation and scripts; no dotted-host rule: intranets). */
export const HttpUrl = v.pipe(
  v.string('url must be a string.'),
  v.trim(),
  v.maxLength(AI_LIMITS.urlLength),
  v.check((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'url must be an absolute http(s) URL.'),
);

export const AiTone = v.picklist(AI_TONES, `tone must be one of ${AI_TONES.join(', ')}.`);
export const AiLanguage = v.picklist(AI_LANGUAGES, `language must be one of ${AI_LANGUAGES.join(', ')}.`);
const accountId = v.pipe(v.number('accountId must be a number.'), v.integer(), v.minValue(1));
/** Free category hint of the analysis (e.g. 'website', 'product', 'recruiting'), ≤ 50 characters. */
const scriptType = v.optional(str(50, 'scriptType'), 'website');

// ---------------------------------------------------------------------------------------------
// AI entities (spec 001 §3)

/** Source info: what the site (or prompt) is about. */
export const SourceInfo = v.pipe(
  v.strictObject({
    sourceName: required(AI_LIMITS.title, 'sourceName'),
    /** e.g. 'website', 'prompt', 'company', 'product', 'service', 'blog'. */
    sourceType: required(50, 'sourceType'),
    mainKeywords: v.pipe(v.array(required(60, 'keyword')), v.maxLength(AI_LIMITS.keywords)),
  }),
  v.metadata({ ref: 'AiSourceInfo' }),
);
export type SourceInfo = v.InferOutput<typeof SourceInfo>;

/** A script option of the analysis (step 2 picks one). `id` unique within the analysis. */
export const ScriptOption = v.pipe(
  v.strictObject({
    id: required(60, 'id'),
    title: required(AI_LIMITS.title, 'title'),
    targetAudience: str(AI_LIMITS.text, 'targetAudience'),
    suggestedApproach: str(AI_LIMITS.text, 'suggestedApproach'),
    scriptCategory: str(60, 'scriptCategory'),
  }),
  v.metadata({ ref: 'AiScriptOption' }),
);
export type ScriptOption = v.InferOutput<typeof ScriptOption>;

/** A navigation link of the site; `url` absolute (relative links are resolved against the site, §9). */
export const NavigationLink = v.pipe(
  v.strictObject({
    name: required(AI_LIMITS.title, 'name'),
    url: HttpUrl,
    callToAction: str(AI_LIMITS.title, 'callToAction'),
    description: str(AI_LIMITS.text, 'description'),
  }),
  v.metadata({ ref: 'AiNavigationLink' }),
);
export type NavigationLink = v.InferOutput<typeof NavigationLink>;

/** A link of a script node: internal → another node (`targetId`), external → a URL. */
export const ScriptLink = v.pipe(
  v.variant('type', [
    v.strictObject({ type: v.literal('internal'), label: required(80, 'label'), targetId: required(60, 'targetId') }),
    v.strictObject({ type: v.literal('external'), label: required(80, 'label'), url: HttpUrl }),
  ]),
  v.metadata({ ref: 'AiScriptLink' }),
);
export type ScriptLink = v.InferOutput<typeof ScriptLink>;

/** A script node: one future slide. */
export const ScriptNode = v.pipe(
  v.strictObject({
    id: required(60, 'id'),
    title: required(AI_LIMITS.title, 'title'),
    isEntryPoint: v.boolean('isEntryPoint must be a boolean.'),
    content: v.strictObject({
      /** What the presenter says. */
      text: str(AI_LIMITS.nodeText, 'text'),
      /** What the video shows (direction for whoever films it). */
      videoDescription: str(AI_LIMITS.text, 'videoDescription'),
    }),
    links: v.pipe(v.array(ScriptLink), v.maxLength(AI_LIMITS.linksPerNode, `At most ${AI_LIMITS.linksPerNode} links per node.`)),
  }),
  v.metadata({ ref: 'AiScriptNode' }),
);
export type ScriptNode = v.InferOutput<typeof ScriptNode>;

/**
 * A video script. Rules (`scriptIssues`): 1..12 nodes, ids unique, exactly one entry point, internal
 * links name an existing node.
 */
export const Script = v.pipe(
  v.strictObject({
    nodes: v.pipe(
      v.array(ScriptNode),
      v.minLength(1, 'No script generated or missing source information'),
      v.maxLength(AI_LIMITS.nodes, `At most ${AI_LIMITS.nodes} nodes.`),
    ),
  }),
  v.check((s) => Object.keys(scriptIssues(s)).length === 0, 'The script is inconsistent (node ids, entry point or links).'),
  v.metadata({ ref: 'AiScript' }),
);
export type Script = v.InferOutput<typeof Script>;

/** Cross-field rules of a script, as path → message (empty when consistent). */
export function scriptIssues(script: { nodes: Array<Pick<ScriptNode, 'id' | 'isEntryPoint' | 'links'>> }): Record<string, string> {
  const errors: Record<string, string> = {};
  const ids = new Set<string>();
  script.nodes.forEach((n, i) => {
    if (ids.has(n.id)) errors[`nodes.${i}.id`] = `Node id ${n.id} is used twice.`;
    ids.add(n.id);
  });
  const entries = script.nodes.filter((n) => n.isEntryPoint).length;
  if (script.nodes.length > 0 && entries !== 1) errors.nodes = 'Exactly one node must be the entry point.';
  script.nodes.forEach((n, i) =>
    n.links.forEach((l, j) => {
      if (l.type === 'internal' && !ids.has(l.targetId)) errors[`nodes.${i}.links.${j}.targetId`] = `No node ${l.targetId}.`;
    }),
  );
  return errors;
}

/** Result of a URL analysis (steps 2 and 3). */
export const AnalysisResult = v.pipe(
  v.strictObject({
    sourceInfo: SourceInfo,
    scripts: v.pipe(v.array(ScriptOption), v.minLength(1, 'No script options.'), v.maxLength(AI_LIMITS.scriptOptions)),
    navigation: v.pipe(v.array(NavigationLink), v.maxLength(AI_LIMITS.navigationLinks)),
  }),
  v.metadata({ ref: 'AiAnalysisResult' }),
);
export type AnalysisResult = v.InferOutput<typeof AnalysisResult>;

/** Result of a script or prompt job. */
export const ScriptResult = v.pipe(v.strictObject({ sourceInfo: SourceInfo, script: Script }), v.metadata({ ref: 'AiScriptResult' }));
export type ScriptResult = v.InferOutput<typeof ScriptResult>;

/** Result of an avatar job: the media library item it landed in (issue 16 "Avatar generator"). */
export const AvatarResult = v.pipe(v.strictObject({ mediaId: v.number() }), v.metadata({ ref: 'AiAvatarResult' }));
export type AvatarResult = v.InferOutput<typeof AvatarResult>;

// ---------------------------------------------------------------------------------------------
// Requests (spec 001 §7)

/** `POST /gen-ai/analyze-navigation` (and `/stream`) body. */
export const AnalyzeNavigationBody = v.pipe(
  v.strictObject({ accountId, url: WebsiteUrl, scriptType, language: v.optional(AiLanguage, DEFAULT_AI_LANGUAGE) }),
  v.metadata({ ref: 'AiAnalyzeNavigationBody' }),
);
export type AnalyzeNavigationBody = v.InferOutput<typeof AnalyzeNavigationBody>;

/** `POST /gen-ai/script` (and `POST /gen-ai` without `script`) body: generate a script for a chosen option. */
export const GenerateScriptBody = v.pipe(
  v.strictObject({
    accountId,
    language: v.optional(AiLanguage, DEFAULT_AI_LANGUAGE),
    navigation: v.optional(v.pipe(v.array(NavigationLink), v.maxLength(AI_LIMITS.navigationLinks)), []),
    /** The chosen script option (step 2). */
    details: ScriptOption,
    scriptType,
    /** 'Missing source information' when absent (spec 001 §5: script generation needs source info). */
    sourceInfo: v.optional(SourceInfo),
    tone: v.optional(AiTone, DEFAULT_AI_TONE),
  }),
  v.metadata({ ref: 'AiGenerateScriptBody' }),
);
export type GenerateScriptBody = v.InferOutput<typeof GenerateScriptBody>;

/** `POST /gen-ai` with `script`: create the vidbot from a script (Private), answer `{ mainBotId }`. */
export const CreateFromScriptBody = v.pipe(
  v.strictObject({
    accountId,
    botName: required(200, 'botName'),
    sourceInfo: SourceInfo,
    script: Script,
    genAIType: v.optional(v.picklist(GEN_AI_TYPES), 'url'),
  }),
  v.metadata({ ref: 'AiCreateFromScriptBody' }),
);
export type CreateFromScriptBody = v.InferOutput<typeof CreateFromScriptBody>;

/** `POST /gen-ai` body: a script generation, or (with `script`) a vidbot creation. */
export const GenAiBody = v.union([CreateFromScriptBody, GenerateScriptBody]);

/** `POST /gen-ai/prompt` body. `feedback` + `previousScript` = the prompt wizard's Improve. */
export const PromptBody = v.pipe(
  v.strictObject({
    accountId,
    prompt: v.pipe(v.string('Please enter a prompt'), v.trim(), v.minLength(1, 'Please enter a prompt'), v.maxLength(AI_LIMITS.promptLength)),
    tone: v.optional(AiTone, DEFAULT_AI_TONE),
    language: v.optional(AiLanguage, DEFAULT_AI_LANGUAGE),
    botName: required(200, 'botName'),
    feedback: v.optional(str(AI_LIMITS.feedbackLength, 'feedback')),
    previousScript: v.optional(Script),
  }),
  v.metadata({ ref: 'AiPromptBody' }),
);
export type PromptBody = v.InferOutput<typeof PromptBody>;

// ---------------------------------------------------------------------------------------------
// Answers

/** `POST /gen-ai/analyze-navigation`, `/gen-ai/script`, `/gen-ai/prompt`, `/generate/avatar` → 202. */
export const AiJobCreated = v.pipe(
  v.strictObject({ jobId: v.string(), type: v.picklist(AI_JOB_TYPES), status: v.picklist(AI_JOB_STATUSES) }),
  v.metadata({ ref: 'AiJobCreated' }),
);
export type AiJobCreated = v.InferOutput<typeof AiJobCreated>;

/** `POST /gen-ai` with a script → 201. */
export const CreatedFromScript = v.pipe(v.strictObject({ mainBotId: v.number() }), v.metadata({ ref: 'AiCreatedFromScript' }));
export type CreatedFromScript = v.InferOutput<typeof CreatedFromScript>;

const jobCommon = {
  id: v.string(),
  status: v.picklist(AI_JOB_STATUSES),
  /** 0..1, rough share of the work done (for the progress bar). */
  progress: v.number(),
  /** English message when `failed` (spec 001 §8 wording where one exists). */
  error: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
};

/** `GET /gen-ai/status/{id}` answer; `result` is null until `ready`. */
export const AiJob = v.pipe(
  v.variant('type', [
    v.strictObject({ ...jobCommon, type: v.literal('analyze'), result: v.nullable(AnalysisResult) }),
    v.strictObject({ ...jobCommon, type: v.literal('script'), result: v.nullable(ScriptResult) }),
    v.strictObject({ ...jobCommon, type: v.literal('prompt'), result: v.nullable(ScriptResult) }),
    v.strictObject({ ...jobCommon, type: v.literal('avatar'), result: v.nullable(AvatarResult) }),
  ]),
  v.metadata({ ref: 'AiJob' }),
);
export type AiJob = v.InferOutput<typeof AiJob>;

export const AiJobIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Unknown job id.')) });

// ---------------------------------------------------------------------------------------------
// Streaming variant (spec 001 §7): `POST /gen-ai/analyze-navigation/stream` answers
// `text/event-stream`; each event is one line `data: <json>` (blank line between events), the last
// `data: [DONE]`. The first event is a `status` event carrying `jobId` so a client whose stream breaks
// can fall back to polling that job. Clients ignore unknown types (with a console warning).

export const STREAM_DONE = '[DONE]';

export const AiStreamEvent = v.variant('type', [
  v.object({ type: v.literal('status'), status: v.picklist(AI_JOB_STATUSES), jobId: v.optional(v.string()) }),
  v.object({ type: v.literal('source_info'), sourceInfo: SourceInfo }),
  v.object({ type: v.literal('scripts'), scripts: v.array(ScriptOption) }),
  v.object({ type: v.literal('navigation'), navigation: v.array(NavigationLink) }),
  v.object({ type: v.literal('error'), message: v.string() }),
]);
export type AiStreamEvent = v.InferOutput<typeof AiStreamEvent>;
export const AI_STREAM_EVENT_TYPES = ['status', 'source_info', 'scripts', 'navigation', 'error'] as const;

// ---------------------------------------------------------------------------------------------
// §8 messages (English; the SPA words them through Lingui)

export const AI_MESSAGES = {
  invalidUrl: INVALID_URL_MESSAGE,
  invalidJobResponse: 'Invalid job response format',
  noData: 'Job completed but no data received',
  maxAttempts: 'Maximum polling attempts reached',
  jobFailed: 'Job failed',
  pollFailed: 'Failed to poll job status',
  missingSourceInfo: 'Missing source information',
  noScript: 'No script generated or missing source information',
  scriptFailed: 'Failed to generate script...',
  createFailed: 'Failed to create vidbot',
  emptyPrompt: 'Please enter a prompt',
  promptFailed: 'Failed to generate script from prompt',
  nothingToFinish: 'No script to finish with',
  created: 'Vidbot created successfully!',
} as const;

/** Which generator answers (`GET /api/config` `ai`, start banner). */
export const AiGeneratorInfo = v.pipe(
  v.strictObject({
    /** `extractive` = the embedded offline generator; `openai` = an OpenAI-compatible endpoint. */
    generator: v.picklist(['extractive', 'openai']),
    /** Model name when `openai`. */
    model: v.nullable(v.string()),
    /** Avatar video provider: `ffmpeg` (embedded) or `heygen` (a HeyGen-compatible API). */
    avatarProvider: v.picklist(['ffmpeg', 'heygen']),
  }),
  v.metadata({ ref: 'AiGeneratorInfo' }),
);
export type AiGeneratorInfo = v.InferOutput<typeof AiGeneratorInfo>;
