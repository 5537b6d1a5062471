import { describe, expect, it, vi } from 'vitest';
import {
  announcePreviewReady,
  buildAllowList,
  isAllowedOrigin,
  isPreviewMessage,
  readPreviewMessage,
  readyTargetOrigins,
} from './previewMessages';

const OWN = 'https://app.vidbot.example';
const PARTNER = 'https://editor.partner.example';
const allowList = buildAllowList([`${PARTNER}/some/path`, 'not a url', 'javascript:alert(1)'], OWN);

const parent = { name: 'parent window' };
const stranger = { name: 'another window' };

const bot = {
  id: 3,
  name: 'Draft bot',
  slides: [
    {
      id: 1,
      name: 'Intro',
      category: 'INTRO',
      type: 'VIDEO',
      videoUrl: '/files/a.mp4',
      options: [{ id: 1, name: 'Next', type: 'SLIDE', targetId: 2 }],
    },
    { id: 2, name: 'Image', category: 'SLIDE', type: 'IMAGE', imageUrl: '/files/b.jpg', options: [] },
  ],
  actions: [],
};

describe('allow-list', () => {
  it('normalises configured entries to origins, keeps the app origin, drops non-http entries', () => {
    expect(allowList).toEqual([OWN, PARTNER]);
  });

  it('matches exact origins only', () => {
    expect(isAllowedOrigin(PARTNER, allowList)).toBe(true);
    expect(isAllowedOrigin('https://editor.partner.example.evil.test', allowList)).toBe(false);
    expect(isAllowedOrigin('http://editor.partner.example', allowList)).toBe(false);
    expect(isAllowedOrigin('https://editor.partner.example:8443', allowList)).toBe(false);
    expect(isAllowedOrigin('null', [...allowList, 'null'])).toBe(false);
    expect(isAllowedOrigin('*', [...allowList, '*'])).toBe(false);
  });
});

describe('SET_DATA', () => {
  it('is accepted from an allow-listed origin and the parent window', () => {
    const result = readPreviewMessage({ origin: PARTNER, source: parent, data: { action: 'SET_DATA', data: bot } }, allowList, [parent]);
    expect(isPreviewMessage(result)).toBe(true);
    if (!isPreviewMessage(result) || result.action !== 'SET_DATA') throw new Error('expected SET_DATA');
    expect(result.bot.slides.map((s) => s.id)).toEqual([1, 2]);
    expect(result.bot.slides[1]!.options).toEqual([]);
    expect(result.bot.slides[0]!.options[0]).toMatchObject({ id: 1, type: 'SLIDE', targetId: 2 });
  });

  it('is rejected from an origin that is not allow-listed', () => {
    const result = readPreviewMessage(
      { origin: 'https://evil.example', source: parent, data: { action: 'SET_DATA', data: bot } },
      allowList,
      [parent],
    );
    expect(result).toEqual({ rejected: 'origin', detail: 'https://evil.example' });
  });

  it('is rejected from a window that is not the parent, even with a good origin', () => {
    const result = readPreviewMessage({ origin: OWN, source: stranger, data: { action: 'SET_DATA', data: bot } }, allowList, [parent]);
    expect(result).toEqual({ rejected: 'source' });
  });

  it('is rejected when the data is not a bot', () => {
    for (const data of [null, 'text', { slides: 'no' }, { slides: [{ id: 'x' }] }]) {
      const result = readPreviewMessage({ origin: OWN, source: parent, data: { action: 'SET_DATA', data } }, allowList, [parent]);
      expect(isPreviewMessage(result)).toBe(false);
      expect(result).toMatchObject({ rejected: 'shape' });
    }
    expect(readPreviewMessage({ origin: OWN, source: parent, data: 'SET_DATA' }, allowList, [parent])).toEqual({ rejected: 'shape' });
    expect(readPreviewMessage({ origin: OWN, source: parent, data: { action: 'HELLO' } }, allowList, [parent])).toEqual({
      rejected: 'unknown-action',
      detail: 'HELLO',
    });
  });
});

describe('EMBED_EXTERNAL_LINK', () => {
  it('accepts an http(s) url with the default size', () => {
    const result = readPreviewMessage(
      { origin: OWN, source: parent, data: { action: 'EMBED_EXTERNAL_LINK', data: { url: 'https://example.com/x' } } },
      allowList,
      [parent],
    );
    expect(result).toEqual({ action: 'EMBED_EXTERNAL_LINK', url: 'https://example.com/x', width: 650, height: 340 });
  });

  it('refuses javascript: and relative urls', () => {
    for (const url of ['javascript:alert(1)', '/relative', 'data:text/html,hi']) {
      const result = readPreviewMessage({ origin: OWN, source: parent, data: { action: 'EMBED_EXTERNAL_LINK', data: { url } } }, allowList, [parent]);
      expect(result).toMatchObject({ rejected: 'shape' });
    }
  });
});

describe('VIDBOT_PREVIEW_READY target origin', () => {
  it('nobody to tell without a parent', () => {
    expect(readyTargetOrigins({ hasParent: false, referrer: `${PARTNER}/x` }, allowList)).toEqual([]);
  });

  it('the parent’s exact origin when it is allow-listed (ancestorOrigins first, then referrer)', () => {
    expect(readyTargetOrigins({ hasParent: true, ancestorOrigin: PARTNER, referrer: `${OWN}/a` }, allowList)).toEqual([PARTNER]);
    expect(readyTargetOrigins({ hasParent: true, referrer: `${PARTNER}/editor?x=1` }, allowList)).toEqual([PARTNER]);
  });

  it('nothing when the parent is known and not allow-listed', () => {
    expect(readyTargetOrigins({ hasParent: true, referrer: 'https://evil.example/' }, allowList)).toEqual([]);
  });

  it('each allow-listed origin (exactly, never *) when the parent origin cannot be read', () => {
    const targets = readyTargetOrigins({ hasParent: true, referrer: '' }, allowList);
    expect(targets).toEqual([OWN, PARTNER]);
    expect(targets).not.toContain('*');
  });

  it('announcePreviewReady posts to window.parent with the exact origin', () => {
    const postMessage = vi.fn();
    const fakeParent = { postMessage } as unknown as Window;
    const fakeWindow = {
      parent: fakeParent,
      opener: null,
      location: { ancestorOrigins: undefined },
      document: { referrer: `${PARTNER}/editor` },
    } as unknown as Window;
    expect(announcePreviewReady(fakeWindow, allowList)).toEqual([PARTNER]);
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith({ action: 'VIDBOT_PREVIEW_READY' }, PARTNER);
  });

  it('announcePreviewReady does nothing in a top-level window', () => {
    const self = { opener: null, location: {}, document: { referrer: `${PARTNER}/` } } as unknown as Window & { parent: Window };
    (self as { parent: Window }).parent = self;
    const spy = vi.fn();
    (self as unknown as { postMessage: typeof spy }).postMessage = spy;
    expect(announcePreviewReady(self, allowList)).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });
});
