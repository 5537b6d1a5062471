/**
 * Player events → analytics events (issue 13 "Events"; the table in embed/shared/analytics.ts). Used by
 * the /v and /e page bootstrap (embed/page/page.ts) and the display-ad frame (embed/ad/ad.ts).
 *
 * | PlayerEvent                         | analytics                                                      |
 * |-------------------------------------|----------------------------------------------------------------|
 * | slide.enter {from, to}              | slide_played of the visit it ends; slide_nav {fromSlideId, slideId}; an IMAGE INTRO slide → intro_viewed |
 * | video.play {slideId}                | opened (once); intro_viewed when it is the INTRO slide (once)  |
 * | video.pause / video.ended           | the visit's watched seconds grow by the played stretch         |
 * | closed                              | slide_played of the open visit                                 |
 * | button.click {slideId, optionId}    | click; cta as well when trackConversion                        |
 * | form.submitted {actionId}           | form_submitted {optionId: actionId}, contacted                 |
 * | link.open tel / mailto              | contacted                                                      |
 * | liked {liked: true}                 | liked {slideId}                                                |
 * | watermark.click                     | watermark_clicked                                              |
 *
 * A slide visit's seconds (slide_played): VIDEO slides add up the video's `currentTime` progress
 * between play and pause/ended (read live from `currentTime()` while it plays; wall clock when that
 * is unavailable), IMAGE slides count the time shown. A visit ends when another slide is entered, the
 * player closes, or the page hides (the client's `onHide` ends it before its beacon flush; should the
 * tab come back, a new visit of the same slide counts on from there, without a slide_nav).
 * Seconds are rounded to 0.1 and capped at 86,400.
 */
import type { PlayerEvent } from '../player/player';
import type { PlayerBot } from '../../machines/vidbot/vidbot.types';
import type { Analytics } from './client';

export interface PlayerTracker {
  /** Feed every PlayerEvent here. */
  onEvent(event: PlayerEvent): void;
  /** Ends the open slide visit (sends its slide_played); harmless when none is open. */
  endVisit(): void;
}

interface Visit {
  slideId: number;
  video: boolean;
  /** Seconds counted so far. */
  seconds: number;
  /** Playing since: video time (s) and wall clock (ms), or null while not playing. */
  playing: { time: number | null; at: number } | null;
  /** Image slides: shown since (ms). */
  shownAt: number;
}

const MAX_SECONDS = 86_400;
const round = (s: number): number => Math.min(MAX_SECONDS, Math.max(0, Math.round(s * 10) / 10));

/**
 * @param analytics the client (gating and ids are its business).
 * @param bot slide types and categories.
 * @param currentTime the current video's time in seconds, or null (no video element).
 * @param now clock in ms.
 */
export function trackPlayer(analytics: Analytics, bot: Pick<PlayerBot, 'slides'>, currentTime: () => number | null = () => null, now: () => number = Date.now): PlayerTracker {
  let visit: Visit | null = null;
  const slideOf = (id: number) => bot.slides.find((s) => s.id === id);
  const isIntro = (id: number): boolean => slideOf(id)?.category === 'INTRO';

  const stopPlaying = (time: number | null): void => {
    if (!visit?.playing) return;
    const start = visit.playing.time;
    const played = time !== null && start !== null && Number.isFinite(time) ? time - start : (now() - visit.playing.at) / 1000;
    // A seek back or a loop makes the difference negative: count the wall clock instead.
    visit.seconds += played >= 0 ? played : (now() - visit.playing.at) / 1000;
    visit.playing = null;
  };

  /** Sends the open visit's slide_played; `resume` (page hidden): a new visit of the same slide goes on from here. */
  const endVisit = (resume = false): void => {
    if (!visit) return;
    const wasPlaying = visit.playing !== null;
    const time = visit.video ? currentTime() : null;
    if (visit.video) stopPlaying(time);
    else visit.seconds += (now() - visit.shownAt) / 1000;
    analytics.track('slide_played', { slideId: visit.slideId, seconds: round(visit.seconds) });
    visit = resume
      ? { ...visit, seconds: 0, shownAt: now(), playing: wasPlaying ? { time, at: now() } : null }
      : null;
  };

  const onEvent = (e: PlayerEvent): void => {
    switch (e.type) {
      case 'slide.enter': {
        endVisit();
        analytics.track('slide_nav', { fromSlideId: e.from, slideId: e.to });
        const slide = slideOf(e.to);
        const video = slide?.type !== 'IMAGE';
        visit = { slideId: e.to, video, seconds: 0, playing: null, shownAt: now() };
        if (!video && isIntro(e.to)) analytics.track('intro_viewed', { slideId: e.to });
        break;
      }
      case 'video.play':
        analytics.track('opened');
        if (isIntro(e.slideId)) analytics.track('intro_viewed', { slideId: e.slideId });
        if (visit && visit.slideId === e.slideId && !visit.playing) visit.playing = { time: e.currentTime, at: now() };
        break;
      case 'video.pause':
      case 'video.ended':
        if (visit && visit.slideId === e.slideId) stopPlaying(e.currentTime);
        break;
      case 'closed':
        endVisit();
        break;
      case 'button.click':
        analytics.track('click', { slideId: e.slideId, optionId: e.optionId });
        if (e.trackConversion) analytics.track('cta', { slideId: e.slideId, optionId: e.optionId });
        break;
      case 'form.submitted':
        analytics.track('form_submitted', { optionId: e.actionId });
        analytics.track('contacted');
        break;
      case 'link.open':
        if (e.externalLinkType === 'tel' || e.externalLinkType === 'mailto' || /^(tel|mailto):/i.test(e.url)) analytics.track('contacted');
        break;
      case 'liked':
        if (e.liked) analytics.track('liked', e.slideId === null ? {} : { slideId: e.slideId });
        break;
      case 'watermark.click':
        analytics.track('watermark_clicked');
        break;
      default:
        break;
    }
  };

  analytics.onHide(() => endVisit(true));
  return { onEvent, endVisit: () => endVisit() };
}
