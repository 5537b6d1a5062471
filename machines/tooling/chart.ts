/**
 * The neutral description of a statechart that every "statecharts for people" surface reads
 * (issue 14): the Mermaid and SVG diagrams (`npm run machines`), the in-app Machines page, the
 * path printer (`npm run paths`) and the coverage report (`npm run machines:coverage`).
 *
 * `describeMachine(machine)` walks `machine.root` (XState v5 state nodes) and returns plain JSON:
 * every state node (atomic, compound, parallel, final, history) with its product-owner description
 * (`meta.description`, or the node's own `description`), tags, invoked services and entry / exit
 * actions, and every transition candidate — one entry per (source state × event × guard branch),
 * including eventless (`always`) transitions, delays (`after 2000 ms`), invoked services' done /
 * error events (`done: uploadFile`) and a compound state's `onDone`.
 *
 * Ids are XState's own state-node ids (`session.signingIn`), so a running actor's snapshot
 * (`snapshot._nodes[i].id`) maps onto the chart without translation. The output is deterministic:
 * states in document order, transitions in document order per state.
 *
 * Pure; no DOM, no Node APIs (the SPA and the Node tools both import it).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** Kind of state node, as XState names it. */
export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** One state node of the chart. */
export interface ChartState {
  /** XState state-node id, e.g. `session.signingIn` (the root's id is the machine id). */
  id: string;
  /** The node's key in its parent (`signingIn`); the machine id for the root. */
  key: string;
  /** Keys from the root (`['signedIn', 'idle']`); `[]` for the root. */
  path: string[];
  /** Parent state id; null for the root. */
  parent: string | null;
  type: ChartStateType;
  /** Id of the initial child of a compound state. */
  initial?: string;
  /** Plain-language description for a product owner (`meta.description` or `description`). */
  description?: string;
  tags: string[];
  /** Services invoked while in this state: invoke id and source (actor logic name). */
  invokes: Array<{ id: string; src: string }>;
  /** Named entry actions (timers of `after` left out). */
  entry: string[];
  /** Named exit actions (timer cancels left out). */
  exit: string[];
  /** Child state ids in document order. */
  children: string[];
}

/** What kind of trigger a transition has. */
export type ChartTransitionKind = 'event' | 'done' | 'error' | 'after' | 'always' | 'stateDone' | 'snapshot';

/** One transition candidate: a (source × event × guard branch). */
export interface ChartTransition {
  /** Stable id: `${source}|${event}|${branch}` (event `''` for always). */
  id: string;
  source: string;
  /** The raw event descriptor (`session.signIn`, `xstate.done.actor.signIn`, `xstate.after.2000.upload.retrying`, `''`). */
  event: string;
  kind: ChartTransitionKind;
  /** Human label of the trigger: `session.signIn`, `done: signIn`, `error: signIn`, `after 2000 ms`, `always`, `done`. */
  trigger: string;
  /** Guard label (`isSignedInOutcome`, `isChallengeStep(step: totpRequired)`); absent when unguarded. */
  guard?: string;
  /** Position among the candidates of this source and event (0 first; the last unguarded one is the "else"). */
  branch: number;
  /** Target state ids; `[]` for a targetless (internal) transition. */
  targets: string[];
  /** True when the transition re-enters its source. */
  reenter: boolean;
  /** Named actions the transition runs. */
  actions: string[];
  /** Delay in ms for `after` transitions with a numeric or resolvable named delay. */
  delayMs?: number;
  /** `description` written on the transition config, if any. */
  description?: string;
  /** Full edge label as drawn: trigger, `[guard]`, and ` / actions` omitted. */
  label: string;
}

/** The whole chart. */
export interface ChartModel {
  /** Machine id (= root state id). */
  id: string;
  /** Root first, then document order (depth first). */
  states: ChartState[];
  transitions: ChartTransition[];
}

type Named = { type?: unknown; name?: string; params?: unknown; guards?: unknown[]; guard?: unknown };

