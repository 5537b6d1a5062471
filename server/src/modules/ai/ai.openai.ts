/**
 * The OpenAI-compatible AI generator (issue 16 "With OPENAI_BASE_URL … analysis and scripts come from any
 * OpenAI-compatible endpoint through the official `openai` SDK, with structured output validated by the
 * same valibot schemas as the API"; architecture decision 3).
 *
 * Each generation is one `POST {baseUrl}/chat/completions` with
 * `response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } }`, where `schema`
 * is the JSON Schema of the ai.schemas.ts schema (@valibot/to-json-schema, reduced to what strict
 * structured output accepts) and `name` is `analysis` (→ `AnalysisResult`), `script` (→ `Script`) or
 * `prompt_script` (→ `ScriptResult`). The answer (`choices[0].message.content`) is parsed and validated
 * with the SAME valibot schema. Invalid (not JSON, or failing the schema) → asked once more with the
 * validation issues in a follow-up message; invalid again → `GeneratorError` "The model's answer was
 * not a valid analysis|script (…)". An endpoint that refuses the request (400/401/403/404/422) →
 * `GeneratorError`; connection errors, 429 and 5xx (after the SDK's own retry) are thrown as they are,
 * so the queue retries the job.
 *
 * The user message ends with `INPUT (JSON):` and the input as JSON (the site digest, the chosen
 * option, the prompt …); relative URLs in answers are made absolute against the site (spec 001 §9), and
 * an empty keyword list of a prompt script becomes the prompt's first 5 words (spec 001 §9).
 */
import OpenAI from 'openai';
import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import { AnalysisResult, AI_LIMITS, PROMPT_FALLBACK_KEYWORDS, Script, ScriptResult } from './ai.schemas';
import type { AiLanguage, AiTone } from './ai.schemas';
import { GeneratorError } from './ai.types';
import type { AiGenerator, AnalyzeInput, ParsedPage, PromptInput } from './ai.types';
import { clip, words } from './ai.keywords';

export interface OpenAiGeneratorOptions {
  /** Base URL of the API including its version path, e.g. `https://api.openai.com/v1` (env OPENAI_BASE_URL). */
  baseUrl: string;
  /** Bearer token (env OPENAI_API_KEY; 'none' for keyless local servers). */
  apiKey: string;
  /** Model name (env OPENAI_MODEL). */
  model: string;
  /** Per request, ms (default 120,000). */
  timeoutMs?: number;
  /** Retries of the SDK for connection errors, 408/409/429/5xx (default 1). */
  maxRetries?: number;
}

/** Marker before the JSON input at the end of every user message (the fake reads what follows it). */
export const INPUT_MARKER = 'INPUT (JSON):';

/** Schema names of the structured output (`response_format.json_schema.name`). */
export const RESPONSE_NAMES = { analysis: 'analysis', script: 'script', prompt: 'prompt_script' } as const;

const LANGUAGE_NAMES: Record<AiLanguage, string> = { en: 'English', fi: 'Finnish' };
const TONE_GUIDES: Record<AiTone, string> = {
  persuasive: 'persuasive: benefits first, confident, every node ends with a clear call to action',
  grounded: 'grounded: calm, factual and concrete; no hype, no exclamation marks',
  storytelling: 'storytelling: a narrative arc with people and moments; warm and personal',
  bold: 'bold: very short punchy sentences, strong verbs, direct address',
};

