/**
 * embed.codes.ts (spec 001 §2 Share pages, §4 Share code, §9 iframe 650×340; spec 002 §9; issue 12
 * architecture §1, §2, §6; issue 20): the exact codes, escaping, the CSP additions per embed kind.
 */
import { describe, expect, it } from 'vitest';
import {
  adFrameUrl,
  adHarnessUrl,
  cspAdditions,
  cspLine,
  cspSource,
  directLink,
  embedBase,
  escapeHtml,
  iframeCode,
  iframeSize,
  iframeUrl,
  widgetCode,
  widgetPreviewUrl,
} from './embed.codes';

const V = 'https://vidbot.example.com';

describe('embedBase / cspSource', () => {
  it('strips trailing slashes and keeps a path prefix for URLs; CSP names the origin only', () => {
    expect(embedBase('https://vidbot.example.com/')).toBe(V);
    expect(embedBase('http://127.0.0.1:3215')).toBe('http://127.0.0.1:3215');
    expect(embedBase('https://example.com/vidbot//')).toBe('https://example.com/vidbot');
    expect(cspSource('https://example.com/vidbot/')).toBe('https://example.com');
    expect(cspSource('http://127.0.0.1:3215/')).toBe('http://127.0.0.1:3215');
  });
  it('refuses what is not an absolute http(s) URL', () => {
    expect(() => embedBase('vidbot.example.com')).toThrow(TypeError);
    expect(() => cspSource('javascript:alert(1)')).toThrow(TypeError);
    expect(() => widgetCode('', 'abc')).toThrow(TypeError);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that can end an attribute or start markup', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });
});

describe('widgetCode', () => {
  it('is the async loader tag naming the public id (architecture §1)', () => {
    expect(widgetCode(V, 'Ab3_x-9')).toBe(`<script async src="${V}/embed/loader.js" data-vidbot-id="Ab3_x-9"></script>`);
  });
  it('is the synchronous script with the public id in its path when sync (spec 002 §9)', () => {
    expect(widgetCode(`${V}/`, 'Ab3', { sync: true })).toBe(`<script src="${V}/embed/sync/Ab3.js" referrerpolicy="no-referrer-when-downgrade"></script>`);
  });
  it('writes the consent storages as data attributes in a fixed order, ignoring unknown values', () => {
    const code = widgetCode(V, 'abc', { consent: { securityStorage: 'granted', analyticsStorage: 'denied', adStorage: 'maybe' as never } });
    expect(code).toBe(`<script async src="${V}/embed/loader.js" data-vidbot-id="abc" data-analytics-storage="denied" data-security-storage="granted"></script>`);
    expect(widgetCode(V, 'abc', { sync: true, consent: { adStorage: 'granted' } })).toBe(`<script src="${V}/embed/sync/abc.js" referrerpolicy="no-referrer-when-downgrade" data-ad-storage="granted"></script>`);
  });
  it('cannot be broken out of by a hostile public id', () => {
    const code = widgetCode(V, '"><img src=x onerror=alert(1)>');
    expect(code).not.toContain('<img');
    expect(code).toContain('data-vidbot-id="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(widgetCode(V, 'a/../b"', { sync: true })).toBe(`<script src="${V}/embed/sync/a%2F..%2Fb%22.js" referrerpolicy="no-referrer-when-downgrade"></script>`);
  });
});

describe('iframeCode', () => {
  it('defaults to 650×340 with the channel, the allow list and the bot name as title (spec 001 §9)', () => {
    expect(iframeCode(V, 'abc', {}, 'Welcome')).toBe(
      `<iframe src="${V}/e/abc?channel=iframe" title="Welcome" width="650" height="340" allow="autoplay; fullscreen; clipboard-write" allowfullscreen loading="lazy"></iframe>`,
    );
  });
  it('takes an iframeSettings object as is: its size, not its language (the page applies that)', () => {
    const settings = { language: 'fi', width: 800.4, height: 450, autoplayOnScroll: true, hideActionButtonsUntilPlay: false, thumbnail: { thumbnailType: 'frame' as const, slide: null, time: 0 } };
    const code = iframeCode(V, 'abc', settings, 'Bot');
    expect(code).toContain(`src="${V}/e/abc?channel=iframe"`);
    expect(code).toContain('width="800" height="450"');
  });
  it('writes lang and slide overrides into the src, escaped', () => {
    expect(iframeUrl(V, 'abc', { lang: 'fi', slide: 3 })).toBe(`${V}/e/abc?channel=iframe&lang=fi&slide=3`);
    expect(iframeCode(V, 'abc', { lang: 'fi', slide: 3 })).toContain(`src="${V}/e/abc?channel=iframe&amp;lang=fi&amp;slide=3"`);
  });
  it('escapes the title and falls back to "Vidbot"', () => {
    expect(iframeCode(V, 'abc', { title: '"Hi" <b>' })).toContain('title="&quot;Hi&quot; &lt;b&gt;"');
    expect(iframeCode(V, 'abc', {}, '  ')).toContain('title="Vidbot"');
    expect(iframeCode(V, 'abc', { title: 'Own' }, 'Name')).toContain('title="Own"');
  });
  it('never writes a style attribute (a strict host CSP would block it)', () => {
    expect(iframeCode(V, 'abc', { width: 1, height: 1 })).not.toMatch(/style=/);
  });
  it('replaces unusable sizes by the defaults', () => {
    expect(iframeSize({ width: 0, height: Number.NaN })).toEqual({ width: 650, height: 340 });
    expect(iframeSize({ width: -5, height: null })).toEqual({ width: 650, height: 340 });
    expect(iframeSize({ width: 320.6, height: 600 })).toEqual({ width: 321, height: 600 });
  });
});

describe('directLink and other URLs', () => {
  it('is V/v/{publicId}, with lang and slide only when given', () => {
    expect(directLink(V, 'abc')).toBe(`${V}/v/abc`);
    expect(directLink(V, 'abc', { language: null, slideId: null })).toBe(`${V}/v/abc`);
    expect(directLink(V, 'abc', { language: 'fi' })).toBe(`${V}/v/abc?lang=fi`);
    expect(directLink(V, 'abc', { language: 'de', slideId: 4 })).toBe(`${V}/v/abc?lang=de&slide=4`);
    expect(directLink(V, 'abc', { slideId: 2 })).toBe(`${V}/v/abc?slide=2`);
  });
  it('encodes the public id and the values', () => {
    expect(directLink(V, 'a b', { language: 'x&y' })).toBe(`${V}/v/a%20b?lang=x%26y`);
  });
  it('names the ad frame, the ad harness and the widget preview', () => {
    expect(adFrameUrl(V, 'abc', 'dv360')).toBe(`${V}/ad/abc?platform=dv360`);
    expect(adHarnessUrl(`${V}/`, 'abc', 'gam')).toBe(`${V}/ad-harness/abc?platform=gam`);
    expect(widgetPreviewUrl(V, 'abc')).toBe(`${V}/widget-preview/abc`);
  });
});

describe('cspAdditions / cspLine (issue 20)', () => {
  it('widget: script, img, media with blob:, frame and connect, in that order', () => {
    expect(cspLine('widget', V)).toBe(`script-src ${V}; img-src ${V}; media-src ${V} blob:; frame-src ${V}; connect-src ${V}`);
    expect(cspAdditions('widget', V).map((a) => a.directive)).toEqual(['script-src', 'img-src', 'media-src', 'frame-src', 'connect-src']);
  });
  it('widget without analytics still needs connect-src for its config fetch', () => {
    expect(cspLine('widget', V, { analytics: false })).toBe(cspLine('widget', V));
    expect(cspAdditions('widget', V, { analytics: false }).find((a) => a.directive === 'connect-src')?.omitWhen).toBeUndefined();
  });
  it('sync widget: connect-src serves analytics only and goes when analytics is off', () => {
    expect(cspLine('widget', V, { sync: true })).toBe(cspLine('widget', V));
    expect(cspAdditions('widget', V, { sync: true }).find((a) => a.directive === 'connect-src')?.omitWhen).toBe('analytics-off');
    expect(cspLine('widget', V, { sync: true, analytics: false })).toBe(`script-src ${V}; img-src ${V}; media-src ${V} blob:; frame-src ${V}`);
  });
  it('carousel: its script, config, covers, previews and the player frame (issue 15); iframe and ad need frame-src only; the link needs nothing', () => {
    expect(cspLine('carousel', V)).toBe(`script-src ${V}; connect-src ${V}; img-src ${V}; media-src ${V} blob:; frame-src ${V}`);
    expect(cspLine('carousel', V, { analytics: false })).toBe(cspLine('carousel', V));
    expect(cspAdditions('carousel', V).map((a) => a.purpose).join(' ')).toMatch(/carousel\.js.*config.*covers.*previews.*player/);
    expect(cspLine('iframe', V)).toBe(`frame-src ${V}`);
    expect(cspLine('iframe', V, { analytics: false })).toBe(`frame-src ${V}`);
    expect(cspLine('ad', V)).toBe(`frame-src ${V}`);
    expect(cspAdditions('link', V)).toEqual([]);
    expect(cspLine('link', V)).toBe('');
  });
  it('names the origin only (no path) and never unsafe sources', () => {
    const line = cspLine('widget', 'http://127.0.0.1:3215/some/prefix/');
    expect(line).toBe('script-src http://127.0.0.1:3215; img-src http://127.0.0.1:3215; media-src http://127.0.0.1:3215 blob:; frame-src http://127.0.0.1:3215; connect-src http://127.0.0.1:3215');
    expect(line).not.toMatch(/unsafe|sha256|\*/);
  });
});
