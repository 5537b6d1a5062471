/**
 * A local fake of an OpenAI-compatible chat completions endpoint (issue 16 "the same through a local
 * OpenAI-compatible fake with deterministic answers, including one invalid answer"). Plain `node:http`,
 * no test-framework imports, so Playwright's e2e/server.mjs can start it through tsx as well.
 *
 * Follows OpenAI's documented API (platform.openai.com/docs/api-reference/chat/create):
 * - `POST /v1/chat/completions`, JSON body. `Authorization: Bearer <key>` required (401
 *   `{ error: { message, type: 'invalid_request_error', param: null, code: 'invalid_api_key' } }` when
 *   missing, or when `apiKey` is given and differs). `model` (string) and `messages` (non-empty array of
 *   `{ role: system|developer|user|assistant|tool, content }`) required, else 400 in the same error shape.
 *   `response_format` `{ type: 'json_schema', json_schema: { name, strict, schema } }`: name must match
 *   `^[a-zA-Z0-9_-]{1,64}$`; with `strict: true` every object of the schema must list all its properties
 *   in `required` and set `additionalProperties: false`, and `oneOf` is refused (as OpenAI's strict
 *   mode) → 400 `invalid_request_error` (param `response_format`).
 * - Answer: `{ id: 'chatcmpl-…', object: 'chat.completion', created, model, choices: [{ index: 0,
 *   message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null,
 *   finish_reason: 'stop' }], usage: { prompt_tokens, completion_tokens, total_tokens } }`.
 * - `GET /v1/models` → `{ object: 'list', data: [{ id, object: 'model', created, owned_by }] }`.
 *
 * Deterministic content, chosen by `response_format.json_schema.name` and built from the JSON after the
 * last `INPUT (JSON):` of the last user message (see ai.openai.ts):
 * - `analysis` → sourceInfo (the site's name, 'website', words of the start page's headings), 3 script
 *   options ('<site> in one minute', 'Why choose <site>', 'Talk to <site>'; Finnish when language fi) and
 *   the start page's `nav` links (the LAST one answered as a site-relative path, as models sometimes do,
 *   so the client's absolutising is exercised).
 * - `script` → an entry node titled by the chosen option, one node per navigation link (at most 4, each
 *   with an external link to its page and a link back), texts starting with the tone in brackets.
 * - `prompt_script` → sourceInfo with EMPTY mainKeywords (the client's first-5-words fallback applies),
 *   an entry node from the prompt and one node per further sentence (at least 2); with `feedback` +
 *   `previousScript` the previous script with "(<feedback>)" appended to the entry node's text.
 * - other names / no response_format → the text 'OK'.
 * `invalidAnswers` (settable at any time): that many next completions answer valid JSON that fails
 * every AI schema (`{"sourceInfo":{"sourceName":""},"nodes":[]}`), counting down.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OpenAiFakeOptions {
  /** Completions answered invalid before valid ones (default 0). */
  invalidAnswers?: number;
  /** Required bearer token; any non-empty token when omitted. */
  apiKey?: string;
  /** Port on 127.0.0.1 (default 0 = any free port). */
  port?: number;
}

/** One request the fake received. */
export interface OpenAiFakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Parsed JSON body (undefined for GET or a body that is not JSON). */
  body: Record<string, unknown> | undefined;
}

export interface OpenAiFake {
  /** `http://127.0.0.1:{port}/v1` — the SDK's `baseURL` / env OPENAI_BASE_URL. */
  baseUrl: string;
  requests: OpenAiFakeRequest[];
  /** Invalid answers still to give (settable). */
  invalidAnswers: number;
  close(): Promise<void>;
}

/** The invalid answer (valid JSON, fails AnalysisResult, Script and ScriptResult). */
export const INVALID_ANSWER = '{"sourceInfo":{"sourceName":""},"nodes":[]}';

const INPUT_MARKER = 'INPUT (JSON):';

type Json = Record<string, unknown>;