/** An OpenAI-compatible generator (`name` 'openai', `model` the configured model). */
export function createOpenAiGenerator(options: OpenAiGeneratorOptions): AiGenerator {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    timeout: options.timeoutMs ?? 120_000,
    maxRetries: options.maxRetries ?? 1,
  });
  const model = options.model;

  return {
    name: 'openai',
    model,
    async analyze(input, status, signal) {
      await status('analyzing_content');
      const digest = siteDigest(input);
      await status('analyzing_source');
      await status('generating_suggestions');
      const answer = await ask(client, model, {
        what: 'analysis',
        name: RESPONSE_NAMES.analysis,
        schema: AnalysisResult,
        system: systemPrompt(input.language, null),
        user: [
          'Analyse this website for an interactive video assistant (a "vidbot": short video slides with buttons).',
          'Return:',
          '- sourceInfo: sourceName (the site or company name), sourceType (e.g. website, company, product, service, blog), mainKeywords (up to 8 keywords of the site);',
          '- scripts: 3 or 4 distinct script options (id unique, short and lower-case; title; targetAudience; suggestedApproach; scriptCategory such as overview, product, brand-story, lead-generation);',
          '- navigation: up to 10 links of the site, main navigation first (name; absolute url taken from the links; callToAction, a short button text; description of what the page offers).',
          `The kind of video: ${input.scriptType}.`,
        ].join('\n'),
        input: digest,
        fix: (raw) => absolutiseAnalysis(raw, input.site.start.url),
        signal,
      });
      await status('analyzing_navigation');
      return answer;
    },
    async script(input, status, signal) {
      await status('generating_script');
      const base = input.navigation[0]?.url;
      return ask(client, model, {
        what: 'script',
        name: RESPONSE_NAMES.script,
        schema: Script,
        system: systemPrompt(input.language, input.tone),
        user: [
          'Write the video script of the chosen script option (details) for this source.',
          scriptRules(),
          'External links point at pages of the navigation (use their absolute url and callToAction).',
        ].join('\n'),
        input: {
          sourceInfo: input.sourceInfo,
          details: input.details,
          navigation: input.navigation,
          scriptType: input.scriptType,
          tone: input.tone,
          language: input.language,
        },
        fix: (raw) => (base ? absolutiseScript(raw, base) : raw),
        signal,
      });
    },
    async fromPrompt(input, status, signal) {
      await status('generating_script');
      const improving = Boolean(input.previousScript && input.feedback?.trim());
      const result = await ask(client, model, {
        what: 'script',
        name: RESPONSE_NAMES.prompt,
        schema: ScriptResult,
        system: systemPrompt(input.language, input.tone),
        user: [
          improving
            ? 'Improve the previous script (previousScript) following the feedback. Keep the nodes and ids the feedback does not ask to change.'
            : 'Write a video script from this prompt.',
          `Return sourceInfo (sourceName: the bot name; sourceType: "prompt"; mainKeywords: up to 8 keywords of the prompt) and the script.`,
          scriptRules(),
        ].join('\n'),
        input: promptInput(input),
        fix: (raw) => raw,
        signal,
      });
      if (result.sourceInfo.mainKeywords.length === 0) {
        result.sourceInfo.mainKeywords = words(input.prompt, input.language)
          .slice(0, PROMPT_FALLBACK_KEYWORDS)
          .map((w) => w.slice(0, 60));
      }
      return result;
    },
  };
}

function systemPrompt(language: AiLanguage, tone: AiTone | null): string {
  return [
    'You are a scriptwriter of interactive video assistants for businesses.',
    `Write every text of your answer in ${LANGUAGE_NAMES[language]}.`,
    tone ? `Tone: ${TONE_GUIDES[tone]}.` : '',
    'Answer only with JSON that matches the given JSON schema. Use only facts from the input.',
  ]
    .filter(Boolean)
    .join('\n');
}

function scriptRules(): string {
  return [
    'Script rules: 4 to 8 nodes; node ids short, unique, lower-case; exactly one node has isEntryPoint true (the first);',
    'content.text is what the presenter says (at most 120 words), content.videoDescription what the video shows;',
    'links: at most 6 per node; internal links { type: "internal", label, targetId } name the id of another node;',
    'external links { type: "external", label, url } have an absolute http(s) url; the entry node links to the other nodes and every other node links back to it.',
  ].join('\n');
}

/** What the model sees of a site: the pages' title, description, headings, text (clipped) and the start page's links. */
function siteDigest(input: AnalyzeInput) {
  const page = (p: ParsedPage, textChars: number) => ({
    url: p.url,
    title: p.title,
    description: p.description,
    headings: p.headings.map((h) => `${'#'.repeat(h.level)} ${h.text}`),
    text: clip(p.mainText, textChars, p.lang),
  });
  return {
    url: input.site.start.url,
    siteName: input.site.start.siteName,
    language: input.language,
    start: {
      ...page(input.site.start, 4000),
      links: input.site.start.links.slice(0, 60).map((l) => ({ text: l.text, url: l.url, area: l.area })),
    },
    pages: input.site.pages.map((p) => page(p, 1200)),
  };
}

