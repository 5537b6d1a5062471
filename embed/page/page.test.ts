/**
 * The player page bootstrap (page.ts; issue 12 "Events to the host", iframe / link options): a stand-in
 * parent window and player handle, so the messages posted, the commands obeyed or ignored, the facade
 * and autoplayOnScroll are observable in happy-dom.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageOptions } from '../../server/src/modules/share/page.types';
import { demoVidbot } from '../../machines/vidbot/vidbot.fixtures';
import type { PlayerEvent } from '../player/index';
import { readPageData, startPage, type MountFn, type PageBot, type PageController, type PageHandle } from './page';

const HOST = 'https://customer.example';
const bot: PageBot = { ...demoVidbot, publicId: 'pub1', customCss: '.vb-player .vb-option { color: red; }' };

const baseOptions = (over: Partial<PageOptions> = {}): PageOptions => ({
  channel: 'iframe',
  publicId: 'pub1',
  lang: 'en',
  startSlideId: null,
  host: HOST,
  autoplay: true,
  muted: true,
  hideActionButtonsUntilPlay: false,
  autoplayOnScroll: false,
  thumbnail: null,
  apiBase: 'https://vidbot.example',
  ...over,
});

let root: HTMLElement;
let parent: { postMessage: ReturnType<typeof vi.fn> };
let win: Window;
let mounts: { options: Parameters<MountFn>[2]; handle: PageHandle }[];
let page: PageController | null;

/** A player stand-in: a shadow root with a video and the handle's methods as spies. */
function fakeMount(): MountFn {
  return (container, _bot, options) => {
    const host = document.createElement('div');
    host.setAttribute('data-vidbot-player', '');
    const shadow = host.attachShadow({ mode: 'open' });
    const video = document.createElement('video');
    shadow.append(video);
    container.append(host);
    const handle: PageHandle = { root: shadow, destroy: vi.fn(() => host.remove()), play: vi.fn(), pause: vi.fn(), close: vi.fn(), restart: vi.fn() };
    mounts.push({ options, handle });
    return handle;
  };
}

const emit = (event: PlayerEvent | { type: string; [k: string]: unknown }) => mounts.at(-1)!.options.onEvent!(event as PlayerEvent);
const posted = () => parent.postMessage.mock.calls.map(([data, target]) => ({ data: data as Record<string, unknown>, target }));
const ofType = (type: string) => posted().filter((p) => p.data.type === type);

