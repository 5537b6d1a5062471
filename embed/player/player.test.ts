import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPlayer, type PlayerEvent, type PlayerHandle } from './index';
import { loadActionViews } from './player';
import { playerStrings, resolvePlayerLang } from './strings';
import { demoVidbot } from '../../machines/vidbot/vidbot.fixtures';

let container: HTMLElement;
let handle: PlayerHandle | null = null;
let events: PlayerEvent[];

function mount(options: Parameters<typeof mountPlayer>[2] = {}): ShadowRoot {
  handle = mountPlayer(container, demoVidbot, { onEvent: (e) => events.push(e), lang: 'en', ...options });
  return handle.root;
}

function optionButtons(root: ShadowRoot): HTMLButtonElement[] {
  return [...root.querySelectorAll<HTMLButtonElement>('.vb-options button')];
}

function buttonNamed(root: ShadowRoot, name: string): HTMLButtonElement {
  const button = optionButtons(root).find((b) => b.textContent === name);
  if (!button) throw new Error(`no button ${name}`);
  return button;
}

function control(root: ShadowRoot, name: 'play' | 'mute'): HTMLButtonElement {
  const button = root.querySelector<HTMLButtonElement>(`[data-control="${name}"]`);
  if (!button) throw new Error(`no ${name} control`);
  return button;
}

// The action views (a chunk of their own) are here before the viewer presses anything.
beforeAll(async () => {
  await loadActionViews();
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  events = [];
});

afterEach(() => {
  handle?.destroy();
  handle = null;
  container.remove();
  vi.restoreAllMocks();
});

