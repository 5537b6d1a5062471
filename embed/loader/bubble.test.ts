/**
 * The widget bubble and the loader in happy-dom (issue 12 "Widget script", "Host JS API"; issue 20
 * styles through adoptedStyleSheets and CSSOM only): rendering from a WidgetConfig, the dialog and
 * its frame, events exactly once, frame messages checked by source and origin, loop limit, hide /
 * remove, and the loader's queue, consent attributes and config request.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetShown } from '../../server/src/modules/share/widget.schemas';
import { bubbleSettings, bubbleVars } from '../../server/src/modules/share/widget.view';
import { defaultBotSettings } from '../../server/src/modules/bot/content.rules';
import { mountBubble } from './bubble';
import { BUBBLE_CSS } from './styles';

const V = 'https://vidbot.example';

function config(over: Partial<WidgetShown['settings']> = {}): WidgetShown {
  const settings = { ...bubbleSettings(defaultBotSettings().widgetSettings, () => true), ...over };
  return {
    show: true,
    publicId: 'abc123',
    name: 'Welcome bot',
    lang: 'en',
    frameUrl: `${V}/e/abc123?channel=widget&lang=en`,
    chatVideoUrl: `${V}/files/1/v.mp4`,
    posterUrl: `${V}/files/1/p.jpg`,
    settings,
    vars: bubbleVars(settings),
    css: BUBBLE_CSS,
    customCss: null,
  };
}

const shadow = () => document.querySelector('vidbot-widget')!.shadowRoot!;

/** The dialog's iframe with a stand-in window (happy-dom loads no cross-origin frame pages). */
function frameWithWindow() {
  const frame = shadow().querySelector('iframe')!;
  const win = { postMessage: vi.fn() };
  Object.defineProperty(frame, 'contentWindow', { value: win, configurable: true });
  return { frame, win, post: win.postMessage };
}

