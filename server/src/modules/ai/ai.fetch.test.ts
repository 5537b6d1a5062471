/**
 * The SSRF-safe fetcher (issue 16 "Tests": loopback, 10/8, 169.254.169.254, a redirect to a private
 * address and a non-http scheme are refused; architecture note decision 4; docs/ai.md "SSRF rules").
 * The bakery website fixture runs on 127.0.0.1; tests that need a name resolving somewhere inject the
 * resolver (`createFetchPage({ lookup })`) — the machine has no internet.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebsite, type Website } from '../../../test/fakes/website';
import { addressRefusal, AI_FETCH_MAX_REDIRECTS, createFetchPage, fetchLimitsOf, fetchPage, isAllowlisted, type LookupAddresses } from './ai.fetch';
import { FetchRefusedError, type FetchLimits } from './ai.types';

const limits = (over: Partial<FetchLimits> = {}): FetchLimits => ({
  allowlist: [],
  maxBytes: 1024 * 1024,
  timeoutMs: 5000,
  maxRedirects: AI_FETCH_MAX_REDIRECTS,
  ...over,
});
const local = (over: Partial<FetchLimits> = {}) => limits({ allowlist: ['127.0.0.1'], ...over });

/** The FetchRefusedError `promise` rejects with (fails the test if it resolves or rejects otherwise). */
async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  const refused = error as FetchRefusedError;
  expect(refused.message.length).toBeGreaterThan(20);
  return refused;
}

/** A resolver answering fixed addresses per name, counting its calls; unknown names fail like DNS. */
function fakeDns(table: Record<string, string[]>): LookupAddresses & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

const noDns: LookupAddresses = async (hostname) => {
  throw new Error(`the resolver must not be asked (${hostname})`);
};

let site: Website;
const drips = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  const redirect = (location: string) => (_req: IncomingMessage, res: ServerResponse) =>
    void res.writeHead(302, { location }).end();
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/to-private': redirect('http://10.0.0.1/'),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-ftp': redirect('ftp://127.0.0.1/'),
    '/to-home': redirect('/index.html'),
    '/big': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${'x'.repeat(50_000)}</p>`),
    '/big-chunked': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 50; i++) res.write(`<p>${'y'.repeat(1000)}</p>`);
      res.end();
    },
    '/bomb': (_req, res) =>
      void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(`<p>${'z'.repeat(200_000)}</p>`)),
    '/gzip': (_req, res) =>
      void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' })
        .end(gzipSync('<!doctype html><title>Packed</title><h1>Kardemummapulla</h1>')),
    '/latin1': (_req, res) =>
      void res
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from('<!doctype html><title>Häme</title><p>Jyvät jauhetaan Hämeessä.</p>', 'latin1')),
    '/silent': () => {
      // never answers: the fetch must give up at its time limit
    },
    '/drip': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>.</p>'), 50);
      drips.add(timer);
      req.on('close', () => clearInterval(timer));
    },
    '/image.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64)),
    '/data.json': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    '/host': (req, res) =>
      void res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>${req.headers.host}</title>`),
  };
  for (let i = 1; i <= 10; i++) routes[`/hop/${i}`] = redirect(i === 1 ? '/index.html' : `/hop/${i - 1}`);
  site = await startWebsite({ routes });
});

afterAll(async () => {
  for (const timer of drips) clearInterval(timer);
  await site.close();
});

describe('fetchPage: what it fetches', () => {
  it('fetches an allow-listed host: the final URL, the status, the content type and the HTML', async () => {
    const page = await fetchPage(site.url('/'), local());
    expect(page).toMatchObject({ url: site.url('/'), status: 200, contentType: 'text/html; charset=utf-8' });
    expect(page.html).toContain('Aurora Bakery');
  });

  it('follows redirects and answers the final URL', async () => {
    const page = await fetchPage(site.url('/to-home'), local());
    expect(page.url).toBe(site.url('/index.html'));
    expect(page.html).toContain('Fresh sourdough every morning');
  });

  it('follows exactly 5 redirects, refuses the 6th', async () => {
    const five = await fetchPage(site.url('/hop/5'), local());
    expect(five.url).toBe(site.url('/index.html'));
    const six = await refusal(fetchPage(site.url('/hop/6'), local()));
    expect(six.code).toBe('too_many_redirects');
    expect(six.message).toContain('more than 5 times');
  });

  it('decompresses gzip and decodes the charset of the content type', async () => {
    expect((await fetchPage(site.url('/gzip'), local())).html).toContain('Kardemummapulla');
    expect((await fetchPage(site.url('/latin1'), local())).html).toContain('Jyvät jauhetaan Hämeessä.');
  });

  it('connects to the address it checked: one resolution per hop, the Host header kept', async () => {
    const dns = fakeDns({ 'bakery.test': ['127.0.0.1'] });
    const port = new URL(site.origin).port;
    const page = await createFetchPage({ lookup: dns })(`http://bakery.test:${port}/host`, limits({ allowlist: ['bakery.test'] }));
    // bakery.test does not exist in the system's DNS: the socket used the checked address.
    expect(page.html).toContain(`<title>bakery.test:${port}</title>`);
    expect(dns.calls).toEqual(['bakery.test']);
  });

  it('the limits come from the AI settings (AI_FETCH_ALLOWLIST, AI_FETCH_MAX_BYTES, AI_FETCH_TIMEOUT_MS)', () => {
    expect(fetchLimitsOf({ fetchAllowlist: ['intranet.corp'], fetchMaxBytes: 1000, fetchTimeoutMs: 2000 })).toEqual({
      allowlist: ['intranet.corp'],
      maxBytes: 1000,
      timeoutMs: 2000,
      maxRedirects: 5,
    });
  });
});

