/**
 * The page model and the site capture of the AI URL wizard (issue 16; spec 001 §2, §9 relative links
 * made absolute): the bakery website fixture (server/test/fixtures/website) served on 127.0.0.1 and read
 * through the real fetcher with 127.0.0.1 allow-listed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebsite, type Website } from '../../../test/fakes/website';
import { AI_FETCH_MAX_REDIRECTS, fetchPage } from './ai.fetch';
import { isSameSite, parsePage } from './ai.page';
import { captureSite, navigationTargets } from './ai.site';
import { FetchRefusedError, type FetchLimits, type FetchPage } from './ai.types';

const limits: FetchLimits = { allowlist: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5000, maxRedirects: AI_FETCH_MAX_REDIRECTS };

let site: Website;
beforeAll(async () => {
  site = await startWebsite();
});
afterAll(async () => {
  await site.close();
});

describe('parsePage: the bakery start page', () => {
  it('reads the title, site name, description, language and headings', async () => {
    const page = parsePage(await fetchPage(site.url('/'), limits));
    expect(page.url).toBe(site.url('/'));
    expect(page.title).toBe('Aurora Bakery | Sourdough and pastries baked in Helsinki');
    expect(page.siteName).toBe('Aurora Bakery');
    expect(page.description).toMatch(/^Aurora Bakery bakes organic sourdough bread, cardamom buns/);
    expect(page.lang).toBe('en');
    expect(page.headings).toEqual([
      { level: 1, text: 'Fresh sourdough every morning' },
      { level: 2, text: 'Order for pickup or delivery' },
      { level: 2, text: 'Celebration cakes' },
      { level: 3, text: 'Gluten-free and vegan options' },
    ]);
  });

  it("reads the main text with Readability, without the navigation's or the footer's words", async () => {
    const page = parsePage(await fetchPage(site.url('/'), limits));
    expect(page.mainText).toContain('Aurora Bakery is a family bakery in Kallio, Helsinki.');
    expect(page.mainText).toContain('Every loaf rises for at least 24 hours.');
    expect(page.mainText).not.toContain('Privacy policy');
    expect(page.mainText).not.toContain('Helsinginkatu 12');
    expect(page.mainText).not.toContain('About us');
    expect(page.mainText).not.toMatch(/\s{2}/);
    expect(page.paragraphs[0]).toBe(
      'Aurora Bakery is a family bakery in Kallio, Helsinki. Since 2012 we have baked organic sourdough bread, cardamom buns and cakes by hand, with flour milled at a small farm in Häme.',
    );
    expect(page.paragraphs).toContain('We bake gluten-free and vegan breads and cakes in a separate kitchen so that everyone at the table can enjoy them.');
  });

  it('makes every link absolute, with its area and whether it is internal; mailto is dropped', async () => {
    const page = parsePage(await fetchPage(site.url('/'), limits));
    const nav = page.links.filter((l) => l.area === 'nav');
    expect(nav.map((l) => [l.text, l.url])).toEqual([
      ['Aurora Bakery', site.url('/')],
      ['Our breads', site.url('/products.html')],
      ['Catering', site.url('/catering/')],
      ['About us', site.url('/about.html')],
      ['Prices', site.url('/pricing.html')],
      ['Contact', site.url('/contact.html')],
    ]);
    expect(nav.every((l) => l.internal)).toBe(true);
    expect(page.links.filter((l) => l.area === 'main')).toEqual([
      { url: site.url('/order.html'), text: 'Order online', area: 'main', internal: true },
    ]);
    expect(page.links.filter((l) => l.area === 'footer')).toEqual([
      { url: 'https://www.instagram.com/aurorabakery', text: 'Instagram', area: 'footer', internal: false },
      { url: site.url('/privacy.html'), text: 'Privacy policy', area: 'footer', internal: true },
    ]);
    expect(page.links.some((l) => l.url.startsWith('mailto:'))).toBe(false);
  });

  it('resolves ../ and ./ links against a page in a folder', async () => {
    const page = parsePage(await fetchPage(site.url('/catering/'), limits));
    expect(page.title).toBe('Catering for companies | Aurora Bakery');
    expect(page.siteName).toBe('Aurora Bakery'); // the title's site part (no og:site_name here)
    expect(page.links.map((l) => `${l.area} ${l.url}`)).toEqual([
      `nav ${site.url('/')}`,
      `nav ${site.url('/products.html')}`,
      `nav ${site.url('/catering/')}`,
      `nav ${site.url('/contact.html')}`,
      `main ${site.url('/contact.html')}`,
    ]);
  });
});

describe('parsePage: other HTML', () => {
  const parse = (html: string, url = 'https://www.example-bakery.fi/shop/') => parsePage({ url, html });

  it('honours <base href>, drops same-page anchors, javascript: and tel:, removes #fragments, keeps one link per URL and area', () => {
    const page = parse(`<!doctype html><html><head><base href="https://www.example-bakery.fi/fi/"><title>Leipomo</title></head><body>
      <nav role="navigation"><a href="leivat">Leivät</a><a href="leivat#ruis">Ruisleipä</a><a href="#top">Alkuun</a></nav>
      <p><a href="javascript:void(0)">x</a><a href="tel:+35840">Soita</a><a href="https://shop.example-bakery.fi/cart"><img alt="Ostoskori" src="cart.png"></a>
      <a href="https://example.com/partner" aria-label="Kumppani"></a></p></body></html>`);
    expect(page.links).toEqual([
      { url: 'https://www.example-bakery.fi/fi/leivat', text: 'Leivät', area: 'nav', internal: true },
      { url: 'https://shop.example-bakery.fi/cart', text: 'Ostoskori', area: 'main', internal: true },
      { url: 'https://example.com/partner', text: 'Kumppani', area: 'main', internal: false },
    ]);
  });

  it('never runs the page\'s scripts and survives broken markup', () => {
    const page = parse(`<title>Broken</title><script>document.title = 'Hacked'; globalThis.ran = true;</script>
      <main><h1>Open <b>tags</h1><p>Paragraph one<p>Paragraph two<ul><li>Rye<li>Wheat</ul></main></div></span>`);
    expect(page.title).toBe('Broken');
    expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
    expect(page.headings[0]?.text).toBe('Open tags');
    expect(page.mainText).toContain('Paragraph two');
    expect(page.paragraphs).toEqual(['Paragraph one', 'Paragraph two', 'Rye', 'Wheat']);
    expect(page.mainText).toContain('Rye Wheat');
  });

  it('falls back to og:title, og:site_name-less titles and the host name', () => {
    expect(parse('<meta property="og:title" content="Kakut"><p>x</p>').title).toBe('Kakut');
    expect(parse('<h1>Only a heading</h1>').title).toBe('Only a heading');
    const bare = parse('<p>x</p>');
    expect(bare.title).toBe('www.example-bakery.fi');
    expect(bare.siteName).toBe('example-bakery.fi');
    // the part of the title that names the host wins, wherever it is
    expect(parse('<title>Example Bakery - Cakes</title>').siteName).toBe('Example Bakery');
    expect(parse('<title>Cakes — Example Bakery</title>').siteName).toBe('Example Bakery');
    expect(parse('<title>Cakes | Kakkutehdas</title>').siteName).toBe('Kakkutehdas');
    expect(parse('<title>Cakes</title><meta name="application-name" content="Bakery App">').siteName).toBe('Bakery App');
  });

  it('a short page: its content without the menus and the footer; an empty page: no text', () => {
    const page = parse('<header><nav><a href="/">Home</a></nav></header><main><p>Tiny.</p></main><footer>Footer words</footer>');
    expect(page.mainText).toBe('Tiny.');
    expect(page.paragraphs).toEqual(['Tiny.']);
    const empty = parse('<title>Empty</title>');
    expect(empty).toMatchObject({ title: 'Empty', mainText: '', paragraphs: [], headings: [], links: [] });
  });

  it('same site: the host ignoring www, or a subdomain; scheme and port ignored', () => {
    expect(isSameSite('https://www.a.fi/x', 'http://a.fi/')).toBe(true);
    expect(isSameSite('https://shop.a.fi/', 'https://www.a.fi/')).toBe(true);
    expect(isSameSite('https://a.fi.evil.com/', 'https://a.fi/')).toBe(false);
    expect(isSameSite('https://b.fi/', 'https://a.fi/')).toBe(false);
    expect(isSameSite('http://127.0.0.1:1/', 'http://127.0.0.1:2/')).toBe(true);
  });
});

describe('captureSite', () => {
  it('captures the start page and the 5 pages of its main navigation, in navigation order', async () => {
    const before = site.requests.length;
    const capture = await captureSite(site.url('/'), limits);
    expect(capture.start.siteName).toBe('Aurora Bakery');
    expect(capture.pages.map((p) => p.url)).toEqual([
      site.url('/products.html'),
      site.url('/catering/'),
      site.url('/about.html'),
      site.url('/pricing.html'),
      site.url('/contact.html'),
    ]);
    expect(capture.pages.map((p) => p.headings[0]?.text)).toEqual(['Our breads', 'Catering for meetings and events', 'A family bakery since 2012', 'Prices', 'Contact us']);
    // neither the footer's privacy page nor the content's order page is a navigation page
    const asked = site.requests.slice(before);
    expect(asked).not.toContain('/privacy.html');
    expect(asked).not.toContain('/order.html');
    expect(asked.filter((p) => p === '/')).toHaveLength(1);
  });

  it('fetches at most 2 navigation pages at a time', async () => {
    let active = 0;
    let most = 0;
    const slow: FetchPage = async (url, l, signal) => {
      const isStart = url === site.url('/');
      if (!isStart) most = Math.max(most, ++active);
      try {
        if (!isStart) await new Promise((r) => setTimeout(r, 40));
        return await fetchPage(url, l, signal);
      } finally {
        if (!isStart) active--;
      }
    };
    const capture = await captureSite(site.url('/'), limits, undefined, { fetchPage: slow });
    expect(capture.pages).toHaveLength(5);
    expect(most).toBe(2);
  });

  it('skips navigation pages that fail, and a page that redirects to another site', async () => {
    const html = `<!doctype html><title>Shop | Shop</title><nav><a href="/gone.html">Gone</a><a href="/away">Away</a><a href="/image.png">Image</a><a href="/ok.html">Ok</a></nav><main><p>Start</p></main>`;
    const routes = {
      '/': (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html),
      '/away': (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(302, { location: site.url('/about.html').replace('127.0.0.1', 'localhost') }).end(),
      '/image.png': (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'image/png' }).end('png'),
      '/ok.html': (_req: IncomingMessage, res: ServerResponse) =>
        void res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Ok</title><main><h1>Fine page</h1></main>'),
    };
    const shop = await startWebsite({ routes });
    try {
      const capture = await captureSite(shop.url('/'), { ...limits, allowlist: ['127.0.0.1', 'localhost'] });
      expect(capture.pages.map((p) => p.headings[0]?.text)).toEqual(['Fine page']);
      expect(shop.requests).toEqual(expect.arrayContaining(['/gone.html', '/away', '/image.png', '/ok.html']));
    } finally {
      await shop.close();
    }
  });

  it("the start page's refusal is the capture's failure", async () => {
    const error = await captureSite(site.url('/'), { ...limits, allowlist: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefusedError);
    expect((error as FetchRefusedError).code).toBe('private_address');
  });

  it('a cancelled capture stops with the signal\'s reason', async () => {
    const controller = new AbortController();
    const cancelling: FetchPage = async (url, l, signal) => {
      const page = await fetchPage(url, l, signal);
      controller.abort(new Error('cancelled by the user'));
      return page;
    };
    await expect(captureSite(site.url('/'), limits, controller.signal, { fetchPage: cancelling })).rejects.toThrow('cancelled by the user');
  });

  it('navigation targets: same-site nav links without the start page; content links when there is no navigation', () => {
    const start = parsePage({
      url: 'https://a.fi/',
      html: '<main><p><a href="/one">One</a> <a href="https://b.fi/">B</a> <a href="/one#x">One again</a> <a href="/two">Two</a></p></main>',
    });
    expect(navigationTargets(start)).toEqual(['https://a.fi/one', 'https://a.fi/two']);
    const withNav = parsePage({
      url: 'https://a.fi/',
      html: '<nav>' + Array.from({ length: 8 }, (_, i) => `<a href="/p${i}">P${i}</a>`).join('') + '<a href="/">Home</a></nav><main><a href="/c">C</a></main>',
    });
    expect(navigationTargets(withNav)).toEqual(['https://a.fi/p0', 'https://a.fi/p1', 'https://a.fi/p2', 'https://a.fi/p3', 'https://a.fi/p4']);
  });
});