function paramsLabel(params: unknown): string {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return '';
  const parts = Object.entries(params as Record<string, unknown>)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${key}: ${String(value)}`);
  return parts.length ? `(${parts.join(', ')})` : '';
}

/** Readable name of a guard reference: string, `{ type, params }`, built-in and/or/not, or inline function. */
export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object') {
    const g = guard as Named;
    return `${String(g.type)}${paramsLabel(g.params)}`;
  }
  if (typeof guard === 'function') {
    const g = guard as unknown as Named & { check?: unknown };
    if (Array.isArray(g.guards)) {
      const inner = g.guards.map((x) => guardLabel(x) ?? '?');
      const op = g.name === 'and' || g.name === 'or' ? g.name : String(g.type ?? g.name ?? 'guard').replace(/^xstate\./, '');
      return `${op}(${inner.join(', ')})`;
    }
    if (g.guard !== undefined) return `not(${guardLabel(g.guard) ?? '?'})`;
    return g.name && g.name !== 'guard' ? g.name : 'inline guard';
  }
  return String(guard);
}

/** Readable name of an action reference; null for the timer bookkeeping XState adds for `after`. */
export function actionLabel(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object') {
    const a = action as Named;
    return String(a.type);
  }
  if (typeof action === 'function') {
    const a = action as unknown as Named & { id?: unknown; sendId?: unknown; event?: { type?: string } };
    const type = typeof a.type === 'string' ? a.type : undefined;
    if (type === 'xstate.raise' && typeof a.id === 'string' && a.id.startsWith('xstate.after.')) return null;
    if (type === 'xstate.cancel' && typeof a.sendId === 'string' && a.sendId.startsWith('xstate.after.')) return null;
    if (type) return type.replace(/^xstate\./, '');
    return a.name && a.name !== 'action' ? a.name : 'inline action';
  }
  return null;
}

function labels(actions: readonly unknown[]): string[] {
  return actions.map(actionLabel).filter((x): x is string => x !== null);
}

function delayOf(machine: AnyStateMachine, eventType: string, sourceId: string): { label: string; ms?: number } {
  const raw = eventType.slice('xstate.after.'.length, eventType.length - sourceId.length - 1);
  const numeric = Number(raw);
  if (raw !== '' && Number.isFinite(numeric)) return { label: `${numeric} ms`, ms: numeric };
  const named = (machine.implementations.delays as Record<string, unknown> | undefined)?.[raw];
  if (typeof named === 'number') return { label: `${raw} (${named} ms)`, ms: named };
  return { label: raw };
}

function triggerOf(machine: AnyStateMachine, node: AnyStateNode, eventType: string): { kind: ChartTransitionKind; trigger: string; delayMs?: number } {
  if (eventType === '') return { kind: 'always', trigger: 'always' };
  const srcOf = (id: string) => node.invoke.find((i: { id: string; src: unknown }) => i.id === id)?.src ?? id;
  if (eventType.startsWith('xstate.done.actor.')) return { kind: 'done', trigger: `done: ${String(srcOf(eventType.slice(18)))}` };
  if (eventType.startsWith('xstate.error.actor.')) return { kind: 'error', trigger: `error: ${String(srcOf(eventType.slice(19)))}` };
  if (eventType.startsWith('xstate.snapshot.')) return { kind: 'snapshot', trigger: `snapshot: ${String(srcOf(eventType.slice(16)))}` };
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'stateDone', trigger: 'done' };
  if (eventType.startsWith('xstate.after.')) {
    const delay = delayOf(machine, eventType, node.id);
    return { kind: 'after', trigger: `after ${delay.label}`, ...(delay.ms !== undefined ? { delayMs: delay.ms } : {}) };
  }
  return { kind: 'event', trigger: eventType };
}

interface TransitionDefinitionLike {
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
  actions: readonly unknown[];
  reenter?: boolean;
  description?: string;
}

/**
 * Describes `machine` as a `ChartModel` (see the module comment).
 * @throws nothing for any machine XState accepted.
 */
export function describeMachine(machine: AnyStateMachine): ChartModel {
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];

  const visit = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[];
    const meta = node.meta as { description?: unknown } | undefined;
    const description = typeof meta?.description === 'string' ? meta.description : node.description;
    const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    states.push({
      id: node.id,
      key: node.parent ? node.key : machine.id,
      path: [...node.path],
      parent: node.parent ? node.parent.id : null,
      type: node.type as ChartStateType,
      ...(initialTarget ? { initial: initialTarget.id } : {}),
      ...(description ? { description } : {}),
      tags: [...node.tags],
      invokes: node.invoke.map((i: { id: string; src: unknown }) => ({ id: i.id, src: typeof i.src === 'string' ? i.src : i.id })),
      entry: labels(node.entry),
      exit: labels(node.exit),
      children: children.map((c) => c.id),
    });

    const push = (eventType: string, list: readonly TransitionDefinitionLike[]) => {
      list.forEach((t, branch) => {
        const { kind, trigger, delayMs } = triggerOf(machine, node, eventType);
        const guard = guardLabel(t.guard);
        transitions.push({
          id: `${node.id}|${eventType}|${branch}`,
          source: node.id,
          event: eventType,
          kind,
          trigger,
          ...(guard ? { guard } : {}),
          branch,
          targets: (t.target ?? []).map((s) => s.id),
          reenter: Boolean(t.reenter),
          actions: labels(t.actions),
          ...(delayMs !== undefined ? { delayMs } : {}),
          ...(t.description ? { description: t.description } : {}),
          label: guard ? `${trigger} [${guard}]` : trigger,
        });
      });
    };
    for (const [eventType, list] of node.transitions as Map<string, TransitionDefinitionLike[]>) push(eventType, list);
    if (node.always) push('', node.always as TransitionDefinitionLike[]);
    children.forEach(visit);
  };

  visit(machine.root);
  return { id: machine.id, states, transitions };
}