describe('fetchPage: SSRF refusals', () => {
  it('refuses loopback (127.0.0.1) without connecting', async () => {
    const before = site.requests.length;
    const error = await refusal(fetchPage(site.url('/'), limits()));
    expect(error).toMatchObject({ code: 'private_address', url: site.url('/') });
    expect(error.message).toContain('127.0.0.1 is a loopback address');
    expect(site.requests.length).toBe(before);
  });

  it('refuses localhost (resolved by the system resolver)', async () => {
    const error = await refusal(fetchPage(`http://localhost:${new URL(site.origin).port}/`, limits()));
    expect(error.code).toBe('private_address');
    expect(error.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/);
  });

  it.each([
    ['http://10.0.0.1/', 'private network'],
    ['http://10.255.255.255/', 'private network'],
    ['http://172.16.0.1/', 'private network'],
    ['http://172.31.255.254/', 'private network'],
    ['http://192.168.1.1/', 'private network'],
    ['http://169.254.1.1/', 'link-local'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://[::1]/', 'loopback'],
    ['http://[fd00::1]/', 'unique-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:10.0.0.1]/', 'private network'],
    ['http://2130706433/', 'loopback'], // 127.0.0.1 written as a number (the URL parser normalises it)
    ['http://0x7f.1/', 'loopback'],
  ])('refuses %s (%s)', async (url, words) => {
    const error = await refusal(createFetchPage({ lookup: noDns })(url, limits()));
    expect(error.code).toBe('private_address');
    expect(error.message).toContain(words);
  });

  it.each(['http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/', 'http://[::ffff:169.254.169.254]/', 'http://metadata.google.internal/'])(
    'refuses the cloud metadata endpoint %s, even when allow-listed',
    async (url) => {
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      const error = await refusal(createFetchPage({ lookup: noDns })(url, limits({ allowlist: [host, '169.254.169.254'] })));
      expect(error.code).toBe('metadata_address');
      expect(error.message).toContain('never fetched');
    },
  );

  it('refuses a name that resolves to a private address, and checks every address of the name', async () => {
    const dns = fakeDns({ 'intranet.example': ['10.1.2.3'], 'mixed.example': ['93.184.215.14', '192.168.0.10'] });
    const fetch = createFetchPage({ lookup: dns });
    const one = await refusal(fetch('https://intranet.example/', limits()));
    expect(one.code).toBe('private_address');
    expect(one.message).toContain('intranet.example resolves to 10.1.2.3');
    const mixed = await refusal(fetch('https://mixed.example/', limits()));
    expect(mixed.code).toBe('private_address');
    expect(mixed.message).toContain('192.168.0.10');
  });

  it('refuses a redirect to a private address, to the metadata address, to a non-allow-listed name and to another scheme', async () => {
    const toPrivate = await refusal(fetchPage(site.url('/to-private'), local()));
    expect(toPrivate).toMatchObject({ code: 'private_address', url: 'http://10.0.0.1/' });
    const toMetadata = await refusal(fetchPage(site.url('/to-metadata'), local()));
    expect(toMetadata.code).toBe('metadata_address');
    const toFtp = await refusal(fetchPage(site.url('/to-ftp'), local()));
    expect(toFtp.code).toBe('scheme');
    // the allowlist names hosts: localhost is another name than 127.0.0.1
    const localhost = `http://localhost:${new URL(site.origin).port}/`;
    const routes = { '/to-localhost': (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(301, { location: localhost }).end() };
    const other = await startWebsite({ routes });
    try {
      const error = await refusal(fetchPage(other.url('/to-localhost'), local()));
      expect(error).toMatchObject({ code: 'private_address', url: localhost });
    } finally {
      await other.close();
    }
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<h1>x</h1>', 'gopher://example.com/', 'not a url'])(
    'refuses %s (not http or https)',
    async (url) => {
      const error = await refusal(createFetchPage({ lookup: noDns })(url, limits({ allowlist: ['example.com'] })));
      expect(error.code).toBe('scheme');
    },
  );

  it('refuses credentials in the URL, even for an allow-listed host', async () => {
    const url = site.url('/').replace('http://', 'http://admin:secret@');
    const before = site.requests.length;
    const error = await refusal(fetchPage(url, local()));
    expect(error.code).toBe('credentials');
    expect(site.requests.length).toBe(before);
  });

  it('refuses a port other than 80, 443, 8080 and 8443 for a public address (before connecting)', async () => {
    const error = await refusal(createFetchPage({ lookup: noDns })('http://93.184.215.14:25/', limits()));
    expect(error.code).toBe('port');
    expect(error.message).toContain('Port 25');
  });

  it('reports a name that does not resolve', async () => {
    const error = await refusal(createFetchPage({ lookup: fakeDns({}) })('https://no-such-bakery.example/', limits()));
    expect(error).toMatchObject({ code: 'dns' });
    expect(error.message).toContain('no-such-bakery.example could not be found');
  });
});

describe('fetchPage: limits and answers', () => {
  it('refuses a body over maxBytes: declared, chunked, and after decompression', async () => {
    for (const path of ['/big', '/big-chunked', '/bomb']) {
      const error = await refusal(fetchPage(site.url(path), local({ maxBytes: 10_000 })));
      expect(error.code).toBe('too_large');
      expect(error.message).toContain('9.8 kB');
    }
  });

  it('gives up at the time limit: no answer, or a body that never ends', async () => {
    for (const path of ['/silent', '/drip']) {
      const error = await refusal(fetchPage(site.url(path), local({ timeoutMs: 400 })));
      expect(error.code).toBe('timeout');
      expect(error.message).toBe('The website did not answer within 0.4 seconds.');
    }
  });

  it('refuses what is not an HTML page', async () => {
    for (const [path, type] of [
      ['/image.png', 'image/png'],
      ['/data.json', 'application/json'],
    ]) {
      const error = await refusal(fetchPage(site.url(path!), local()));
      expect(error.code).toBe('content_type');
      expect(error.message).toContain(type);
    }
  });

  it('refuses an error status', async () => {
    const error = await refusal(fetchPage(site.url('/missing.html'), local()));
    expect(error.code).toBe('http_status');
    expect(error.message).toBe('The website answered with HTTP status 404 (Not Found).');
  });

  it('reports a connection that cannot be made', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const error = await refusal(fetchPage(`http://127.0.0.1:${port}/`, local()));
    expect(error.code).toBe('network');
    expect(error.message).toContain('connection was refused');
  });

  it("the caller's abort is not a refusal: the promise rejects with the signal's reason", async () => {
    const controller = new AbortController();
    const pending = fetchPage(site.url('/silent'), local(), controller.signal);
    setTimeout(() => controller.abort(new Error('job cancelled')), 100);
    await expect(pending).rejects.toThrow('job cancelled');
  });
});

describe('allowlist and address rules', () => {
  it('matches exact names and *.suffix entries only', () => {
    expect(isAllowlisted('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isAllowlisted('wiki.intranet.corp', ['*.intranet.corp'])).toBe(true);
    expect(isAllowlisted('intranet.corp', ['*.intranet.corp'])).toBe(false);
    expect(isAllowlisted('evilintranet.corp', ['*.intranet.corp'])).toBe(false);
    expect(isAllowlisted('intranet.corp.evil.example', ['intranet.corp'])).toBe(false);
    expect(isAllowlisted('::1', ['[::1]'])).toBe(true);
  });

  it('an allow-listed host skips the address and port checks (the fixture on 127.0.0.1:<random port>)', async () => {
    await expect(fetchPage(site.url('/about.html'), local())).resolves.toMatchObject({ status: 200 });
    const error = await refusal(fetchPage(site.url('/about.html'), limits({ allowlist: ['127.0.0.2'] })));
    expect(error.code).toBe('private_address');
  });

  it('passes global unicast addresses and refuses the boundaries of the private ranges', () => {
    for (const ok of ['93.184.215.14', '172.15.255.255', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700::1111']) {
      expect(addressRefusal(ok), ok).toBeNull();
    }
    for (const refused of ['127.255.255.254', '10.0.0.0', '172.16.0.0', '172.31.255.255', '192.168.255.255', '169.254.0.1', 'fc00::1', '::', '64:ff9b::a00:1', '2002:a00:1::1']) {
      expect(addressRefusal(refused)?.code, refused).toBe('private_address');
    }
    expect(addressRefusal('169.254.169.254')?.code).toBe('metadata_address');
  });
});