describe('mountPlayer: intro video slide', () => {
  it('renders the intro as a muted, inline, autoplaying video with poster and its live buttons', () => {
    const root = mount();
    const video = root.querySelector('video');
    expect(video).not.toBeNull();
    expect(video!.hasAttribute('playsinline')).toBe(true);
    expect(video!.muted).toBe(true);
    expect(video!.hasAttribute('autoplay')).toBe(true);
    expect(video!.getAttribute('poster')).toBe('/files/welcome.jpg');
    expect(video!.getAttribute('src')).toBe('/files/welcome.mp4');
    // Embedded on another site, <track> captions from /files load only in CORS mode.
    expect(video!.getAttribute('crossorigin')).toBe('anonymous');
    expect(optionButtons(root).map((b) => b.textContent)).toEqual(['Show me', 'Pricing', 'Bye', 'Website']);
    expect(optionButtons(root).every((b) => b.type === 'button')).toBe(true);
    expect(root.querySelector('.vb-options')!.getAttribute('aria-label')).toBe('Choices');
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Now showing: Welcome');
    expect(events[0]).toEqual({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Welcome', path: [1] });
  });

  it('lives in a shadow root inside the container, and destroy removes it', () => {
    mount();
    expect(container.querySelector('[data-vidbot-player]')?.shadowRoot).toBe(handle!.root);
    handle!.destroy();
    handle!.destroy();
    expect(container.querySelector('[data-vidbot-player]')).toBeNull();
  });

  it('the play control toggles playback and its label follows the video', () => {
    const root = mount();
    const video = root.querySelector('video')!;
    const play = control(root, 'play');
    expect(play.textContent).toBe('Pause'); // autoplay started it
    play.click();
    expect(video.paused).toBe(true);
    expect(play.textContent).toBe('Play');
    play.click();
    expect(video.paused).toBe(false);
    expect(play.textContent).toBe('Pause');
    expect(events.filter((e) => e.type.startsWith('video.')).map((e) => e.type)).toEqual([
      'video.play',
      'video.pause',
      'video.play',
    ]);
  });

  it('when the browser blocks autoplay the control offers Play, reports it, and Play still works', async () => {
    const realPlay = HTMLMediaElement.prototype.play;
    const spy = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockImplementation(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')));
    const root = mount();
    await vi.waitFor(() => expect(events.some((e) => e.type === 'video.autoplayBlocked')).toBe(true));
    const play = control(root, 'play');
    expect(play.textContent).toBe('Play');
    // The clear Play affordance of a blocked autoplay.
    const bigPlay = root.querySelector<HTMLButtonElement>('[data-control="bigplay"]')!;
    expect(bigPlay.hidden).toBe(false);
    expect(bigPlay.textContent).toBe('Play video');
    spy.mockImplementation(realPlay);
    play.click();
    expect(root.querySelector('video')!.paused).toBe(false);
    expect(play.textContent).toBe('Pause');
  });

  it('the unmute control turns the sound on and the choice carries to the next video', () => {
    const root = mount();
    const mute = control(root, 'mute');
    expect(mute.textContent).toBe('Unmute');
    mute.click();
    expect(root.querySelector('video')!.muted).toBe(false);
    expect(mute.textContent).toBe('Mute');
    buttonNamed(root, 'Pricing').click();
    expect(root.querySelector('[data-slide-id]')!.getAttribute('data-slide-id')).toBe('3');
    expect(root.querySelector('video')!.muted).toBe(false);
  });

  it('does not autoplay when told not to', () => {
    const root = mount({ autoplay: false });
    const video = root.querySelector('video')!;
    expect(video.hasAttribute('autoplay')).toBe(false);
    expect(video.paused).toBe(true);
    expect(control(root, 'play').textContent).toBe('Play');
  });
});

describe('mountPlayer: buttons', () => {
  it('a SLIDE button renders its target image slide; deleted buttons are left out', () => {
    const root = mount();
    buttonNamed(root, 'Show me').click();
    expect(root.querySelector('video')).toBeNull();
    const image = root.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/files/product.jpg');
    expect(image.alt).toBe('Product');
    expect(optionButtons(root).map((b) => b.textContent)).toEqual(['Back']);
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Now showing: Product');
    expect(events).toContainEqual({ type: 'button.click', slideId: 1, optionId: 1, optionType: 'SLIDE', name: 'Show me', trackConversion: false, trigger: 'button' });
    expect(events.filter((e) => e.type === 'slide.enter').at(-1)).toEqual({ type: 'slide.enter', from: 1, to: 2, slideId: 2, name: 'Product', path: [1, 2] });
  });

  it('moves focus to the new slide when the viewer pressed a button from the keyboard', () => {
    const root = mount();
    const showMe = buttonNamed(root, 'Show me');
    showMe.focus();
    showMe.click();
    const slide = root.querySelector<HTMLElement>('[data-slide-id="2"]')!;
    expect(root.activeElement).toBe(slide);
    expect(slide.getAttribute('aria-label')).toBe('Product');
  });

  it('does not steal focus when the slide changes while focus is elsewhere (video end)', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const root = mount();
    root.querySelector('video')!.dispatchEvent(new Event('ended'));
    expect(root.querySelector('[data-slide-id]')!.getAttribute('data-slide-id')).toBe('3');
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('a video left behind reports nothing into the next slide', () => {
    const root = mount();
    const oldVideo = root.querySelector('video')!;
    buttonNamed(root, 'Show me').click();
    const count = events.length;
    oldVideo.dispatchEvent(new Event('ended'));
    oldVideo.dispatchEvent(new Event('play'));
    expect(events.length).toBe(count);
    expect(root.querySelector('[data-slide-id]')!.getAttribute('data-slide-id')).toBe('2');
  });

  it('video end follows the slide’s video-end button', () => {
    const root = mount();
    root.querySelector('video')!.dispatchEvent(new Event('ended'));
    expect(root.querySelector('video')!.getAttribute('src')).toBe('/files/pricing.mp4');
    expect(events.map((e) => e.type)).toContain('video.ended');
  });

  it('an EXTERNAL_LINK button (new_tab) opens the link, reports link.open and stays on the slide', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const root = mount();
    buttonNamed(root, 'Website').click();
    expect(root.querySelector('[data-slide-id]')!.getAttribute('data-slide-id')).toBe('1');
    // How the link opens is the action module's (actions/index.ts); here: it was asked to.
    expect(open).toHaveBeenCalled();
    expect(events).toContainEqual({ type: 'link.open', url: 'https://example.com/', linkType: 'new_tab' });
  });

  it('CLOSE_VIDBOT shows the closing screen; Start over plays from the intro again', () => {
    const root = mount();
    buttonNamed(root, 'Bye').click();
    expect(root.querySelector('video')).toBeNull();
    expect(root.textContent).toContain('Thanks for watching.');
    expect(events).toContainEqual({ type: 'closed', path: [1] });
    root.querySelector<HTMLButtonElement>('[data-control="restart"]')!.click();
    expect(root.querySelector('[data-slide-id]')!.getAttribute('data-slide-id')).toBe('1');
    const afterClose = events.slice(events.findIndex((e) => e.type === 'closed') + 1);
    expect(afterClose[0]).toEqual({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Welcome', path: [1] });
  });

  it('reports slide.enter once the slide is on screen (hosts reach into its <video> then), first slide included', () => {
    const seen: (string | null)[] = [];
    handle = mountPlayer(container, demoVidbot, {
      lang: 'en',
      onEvent: (e) => {
        if (e.type === 'slide.enter') seen.push(container.querySelector('[data-vidbot-player]')!.shadowRoot!.querySelector('[data-slide-id]')?.getAttribute('data-slide-id') ?? null);
      },
    });
    const slide2 = demoVidbot.slides[0]!.options.find((o) => o.type === 'SLIDE' && o.targetId !== null)!;
    handle.root.querySelector<HTMLButtonElement>(`[data-option-id="${slide2.id}"]`)!.click();
    expect(seen).toEqual(['1', String(slide2.targetId)]);
  });

  it('starts on startSlideId', () => {
    const root = mount({ startSlideId: 2 });
    expect(root.querySelector('img')!.getAttribute('src')).toBe('/files/product.jpg');
  });

  it('a bot without slides explains itself', () => {
    handle = mountPlayer(container, { ...demoVidbot, slides: [] }, { lang: 'en' });
    expect(handle.root.textContent).toContain('This vidbot has no slides yet.');
  });
});

describe('player strings', () => {
  it('speaks Finnish when asked', () => {
    const root = mount({ lang: 'fi', autoplay: false });
    expect(control(root, 'play').textContent).toBe('Toista');
    expect(control(root, 'mute').textContent).toBe('Poista mykistys');
    expect(root.querySelector('.vb-options')!.getAttribute('aria-label')).toBe('Valinnat');
  });

  it('resolves languages and fills placeholders', () => {
    expect(resolvePlayerLang('fi-FI')).toBe('fi');
    expect(resolvePlayerLang('sv')).toBe('en');
    expect(resolvePlayerLang(undefined)).toBe('en');
    expect(playerStrings('fi')('nowShowing', { name: 'Intro' })).toBe('Nyt näytetään: Intro');
  });

  it('applies theme colours as custom properties', () => {
    handle = mountPlayer(container, { ...demoVidbot, theme: { textColor: '#112233', backgroundColor: '#ffeedd' } }, { lang: 'en' });
    const frame = handle.root.querySelector<HTMLElement>('.vb-player')!;
    expect(frame.style.getPropertyValue('--vb-text')).toBe('#112233');
    expect(frame.style.getPropertyValue('--vb-background')).toBe('#ffeedd');
  });
});

describe('mountPlayer: subtitles', () => {
  it('adds one subtitles track per caption; the captions toggle (aria-pressed) shows the one in the caption language', () => {
    const intro = demoVidbot.slides[0]!;
    const bot = {
      ...demoVidbot,
      settings: { language: 'fi' as const },
      slides: [
        { ...intro, captions: [{ id: 1, languageCode: 'en', url: '/files/1/a/caption.vtt' }, { id: 2, languageCode: 'fi', url: '/files/1/b/caption.vtt' }] },
        ...demoVidbot.slides.slice(1),
      ],
    };
    handle = mountPlayer(container, bot, { lang: 'en' });
    const tracks = [...handle.root.querySelectorAll('video track')] as HTMLTrackElement[];
    expect(tracks.map((t) => [t.getAttribute('kind'), t.getAttribute('srclang'), t.getAttribute('src')])).toEqual([
      ['subtitles', 'en', '/files/1/a/caption.vtt'],
      ['subtitles', 'fi', '/files/1/b/caption.vtt'],
    ]);
    expect(tracks.every((t) => (t.getAttribute('label') ?? '').length > 0)).toBe(true);
    const toggle = handle.root.querySelector<HTMLButtonElement>('[data-control="captions"]')!;
    expect(toggle.hidden).toBe(false);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(tracks.some((t) => t.hasAttribute('data-showing'))).toBe(false);
    toggle.click();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    // settings.language (fi) picks the track, not the player's language.
    expect(tracks.map((t) => t.hasAttribute('data-showing'))).toEqual([false, true]);
    toggle.click();
    expect(tracks.some((t) => t.hasAttribute('data-showing'))).toBe(false);
  });

  it("the slide's language override wins, and caption-on-pause shows captions while paused", () => {
    const intro = demoVidbot.slides[0]!;
    const bot = {
      ...demoVidbot,
      settings: { language: 'fi' as const, isCaptionOnPauseEnabled: true },
      slides: [
        { ...intro, language: 'en', captions: [{ id: 1, languageCode: 'en', url: '/a.vtt' }, { id: 2, languageCode: 'fi', url: '/b.vtt' }] },
        ...demoVidbot.slides.slice(1),
      ],
    };
    handle = mountPlayer(container, bot, { lang: 'fi' });
    const tracks = [...handle.root.querySelectorAll('video track')] as HTMLTrackElement[];
    expect(tracks.some((t) => t.hasAttribute('data-showing'))).toBe(false); // playing
    control(handle.root, 'play').click(); // pause
    expect(tracks.map((t) => t.hasAttribute('data-showing'))).toEqual([true, false]);
    control(handle.root, 'play').click(); // play again
    expect(tracks.some((t) => t.hasAttribute('data-showing'))).toBe(false);
  });

  it('hides the captions toggle on a slide without captions', () => {
    const root = mount();
    expect(root.querySelector<HTMLButtonElement>('[data-control="captions"]')!.hidden).toBe(true);
  });

  it('adds no track for a slide without captions', () => {
    const root = mount();
    expect(root.querySelectorAll('video track')).toHaveLength(0);
  });
});