export async function startOpenAiFake(options: OpenAiFakeOptions = {}): Promise<OpenAiFake> {
  const requests: OpenAiFakeRequest[] = [];
  let sequence = 0;
  const fake: OpenAiFake = {
    baseUrl: '',
    requests,
    invalidAnswers: options.invalidAnswers ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = await readBody(req);
    let body: Json | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Json) : undefined;
    } catch {
      body = undefined;
    }
    const authorization = req.headers.authorization;
    requests.push({ method: req.method ?? 'GET', path, authorization, body });

    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
    if (!token) return error(res, 401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.", null, null);
    if (options.apiKey !== undefined && token !== options.apiKey) return error(res, 401, 'Incorrect API key provided.', null, 'invalid_api_key');

    if (req.method === 'GET' && path === '/v1/models') {
      return send(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', created: 1_700_000_000, owned_by: 'vidbot-tests' }] });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') return error(res, 404, `Unknown request URL: ${req.method} ${path}.`, null, 'unknown_url');
    if (!body) return error(res, 400, 'We could not parse the JSON body of your request.', null, null);
    if (typeof body.model !== 'string' || !body.model) return error(res, 400, 'you must provide a model parameter', 'model', null);
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) return error(res, 400, "Invalid 'messages': empty array.", 'messages', 'empty_array');
    for (const [i, m] of messages.entries()) {
      const role = (m as Json | null)?.role;
      if (!['system', 'developer', 'user', 'assistant', 'tool'].includes(String(role))) {
        return error(res, 400, `Invalid value for 'messages[${i}].role'.`, `messages[${i}].role`, 'invalid_value');
      }
    }

    let schemaName: string | null = null;
    const format = body.response_format as Json | undefined;
    if (format && format.type === 'json_schema') {
      const js = format.json_schema as Json | undefined;
      const name = js?.name;
      if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) {
        return error(res, 400, "Invalid 'response_format.json_schema.name'.", 'response_format', 'invalid_value');
      }
      if (js?.strict === true) {
        const problem = strictProblem(js.schema, '');
        if (problem) return error(res, 400, `Invalid schema for response_format '${name}': ${problem}`, 'response_format', null);
      }
      schemaName = name;
    }

    // The input block is in the first user message; a retry's follow-up (the validation issues) comes last.
    const withInput = [...messages].reverse().find((m) => (m as Json).role === 'user' && typeof (m as Json).content === 'string' && ((m as Json).content as string).includes(INPUT_MARKER)) as Json | undefined;
    const input = inputOf(typeof withInput?.content === 'string' ? withInput.content : '');
    let content: string;
    if (schemaName && fake.invalidAnswers > 0) {
      fake.invalidAnswers--;
      content = INVALID_ANSWER;
    } else if (schemaName === 'analysis') content = JSON.stringify(analysis(input));
    else if (schemaName === 'script') content = JSON.stringify(script(input));
    else if (schemaName === 'prompt_script') content = JSON.stringify(promptScript(input));
    else content = 'OK';

    sequence++;
    const promptTokens = Math.ceil(raw.length / 4);
    const completionTokens = Math.ceil(content.length / 4);
    send(res, 200, {
      id: `chatcmpl-fake${String(sequence).padStart(6, '0')}`,
      object: 'chat.completion',
      created: 1_700_000_000 + sequence,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_fake_${Date.now()}` }).end(JSON.stringify(body));
}

function error(res: ServerResponse, status: number, message: string, param: string | null, code: string | null) {
  send(res, status, { error: { message, type: 'invalid_request_error', param, code } });
}

/** The first strict-mode violation of a JSON Schema, or null. */
function strictProblem(schema: unknown, at: string): string | null {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as Json;
  if (at === '' && s.type !== 'object') return "schema must be a JSON Schema of 'type: \"object\"'.";
  if ('oneOf' in s) return `In context=(${at}), 'oneOf' is not permitted.`;
  if (s.type === 'object') {
    if (s.additionalProperties !== false) return `In context=(${at}), 'additionalProperties' is required to be supplied and to be false.`;
    const keys = Object.keys((s.properties as Json | undefined) ?? {});
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    const missing = keys.find((k) => !required.includes(k));
    if (missing) return `In context=(${at}), 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  }
  for (const [key, value] of Object.entries(s)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [k, sub] of Object.entries(value as Json)) {
        const p = strictProblem(sub, `${at}properties.${k}.`);
        if (p) return p;
      }
    } else if (key === 'items' || key === 'anyOf' || key === '$defs' || key === 'definitions') {
      const subs = Array.isArray(value) ? value : key === 'items' ? [value] : Object.values((value as Json) ?? {});
      for (const sub of subs) {
        const p = strictProblem(sub, `${at}${key}.`);
        if (p) return p;
      }
    }
  }
  return null;
}