function command(data: unknown, origin = HOST, source: unknown = parent): void {
  win.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

function start(options: PageOptions, referrer = ''): PageController {
  page = startPage({ bot, options, root, win, referrer, mount: fakeMount() });
  return page;
}

beforeEach(() => {
  root = document.createElement('main');
  document.body.append(root);
  parent = { postMessage: vi.fn() };
  const target = new EventTarget();
  win = Object.assign(target, { parent, location: window.location, open: vi.fn() }) as unknown as Window;
  mounts = [];
  page = null;
});
afterEach(() => {
  page?.destroy();
  root.remove();
  vi.unstubAllGlobals();
});

describe('events to the host', () => {
  it('posts VIDBOT_LOADED once to the host origin, then SLIDE, CTA, POST_MESSAGE, FORM_SUBMITTED and CLOSE', () => {
    start(baseOptions());
    expect(mounts).toHaveLength(1);
    expect(mounts[0]!.options).toMatchObject({ autoplay: true, muted: true, lang: 'en', channel: 'iframe', apiBase: 'https://vidbot.example', preview: false });
    expect(ofType('VIDBOT_LOADED')).toEqual([{ data: { source: 'vidbot', v: 1, type: 'VIDBOT_LOADED', publicId: 'pub1', channel: 'iframe' }, target: HOST }]);

    emit({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Welcome', path: [1] });
    emit({ type: 'button.click', slideId: 1, optionId: 1, optionType: 'SLIDE', name: '', trackConversion: false, trigger: 'button' });
    emit({ type: 'slide.enter', from: 1, to: 2, slideId: 2, name: 'Two', path: [1, 2] });
    emit({ type: 'post.message', slideId: 2, actionId: 7, value: 'hello-host' });
    emit({ type: 'form.submitted', actionId: 3, submissionId: 'abc-123' });
    emit({ type: 'closed', path: [1, 2] });

    expect(ofType('VIDBOT_SLIDE').map((p) => [p.data.from, p.data.to])).toEqual([[null, 1], [1, 2]]);
    expect(ofType('VIDBOT_CTA').map((p) => p.data)).toEqual([{ source: 'vidbot', v: 1, type: 'VIDBOT_CTA', publicId: 'pub1', slideId: 1, optionId: 1, name: 'Show me' }]);
    expect(ofType('VIDBOT_POST_MESSAGE').map((p) => p.data.value)).toEqual(['hello-host']);
    expect(ofType('VIDBOT_FORM_SUBMITTED').map((p) => p.data)).toEqual([{ source: 'vidbot', v: 1, type: 'VIDBOT_FORM_SUBMITTED', publicId: 'pub1', actionId: 3, submissionId: 'abc-123' }]);
    expect(ofType('VIDBOT_CLOSE')).toHaveLength(1);
    expect(ofType('VIDBOT_LOADED')).toHaveLength(1);
    expect(ofType('VIDBOT_ANALYTICS_EVENT').map((p) => p.data.name)).toEqual(['slide.enter', 'button.click', 'slide.enter', 'form.submitted', 'closed']);
    expect(ofType('VIDBOT_ANALYTICS_EVENT')[0]!.data.data).toEqual({ from: null, to: 1, slideId: 1, name: 'Welcome' });
    expect(posted().every((p) => p.target === HOST)).toBe(true);
  });

  it('in channel widget sends no VIDBOT_LOADED (the loader owns it); without host it posts to *', () => {
    start(baseOptions({ channel: 'widget', host: null }));
    emit({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Welcome', path: [1] });
    expect(ofType('VIDBOT_LOADED')).toEqual([]);
    expect(ofType('VIDBOT_SLIDE').map((p) => p.target)).toEqual(['*']);
  });

  it('posts nothing when not framed (a direct link is its own top window)', () => {
    const top = Object.assign(new EventTarget(), { location: window.location }) as unknown as Window & { parent: Window };
    (top as { parent: Window }).parent = top;
    page = startPage({ bot, options: baseOptions({ channel: 'direct' }), root, win: top, mount: fakeMount() });
    emit({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Welcome', path: [1] });
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});

describe('host commands', () => {
  it('obeys play, pause, close and setConsent from the host origin only, and only well-formed ones', () => {
    start(baseOptions());
    const handle = mounts[0]!.handle;
    command({ source: 'vidbot-host', v: 1, type: 'pause' });
    command({ source: 'vidbot-host', v: 1, type: 'play' });
    command({ source: 'vidbot-host', v: 1, type: 'close' });
    command({ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { analytics_storage: 'granted' } });
    expect(handle.pause).toHaveBeenCalledTimes(1);
    expect(handle.play).toHaveBeenCalledTimes(1);
    expect(handle.close).toHaveBeenCalledTimes(1);
    expect(page!.consent).toEqual({ analytics_storage: 'granted' });

    command({ source: 'vidbot-host', v: 1, type: 'pause' }, 'https://evil.example');
    command({ source: 'vidbot-host', v: 1, type: 'pause' }, HOST, {});
    command({ source: 'vidbot-host', v: 2, type: 'pause' });
    command({ source: 'vidbot-host', v: 1, type: 'explode' });
    command({ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { analytics_storage: 'yes' } });
    expect(handle.pause).toHaveBeenCalledTimes(1);
    expect(page!.consent).toEqual({ analytics_storage: 'granted' });
  });

  it('without a host parameter accepts commands from the referrer origin; with neither, none', () => {
    start(baseOptions({ host: null }), 'https://blog.example/post/1');
    command({ source: 'vidbot-host', v: 1, type: 'pause' }, 'https://blog.example');
    command({ source: 'vidbot-host', v: 1, type: 'pause' }, HOST);
    expect(mounts[0]!.handle.pause).toHaveBeenCalledTimes(1);
    page!.destroy();

    start(baseOptions({ host: null }), '');
    command({ source: 'vidbot-host', v: 1, type: 'pause' }, 'null');
    command({ source: 'vidbot-host', v: 1, type: 'pause' }, HOST);
    expect(mounts[1]!.handle.pause).not.toHaveBeenCalled();
  });

  it('a close the host asked for is not reported back to it; a close by the viewer is', () => {
    start(baseOptions());
    const handle = mounts[0]!.handle;
    (handle.close as ReturnType<typeof vi.fn>).mockImplementation(() => emit({ type: 'closed', path: [1] }));
    command({ source: 'vidbot-host', v: 1, type: 'close' });
    expect(ofType('VIDBOT_CLOSE')).toHaveLength(0);
    command({ source: 'vidbot-host', v: 1, type: 'open' });
    emit({ type: 'closed', path: [1] });
    expect(ofType('VIDBOT_CLOSE')).toHaveLength(1);
  });

  it('open after a close starts over; play after a close too', () => {
    start(baseOptions());
    emit({ type: 'closed', path: [1] });
    command({ source: 'vidbot-host', v: 1, type: 'open' });
    expect(mounts[0]!.handle.restart).toHaveBeenCalledTimes(1);
  });

  it('channel widget: Escape pauses the player and posts VIDBOT_CLOSE for the loader; an Escape an action view used does not', () => {
    start(baseOptions({ channel: 'widget' }));
    const handle = mounts[0]!.handle;
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(ofType('VIDBOT_CLOSE')).toHaveLength(0);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(handle.pause).toHaveBeenCalledTimes(1);
    expect(handle.close).not.toHaveBeenCalled();
    expect(ofType('VIDBOT_CLOSE')).toEqual([{ data: { source: 'vidbot', v: 1, type: 'VIDBOT_CLOSE', publicId: 'pub1' }, target: HOST }]);
    const used = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    used.preventDefault();
    document.dispatchEvent(used);
    expect(ofType('VIDBOT_CLOSE')).toHaveLength(1);
  });

  it('channel iframe: Escape is the host page\'s business (no VIDBOT_CLOSE)', () => {
    start(baseOptions());
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(ofType('VIDBOT_CLOSE')).toHaveLength(0);
  });
});

describe('channel options', () => {
  it('iframe without autoplay shows the thumbnail facade; a click mounts the player with sound', () => {
    start(baseOptions({ autoplay: false, thumbnail: { url: '/files/poster.jpg', videoUrl: '/files/intro.mp4', time: 2 } }));
    expect(mounts).toHaveLength(0);
    const facade = root.querySelector<HTMLButtonElement>('button.vidbot-facade')!;
    expect(facade.getAttribute('aria-label')).toBe(`Play ${bot.name}`);
    const video = facade.querySelector('video')!;
    expect(video.getAttribute('poster')).toBe('/files/poster.jpg');
    expect(video.getAttribute('src')).toBe('/files/intro.mp4#t=2');
    expect(video.muted).toBe(true);
    // VIDBOT_LOADED is sent while the facade shows.
    expect(ofType('VIDBOT_LOADED')).toHaveLength(1);
    facade.click();
    expect(root.querySelector('.vidbot-facade')).toBeNull();
    expect(mounts).toHaveLength(1);
    expect(mounts[0]!.options).toMatchObject({ autoplay: true, muted: false });
  });

  it('a custom image thumbnail; the host play command starts the player muted', () => {
    start(baseOptions({ autoplay: false, thumbnail: { url: '/files/cover.jpg', videoUrl: null, time: 0 } }));
    expect(root.querySelector('.vidbot-facade img')!.getAttribute('src')).toBe('/files/cover.jpg');
    command({ source: 'vidbot-host', v: 1, type: 'play' });
    expect(mounts).toHaveLength(1);
    expect(mounts[0]!.options).toMatchObject({ autoplay: true, muted: true });
  });

  it('autoplayOnScroll starts the player muted once half the frame is in view', () => {
    let callback: IntersectionObserverCallback = () => undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          callback = cb;
        }
        observe = observe;
        disconnect = vi.fn();
      },
    );
    start(baseOptions({ autoplay: false, autoplayOnScroll: true, thumbnail: { url: '/files/p.jpg', videoUrl: null, time: 0 } }));
    expect(observe).toHaveBeenCalledWith(root);
    expect(mounts).toHaveLength(0);
    callback([{ isIntersecting: true, intersectionRatio: 0.2 } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(mounts).toHaveLength(0);
    callback([{ isIntersecting: true, intersectionRatio: 0.6 } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(mounts).toHaveLength(1);
    expect(mounts[0]!.options).toMatchObject({ autoplay: true, muted: true });
    expect(root.querySelector('.vidbot-facade')).toBeNull();
  });

  it('the direct link passes start slide, language, muted and hideActionButtonsUntilPlay to the player', () => {
    start(baseOptions({ channel: 'direct', startSlideId: 2, lang: 'fi', muted: false, hideActionButtonsUntilPlay: true }));
    expect(mounts[0]!.options).toMatchObject({ startSlideId: 2, lang: 'fi', autoplay: true, muted: false, hideActionButtonsUntilPlay: true, channel: 'direct' });
  });

  it('passes the command origin to the player as hostOrigin (relative links resolve against the host page)', () => {
    start(baseOptions());
    expect(mounts[0]!.options.hostOrigin).toBe(HOST);
    page!.destroy();
    start(baseOptions({ host: null }), 'https://blog.example/post/1');
    expect(mounts[1]!.options.hostOrigin).toBe('https://blog.example');
  });
});

describe('readPageData', () => {
  it('reads the two JSON blocks, or null', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(readPageData(doc)).toBeNull();
    const a = doc.createElement('script');
    a.type = 'application/json';
    a.id = 'vidbot-data';
    a.textContent = JSON.stringify(bot).replace(/</g, '\\u003c');
    const b = doc.createElement('script');
    b.type = 'application/json';
    b.id = 'vidbot-page';
    b.textContent = JSON.stringify(baseOptions());
    doc.body.append(a, b);
    expect(readPageData(doc)).toEqual({ bot, options: baseOptions() });
    b.textContent = '{broken';
    expect(readPageData(doc)).toBeNull();
  });
});

describe('analytics (issue 13)', () => {
  const analytics = (over: Partial<NonNullable<PageBot['analytics']>> = {}): NonNullable<PageBot['analytics']> => ({
    enabled: true,
    consentRequired: false,
    integration: 'none',
    ga4Id: null,
    gtmId: null,
    consentDefaults: { ad_storage: 'denied', analytics_storage: 'denied', functionality_storage: 'denied', personalization_storage: 'denied', security_storage: 'granted' },
    ...over,
  });
  let batches: { channel: string; source?: string; events: { name: string }[] }[];
  const names = () => batches.flatMap((b) => b.events.map((e) => e.name));
  const startWith = (a: NonNullable<PageBot['analytics']>, options: PageOptions, referrer = '', doc?: Document) => {
    batches = [];
    page = startPage({
      doc,
      bot: { ...bot, analytics: a },
      options,
      root,
      win,
      referrer,
      mount: fakeMount(),
      analytics: {
        storage: null,
        transport: async (_u, body) => {
          batches.push(JSON.parse(body));
          return 'ok';
        },
      },
    });
    return page;
  };

  it('widget: session, viewed and opened at start with the loader page as source; player events follow', async () => {
    const p = startWith(analytics(), baseOptions({ channel: 'widget', source: 'https://customer.example/shop' }));
    emit({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Welcome', path: [1] });
    emit({ type: 'button.click', slideId: 1, optionId: 1, optionType: 'SLIDE', name: '', trackConversion: true, trigger: 'button' });
    await p.analytics.flush();
    expect(names()).toEqual(['session', 'viewed', 'opened', 'slide_nav', 'click', 'cta']);
    expect(batches[0]).toMatchObject({ channel: 'widget', source: 'https://customer.example/shop' });
  });

  it('iframe with consent required: nothing until the host grants analytics_storage, then from the grant on', async () => {
    const p = startWith(analytics({ consentRequired: true }), baseOptions(), 'https://customer.example/blog/post?x=1');
    emit({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Welcome', path: [1] });
    await p.analytics.flush();
    expect(batches).toEqual([]);
    command({ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { analytics_storage: 'granted' } });
    emit({ type: 'liked', slideId: 1, liked: true });
    await p.analytics.flush();
    expect(names()).toEqual(['session', 'liked']);
    // The iframe's source is its referrer without the query.
    expect(batches[0]!.source).toBe('https://customer.example/blog/post');
  });

  it('analytics off: nothing, even with consent', async () => {
    const p = startWith(analytics({ enabled: false }), baseOptions());
    command({ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { analytics_storage: 'granted' } });
    emit({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Welcome', path: [1] });
    await p.analytics.flush();
    expect(batches).toEqual([]);
  });

  it('the facade press counts as opened', async () => {
    const p = startWith(analytics(), baseOptions({ autoplay: false, thumbnail: { url: '/files/t.jpg', videoUrl: null, time: 0 } }));
    root.querySelector<HTMLButtonElement>('.vidbot-facade')!.click();
    await p.analytics.flush();
    expect(names()).toEqual(['session', 'opened']);
  });

  it('parent_gtm: recorded events go to the host as vidbot_* VIDBOT_ANALYTICS_EVENTs (not before consent)', () => {
    startWith(analytics({ integration: 'parent_gtm', consentRequired: true }), baseOptions());
    emit({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Welcome', path: [1] });
    expect(ofType('VIDBOT_ANALYTICS_EVENT').filter((p) => String(p.data.name).startsWith('vidbot_'))).toEqual([]);
    command({ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { analytics_storage: 'granted' } });
    emit({ type: 'slide.enter', from: 1, to: 2, slideId: 2, name: 'Two', path: [1, 2] });
    const handed = ofType('VIDBOT_ANALYTICS_EVENT').filter((p) => String(p.data.name).startsWith('vidbot_'));
    expect(handed.map((p) => p.data.name)).toEqual(['vidbot_session', 'vidbot_slide_played', 'vidbot_slide_nav']);
    expect(handed[2]!.data.data).toMatchObject({ vidbot_id: 'pub1', vidbot_channel: 'iframe', from_slide_id: 1, slide_id: 2 });
  });

  it('direct_ga4: loads gtag.js with Consent Mode defaults at the first recorded event and sends gtag events', () => {
    const w = win as unknown as { dataLayer?: unknown[] };
    // A document of its own (happy-dom does not load scripts; the page's document stays clean).
    const doc = document.implementation.createHTMLDocument('frame');
    startWith(analytics({ integration: 'direct_ga4', ga4Id: 'G-TEST1234' }), baseOptions(), '', doc);
    const script = doc.head.querySelector<HTMLScriptElement>('script[src*="googletagmanager.com/gtag/js"]');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
    const calls = w.dataLayer!.map((x) => Array.from(x as ArrayLike<unknown>));
    expect(calls[0]).toEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', security_storage: 'granted' })]);
    expect(calls).toContainEqual(['event', 'vidbot_session', expect.objectContaining({ vidbot_id: 'pub1', vidbot_channel: 'iframe' })]);
    script?.remove();
  });
});
