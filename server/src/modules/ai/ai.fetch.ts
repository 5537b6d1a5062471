/**
 * The SSRF-safe website fetcher of the AI URL wizard (issue 16 "Generation on the server"; spec 001 §2
 * AI URL wizard; architecture note decision 4; docs/ai.md "SSRF rules").
 *
 * `fetchPage(url, limits, signal)` GETs one HTML page for the analysis and refuses, with a
 * `FetchRefusedError` (stable `code`, clear English `message`), anything that could reach the server's
 * own network:
 * - only `http:` / `https:` URLs, without `user:password@`;
 * - the host name is resolved ONCE per hop and EVERY address is checked with ipaddr.js: only global
 *   unicast addresses pass; loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16),
 *   unique-local (fc00::/7), carrier-grade NAT, unspecified, multicast, broadcast, reserved and the other
 *   special ranges are refused; IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) are checked as the IPv4
 *   address they carry; cloud metadata addresses and names get their own code and are refused even for
 *   allow-listed hosts;
 * - the connection goes to the checked addresses (a custom `lookup` answers the socket with them), so a
 *   second, different DNS answer cannot slip in (no DNS-rebinding gap);
 * - ports 80, 443, 8080 and 8443 only;
 * - redirects are followed by hand, at most `limits.maxRedirects` (5), every hop checked again;
 * - the body is read up to `limits.maxBytes` (after decompression), the whole fetch (all hops and the
 *   body) within `limits.timeoutMs`;
 * - only `text/html` / `application/xhtml+xml` answers with a 2xx status are accepted.
 * Hosts in `limits.allowlist` (`AI_FETCH_ALLOWLIST`: exact names or `*.suffix`, for tests and
 * intranets) skip the address and port checks only.
 *
 * The caller's `signal` cancels the fetch: it then rejects with the signal's reason (not a refusal).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import type { AiEnv } from '../../env';
import { FetchRefusedError, type FetchedPage, type FetchLimits, type FetchPage, type FetchRefusalCode } from './ai.types';

/** Redirects followed at most (issue 16: "also after each redirect, at most 5"). */
export const AI_FETCH_MAX_REDIRECTS = 5;

/** Ports a non-allow-listed website may be fetched on. */
export const AI_FETCH_PORTS: readonly number[] = [80, 443, 8080, 8443];

/** Cloud metadata endpoints (AWS/GCP/Azure/OpenStack 169.254.169.254, AWS ECS, AWS IPv6, Alibaba). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

const USER_AGENT = 'Mozilla/5.0 (compatible; VidbotAI/1.0; website analysis for an interactive video)';
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Resolves a host name to all its addresses (injectable for tests; default `dns.lookup` all). */
export type LookupAddresses = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemLookup: LookupAddresses = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The fetch limits of the AI settings (server/src/env.ts `AiEnv`). */
export function fetchLimitsOf(ai: Pick<AiEnv, 'fetchAllowlist' | 'fetchMaxBytes' | 'fetchTimeoutMs'>): FetchLimits {
  return {
    allowlist: ai.fetchAllowlist,
    maxBytes: ai.fetchMaxBytes,
    timeoutMs: ai.fetchTimeoutMs,
    maxRedirects: AI_FETCH_MAX_REDIRECTS,
  };
}

/**
 * A fetcher with its DNS resolver injected (tests: a name that resolves to a private address without
 * touching the real DNS). `fetchPage` is `createFetchPage()` with the system resolver.
 */
export function createFetchPage(opts: { lookup?: LookupAddresses } = {}): FetchPage {
  const resolve = opts.lookup ?? systemLookup;
  return (url, limits, signal) => fetchWith(resolve, url, limits, signal);
}

/**
 * GETs the HTML page at `url` (absolute http(s)) within `limits` (see the module doc for every rule).
 * @returns the final URL after redirects, the status, the content type and the decoded HTML.
 * @throws FetchRefusedError with one `code` per refusal (ai.types.ts `FetchRefusalCode`); the caller's
 *   `signal` reason when it aborts.
 */
export const fetchPage: FetchPage = createFetchPage();

