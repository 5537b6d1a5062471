/**
 * A local fake of Google's OAuth 2.0 endpoints and the Drive v3 REST API (issue 5 "Google Drive
 * import": tested against a local fake that follows Google's documentation). Plain `node:http`, no
 * test-framework imports, so Playwright's e2e/server.mjs can start it through tsx as well.
 *
 * Endpoints (paths as Google's; one origin stands for accounts.google.com, oauth2.googleapis.com and
 * www.googleapis.com — point GOOGLE_OAUTH_AUTH_URL at `${url}/o/oauth2/v2/auth`, GOOGLE_OAUTH_TOKEN_URL
 * at `${url}/token`, GOOGLE_OAUTH_REVOKE_URL at `${url}/revoke`, GOOGLE_DRIVE_API_URL at `url`):
 * - `GET /o/oauth2/v2/auth` (developers.google.com/identity/protocols/oauth2/web-server): checks
 *   client_id (401 page `invalid_client`), redirect_uri (400 page `redirect_uri_mismatch` when
 *   `redirectUris` is given and it is not one of them), response_type=code (400 page
 *   `unsupported_response_type`), scope (400 page `invalid_scope` when missing or not a Google scope);
 *   then consents at once: 302 to `redirect_uri?code=…&state=…&scope=…` (or `?error=access_denied&state=…`
 *   when `state.consent` is 'deny'). Codes are single use and expire in 10 minutes.
 * - `POST /token` (form): `grant_type=authorization_code` (code, redirect_uri equal to the one of the
 *   authorization request) → `{ access_token, expires_in, scope, token_type:'Bearer', refresh_token }`
 *   (refresh_token only with access_type=offline); `grant_type=refresh_token` → a new access token.
 *   Client authentication by client_id/client_secret in the body or HTTP Basic; errors 400
 *   `{ error:'invalid_grant'|'invalid_request'|'unsupported_grant_type'|'redirect_uri_mismatch', error_description }`,
 *   401 `{ error:'invalid_client' }`.
 * - `POST /revoke` (token in the query or form body): 200; revoking an access token revokes its
 *   refresh token too (and the other way round); an unknown token → 400 `{ error:'invalid_token' }`.
 * - `GET /drive/v3/files` (q, orderBy, pageSize ≤ 1000 default 100, pageToken, fields): Bearer access
 *   token (401 Google-style error JSON otherwise); `q` supports the clauses `mimeType contains|= '…'`,
 *   `name contains|= '…'` (contains = prefix of the name or of a word of it, case-insensitive, as
 *   Drive documents), `trashed = true|false`, joined with `and`, strings with `\'` and `\\` escapes
 *   (400 `invalid` for anything else); orderBy `modifiedTime[ desc]`, `name[ desc]`.
 * - `GET /drive/v3/files/{fileId}` (fields): metadata; with `alt=media` the bytes, streamed, with
 *   single-range `Range` support (206/416). 404 `File not found: {id}.` in Google's error shape.
 * - `GET /thumbnails/{fileId}`: the file's thumbnail (`thumbnailLink` points here; no token, as
 *   Google's short-lived thumbnail links).
 * Drive answers `size` as a string (int64) and omits `thumbnailLink` when there is none.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A file of the fake Drive. `path` is a local file holding its bytes. */
export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  path: string;
  /** RFC 3339. */
  modifiedTime: string;
  thumbnailPath?: string;
  trashed?: boolean;
}

export interface FakeGoogleOptions {
  /** Port on 127.0.0.1 (default 0 = any free port). */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Registered redirect URIs; when omitted any http(s) URI is accepted. */
  redirectUris?: string[];
  files: FakeDriveFile[];
  /** Lifetime of issued access tokens, seconds (default 3599 as Google). */
  accessTokenTtlSeconds?: number;
}

interface AccessTokenInfo {
  refreshToken: string | null;
  scope: string;
  expiresAt: number;
  revoked: boolean;
}

