/**
 * Graph paths of the player machine (`xstate/graph`, DESIGN §4), like machines/editor/editor.paths.ts:
 * `TestModel`s over the chart with the events a viewer, the media element, the action views and the
 * host can send in each snapshot, and a bot (`tourBot`) whose buttons and video-end triggers reach
 * every kind of outcome: a slide, closing, each form submit-button type, each thank-you button type,
 * embedded / opened links, post message and share media. Two inputs: autoplay with no button delay,
 * no autoplay with `theme.delayButtons` and `hideActionButtonsUntilPlay`, and a bot without slides.
 *
 * States are serialized by value plus the context that changes the route (slide, action, link,
 * blocked, played, delay elapsed); captions and likes are toggles and stay out of it.
 * Test-only: the player bundle never imports this module (embed/player/imports.test.ts).
 */
import { TestModel } from 'xstate/graph';
import type { ActorLogic, AnyEventObject } from 'xstate';
import { playerMachine, type PlayerInput, type PlayerMachineEvent, type PlayerSnapshot } from './player.machine';
import { transitionTour, type TourPath } from '../testing/graph-coverage';
import type { PlayerBot, Slide, SlideOption, VidbotAction } from '../vidbot/vidbot.types';

/** The delayed event of `theme.delayButtons` (xstate names it after the delay and the state). */
export const BUTTON_DELAY_EVENT = 'xstate.after.buttonDelay.player.slide.buttons.waiting';

const videoSlide = (id: number, name: string, options: SlideOption[], category: Slide['category'] = 'SLIDE'): Slide => ({
  id,
  name,
  category,
  type: 'VIDEO',
  videoId: 100 + id,
  imageId: null,
  videoUrl: `/files/${id}.mp4`,
  posterUrl: null,
  options,
});

const thankYou = (over: Record<string, unknown>) => ({ type: 'CUSTOM', description: 'Thanks!', buttonName: 'Go on', slideId: null, ...over });
const form = (id: number, name: string, button: Record<string, unknown> | null, thankYouPage: Record<string, unknown> | null = null): VidbotAction => ({
  id,
  name,
  type: 'REGULAR_FORM',
  description: 'Tell us',
  fields: [{ id: 1, name: 'email', type: 'email', label: 'Email', required: true }],
  button,
  thankYouPage,
});

/**
 * The tour bot.
 *   1 Intro (video, INTRO): Next ▶ 2 (also on video end, autoplay) · Bye (close) · Hub ▶ 3 · Gone ▶ 99 (deleted)
 *   2 Second (video): Home ▶ 1 (on video end, no autoplay)
 *   3 Hub (image): one button per action (forms of each submit type, links, post message, share media)
 *   4–9 End-trigger videos: their video-end button closes / opens a form / share media / embeds / opens a link / posts
 *   10 Plain (video): no video-end button
 */
