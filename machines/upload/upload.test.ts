/**
 * Upload chart tests: the graph tour for each input replayed on a live actor (fake createMedia /
 * sendFile / pollMedia, simulated clock), coverage from those paths, and journeys for spec 001 §4
 * "Media upload" (progress cap, 2 s polling, cancel aborts), §5/§8 refusals and the retry table.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, initialTransition, transition, type AnyEventObject } from 'xstate';
import {
  MAX_UPLOAD_ATTEMPTS,
  STALL_TIMEOUT_MS,
  POLL_INTERVAL_MS,
  classifyUploadError,
  isAcceptedFile,
  isSameFile,
  storedUploadOf,
  toUploadError,
  uploadMachine,
  type UploadContext,
  type UploadInput,
} from './upload.machine';
import type { CreateMediaInput, CreateMediaOutput, PollMediaInput, SendFileInput, StoredUpload, UploadMedia } from './upload.actors';
import { SEND_FILE_EVENTS, TUS_URL, draftImage, draftVideo, errorImage, readyImage, readyVideo, uploadInputs, uploadPaths } from './upload.paths';
import { controllableCallback, controllablePromise, deliver, flush } from '../testing/fake-actors';
import { graphCoverage } from '../testing/graph-coverage';
import {
  selectCanCancel,
  selectFailure,
  selectIsFinished,
  selectRefusal,
  selectUploadPhase,
  selectUploadProgress,
  selectUploadedMedia,
} from './upload.selectors';

function harness(input: UploadInput, actions: { rememberUpload?: (a: { context: UploadContext }) => void; forgetUpload?: (a: { context: UploadContext }) => void } = {}) {
  const createMedia = controllablePromise<CreateMediaOutput, CreateMediaInput>();
  const pollMedia = controllablePromise<UploadMedia, PollMediaInput>();
  const sendFile = controllableCallback<SendFileInput>();
  const clock = new SimulatedClock();
  const machine = uploadMachine.provide({
    actors: { createMedia: createMedia.logic, pollMedia: pollMedia.logic, sendFile: sendFile.logic },
    actions,
  });
  const actor = createActor(machine, { input, clock }).start();
  const send = async (event: AnyEventObject) => {
    if (event.type.startsWith('xstate.after.')) clock.increment(60_000);
    else deliver(actor, event, { createMedia, pollMedia }, { sendFile: { runs: sendFile.runs, emits: SEND_FILE_EVENTS } });
    await flush();
  };
  const tick = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  const liveSends = () => sendFile.runs.filter((r) => !r.stopped);
  return { actor, createMedia, pollMedia, sendFile, clock, send, tick, liveSends };
}

function checkInvariants(h: ReturnType<typeof harness>) {
  const snapshot = h.actor.getSnapshot();
  const ctx = snapshot.context;
  if (!snapshot.matches('done')) expect(ctx.progress).toBeLessThanOrEqual(0.99);
  else expect(ctx.progress).toBe(1);
  // sendFile runs exactly while uploading; cancel / failure / leaving stops (aborts) it.
  expect(h.liveSends()).toHaveLength(snapshot.matches('uploading') ? 1 : 0);
  if (snapshot.matches('uploading')) {
    const run = h.liveSends()[0];
    expect(run?.input.file).toBe(ctx.file);
    // The row known when the send started (tus reports it later with upload.created).
    if (run?.input.mediaId !== null) expect(run?.input.mediaId).toBe(ctx.mediaId);
    expect(run?.input.uploadUrl === null).toBe(ctx.kind === 'SlideVideo');
    // A send starts from the tus URL known then (null for multipart or a new tus upload).
    if (run?.input.resumeUrl !== null) expect(run?.input.resumeUrl).toBe(ctx.tusUrl);
  }
  if (snapshot.matches({ processing: 'checking' })) {
    expect(h.pollMedia.pending).toHaveLength(1);
    expect(h.pollMedia.pending[0]?.input).toEqual({ mediaId: ctx.mediaId, accountId: 1 });
  }
  if (snapshot.matches('refused')) {
    expect(h.createMedia.inputs).toEqual([]);
    expect(h.sendFile.runs).toEqual([]);
  }
  if (snapshot.matches('failed')) expect(ctx.failure).toBeTruthy();
  expect(ctx.attempts).toBeLessThanOrEqual(MAX_UPLOAD_ATTEMPTS);
}

describe('upload chart: graph tour', () => {
  const inputs = uploadInputs();
  const paths = uploadPaths();

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(uploadMachine, paths.map((p) => ({ input: inputs[p.inputName], events: p.events })));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered).toEqual(expect.arrayContaining(['upload.processing.checking', 'upload.paused', 'upload.refused']));
    // The tour includes the offline pause and the resumed input.
    expect(paths.some((p) => p.inputName === 'resumed')).toBe(true);
    expect(paths.some((p) => p.events.some((e) => e.type === 'upload.offline'))).toBe(true);
  }, 60_000);

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_label, path) => {
    {
      const input = uploadInputs()[path.inputName];
      if (!input) throw new Error(path.inputName);
      const h = harness(input);
      let [expected] = initialTransition(uploadMachine, input);
      expect(h.actor.getSnapshot().value, path.description).toEqual(expected.value);
      for (const event of path.events) {
        [expected] = transition(uploadMachine, expected, event as never);
        await h.send(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value, path.description).toEqual(expected.value);
        expect(snapshot.context.attempts, path.description).toBe(expected.context.attempts);
        expect(snapshot.context.mediaId, path.description).toBe(expected.context.mediaId);
        checkInvariants(h);
      }
      h.actor.stop();
    }
  });
});

describe('upload chart: journeys', () => {
  it('uploads a video through tus, caps progress at 0.99, polls every 2000 ms until Ready', async () => {
    const h = harness(uploadInputs().video!);
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('uploading');
    expect(h.createMedia.inputs).toEqual([]); // tus creates the row
    await h.send({ type: 'upload.created', mediaId: 41 });
    await h.send({ type: 'upload.progress', bytesSent: 5, bytesTotal: 10 });
    expect(selectUploadProgress(h.actor.getSnapshot())).toBe(0.5);
    await h.send({ type: 'upload.progress', bytesSent: 10, bytesTotal: 10 });
    expect(selectUploadProgress(h.actor.getSnapshot())).toBe(0.99);
    await h.send({ type: 'upload.sent', media: null });
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('processing');
    await h.tick(POLL_INTERVAL_MS - 1);
    expect(h.pollMedia.inputs).toEqual([]);
    await h.tick(1);
    expect(h.pollMedia.inputs).toEqual([{ mediaId: 41, accountId: 1 }]);
    await h.send({ type: 'xstate.done.actor.pollMedia', output: draftVideo });
    expect(h.actor.getSnapshot().matches({ processing: 'waiting' })).toBe(true);
    expect(selectUploadProgress(h.actor.getSnapshot())).toBe(0.99);
    await h.tick(POLL_INTERVAL_MS);
    await h.send({ type: 'xstate.done.actor.pollMedia', output: readyVideo });
    const end = h.actor.getSnapshot();
    expect(selectUploadPhase(end)).toBe('done');
    expect(selectUploadProgress(end)).toBe(1);
    expect(selectUploadedMedia(end)).toEqual(readyVideo);
    expect(selectIsFinished(end)).toBe(true);
    expect(selectCanCancel(end)).toBe(false);
    expect(h.pollMedia.inputs).toHaveLength(2);
  });

  it('uploads an image: POST /media, then multipart to the returned uploadUrl; Ready answer ends it', async () => {
    const h = harness(uploadInputs().image!);
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('preparing');
    expect(h.createMedia.inputs).toEqual([{ accountId: 1, kind: 'SlideImage', name: 'photo.png', replaces: null }]);
    const target = { uploadUrl: '/api/media/42/upload', uploadToken: 'tok' };
    await h.send({ type: 'xstate.done.actor.createMedia', output: { media: draftImage, uploadUrl: target } });
    expect(h.sendFile.runs[0]?.input).toMatchObject({ kind: 'SlideImage', accountId: 1, mediaId: 42, uploadUrl: target });
    await h.send({ type: 'upload.sent', media: readyImage });
    expect(selectUploadedMedia(h.actor.getSnapshot())).toEqual(readyImage);
    expect(h.pollMedia.inputs).toEqual([]);
  });

  it('fails with the media errorReason when the server refuses the file', async () => {
    const h = harness(uploadInputs().image!);
    await h.send({ type: 'xstate.done.actor.createMedia', output: { media: draftImage, uploadUrl: { uploadUrl: '/u', uploadToken: 't' } } });
    await h.send({ type: 'upload.sent', media: errorImage });
    expect(selectFailure(h.actor.getSnapshot())).toBe('photo.png is not a supported file type.');
  });

  it.each([
    ['zeroLength', { code: 'zeroLength', fileName: 'empty.mp4' }],
    ['unsupported', { code: 'unsupportedType', fileName: 'notes.txt' }],
    ['noAccount', { code: 'noActiveAccount' }],
  ] as const)('refuses %s before sending anything', (name, refusal) => {
    const h = harness(uploadInputs()[name]!);
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('refused');
    expect(selectRefusal(h.actor.getSnapshot())).toEqual(refusal);
    expect(h.sendFile.runs).toEqual([]);
  });

  it('cancel stops (aborts) the running send and ends in cancelled', async () => {
    const h = harness(uploadInputs().video!);
    await h.send({ type: 'upload.progress', bytesSent: 3, bytesTotal: 10 });
    expect(selectCanCancel(h.actor.getSnapshot())).toBe(true);
    await h.send({ type: 'upload.cancel' });
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('cancelled');
    expect(h.sendFile.runs[0]?.received).toEqual([{ type: 'upload.terminate' }]);
    expect(h.sendFile.runs[0]?.stopped).toBe(true);
  });

  it('a retry only aborts the send (no terminate), so tus can resume', async () => {
    const h = harness(uploadInputs().video!);
    await h.send({ type: 'upload.error', error: { status: 503, message: 'down' } });
    expect(h.sendFile.runs[0]?.stopped).toBe(true);
    expect(h.sendFile.runs[0]?.received).toEqual([]);
  });

  it('retries 5xx with backoff (1 s, then 2 s) and gives up after MAX_UPLOAD_ATTEMPTS', async () => {
    const h = harness(uploadInputs().video!);
    const fail = { type: 'upload.error', error: { status: 503, message: 'Service unavailable' } };
    await h.send(fail);
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('retrying');
    await h.tick(999);
    expect(h.sendFile.runs).toHaveLength(1);
    await h.tick(1);
    expect(h.liveSends()).toHaveLength(1);
    expect(h.sendFile.runs).toHaveLength(2);
    await h.send(fail);
    await h.tick(1999);
    expect(h.sendFile.runs).toHaveLength(2);
    await h.tick(1);
    expect(h.sendFile.runs).toHaveLength(3);
    await h.send(fail);
    expect(selectFailure(h.actor.getSnapshot())).toBe('Service unavailable');
  });

  it('429 waits for Retry-After; 413 is fatal; offline pauses until online without using an attempt', async () => {
    const h = harness(uploadInputs().video!);
    await h.send({ type: 'upload.error', error: { status: 429, message: 'slow down', retryAfterMs: 3000 } });
    await h.tick(2999);
    expect(h.sendFile.runs).toHaveLength(1);
    await h.tick(1);
    expect(h.sendFile.runs).toHaveLength(2);
    await h.send({ type: 'upload.error', error: { status: null, message: 'offline', offline: true } });
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('paused');
    await h.send({ type: 'upload.online' });
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('uploading');
    expect(h.actor.getSnapshot().context.attempts).toBe(2);
    await h.send({ type: 'upload.error', error: { status: 413, message: 'too large' } });
    expect(selectFailure(h.actor.getSnapshot())).toBe('too large');
  });

  it('keeps polling through transient poll failures, fails on a fatal one', async () => {
    const h = harness(uploadInputs().video!);
    await h.send({ type: 'upload.created', mediaId: 41 });
    await h.send({ type: 'upload.sent', media: null });
    await h.tick(POLL_INTERVAL_MS);
    await h.send({ type: 'xstate.error.actor.pollMedia', error: { status: 502, detail: 'Bad gateway' } });
    expect(h.actor.getSnapshot().matches({ processing: 'waiting' })).toBe(true);
    await h.tick(POLL_INTERVAL_MS);
    await h.send({ type: 'xstate.error.actor.pollMedia', error: { status: 404, detail: 'Media not found.' } });
    expect(selectFailure(h.actor.getSnapshot())).toBe('Media not found.');
  });

  it('default actors throw "must be provided"', async () => {
    const actor = createActor(uploadMachine, { input: uploadInputs().image! }).start();
    await flush();
    expect(selectFailure(actor.getSnapshot())).toBe('createMedia must be provided');
  });
});

describe('retry table and accepted types', () => {
  it.each([
    [{ status: null, message: '', offline: true }, 'offline'],
    [{ status: 429, message: '' }, 'wait'],
    [{ status: null, message: '' }, 'retry'],
    [{ status: 409, message: '' }, 'retry'],
    [{ status: 423, message: '' }, 'retry'],
    [{ status: 500, message: '' }, 'retry'],
    [{ status: 400, message: '' }, 'fatal'],
    [{ status: 403, message: '' }, 'fatal'],
    [{ status: 413, message: '' }, 'fatal'],
    [{ status: 422, message: '' }, 'fatal'],
  ] as const)('%o → %s', (error, expected) => {
    expect(classifyUploadError(error)).toBe(expected);
  });

  it('normalises thrown values', () => {
    expect(toUploadError({ status: 422, detail: 'bad' })).toMatchObject({ status: 422, message: 'bad' });
    expect(toUploadError(new TypeError('Failed to fetch'))).toMatchObject({ status: null, message: 'Failed to fetch' });
  });

  it('accepts the spec 001 §5 types by MIME, or by extension without one', () => {
    expect(isAcceptedFile({ name: 'a.mov', type: 'video/quicktime' }, 'SlideVideo')).toBe(true);
    expect(isAcceptedFile({ name: 'a.mkv', type: '' }, 'SlideVideo')).toBe(true);
    expect(isAcceptedFile({ name: 'a.png', type: 'image/png' }, 'SlideVideo')).toBe(false);
    expect(isAcceptedFile({ name: 'a.gif', type: 'image/gif' }, 'CoverImage')).toBe(true);
    expect(isAcceptedFile({ name: 'a.webp', type: 'image/webp' }, 'SlideImage')).toBe(false);
  });
});

describe('upload chart: stall detection and replacement', () => {
  it('a send without progress for STALL_TIMEOUT_MS is aborted (not terminated) and retried; progress restarts the timer', async () => {
    const h = harness(uploadInputs().video!);
    await h.send({ type: 'upload.progress', bytesSent: 2, bytesTotal: 10 });
    await h.tick(STALL_TIMEOUT_MS - 1);
    await h.send({ type: 'upload.progress', bytesSent: 4, bytesTotal: 10 });
    await h.tick(STALL_TIMEOUT_MS - 1);
    expect(h.actor.getSnapshot().matches('uploading')).toBe(true);
    expect(h.sendFile.runs).toHaveLength(1);
    await h.tick(1);
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('retrying');
    expect(h.sendFile.runs[0]).toMatchObject({ stopped: true, received: [] });
    expect(h.actor.getSnapshot().context.lastError?.message).toBe('The upload stalled');
    expect(selectUploadProgress(h.actor.getSnapshot())).toBe(0.4);
    await h.tick(1000);
    expect(h.liveSends()).toHaveLength(1);
    expect(h.actor.getSnapshot().context.attempts).toBe(2);
  });

  it('fails with "The upload stalled" when every attempt stalls', async () => {
    const h = harness(uploadInputs().video!);
    for (let i = 0; i < MAX_UPLOAD_ATTEMPTS - 1; i++) {
      await h.tick(STALL_TIMEOUT_MS);
      await h.tick(60_000);
    }
    await h.tick(STALL_TIMEOUT_MS);
    expect(selectFailure(h.actor.getSnapshot())).toBe('The upload stalled');
    expect(h.sendFile.runs).toHaveLength(MAX_UPLOAD_ATTEMPTS);
    expect(h.liveSends()).toHaveLength(0);
  });

  it('a replacement passes `replaces` to createMedia (images) and to sendFile (tus metadata for videos)', async () => {
    const image = harness({ ...uploadInputs().image!, replaces: 7 });
    expect(image.createMedia.inputs).toEqual([{ accountId: 1, kind: 'SlideImage', name: 'photo.png', replaces: 7 }]);
    const video = harness({ ...uploadInputs().video!, replaces: 9 });
    expect(video.sendFile.runs[0]?.input.replaces).toBe(9);
  });
});

describe('upload chart: resume after a reload, offline pause', () => {
  it('remembers the tus upload when its URL is known, retries from it, forgets it when done', async () => {
    const remembered: Array<StoredUpload | null> = [];
    const forgotten: Array<string | null> = [];
    const input = uploadInputs().video!;
    const h = harness(input, {
      rememberUpload: ({ context }) => remembered.push(storedUploadOf(context)),
      forgetUpload: ({ context }) => {
        if (context.tusUrl !== null) forgotten.push(context.tusUrl);
      },
    });
    expect(h.sendFile.runs[0]?.input.resumeUrl).toBeNull();
    await h.send({ type: 'upload.created', mediaId: 41 });
    await h.send({ type: 'upload.started', uploadUrl: TUS_URL });
    const file = input.file;
    expect(remembered).toEqual([
      { uploadUrl: TUS_URL, mediaId: 41, accountId: 1, kind: 'SlideVideo', replaces: null, name: 'intro.mp4', size: 10, type: 'video/mp4', lastModified: file.lastModified },
    ]);
    await h.send({ type: 'upload.error', error: { status: 503, message: 'down' } });
    await h.tick(1000);
    expect(h.liveSends()[0]?.input.resumeUrl).toBe(TUS_URL);
    expect(forgotten).toEqual([]);
    // The stored upload was gone: tus made a new one; its URL replaces the stored record.
    await h.send({ type: 'upload.created', mediaId: 43 });
    await h.send({ type: 'upload.started', uploadUrl: `${TUS_URL}-new` });
    expect(forgotten).toEqual([TUS_URL]);
    expect(remembered.at(-1)).toMatchObject({ uploadUrl: `${TUS_URL}-new`, mediaId: 43 });
    await h.send({ type: 'upload.sent', media: null });
    await h.tick(POLL_INTERVAL_MS);
    await h.send({ type: 'xstate.done.actor.pollMedia', output: readyVideo });
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('done');
    expect(forgotten).toEqual([TUS_URL, `${TUS_URL}-new`]);
  });

  it('a resumed upload continues the stored URL and ends in the stored media (no new record)', async () => {
    const h = harness(uploadInputs().resumed!);
    expect(h.actor.getSnapshot().context.mediaId).toBe(41);
    expect(h.sendFile.runs).toHaveLength(1);
    expect(h.sendFile.runs[0]?.input).toMatchObject({ resumeUrl: TUS_URL, mediaId: 41 });
    await h.send({ type: 'upload.progress', bytesSent: 6, bytesTotal: 10 });
    expect(selectUploadProgress(h.actor.getSnapshot())).toBe(0.6);
    await h.send({ type: 'upload.sent', media: null });
    await h.tick(POLL_INTERVAL_MS);
    expect(h.pollMedia.inputs).toEqual([{ mediaId: 41, accountId: 1 }]);
    expect(h.createMedia.inputs).toEqual([]);
  });

  it('upload.offline pauses a send (aborted, not terminated); upload.online continues it from its URL without using an attempt', async () => {
    const forgotten: Array<string | null> = [];
    const h = harness(uploadInputs().video!, { forgetUpload: ({ context }) => {
        if (context.tusUrl !== null) forgotten.push(context.tusUrl);
      } });
    await h.send({ type: 'upload.started', uploadUrl: TUS_URL });
    await h.send({ type: 'upload.offline' });
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('paused');
    expect(h.sendFile.runs[0]).toMatchObject({ stopped: true, received: [] });
    await h.tick(STALL_TIMEOUT_MS * 3);
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('paused');
    await h.send({ type: 'upload.online' });
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('uploading');
    expect(h.liveSends()[0]?.input.resumeUrl).toBe(TUS_URL);
    expect(h.actor.getSnapshot().context.attempts).toBe(1);
    expect(forgotten).toEqual([]);
  });

  it('an image offline before its record exists makes the record once back online', async () => {
    const h = harness(uploadInputs().image!);
    await h.send({ type: 'xstate.error.actor.createMedia', error: { status: null, message: 'Failed to fetch', offline: true } });
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('paused');
    await h.send({ type: 'upload.online' });
    expect(h.actor.getSnapshot().matches('creatingRecord')).toBe(true);
    expect(h.createMedia.inputs).toHaveLength(2);
    await h.send({ type: 'upload.offline' });
    expect(selectUploadPhase(h.actor.getSnapshot())).toBe('paused');
  });

  it('polling offline does not count as a poll failure', async () => {
    const h = harness(uploadInputs().resumed!);
    await h.send({ type: 'upload.sent', media: null });
    for (let i = 0; i < 8; i++) {
      await h.tick(POLL_INTERVAL_MS);
      await h.send({ type: 'xstate.error.actor.pollMedia', error: { status: null, message: 'Failed to fetch', offline: true } });
    }
    expect(h.actor.getSnapshot().matches({ processing: 'waiting' })).toBe(true);
    expect(h.actor.getSnapshot().context.pollFailures).toBe(0);
  });

  it('isSameFile compares name, size, type and lastModified', () => {
    const file = new File([new Uint8Array(10)], 'intro.mp4', { type: 'video/mp4', lastModified: 5 });
    const stored = { name: 'intro.mp4', size: 10, type: 'video/mp4', lastModified: 5 };
    expect(isSameFile(stored, file)).toBe(true);
    expect(isSameFile({ ...stored, lastModified: 6 }, file)).toBe(false);
    expect(isSameFile({ ...stored, size: 11 }, file)).toBe(false);
    expect(isSameFile({ ...stored, name: 'other.mp4' }, file)).toBe(false);
  });
});
