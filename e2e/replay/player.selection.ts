/**
 * Which player paths (machines/player, `npm run paths -- player --shortest`) e2e/replay-player.spec.ts
 * replays in the real player page of a published vidbot (issue 14 "Paths").
 *
 * The path inputs use the fixture bot `tourBot` (machines/player/player.paths.ts). The replay
 * publishes the part of it that plain slides make — slide 1 “Intro” (video: Next ▶ 2, also on video
 * end with autoplay; Bye closes), slide 2 “Second” (video: Home ▶ 1, also on video end), same slide
 * and button ids — with the demo account's media, and
 * opens it by its direct link (`/v/{publicId}`), autoplay on. Strategy `shortest` (the shortest path
 * to every state the model tells apart). A path is replayed when every step is something a viewer,
 * the video element or the Start over button does on that bot; the others carry the reason.
 * Pure (the coverage report reads it too).
 */
import type { MachinePath } from '../../machines/tooling/paths';
import { longestOnly } from './prefixes';
import type { ReplaySelection } from './selection';

/** Buttons of the published replay bot: slide id → option ids it has (the tour bot's ids). */
export const REPLAY_BOT_BUTTONS: Record<number, readonly number[]> = { 1: [1, 2], 2: [1] };

/**
 * The slide the replay bot shows after `event` in `stateBefore` on `slide` (tour bot ids: Intro's
 * Next and video end ▶ 2, Second's Home and video end ▶ 1; Bye closes; Start over ▶ 1).
 */
export function replaySlideAfter(slide: number, stateBefore: string, event: { type: string; optionId?: number }): number {
  if (event.type === 'button.press') return slide === 1 && event.optionId === 1 ? 2 : slide === 2 && event.optionId === 1 ? 1 : slide;
  if (event.type === 'media.ended' && stateBefore.includes('media.playing')) return slide === 1 ? 2 : 1;
  if (event.type === 'restart') return 1;
  return slide;
}

type Plain = { type: string; optionId?: number };


/** Why `path` is not replayed, or true. */
export function playerReplayReason(path: MachinePath): true | string {
  if (path.inputName === 'empty') return 'a vidbot without slides cannot be published';
  if (path.inputName === 'gated') return 'button delay and “buttons after play” are channel settings of an embed; this replay opens the direct link with autoplay';
  // Follow the slide the tour bot is on (the published replay bot has the same ids).
  let slide = 1;
  let where = path.start.state;
  for (const step of path.steps) {
    const event = step.event as unknown as Plain;
    switch (event.type) {
      case 'button.press': {
        const buttons = REPLAY_BOT_BUTTONS[slide] ?? [];
        if (!buttons.includes(event.optionId!)) return `button.press ${event.optionId} on slide ${slide}: the replay bot has the tour bot's Intro and Second slides only (the Hub's forms, links, shares and post messages are driven in player-form.spec.ts and vidbot-actions.spec.ts)`;
        break;
      }
      case 'media.ended':
        break;
      case 'play':
      case 'pause':
      case 'media.playing':
      case 'media.paused':
        break;
      case 'restart':
        if (!step.state.includes('slide') || !where.startsWith('closed')) return 'restart on a slide is a host command (the direct link has no Start over there); Start over on the closed screen is replayed';
        break;
      case 'media.blocked':
        return 'needs the browser to refuse autoplay (the suite’s Chromium allows it)';
      case 'close':
        return 'the direct link has no close control; the host’s close command is in embed-journey.spec.ts (the Bye button closing is replayed)';
      case 'captions.toggle':
      case 'like.toggle':
        return `${event.type} only flips a toggle (player.spec.ts checks captions and likes)`;
      case 'link.embed':
        return 'an embedded link from slide text needs a link action (vidbot-actions.spec.ts)';
      default:
        if (event.type.startsWith('xstate.after.buttonDelay')) return 'the button delay is a theme setting the replay bot does not use';
        return `${event.type} needs an action view the replay bot does not have`;
    }
    slide = replaySlideAfter(slide, where, event);
    where = step.state;
  }
  return true;
}

export const playerSelection: ReplaySelection = {
  machine: 'player',
  strategy: 'shortest',
  select: longestOnly('player', 'shortest', playerReplayReason),
};