/** What the fake saw and holds, for tests to inspect and change. */
export interface FakeGoogleState {
  clientId: string;
  clientSecret: string;
  /** The files; tests may push, change or remove entries. */
  files: FakeDriveFile[];
  /** 'allow' (default) or 'deny' — what the user answers on the consent screen. */
  consent: 'allow' | 'deny';
  /**
   * Granular consent: when set, the user grants only the requested scopes in this list (Google lets
   * people untick scopes); null (default) grants every requested scope.
   */
  grantOnly: string[] | null;
  /** Every `/token` request: grant type and whether it succeeded. */
  tokenRequests: { grantType: string; ok: boolean }[];
  /** Tokens sent to `/revoke` (also unknown ones). */
  revokedTokens: string[];
  /** Every Drive request: path and query string. */
  driveRequests: { path: string; query: Record<string, string>; range: string | null }[];
  accessTokens: Map<string, AccessTokenInfo>;
  refreshTokens: Map<string, { scope: string; revoked: boolean }>;
  /** Makes every issued access token expired (the refresh token still works). */
  expireAccessTokens(): void;
  /** Revokes every refresh and access token (as a user removing the app's access in their Google account). */
  revokeAll(): void;
}

export interface FakeGoogle {
  /** Origin, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The four GOOGLE_* endpoint variables for this fake. */
  env: { GOOGLE_OAUTH_AUTH_URL: string; GOOGLE_OAUTH_TOKEN_URL: string; GOOGLE_OAUTH_REVOKE_URL: string; GOOGLE_DRIVE_API_URL: string };
  state: FakeGoogleState;
  close(): Promise<void>;
}

const GOOGLE_SCOPE = /^(https:\/\/www\.googleapis\.com\/auth\/[\w.]+|openid|email|profile)$/;
const DRIVE_READ_SCOPES = new Set(['https://www.googleapis.com/auth/drive', 'https://www.googleapis.com/auth/drive.readonly']);
const CODE_TTL_MS = 10 * 60_000;

interface CodeInfo {
  clientId: string;
  redirectUri: string;
  scope: string;
  offline: boolean;
  expiresAt: number;
  used: boolean;
}