function promptInput(input: PromptInput) {
  return {
    prompt: input.prompt,
    botName: input.botName,
    tone: input.tone,
    language: input.language,
    ...(input.feedback?.trim() && input.previousScript ? { feedback: input.feedback.trim(), previousScript: input.previousScript } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Structured output

type Json = Record<string, unknown>;

/**
 * The JSON Schema of a valibot schema as strict structured output accepts it: no `$schema`, no
 * valibot metadata keys, `oneOf` → `anyOf`, `const` → a one-value `enum`, no string length limits
 * (the valibot schema checks them and a violation is retried like any other issue).
 */
export function structuredOutputSchema(schema: v.GenericSchema): Json {
  const reduce = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(reduce);
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$schema' || key === 'ref' || key === 'minLength' || key === 'maxLength') continue;
      if (key === 'oneOf') out.anyOf = reduce(value);
      else if (key === 'const') {
        out.type = typeof value === 'string' ? 'string' : typeof value;
        out.enum = [value];
      } else if (key === 'properties' && value && typeof value === 'object') {
        out.properties = Object.fromEntries(Object.entries(value as Json).map(([k, s]) => [k, reduce(s)]));
      } else out[key] = reduce(value);
    }
    return out;
  };
  return reduce(toJsonSchema(schema, { errorMode: 'ignore' })) as Json;
}

interface Ask<S extends v.GenericSchema> {
  /** Word of the error message: 'analysis' | 'script'. */
  what: string;
  name: string;
  schema: S;
  system: string;
  user: string;
  input: unknown;
  /** Repairs of the parsed answer before validation (relative URLs). */
  fix: (raw: unknown) => unknown;
  signal: AbortSignal;
}

/** One structured-output generation with one retry (module comment). */
async function ask<S extends v.GenericSchema>(client: OpenAI, model: string, a: Ask<S>): Promise<v.InferOutput<S>> {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: 'system', content: a.system },
    { role: 'user', content: `${a.user}\n\n${INPUT_MARKER}\n${JSON.stringify(a.input)}` },
  ];
  const responseFormat = {
    type: 'json_schema' as const,
    json_schema: { name: a.name, strict: true, schema: structuredOutputSchema(a.schema) },
  };
  let issues: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    let completion: OpenAI.Chat.ChatCompletion;
    try {
      completion = await client.chat.completions.create({ model, messages, response_format: responseFormat }, { signal: a.signal });
    } catch (error) {
      throw endpointError(error);
    }
    const message = completion.choices[0]?.message;
    const content = message?.content ?? '';
    issues = answerIssues(content, message?.refusal ?? null, a);
    if (issues.length === 0) return v.parse(a.schema, a.fix(JSON.parse(unfenced(content))));
    messages.push(
      { role: 'assistant', content: content || '(empty answer)' },
      {
        role: 'user',
        content: `Your answer does not match the JSON schema "${a.name}":\n${issues.map((i) => `- ${i}`).join('\n')}\nAnswer again with the complete, corrected JSON.`,
      },
    );
  }
  throw new GeneratorError(`The model's answer was not a valid ${a.what} (${issues.slice(0, 3).join('; ')}).`);
}

/** Issues of an answer ([] when valid). */
function answerIssues<S extends v.GenericSchema>(content: string, refusal: string | null, a: Ask<S>): string[] {
  if (refusal) return [`The model refused: ${clip(refusal, 200)}`];
  if (!content.trim()) return ['The answer is empty.'];
  let raw: unknown;
  try {
    raw = JSON.parse(unfenced(content));
  } catch {
    return ['The answer is not JSON.'];
  }
  const result = v.safeParse(a.schema, a.fix(raw));
  if (result.success) return [];
  return result.issues.slice(0, 20).map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
}

/** Content without a Markdown code fence around it (some compatible servers add one). */
function unfenced(content: string): string {
  const text = content.trim();
  if (!text.startsWith('```')) return text;
  const firstLineEnd = text.indexOf('\n');
  const end = text.lastIndexOf('```');
  return firstLineEnd === -1 || end <= firstLineEnd ? text : text.slice(firstLineEnd + 1, end).trim();
}

/** Permanent endpoint refusals become GeneratorError; anything else stays (temporary, the queue retries). */
function endpointError(error: unknown): unknown {
  if (error instanceof OpenAI.APIUserAbortError) return error;
  if (error instanceof OpenAI.APIError && typeof error.status === 'number' && [400, 401, 403, 404, 422].includes(error.status)) {
    return new GeneratorError(`The model endpoint refused the request (${error.status}): ${clip(error.message, 300)}`);
  }
  return error;
}

// ---------------------------------------------------------------------------------------------
// Relative URLs (spec 001 §9)

function absolute(url: unknown, base: string): unknown {
  if (typeof url !== 'string' || !url.trim()) return url;
  try {
    return new URL(url.trim(), base).href;
  } catch {
    return url;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function absolutiseAnalysis(raw: unknown, base: string): unknown {
  if (!isObject(raw) || !Array.isArray(raw.navigation)) return raw;
  return {
    ...raw,
    navigation: raw.navigation.slice(0, AI_LIMITS.navigationLinks).map((l) => (isObject(l) ? { ...l, url: absolute(l.url, base) } : l)),
  };
}

function absolutiseScript(raw: unknown, base: string): unknown {
  if (!isObject(raw) || !Array.isArray(raw.nodes)) return raw;
  return {
    ...raw,
    nodes: raw.nodes.map((n) =>
      isObject(n) && Array.isArray(n.links)
        ? { ...n, links: n.links.map((l) => (isObject(l) && l.type === 'external' ? { ...l, url: absolute(l.url, base) } : l)) }
        : n,
    ),
  };
}
