/**
 * Upload queue tests: the graph tour replayed on a live queue whose upload charts run with fake
 * actors (simulated clock), coverage from those paths, and journeys for the concurrency limit, the
 * 1 s removal after finishing or erroring (spec 001 §4), cancel and online forwarding.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, initialTransition, transition, type AnyEventObject } from 'xstate';
import { uploadMachine } from '../upload/upload.machine';
import type { CreateMediaInput, CreateMediaOutput, PollMediaInput, SendFileEvent, SendFileInput, UploadMedia } from '../upload/upload.actors';
import { selectUploadPhase } from '../upload/upload.selectors';
import { flush } from '../testing/fake-actors';
import { catalogRuns } from '../testing/catalog-runs';
import { graphCoverage } from '../testing/graph-coverage';
import { REMOVE_DELAY_MS, UPLOAD_CONCURRENCY, discardIdOfChildEvent, entryIdOfChildEvent, uploadQueueMachine } from './uploadQueue.machine';
import { imageUpload, otherVideoFile, sameVideoFile, storedVideo } from './uploadQueue.paths';
import { selectInterrupted, selectQueueBusy, selectQueueEntries, selectQueueOnline, selectRunningCount } from './uploadQueue.selectors';
import type { StoredUpload } from '../upload/upload.actors';

/** A queue whose upload charts use fakes: createMedia answers at once; each send waits for the test. */
function harness(concurrency = UPLOAD_CONCURRENCY, online = true) {
  const sends = new Map<string, { sendBack: (e: SendFileEvent) => void; stopped: boolean; received: string[]; input: SendFileInput }>();
  const discards: Array<{ input: StoredUpload; resolve: () => void; reject: (e: unknown) => void }> = [];
  const discardUpload = fromPromise<void, StoredUpload>(
    ({ input }) => new Promise<void>((resolve, reject) => discards.push({ input, resolve, reject })),
  );
  let nextId = 100;
  const fakeUpload = uploadMachine.provide({
    actors: {
      createMedia: fromPromise<CreateMediaOutput, CreateMediaInput>(async ({ input }) => {
        const id = nextId++;
        return { media: { id, name: input.name, type: input.kind, status: 'Draft', errorReason: null }, uploadUrl: { uploadUrl: `/api/media/${id}/upload`, uploadToken: 't' } };
      }),
      sendFile: fromCallback<AnyEventObject, SendFileInput>(({ input, sendBack, receive }) => {
        const run = { sendBack: sendBack as (e: SendFileEvent) => void, stopped: false, received: [] as string[], input };
        sends.set(input.file.name, run);
        receive((e) => run.received.push(e.type));
        return () => {
          run.stopped = true;
        };
      }),
      pollMedia: fromPromise<UploadMedia, PollMediaInput>(async () => {
        throw new Error('not used for images');
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(uploadQueueMachine.provide({ actors: { upload: fakeUpload, discardUpload } }), { input: { concurrency, online }, clock }).start();
  const ready = (name: string, id: number): UploadMedia => ({ id, name, type: 'SlideImage', status: 'Ready', errorReason: null });
  return {
    actor,
    clock,
    sends,
    discards,
    /** Completes the send of `name` with a Ready media (multipart answer). */
    async finish(name: string) {
      sends.get(name)!.sendBack({ type: 'upload.sent', media: ready(name, 1) });
      await flush();
    },
    async fail(name: string) {
      sends.get(name)!.sendBack({ type: 'upload.error', error: { status: 422, message: 'Unsupported' } });
      await flush();
    },
    async send(event: AnyEventObject) {
      actor.send(event as never);
      await flush();
    },
    async tick(ms: number) {
      clock.increment(ms);
      await flush();
    },
    names: () => selectQueueEntries(actor.getSnapshot()).map((e) => e.input.file.name),
  };
}

describe('upload queue: graph tour', () => {
  // The catalog's paths (tour + journeys): what `npm run paths -- uploadQueue` prints and machines:coverage counts.
  const paths = catalogRuns('uploadQueue');

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(uploadQueueMachine, paths.map((p) => ({ input: { concurrency: 2 }, events: p.events })));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered).toEqual(expect.arrayContaining(['uploadQueue.idle', 'uploadQueue.working']));
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_label, path) => {
    const h = harness(2);
    let [expected] = initialTransition(uploadQueueMachine, { concurrency: 2 });
    for (const event of path.events) {
      [expected] = transition(uploadQueueMachine, expected, event as never);
      const id = entryIdOfChildEvent(event.type);
      const discard = discardIdOfChildEvent(event.type);
      if (discard) {
        // The discard of an interrupted upload settles.
        const run = h.discards.shift()!;
        if (discard.ok) run.resolve();
        else run.reject((event as { error?: unknown }).error);
        await flush();
      } else if (id && event.type.startsWith('xstate.error.')) {
        // A crashed child: the queue hears the error event (delivered as the system would).
        await h.send(event);
      } else if (id) {
        // A child ending: make the live upload chart of that entry finish.
        const entry = selectQueueEntries(h.actor.getSnapshot()).find((e) => e.id === id)!;
        await h.finish(entry.input.file.name);
      } else if (event.type === 'queue.remove') {
        await h.tick(REMOVE_DELAY_MS);
        // The live queue removes every entry finished for a second; the pure transition only this one.
        [expected] = transition(uploadQueueMachine, expected, event as never);
        for (const e of expected.context.entries.filter((x) => x.status === 'finished')) {
          [expected] = transition(uploadQueueMachine, expected, { type: 'queue.remove', id: e.id });
        }
      } else {
        const cancelId = event.type === 'queue.cancel' ? String((event as { id?: unknown }).id) : null;
        const wasRunning = cancelId !== null && expected.context.entries.some((e) => e.id === cancelId && e.status === 'running');
        await h.send(event);
        // A cancelled running chart ends at once (cancelled is final): the queue hears its done event.
        if (wasRunning) [expected] = transition(uploadQueueMachine, expected, { type: `xstate.done.actor.${cancelId}` } as never);
      }
      const snapshot = h.actor.getSnapshot();
      expect(snapshot.value, path.description).toEqual(expected.value);
      expect(snapshot.context.entries.map((e) => [e.id, e.status]), path.description).toEqual(expected.context.entries.map((e) => [e.id, e.status]));
      expect(snapshot.context.interrupted.map((r) => [r.id, r.status, r.mismatch, r.discardFailed]), path.description).toEqual(
        expected.context.interrupted.map((r) => [r.id, r.status, r.mismatch, r.discardFailed]),
      );
      expect(h.discards.length, path.description).toBe(snapshot.context.interrupted.filter((r) => r.status === 'discarding').length);
      for (const e of snapshot.context.entries) {
        // A running chart is paused exactly while the queue is offline.
        if (e.status === 'running' && e.ref) expect(selectUploadPhase(e.ref.getSnapshot()) === 'paused', path.description).toBe(!snapshot.context.online);
      }
      expect(selectRunningCount(snapshot)).toBeLessThanOrEqual(2);
      for (const e of snapshot.context.entries) {
        if (e.status === 'running') expect(e.ref).not.toBeNull();
        if (e.status === 'queued') expect(e.ref).toBeNull();
      }
    }
    h.actor.stop();
  });
});

describe('upload queue: journeys', () => {
  it('runs at most two uploads at once; the third starts when one finishes; entries leave 1 s after finishing', async () => {
    const h = harness();
    await h.send({ type: 'queue.add', uploads: [imageUpload(1), imageUpload(2), imageUpload(3)] });
    expect(selectRunningCount(h.actor.getSnapshot())).toBe(2);
    expect([...h.sends.keys()]).toEqual(['photo-1.png', 'photo-2.png']);
    expect(selectQueueEntries(h.actor.getSnapshot()).map((e) => e.status)).toEqual(['running', 'running', 'queued']);

    await h.finish('photo-1.png');
    const entries = selectQueueEntries(h.actor.getSnapshot());
    expect(entries.map((e) => e.status)).toEqual(['finished', 'running', 'running']);
    expect(selectUploadPhase(entries[0]!.ref!.getSnapshot())).toBe('done');
    expect([...h.sends.keys()]).toContain('photo-3.png');

    await h.tick(REMOVE_DELAY_MS - 1);
    expect(h.names()).toEqual(['photo-1.png', 'photo-2.png', 'photo-3.png']);
    await h.tick(1);
    expect(h.names()).toEqual(['photo-2.png', 'photo-3.png']);

    await h.fail('photo-2.png');
    expect(selectUploadPhase(selectQueueEntries(h.actor.getSnapshot())[0]!.ref!.getSnapshot())).toBe('failed');
    await h.finish('photo-3.png');
    expect(selectQueueBusy(h.actor.getSnapshot())).toBe(false);
    await h.tick(REMOVE_DELAY_MS);
    expect(h.names()).toEqual([]);
    expect(h.actor.getSnapshot().value).toBe('idle');
  });

  it('cancel sends upload.cancel to a running chart and drops a waiting one without starting it', async () => {
    const h = harness(1);
    await h.send({ type: 'queue.add', uploads: [imageUpload(1), imageUpload(2)] });
    await h.send({ type: 'queue.cancel', id: 'upload-2' });
    expect(selectQueueEntries(h.actor.getSnapshot()).map((e) => e.status)).toEqual(['running', 'finished']);
    await h.send({ type: 'queue.cancel', id: 'upload-1' });
    const first = selectQueueEntries(h.actor.getSnapshot())[0]!;
    expect(selectUploadPhase(first.ref!.getSnapshot())).toBe('cancelled');
    expect(h.sends.get('photo-1.png')!.stopped).toBe(true);
    expect(h.sends.has('photo-2.png')).toBe(false);
    await h.tick(REMOVE_DELAY_MS);
    expect(h.names()).toEqual([]);
  });

  it('forwards online to running uploads, so an offline pause resumes', async () => {
    const h = harness();
    await h.send({ type: 'queue.add', uploads: [imageUpload(1)] });
    h.sends.get('photo-1.png')!.sendBack({ type: 'upload.error', error: { status: null, message: 'offline', offline: true } });
    await flush();
    const ref = selectQueueEntries(h.actor.getSnapshot())[0]!.ref!;
    expect(selectUploadPhase(ref.getSnapshot())).toBe('paused');
    await h.send({ type: 'queue.online' });
    expect(selectUploadPhase(ref.getSnapshot())).toBe('uploading');
  });

  it('a chart started while offline is paused at once and resumes when online', async () => {
    const h = harness(2, false);
    expect(selectQueueOnline(h.actor.getSnapshot())).toBe(false);
    await h.send({ type: 'queue.add', uploads: [imageUpload(1)] });
    const ref = selectQueueEntries(h.actor.getSnapshot())[0]!.ref!;
    expect(selectUploadPhase(ref.getSnapshot())).toBe('paused');
    expect(h.sends.size).toBe(0);
    await h.send({ type: 'queue.online' });
    expect(selectUploadPhase(ref.getSnapshot())).toBe('uploading');
    await h.send({ type: 'queue.offline' });
    expect(selectUploadPhase(ref.getSnapshot())).toBe('paused');
    expect(h.sends.get('photo-1.png')!.stopped).toBe(true);
  });

  it('restores a stored upload as interrupted; the same file resumes it (same URL and media), another file is refused', async () => {
    const h = harness();
    await h.send({ type: 'queue.restore', uploads: [storedVideo] });
    await h.send({ type: 'queue.restore', uploads: [storedVideo] }); // known already: not doubled
    expect(selectInterrupted(h.actor.getSnapshot()).map((r) => [r.id, r.status, r.mismatch])).toEqual([['interrupted-1', 'waitingForFile', false]]);
    expect(h.actor.getSnapshot().value).toBe('idle');

    await h.send({ type: 'queue.resume', id: 'interrupted-1', file: otherVideoFile() });
    expect(selectInterrupted(h.actor.getSnapshot())[0]?.mismatch).toBe(true);
    expect(h.sends.size).toBe(0);

    await h.send({ type: 'queue.resume', id: 'interrupted-1', file: sameVideoFile() });
    expect(selectInterrupted(h.actor.getSnapshot())).toEqual([]);
    const [entry] = selectQueueEntries(h.actor.getSnapshot());
    expect(entry?.input).toMatchObject({ kind: 'SlideVideo', accountId: 1, replaces: null, resume: { uploadUrl: storedVideo.uploadUrl, mediaId: 41 } });
    expect(h.sends.get('intro.mp4')?.input).toMatchObject({ resumeUrl: storedVideo.uploadUrl, mediaId: 41 });
  });

  it('adding the same file through Add resumes the interrupted upload; a different file starts a new one', async () => {
    const h = harness();
    await h.send({ type: 'queue.restore', uploads: [storedVideo] });
    await h.send({ type: 'queue.add', uploads: [{ file: otherVideoFile(), kind: 'SlideVideo', accountId: 1 }] });
    expect(selectQueueEntries(h.actor.getSnapshot())[0]?.input.resume).toBeUndefined();
    expect(selectInterrupted(h.actor.getSnapshot())).toHaveLength(1);
    await h.send({ type: 'queue.add', uploads: [{ file: sameVideoFile(), kind: 'SlideVideo', accountId: 2 }] });
    expect(selectInterrupted(h.actor.getSnapshot())).toHaveLength(1); // another account's file
    await h.send({ type: 'queue.add', uploads: [{ file: sameVideoFile(), kind: 'SlideVideo', accountId: 1 }] });
    expect(selectInterrupted(h.actor.getSnapshot())).toEqual([]);
    expect(selectQueueEntries(h.actor.getSnapshot())[2]?.input.resume).toEqual({ uploadUrl: storedVideo.uploadUrl, mediaId: 41 });
  });

  it('discard terminates the stored upload; a failed discard keeps it to try again', async () => {
    const h = harness();
    await h.send({ type: 'queue.restore', uploads: [storedVideo] });
    await h.send({ type: 'queue.discard', id: 'interrupted-1' });
    expect(selectInterrupted(h.actor.getSnapshot())[0]?.status).toBe('discarding');
    expect(h.discards.map((d) => d.input)).toEqual([storedVideo]);
    // Choosing a file while it is being discarded does nothing.
    await h.send({ type: 'queue.resume', id: 'interrupted-1', file: sameVideoFile() });
    expect(selectQueueEntries(h.actor.getSnapshot())).toEqual([]);
    h.discards.shift()!.reject({ status: null, message: 'offline' });
    await flush();
    expect(selectInterrupted(h.actor.getSnapshot())[0]).toMatchObject({ status: 'waitingForFile', discardFailed: true });
    await h.send({ type: 'queue.discard', id: 'interrupted-1' });
    h.discards.shift()!.resolve();
    await flush();
    expect(selectInterrupted(h.actor.getSnapshot())).toEqual([]);
  });

  it('names child events by entry id', () => {
    expect(entryIdOfChildEvent('xstate.done.actor.upload-12')).toBe('upload-12');
    expect(entryIdOfChildEvent('xstate.done.actor.createMedia')).toBeNull();
  });
});