/** Host name of a URL as matched and resolved: lower case, IPv6 brackets and a trailing dot removed. */
function bareHost(url: URL): string {
  let host = url.hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

/** True if `host` is listed in the allowlist (exact, or under a `*.suffix` entry). */
export function isAllowlisted(host: string, allowlist: readonly string[]): boolean {
  return allowlist.some((entry) => {
    const e = entry.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
    if (e.startsWith('*.')) return host.endsWith(e.slice(1)) && host.length > e.length - 1;
    return host === e;
  });
}

/**
 * Why `address` may not be fetched: 'metadata_address', 'private_address' (with the ipaddr.js range
 * name), or null for a global unicast address. IPv4-mapped IPv6 is judged as its IPv4 address.
 */
export function addressRefusal(
  address: string,
): { code: 'metadata_address' | 'private_address'; range: string; address: string } | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return { code: 'private_address', range: 'invalid', address };
  }
  const canonical = parsed.kind() === 'ipv6' ? (parsed as ipaddr.IPv6).toRFC5952String() : parsed.toString();
  const range = parsed.range();
  if (METADATA_ADDRESSES.has(canonical)) return { code: 'metadata_address', range, address: canonical };
  return range === 'unicast' ? null : { code: 'private_address', range, address: canonical };
}

const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local (private) IPv6 address',
  carrierGradeNat: 'a carrier-grade NAT address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return s === 1 ? '1 second' : `${+s.toFixed(1)} seconds`;
}

function refuse(code: FetchRefusalCode, message: string, url: string): never {
  throw new FetchRefusedError(code, message, url);
}

/** Checks the URL itself (scheme, credentials, metadata names); returns the bare host. */
function checkUrl(url: URL, shown: string): string {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    refuse('scheme', `Only http and https addresses can be fetched, not ${url.protocol.replace(/:$/, '')} addresses.`, shown);
  }
  if (url.username || url.password) {
    refuse('credentials', 'Addresses with a user name or password in them cannot be fetched.', shown);
  }
  const host = bareHost(url);
  if (METADATA_HOSTS.has(host)) {
    refuse('metadata_address', `${host} is a cloud metadata service; it is never fetched.`, shown);
  }
  return host;
}

/** Resolves and checks the host of one hop; returns the addresses to connect to. */
async function checkHost(
  resolve: LookupAddresses,
  url: URL,
  host: string,
  limits: FetchLimits,
  shown: string,
): Promise<LookupAddress[]> {
  const allowlisted = isAllowlisted(host, limits.allowlist);
  let addresses: LookupAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = (await resolve(host)).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) refuse('dns', `The host name ${host} could not be found.`, shown);
  }
  for (const { address } of addresses) {
    const refusal = addressRefusal(address);
    if (!refusal) continue;
    const shownAddress = refusal.address === address ? address : `${address}, i.e. ${refusal.address}`;
    const subject = host === address ? `${shownAddress} is` : `${host} resolves to ${shownAddress}, which is`;
    if (refusal.code === 'metadata_address') {
      refuse('metadata_address', `${subject} a cloud metadata address; it is never fetched.`, shown);
    }
    if (!allowlisted) {
      const what = RANGE_WORDS[refusal.range] ?? 'a special-purpose address';
      refuse(
        'private_address',
        `${subject} ${what}; addresses of private and local networks are not fetched (an administrator can allow an intranet host with AI_FETCH_ALLOWLIST).`,
        shown,
      );
    }
  }
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!allowlisted && !AI_FETCH_PORTS.includes(port)) {
    refuse('port', `Port ${port} is not allowed; websites are fetched on ports ${AI_FETCH_PORTS.slice(0, -1).join(', ')} and ${AI_FETCH_PORTS.at(-1)} only.`, shown);
  }
  return addresses;
}

/** One GET of one hop to the checked addresses. Resolves with the response (body unread). */
function request(url: URL, host: string, addresses: LookupAddress[], signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  // The socket connects to the addresses checked above: no second DNS answer (DNS rebinding).
  const pinned = (_hostname: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, addresses);
    else cb(null, addresses[0]!.address, addresses[0]!.family);
  };
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: false,
        lookup: pinned as unknown as typeof import('node:dns').lookup,
        signal,
        headers: {
          host: url.host,
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body stream, decompressed; an error or abort of the response also ends the decompressor. */
function decompressed(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const inflate =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!inflate) return res;
  pipeline(res, inflate, () => {});
  return inflate;
}

