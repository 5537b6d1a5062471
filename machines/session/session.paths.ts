/**
 * Graph paths of the session chart (`xstate/graph`, DESIGN §4; issue 14 path sources): a `TestModel`
 * over the parent machine with realistic event payloads, including the done / error events its
 * invoked actors produce (the sign-in flow `signIn` ends with a `SignInResult`; its own steps are
 * toured in signIn.paths.ts), plus the expected edge list and a coverage computation.
 */
import { TestModel, toDirectedGraph, type AdjacencyValue, type DirectedGraphNode } from 'xstate/graph';
import type { ActorLogic, EventObject, SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionEvent, type SessionUser, type SignInOutcome } from './session.machine';
import type { SignInResult } from './signIn.machine';
import { authFailureOf } from './authFailure';

/** The user the fake identity provider signs in. */
export const pathUser: SessionUser = { userId: 'b6b1e6c2-0000-4000-8000-000000000001', email: 'owner@example.com' };

/** A Cognito-style failure of the sign-in call. */
export const notAuthorizedError = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
/** A failed refresh (expired refresh token). */
export const refreshError = Object.assign(new Error('Refresh Token has expired'), { name: 'NotAuthorizedException' });
/** A refused code of the TOTP step. */
export const codeMismatchError = Object.assign(new Error('Invalid code received for user'), { name: 'CodeMismatchException' });
/** A new password the pool refuses. */
export const passwordPolicyError = Object.assign(new Error('Password does not conform to policy: Password not long enough'), {
  name: 'InvalidPasswordException',
});

/** Sign-in outcomes of the fake identity provider. */
export const outcomes = {
  signedIn: { kind: 'signedIn', user: pathUser },
  newPassword: { kind: 'challenge', challenge: { step: 'newPasswordRequired', email: pathUser.email } },
  totpCode: { kind: 'challenge', challenge: { step: 'totpRequired', email: pathUser.email } },
  totpSetup: {
    kind: 'challenge',
    challenge: {
      step: 'totpSetup',
      email: pathUser.email,
      sharedSecret: 'JBSWY3DPEHPK3PXP',
      totpSetupUri: 'otpauth://totp/Vidbot:owner%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Vidbot',
    },
  },
} satisfies Record<string, SignInOutcome>;

/** How the sign-in flow (the session's child `signIn`) ends, as the session receives it. */
export const flowResults = {
  signedIn: { kind: 'signedIn', user: pathUser },
  failed: { kind: 'failed', error: authFailureOf(notAuthorizedError) },
  cancelled: { kind: 'cancelled' },
} satisfies Record<string, SignInResult>;

/** A network failure of the sign-out call. */
export const networkError = new TypeError('Failed to fetch');

/** Invoked actors' done / error events (ids of the chart's `invoke`s). */
export type SessionActorEvent =
  | { type: 'xstate.done.actor.loadSession'; output: SessionUser | null }
  | { type: 'xstate.error.actor.loadSession'; error: unknown }
  | { type: 'xstate.done.actor.signIn'; output: SignInResult | SignInOutcome }
  | { type: 'xstate.error.actor.signIn'; error: unknown }
  | { type: 'xstate.done.actor.confirmSignIn'; output: SignInOutcome }
  | { type: 'xstate.error.actor.confirmSignIn'; error: unknown }
  | { type: 'xstate.done.actor.refreshSession'; output: SessionUser }
  | { type: 'xstate.error.actor.refreshSession'; error: unknown }
  | { type: 'xstate.done.actor.signOut'; output: undefined }
  | { type: 'xstate.error.actor.signOut'; error: unknown };

/** Any event a path may contain. */
export type SessionPathEvent = SessionEvent | SessionActorEvent;

/** Every event the walk may send, with payloads. */
export const sessionPathEvents: SessionPathEvent[] = [
  { type: 'session.signIn', credentials: { email: 'owner@example.com', password: 'Vidbot-demo-1' } },
  { type: 'session.submitNewPassword', password: 'Brand-new-pass-2' },
  { type: 'session.submitTotpCode', code: '123456' },
  { type: 'session.cancelSignIn' },
  { type: 'session.signOut' },
  { type: 'session.refresh' },
  { type: 'session.clearError' },
  { type: 'session.signInChanged', view: { step: 'choosingNewPassword', challenge: outcomes.newPassword.challenge, error: null } },
  { type: 'session.hubEvent', event: 'signedIn' },
  { type: 'session.hubEvent', event: 'signedOut' },
  { type: 'session.hubEvent', event: 'tokenRefresh' },
  { type: 'session.hubEvent', event: 'tokenRefresh_failure' },
  { type: 'session.recoverPassword' },
  { type: 'session.endPasswordRecovery' },
  { type: 'password.requestCode', email: 'owner@example.com' },
  { type: 'password.reset', input: { email: 'owner@example.com', code: '123456', password: 'Brand-new-pass-2' } },
  { type: 'password.restart' },
  { type: 'password.clearError' },
  { type: 'xstate.done.actor.loadSession', output: pathUser },
  { type: 'xstate.done.actor.loadSession', output: null },
  { type: 'xstate.error.actor.loadSession', error: networkError },
  { type: 'xstate.done.actor.signIn', output: flowResults.signedIn },
  { type: 'xstate.done.actor.signIn', output: flowResults.failed },
  { type: 'xstate.done.actor.signIn', output: flowResults.cancelled },
  { type: 'xstate.done.actor.refreshSession', output: pathUser },
  { type: 'xstate.error.actor.refreshSession', error: refreshError },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: networkError },
];

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Serialization: state value, whether a user / an error is held, whether the forgot-password flow runs (context is otherwise bounded). */
export function serializeSessionState(snapshot: SessionSnapshot): string {
  return JSON.stringify([snapshot.value, snapshot.context.user !== null, snapshot.context.error !== null, snapshot.context.recovering]);
}

