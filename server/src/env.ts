/**
 * Runtime configuration from environment variables (README "Environment variables" lists them all).
 * Read once at start-up; `loadEnv()` is pure over the given record so tests pass their own.
 */
import path from 'node:path';
import { describeTool, findMediaTools, type MediaTools } from '../../scripts/toolchain.mjs';
import type { CrmEnv } from './modules/integration/crm.types';

export interface Env {
  /** TCP port, default 3000. */
  port: number;
  /** Bind address, default 127.0.0.1. */
  host: string;
  /** Public origin the browser uses, default http://{host}:{port}. */
  publicUrl: string;
  /** Directory for PGlite data and media files, default ./data (signing keys live in the database: idp/keys.ts). */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  /** Create the demo data (DESIGN §3): default on for PGlite, off for DATABASE_URL unless SEED_DEMO=1. */
  seedDemo: boolean;
  /** Cognito user-pool id served by the local identity provider. */
  userPoolId: string;
  /** Cognito app client id served by the local identity provider. */
  userPoolClientId: string;
  /** Sentry DSN for the SPA; Sentry starts only when set. */
  sentryDsn: string | undefined;
  /**
   * ffmpeg / ffprobe executables as found at start by scripts/toolchain.mjs (issue 10 §1):
   * FFMPEG_PATH / FFPROBE_PATH, else the system's (PATH, /usr/bin), else the binaries of
   * @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe. Plain names when none runs.
   */
  ffmpegPath: string;
  ffprobePath: string;
  /** Which ffmpeg/ffprobe were found and whether video processing can run (`message` says why not). */
  mediaTools: MediaTools;
  /** Number of concurrent media-processing jobs in this process (default 1; 0 disables the worker). */
  jobConcurrency: number;
  /** Built SPA directory served as static files, default ./dist. */
  distDir: string;
  /** Origins allowed to send SET_DATA to previews (comma list); the app's own origin is always allowed. */
  previewAllowedOrigins: string[];
  /** Identity-provider MFA (IDP_MFA): 'optional' (default; users opt in to TOTP) or 'required' (MFA_SETUP at sign-in). */
  idpMfa: 'optional' | 'required';
  /** /idp rate limit per client IP, a token bucket: IDP_RATE_LIMIT_BURST requests (default 300), refilled at IDP_RATE_LIMIT_PER_SECOND (default 10); a burst of 0 disables it. */
  idpRateLimitBurst: number;
  idpRateLimitPerSecond: number;
  /** TRUST_PROXY=1: the client IP is the first X-Forwarded-For address (behind a load balancer). */
  trustProxy: boolean;
  /** SMTP_URL (e.g. smtp://user:pass@host:587): e-mail is also delivered through nodemailer; always kept in the outbox. */
  smtpUrl: string | undefined;
  /** EMAIL_FROM: sender of e-mail, default `Vidbot <no-reply@localhost>`. */
  emailFrom: string;
  /**
   * TLS certificate and key files (PEM). When both are set the server listens with HTTPS and the
   * default PUBLIC_URL is https://… — aws-amplify's OAuth redirect flow (SSO, Google) always calls
   * `https://{oauth domain}/oauth2/…`, so SSO needs HTTPS here or in front (issue 3).
   */
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** Google OAuth client (issue 3): when both are set, "Sign in with Google" federates to accounts.google.com. */
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  /**
   * S3-compatible media storage (issue 5 "Storage"): set when `S3_BUCKET` is set; media files and
   * tus uploads then live in that bucket (server/src/media/storage.s3.ts) instead of under dataDir.
   */
  s3: S3Env | undefined;
  /**
   * Google OAuth and Drive endpoints (issue 5 Google Drive import), overridable so tests and e2e talk
   * to a local fake (server/test/fakes/google.ts): GOOGLE_OAUTH_AUTH_URL (default
   * https://accounts.google.com/o/oauth2/v2/auth), GOOGLE_OAUTH_TOKEN_URL (https://oauth2.googleapis.com/token),
   * GOOGLE_OAUTH_REVOKE_URL (https://oauth2.googleapis.com/revoke), GOOGLE_DRIVE_API_URL
   * (https://www.googleapis.com; Drive v3 lives under `/drive/v3`).
   */
  googleOAuthAuthUrl: string;
  googleOAuthTokenUrl: string;
  googleOAuthRevokeUrl: string;
  googleDriveApiUrl: string;
  /**
   * CRM integrations (issue 15; docs/integrations.md): OAuth clients and vendor base URLs, see
   * `loadCrmEnv`. Tests and e2e point the URLs at local fakes (server/test/fakes/crm-*.ts).
   */
  crm: CrmEnv;
  /** AI wizards and avatar generator (issue 16; docs/ai.md), see `loadAiEnv`. */
  ai: AiEnv;
  /** Scale and resilience (issue 18; docs/scaling.md), see `loadScaleEnv`. */
  scale: ScaleEnv;
}

