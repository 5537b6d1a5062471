/**
 * The carousel runtime in happy-dom (issue 15 "responsive, keyboard-operable (arrow keys, focus
 * visible), lazy-loading covers, never loading a player before interaction"; issue 20 styles through
 * adoptedStyleSheets and CSSOM only): rendering from CarouselConfig fixtures, visible counts per
 * container width, roving focus with the arrow keys, arrows and bullets, the live region, no player
 * before a press, the dialog (focus to Close and back, Escape, the frame's VIDBOT_CLOSE), autoPreview,
 * auto swipe, the classic script filling `[data-vidbot-carousel]` elements, and the editor preview.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarouselConfig } from '../../server/src/modules/widget/widget.schemas';
import { defaultWidgetContent } from '../../server/src/modules/widget/widget.schemas';
import { AUTO_SWIPE_MS, mountCarousel, type MountedCarousel } from './carousel';
import { isCarouselConfig, startCarouselPreview } from './preview';
import { CAROUSEL_CSS } from './styles';

const V = 'https://vidbot.example';

function config(over: Partial<CarouselConfig> = {}, count = 5, appearance: Partial<CarouselConfig['appearance']> = {}): CarouselConfig {
  const { stylesRaw: _raw, ...base } = defaultWidgetContent('Slider').appearanceSettings;
  return {
    publicId: 'wid1',
    sliderId: 7,
    name: 'Our vidbots',
    type: 'Slider',
    appearance: { ...base, ...appearance },
    visible: { mobile: 1, tablet: 3, desktop: 4 },
    breakpoints: { tablet: 992, desktop: 1200 },
    isAutoSwipe: false,
    customCss: '.vb-carousel .nm{color:red}',
    css: CAROUSEL_CSS,
    analytics: { enabled: true, consentRequired: false, integration: 'none', overrideBotSettings: false },
    items: Array.from({ length: count }, (_, i) => ({
      botPublicId: `bot${i + 1}`,
      botId: i + 1,
      name: `Bot ${i + 1}`,
      description: `About bot ${i + 1}`,
      coverUrl: `${V}/files/c${i + 1}.jpg`,
      previewVideoUrl: i === 0 ? `${V}/files/v1.mp4` : null,
      frameUrl: `${V}/e/bot${i + 1}?channel=slider&slider_id=7`,
    })),
    ...over,
  };
}

let host: HTMLElement;
let mounted: MountedCarousel | undefined;
const root = () => host.shadowRoot!;
const $ = <E extends Element = HTMLElement>(sel: string) => root().querySelector<E>(sel);
const $$ = <E extends Element = HTMLElement>(sel: string) => [...root().querySelectorAll<E>(sel)];
const items = () => $$<HTMLButtonElement>('.b');
const prop = (name: string) => $('.vb-carousel')!.style.getPropertyValue(`--vb-${name}`);
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
const focused = () => root().activeElement;

function mount(c: CarouselConfig, width = 1300) {
  host = document.createElement('div');
  host.getBoundingClientRect = () => ({ width, height: 400, top: 0, left: 0, right: width, bottom: 400, x: 0, y: 0, toJSON: () => ({}) });
  document.body.appendChild(host);
  mounted = mountCarousel(host, c, V, () => ({ analytics_storage: 'granted' }));
  return mounted;
}

function reducedMotion(on: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((q: string) => ({ matches: on && q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList);
}

beforeEach(() => {
  document.body.replaceChildren();
  reducedMotion(false);
});
afterEach(() => {
  mounted?.destroy();
  mounted = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('mountCarousel: rendering (spec 002 §3)', () => {
  it('renders a labelled carousel region with a list of item buttons in an open shadow root, styles adopted only', () => {
    mount(config());
    expect(root().adoptedStyleSheets).toHaveLength(2);
    expect(root().querySelector('style')).toBeNull();
    expect(host.getAttribute('style')).toBeNull();
    const region = $('.vb-carousel')!;
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(region.getAttribute('aria-label')).toBe('Our vidbots');
    expect($$('ul.l > li.i')).toHaveLength(5);
    expect(items().map((b) => b.textContent)).toEqual([1, 2, 3, 4, 5].map((i) => `Bot ${i}About bot ${i}`));
    expect(prop('rad')).toBe('12px');
    expect(prop('bg')).toBe('#000000ed');
    const styled = $$('[style]');
    expect(styled.length).toBeGreaterThan(0);
    for (const e of styled) for (let i = 0; i < e.style.length; i++) expect(e.style.item(i)).toMatch(/^--vb-/);
  });

  it('lazy-loads covers and loads no player and no video before interaction', () => {
    mount(config());
    const imgs = $$<HTMLImageElement>('img');
    expect(imgs).toHaveLength(5);
    expect(imgs.every((i) => i.getAttribute('loading') === 'lazy' && i.alt === '')).toBe(true);
    expect(imgs[0]!.src).toBe(`${V}/files/c1.jpg`);
    expect(root().querySelector('iframe')).toBeNull();
    expect(root().querySelector('video')).toBeNull();
  });

  it('type, horizontal mode, alignment, description position and switch as classes', () => {
    mount(config({ type: 'Thumbnail' }, 2, { horizontalMode: true, align: 'Right', descriptionPosition: 'Top', thumbnailSize: 120 }));
    expect($('.vb-carousel')!.className).toBe('vb-carousel t-Thumbnail a-Right hz dt');
    expect(prop('ts')).toBe('120px');
    expect($('.l')!.classList.contains('few')).toBe(true);
    mounted!.destroy();
    mount(config({}, 2, { descriptionEnabled: false }));
    expect($$('.ds')).toHaveLength(0);
    expect($$('.nm')).toHaveLength(2);
  });
});

describe('visible counts by container width vs breakpoints', () => {
  it.each([
    [1300, '4'],
    [1200, '4'],
    [1199, '3'],
    [992, '3'],
    [991, '1'],
    [320, '1'],
  ])('%i px → %s visible', (width, n) => {
    mount(config(), width);
    expect(prop('n')).toBe(n);
  });

  it('bullets: one per page, the current one marked; arrows page and stop at the ends without infinite', () => {
    mount(config(), 1000); // 3 visible of 5: pages 2
    const dots = $$<HTMLButtonElement>('.dots button');
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual(['Page 1 / 2', 'Page 2 / 2']);
    expect(dots.map((d) => d.getAttribute('aria-current'))).toEqual(['true', 'false']);
    const prev = $<HTMLButtonElement>('.pr')!;
    const next = $<HTMLButtonElement>('.nx')!;
    expect(prev.getAttribute('aria-label')).toBe('Previous');
    expect(prev.disabled).toBe(true);
    next.click();
    expect(prop('pos')).toBe('2'); // clamped to the last full page
    expect(next.disabled).toBe(true);
    expect($$('.dots button').map((d) => d.getAttribute('aria-current'))).toEqual(['false', 'true']);
    expect($('.sr')!.getAttribute('aria-live')).toBe('polite');
    expect($('.sr')!.textContent).toBe('Items 3–5 of 5');
    dots[0]!.click();
    expect(prop('pos')).toBe('0');
  });

  it('infinite: the arrows wrap', () => {
    mount(config({}, 5, { infinite: true }), 1000);
    $<HTMLButtonElement>('.pr')!.click();
    expect(prop('pos')).toBe('2');
    $<HTMLButtonElement>('.nx')!.click();
    expect(prop('pos')).toBe('0');
  });

  it('no arrows, no bullets when switched off; nothing to page when everything fits', () => {
    mount(config({}, 5, { arrows: false, bullets: false }));
    expect($('.pr')).toBeNull();
    expect($('.dots')).toBeNull();
    mounted!.destroy();
    mount(config({}, 3));
    expect($$('.dots button')).toHaveLength(0);
    expect($<HTMLButtonElement>('.nx')!.disabled).toBe(true);
  });
});

describe('keyboard (roving tabindex)', () => {
  it('one item in the tab order; arrow keys move focus and scroll it into view; Home / End', () => {
    mount(config(), 1000);
    expect(items().map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    items()[0]!.focus();
    key(items()[0]!, 'ArrowRight');
    expect(focused()).toBe(items()[1]);
    expect(items().map((b) => b.tabIndex)).toEqual([-1, 0, -1, -1, -1]);
    key(items()[1]!, 'ArrowRight');
    key(items()[2]!, 'ArrowRight'); // the 4th is beyond the 3 visible
    expect(focused()).toBe(items()[3]);
    expect(prop('pos')).toBe('1');
    expect($('.sr')!.textContent).toBe('Items 2–4 of 5');
    key(items()[3]!, 'End');
    expect(focused()).toBe(items()[4]);
    key(items()[4]!, 'ArrowRight'); // not infinite: stays
    expect(focused()).toBe(items()[4]);
    key(items()[4]!, 'Home');
    expect(focused()).toBe(items()[0]);
    expect(prop('pos')).toBe('0');
    key(items()[0]!, 'ArrowLeft');
    expect(focused()).toBe(items()[0]);
  });

  it('infinite: ArrowLeft on the first goes to the last', () => {
    mount(config({}, 5, { infinite: true }), 1000);
    items()[0]!.focus();
    key(items()[0]!, 'ArrowLeft');
    expect(focused()).toBe(items()[4]);
    expect(prop('pos')).toBe('2');
  });
});

describe('the player dialog', () => {
  it('opens only on a press: modal dialog with the slider frame, focus on Close; Close removes the frame and returns focus', () => {
    mount(config());
    const dlg = $<HTMLDialogElement>('dialog')!;
    expect(dlg.open).toBe(false);
    items()[1]!.click();
    expect(dlg.open).toBe(true);
    expect(dlg.getAttribute('aria-modal')).toBe('true');
    expect(dlg.getAttribute('aria-label')).toBe('Bot 2');
    const frame = $<HTMLIFrameElement>('iframe')!;
    expect(frame.title).toBe('Bot 2');
    expect(frame.getAttribute('src')).toBe(`${V}/e/bot2?channel=slider&slider_id=7&host=${encodeURIComponent(location.origin)}&autoplay=1`);
    expect(focused()).toBe($('.c'));
    expect($('.c')!.getAttribute('aria-label')).toBe('Close');
    $<HTMLButtonElement>('.c')!.click();
    expect(dlg.open).toBe(false);
    expect(root().querySelector('iframe')).toBeNull();
    expect(focused()).toBe(items()[1]);
    expect(items()[1]!.tabIndex).toBe(0);
  });

  it('Escape (the dialog cancel event) closes it', () => {
    mount(config());
    items()[0]!.click();
    const dlg = $<HTMLDialogElement>('dialog')!;
    const cancel = new Event('cancel', { cancelable: true });
    dlg.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dlg.open).toBe(false);
    expect(focused()).toBe(items()[0]);
  });

  it("the frame's VIDBOT_CLOSE (its window, origin V) closes; other origins do not; consent goes to the frame", () => {
    mount(config());
    items()[2]!.click();
    const frame = $<HTMLIFrameElement>('iframe')!;
    const win = { postMessage: vi.fn() };
    Object.defineProperty(frame, 'contentWindow', { value: win, configurable: true });
    frame.dispatchEvent(new Event('load'));
    expect(win.postMessage).toHaveBeenCalledWith({ source: 'vidbot-host', v: 1, type: 'setConsent', consent: { analytics_storage: 'granted' } }, V);
    const msg = { source: 'vidbot', v: 1, type: 'VIDBOT_CLOSE', publicId: 'bot3' };
    window.dispatchEvent(new MessageEvent('message', { data: msg, origin: 'https://evil.example', source: win as unknown as Window }));
    expect($<HTMLDialogElement>('dialog')!.open).toBe(true);
    window.dispatchEvent(new MessageEvent('message', { data: msg, origin: V, source: win as unknown as Window }));
    expect($<HTMLDialogElement>('dialog')!.open).toBe(false);
    expect(focused()).toBe(items()[2]);
  });
});

describe('autoPreview and auto swipe', () => {
  it('plays the muted intro video on hover / focus only, removes it on leave', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    mount(config());
    items()[0]!.dispatchEvent(new Event('mouseenter'));
    const video = $<HTMLVideoElement>('video')!;
    expect(video.src).toBe(`${V}/files/v1.mp4`);
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalled();
    items()[0]!.dispatchEvent(new Event('mouseleave'));
    expect($('video')).toBeNull();
    items()[1]!.dispatchEvent(new Event('mouseenter')); // no preview video
    expect($('video')).toBeNull();
  });

  it('no preview under prefers-reduced-motion, nor with autoPreview off', () => {
    reducedMotion(true);
    mount(config());
    items()[0]!.dispatchEvent(new Event('mouseenter'));
    expect($('video')).toBeNull();
    mounted!.destroy();
    reducedMotion(false);
    mount(config({}, 5, { autoPreview: false }));
    items()[0]!.dispatchEvent(new Event('mouseenter'));
    expect($('video')).toBeNull();
  });

  it('auto swipe advances, pauses while hovered, stops after the viewer paged; never under reduced motion', () => {
    vi.useFakeTimers();
    mount(config({ isAutoSwipe: true }), 1000);
    vi.advanceTimersByTime(AUTO_SWIPE_MS);
    expect(prop('pos')).toBe('2');
    vi.advanceTimersByTime(AUTO_SWIPE_MS);
    expect(prop('pos')).toBe('0'); // wraps
    $('.vb-carousel')!.dispatchEvent(new Event('mouseenter'));
    vi.advanceTimersByTime(AUTO_SWIPE_MS * 2);
    expect(prop('pos')).toBe('0');
    $('.vb-carousel')!.dispatchEvent(new Event('mouseleave'));
    $<HTMLButtonElement>('.nx')!.click();
    expect(prop('pos')).toBe('2');
    vi.advanceTimersByTime(AUTO_SWIPE_MS * 3);
    expect(prop('pos')).toBe('2');
    mounted!.destroy();
    reducedMotion(true);
    mount(config({ isAutoSwipe: true }), 1000);
    vi.advanceTimersByTime(AUTO_SWIPE_MS * 2);
    expect(prop('pos')).toBe('0');
  });

  it('destroy removes everything', () => {
    mount(config());
    mounted!.destroy();
    mounted = undefined;
    expect(root().childElementCount).toBe(0);
  });
});

describe('the editor preview (SET_DATA, VIDBOT_PREVIEW_READY)', () => {
  it('accepts only carousel configs with http(s) URLs', () => {
    expect(isCarouselConfig(config())).toBe(true);
    expect(isCarouselConfig({ ...config(), items: [{ ...config().items[0]!, frameUrl: 'javascript:alert(1)' }] })).toBe(false);
    expect(isCarouselConfig({ ...config(), type: 'Grid' })).toBe(false);
    expect(isCarouselConfig({ ...config(), visible: { mobile: 0, tablet: 1, desktop: 1 } })).toBe(false);
    expect(isCarouselConfig(null)).toBe(false);
  });

  it('renders SET_DATA from the parent at an allowed origin only', () => {
    document.body.replaceChildren();
    const main = document.createElement('main');
    main.setAttribute('data-vidbot-carousel-preview', '');
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'vidbot-carousel-data';
    data.textContent = JSON.stringify({ config: null, allow: ['https://app.example'] });
    document.body.append(main, data);
    const stop = startCarouselPreview(window);
    expect(main.shadowRoot).toBeNull();
    const send = (origin: string, d: unknown) => window.dispatchEvent(new MessageEvent('message', { data: { action: 'SET_DATA', data: d }, origin, source: window.parent }));
    send('https://evil.example', config());
    expect(main.shadowRoot).toBeNull();
    send('https://app.example', { nope: 1 });
    expect(main.shadowRoot).toBeNull();
    send('https://app.example', config({}, 2));
    expect(main.shadowRoot!.querySelectorAll('.b')).toHaveLength(2);
    send('https://app.example', config({ type: 'Card' }, 3));
    expect(main.shadowRoot!.querySelectorAll('.b')).toHaveLength(3);
    expect(main.shadowRoot!.querySelector('.t-Card')).not.toBeNull();
    stop();
  });
});

describe('dist/embed/carousel.js entry (index.ts)', () => {
  it('fills every [data-vidbot-carousel] element from the public config; a 404 leaves it empty; refresh() refetches', async () => {
    const a = document.createElement('div');
    a.dataset.vidbotCarousel = 'wid1';
    const b = document.createElement('div');
    b.dataset.vidbotCarousel = 'gone';
    document.body.append(a, b);
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/wid1') ? new Response(JSON.stringify(config({}, 3)), { status: 200 }) : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await import('./index');
    await vi.waitFor(() => expect(a.shadowRoot?.querySelectorAll('.b')).toHaveLength(3));
    expect(b.shadowRoot).toBeNull();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([`${location.origin}/api/public/widget/wid1`, `${location.origin}/api/public/widget/gone`]);
    expect(a.shadowRoot!.querySelector('iframe')).toBeNull();
    const api = (window as unknown as { VidbotCarousel: { refresh(): void } }).VidbotCarousel;
    api.refresh();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(fetchMock.mock.calls[2]![1]).toEqual({ cache: 'no-cache' });
    vi.unstubAllGlobals();
  });
});