/**
 * A TestModel of the session chart. Done/error events are only offered in the state whose invoke
 * produces them, as in a real run.
 */
export function createSessionTestModel() {
  // The model also sends the invoked actors' done/error events, which the machine's own event type omits.
  const logic = sessionMachine as unknown as ActorLogic<SessionSnapshot, SessionPathEvent, unknown>;
  return new TestModel<SessionSnapshot, SessionPathEvent, unknown>(logic, {
    events: (snapshot: SessionSnapshot) =>
      sessionPathEvents.filter((event) => {
        const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
        if (!m) return true;
        const owner: Record<string, string> = {
          loadSession: 'checkingSession',
          signIn: 'authenticating',
          refreshSession: 'refreshing',
          signOut: 'signingOut',
        };
        const state = m[2] === undefined ? undefined : owner[m[2]];
        return state !== undefined && snapshot.matches(state as 'checkingSession');
      }),
    serializeState: serializeSessionState,
    stopWhen: (s) => s.status !== 'active',
    limit: 500,
  });
}

/** Label of one edge: `source --event--> target` with state keys as in the chart. */
export function edgeKey(source: string, eventType: string, target: string): string {
  return `${source} --${eventType}--> ${target}`;
}

function stateKey(id: string): string {
  return id.replace(/^session\.?/, '') || '(root)';
}

/** All states and transitions of the chart (from `toDirectedGraph`). */
export function sessionGraph(): { states: string[]; transitions: string[] } {
  const states: string[] = [];
  const transitions: string[] = [];
  const walk = (node: DirectedGraphNode) => {
    if (node.id !== sessionMachine.id) states.push(stateKey(node.id));
    for (const edge of node.edges) transitions.push(edgeKey(stateKey(edge.source.id), edge.label.text, stateKey(edge.target.id)));
    node.children.forEach(walk);
  };
  walk(toDirectedGraph(sessionMachine));
  return { states, transitions: [...new Set(transitions)] };
}

/** A walked path as the coverage needs it: the state value after each event. */
export interface WalkedStep {
  from: string;
  event: EventObject;
  to: string;
}

/** Coverage of `steps` against the chart: covered and missing states and transitions. */
export function sessionCoverage(walks: WalkedStep[][], initial: string) {
  const graph = sessionGraph();
  const seenStates = new Set<string>([initial]);
  const seenEdges = new Set<string>();
  for (const walk of walks) {
    for (const step of walk) {
      seenStates.add(step.to);
      seenEdges.add(edgeKey(step.from, step.event.type, step.to));
      // Targetless transitions of the root (the forgot-password flow's events) keep the state.
      if (step.from === step.to) seenEdges.add(edgeKey('(root)', step.event.type, '(root)'));
    }
  }
  return {
    states: { covered: graph.states.filter((s) => seenStates.has(s)), missing: graph.states.filter((s) => !seenStates.has(s)) },
    transitions: {
      covered: graph.transitions.filter((t) => seenEdges.has(t)),
      missing: graph.transitions.filter((t) => !seenEdges.has(t)),
    },
  };
}

/** A walk: a label and its events after `xstate.init`, with the model's expected snapshot after each. */
export interface SessionTourPath {
  description: string;
  steps: { event: SessionPathEvent; expected: SessionSnapshot }[];
}

/**
 * A transition tour: for every reachable (serialized) state its shortest path, and for every event
 * the model offers there, that path plus the event — every edge once, linear in states × events.
 * (Shortest paths alone never revisit a state, so they would miss edges into visited states.)
 */
export function sessionTour(): SessionTourPath[] {
  const model = createSessionTestModel();
  const prefixes = new Map<string, { event: SessionPathEvent; expected: SessionSnapshot }[]>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const key = serializeSessionState(path.state);
    const steps = path.steps.slice(1).map((s) => ({ event: s.event, expected: s.state }));
    const known = prefixes.get(key);
    if (!known || known.length > steps.length) prefixes.set(key, steps);
  }
  const tour: SessionTourPath[] = [];
  const adjacency = model.getAdjacencyMap();
  for (const key of Object.keys(adjacency)) {
    const value: AdjacencyValue<SessionSnapshot, SessionPathEvent> | undefined = adjacency[key as keyof typeof adjacency];
    if (!value) continue;
    const { transitions } = value;
    const prefix = prefixes.get(key);
    if (!prefix) continue;
    const moves: { event: SessionPathEvent; state: SessionSnapshot }[] = Object.values(transitions);
    for (const { event, state } of moves) {
      tour.push({
        description: `${key} + ${event.type}${'event' in event ? `(${String(event.event)})` : ''}${'output' in event && event.output && typeof event.output === 'object' && 'kind' in event.output ? `(${event.output.kind})` : ''}`,
        steps: [...prefix, { event, expected: state }],
      });
    }
  }
  return tour;
}
