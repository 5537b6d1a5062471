/**
 * Player features of issue 12 "The player" (and issue 20's strict-CSP rules) in the rendered player:
 * button delay and hide-until-play, featured buttons, image animation, likes, share, watermark,
 * company profile, theme gradient, custom CSS through adoptedStyleSheets, post message (the action
 * views' flow is actions-flow.test.ts), the host handle, the widget close control, sound options, media event times.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPlayer, type PlayerEvent, type PlayerHandle, type PlayerOptions } from './index';
import { loadActionViews } from './player';
import { demoVidbot } from '../../machines/vidbot/vidbot.fixtures';
import type { PlayerBot } from '../../machines/vidbot/vidbot.types';

let container: HTMLElement;
let handle: PlayerHandle | null = null;
let events: PlayerEvent[];

const bot: PlayerBot = {
  ...demoVidbot,
  directUrl: 'https://vidbot.example/v/demo-bot',
  actions: [
    ...demoVidbot.actions,
    { id: 11, name: 'Contact us', type: 'REGULAR_FORM', description: 'Leave your email', fields: [], button: { type: 'CLOSE_FORM', slideId: null } },
    { id: 12, name: 'Ping host', type: 'POST_MESSAGE', value: 'ping' },
  ],
  slides: [
    {
      ...demoVidbot.slides[0]!,
      options: [
        { id: 1, name: 'Show me', type: 'SLIDE', targetId: 2, featured: true },
        { id: 9, name: 'Contact', type: 'REGULAR_FORM', targetId: 11 },
        { id: 10, name: 'Ping', type: 'POST_MESSAGE', targetId: 12 },
      ],
    },
    { ...demoVidbot.slides[1]!, imageAnimation: { type: 'PAN', duration: 6, repeat: true } },
    ...demoVidbot.slides.slice(2),
  ],
};

function mount(over: Partial<PlayerBot> = {}, options: PlayerOptions = {}): ShadowRoot {
  handle = mountPlayer(container, { ...bot, ...over }, { onEvent: (e) => events.push(e), lang: 'en', ...options });
  return handle.root;
}

const q = <T extends Element = HTMLElement>(root: ShadowRoot, selector: string): T => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
};
const optionNamed = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('.vb-option')].find((b) => b.textContent === name)!;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  events = [];
});

afterEach(() => {
  handle?.destroy();
  handle = null;
  container.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('buttons', () => {
  it('theme.delayButtons hides the buttons for that many seconds after the slide starts', () => {
    vi.useFakeTimers();
    const root = mount({ theme: { delayButtons: 3 } });
    const group = q(root, '.vb-options');
    expect(group.hidden).toBe(true);
    vi.advanceTimersByTime(2900);
    expect(group.hidden).toBe(true);
    vi.advanceTimersByTime(100);
    expect(group.hidden).toBe(false);
  });

  it('hideActionButtonsUntilPlay keeps them hidden until playback starts', () => {
    const root = mount({}, { autoplay: false, hideActionButtonsUntilPlay: true });
    expect(q(root, '.vb-options').hidden).toBe(true);
    q<HTMLButtonElement>(root, '[data-control="bigplay"]').click();
    expect(q(root, '.vb-options').hidden).toBe(false);
  });

  it('featured buttons are marked for their style; the image slide animates (PAN) through CSS properties', () => {
    const root = mount();
    expect(optionNamed(root, 'Show me').hasAttribute('data-featured')).toBe(true);
    expect(optionNamed(root, 'Contact').hasAttribute('data-featured')).toBe(false);
    optionNamed(root, 'Show me').click();
    const image = q<HTMLImageElement>(root, 'img.vb-media');
    expect(image.getAttribute('data-animation')).toBe('PAN');
    expect(image.style.getPropertyValue('--vb-anim-duration')).toBe('6s');
    expect(image.style.getPropertyValue('--vb-anim-repeat')).toBe('infinite');
  });
});

describe('actions', () => {
  it('POST_MESSAGE reports its value', () => {
    const root = mount();
    optionNamed(root, 'Ping').click();
    expect(events).toContainEqual({ type: 'post.message', slideId: 1, actionId: 12, value: 'ping' });
  });
});

describe('likes, share, watermark, company profile', () => {
  it('the like toggle (isLikesEnabled) is pressed / unpressed and reports liked', () => {
    const root = mount({ settings: { isLikesEnabled: true } });
    const like = q<HTMLButtonElement>(root, '[data-control="like"]');
    expect(like.getAttribute('aria-label')).toBe('Like');
    like.click();
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(events).toContainEqual({ type: 'liked', slideId: 1, liked: true });
    like.click();
    expect(like.getAttribute('aria-pressed')).toBe('false');
  });

  it('no like button unless enabled; no share button when isShareDisabled', () => {
    const root = mount({ settings: { isShareDisabled: true } });
    expect(root.querySelector('[data-control="like"]')).toBeNull();
    expect(root.querySelector('[data-control="share"]')).toBeNull();
  });

  it('share uses the Web Share API with the direct link when there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const root = mount();
    q<HTMLButtonElement>(root, '[data-control="share"]').click();
    expect(share).toHaveBeenCalledWith({ title: 'Demo vidbot', url: 'https://vidbot.example/v/demo-bot' });
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'share', url: 'https://vidbot.example/v/demo-bot', method: 'share' }));
    delete (navigator as { share?: unknown }).share;
  });

  it('without a directUrl the direct link is built from the public id', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const root = mount({ directUrl: null }, { apiBase: 'https://v.example' });
    q<HTMLButtonElement>(root, '[data-control="share"]').click();
    expect(share).toHaveBeenCalledWith({ title: 'Demo vidbot', url: 'https://v.example/v/demo-bot' });
    delete (navigator as { share?: unknown }).share;
  });

  it('without Web Share, share copies the link and announces it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const root = mount();
    q<HTMLButtonElement>(root, '[data-control="share"]').click();
    expect(writeText).toHaveBeenCalledWith('https://vidbot.example/v/demo-bot');
    await vi.waitFor(() => expect(q(root, '[role="status"]').textContent).toBe('Link copied'));
    expect(events).toContainEqual({ type: 'share', url: 'https://vidbot.example/v/demo-bot', method: 'copy' });
  });

  it('shows the watermark unless disabled, and the company profile when enabled', () => {
    let root = mount({ companyName: 'Acme', logoUrl: '/files/logo.png', settings: { isCompanyProfileEnabled: true } });
    expect(q(root, '[data-watermark]').textContent).toBe('Made with Vidbot');
    const profile = q(root, '[data-company-profile]');
    expect(profile.textContent).toBe('Acme');
    expect(q<HTMLImageElement>(root, '[data-company-profile] img').alt).toBe('Acme logo');
    handle!.destroy();
    root = mount({ companyName: 'Acme', settings: { isWatermarkDisabled: true } });
    expect(root.querySelector('[data-watermark]')).toBeNull();
    expect(root.querySelector('[data-company-profile]')).toBeNull();
  });
});

describe('styles under a strict CSP (issue 20)', () => {
  it('adopts the player stylesheet, the action views stylesheet and the sanitised custom CSS (last, so it wins); no <style> element', async () => {
    await loadActionViews();
    const root = mount({ customCss: '.vb-player .vb-option { border-radius: 0; }' });
    expect(root.querySelector('style')).toBeNull();
    expect(root.adoptedStyleSheets).toHaveLength(3);
    expect([...root.adoptedStyleSheets[1]!.cssRules].map((r) => r.cssText).join(' ')).toContain('.vb-action');
    expect(root.adoptedStyleSheets[2]!.cssRules[0]!.cssText).toContain('border-radius');
  });

  it('theme gradient is on by default and off when disabled', () => {
    let root = mount();
    expect(q(root, '.vb-player').hasAttribute('data-gradient')).toBe(true);
    handle!.destroy();
    root = mount({ theme: { isGradientEnabled: false } });
    expect(q(root, '.vb-player').hasAttribute('data-gradient')).toBe(false);
  });

  it('the player sources use no HTML string sinks, eval, or style attributes from strings', () => {
    const dir = path.resolve(import.meta.dirname);
    const files = [...readdirSync(dir), ...readdirSync(path.join(dir, 'actions')).map((f) => `actions/${f}`)].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of files) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|\beval\(|new Function|setAttribute\(\s*['"]style['"]|\.style\.cssText|createElement\(\s*['"]style['"]/);
    }
  });
});

describe('host handle, channel options, media events', () => {
  it('pause / play / close / restart', () => {
    const root = mount();
    const video = q<HTMLVideoElement>(root, 'video');
    handle!.pause();
    expect(video.paused).toBe(true);
    handle!.play();
    expect(video.paused).toBe(false);
    handle!.close();
    expect(root.textContent).toContain('Thanks for watching.');
    expect(events.at(-1)).toEqual({ type: 'closed', path: [1] });
    handle!.restart();
    expect(root.querySelector('[data-slide-id="1"]')).not.toBeNull();
  });

  it('closeControl adds a Close control that closes the vidbot; the widget channel has none (its dialog has one)', () => {
    const root = mount({}, { closeControl: true });
    q<HTMLButtonElement>(root, '[data-control="close"]').click();
    expect(events.some((e) => e.type === 'closed')).toBe(true);
    handle!.destroy();
    expect(mount().querySelector('[data-control="close"]')).toBeNull();
    handle!.destroy();
    expect(mount({}, { channel: 'widget' }).querySelector('[data-control="close"]')).toBeNull();
  });

  it('muted: false starts with sound', () => {
    const root = mount({}, { muted: false });
    expect(q<HTMLVideoElement>(root, 'video').muted).toBe(false);
    expect(q(root, '[data-control="mute"]').getAttribute('aria-label')).toBe('Mute');
  });

  it('video events carry the current time in seconds', () => {
    const root = mount();
    const video = q<HTMLVideoElement>(root, 'video');
    Object.defineProperty(video, 'currentTime', { value: 1.25, configurable: true });
    handle!.pause();
    expect(events.filter((e) => e.type === 'video.pause').at(-1)).toEqual({ type: 'video.pause', slideId: 1, currentTime: 1.25 });
  });

  it('every control has an accessible name and is a native button', () => {
    const root = mount({ settings: { isLikesEnabled: true } }, { channel: 'widget', closeControl: true });
    for (const b of root.querySelectorAll('button')) {
      expect(b.type).toBe('button');
      expect((b.getAttribute('aria-label') ?? b.textContent ?? '').trim().length).toBeGreaterThan(0);
    }
  });
});
