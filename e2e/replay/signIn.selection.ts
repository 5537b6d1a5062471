/**
 * Which paths of the sign-in flow (`signIn`, the session's child: password, new password, the
 * authenticator code and its set-up) the e2e replay runs; the rules are the session's
 * (e2e/replay/session.selection.ts), keyed on event names and the last segment of each state.
 * Pure (no Playwright): read by e2e/replay-session.spec.ts and by the coverage report.
 */
import { replaySelectionOf } from './session.selection';

/** The sign-in flow's replay selection. */
export const signInReplaySelection = replaySelectionOf('signIn');

export default signInReplaySelection;
