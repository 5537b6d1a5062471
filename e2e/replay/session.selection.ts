/**
 * Which paths of the sign-in chart the e2e replay runs (issue 14 "Paths": "The Playwright suite
 * replays the generated paths of the login/MFA … machines in Chromium against the real server, each
 * path a named test"), and why each other path is left to the model tests.
 *
 * Pure (no Playwright): the replay spec (e2e/replay-session.spec.ts) and the coverage report both
 * read it. The rules key on event names and on the LAST segment of each state label
 * (`signingIn`, `enteringTotpCode`, … — not `session.signingIn`), so the same selection serves the
 * session chart today and a `signIn` child flow after the sign-in steps move there: only
 * `machine` below changes.
 *
 * A path is replayed when a person can produce every step in the browser against the real server
 * (e2e/server.mjs, plus a second one with IDP_MFA=required for the authenticator set-up at sign-in).
 * It is left out, with the reason, when a step
 *   - sends an event the state ignores (no screen of that state offers it),
 *   - needs something the browser cannot cause (a network failure of the identity provider, a
 *     refused refresh token, a hub event aws-amplify only raises in the tab that already acts),
 *   - needs an answer the real identity provider never gives (a second challenge after a correct
 *     authentication code), or
 *   - is only the beginning of another replayed path, which runs the same steps and goes on.
 */
import { initialTransition, transition, type AnyStateMachine, type EventObject } from 'xstate';
import { machineEntry } from '../../machines/catalog';
import { machinePaths, pathSources } from '../../machines/catalog.paths';
import { stateLabel, type MachinePath, type PathStrategy } from '../../machines/tooling/paths';
import type { ReplaySelection } from './selection';

/**
 * Catalog names of the replayed charts: the session's lifecycle (`session`: stored session, sign-in
 * started and its result, sign-out, another tab) and its child sign-in flow (`signIn`: the steps).
 */
type ReplayedMachine = 'session' | 'signIn';
/** Every transition once; the prefix rule below keeps only the paths that end somewhere new. */
const STRATEGY: PathStrategy = 'tour';

/** The last segment of a state label: `session.signIn.enteringTotpCode` → `enteringTotpCode`. */
export function stateKey(state: string): string {
  return state.split(' | ')[0]!.split('.').pop() ?? state;
}

/** A sign-in answer of the identity provider, from a `xstate.done.actor.signIn` / `confirmSignIn` output. */
export type SignInAnswer = 'signedIn' | 'newPasswordRequired' | 'totpRequired' | 'totpSetup';

/** The answer a done event of `signIn` / `confirmSignIn` carries (its `output`: `{ kind: 'signedIn' }` or `{ kind: 'challenge', challenge: { step } }`). */
export function signInAnswer(event: EventObject): SignInAnswer | 'refused' | 'cancelled' | null {
  const output = (event as { output?: { kind?: string; challenge?: { step?: SignInAnswer } } }).output;
  if (!output || typeof output !== 'object') return null;
  if (output.kind === 'signedIn') return 'signedIn';
  // The session's view of its finished sign-in flow (the `signIn` child's output).
  if (output.kind === 'failed') return 'refused';
  if (output.kind === 'cancelled') return 'cancelled';
  return output.challenge?.step ?? null;
}

/** True when the path needs the identity provider that requires MFA (IDP_MFA=required): it sets up an authenticator at sign-in. */
export function needsMfaRequired(path: MachinePath): boolean {
  return path.steps.some((step) => /^xstate\.done\.actor\.(signIn|confirmSignIn)$/.test(step.event.type) && signInAnswer(step.event) === 'totpSetup');
}

const hubEventName = (event: EventObject) => (event as { event?: string }).event;

