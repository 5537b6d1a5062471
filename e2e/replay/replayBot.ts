/**
 * The published vidbot the player and vidbot replays run on (issue 14 "Paths"): the tour bot's plain
 * slides (machines/player/player.paths.ts `tourBot`, same slide and button ids) made on the real
 * server through the API with the demo account's media, published, and opened by its direct link.
 *
 *   1 Intro (video, INTRO): Next ▶ 2 (also on video end, autoplay) · Bye (closes the vidbot)
 *   2 Second (video): Home ▶ 1 (also on video end)
 *
 * A branching bot with a closing button and a loop (1 ▶ 2 ▶ 1), which is what the vidbot replay's
 * compiled chart walks too.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, idToken } from '../support';
import type { PlayerBot, Slide } from '../../machines/vidbot/vidbot.types';

/** The replay bot's slides without media (ids, kinds and buttons; the media come from the demo account). */
export const REPLAY_BOT_SLIDES = [
  {
    id: 1,
    name: 'Intro',
    category: 'INTRO',
    type: 'VIDEO',
    options: [
      { id: 1, name: 'Next', type: 'SLIDE', targetId: 2, videoEndListener: true, videoEndAutoplay: true },
      { id: 2, name: 'Bye', type: 'CLOSE_VIDBOT', targetId: null },
    ],
  },
  { id: 2, name: 'Second', category: 'SLIDE', type: 'VIDEO', options: [{ id: 1, name: 'Home', type: 'SLIDE', targetId: 1, videoEndListener: true }] },
] as const satisfies ReadonlyArray<Pick<Slide, 'id' | 'name' | 'category' | 'type'> & { options: ReadonlyArray<Record<string, unknown>> }>;

export interface ReplayBot {
  id: number;
  publicId: string;
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Creates and publishes the replay bot in the demo account (owner); answers its ids. */
export async function publishReplayBot(request: APIRequestContext, name: string): Promise<ReplayBot> {
  const owner = await idToken(request, 'owner@example.com');
  const demo = (await api<{ records: Array<{ id: number; publicId: string }> }>(request, owner, 'GET', '/api/user/me/account')).records.find((a) => a.publicId === 'demo')!;
  const sample = (await api<{ records: Array<{ id: number }> }>(request, owner, 'GET', `/api/bot?account_id=${demo.id}&bot_name=${encodeURIComponent('Welcome to Vidbot')}`)).records[0]!;
  const sampleBot = await api<{ slides: Array<Record<string, unknown> & { type: string }> }>(request, owner, 'GET', `/api/bot/${sample.id}`);
  const videoSlide = sampleBot.slides.find((s) => s.type === 'VIDEO')!;
  const { options: _options, ...template } = videoSlide;
  void _options;
  const slides = REPLAY_BOT_SLIDES.map((slide) => ({ ...template, ...slide, options: slide.options.map((o) => ({ ...o })) }));
  const made = await api<{ id: number }>(request, owner, 'POST', '/api/bot', { accountId: demo.id, name });
  const published = await api<{ id: number; publicId: string }>(request, owner, 'PATCH', `/api/bot/${made.id}`, { content: { slides, actions: [] }, status: 'Published' });
  return { id: published.id, publicId: published.publicId };
}

/**
 * Deletes the replay bot again, so the demo account looks to the specs that run later as it did
 * before (e.g. the sample vidbot on the list's first page).
 */
export async function deleteReplayBot(request: APIRequestContext, bot: ReplayBot): Promise<void> {
  const owner = await idToken(request, 'owner@example.com');
  await api(request, owner, 'DELETE', `/api/bot/${bot.id}`);
}

/** The published bot as the player gets it (the public player API). */
export async function publicPlayerBot(request: APIRequestContext, publicId: string): Promise<PlayerBot> {
  const response = await request.get(`/api/public/bot/${encodeURIComponent(publicId)}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as PlayerBot;
}