/** Decodes the body: the header's charset, else a BOM, else UTF-8 (windows-1252 if that is not valid UTF-8). */
function decode(bytes: Buffer, charset: string | undefined): string {
  if (charset) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // unknown label: fall through to sniffing
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function parseContentType(value: string | undefined): { type: string; charset: string | undefined } {
  const [type = '', ...params] = (value ?? '').split(';');
  let charset: string | undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq > 0 && param.slice(0, eq).trim().toLowerCase() === 'charset') {
      charset = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1') || undefined;
    }
  }
  return { type: type.trim().toLowerCase(), charset };
}

async function readBody(res: http.IncomingMessage, limits: FetchLimits, shown: string): Promise<Buffer> {
  const tooLarge = () =>
    refuse('too_large', `The page is larger than ${formatBytes(limits.maxBytes)}, the most that is read of a website.`, shown);
  const declared = Number(res.headers['content-length']);
  if (!res.headers['content-encoding'] && Number.isFinite(declared) && declared > limits.maxBytes) {
    res.destroy();
    tooLarge();
  }
  const stream = decompressed(res);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) {
        res.destroy();
        stream.destroy();
        tooLarge();
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (String((error as NodeJS.ErrnoException)?.code).startsWith('Z_')) {
      refuse('network', 'The website sent a damaged compressed page.', shown);
    }
    throw error;
  }
  return Buffer.concat(chunks);
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  EPIPE: 'the connection was closed',
};

/** `promise`, or a rejection as soon as `signal` aborts (a slow DNS answer counts against the timeout). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function fetchWith(resolve: LookupAddresses, input: string, limits: FetchLimits, signal?: AbortSignal): Promise<FetchedPage> {
  signal?.throwIfAborted();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), limits.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
  let shown = input;
  try {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      return refuse('scheme', 'This is not a valid web address.', input);
    }
    for (let redirects = 0; ; redirects++) {
      shown = url.toString();
      const host = checkUrl(url, shown);
      const addresses = await untilAborted(checkHost(resolve, url, host, limits, shown), combined);
      const res = await request(url, host, addresses, combined);
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && res.headers.location) {
        res.destroy();
        if (redirects >= limits.maxRedirects) {
          refuse('too_many_redirects', `The website redirected more than ${limits.maxRedirects} times.`, shown);
        }
        try {
          url = new URL(res.headers.location, url);
        } catch {
          refuse('http_status', `The website redirected to an invalid address.`, shown);
        }
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        const reason = http.STATUS_CODES[status];
        refuse('http_status', `The website answered with HTTP status ${status}${reason ? ` (${reason})` : ''}.`, shown);
      }
      const { type, charset } = parseContentType(res.headers['content-type']);
      if (!HTML_TYPES.has(type)) {
        res.destroy();
        refuse('content_type', `The address is not a web page (its content type is ${type || 'not given'}); only HTML pages can be analysed.`, shown);
      }
      const bytes = await readBody(res, limits, shown);
      return { url: shown, status, contentType: res.headers['content-type'] ?? type, html: decode(bytes, charset) };
    }
  } catch (error) {
    if (error instanceof FetchRefusedError) throw error;
    if (signal?.aborted) throw signal.reason;
    if (timeout.signal.aborted) {
      refuse('timeout', `The website did not answer within ${formatSeconds(limits.timeoutMs)}.`, shown);
    }
    const code = (error as NodeJS.ErrnoException)?.code ?? '';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') refuse('dns', `The host name ${bareHost(new URL(shown))} could not be found.`, shown);
    const words = NETWORK_WORDS[code] ?? (code.startsWith('ERR_TLS') || code.includes('CERT') ? 'its secure connection (TLS) could not be verified' : 'the connection failed');
    refuse('network', `The website could not be reached: ${words}.`, shown);
  } finally {
    clearTimeout(timer);
  }
}
