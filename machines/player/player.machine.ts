/**
 * The viewer's flow through a vidbot (issue 12 "The player": slide, playing, paused, ended, form,
 * thank-you, closed; spec 001 §3 Slide option, Action, Form submit button / thank-you page types).
 *
 * Navigation between slides is NOT decided here: the bot's compiled statechart (`compileVidbot`,
 * machines/vidbot) is stepped with xstate's pure `transition` for every button press and video end,
 * so the graph the editor shows (issue 11, built from the same chart) is the graph the viewer walks.
 * This machine adds what a viewer does around that graph: playback, the action views, close/restart.
 *
 * Chart:
 *
 *   booting ──always──▶ slide | empty
 *   slide (parallel)
 *     media:   entering ─always─▶ still (IMAGE) | playing (autoplay) | paused
 *              paused  ─play / media.playing─▶ playing
 *              playing ─pause / media.paused / media.blocked─▶ paused
 *              playing|paused ─media.ended─▶ (the chart's video.end: next slide | action | closed) else ended
 *              ended   ─play / media.playing─▶ playing (replay)
 *     buttons: waiting ─always [delay elapsed (theme.delayButtons) and, with hideActionButtonsUntilPlay, played or an image]─▶ shown
 *              waiting ─after buttonDelay─▶ (delay elapsed)
 *     button.press ─▶ per the chart / the action:
 *       SLIDE → slide (re-entered), CLOSE_VIDBOT → closed, REGULAR_FORM → form, SHARE_MEDIA → shareMedia,
 *       EXTERNAL_LINK → link (linkType embed) or stays (emits link.open), POST_MESSAGE → stays (emits post.message)
 *   form        ─form.submitted─▶ by action.button.type: CLOSE_FORM → slide, THANK_YOU_PAGE → thankYou,
 *                                  CLOSE_VIDBOT → closed, SLIDE → slide button.slideId
 *               ─form.cancelled─▶ slide
 *   thankYou    ─thankYou.button─▶ by thankYouPage.buttonType: CLOSE_FORM → slide, CLOSE_VIDBOT → closed,
 *                                   SLIDE → slide thankYouPage.slideId, EXTERNAL_LINK → link (embed) or slide (emits link.open)
 *               ─thankYou.cancelled─▶ slide
 *   link        ─link.closed─▶ slide            (an external link embedded in the player)
 *   shareMedia  ─shareMedia.done─▶ as form.submitted (the action's button); ─shareMedia.cancelled─▶ slide
 *   (any state) ─restart─▶ booting: a fresh chart, the start slide again (Start over, host command)
 *   empty       (content without slides; final)
 *   any of slide/form/thankYou/link/shareMedia ─close─▶ closed (host command or close control)
 *
 * Returning from an action view to `slide` resumes the same slide (buttons shown, video paused) without
 * re-entering it: `context.visit` changes only when a slide is entered, so the view keeps its DOM.
 *
 * Emitted (actor.on): slide.enter {from, to, path}, button.click, post.message {value}, link.open
 * {action}, form.submitted, closed {path}, liked {liked}. Media events with times are the view's own.
 */
