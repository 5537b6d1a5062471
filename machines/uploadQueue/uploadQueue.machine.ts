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
 *                        │ queue.offline / queue.online → remembered (`online`) and forwarded to every
 *                        │                  running chart as upload.offline / upload.online (paused ⇄
 *                        │                  uploading); a chart started while offline is paused at once
 *                        └ queue.remove   → the entry leaves the list
 *
 *   Interrupted uploads (a page reload or leaving the page lost their File; in both states):
 *     queue.restore (StoredUploads kept by the upload charts) ──► `interrupted` records, waitingForFile
 *     waitingForFile ──queue.resume with the same file (name, size, type, lastModified)──► a queued
 *                    entry whose chart continues that tus upload (input `resume`: URL + media id)
 *                    ──queue.resume with another file──► stays, `mismatch` (the view says so)
 *                    ──queue.add of the same file──► resumed the same way (no second media row)
 *                    ──queue.discard──► discarding (discardUpload: tus termination removes the Draft
 *                                       media) ──done──► gone │ ──error──► waitingForFile, discardFailed
 * ```
 * The chart itself does not look inside its children: views read each entry's `ref` (the upload
 * chart) through machines/upload/upload.selectors.ts for progress, phase and outcome.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isSameFile, uploadMachine, type UploadInput } from '../upload/upload.machine';
import type { StoredUpload } from '../upload/upload.actors';

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

/**
 * A tus upload begun before the page was reloaded (or left): its File is gone until the person
 * chooses the same file again (`queue.resume` / `queue.add`) or discards it.
 */
export interface InterruptedEntry {
  /** `interrupted-<n>`. */
  id: string;
  upload: StoredUpload;
  status: 'waitingForFile' | 'discarding';
  /** The last file chosen to resume it was a different file. */
  mismatch: boolean;
  /** The last discard failed (e.g. offline); it can be tried again. */
  discardFailed: boolean;
}

export interface UploadQueueContext {
  entries: QueueEntry[];
  /** Interrupted uploads waiting for their file (oldest first). */
  interrupted: InterruptedEntry[];
  /** Interrupted records ever restored (ids are `interrupted-<n>`). */
  restored: number;
  /** The browser's connection (window online/offline); charts started while offline begin paused. */
  online: boolean;
  concurrency: number;
  /** Number of entries ever added (entry ids are `upload-<n>`). */
  added: number;
}

export interface UploadQueueInput {
  /** Default UPLOAD_CONCURRENCY. */
  concurrency?: number;
  /** navigator.onLine when the queue starts; default true. */
  online?: boolean;
}

export type UploadQueueEvent =
  | { type: 'queue.add'; uploads: UploadInput[] }
  | { type: 'queue.cancel'; id: string }
  | { type: 'queue.offline' }
  | { type: 'queue.online' }
  | { type: 'queue.remove'; id: string }
  | { type: 'queue.restore'; uploads: StoredUpload[] }
  | { type: 'queue.resume'; id: string; file: File }
  | { type: 'queue.discard'; id: string };

/** The entry id of a child's done/error event (`xstate.done.actor.upload-3` → `upload-3`). */
export function entryIdOfChildEvent(type: string): string | null {
  return /^xstate\.(?:done|error)\.actor\.(upload-\d+)$/.exec(type)?.[1] ?? null;
}

/** The interrupted id of a discard's done/error event (`xstate.done.actor.discard-interrupted-2`). */
export function discardIdOfChildEvent(type: string): { id: string; ok: boolean } | null {
  const m = /^xstate\.(done|error)\.actor\.discard-(interrupted-\d+)$/.exec(type);
  return m ? { id: m[2]!, ok: m[1] === 'done' } : null;
}

/** Whether `input` (a file chosen for upload) is the file of the interrupted upload `stored`. */
export function resumesStored(stored: StoredUpload, input: UploadInput): boolean {
  return (
    stored.accountId === input.accountId &&
    stored.kind === input.kind &&
    stored.replaces === (input.replaces ?? null) &&
    isSameFile(stored, input.file)
  );
}

/** Side effects of the queue; the default throws "must be provided". */
export const missingQueueActors = {
  /** Terminates the stored tus upload (the server removes its Draft media) and forgets it. */
  discardUpload: fromPromise<void, StoredUpload>(async () => {
    throw new Error('discardUpload must be provided');
  }),
};

export const uploadQueueMachine = setup({
  types: {
    context: {} as UploadQueueContext,
    events: {} as UploadQueueEvent,
    input: {} as UploadQueueInput,
  },
  actors: { upload: uploadMachine, ...missingQueueActors },
  delays: { removeDelay: REMOVE_DELAY_MS },
  guards: {
    isEmpty: ({ context }) => context.entries.length === 0,
    /** `queue.resume` names an interrupted upload waiting for its file, and the file is that file. */
    isSameFileChosen: ({ context, event }) => {
      if (event.type !== 'queue.resume') return false;
      const record = context.interrupted.find((r) => r.id === event.id && r.status === 'waitingForFile');
      return record !== undefined && isSameFile(record.upload, event.file);
    },
  },
  actions: {
    /**
     * Appends the files as queued entries; a file that is the file of an interrupted upload takes
     * that upload over (input `resume`) and its interrupted record goes.
     */
    addEntries: assign(({ context, event }) => {
      if (event.type !== 'queue.add') return {};
      let interrupted = context.interrupted;
      const added = event.uploads.map((input, i): QueueEntry => {
        const record = interrupted.find((r) => r.status === 'waitingForFile' && resumesStored(r.upload, input));
        if (record) interrupted = interrupted.filter((r) => r !== record);
        const resumed = record ? { ...input, resume: { uploadUrl: record.upload.uploadUrl, mediaId: record.upload.mediaId } } : input;
        return { id: `upload-${context.added + i + 1}`, input: resumed, status: 'queued', ref: null };
      });
      return { entries: [...context.entries, ...added], added: context.added + added.length, interrupted };
    }),
    /** The chosen file is the interrupted upload's file: queue it to continue that tus upload. */
    resumeInterrupted: assign(({ context, event }) => {
      if (event.type !== 'queue.resume') return {};
      const record = context.interrupted.find((r) => r.id === event.id);
      if (!record) return {};
      const { upload } = record;
      const entry: QueueEntry = {
        id: `upload-${context.added + 1}`,
        input: {
          file: event.file,
          kind: upload.kind,
          accountId: upload.accountId,
          replaces: upload.replaces,
          resume: { uploadUrl: upload.uploadUrl, mediaId: upload.mediaId },
        },
        status: 'queued',
        ref: null,
      };
      return { entries: [...context.entries, entry], added: context.added + 1, interrupted: context.interrupted.filter((r) => r !== record) };
    }),
    markMismatch: assign(({ context, event }) => {
      if (event.type !== 'queue.resume') return {};
      return { interrupted: context.interrupted.map((r) => (r.id === event.id ? { ...r, mismatch: true } : r)) };
    }),
    /** Adds stored uploads not already known (by URL) and not being sent now. */
    restoreInterrupted: assign(({ context, event }) => {
      if (event.type !== 'queue.restore') return {};
      const known = new Set([
        ...context.interrupted.map((r) => r.upload.uploadUrl),
        ...context.entries.flatMap((e) => (e.input.resume ? [e.input.resume.uploadUrl] : [])),
      ]);
      let restored = context.restored;
      const fresh: InterruptedEntry[] = [];
      for (const upload of event.uploads) {
        if (known.has(upload.uploadUrl)) continue;
        known.add(upload.uploadUrl);
        restored += 1;
        fresh.push({ id: `interrupted-${restored}`, upload, status: 'waitingForFile', mismatch: false, discardFailed: false });
      }
      return { interrupted: [...context.interrupted, ...fresh], restored };
    }),
    /** Starts discarding an interrupted upload (discardUpload, id `discard-<interrupted id>`). */
    discardInterrupted: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'queue.discard') return;
      const record = context.interrupted.find((r) => r.id === event.id && r.status === 'waitingForFile');
      if (!record) return;
      enqueue.assign({ interrupted: context.interrupted.map((r) => (r === record ? { ...r, status: 'discarding' as const, discardFailed: false } : r)) });
      enqueue.spawnChild('discardUpload', { id: `discard-${record.id}`, input: record.upload });
    }),
    /** A discard ended: gone when it worked, else back to waitingForFile with `discardFailed`. */
    finishDiscard: assign(({ context, event }) => {
      const discard = discardIdOfChildEvent(event.type);
      if (!discard) return {};
      if (discard.ok) return { interrupted: context.interrupted.filter((r) => r.id !== discard.id) };
      return {
        interrupted: context.interrupted.map((r) => (r.id === discard.id ? { ...r, status: 'waitingForFile' as const, discardFailed: true } : r)),
      };
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
      enqueue.assign({ online: true });
      for (const entry of context.entries) {
        if (entry.status === 'running' && entry.ref) enqueue.sendTo(entry.ref, { type: 'upload.online' });
      }
    }),
    forwardOffline: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ online: false });
      for (const entry of context.entries) {
        if (entry.status === 'running' && entry.ref) enqueue.sendTo(entry.ref, { type: 'upload.offline' });
      }
    }),
    /** While offline, charts just started are paused at once (nothing is sent until online). */
    pauseIfOffline: enqueueActions(({ context, enqueue }) => {
      if (context.online) return;
      for (const entry of context.entries) {
        if (entry.status === 'running' && entry.ref) enqueue.sendTo(entry.ref, { type: 'upload.offline' });
      }
    }),
    removeEntry: assign(({ context, event }) => {
      if (event.type !== 'queue.remove') return {};
      return { entries: context.entries.filter((e) => !(e.id === event.id && e.status === 'finished')) };
    }),
  },
}).createMachine({
  id: 'uploadQueue',
  context: ({ input }) => ({
    entries: [],
    interrupted: [],
    restored: 0,
    online: input.online ?? true,
    concurrency: Math.max(1, input.concurrency ?? UPLOAD_CONCURRENCY),
    added: 0,
  }),
  initial: 'idle',
  on: {
    'queue.restore': { actions: 'restoreInterrupted' },
    'queue.discard': { actions: 'discardInterrupted' },
    'queue.offline': { actions: 'forwardOffline' },
    'queue.online': { actions: 'forwardOnline' },
  },
  states: {
    idle: {
      meta: { description: 'Nothing is uploading. Files dropped or chosen start the queue; uploads interrupted by a reload are offered to resume or discard.' },
      on: {
        'queue.add': { target: 'working', actions: ['addEntries', 'startWaiting', 'pauseIfOffline'] },
        'queue.resume': [
          { guard: 'isSameFileChosen', target: 'working', actions: ['resumeInterrupted', 'startWaiting', 'pauseIfOffline'] },
          { actions: 'markMismatch' },
        ],
        'xstate.done.actor.*': { actions: 'finishDiscard' },
        'xstate.error.actor.*': { actions: 'finishDiscard' },
      },
    },
    working: {
      meta: { description: 'Files are uploading, a few at a time; the others wait their turn. Each finished file leaves the list a moment later, and the queue rests when the list is empty.' },
      tags: ['pending'],
      always: { guard: 'isEmpty', target: 'idle' },
      on: {
        'queue.add': { actions: ['addEntries', 'startWaiting', 'pauseIfOffline'] },
        'queue.resume': [
          { guard: 'isSameFileChosen', actions: ['resumeInterrupted', 'startWaiting', 'pauseIfOffline'] },
          { actions: 'markMismatch' },
        ],
        'queue.cancel': { actions: 'cancelEntry' },
        'queue.remove': { actions: 'removeEntry' },
        'xstate.done.actor.*': { actions: ['finishChild', 'finishDiscard', 'startWaiting', 'pauseIfOffline'] },
        'xstate.error.actor.*': { actions: ['finishChild', 'finishDiscard', 'startWaiting', 'pauseIfOffline'] },
      },
    },
  },
});

export type UploadQueueMachine = typeof uploadQueueMachine;