export const tourBot: PlayerBot = {
  id: 1,
  publicId: 'tour',
  name: 'Tour',
  revisionId: 1,
  theme: {},
  settings: { isCaptionOnPauseEnabled: true, language: 'en' },
  actions: [
    form(20, 'Close-form form', { type: 'CLOSE_FORM', slideId: null }),
    form(21, 'Thank-you form (to slide)', { type: 'THANK_YOU_PAGE', slideId: null }, thankYou({ buttonType: 'SLIDE', slideId: 2 })),
    form(22, 'Closing form', { type: 'CLOSE_VIDBOT', slideId: null }),
    form(23, 'Slide form', { type: 'SLIDE', slideId: 2 }),
    form(24, 'Thank-you form (close)', { type: 'THANK_YOU_PAGE', slideId: null }, thankYou({ buttonType: 'CLOSE_VIDBOT' })),
    form(25, 'Thank-you form (embed)', { type: 'THANK_YOU_PAGE', slideId: null }, thankYou({ buttonType: 'EXTERNAL_LINK', externalLinkType: 'url', url: 'https://example.com/embed', linkType: 'embed' })),
    form(26, 'Thank-you form (tab)', { type: 'THANK_YOU_PAGE', slideId: null }, thankYou({ buttonType: 'EXTERNAL_LINK', externalLinkType: 'url', url: 'https://example.com/tab', linkType: 'new_tab' })),
    form(27, 'Thank-you form (default)', { type: 'THANK_YOU_PAGE', slideId: null }, { type: 'DEFAULT', buttonType: 'CLOSE_FORM', buttonName: 'Close' }),
    { id: 30, name: 'Embedded site', type: 'EXTERNAL_LINK', url: 'https://example.com/', externalLinkType: 'url', linkType: 'embed' },
    { id: 31, name: 'Website', type: 'EXTERNAL_LINK', url: 'https://example.com/', externalLinkType: 'url', linkType: 'new_tab' },
    { id: 32, name: 'Tell the host', type: 'POST_MESSAGE', value: 'hello-host' },
    { id: 33, name: 'Share the film', type: 'SHARE_MEDIA', mediaId: 5, value: 'Share', button: { type: 'THANK_YOU_PAGE', slideId: null }, thankYouPage: thankYou({ buttonType: 'CLOSE_FORM' }) },
    { id: 34, name: 'Share and close', type: 'SHARE_MEDIA', mediaId: 5, value: 'Share', button: { type: 'CLOSE_VIDBOT', slideId: null } },
    { id: 35, name: 'Share and go', type: 'SHARE_MEDIA', mediaId: 5, value: 'Share', button: { type: 'SLIDE', slideId: 1 } },
    { id: 36, name: 'Share and stay', type: 'SHARE_MEDIA', mediaId: 5, value: 'Share', button: null },
  ],
  slides: [
    videoSlide(1, 'Intro', [
      { id: 1, name: 'Next', type: 'SLIDE', targetId: 2, videoEndListener: true, videoEndAutoplay: true, trackConversion: true },
      { id: 2, name: 'Bye', type: 'CLOSE_VIDBOT', targetId: null },
      { id: 3, name: 'Hub', type: 'SLIDE', targetId: 3 },
      { id: 4, name: 'Gone', type: 'SLIDE', targetId: 99 },
    ], 'INTRO'),
    videoSlide(2, 'Second', [{ id: 1, name: 'Home', type: 'SLIDE', targetId: 1, videoEndListener: true }]),
    {
      id: 3,
      name: 'Hub',
      category: 'SLIDE',
      type: 'IMAGE',
      imageUrl: '/files/hub.jpg',
      options: [
        ...[20, 21, 22, 23, 24, 25, 26, 27].map((targetId, i) => ({ id: i + 1, name: `Form ${targetId}`, type: 'REGULAR_FORM' as const, targetId })),
        { id: 9, name: 'Embed', type: 'EXTERNAL_LINK', targetId: 30 },
        { id: 10, name: 'Open', type: 'EXTERNAL_LINK', targetId: 31 },
        { id: 11, name: 'Post', type: 'POST_MESSAGE', targetId: 32 },
        ...[33, 34, 35, 36].map((targetId, i) => ({ id: 12 + i, name: `Share ${targetId}`, type: 'SHARE_MEDIA' as const, targetId })),
        { id: 16, name: 'Missing form', type: 'REGULAR_FORM', targetId: 999 },
        { id: 17, name: 'Intro', type: 'SLIDE', targetId: 1 },
        { id: 18, name: 'Ends', type: 'SLIDE', targetId: 4 },
      ],
    },
    videoSlide(4, 'Ends by closing', [
      { id: 1, name: 'Close', type: 'CLOSE_VIDBOT', targetId: null, videoEndListener: true },
      { id: 2, name: 'Next end', type: 'SLIDE', targetId: 5 },
    ]),
    videoSlide(5, 'Ends in a form', [{ id: 1, name: 'Form', type: 'REGULAR_FORM', targetId: 20, videoEndListener: true }, { id: 2, name: 'Next end', type: 'SLIDE', targetId: 6 }]),
    videoSlide(6, 'Ends in sharing', [{ id: 1, name: 'Share', type: 'SHARE_MEDIA', targetId: 36, videoEndListener: true }, { id: 2, name: 'Next end', type: 'SLIDE', targetId: 7 }]),
    videoSlide(7, 'Ends embedded', [{ id: 1, name: 'Embed', type: 'EXTERNAL_LINK', targetId: 30, videoEndListener: true }, { id: 2, name: 'Next end', type: 'SLIDE', targetId: 8 }]),
    videoSlide(8, 'Ends opening', [{ id: 1, name: 'Open', type: 'EXTERNAL_LINK', targetId: 31, videoEndListener: true }, { id: 2, name: 'Next end', type: 'SLIDE', targetId: 9 }]),
    videoSlide(9, 'Ends posting', [{ id: 1, name: 'Post', type: 'POST_MESSAGE', targetId: 32, videoEndListener: true }, { id: 2, name: 'Next end', type: 'SLIDE', targetId: 10 }]),
    videoSlide(10, 'Plain', [{ id: 1, name: 'Hub', type: 'SLIDE', targetId: 3 }]),
  ],
};

/** The inputs the tour starts from. */
export const playerPathInputs: Record<'autoplay' | 'gated' | 'empty', PlayerInput> = {
  autoplay: { bot: tourBot },
  gated: { bot: { ...tourBot, theme: { delayButtons: 2 } }, autoplay: false, hideActionButtonsUntilPlay: true },
  empty: { bot: { ...tourBot, slides: [] } },
};