beforeEach(() => {
  document.body.replaceChildren();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('mountBubble', () => {
  it('renders the bubble in an open shadow root with adopted styles and CSSOM custom properties only', () => {
    const b = mountBubble(config({ closeButtonEnabled: true, hideCtaMobile: true }), V, () => undefined, () => ({}));
    const root = shadow();
    expect(root.adoptedStyleSheets).toHaveLength(2);
    expect(root.querySelector('style')).toBeNull();
    expect(document.body.getAttribute('style')).toBeNull();
    const w = root.querySelector<HTMLElement>('.w')!;
    expect(w.style.getPropertyValue('--vb-bc')).toBe('#351DDA');
    expect(w.style.getPropertyValue('--vb-b')).toBe('0px');
    const video = root.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.playsInline).toBe(true);
    expect(video.src).toBe(`${V}/files/1/v.mp4`);
    expect(video.poster).toBe(`${V}/files/1/p.jpg`);
    expect(root.querySelector('.o')!.getAttribute('aria-label')).toBe('Welcome bot');
    expect(root.querySelector('.t')!.textContent).toBe('See how it works!');
    expect(root.querySelector('.t')!.className).toBe('t hm');
    expect(root.querySelector('.x')!.getAttribute('aria-label')).toBe('Close');
    b.remove();
    expect(document.querySelector('vidbot-widget')).toBeNull();
  });

  it("adopts the server-sanitised customCss as a second stylesheet after the bubble's own", () => {
    mountBubble({ ...config(), customCss: '.w .o{border-radius:4px}' }, V, () => undefined, () => ({}));
    const sheets = shadow().adoptedStyleSheets;
    expect(sheets).toHaveLength(2);
    const text = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((r) => r.cssText).join('\n');
    expect(text(sheets[0]!)).toContain('.w');
    expect(text(sheets[1]!)).toMatch(/^\.w \.o\s*\{\s*border-radius: 4px;?\s*\}$/);
    expect(shadow().querySelector('style')).toBeNull();
  });

  it('removes the call to action after textDurationMs; no close button unless enabled; Finnish labels', () => {
    vi.useFakeTimers();
    mountBubble({ ...config({ textDurationMs: 500 }), lang: 'fi' }, V, () => undefined, () => ({}));
    const root = shadow();
    expect(root.querySelector('.t')).not.toBeNull();
    expect(root.querySelector('.x')).toBeNull();
    expect(root.querySelector('.c')!.getAttribute('aria-label')).toBe('Sulje');
    vi.advanceTimersByTime(501);
    expect(root.querySelector('.t')).toBeNull();
  });

  it('opens a labelled modal dialog with the frame, and emits VIDBOT_OPEN / VIDBOT_CLOSE once each', () => {
    const events: string[] = [];
    const b = mountBubble(config(), V, (t) => events.push(t), () => ({ analytics_storage: 'denied' }));
    const root = shadow();
    (root.querySelector('.o') as HTMLButtonElement).click();
    b.open();
    const dlg = root.querySelector('dialog')!;
    expect(dlg.open).toBe(true);
    expect(dlg.getAttribute('aria-modal')).toBe('true');
    expect(dlg.getAttribute('aria-label')).toBe('Welcome bot');
    const frame = dlg.querySelector('iframe')!;
    expect(frame.title).toBe('Welcome bot');
    expect(frame.getAttribute('src')).toBe(`${V}/e/abc123?channel=widget&lang=en&host=${encodeURIComponent(location.origin)}&autoplay=1`);
    b.close();
    b.close();
    expect(dlg.open).toBe(false);
    expect(events).toEqual(['VIDBOT_OPEN', 'VIDBOT_CLOSE']);
  });

  it('opens by itself after openAfter, muted', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    mountBubble(config({ automaticallyOpen: true, openAfter: 3000 }), V, (t) => events.push(t), () => ({}));
    vi.advanceTimersByTime(2999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(2);
    expect(events).toEqual(['VIDBOT_OPEN']);
    expect(shadow().querySelector('iframe')!.getAttribute('src')).toContain('&autoplay=1&muted=1');
  });

  it("closes on the frame's VIDBOT_CLOSE without a second event; ignores other windows and origins", () => {
    const events: string[] = [];
    const b = mountBubble(config(), V, (t) => events.push(t), () => ({}));
    b.open();
    const { win } = frameWithWindow();
    const close = { source: 'vidbot', v: 1, type: 'VIDBOT_CLOSE', publicId: 'abc123' };
    window.dispatchEvent(new MessageEvent('message', { data: close, origin: 'https://evil.example', source: win as unknown as Window }));
    window.dispatchEvent(new MessageEvent('message', { data: close, origin: V, source: window }));
    window.dispatchEvent(new MessageEvent('message', { data: { ...close, v: 2 }, origin: V, source: win as unknown as Window }));
    expect(shadow().querySelector('dialog')!.open).toBe(true);
    window.dispatchEvent(new MessageEvent('message', { data: close, origin: V, source: win as unknown as Window }));
    expect(shadow().querySelector('dialog')!.open).toBe(false);
    expect(events).toEqual(['VIDBOT_OPEN']);
  });

  it('sends commands to the frame at origin V: consent on load, pause on close, play on reopen', () => {
    const b = mountBubble(config(), V, () => undefined, () => ({ ad_storage: 'granted' }));
    b.open();
    const { frame, post } = frameWithWindow();
    frame.dispatchEvent(new Event('load'));
    b.close();
    b.open();
    b.send({ type: 'setConsent', consent: { analytics_storage: 'denied' } });
    expect(post.mock.calls).toEqual([
      [{ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { ad_storage: 'granted' } }, V],
      [{ source: 'vidbot-host', v: 1, type: 'pause' }, V],
      [{ source: 'vidbot-host', v: 1, type: 'play' }, V],
      [{ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { analytics_storage: 'denied' } }, V],
    ]);
  });

  it('plays loopLimit times, then stops on the poster', () => {
    mountBubble(config({ loopLimit: 3 }), V, () => undefined, () => ({}));
    const video = shadow().querySelector('video')!;
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
    const load = vi.spyOn(video, 'load').mockImplementation(() => undefined);
    expect(video.autoplay).toBe(true);
    for (let i = 0; i < 3; i++) video.dispatchEvent(new Event('ended'));
    expect(play).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
    expect(video.autoplay).toBe(false);
  });

  it('does not autoplay without autoplayMuted', () => {
    mountBubble(config({ autoplayMuted: false }), V, () => undefined, () => ({}));
    expect(shadow().querySelector('video')!.autoplay).toBe(false);
  });

  it('hide() closes, pauses and hides; show() shows; the close button hides', () => {
    const events: string[] = [];
    const b = mountBubble(config({ closeButtonEnabled: true }), V, (t) => events.push(t), () => ({}));
    const w = shadow().querySelector('.w')!;
    const pause = vi.spyOn(shadow().querySelector('video')!, 'pause').mockImplementation(() => undefined);
    b.open();
    b.hide();
    expect(w.classList.contains('h')).toBe(true);
    expect(pause).toHaveBeenCalled();
    expect(events).toEqual(['VIDBOT_OPEN', 'VIDBOT_CLOSE']);
    b.show();
    expect(w.classList.contains('h')).toBe(false);
    (shadow().querySelector('.x') as HTMLButtonElement).click();
    expect(w.classList.contains('h')).toBe(true);
  });

  it('hides while scrolling on mobile widths with hideOnScroll mobile, always with both, never with none', () => {
    vi.useFakeTimers();
    for (const [mode, width, hidden] of [
      ['mobile', 390, true],
      ['mobile', 1200, false],
      ['both', 1200, true],
      ['none', 390, false],
    ] as const) {
      document.body.replaceChildren();
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
      const b = mountBubble(config({ hideOnScroll: mode }), V, () => undefined, () => ({}));
      window.dispatchEvent(new Event('scroll'));
      expect(shadow().querySelector('.w')!.classList.contains('s'), `${mode} ${width}`).toBe(hidden);
      vi.advanceTimersByTime(1001);
      expect(shadow().querySelector('.w')!.classList.contains('s')).toBe(false);
      b.remove();
    }
  });
});

describe('loader (window.Vidbot)', () => {
  const W = window as unknown as Record<string, any>;
  let messages: unknown[];
  const onMessage = (e: MessageEvent) => messages.push(e.data);

  beforeEach(async () => {
    await new Promise((r) => setTimeout(r, 20)); // messages posted by the previous test arrive first
    vi.resetModules();
    delete W.Vidbot;
    messages = [];
    window.addEventListener('message', onMessage);
  });
  afterEach(() => {
    window.removeEventListener('message', onMessage);
    vi.unstubAllGlobals();
    delete W.vidbotQ;
  });

  async function start(attrs: Record<string, string>, answer: unknown) {
    const script = document.createElement('script');
    script.src = `${V}/embed/loader.js`;
    for (const [k, val] of Object.entries(attrs)) script.setAttribute(k, val);
    document.head.appendChild(script);
    Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer)));
    vi.stubGlobal('fetch', fetchMock);
    await import('./loader');
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
    await vi.waitFor(() => expect(W.vidbotQ.push).toBeTypeOf('function'));
    return fetchMock;
  }

  it('fetches the config for the page, mounts the bubble, posts VIDBOT_LOADED and runs queued calls in order', async () => {
    W.vidbotQ = [['setConsent', { ad_storage: 'granted' }], ['open']];
    const fetchMock = await start({ 'data-vidbot-id': 'abc123', 'data-analytics-storage': 'denied', 'data-ad-storage': 'bogus' }, config());
    expect(W.Vidbot.open).toBeTypeOf('function');
    await vi.waitFor(() => expect(document.querySelector('vidbot-widget')).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledWith(`${V}/api/public/bot/abc123/widget?url=${encodeURIComponent(location.href)}`, undefined);
    await vi.waitFor(() => expect(shadow().querySelector('dialog')!.open).toBe(true));
    await vi.waitFor(() => expect(messages.length).toBeGreaterThanOrEqual(2));
    expect(messages).toEqual([
      { source: 'vidbot', v: 1, type: 'VIDBOT_LOADED', publicId: 'abc123', channel: 'widget' },
      { source: 'vidbot', v: 1, type: 'VIDBOT_OPEN', publicId: 'abc123' },
    ]);
    // After load, push and the API act at once.
    W.vidbotQ.push(['close']);
    expect(shadow().querySelector('dialog')!.open).toBe(false);
    const { post } = frameWithWindow();
    W.Vidbot.disableAnalytics();
    expect(post).toHaveBeenLastCalledWith({ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { analytics_storage: 'denied', ad_storage: 'granted' } }, V);
    W.Vidbot.enableAnalytics();
    expect(post).toHaveBeenLastCalledWith({ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { analytics_storage: 'granted', ad_storage: 'granted' } }, V);
    W.Vidbot.remove();
    expect(document.querySelector('vidbot-widget')).toBeNull();
    W.Vidbot.refresh();
    await vi.waitFor(() => expect(document.querySelector('vidbot-widget')).not.toBeNull());
    expect(fetchMock).toHaveBeenLastCalledWith(expect.stringContaining('/widget?url='), { cache: 'no-cache' });
  });

  it('shows nothing for { show: false } and the API stays callable', async () => {
    await start({ 'data-vidbot-id': 'abc123' }, { show: false, reason: 'not_mapped' });
    await new Promise((r) => setTimeout(r, 10));
    W.Vidbot.open();
    W.Vidbot.hide();
    expect(document.querySelector('vidbot-widget')).toBeNull();
    expect(messages).toEqual([]);
  });
});