/**
 * Scale and resilience settings (issue 18; docs/scaling.md "Settings"):
 * - `DB_STATEMENT_TIMEOUT_MS` (default 5,000): longest a request's query may run; past it the request
 *   answers 503 with a `detail`.
 * - `DB_POOL_MAX` (default 10): PostgreSQL connections of this process for general request work (the
 *   reserved lanes, background work — ⌈DB_POOL_MAX / 2⌉, at least 2 — and one cancel connection come on
 *   top; db/guard.ts).
 * - `DB_MAX_CONCURRENT` (default = DB_POOL_MAX): requests doing database work at once in the general lane;
 *   `DB_QUEUE_MAX` (default 50) more may wait; past that 503 + `Retry-After` at once.
 * - `DB_RESERVED_INGEST` (default 2) and `DB_RESERVED_UPLOAD` (default 2): capacity (connections and
 *   concurrent requests) kept for event ingest and uploads, which list bursts cannot take; 0 = the lane
 *   shares the general one. On PGlite (one connection) the reserved lanes go first in its queue.
 * - `SHUTDOWN_GRACE_MS` (default 10,000): on SIGTERM, how long requests in flight may finish.
 * - `JOB_LEASE_MS` (default 300,000): lease of a claimed job; another node takes a job over once a
 *   crashed node's lease has expired.
 * - `IDP_KEY_REFRESH_MS` (default 60,000): how often a node re-reads the identity provider's signing
 *   keys from the database (a rotation on another node reaches it within this time).
 */
export interface ScaleEnv {
  dbStatementTimeoutMs: number;
  dbPoolMax: number;
  dbMaxConcurrent: number;
  dbQueueMax: number;
  dbReservedIngest: number;
  dbReservedUpload: number;
  shutdownGraceMs: number;
  jobLeaseMs: number;
  idpKeyRefreshMs: number;
}