function inputOf(content: string): Json {
  const i = content.lastIndexOf(INPUT_MARKER);
  if (i === -1) return {};
  try {
    const parsed: unknown = JSON.parse(content.slice(i + INPUT_MARKER.length));
    return parsed && typeof parsed === 'object' ? (parsed as Json) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const arr = (value: unknown): Json[] => (Array.isArray(value) ? (value.filter((x) => x && typeof x === 'object') as Json[]) : []);

function analysis(input: Json) {
  const start = (input.start as Json | undefined) ?? {};
  const url = str(input.url, 'https://example.com/');
  const site = str(input.siteName) || new URL(url).hostname;
  const fi = input.language === 'fi';
  const headings = Array.isArray(start.headings) ? (start.headings as unknown[]).map(String) : [];
  const headingWords = headings.join(' ').split(/[^\p{L}]+/u);
  const keywords = [...new Set(headingWords.map((w) => w.toLowerCase()).filter((w) => w.length > 3))].slice(0, 6);
  const pages = new Map(arr(input.pages).map((p) => [str(p.url), p]));
  const nav = arr(start.links)
    .filter((l) => l.area === 'nav' && str(l.text) && str(l.url) !== url)
    .slice(0, 6);
  const navigation = nav.map((l, i) => {
    const target = str(l.url);
    const page = pages.get(target);
    return {
      name: str(l.text),
      url: i === nav.length - 1 ? new URL(target).pathname : target,
      callToAction: fi ? `Avaa: ${str(l.text)}` : `Visit ${str(l.text)}`,
      description: str(page?.description) || (fi ? `${str(l.text)} (${site})` : `${str(l.text)} at ${site}`),
    };
  });
  return {
    sourceInfo: { sourceName: site, sourceType: 'website', mainKeywords: keywords },
    scripts: [
      { id: 'minute', title: fi ? `${site} minuutissa` : `${site} in one minute`, targetAudience: fi ? 'Uudet asiakkaat' : 'New customers', suggestedApproach: fi ? 'Lyhyt esittely.' : 'A short introduction.', scriptCategory: 'overview' },
      { id: 'why', title: fi ? `Miksi ${site}?` : `Why choose ${site}`, targetAudience: fi ? 'Vertailijat' : 'People comparing options', suggestedApproach: fi ? 'Hyödyt ensin.' : 'Benefits first.', scriptCategory: 'product' },
      { id: 'talk', title: fi ? `Ota yhteyttä: ${site}` : `Talk to ${site}`, targetAudience: fi ? 'Valmiit ostajat' : 'Ready buyers', suggestedApproach: fi ? 'Suoraan yhteydenottoon.' : 'Straight to contact.', scriptCategory: 'lead-generation' },
    ],
    navigation,
  };
}

function script(input: Json) {
  const sourceInfo = (input.sourceInfo as Json | undefined) ?? {};
  const details = (input.details as Json | undefined) ?? {};
  const tone = str(input.tone, 'persuasive');
  const site = str(sourceInfo.sourceName, 'the site');
  const fi = input.language === 'fi';
  const links = arr(input.navigation).slice(0, 4);
  const nodes = links.map((l, i) => ({
    id: `page-${i + 1}`,
    title: str(l.name, `Page ${i + 1}`),
    isEntryPoint: false,
    content: { text: `[${tone}] ${str(l.name)}: ${str(l.description)}`, videoDescription: fi ? `Kuvia sivulta ${str(l.name)}.` : `Shots of the ${str(l.name)} page.` },
    links: [
      { type: 'external', label: str(l.callToAction) || str(l.name), url: str(l.url) },
      { type: 'internal', label: fi ? 'Takaisin' : 'Back', targetId: 'intro' },
    ],
  }));
  while (nodes.length < 3) {
    const i = nodes.length + 1;
    nodes.push({
      id: `page-${i}`,
      title: fi ? `Aihe ${i}` : `Topic ${i}`,
      isEntryPoint: false,
      content: { text: `[${tone}] ${site}`, videoDescription: site },
      links: [{ type: 'internal', label: fi ? 'Takaisin' : 'Back', targetId: 'intro' }],
    });
  }
  const intro = {
    id: 'intro',
    title: str(details.title, site),
    isEntryPoint: true,
    content: { text: `[${tone}] ${fi ? 'Tervetuloa' : 'Welcome to'} ${site}. ${str(details.suggestedApproach)}`.trim(), videoDescription: fi ? `Juontaja esittelee: ${site}.` : `The presenter introduces ${site}.` },
    links: nodes.map((n) => ({ type: 'internal', label: n.title.slice(0, 80), targetId: n.id })),
  };
  return { nodes: [intro, ...nodes] };
}

function promptScript(input: Json) {
  const prompt = str(input.prompt);
  const botName = str(input.botName, 'Vidbot');
  const tone = str(input.tone, 'persuasive');
  const fi = input.language === 'fi';
  const sourceInfo = { sourceName: botName, sourceType: 'prompt', mainKeywords: [] as string[] };
  const previous = input.previousScript as { nodes?: Json[] } | undefined;
  if (previous && Array.isArray(previous.nodes) && str(input.feedback)) {
    const nodes = previous.nodes.map((n) =>
      n.isEntryPoint ? { ...n, content: { ...(n.content as Json), text: `${str((n.content as Json).text)} (${str(input.feedback)})` } } : n,
    );
    return { sourceInfo, script: { nodes } };
  }
  const parts = prompt
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const rest = parts.slice(1);
  while (rest.length < 2) rest.push(fi ? `Lisää aiheesta ${botName}.` : `More about ${botName}.`);
  const nodes = rest.slice(0, 5).map((s, i) => ({
    id: `part-${i + 1}`,
    title: s.split(/\s+/).slice(0, 4).join(' ').slice(0, 200),
    isEntryPoint: false,
    content: { text: `[${tone}] ${s}`, videoDescription: fi ? 'Juontaja kameran edessä.' : 'The presenter on camera.' },
    links: [{ type: 'internal', label: fi ? 'Alkuun' : 'To the start', targetId: 'intro' }],
  }));
  const intro = {
    id: 'intro',
    title: botName.slice(0, 200),
    isEntryPoint: true,
    content: { text: `[${tone}] ${parts[0] ?? prompt}`, videoDescription: fi ? 'Juontaja tervehtii.' : 'The presenter says hello.' },
    links: nodes.map((n) => ({ type: 'internal', label: n.title.slice(0, 80) || 'Next', targetId: n.id })),
  };
  return { sourceInfo, script: { nodes: [intro, ...nodes] } };
}
