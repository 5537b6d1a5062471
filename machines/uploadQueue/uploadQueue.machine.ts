/**
 * Upload queue chart (spec 001 §2 "Media library" uploads, §4 "Media upload": the entry is removed
 * 1 s after finishing or erroring; DESIGN §5 "Uploads": a concurrency-limited queue, a parent spawns
 * one child per flow).
 *
 * ```
 *   idle ──queue.add──► working ──(every entry removed)──► idle
 *                        │ queue.add      → entries appended `queued`; start the waiting ones while
 *                        │                  fewer than `concurrency` run (each spawns an `upload` chart)
 *                        │ upload child ends (xstate.done.actor.* / xstate.error.actor.*)
 *                        │                → entry `finished`; `queue.remove` raised after removeDelay
 *                        │                  (1000 ms); the next waiting entry starts
 *                        │ queue.cancel   → a running entry's chart gets `upload.cancel`; a waiting
 *                        │                  one is finished at once (never started)
 *                        │ queue.online   → forwarded to every running chart (offline pauses resume)
 *                        └ queue.remove   → the entry leaves the list
 * ```
 * The chart itself does not look inside its children: views read each entry's `ref` (the upload
 * chart) through machines/upload/upload.selectors.ts for progress, phase and outcome.
 */
import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import { uploadMachine, type UploadInput } from '../upload/upload.machine';

/** Uploads sending at the same time (DESIGN §5 "concurrency-limited queue"). */
export const UPLOAD_CONCURRENCY = 2;
/** Spec 001 §4: an entry is removed 1 s after finishing or erroring. */
export const REMOVE_DELAY_MS = 1000;

export type UploadRef = ActorRefFrom<typeof uploadMachine>;

/** One file in the queue. `ref` is its upload chart once started. */
export interface QueueEntry {
  id: string;
  input: UploadInput;
  status: 'queued' | 'running' | 'finished';
  ref: UploadRef | null;
}

export interface UploadQueueContext {
  entries: QueueEntry[];
  concurrency: number;
  /** Number of entries ever added (entry ids are `upload-<n>`). */
  added: number;
}

export interface UploadQueueInput {
  /** Default UPLOAD_CONCURRENCY. */
  concurrency?: number;
}

export type UploadQueueEvent =
  | { type: 'queue.add'; uploads: UploadInput[] }
  | { type: 'queue.cancel'; id: string }
  | { type: 'queue.online' }
  | { type: 'queue.remove'; id: string };

/** The entry id of a child's done/error event (`xstate.done.actor.upload-3` → `upload-3`). */
export function entryIdOfChildEvent(type: string): string | null {
  return /^xstate\.(?:done|error)\.actor\.(upload-\d+)$/.exec(type)?.[1] ?? null;
}

export const uploadQueueMachine = setup({
  types: {
    context: {} as UploadQueueContext,
    events: {} as UploadQueueEvent,
    input: {} as UploadQueueInput,
  },
  actors: { upload: uploadMachine },
  delays: { removeDelay: REMOVE_DELAY_MS },
  guards: {
    isEmpty: ({ context }) => context.entries.length === 0,
  },
  actions: {
    addEntries: assign(({ context, event }) => {
      if (event.type !== 'queue.add') return {};
      const added = event.uploads.map((input, i): QueueEntry => ({ id: `upload-${context.added + i + 1}`, input, status: 'queued', ref: null }));
      return { entries: [...context.entries, ...added], added: context.added + added.length };
    }),
    /** Starts waiting entries, oldest first, while fewer than `concurrency` run. */
    startWaiting: assign(({ context, spawn }) => {
      let running = context.entries.filter((e) => e.status === 'running').length;
      const entries = context.entries.map((entry) => {
        if (entry.status !== 'queued' || running >= context.concurrency) return entry;
        running += 1;
        return { ...entry, status: 'running' as const, ref: spawn('upload', { id: entry.id, input: entry.input }) };
      });
      return { entries };
    }),
    /** A child chart ended (any final state, or it crashed): finish its entry and schedule removal. */
    finishChild: enqueueActions(({ context, event, enqueue }) => {
      const id = entryIdOfChildEvent(event.type);
      if (!id || !context.entries.some((e) => e.id === id && e.status === 'running')) return;
      enqueue.assign({ entries: context.entries.map((e) => (e.id === id ? { ...e, status: 'finished' as const } : e)) });
      enqueue.raise({ type: 'queue.remove', id }, { delay: 'removeDelay', id: `remove-${id}` });
    }),
    cancelEntry: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'queue.cancel') return;
      const entry = context.entries.find((e) => e.id === event.id);
      if (!entry) return;
      if (entry.status === 'running' && entry.ref) {
        enqueue.sendTo(entry.ref, { type: 'upload.cancel' });
      } else if (entry.status === 'queued') {
        enqueue.assign({ entries: context.entries.map((e) => (e.id === entry.id ? { ...e, status: 'finished' as const } : e)) });
        enqueue.raise({ type: 'queue.remove', id: entry.id }, { delay: 'removeDelay', id: `remove-${entry.id}` });
      }
    }),
    forwardOnline: enqueueActions(({ context, enqueue }) => {
      for (const entry of context.entries) {
        if (entry.status === 'running' && entry.ref) enqueue.sendTo(entry.ref, { type: 'upload.online' });
      }
    }),
    removeEntry: assign(({ context, event }) => {
      if (event.type !== 'queue.remove') return {};
      return { entries: context.entries.filter((e) => !(e.id === event.id && e.status === 'finished')) };
    }),
  },
}).createMachine({
  id: 'uploadQueue',
  context: ({ input }) => ({ entries: [], concurrency: Math.max(1, input.concurrency ?? UPLOAD_CONCURRENCY), added: 0 }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'queue.add': { target: 'working', actions: ['addEntries', 'startWaiting'] },
      },
    },
    working: {
      tags: ['pending'],
      always: { guard: 'isEmpty', target: 'idle' },
      on: {
        'queue.add': { actions: ['addEntries', 'startWaiting'] },
        'queue.cancel': { actions: 'cancelEntry' },
        'queue.online': { actions: 'forwardOnline' },
        'queue.remove': { actions: 'removeEntry' },
        'xstate.done.actor.*': { actions: ['finishChild', 'startWaiting'] },
        'xstate.error.actor.*': { actions: ['finishChild', 'startWaiting'] },
      },
    },
  },
});

export type UploadQueueMachine = typeof uploadQueueMachine;