import { assign, emit, initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import {
  buttonEvent,
  CLOSED_STATE,
  compileVidbot,
  initialSlideId,
  isOptionLive,
  slideStateName,
  type VidbotMachine,
  type VidbotSnapshot,
} from '../vidbot/vidbot.machine';
import type {
  ExternalLinkAction,
  PlayerBot,
  PublicRegularFormAction,
  ShareMediaAction,
  Slide,
  SlideOption,
  SlideOptionType,
  VidbotAction,
  VidbotTheme,
} from '../vidbot/vidbot.types';

/** Input of the player machine. */
export interface PlayerInput {
  bot: PlayerBot;
  /** Start slide (preview `slide_id`, link settings, `?slide=`); unknown ids fall back to the INTRO slide. */
  startSlideId?: number | null;
  /** Whether the first video starts by itself (muted). Default true. */
  autoplay?: boolean;
  /** Channel option (iframe / link settings): buttons stay hidden until the viewer started playback. */
  hideActionButtonsUntilPlay?: boolean;
}

/** A form or share-media action on screen. */
export type FlowAction = PublicRegularFormAction | ShareMediaAction;

/** Context of the player machine. */
export interface PlayerContext {
  bot: PlayerBot;
  /** The bot's compiled statechart and its current snapshot (the graph walked). */
  chart: VidbotMachine;
  vidbot: VidbotSnapshot;
  startSlideId: number | null;
  /** Counts slide entries (re-entries too): the view rebuilds the slide when it changes. */
  visit: number;
  /** The slide shown before the current one (slide.enter `from`). */
  fromSlideId: number | null;
  /** Whether the next entered video starts by itself. */
  autoplayNext: boolean;
  /** The browser refused to start playback (autoplay policy): the view shows a clear Play affordance. */
  blocked: boolean;
  /** Playback has started at least once in this session (hideActionButtonsUntilPlay). */
  hasPlayed: boolean;
  hideActionButtonsUntilPlay: boolean;
  /** theme.delayButtons has elapsed on this slide. */
  delayDone: boolean;
  /** The form or share-media action on screen (form, thankYou, shareMedia states). */
  action: FlowAction | null;
  /** The external link embedded in the player (link state). */
  link: ExternalLinkAction | null;
  /** Captions on (the captions toggle; starts as settings.isCaptionEnabled). */
  captionsOn: boolean;
  liked: boolean;
}

/** Events the view (and the host, through the view) sends. */
export type PlayerMachineEvent =
  | { type: 'button.press'; optionId: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'media.playing' }
  | { type: 'media.paused' }
  | { type: 'media.ended' }
  | { type: 'media.blocked' }
  | { type: 'form.submitted'; submissionId: string }
  | { type: 'form.cancelled' }
  | { type: 'thankYou.button' }
  | { type: 'thankYou.cancelled' }
  | { type: 'link.embed'; action: ExternalLinkAction }
  | { type: 'link.closed' }
  | { type: 'shareMedia.done' }
  | { type: 'shareMedia.cancelled' }
  | { type: 'captions.toggle' }
  | { type: 'like.toggle' }
  | { type: 'close' }
  | { type: 'restart' };

/** What the machine reports (the view maps these to `PlayerEvent`s). */
export type PlayerEmitted =
  | { type: 'slide.enter'; from: number | null; to: number; path: readonly number[] }
  | { type: 'button.click'; slideId: number; optionId: number; optionType: SlideOptionType; name: string; trackConversion: boolean; trigger: Trigger }
  | { type: 'post.message'; slideId: number; actionId: number; value: string }
  | { type: 'link.open'; action: ExternalLinkAction }
  | { type: 'form.submitted'; actionId: number; submissionId: string }
  | { type: 'closed'; path: readonly number[] }
  | { type: 'liked'; slideId: number | null; liked: boolean };

type Trigger = 'button' | 'video.end';

// --- pure helpers ---------------------------------------------------------------------------------

/** The slide the chart is on, or null (closed / empty). */
export function chartSlide(context: Pick<PlayerContext, 'vidbot' | 'bot'>): Slide | null {
  const id = context.vidbot.context.slideId;
  if (id === null || context.vidbot.status !== 'active') return null;
  return context.bot.slides.find((s) => s.id === id) ?? null;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** Narrowing guards of loosely typed content actions (a preview may send anything). */
export function isFormAction(a: VidbotAction | undefined | null): a is VidbotAction & PublicRegularFormAction {
  return !!a && a.type === 'REGULAR_FORM';
}
export function isShareMediaAction(a: VidbotAction | undefined | null): a is VidbotAction & ShareMediaAction {
  return !!a && a.type === 'SHARE_MEDIA';
}
export function isExternalLinkAction(a: VidbotAction | undefined | null): a is VidbotAction & ExternalLinkAction {
  return !!a && a.type === 'EXTERNAL_LINK' && typeof a.url === 'string' && a.url.length > 0;
}

/** What pressing a button (or the video-end trigger) leads to. */
export type Outcome =
  | { kind: 'slide'; option: SlideOption; vidbot: VidbotSnapshot; autoplay: boolean }
  | { kind: 'closed'; option: SlideOption; vidbot: VidbotSnapshot }
  | { kind: 'form'; option: SlideOption; action: FlowAction }
  | { kind: 'shareMedia'; option: SlideOption; action: FlowAction }
  | { kind: 'embedLink'; option: SlideOption; link: ExternalLinkAction }
  | { kind: 'openLink'; option: SlideOption; link: ExternalLinkAction }
  | { kind: 'postMessage'; option: SlideOption; actionId: number; value: string }
  | { kind: 'none'; option: SlideOption | null };

/**
 * Steps the compiled chart with a button press or a video end and classifies the result.
 * Buttons that are not live (deleted targets), of another slide, or whose action is missing → `none`.
 */
export function outcomeOf(context: Pick<PlayerContext, 'vidbot' | 'bot' | 'chart'>, trigger: Trigger, optionId?: number): Outcome {
  const slide = chartSlide(context);
  if (!slide) return { kind: 'none', option: null };
  const slideIds = new Set(context.bot.slides.map((s) => s.id));
  const option =
    trigger === 'video.end'
      ? slide.type === 'VIDEO'
        ? slide.options.find((o) => o.videoEndListener && isOptionLive(o, slideIds))
        : undefined
      : slide.options.find((o) => o.id === optionId);
  if (!option || !isOptionLive(option, slideIds)) return { kind: 'none', option: option ?? null };
  const chartEvent = trigger === 'video.end' ? ({ type: 'video.end' } as const) : buttonEvent(option.id);
  if (!context.vidbot.can(chartEvent)) return { kind: 'none', option };
  const [next] = transition(context.chart, context.vidbot, chartEvent);
  if (next.status === 'done' || next.hasTag('closed')) return { kind: 'closed', option, vidbot: next };
  if (option.type === 'SLIDE') {
    const autoplay = trigger === 'button' ? true : option.videoEndAutoplay === true;
    return { kind: 'slide', option, vidbot: next, autoplay };
  }
  const action = context.bot.actions.find((a) => a.id === option.targetId);
  if (option.type === 'REGULAR_FORM' && isFormAction(action)) return { kind: 'form', option, action };
  if (option.type === 'SHARE_MEDIA' && isShareMediaAction(action)) return { kind: 'shareMedia', option, action };
  if (option.type === 'EXTERNAL_LINK' && isExternalLinkAction(action)) {
    return { kind: action.linkType === 'embed' ? 'embedLink' : 'openLink', option, link: action };
  }
  if (option.type === 'POST_MESSAGE' && action?.type === 'POST_MESSAGE' && typeof action.value === 'string') {
    return { kind: 'postMessage', option, actionId: action.id, value: action.value };
  }
  return { kind: 'none', option };
}

/** The chart moved to `slideId` (after a form or thank-you page): a snapshot of that slide with the path extended. */
export function chartAt(context: Pick<PlayerContext, 'vidbot' | 'chart' | 'bot'>, slideId: number): VidbotSnapshot | null {
  if (!context.bot.slides.some((s) => s.id === slideId)) return null;
  return context.chart.resolveState({
    value: slideStateName(slideId),
    context: { slideId, path: [...context.vidbot.context.path, slideId] },
  });
}

/** Where a finished form / share (its `button`) or a thank-you page's button leads. */
export type AfterAction =
  | { kind: 'slide'; vidbot: VidbotSnapshot }
  | { kind: 'resume' }
  | { kind: 'thankYou' }
  | { kind: 'closed' }
  | { kind: 'embedLink'; link: ExternalLinkAction }
  | { kind: 'openLink'; link: ExternalLinkAction };

/** After a submitted form / shared media: the action's submit button type (default CLOSE_FORM). */
export function afterSubmit(context: PlayerContext): AfterAction {
  const button = context.action?.button;
  switch (button?.type) {
    case 'THANK_YOU_PAGE':
      return { kind: 'thankYou' };
    case 'CLOSE_VIDBOT':
      return { kind: 'closed' };
    case 'SLIDE': {
      const vidbot = button.slideId != null ? chartAt(context, button.slideId) : null;
      return vidbot ? { kind: 'slide', vidbot } : { kind: 'resume' };
    }
    default:
      return { kind: 'resume' };
  }
}

/** After the thank-you page's button: its buttonType (default CLOSE_FORM; spec 001 §9). */
export function afterThankYou(context: PlayerContext): AfterAction {
  const action = context.action;
  const page = action?.thankYouPage;
  if (!action || !page || page.type !== 'CUSTOM') return { kind: 'resume' };
  switch (page.buttonType) {
    case 'CLOSE_VIDBOT':
      return { kind: 'closed' };
    case 'SLIDE': {
      const vidbot = page.slideId != null ? chartAt(context, page.slideId) : null;
      return vidbot ? { kind: 'slide', vidbot } : { kind: 'resume' };
    }
    case 'EXTERNAL_LINK': {
      if (!page.url || !page.linkType || !page.externalLinkType) return { kind: 'resume' };
      const link: ExternalLinkAction = {
        id: action.id,
        name: page.buttonName ?? action.name,
        type: 'EXTERNAL_LINK',
        url: page.url,
        externalLinkType: page.externalLinkType,
        linkType: page.linkType,
      };
      return page.linkType === 'embed' ? { kind: 'embedLink', link } : { kind: 'openLink', link };
    }
    default:
      return { kind: 'resume' };
  }
}

/** theme.delayButtons in milliseconds (0 when unset or invalid). */
export function buttonDelayMs(bot: PlayerBot): number {
  const theme = (isObject(bot.theme) ? bot.theme : {}) as VidbotTheme;
  const seconds = typeof theme.delayButtons === 'number' && Number.isFinite(theme.delayButtons) ? theme.delayButtons : 0;
  return Math.max(0, seconds) * 1000;
}

function startChart(bot: PlayerBot, startSlideId: number | null): { chart: VidbotMachine; vidbot: VidbotSnapshot } {
  const chart = compileVidbot(bot, { startSlideId });
  const [vidbot] = initialTransition(chart);
  return { chart, vidbot };
}

// --- the machine ----------------------------------------------------------------------------------

const RESUME = ['#player.slide.media.paused', '#player.slide.buttons.shown'];

export const playerMachine = setup({
  types: {
    input: {} as PlayerInput,
    context: {} as PlayerContext,
    events: {} as PlayerMachineEvent,
    emitted: {} as PlayerEmitted,
  },
  delays: {
    buttonDelay: ({ context }) => buttonDelayMs(context.bot),
  },
  guards: {
    hasSlides: ({ context }) => chartSlide(context) !== null,
    isImageSlide: ({ context }) => chartSlide(context)?.type === 'IMAGE',
    autoplayNext: ({ context }) => context.autoplayNext,
    // hideActionButtonsUntilPlay waits for playback; an image slide has nothing to play.
    buttonsMayShow: ({ context }) =>
      context.delayDone && (!context.hideActionButtonsUntilPlay || context.hasPlayed || chartSlide(context)?.type === 'IMAGE'),
    pressLeadsTo: ({ context, event }, kind: Outcome['kind']) =>
      event.type === 'button.press' && outcomeOf(context, 'button', event.optionId).kind === kind,
    endLeadsTo: ({ context }, kind: Outcome['kind']) => outcomeOf(context, 'video.end').kind === kind,
    submitLeadsTo: ({ context }, kind: AfterAction['kind']) => afterSubmit(context).kind === kind,
    thankYouLeadsTo: ({ context }, kind: AfterAction['kind']) => afterThankYou(context).kind === kind,
    hasThankYouPage: ({ context }) => context.action !== null,
  },
  actions: {
    /** Enters the chart's current slide: new visit, playback and button gates reset, slide.enter reported. */
    enterSlide: assign(({ context }) => ({
      visit: context.visit + 1,
      blocked: false,
      delayDone: buttonDelayMs(context.bot) === 0,
      action: null,
      link: null,
    })),
    reportSlideEnter: emit(({ context }) => ({
      type: 'slide.enter' as const,
      from: context.fromSlideId,
      to: context.vidbot.context.slideId ?? 0,
      path: context.vidbot.context.path,
    })),
    /** Applies the outcome of a press / video end to the chart snapshot (and what follows from it). */
    follow: assign(({ context, event }, trigger: Trigger) => {
      const outcome = outcomeOf(context, trigger, event.type === 'button.press' ? event.optionId : undefined);
      switch (outcome.kind) {
        case 'slide':
          return { fromSlideId: context.vidbot.context.slideId, vidbot: outcome.vidbot, autoplayNext: outcome.autoplay };
        case 'closed':
          return { vidbot: outcome.vidbot };
        case 'form':
        case 'shareMedia':
          return { action: outcome.action };
        case 'embedLink':
          return { link: outcome.link };
        default:
          return {};
      }
    }),
    reportClick: emit(({ context, event }, trigger: Trigger) => {
      const outcome = outcomeOf(context, trigger, event.type === 'button.press' ? event.optionId : undefined);
      const option = outcome.option!;
      return {
        type: 'button.click' as const,
        slideId: context.vidbot.context.slideId ?? 0,
        optionId: option.id,
        optionType: option.type,
        name: option.name,
        trackConversion: option.trackConversion === true,
        trigger,
      };
    }),
    reportOpenLink: emit(({ context, event }, trigger: Trigger) => {
      const outcome = outcomeOf(context, trigger, event.type === 'button.press' ? event.optionId : undefined);
      return { type: 'link.open' as const, action: (outcome as Extract<Outcome, { kind: 'openLink' }>).link };
    }),
    reportPostMessage: emit(({ context, event }, trigger: Trigger) => {
      const outcome = outcomeOf(context, trigger, event.type === 'button.press' ? event.optionId : undefined) as Extract<Outcome, { kind: 'postMessage' }>;
      return { type: 'post.message' as const, slideId: context.vidbot.context.slideId ?? 0, actionId: outcome.actionId, value: outcome.value };
    }),
    reportSubmitted: emit(({ context, event }) => ({
      type: 'form.submitted' as const,
      actionId: context.action?.id ?? 0,
      submissionId: event.type === 'form.submitted' ? event.submissionId : '',
    })),
    /** After a form / share / thank-you: move the chart to the slide the button names. */
    goAfter: assign(({ context }, which: 'submit' | 'thankYou') => {
      const after = which === 'submit' ? afterSubmit(context) : afterThankYou(context);
      if (after.kind === 'slide') return { fromSlideId: context.vidbot.context.slideId, vidbot: after.vidbot, autoplayNext: true };
      if (after.kind === 'embedLink') return { link: after.link };
      return {};
    }),
    reportAfterLink: emit(({ context }) => {
      const after = afterThankYou(context) as Extract<AfterAction, { kind: 'openLink' }>;
      return { type: 'link.open' as const, action: after.link };
    }),
    setEmbedLink: assign(({ event }) => (event.type === 'link.embed' ? { link: event.action } : {})),
    clearAction: assign({ action: null, link: null }),
    markPlayed: assign({ hasPlayed: true, blocked: false }),
    markBlocked: assign({ blocked: true }),
    clearBlocked: assign({ blocked: false }),
    markDelayDone: assign({ delayDone: true }),
    toggleCaptions: assign(({ context }) => ({ captionsOn: !context.captionsOn })),
    toggleLike: assign(({ context }) => ({ liked: !context.liked })),
    reportLike: emit(({ context }) => ({ type: 'liked' as const, slideId: context.vidbot.context.slideId, liked: context.liked })),
    reportClosed: emit(({ context }) => ({ type: 'closed' as const, path: context.vidbot.context.path })),
    restartChart: assign(({ context }) => ({
      ...startChart(context.bot, context.startSlideId),
      fromSlideId: null,
      autoplayNext: true,
      action: null,
      link: null,
    })),
  },
}).createMachine({
  id: 'player',
  meta: { description: 'A viewer watching a published vidbot: slides play, buttons appear and lead to other slides, forms, links or the end.' },
  context: ({ input }) => ({
    bot: input.bot,
    ...startChart(input.bot, input.startSlideId ?? null),
    startSlideId: input.startSlideId ?? null,
    visit: 0,
    fromSlideId: null,
    autoplayNext: input.autoplay ?? true,
    blocked: false,
    hasPlayed: false,
    hideActionButtonsUntilPlay: input.hideActionButtonsUntilPlay ?? false,
    delayDone: false,
    action: null,
    link: null,
    captionsOn: input.bot.settings?.isCaptionEnabled === true,
    liked: false,
  }),
  initial: 'booting',
  on: {
    'captions.toggle': { actions: 'toggleCaptions', description: 'The viewer turns captions on or off.' },
    // Host command / Start over: the start slide again, from a fresh chart (also from an action view).
    restart: { target: '.booting', actions: 'restartChart', description: 'The viewer presses Start over (or the host page asks for it): back to the first slide.' },
  },
  states: {
    booting: {
      meta: { description: 'The vidbot opens and finds its first slide.' },
      always: [{ guard: 'hasSlides', target: 'slide', actions: ['enterSlide', 'reportSlideEnter'] }, { target: 'empty' }],
    },
    slide: {
      meta: { description: 'A slide is on screen: its video or image, and its buttons once they may appear.' },
      type: 'parallel',
      on: {
        'button.press': [
          { guard: { type: 'pressLeadsTo', params: 'slide' }, target: 'slide', reenter: true, description: 'The viewer presses a button that leads to a slide: that slide starts.', actions: [{ type: 'reportClick', params: 'button' }, { type: 'follow', params: 'button' }, 'enterSlide', 'reportSlideEnter'] },
          { guard: { type: 'pressLeadsTo', params: 'closed' }, target: 'closed', description: 'The viewer presses a button that closes the vidbot.', actions: [{ type: 'reportClick', params: 'button' }, { type: 'follow', params: 'button' }] },
          { guard: { type: 'pressLeadsTo', params: 'form' }, target: 'form', description: 'The viewer presses a button that opens a form.', actions: [{ type: 'reportClick', params: 'button' }, { type: 'follow', params: 'button' }] },
          { guard: { type: 'pressLeadsTo', params: 'shareMedia' }, target: 'shareMedia', description: 'The viewer presses a button that offers a file to share.', actions: [{ type: 'reportClick', params: 'button' }, { type: 'follow', params: 'button' }] },
          { guard: { type: 'pressLeadsTo', params: 'embedLink' }, target: 'link', description: 'The viewer presses a button whose web page opens inside the player.', actions: [{ type: 'reportClick', params: 'button' }, { type: 'follow', params: 'button' }] },
          { guard: { type: 'pressLeadsTo', params: 'openLink' }, description: 'The viewer presses a link button: the page opens in a new tab and the slide stays.', actions: [{ type: 'reportClick', params: 'button' }, { type: 'reportOpenLink', params: 'button' }] },
          { guard: { type: 'pressLeadsTo', params: 'postMessage' }, description: 'The viewer presses a button that tells the host web page something; the slide stays.', actions: [{ type: 'reportClick', params: 'button' }, { type: 'reportPostMessage', params: 'button' }] },
        ],
        'like.toggle': { actions: ['toggleLike', 'reportLike'], description: 'The viewer likes or unlikes the slide.' },
        'link.embed': { target: 'link', actions: 'setEmbedLink', description: 'A link in the slide’s text asks to open inside the player.' },
        close: { target: 'closed', description: 'The viewer presses the close control (or the host page closes the vidbot).' },
      },
      states: {
        media: {
          meta: { description: 'What the slide’s picture is doing: a still image, or a video playing, paused or ended.' },
          initial: 'entering',
          on: {
            'media.playing': { target: '.playing', actions: 'markPlayed', description: 'The video has started playing (by itself or after the viewer pressed play).' },
          },
          states: {
            entering: {
              meta: { description: 'The slide has just appeared; it decides whether it is a still image, a video that starts by itself, or a video waiting for play.' },
              always: [{ guard: 'isImageSlide', target: 'still' }, { guard: 'autoplayNext', target: 'playing' }, { target: 'paused' }],
            },
            still: { meta: { description: 'The slide is an image: nothing plays.' } },
            playing: {
              meta: { description: 'The video plays.' },
              on: {
                pause: { target: 'paused', description: 'The viewer presses pause.' },
                'media.paused': { target: 'paused', description: 'The video stopped by itself (for example, the browser paused it).' },
                'media.blocked': { target: 'paused', actions: 'markBlocked', description: 'The browser refused to start the video by itself; a big Play button invites the viewer.' },
                'media.ended': [
                  { guard: { type: 'endLeadsTo', params: 'slide' }, target: '#player.slide', reenter: true, description: 'The video ended and its end leads to another slide.', actions: [{ type: 'reportClick', params: 'video.end' }, { type: 'follow', params: 'video.end' }, 'enterSlide', 'reportSlideEnter'] },
                  { guard: { type: 'endLeadsTo', params: 'closed' }, target: '#player.closed', actions: [{ type: 'reportClick', params: 'video.end' }, { type: 'follow', params: 'video.end' }] },
                  { guard: { type: 'endLeadsTo', params: 'form' }, target: '#player.form', actions: [{ type: 'reportClick', params: 'video.end' }, { type: 'follow', params: 'video.end' }] },
                  { guard: { type: 'endLeadsTo', params: 'shareMedia' }, target: '#player.shareMedia', actions: [{ type: 'reportClick', params: 'video.end' }, { type: 'follow', params: 'video.end' }] },
                  { guard: { type: 'endLeadsTo', params: 'embedLink' }, target: '#player.link', actions: [{ type: 'reportClick', params: 'video.end' }, { type: 'follow', params: 'video.end' }] },
                  { guard: { type: 'endLeadsTo', params: 'openLink' }, target: 'ended', actions: [{ type: 'reportClick', params: 'video.end' }, { type: 'reportOpenLink', params: 'video.end' }] },
                  { guard: { type: 'endLeadsTo', params: 'postMessage' }, target: 'ended', actions: [{ type: 'reportClick', params: 'video.end' }, { type: 'reportPostMessage', params: 'video.end' }] },
                  { target: 'ended', description: 'The video ended and nothing follows by itself: the viewer chooses a button.' },
                ],
              },
            },
            paused: {
              meta: { description: 'The video is paused (or has not started yet); the viewer can press play.' },
              on: {
                play: { target: 'playing', actions: 'clearBlocked', description: 'The viewer presses play.' },
                // A video ends while paused only when the viewer seeks to its end: no trigger, just ended.
                'media.ended': { target: 'ended', description: 'The viewer moved to the very end while paused: the video is over, nothing follows by itself.' },
              },
            },
            ended: {
              meta: { description: 'The video has played to its end; the buttons stay and play watches it again.' },
              on: {
                play: { target: 'playing', actions: 'clearBlocked', description: 'The viewer plays the video again.' },
              },
            },
          },
        },
        buttons: {
          meta: { description: 'Whether the slide’s buttons are on screen yet.' },
          initial: 'waiting',
          states: {
            waiting: {
              meta: { description: 'The buttons are hidden for now: the vidbot shows them after a set delay, or only once the viewer has started the video.' },
              always: { guard: 'buttonsMayShow', target: 'shown', description: 'The delay is over (and the video has been started, where that is required): show the buttons.' },
              after: { buttonDelay: { actions: 'markDelayDone', description: 'The vidbot’s button delay has passed.' } },
            },
            shown: { meta: { description: 'The buttons are on screen and can be pressed.' } },
          },
        },
      },
    },
    form: {
      meta: { description: 'A form is open over the slide; the viewer fills it in and sends it, or cancels.' },
      on: {
        'form.submitted': [
          { guard: { type: 'submitLeadsTo', params: 'thankYou' }, target: 'thankYou', actions: 'reportSubmitted', description: 'The form was sent and the vidbot thanks the viewer on a page of its own.' },
          { guard: { type: 'submitLeadsTo', params: 'closed' }, target: 'closed', actions: 'reportSubmitted' },
          { guard: { type: 'submitLeadsTo', params: 'slide' }, target: 'slide', actions: ['reportSubmitted', { type: 'goAfter', params: 'submit' }, 'enterSlide', 'reportSlideEnter'] },
          { target: RESUME, actions: ['reportSubmitted', 'clearAction'] },
        ],
        'form.cancelled': { target: RESUME, actions: 'clearAction', description: 'The viewer closes the form without sending it: back to the slide, paused.' },
        close: { target: 'closed' },
      },
    },
    shareMedia: {
      meta: { description: 'A file is offered to the viewer to download or share.' },
      on: {
        'shareMedia.done': [
          { guard: { type: 'submitLeadsTo', params: 'thankYou' }, target: 'thankYou' },
          { guard: { type: 'submitLeadsTo', params: 'closed' }, target: 'closed' },
          { guard: { type: 'submitLeadsTo', params: 'slide' }, target: 'slide', actions: [{ type: 'goAfter', params: 'submit' }, 'enterSlide', 'reportSlideEnter'] },
          { target: RESUME, actions: 'clearAction' },
        ],
        'shareMedia.cancelled': { target: RESUME, actions: 'clearAction' },
        close: { target: 'closed' },
      },
    },
    thankYou: {
      meta: { description: 'A thank-you page after a sent form, with one button (back to the slide, another slide, a link, or close).' },
      on: {
        'thankYou.button': [
          { guard: { type: 'thankYouLeadsTo', params: 'closed' }, target: 'closed' },
          { guard: { type: 'thankYouLeadsTo', params: 'slide' }, target: 'slide', actions: [{ type: 'goAfter', params: 'thankYou' }, 'enterSlide', 'reportSlideEnter'] },
          { guard: { type: 'thankYouLeadsTo', params: 'embedLink' }, target: 'link', actions: { type: 'goAfter', params: 'thankYou' } },
          { guard: { type: 'thankYouLeadsTo', params: 'openLink' }, target: RESUME, actions: ['reportAfterLink', 'clearAction'] },
          { target: RESUME, actions: 'clearAction' },
        ],
        'thankYou.cancelled': { target: RESUME, actions: 'clearAction' },
        close: { target: 'closed' },
      },
    },
    link: {
      meta: { description: 'A web page is shown inside the player; the viewer closes it to return to the slide.' },
      on: {
        'link.closed': { target: RESUME, actions: 'clearAction' },
        close: { target: 'closed' },
      },
    },
    closed: {
      meta: { description: 'The vidbot is closed; the viewer may start over.' },
      entry: ['clearAction', 'reportClosed'],
    },
    empty: { type: 'final', meta: { description: 'The vidbot has no slides, so there is nothing to show.' } },
  },
});

/** The player machine type and its snapshots. */
export type PlayerMachine = typeof playerMachine;
export type PlayerSnapshot = SnapshotFrom<PlayerMachine>;
/** Name of the chart's closed state (re-exported for tests). */
export { CLOSED_STATE, initialSlideId };
