/**
 * Which editor paths the e2e replay runs (issue 14 "Paths": the editor's publish, revisions and
 * unsaved-changes paths replayed in Chromium against the real server). Pure: read by
 * e2e/replay-editor.spec.ts and by the coverage report.
 *
 * Strategy `shortest` (the shortest path to every distinct editor state, plus the journeys of
 * machines/editor/editor.paths.ts). A path is replayed when the real UI and the demo server can
 * drive every step of it; the others carry the reason they cannot. Shortest paths that only repeat
 * a longer route through the same states are left to the model test so the suite stays within its
 * CI budget (≈ 3 minutes).
 */
import type { EventObject } from 'xstate';
import type { MachinePath } from '../../machines/tooling/paths';
import type { ReplaySelection } from './selection';

/** Shortest paths longer than this are left to the model test (time budget). */
export const MAX_REPLAYED_STEPS = 6;

/** A `draft.change` payload's kind: an ordinary edit, an undo back to the saved content, or removing the intro slide. */
export function changeKind(event: EventObject): 'edit' | 'undo' | 'noIntro' | null {
  if (event.type !== 'draft.change') return null;
  const slides = (event as { content?: { slides?: Array<{ name: string; category: string }> } }).content?.slides ?? [];
  if (!slides.some((s) => s.category === 'INTRO')) return 'noIntro';
  return slides.some((s) => s.name === 'Prices') ? 'edit' : 'undo';
}

const errorOf = (event: EventObject) => (event as { error?: { status?: number; message?: string } }).error;

/** Why a single step cannot be driven against the real server, or null. */
function stepReason(event: EventObject, index: number, all: readonly EventObject[]): string | null {
  const { type } = event;
  if (type === 'access.changed') return 'The person’s rights changing while the editor is open (a Viewer made an Editor mid-session) cannot be caused from the editor page; the model test covers it.';
  if (type.startsWith('xstate.error.actor.') && errorOf(event)?.status === 500) return 'A network or server failure (500): the real server does not fail on demand; the model test and vidbot-editor-shell.spec (routed 500) cover it.';
  if (type === 'xstate.error.actor.fetchPublished') return 'The published version failing to load: the toggle is shown only when one exists, so the real server always answers it.';
  if (type === 'xstate.error.actor.countPublishWarnings') return 'The graph analysis code failing to download: needs a broken deployment; the model test covers it.';
  if (type.startsWith('xstate.error.actor.') && (errorOf(event) as { code?: string } | undefined)?.code === 'noSlidesPublish')
    return 'The server’s 422 noSlidesPublish: the editor refuses before calling the server, so the real server never answers it to this UI.';
  if (type === 'xstate.done.actor.saveDraft' && (event as { output?: { hasDraft?: boolean } }).output?.hasDraft === false)
    return 'A save answered without a draft revision: the real server always answers a saved draft.';
  const kind = changeKind(event);
  if (kind === 'undo') return 'Undoing edits by hand back to the exact saved content: the replay’s edits go one way; the model test covers the structural comparison.';
  if (kind === 'noIntro' && all.slice(index + 1).some((e) => e.type === 'draft.change'))
    return 'An edit after removing the intro slide that brings it back: the replay removes the intro slide only as the last edit.';
  if (type === 'prompt.exit' && index < all.length - 1) return 'Steps after “Exit without saving”: the editor is closed; a new one starts clean while the chart stays dirty.';
  return null;
}

/** The editor replay selection. */
export const editorSelection: ReplaySelection = {
  machine: 'editor',
  strategy: 'shortest',
  select(path: MachinePath) {
    if (path.inputName.startsWith('widget'))
      return 'A widget editor path (issue 15: the same machine, widget kind): this replay drives the vidbot editor page; the model test replays it and e2e/widget-editor.spec.ts drives the widget editor.';
    const events = path.steps.map((s) => s.event);
    for (const [index, event] of events.entries()) {
      const reason = stepReason(event, index, events);
      if (reason) return reason;
    }
    if (path.strategy !== 'journey' && path.steps.length > MAX_REPLAYED_STEPS)
      return `Longer than ${MAX_REPLAYED_STEPS} steps: its states are reached by shorter replayed paths and journeys; the model test replays it.`;
    return true;
  },
};