/** Google API error JSON (`{ error: { code, message, errors: [...], status } }`). */
function driveError(res: ServerResponse, code: number, message: string, reason: string, status: string, location?: { location: string; locationType: string }): void {
  sendJson(res, code, { error: { code, message, errors: [{ message, domain: 'global', reason, ...(location ?? {}) }], status } });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function errorPage(res: ServerResponse, status: number, error: string): void {
  const html = `<!doctype html><title>Error ${status}: ${error}</title><h1>Access blocked: Authorization Error</h1><p>Error ${status}: ${error}</p>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

// --- Drive query language (developers.google.com/drive/api/guides/search-files) -----------------

type Clause =
  | { field: 'mimeType' | 'name'; op: 'contains' | '='; value: string }
  | { field: 'trashed'; op: '='; value: boolean };

/** Parses the supported subset of `q`. @throws Error for anything else. */
export function parseDriveQuery(q: string): Clause[] {
  const clauses: Clause[] = [];
  let i = 0;
  const ws = () => {
    while (i < q.length && /\s/.test(q[i] ?? '')) i++;
  };
  const word = () => {
    ws();
    const m = /^[A-Za-z]+|^=/.exec(q.slice(i));
    if (!m) throw new Error(`Invalid query at ${i}`);
    i += m[0].length;
    return m[0];
  };
  const str = () => {
    ws();
    if (q[i] !== "'") throw new Error(`Expected a string at ${i}`);
    i++;
    let out = '';
    while (i < q.length && q[i] !== "'") {
      if (q[i] === '\\') {
        const next = q[i + 1];
        if (next !== "'" && next !== '\\') throw new Error(`Invalid escape at ${i}`);
        out += next;
        i += 2;
      } else {
        out += q[i];
        i++;
      }
    }
    if (q[i] !== "'") throw new Error('Unterminated string');
    i++;
    return out;
  };
  for (;;) {
    const field = word();
    const op = word();
    if ((field === 'mimeType' || field === 'name') && (op === 'contains' || op === '=')) {
      clauses.push({ field, op, value: str() });
    } else if (field === 'trashed' && op === '=') {
      const b = word();
      if (b !== 'true' && b !== 'false') throw new Error('trashed needs true or false');
      clauses.push({ field: 'trashed', op: '=', value: b === 'true' });
    } else {
      throw new Error(`Unsupported clause ${field} ${op}`);
    }
    ws();
    if (i >= q.length) return clauses;
    if (word() !== 'and') throw new Error('Only "and" is supported');
  }
}

function nameContains(name: string, term: string): boolean {
  const n = name.toLowerCase();
  const t = term.toLowerCase();
  if (n.startsWith(t)) return true;
  return n.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(t));
}

function matches(f: FakeDriveFile, c: Clause): boolean {
  if (c.field === 'trashed') return Boolean(f.trashed) === c.value;
  const v = c.field === 'name' ? f.name : f.mimeType;
  if (c.op === '=') return v === c.value;
  return c.field === 'name' ? nameContains(v, c.value) : v.includes(c.value);
}

// --- partial responses (developers.google.com/drive/api/guides/fields-parameter) -----------------

type FieldTree = Map<string, FieldTree | true>;

/** Parses `fields` such as `files(id,name),nextPageToken`. */
export function parseFields(fields: string): FieldTree {
  let i = 0;
  const parse = (): FieldTree => {
    const tree: FieldTree = new Map();
    while (i < fields.length) {
      const m = /^\s*([A-Za-z*]+(?:\/[A-Za-z]+)*)\s*/.exec(fields.slice(i));
      if (!m?.[1]) throw new Error(`Invalid fields at ${i}`);
      i += m[0].length;
      const path = m[1].split('/');
      let node = tree;
      for (const [k, part] of path.entries()) {
        if (k === path.length - 1) {
          if (fields[i] === '(') {
            i++;
            node.set(part, parse());
            if (fields[i] !== ')') throw new Error('Unbalanced parentheses');
            i++;
          } else node.set(part, true);
        } else {
          const next = node.get(part);
          const sub: FieldTree = next instanceof Map ? next : new Map();
          node.set(part, sub);
          node = sub;
        }
      }
      while (fields[i] === ' ') i++;
      if (fields[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    return tree;
  };
  const tree = parse();
  if (i !== fields.length) throw new Error('Invalid fields');
  return tree;
}

function pick(value: unknown, tree: FieldTree | true): unknown {
  if (tree === true || tree.has('*')) return value;
  if (Array.isArray(value)) return value.map((v) => pick(v, tree));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, sub] of tree) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = pick(v, sub);
  }
  return out;
}

/**
 * Starts the fake on 127.0.0.1.
 * @returns its origin, the GOOGLE_* endpoint variables, the inspectable state, and `close()`.
 */
export async function startFakeGoogle(opts: FakeGoogleOptions): Promise<FakeGoogle> {
  const ttl = opts.accessTokenTtlSeconds ?? 3599;
  const codes = new Map<string, CodeInfo>();
  const state: FakeGoogleState = {
    clientId: opts.clientId ?? 'fake-client-id.apps.googleusercontent.com',
    clientSecret: opts.clientSecret ?? 'fake-client-secret',
    files: opts.files,
    consent: 'allow',
    grantOnly: null,
    tokenRequests: [],
    revokedTokens: [],
    driveRequests: [],
    accessTokens: new Map(),
    refreshTokens: new Map(),
    expireAccessTokens() {
      for (const t of state.accessTokens.values()) t.expiresAt = 0;
    },
    revokeAll() {
      for (const t of state.accessTokens.values()) t.revoked = true;
      for (const t of state.refreshTokens.values()) t.revoked = true;
    },
  };
  let origin = '';

  const fileResource = (f: FakeDriveFile): Record<string, unknown> => ({
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    size: String(statSync(f.path).size),
    modifiedTime: f.modifiedTime,
    trashed: Boolean(f.trashed),
    ...(f.thumbnailPath ? { thumbnailLink: `${origin}/thumbnails/${encodeURIComponent(f.id)}` } : {}),
  });

  const authorize = (url: URL, res: ServerResponse) => {
    const p = url.searchParams;
    if (p.get('client_id') !== state.clientId) return errorPage(res, 401, 'invalid_client');
    const redirectUri = p.get('redirect_uri') ?? '';
    let redirect: URL;
    try {
      redirect = new URL(redirectUri);
    } catch {
      return errorPage(res, 400, 'redirect_uri_mismatch');
    }
    if (!/^https?:$/.test(redirect.protocol) || (opts.redirectUris && !opts.redirectUris.includes(redirectUri))) {
      return errorPage(res, 400, 'redirect_uri_mismatch');
    }
    if (p.get('response_type') !== 'code') return errorPage(res, 400, 'unsupported_response_type');
    const scopes = (p.get('scope') ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0 || !scopes.every((s) => GOOGLE_SCOPE.test(s))) return errorPage(res, 400, 'invalid_scope');
    const stateParam = p.get('state');
    if (state.consent === 'deny') {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const code = token('4/0A');
      const granted = state.grantOnly ? scopes.filter((s) => state.grantOnly?.includes(s)) : scopes;
      codes.set(code, {
        clientId: state.clientId,
        redirectUri,
        scope: granted.join(' '),
        offline: p.get('access_type') === 'offline',
        expiresAt: Date.now() + CODE_TTL_MS,
        used: false,
      });
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('scope', granted.join(' '));
    }
    if (stateParam !== null) redirect.searchParams.set('state', stateParam);
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  };

  const issueAccess = (refreshToken: string | null, scope: string) => {
    const at = token('ya29.');
    state.accessTokens.set(at, { refreshToken, scope, expiresAt: Date.now() + ttl * 1000, revoked: false });
    return at;
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readBody(req));
    const grantType = form.get('grant_type') ?? '';
    const fail = (status: number, error: string, description: string) => {
      state.tokenRequests.push({ grantType, ok: false });
      sendJson(res, status, { error, error_description: description });
    };
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    if (clientId !== state.clientId || clientSecret !== state.clientSecret) return fail(401, 'invalid_client', 'Unauthorized');
    if (grantType === 'authorization_code') {
      const code = form.get('code');
      if (!code) return fail(400, 'invalid_request', 'Missing required parameter: code');
      const info = codes.get(code);
      if (!info) return fail(400, 'invalid_grant', 'Malformed auth code.');
      if (info.used || info.expiresAt < Date.now()) return fail(400, 'invalid_grant', 'Bad Request');
      if (form.get('redirect_uri') !== info.redirectUri) return fail(400, 'redirect_uri_mismatch', 'Bad Request');
      info.used = true;
      let refreshToken: string | null = null;
      if (info.offline) {
        refreshToken = token('1//0g');
        state.refreshTokens.set(refreshToken, { scope: info.scope, revoked: false });
      }
      const at = issueAccess(refreshToken, info.scope);
      state.tokenRequests.push({ grantType, ok: true });
      return sendJson(res, 200, { access_token: at, expires_in: ttl, scope: info.scope, token_type: 'Bearer', ...(refreshToken ? { refresh_token: refreshToken } : {}) });
    }
    if (grantType === 'refresh_token') {
      const rt = form.get('refresh_token');
      if (!rt) return fail(400, 'invalid_request', 'Missing required parameter: refresh_token');
      const info = state.refreshTokens.get(rt);
      if (!info || info.revoked) return fail(400, 'invalid_grant', 'Token has been expired or revoked.');
      const at = issueAccess(rt, info.scope);
      state.tokenRequests.push({ grantType, ok: true });
      return sendJson(res, 200, { access_token: at, expires_in: ttl, scope: info.scope, token_type: 'Bearer' });
    }
    return fail(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
  };

  const revoke = async (url: URL, req: IncomingMessage, res: ServerResponse) => {
    const body = new URLSearchParams(await readBody(req));
    const t = url.searchParams.get('token') ?? body.get('token') ?? '';
    state.revokedTokens.push(t);
    const at = state.accessTokens.get(t);
    const rt = state.refreshTokens.get(t);
    if ((!at || at.revoked) && (!rt || rt.revoked)) return sendJson(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    const refresh = rt ? t : at?.refreshToken ?? null;
    if (refresh) {
      const r = state.refreshTokens.get(refresh);
      if (r) r.revoked = true;
    }
    for (const [key, info] of state.accessTokens) if (key === t || (refresh && info.refreshToken === refresh)) info.revoked = true;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{}');
  };

  /** Checks the Bearer token; answers 401/403 and returns false when it may not read Drive. */
  const driveAuth = (req: IncomingMessage, res: ServerResponse): boolean => {
    const m = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    const info = m?.[1] ? state.accessTokens.get(m[1]) : undefined;
    if (!info || info.revoked || info.expiresAt < Date.now()) {
      driveError(
        res,
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'authError',
        'UNAUTHENTICATED',
        { location: 'Authorization', locationType: 'header' },
      );
      return false;
    }
    if (!info.scope.split(' ').some((s) => DRIVE_READ_SCOPES.has(s))) {
      driveError(res, 403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', 'PERMISSION_DENIED');
      return false;
    }
    return true;
  };

  const listFiles = (url: URL, res: ServerResponse) => {
    const p = url.searchParams;
    let clauses: Clause[] = [];
    try {
      clauses = p.get('q') ? parseDriveQuery(p.get('q') ?? '') : [];
    } catch {
      return driveError(res, 400, 'Invalid Value', 'invalid', 'INVALID_ARGUMENT', { location: 'q', locationType: 'parameter' });
    }
    const pageSize = p.has('pageSize') ? Number(p.get('pageSize')) : 100;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
      return driveError(res, 400, `Invalid value '${p.get('pageSize')}'. Values must be within the range: [1, 1000]`, 'invalid', 'INVALID_ARGUMENT', { location: 'pageSize', locationType: 'parameter' });
    }
    let list = state.files.filter((f) => clauses.every((c) => matches(f, c)));
    const orderBy = p.get('orderBy');
    if (orderBy) {
      const m = /^(modifiedTime|name)( desc)?$/.exec(orderBy.trim());
      if (!m) return driveError(res, 400, 'Invalid Value', 'invalid', 'INVALID_ARGUMENT', { location: 'orderBy', locationType: 'parameter' });
      const key = m[1] as 'modifiedTime' | 'name';
      const dir = m[2] ? -1 : 1;
      list = [...list].sort((a, b) => {
        const av = key === 'modifiedTime' ? Date.parse(a.modifiedTime) : a.name.toLowerCase();
        const bv = key === 'modifiedTime' ? Date.parse(b.modifiedTime) : b.name.toLowerCase();
        return (av < bv ? -1 : av > bv ? 1 : 0) * dir;
      });
    }
    const offset = p.get('pageToken') ? Number(Buffer.from(p.get('pageToken') ?? '', 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return driveError(res, 400, 'Invalid Value', 'invalid', 'INVALID_ARGUMENT', { location: 'pageToken', locationType: 'parameter' });
    const page = list.slice(offset, offset + pageSize);
    const full = {
      kind: 'drive#fileList',
      incompleteSearch: false,
      files: page.map(fileResource),
      ...(offset + pageSize < list.length ? { nextPageToken: Buffer.from(String(offset + pageSize)).toString('base64url') } : {}),
    };
    let tree: FieldTree;
    try {
      tree = parseFields(p.get('fields') ?? 'kind,incompleteSearch,nextPageToken,files(kind,id,name,mimeType)');
    } catch {
      return driveError(res, 400, 'Invalid field selection', 'invalidParameter', 'INVALID_ARGUMENT', { location: 'fields', locationType: 'parameter' });
    }
    sendJson(res, 200, pick(full, tree));
  };

  const getFile = (id: string, url: URL, req: IncomingMessage, res: ServerResponse) => {
    const f = state.files.find((x) => x.id === id);
    if (!f) return driveError(res, 404, `File not found: ${id}.`, 'notFound', 'NOT_FOUND', { location: 'fileId', locationType: 'parameter' });
    if (url.searchParams.get('alt') !== 'media') {
      let tree: FieldTree;
      try {
        tree = parseFields(url.searchParams.get('fields') ?? 'kind,id,name,mimeType');
      } catch {
        return driveError(res, 400, 'Invalid field selection', 'invalidParameter', 'INVALID_ARGUMENT', { location: 'fields', locationType: 'parameter' });
      }
      return sendJson(res, 200, pick(fileResource(f), tree));
    }
    const size = statSync(f.path).size;
    const range = req.headers.range;
    if (range) {
      const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
      let start = m?.[1] ? Number(m[1]) : NaN;
      let end = m?.[2] ? Number(m[2]) : size - 1;
      if (m && !m[1] && m[2]) {
        start = Math.max(0, size - Number(m[2]));
        end = size - 1;
      }
      if (!m || Number.isNaN(start) || start >= size || end < start) {
        res.writeHead(416, { 'content-range': `bytes */${size}` });
        res.end();
        return;
      }
      end = Math.min(end, size - 1);
      res.writeHead(206, { 'content-type': f.mimeType, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}`, 'accept-ranges': 'bytes' });
      createReadStream(f.path, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { 'content-type': f.mimeType, 'content-length': size, 'accept-ranges': 'bytes' });
    createReadStream(f.path).pipe(res);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handle = async () => {
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return authorize(url, res);
      if (req.method === 'POST' && url.pathname === '/token') return tokenEndpoint(req, res);
      if (req.method === 'POST' && url.pathname === '/revoke') return revoke(url, req, res);
      const thumb = /^\/thumbnails\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && thumb?.[1]) {
        const f = state.files.find((x) => x.id === decodeURIComponent(thumb[1] ?? ''));
        if (!f?.thumbnailPath) {
          res.writeHead(404);
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': statSync(f.thumbnailPath).size });
        createReadStream(f.thumbnailPath).pipe(res);
        return;
      }
      if (req.method === 'GET' && url.pathname.startsWith('/drive/v3/files')) {
        state.driveRequests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), range: req.headers.range ?? null });
        if (!driveAuth(req, res)) return;
        if (url.pathname === '/drive/v3/files') return listFiles(url, res);
        const one = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
        if (one?.[1]) return getFile(decodeURIComponent(one[1]), url, req, res);
      }
      driveError(res, 404, 'Not Found', 'notFound', 'NOT_FOUND');
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { code: 500, message: String(err), status: 'INTERNAL' } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    env: {
      GOOGLE_OAUTH_AUTH_URL: `${origin}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${origin}/token`,
      GOOGLE_OAUTH_REVOKE_URL: `${origin}/revoke`,
      GOOGLE_DRIVE_API_URL: origin,
    },
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The fake Drive's standard files over the real media fixtures (`mediaDir` = shared/fixtures/media):
 * videos of several formats and dates, one with a quote in its name, an image, a trashed video, and
 * a "video" whose bytes are a WebVTT text (refused by magic bytes on import).
 */
