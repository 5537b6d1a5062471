/**
 * Player events → analytics events from a mounted player (embed/analytics/player-events.ts; the
 * table in embed/shared/analytics.ts): the real `mountPlayer` in happy-dom, the real client, a fake
 * transport.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoVidbot } from '../../machines/vidbot/vidbot.fixtures';
import type { PlayerBot } from '../../machines/vidbot/vidbot.types';
import { mountPlayer, type PlayerHandle } from '../player/index';
import { loadActionViews } from '../player/player';
import type { AnalyticsEvent } from '../shared/analytics';
import { createAnalytics, type Analytics } from './client';
import { trackPlayer } from './player-events';

const bot: PlayerBot = {
  ...demoVidbot,
  settings: { isLikesEnabled: true },
  slides: demoVidbot.slides.map((s) =>
    s.id === 1 ? { ...s, options: s.options.map((o) => (o.id === 1 ? { ...o, trackConversion: true } : o)) } : s,
  ),
} as PlayerBot;

let container: HTMLElement;
let handle: PlayerHandle | null;
let analytics: Analytics;
let sent: AnalyticsEvent[];
let now: number;

beforeAll(async () => {
  await loadActionViews();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  container = document.createElement('div');
  document.body.append(container);
  sent = [];
  now = 1_000_000;
  const win = Object.assign(new EventTarget(), { document: new EventTarget() }) as unknown as Window;
  analytics = createAnalytics({
    apiBase: '',
    publicId: 'demo-bot',
    channel: 'direct',
    enabled: true,
    consentRequired: false,
    storage: null,
    win,
    now: () => now,
    transport: async (_url, body) => {
      sent.push(...(JSON.parse(body) as { events: AnalyticsEvent[] }).events);
      return 'ok';
    },
  });
  const tracker = trackPlayer(analytics, bot, () => handle?.root.querySelector('video')?.currentTime ?? null, () => now);
  handle = mountPlayer(container, bot, { lang: 'en', onEvent: tracker.onEvent, apiBase: 'https://vidbot.example' });
});
afterEach(() => {
  handle?.destroy();
  handle = null;
  analytics.destroy();
  container.remove();
  vi.useRealTimers();
});

const button = (name: string): HTMLButtonElement => {
  const b = [...handle!.root.querySelectorAll<HTMLButtonElement>('.vb-options button')].find((x) => x.textContent === name);
  if (!b) throw new Error(`no button ${name}`);
  return b;
};
const flush = async () => {
  await analytics.flush();
};

describe('player → analytics', () => {
  it('maps slides, playback, buttons (cta for trackConversion) and close to the contract events', async () => {
    const video = handle!.root.querySelector('video')!;
    video.dispatchEvent(new Event('play'));
    now += 5000;
    Object.defineProperty(video, 'currentTime', { value: 5, configurable: true });
    button('Show me').click(); // slide 1 → 2 (IMAGE), trackConversion
    now += 3000;
    button('Back').click(); // 2 → 1
    button('Bye').click(); // CLOSE_VIDBOT
    await flush();
    const summary = sent.map((e) => [e.name, e.slideId ?? null, e.optionId ?? null, e.fromSlideId, e.seconds]);
    expect(summary).toEqual([
      ['slide_nav', 1, null, null, undefined],
      ['opened', null, null, undefined, undefined],
      ['intro_viewed', 1, null, undefined, undefined],
      ['click', 1, 1, undefined, undefined],
      ['cta', 1, 1, undefined, undefined],
      ['slide_played', 1, null, undefined, 5],
      ['slide_nav', 2, null, 1, undefined],
      ['click', 2, 5, undefined, undefined],
      ['slide_played', 2, null, undefined, 3],
      ['slide_nav', 1, null, 2, undefined],
      ['click', 1, 3, undefined, undefined],
      ['slide_played', 1, null, undefined, 0],
    ]);
    const ids = sent.map((e) => e.id);
    expect(ids).toContain(`${analytics.sessionId}.opened`);
    expect(ids).toContain(`${analytics.sessionId}.intro_viewed`);
  });

  it('like, watermark and a mailto link', async () => {
    handle!.root.querySelector<HTMLButtonElement>('[data-control="like"]')!.click();
    handle!.root.querySelector<HTMLButtonElement>('[data-control="like"]')!.click(); // unlike: nothing
    const mark = handle!.root.querySelector<HTMLAnchorElement>('[data-watermark]')!;
    mark.addEventListener('click', (e) => e.preventDefault());
    mark.click();
    await flush();
    const later = sent.filter((e) => !['slide_nav', 'opened', 'intro_viewed'].includes(e.name));
    expect(later.map((e) => e.name)).toEqual(['liked', 'watermark_clicked']);
    expect(later[0]).toMatchObject({ name: 'liked', slideId: 1 });
  });
});

describe('trackPlayer without a player', () => {
  it('form submissions and tel/mailto links count as contacted', async () => {
    await flush();
    sent = []; // what the mounted player reported
    const tracker = trackPlayer(analytics, bot);
    tracker.onEvent({ type: 'form.submitted', actionId: 10, submissionId: 'x' });
    tracker.onEvent({ type: 'link.open', url: 'mailto:sales@example.com', linkType: 'new_tab' });
    tracker.onEvent({ type: 'link.open', url: '+358401234567', linkType: 'new_tab', externalLinkType: 'tel' });
    tracker.onEvent({ type: 'link.open', url: 'https://example.com/', linkType: 'new_tab', externalLinkType: 'url' });
    await flush();
    expect(sent.map((e) => [e.name, e.optionId])).toEqual([
      ['form_submitted', 10],
      ['contacted', undefined],
      ['contacted', undefined],
      ['contacted', undefined],
    ]);
  });
});
