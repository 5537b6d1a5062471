/**
 * Which upload paths (machines/upload, `npm run paths -- upload`) e2e/replay-upload.spec.ts replays
 * through the media library against the real server and real tus (issue 14 "Paths").
 *
 * Strategy `tour` (every transition once). A path is replayed when every step is something the
 * person, the browser or the real server does on its own:
 *   - the person: `upload.cancel` (Cancel upload);
 *   - the browser: `upload.offline` / `upload.online` (`context.setOffline`) where the chart listens;
 *   - the real server: a video's tus creation (`upload.created` then `upload.started`, in the order
 *     tus-js-client reports them), `upload.progress`, `upload.sent` without a media for a video /
 *     with the Ready media for an image, an image's `done: createMedia`, the 2-second poll and a
 *     Ready answer to it.
 * The rest needs a fault the real server does not make on demand (429, 5xx, 413, a stalled socket,
 * a failed poll, a video the server rejects) or an event the browser never sends in that state;
 * those paths are skipped with the reason, and the model tests (machines/upload/upload.test.ts)
 * cover them. A path whose steps begin a longer replayed path is left to that one (./prefixes.ts).
 * Pure (the coverage report reads it too).
 */
import type { MachinePath } from '../../machines/tooling/paths';
import { longestOnly } from './prefixes';
import type { ReplaySelection } from './selection';

type Plain = { type: string; media?: { status?: string } | null; output?: { status?: string }; error?: { status?: number | null; offline?: boolean } };

/** Why one step cannot be driven against the real server (null when it can). `state` is the state before the step. */
function stepReason(input: string, state: string, event: Plain, seen: Set<string>): string | null {
  const video = input === 'video' || input === 'resumed';
  switch (event.type) {
    case 'upload.cancel':
      return null;
    case 'upload.offline':
      return state.startsWith('uploading') || state === 'creatingRecord' ? null : `the chart ignores going offline in ${state} (the replay would assert nothing)`;
    case 'upload.online':
      return state === 'paused' ? null : 'the browser sends no “online” event while it is online';
    case 'upload.created':
    case 'upload.started':
      if (seen.has(event.type)) return 'tus reports the media row and the upload address once per upload';
      if (event.type === 'upload.started' && !seen.has('upload.created') && input === 'video') return 'tus reports the media row (upload.created) before the upload address (upload.started)';
      return null;
    case 'upload.progress':
      return null;
    case 'upload.sent':
      if (video) {
        if (event.media) return 'tus never answers a video with its media; the chart polls for it';
        return seen.has('upload.created') || input === 'resumed' ? null : 'a real tus upload always reports its media row before the last byte';
      }
      return event.media?.status === 'Ready' ? null : 'the real server answers a sent image with its Ready media (an image rejected after sending needs a file the server accepts but cannot read)';
    case 'xstate.done.actor.createMedia':
      return null;
    case 'xstate.error.actor.createMedia':
      return event.error?.offline ? 'a request failing offline before the browser reports offline is a race, not a step' : 'a person who may not add media cannot reach the add button (the Viewer journey in media.spec.ts)';
    case 'xstate.after.pollInterval.upload.processing.waiting':
      return null;
    case 'xstate.done.actor.pollMedia':
      return event.output?.status === 'Ready' ? null : event.output?.status === 'Draft' ? 'whether a poll still finds the video Draft depends on the server’s processing speed; the replay waits through Draft answers to Ready' : 'needs a video the server cannot process';
    case 'xstate.error.actor.pollMedia':
      return 'needs the server to fail while answering a poll';
    case 'upload.error':
      return event.error?.offline ? 'a send failing offline before the browser reports offline is a race, not a step' : `needs the server to answer ${event.error?.status ?? 'a network failure'} to the upload`;
    case 'xstate.error.actor.sendFile':
      return 'needs the sending code itself to crash';
    case 'xstate.after.stallTimeout.upload.uploading.watching':
      return 'needs a socket that stalls for 30 seconds';
    case 'xstate.after.retryDelay.upload.waitingToRetry':
      return 'only follows a failed send (429, 5xx, network), which needs a fault';
    default:
      return `no way to drive ${event.type} from the UI`;
  }
}

/** Why `path` is not replayed, or true. */
export function uploadReplayReason(path: MachinePath): true | string {
  if (path.inputName === 'noAccount') return 'the media library opens only for a person with an active account';
  if (path.inputName === 'resumed') return 'starts from an upload stored before a page reload; media-resume.spec.ts drives that journey (reload mid-upload, same file again)';
  const seen = new Set<string>();
  let state = path.start.state;
  for (const step of path.steps) {
    const event = step.event as unknown as Plain;
    const reason = stepReason(path.inputName, state, event, seen);
    if (reason !== null) return `${event.type}: ${reason}`;
    seen.add(event.type);
    state = step.state;
  }
  if (path.inputName === 'video' && path.steps.length > 0 && !seen.has('upload.started') && path.steps.some((s) => s.event.type !== 'upload.created')) {
    return 'a real tus upload reports its address (upload.started) right after its media row; the path with both is replayed';
  }
  return true;
}

export const uploadSelection: ReplaySelection = {
  machine: 'upload',
  strategy: 'tour',
  select: longestOnly('upload', 'tour', uploadReplayReason),
};