export function fixtureDriveFiles(mediaDir: string): FakeDriveFile[] {
  const p = (name: string) => `${mediaDir.replace(/\/$/, '')}/${name}`;
  return [
    { id: 'gdEchoWebm0001', name: 'echo-hereweare.webm', mimeType: 'video/webm', path: p('echo-hereweare.webm'), modifiedTime: '2026-11-21T10:00:00.000Z', thumbnailPath: p('echo-hereweare.jpg') },
    { id: 'gdSampleMp40002', name: 'sample.mp4', mimeType: 'video/mp4', path: p('sample.mp4'), modifiedTime: '2026-11-20T10:00:00.000Z', thumbnailPath: p('big_buck_bunny.jpg') },
    { id: 'gdDirectorsCut3', name: "Director's cut.mkv", mimeType: 'video/x-matroska', path: p('sample.mkv'), modifiedTime: '2026-11-19T10:00:00.000Z' },
    { id: 'gdDesks3gp00004', name: 'video_desks.3gp', mimeType: 'video/3gpp', path: p('video_desks.3gp'), modifiedTime: '2026-11-18T10:00:00.000Z' },
    { id: 'gdSampleAvi0005', name: 'sample.avi', mimeType: 'video/x-msvideo', path: p('sample.avi'), modifiedTime: '2026-11-17T10:00:00.000Z' },
    { id: 'gdNotAVideo0006', name: 'not really a video.mp4', mimeType: 'video/mp4', path: p('english.vtt'), modifiedTime: '2026-11-16T10:00:00.000Z' },
    { id: 'gdPosterJpg0007', name: 'poster.jpg', mimeType: 'image/jpeg', path: p('big_buck_bunny.jpg'), modifiedTime: '2026-11-22T09:00:00.000Z' },
    { id: 'gdTrashedMp4008', name: 'old sample.mp4', mimeType: 'video/mp4', path: p('sample.mp4'), modifiedTime: '2026-11-22T08:00:00.000Z', trashed: true },
  ];
}