/** The events that can happen in `snapshot` (only the ones its views and media could send). */
export function playerEventsFor(snapshot: PlayerSnapshot): PlayerMachineEvent[] {
  const events: AnyEventObject[] = [{ type: 'captions.toggle' }];
  const { context } = snapshot;
  if (snapshot.matches('slide')) {
    const slideId = context.vidbot.context.slideId;
    const slide = context.bot.slides.find((s) => s.id === slideId);
    for (const option of slide?.options ?? []) events.push({ type: 'button.press', optionId: option.id });
    events.push({ type: 'like.toggle' }, { type: 'close' });
    if (slide?.type === 'VIDEO') {
      events.push({ type: 'play' }, { type: 'pause' }, { type: 'media.playing' }, { type: 'media.paused' }, { type: 'media.ended' }, { type: 'media.blocked' });
    }
    if (snapshot.matches({ slide: { buttons: 'waiting' } })) events.push({ type: BUTTON_DELAY_EVENT });
    if (slide?.id === 1) events.push({ type: 'link.embed', action: tourBot.actions[8] as never });
  }
  if (snapshot.matches('form')) events.push({ type: 'form.submitted', submissionId: 'sub-1' }, { type: 'form.cancelled' }, { type: 'close' });
  if (snapshot.matches('shareMedia')) events.push({ type: 'shareMedia.done' }, { type: 'shareMedia.cancelled' }, { type: 'close' });
  if (snapshot.matches('thankYou')) events.push({ type: 'thankYou.button' }, { type: 'thankYou.cancelled' }, { type: 'close' });
  if (snapshot.matches('link')) events.push({ type: 'link.closed' }, { type: 'close' });
  if (snapshot.matches('closed') || (snapshot.matches('slide') && context.vidbot.context.slideId === 2)) events.push({ type: 'restart' });
  return events as PlayerMachineEvent[];
}

/** Serialization that keeps the walk finite (value + route-deciding context). */
export function serializePlayerState(snapshot: PlayerSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.vidbot.context.slideId, c.action?.id ?? null, c.link?.url ?? null, c.blocked, c.hasPlayed, c.delayDone, c.autoplayNext]);
}

/** The test model of the chart from one input. */
export function playerTestModel(input: PlayerInput) {
  const logic = playerMachine as unknown as ActorLogic<PlayerSnapshot, PlayerMachineEvent, PlayerInput>;
  return new TestModel(logic, {
    input,
    events: playerEventsFor as never,
    serializeState: serializePlayerState,
    limit: 50_000,
    stopWhen: (s: PlayerSnapshot) => s.status !== 'active',
  });
}

/** One tour path with the input it starts from. */
export interface PlayerTourPath extends TourPath {
  input: PlayerInput;
}

/** The transition tours from both inputs: every reachable state and every event offered there. */
export function playerPaths(): PlayerTourPath[] {
  return (Object.entries(playerPathInputs) as Array<[string, PlayerInput]>).flatMap(([name, input]) =>
    transitionTour(playerTestModel(input), serializePlayerState).map((p) => ({ ...p, description: `${name}: ${p.description}`, input })),
  );
}

/**
 * Hand-written walks (issue 14 journeys) on the `autoplay` input that the shortest paths never take
 * and a viewer does all the time: starting over after closing, play after pause, the video-end loop
 * Intro ▶ Second ▶ Intro, and replaying an ended video. e2e/replay-player.spec.ts replays them too.
 */
export const playerJourneys: Array<{ description: string; inputName: 'autoplay'; events: PlayerMachineEvent[] }> = [
  { description: 'The viewer closes the vidbot with Bye and starts over', inputName: 'autoplay', events: [{ type: 'button.press', optionId: 2 }, { type: 'restart' }] },
  { description: 'The viewer pauses the intro, plays it again and goes on with Next', inputName: 'autoplay', events: [{ type: 'pause' }, { type: 'play' }, { type: 'button.press', optionId: 1 }] },
  {
    description: 'The intro ends into Second, Second ends back into the intro (paused), the viewer plays it and it ends into Second again',
    inputName: 'autoplay',
    events: [{ type: 'media.ended' }, { type: 'media.ended' }, { type: 'play' }, { type: 'media.ended' }],
  },
  {
    description: 'On Second the viewer pauses, skips to the end and plays the video again',
    inputName: 'autoplay',
    events: [{ type: 'button.press', optionId: 1 }, { type: 'pause' }, { type: 'media.ended' }, { type: 'play' }],
  },
];