/** Why `path` is not replayed, ignoring the prefix rule; `null` when every step can be driven. */
export function unreplayableReason(machine: AnyStateMachine, path: MachinePath, input?: unknown): string | null {
  let [snapshot] = initialTransition(machine, input);
  let challenge: SignInAnswer | 'refused' | 'cancelled' | null = null;
  let signedInOnce = false;
  for (const step of path.steps) {
    const event = step.event;
    const from = stateKey(stateLabel(snapshot.value));
    const type = event.type;
    if (!snapshot.can(event as never)) {
      const what = type === 'session.hubEvent' ? `the hub event ${hubEventName(event)}` : `\`${type}\``;
      return `${what} in ${from}: the chart ignores it there and no screen of that step offers it (the model tests cover it)`;
    }
    if (type === 'session.recoverPassword' || type === 'session.endPasswordRecovery' || type.startsWith('password.')) {
      return `\`${type}\` starts, ends or feeds the forgot-password flow, which is its own chart (passwordRecovery); e2e/identity.spec.ts walks its screens`;
    }
    if (from === 'authenticating' && type !== 'xstate.done.actor.signIn' && type !== 'session.hubEvent') {
      return `\`${type}\` while authenticating is handed to the sign-in flow; its steps are replayed as the paths of the signIn chart`;
    }
    if (type === 'xstate.done.actor.signIn' && signInAnswer(event) === 'cancelled' && from === 'authenticating') {
      return 'cancelling happens at a step of the sign-in flow; the signIn chart’s paths replay it at each step';
    }
    if (type === 'session.clearError') return 'no screen sends `session.clearError`: the alert goes away with the next submit, not through a control of its own';
    if (type === 'session.refresh') return 'no screen asks for a forced refresh (`session.refresh`); aws-amplify refreshes the tokens by itself';
    if (type === 'xstate.error.actor.loadSession') return 'reading the stored session fails only when the identity provider cannot be reached (a network failure)';
    if (type === 'xstate.error.actor.signOut') return 'signing out fails only when the identity provider cannot be reached (a network failure; aws-amplify clears the local tokens anyway)';
    if (type === 'xstate.error.actor.refreshSession' || type === 'xstate.done.actor.refreshSession') return 'no screen asks for a forced refresh (`session.refresh`)';
    if (type === 'session.hubEvent') {
      const name = hubEventName(event);
      if (name === 'signedOut') return "aws-amplify reports a sign-out on its hub only in the tab that signs out (there the chart is already signingOut); another tab's sign-out does not reach this one";
      if (name === 'tokenRefresh_failure') return 'a refresh token refused during aws-amplify’s own refresh (revoked or expired) cannot be produced on demand in the browser';
      if (name === 'signedIn' && signedInOnce) return 'after a sign-in attempt in this tab aws-amplify is loaded, and its hub does not hear another tab signing in (only the storage listener used before it loads does)';
    }
    if (type === 'xstate.done.actor.signIn' && signInAnswer(event) === 'signedIn' && needsMfaRequired(path)) {
      return 'needs one identity provider that both requires an authenticator at sign-in and signs a person in with a password alone';
    }
    if (type === 'xstate.error.actor.confirmSignIn' && challenge === 'newPasswordRequired') {
      return 'the identity provider refuses a new password only for the rules the form already enforces, or after its 3-minute sign-in session; neither can be produced in a test run';
    }
    if (type === 'xstate.done.actor.confirmSignIn') {
      const answer = signInAnswer(event);
      if (challenge === 'newPasswordRequired' && answer === 'newPasswordRequired') return 'the identity provider never asks for a second new password right after the first';
      if (challenge === 'newPasswordRequired' && answer === 'totpRequired') {
        return 'an administrator sets only permanent passwords, so a person with an authenticator never signs in with a temporary password';
      }
      if (challenge !== 'newPasswordRequired' && answer !== 'signedIn') return 'a correct authentication code always ends the sign-in: the identity provider asks for no further step';
    }
    if (type === 'session.signIn') signedInOnce = true;
    if (type === 'xstate.done.actor.signIn' || type === 'xstate.done.actor.confirmSignIn') {
      const answer = signInAnswer(event);
      challenge = answer === 'signedIn' || answer === 'refused' || answer === 'cancelled' ? null : answer;
    }
    if (type === 'session.cancelSignIn') challenge = null;
    [snapshot] = transition(machine, snapshot, event as never);
  }
  return null;
}

const eventsKey = (path: MachinePath) => path.steps.map((s) => JSON.stringify(s.event));

function isStrictPrefix(short: string[], long: string[]): boolean {
  return short.length < long.length && short.every((e, i) => e === long[i]);
}

const caches = new Map<ReplayedMachine, Map<string, true | string>>();

/** Every path's answer, computed once (the prefix rule compares a path with all replayable ones). */
function answers(MACHINE: ReplayedMachine): Map<string, true | string> {
  const cached = caches.get(MACHINE);
  if (cached) return cached;
  const machine = machineEntry(MACHINE)!.machine as AnyStateMachine;
  const paths = machinePaths(MACHINE, STRATEGY);
  const inputs = pathSources[MACHINE]!().inputs;
  const out = new Map<string, true | string>();
  const replayable: MachinePath[] = [];
  for (const path of paths) {
    const reason = unreplayableReason(machine, path, inputs[path.inputName]);
    if (reason) out.set(path.id, reason);
    else replayable.push(path);
  }
  const keys = new Map(replayable.map((p) => [p.id, eventsKey(p)]));
  for (const path of replayable) {
    const mine = keys.get(path.id)!;
    const longer = replayable.find((other) => other !== path && isStrictPrefix(mine, keys.get(other.id)!));
    out.set(path.id, longer ? `its steps are the beginning of ${longer.id}, which replays them and goes on` : true);
  }
  caches.set(MACHINE, out);
  return out;
}

/** The replay selection of one of the two charts. */
export function replaySelectionOf(machine: ReplayedMachine): ReplaySelection {
  return {
    machine,
    strategy: STRATEGY,
    select(path) {
      return answers(machine).get(path.id) ?? 'not a path of the current chart';
    },
  };
}

/** The session lifecycle's replay selection (e2e/replay-session.spec.ts). */
export const sessionReplaySelection: ReplaySelection = replaySelectionOf('session');

/** The same selection as the default export, for readers that load every e2e/replay/*.selection.ts. */
export default sessionReplaySelection;