/** A non-negative integer variable, or `fallback` when unset/empty; throws a clear Error when malformed. */
function intVar(source: Record<string, string | undefined>, name: string, fallback: number, min = 0): number {
  const raw = source[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min} (got "${raw}").`);
  return n;
}

/** `ScaleEnv` from the environment (defaults in its comment). */
export function loadScaleEnv(source: Record<string, string | undefined>): ScaleEnv {
  const dbPoolMax = intVar(source, 'DB_POOL_MAX', 10, 1);
  return {
    dbStatementTimeoutMs: intVar(source, 'DB_STATEMENT_TIMEOUT_MS', 5000, 0),
    dbPoolMax,
    dbMaxConcurrent: intVar(source, 'DB_MAX_CONCURRENT', dbPoolMax, 1),
    dbQueueMax: intVar(source, 'DB_QUEUE_MAX', 50, 0),
    dbReservedIngest: intVar(source, 'DB_RESERVED_INGEST', 2, 0),
    dbReservedUpload: intVar(source, 'DB_RESERVED_UPLOAD', 2, 0),
    shutdownGraceMs: intVar(source, 'SHUTDOWN_GRACE_MS', 10_000, 0),
    jobLeaseMs: intVar(source, 'JOB_LEASE_MS', 5 * 60_000, 1000),
    idpKeyRefreshMs: intVar(source, 'IDP_KEY_REFRESH_MS', 60_000, 1000),
  };
}

/**
 * AI settings (issue 16). Generator: `OPENAI_BASE_URL` set → any OpenAI-compatible endpoint through the
 * official SDK, with `OPENAI_API_KEY` (default 'none' for keyless local servers) and `OPENAI_MODEL`
 * (default 'gpt-4o-mini'); unset → the embedded extractive generator. Site fetching:
 * `AI_FETCH_ALLOWLIST` (comma-separated hostnames, exact or `*.suffix`, exempt from the private-address
 * checks: tests, intranets), `AI_FETCH_MAX_BYTES` (default 2,097,152), `AI_FETCH_TIMEOUT_MS` (default
 * 10,000). Avatar videos: `HEYGEN_API_KEY` set → the HeyGen-compatible API at `HEYGEN_API_URL` (default
 * https://api.heygen.com); unset → the embedded ffmpeg renderer (`ESPEAK_PATH` or `espeak-ng` on PATH
 * adds speech).
 */
export interface AiEnv {
  openaiBaseUrl: string | undefined;
  openaiApiKey: string;
  openaiModel: string;
  fetchAllowlist: string[];
  fetchMaxBytes: number;
  fetchTimeoutMs: number;
  heygenApiUrl: string;
  heygenApiKey: string | undefined;
  /** HEYGEN_POLL_MS: how often a HeyGen video's status is asked, ms (default 5000; tests use less). */
  heygenPollMs?: number;
  espeakPath: string | undefined;
}

/** The AI settings of `source` (see `AiEnv`). */
export function loadAiEnv(source: Record<string, string | undefined>): AiEnv {
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
  };
  return {
    openaiBaseUrl: source.OPENAI_BASE_URL?.trim().replace(/\/+$/, '') || undefined,
    openaiApiKey: source.OPENAI_API_KEY || 'none',
    openaiModel: source.OPENAI_MODEL?.trim() || 'gpt-4o-mini',
    fetchAllowlist: (source.AI_FETCH_ALLOWLIST ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    fetchMaxBytes: positive(source.AI_FETCH_MAX_BYTES, 2 * 1024 * 1024),
    fetchTimeoutMs: positive(source.AI_FETCH_TIMEOUT_MS, 10_000),
    heygenApiUrl: (source.HEYGEN_API_URL?.trim() || 'https://api.heygen.com').replace(/\/+$/, ''),
    heygenApiKey: source.HEYGEN_API_KEY || undefined,
    heygenPollMs: positive(source.HEYGEN_POLL_MS, 5000),
    espeakPath: source.ESPEAK_PATH || undefined,
  };
}

/**
 * `S3_*` settings. `S3_ENDPOINT` (e.g. http://127.0.0.1:9000 for MinIO; unset = AWS), `S3_REGION`
 * (default us-east-1), `S3_BUCKET`, `S3_ACCESS_KEY_ID` + `S3_SECRET_ACCESS_KEY` (unset = the SDK's
 * default credential chain, e.g. an instance role), `S3_FORCE_PATH_STYLE` (`1`/`true`/`0`/`false`;
 * default true when S3_ENDPOINT is set), `S3_PREFIX` (optional key prefix, normalised to end in `/`).
 */
export interface S3Env {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** '' or a `/`-terminated prefix without a leading `/`, put before every object key. */
  prefix: string;
}

/** The `S3_*` settings, or undefined when `S3_BUCKET` is unset (local-directory storage). */
export function loadS3Env(source: Record<string, string | undefined>): S3Env | undefined {
  const bucket = source.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const endpoint = source.S3_ENDPOINT?.trim() || undefined;
  const flag = source.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  const prefix = (source.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  return {
    endpoint,
    region: source.S3_REGION?.trim() || 'us-east-1',
    bucket,
    accessKeyId: source.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: source.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: flag ? flag === '1' || flag === 'true' : endpoint !== undefined,
    prefix: prefix ? `${prefix}/` : '',
  };
}

/**
 * The media tools for `source`: its FFMPEG_PATH/FFPROBE_PATH, and this machine's PATH and
 * VIDBOT_TOOLS unless `source` sets them (tests pass small records). Memoised by toolchain.mjs.
 */
export function loadMediaTools(source: Record<string, string | undefined>): MediaTools {
  return findMediaTools({ PATH: process.env.PATH, VIDBOT_TOOLS: process.env.VIDBOT_TOOLS, ...source });
}

/** The start-banner lines for the media tools, e.g. `ffmpeg: system /usr/bin/ffmpeg 5.1.6`. */
export function mediaToolLines(tools: MediaTools): string[] {
  const lines = [describeTool(tools.ffmpeg), describeTool(tools.ffprobe)];
  if (tools.message) lines.push(tools.message);
  return lines;
}

/**
 * The settings of `source` (default `process.env`). Pure over `source` except for finding the media
 * tools (`loadMediaTools`: runs `ffmpeg -version` once per setting).
 */
/**
 * CRM settings (issue 15 "Integrations"; docs/integrations.md). OAuth clients: HUBSPOT_CLIENT_ID +
 * HUBSPOT_CLIENT_SECRET, SALESFORCE_CLIENT_ID + SALESFORCE_CLIENT_SECRET (a CRM whose pair is missing
 * shows as not configured). Vendor URLs (defaults = the vendors' own): HUBSPOT_API_BASE
 * (https://api.hubapi.com), HUBSPOT_AUTHORIZE_URL (https://app.hubspot.com/oauth/authorize),
 * LINEAR_API_URL (https://api.linear.app/graphql), PIPEDRIVE_API_BASE (https://api.pipedrive.com),
 * SALESFORCE_LOGIN_URL (https://login.salesforce.com). Trailing slashes are dropped.
 * @param publicUrl the server's public origin (OAuth redirect URIs are `${publicUrl}/integration-callback/{type}`).
 */
export function loadCrmEnv(source: Record<string, string | undefined>, publicUrl: string): CrmEnv {
  const url = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');
  return {
    publicUrl,
    hubspotClientId: source.HUBSPOT_CLIENT_ID || undefined,
    hubspotClientSecret: source.HUBSPOT_CLIENT_SECRET || undefined,
    hubspotApiBase: url(source.HUBSPOT_API_BASE, 'https://api.hubapi.com'),
    hubspotAuthorizeUrl: url(source.HUBSPOT_AUTHORIZE_URL, 'https://app.hubspot.com/oauth/authorize'),
    linearApiUrl: url(source.LINEAR_API_URL, 'https://api.linear.app/graphql'),
    pipedriveApiBase: url(source.PIPEDRIVE_API_BASE, 'https://api.pipedrive.com'),
    salesforceClientId: source.SALESFORCE_CLIENT_ID || undefined,
    salesforceClientSecret: source.SALESFORCE_CLIENT_SECRET || undefined,
    salesforceLoginUrl: url(source.SALESFORCE_LOGIN_URL, 'https://login.salesforce.com'),
  };
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const port = Number(source.PORT ?? 3000);
  const host = source.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(source.DATA_DIR ?? './data');
  const databaseUrl = source.DATABASE_URL || undefined;
  const tlsCertFile = source.TLS_CERT_FILE || undefined;
  const tlsKeyFile = source.TLS_KEY_FILE || undefined;
  const scheme = tlsCertFile && tlsKeyFile ? 'https' : 'http';
  const mediaTools = loadMediaTools(source);
  const publicUrl = (source.PUBLIC_URL ?? `${scheme}://${host === '0.0.0.0' ? 'localhost' : host}:${port}`).replace(/\/$/, '');
  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl,
    seedDemo: databaseUrl ? source.SEED_DEMO === '1' : source.SEED_DEMO !== '0',
    userPoolId: source.USER_POOL_ID ?? 'eu-west-1_vidbotLocal',
    userPoolClientId: source.USER_POOL_CLIENT_ID ?? 'vidbotlocalclient',
    sentryDsn: source.SENTRY_DSN || undefined,
    ffmpegPath: mediaTools.ffmpeg.path ?? 'ffmpeg',
    ffprobePath: mediaTools.ffprobe.path ?? 'ffprobe',
    mediaTools,
    jobConcurrency: Number(source.JOB_CONCURRENCY ?? 1),
    distDir: path.resolve(source.DIST_DIR ?? './dist'),
    previewAllowedOrigins: (source.PREVIEW_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    idpMfa: source.IDP_MFA === 'required' ? 'required' : 'optional',
    idpRateLimitBurst: Math.max(0, Number(source.IDP_RATE_LIMIT_BURST ?? 300) || 0),
    idpRateLimitPerSecond: Math.max(0, Number(source.IDP_RATE_LIMIT_PER_SECOND ?? 10) || 0),
    trustProxy: source.TRUST_PROXY === '1' || source.TRUST_PROXY === 'true',
    smtpUrl: source.SMTP_URL || undefined,
    emailFrom: source.EMAIL_FROM || 'Vidbot <no-reply@localhost>',
    tlsCertFile,
    tlsKeyFile,
    googleClientId: source.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: source.GOOGLE_CLIENT_SECRET || undefined,
    s3: loadS3Env(source),
    googleOAuthAuthUrl: source.GOOGLE_OAUTH_AUTH_URL || 'https://accounts.google.com/o/oauth2/v2/auth',
    googleOAuthTokenUrl: source.GOOGLE_OAUTH_TOKEN_URL || 'https://oauth2.googleapis.com/token',
    googleOAuthRevokeUrl: source.GOOGLE_OAUTH_REVOKE_URL || 'https://oauth2.googleapis.com/revoke',
    googleDriveApiUrl: (source.GOOGLE_DRIVE_API_URL || 'https://www.googleapis.com').replace(/\/$/, ''),
    crm: loadCrmEnv(source, publicUrl),
    ai: loadAiEnv(source),
    scale: loadScaleEnv(source),
  };
}
