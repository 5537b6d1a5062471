/**
 * Server-side seams of the AI wizards (issue 16; architecture note /work/wt/briefs/issue16-architecture.md):
 * the SSRF-safe site fetcher (ai.fetch.ts), the page model it produces (ai.page.ts parses HTML with a
 * DOM parser + Mozilla Readability), and the generator interface with its two implementations —
 * `extractive` (ai.extractive.ts, offline default) and `openai` (ai.openai.ts, any OpenAI-compatible
 * endpoint through the official SDK). The job runner (ai.job.ts) wires them together and writes the
 * §4 statuses.
 */
import type {
  AiLanguage,
  AiTone,
  AnalysisResult,
  NavigationLink,
  Script,
  ScriptOption,
  ScriptResult,
  SourceInfo,
} from './ai.schemas';

// ---------------------------------------------------------------------------------------------
// Fetching (SSRF-safe; issue 16 "Generation on the server")

/** Why a URL was not fetched. `code` is stable (tests, logs); `message` is a clear English sentence. */
export type FetchRefusalCode =
  | 'scheme' // not http(s)
  | 'credentials' // user:pass@ in the URL
  | 'port' // a port outside the allowed set (80, 443, 8080, 8443, or any for allow-listed hosts)
  | 'dns' // the name did not resolve
  | 'private_address' // loopback, private, link-local, unique-local, CGNAT, multicast, unspecified, reserved
  | 'metadata_address' // cloud metadata (169.254.169.254, fd00:ec2::254, metadata.google.internal)
  | 'too_many_redirects' // more than AI_FETCH_MAX_REDIRECTS (5)
  | 'too_large' // body over AI_FETCH_MAX_BYTES
  | 'timeout' // over AI_FETCH_TIMEOUT_MS
  | 'http_status' // 4xx/5xx answer
  | 'content_type' // not text/html or application/xhtml+xml
  | 'network'; // connection refused, reset, TLS

/** Thrown by the fetcher; the job fails with `message` (it is shown to the user as the analysis error). */
export class FetchRefusedError extends Error {
  constructor(
    readonly code: FetchRefusalCode,
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

/** Fetch limits (env; see server/src/env.ts `AiEnv`). */
export interface FetchLimits {
  /** Hostnames (lower case, exact or `*.suffix`) exempt from the address checks: tests and intranets. */
  allowlist: string[];
  /** Largest body read, bytes (default 2 MiB). */
  maxBytes: number;
  /** Per request, ms (default 10,000). */
  timeoutMs: number;
  /** Default 5. */
  maxRedirects: number;
}

/** One fetched HTML document. `url` is the final URL after redirects. */
export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  html: string;
}

/** `fetchPage(url, limits, signal)` — throws FetchRefusedError. */
export type FetchPage = (url: string, limits: FetchLimits, signal?: AbortSignal) => Promise<FetchedPage>;

// ---------------------------------------------------------------------------------------------
// Page model (parsed with a DOM parser + Readability, never regular expressions)

/** A link of a page, resolved to an absolute http(s) URL; `text` is its visible text (or title/aria-label). */
export interface PageLink {
  url: string;
  text: string;
  /** Where it was: the page's <nav>/<header> menus, the main content, or the footer. */
  area: 'nav' | 'main' | 'footer';
  /** Same site (same registrable host) as the page. */
  internal: boolean;
}

/** What the generators read of one page. */
export interface ParsedPage {
  url: string;
  /** <title> or og:title. */
  title: string;
  /** og:site_name, or the title's site part, or the hostname. */
  siteName: string;
  /** meta description / og:description, '' if none. */
  description: string;
  /** <html lang>, '' if none. */
  lang: string;
  /** h1–h3 texts in document order. */
  headings: Array<{ level: 1 | 2 | 3; text: string }>;
  /** Readability's text of the main content (whitespace-normalised), possibly ''. */
  mainText: string;
  /** Paragraph-ish blocks of the main content, in order (for summaries). */
  paragraphs: string[];
  links: PageLink[];
}

/** The site as the analysis sees it: the start page and a few same-site pages its navigation links to. */
export interface SiteCapture {
  start: ParsedPage;
  /** Up to 5 more pages (navigation targets), fetched with the same limits. */
  pages: ParsedPage[];
}

// ---------------------------------------------------------------------------------------------
// Generators

/** Progress callback: the job runner writes each status to `ai_jobs.status` (spec 001 §4). */
export type StatusSink = (status: 'analyzing_content' | 'analyzing_source' | 'generating_suggestions' | 'analyzing_navigation' | 'validating_urls' | 'generating_script') => Promise<void>;

export interface AnalyzeInput {
  site: SiteCapture;
  scriptType: string;
  language: AiLanguage;
}

export interface ScriptInput {
  sourceInfo: SourceInfo;
  /** The chosen option of the analysis. */
  details: ScriptOption;
  navigation: NavigationLink[];
  scriptType: string;
  tone: AiTone;
  language: AiLanguage;
}

export interface PromptInput {
  prompt: string;
  tone: AiTone;
  language: AiLanguage;
  botName: string;
  /** Improve: regenerate `previousScript` following `feedback`. */
  feedback?: string;
  previousScript?: Script;
}

/**
 * A script generator. Every answer must pass the ai.schemas.ts schemas (`AnalysisResult`,
 * `ScriptResult`); the runner validates again before storing. Errors: `GeneratorError` (clear message,
 * the job fails with it); anything else is a temporary error (the queue retries).
 */
export interface AiGenerator {
  readonly name: 'extractive' | 'openai';
  /** Model name for `openai`, null for `extractive`. */
  readonly model: string | null;
  analyze(input: AnalyzeInput, status: StatusSink, signal: AbortSignal): Promise<AnalysisResult>;
  script(input: ScriptInput, status: StatusSink, signal: AbortSignal): Promise<Script>;
  fromPrompt(input: PromptInput, status: StatusSink, signal: AbortSignal): Promise<ScriptResult>;
}

/** A generation that cannot succeed by retrying (e.g. the model answered invalid output twice). */
export class GeneratorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeneratorError';
  }
}
