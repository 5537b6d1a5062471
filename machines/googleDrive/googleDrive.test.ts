/**
 * Google Drive import chart tests: the graph tour replayed on a live actor (fake actors, simulated
 * clock) with invariants at every step, state and transition coverage from those paths, and
 * journeys for spec 001 §2 "Google Drive import" (connect first, search latest 20, select, import →
 * queued) and the 409 / 403 answers of docs/api.md.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, initialTransition, transition, type AnyEventObject } from 'xstate';
import { DRIVE_LIST_LIMIT, SEARCH_DEBOUNCE_MS, googleDriveMachine } from './googleDrive.machine';
import type {
  AnnounceQueuedInput,
  CheckConnectionInput,
  CheckConnectionOutput,
  CsrfOutput,
  DriveFile,
  ImportFileInput,
  ImportFileOutput,
  ListFilesInput,
  RedirectInput,
} from './googleDrive.actors';
import {
  allFiles,
  deskFile,
  forbiddenError,
  googleDrivePathInput,
  introFile,
  introFiles,
  notConfiguredError,
  notConnectedError,
  serverError,
} from './googleDrive.paths';
import { controllablePromise, deliver, flush } from '../testing/fake-actors';
import { catalogRuns } from '../testing/catalog-runs';
import { graphCoverage } from '../testing/graph-coverage';
import {
  selectCanDisconnect,
  selectCanImport,
  selectCanSelect,
  selectFailure,
  selectFiles,
  selectIsBusy,
  selectIsListing,
  selectListFailed,
  selectQueuedMediaId,
  selectScreen,
  selectSelectedFileId,
} from './googleDrive.selectors';

function harness() {
  const checkConnection = controllablePromise<CheckConnectionOutput, CheckConnectionInput>();
  const requestCsrf = controllablePromise<CsrfOutput, Record<string, never>>();
  const redirectToGoogle = controllablePromise<void, RedirectInput>();
  const listFiles = controllablePromise<DriveFile[], ListFilesInput>();
  const importFile = controllablePromise<ImportFileOutput, ImportFileInput>();
  const announceQueued = controllablePromise<void, AnnounceQueuedInput>();
  const disconnect = controllablePromise<void, Record<string, never>>();
  const promises = { checkConnection, requestCsrf, redirectToGoogle, listFiles, importFile, announceQueued, disconnect };
  const clock = new SimulatedClock();
  const machine = googleDriveMachine.provide({
    actors: {
      checkConnection: checkConnection.logic,
      requestCsrf: requestCsrf.logic,
      redirectToGoogle: redirectToGoogle.logic,
      listFiles: listFiles.logic,
      importFile: importFile.logic,
      announceQueued: announceQueued.logic,
      disconnect: disconnect.logic,
    },
  });
  const actor = createActor(machine, { input: googleDrivePathInput, clock }).start();
  const send = async (event: AnyEventObject) => {
    if (event.type.startsWith('xstate.after.')) clock.increment(SEARCH_DEBOUNCE_MS);
    else {
      // A left state stops its actor but the fake keeps the run: only the newest run is live.
      const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1] as keyof typeof promises | undefined;
      if (id && promises[id]) promises[id].pending.splice(0, promises[id].pending.length - 1);
      deliver(actor, event, promises);
    }
    await flush();
  };
  const tick = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, send, tick, ...promises };
}

type Harness = ReturnType<typeof harness>;

/** Invariants every snapshot must satisfy, whatever the path. */
function checkInvariants(h: Harness) {
  const snapshot = h.actor.getSnapshot();
  const ctx = snapshot.context;
  // Exactly the step's own call runs; a finished or left step's call was stopped.
  const expected = [
    ['checkConnection', snapshot.matches('checkingConnection')],
    ['requestCsrf', snapshot.matches('requestingCsrf')],
    ['redirectToGoogle', snapshot.matches('redirecting')],
    ['listFiles', snapshot.matches({ connected: 'listing' })],
    ['importFile', snapshot.matches({ connected: 'importing' })],
    ['announceQueued', snapshot.matches({ connected: 'queued' })],
    ['disconnect', snapshot.matches({ connected: 'disconnecting' })],
  ] as const;
  expect(Object.keys(snapshot.children).sort()).toEqual(expected.filter(([, on]) => on).map(([id]) => id).sort());
  if (snapshot.matches({ connected: 'listing' })) {
    expect(h.listFiles.pending.at(-1)?.input).toEqual({ accountId: 1, searchName: ctx.searchName });
  }
  if (snapshot.matches('redirecting')) {
    expect(h.redirectToGoogle.pending.at(-1)?.input).toEqual({ ...ctx.csrf, returnTo: googleDrivePathInput.returnTo });
  }
  if (snapshot.matches({ connected: 'importing' })) {
    expect(h.importFile.pending.at(-1)?.input).toEqual({ accountId: 1, fileId: ctx.selectedFileId });
  }
  // The selection is always a listed file; the list never exceeds 20.
  if (ctx.selectedFileId !== null) expect(ctx.files.map((f) => f.id)).toContain(ctx.selectedFileId);
  expect(ctx.files.length).toBeLessThanOrEqual(DRIVE_LIST_LIMIT);
  if (snapshot.matches('disconnected')) expect(ctx.files).toEqual([]);
  if (snapshot.matches('done')) expect(ctx.mediaId).toBe(77);
  expect(selectIsBusy(snapshot)).toBe(snapshot.hasTag('pending'));
}

describe('googleDrive chart: graph tour', () => {
  // The catalog's paths (tour + journeys): what `npm run paths -- googleDrive` prints and machines:coverage counts.
  const paths = catalogRuns('googleDrive');

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(
      googleDriveMachine,
      paths.map((p) => ({ input: googleDrivePathInput, events: p.events })),
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    // checkingConnection, checkFailed, notConfigured, disconnected, requestingCsrf, redirecting,
    // connected + its 7 children, done.
    expect(coverage.states.covered).toHaveLength(15);
  }, 60_000);

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_label, path) => {
    const h = harness();
    let [expected] = initialTransition(googleDriveMachine, googleDrivePathInput);
    expect(h.actor.getSnapshot().value).toEqual(expected.value);
    for (const event of path.events) {
      [expected] = transition(googleDriveMachine, expected, event as never);
      await h.send(event);
      const snapshot = h.actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      checkInvariants(h);
    }
    h.actor.stop();
  });
});

describe('googleDrive chart: journeys', () => {
  it('not connected: Connect asks for a CSRF state and leaves for Google with state and returnTo', async () => {
    const h = harness();
    expect(selectScreen(h.actor.getSnapshot())).toBe('checking');
    expect(h.checkConnection.inputs).toEqual([{ accountId: 1 }]);
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: false } });
    expect(selectScreen(h.actor.getSnapshot())).toBe('disconnected');
    expect(h.listFiles.inputs).toEqual([]);
    await h.send({ type: 'gdrive.connect' });
    expect(selectScreen(h.actor.getSnapshot())).toBe('connecting');
    await h.send({ type: 'xstate.done.actor.requestCsrf', output: { state: 'abc', authorizationUrl: 'https://g.example/auth?state=abc' } });
    expect(h.redirectToGoogle.inputs).toEqual([
      { state: 'abc', authorizationUrl: 'https://g.example/auth?state=abc', returnTo: '/dashboard/demo/media/video?gdrive=true' },
    ]);
    expect(selectScreen(h.actor.getSnapshot())).toBe('connecting');
  });

  it('not configured (409 google_not_configured) is its own screen; other CSRF failures offer Connect again', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: false } });
    await h.send({ type: 'gdrive.connect' });
    await h.send({ type: 'xstate.error.actor.requestCsrf', error: serverError });
    expect(selectScreen(h.actor.getSnapshot())).toBe('disconnected');
    expect(selectFailure(h.actor.getSnapshot())).toEqual({ kind: 'connectFailed', message: 'Service unavailable' });
    await h.send({ type: 'gdrive.connect' });
    expect(selectFailure(h.actor.getSnapshot())).toBeNull();
    await h.send({ type: 'xstate.error.actor.requestCsrf', error: notConfiguredError });
    expect(selectScreen(h.actor.getSnapshot())).toBe('notConfigured');
    expect(h.actor.getSnapshot().can({ type: 'gdrive.connect' })).toBe(false);
  });

  it('connected: lists the latest files, debounces the search 300 ms, selects, imports → queued → done', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: true } });
    expect(h.listFiles.inputs).toEqual([{ accountId: 1, searchName: '' }]);
    expect(selectIsListing(h.actor.getSnapshot())).toBe(true);
    await h.send({ type: 'xstate.done.actor.listFiles', output: allFiles });
    expect(selectFiles(h.actor.getSnapshot())).toEqual(allFiles);
    expect(selectCanImport(h.actor.getSnapshot())).toBe(false);

    // Each keystroke restarts the debounce; one list call after 300 ms of quiet.
    await h.send({ type: 'gdrive.search', name: 'i' });
    await h.tick(SEARCH_DEBOUNCE_MS - 1);
    await h.send({ type: 'gdrive.search', name: ' intro ' });
    await h.tick(SEARCH_DEBOUNCE_MS - 1);
    expect(h.listFiles.inputs).toHaveLength(1);
    expect(selectIsListing(h.actor.getSnapshot())).toBe(true);
    await h.tick(1);
    expect(h.listFiles.inputs).toEqual([{ accountId: 1, searchName: '' }, { accountId: 1, searchName: 'intro' }]);
    await h.send({ type: 'xstate.done.actor.listFiles', output: introFiles });
    expect(selectFiles(h.actor.getSnapshot())).toEqual([introFile]);

    // A file that is not listed cannot be chosen.
    await h.send({ type: 'gdrive.select', fileId: deskFile.id });
    expect(selectSelectedFileId(h.actor.getSnapshot())).toBeNull();
    await h.send({ type: 'gdrive.select', fileId: introFile.id });
    expect(selectSelectedFileId(h.actor.getSnapshot())).toBe(introFile.id);
    expect(selectCanImport(h.actor.getSnapshot())).toBe(true);

    await h.send({ type: 'gdrive.import' });
    expect(selectScreen(h.actor.getSnapshot())).toBe('importing');
    expect(selectCanSelect(h.actor.getSnapshot())).toBe(false);
    expect(h.importFile.inputs).toEqual([{ accountId: 1, fileId: introFile.id }]);
    await h.send({ type: 'xstate.done.actor.importFile', output: { mediaId: 77 } });
    expect(h.announceQueued.inputs).toEqual([{ accountId: 1, mediaId: 77, fileName: 'intro.mp4' }]);
    await h.send({ type: 'xstate.done.actor.announceQueued', output: undefined });
    const end = h.actor.getSnapshot();
    expect(end.status).toBe('done');
    expect(selectScreen(end)).toBe('done');
    expect(selectQueuedMediaId(end)).toBe(77);
  });

  it('a new list drops a selection that is no longer listed and keeps one that is', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: true } });
    await h.send({ type: 'xstate.done.actor.listFiles', output: allFiles });
    await h.send({ type: 'gdrive.select', fileId: introFile.id });
    await h.send({ type: 'gdrive.search', name: 'intro' });
    await h.tick(SEARCH_DEBOUNCE_MS);
    await h.send({ type: 'xstate.done.actor.listFiles', output: introFiles });
    expect(selectSelectedFileId(h.actor.getSnapshot())).toBe(introFile.id);
    await h.send({ type: 'gdrive.search', name: 'desk' });
    await h.tick(SEARCH_DEBOUNCE_MS);
    await h.send({ type: 'xstate.done.actor.listFiles', output: [deskFile] });
    expect(selectSelectedFileId(h.actor.getSnapshot())).toBeNull();
  });

  it('keeps at most the latest 20 files of an answer', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: true } });
    const many = Array.from({ length: 25 }, (_, i) => ({ ...introFile, id: `f${i}`, name: `clip${i}.mp4` }));
    await h.send({ type: 'xstate.done.actor.listFiles', output: many });
    expect(selectFiles(h.actor.getSnapshot()).map((f) => f.id)).toEqual(many.slice(0, 20).map((f) => f.id));
  });

  it('list failure offers retry; a 409 google_not_connected goes back to Connect', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: true } });
    await h.send({ type: 'xstate.error.actor.listFiles', error: serverError });
    expect(selectListFailed(h.actor.getSnapshot())).toBe(true);
    expect(selectFailure(h.actor.getSnapshot())?.kind).toBe('listFailed');
    await h.send({ type: 'gdrive.retry' });
    expect(h.listFiles.inputs).toHaveLength(2);
    await h.send({ type: 'xstate.error.actor.listFiles', error: notConnectedError });
    expect(selectScreen(h.actor.getSnapshot())).toBe('disconnected');
  });

  it('a list answering 409 google_not_configured shows the not-configured screen', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: true } });
    await h.send({ type: 'xstate.error.actor.listFiles', error: notConfiguredError });
    expect(selectScreen(h.actor.getSnapshot())).toBe('notConfigured');
    expect(selectFiles(h.actor.getSnapshot())).toEqual([]);
  });

  it('import refused: 403 stays on the list with importForbidden, 409 not connected goes to Connect', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: true } });
    await h.send({ type: 'xstate.done.actor.listFiles', output: allFiles });
    await h.send({ type: 'gdrive.select', fileId: deskFile.id });
    await h.send({ type: 'gdrive.import' });
    await h.send({ type: 'xstate.error.actor.importFile', error: forbiddenError });
    expect(selectScreen(h.actor.getSnapshot())).toBe('files');
    expect(selectFailure(h.actor.getSnapshot())).toEqual({ kind: 'importForbidden', message: 'Viewers cannot add media.' });
    expect(selectSelectedFileId(h.actor.getSnapshot())).toBe(deskFile.id);
    await h.send({ type: 'gdrive.import' });
    await h.send({ type: 'xstate.error.actor.importFile', error: notConnectedError });
    expect(selectScreen(h.actor.getSnapshot())).toBe('disconnected');
    expect(h.announceQueued.inputs).toEqual([]);
  });

  it('disconnect: logout then Connect is offered; a failed logout stays connected', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: true } });
    expect(selectCanDisconnect(h.actor.getSnapshot())).toBe(false);
    await h.send({ type: 'xstate.done.actor.listFiles', output: allFiles });
    expect(selectCanDisconnect(h.actor.getSnapshot())).toBe(true);
    await h.send({ type: 'gdrive.disconnect' });
    await h.send({ type: 'xstate.error.actor.disconnect', error: serverError });
    expect(selectScreen(h.actor.getSnapshot())).toBe('files');
    expect(selectFailure(h.actor.getSnapshot())?.kind).toBe('disconnectFailed');
    await h.send({ type: 'gdrive.disconnect' });
    await h.send({ type: 'xstate.done.actor.disconnect', output: undefined });
    expect(selectScreen(h.actor.getSnapshot())).toBe('disconnected');
    expect(selectFiles(h.actor.getSnapshot())).toEqual([]);
    expect(h.disconnect.inputs).toHaveLength(2);
  });

  it('a failed connection check offers retry', async () => {
    const h = harness();
    await h.send({ type: 'xstate.error.actor.checkConnection', error: serverError });
    expect(selectScreen(h.actor.getSnapshot())).toBe('checkFailed');
    await h.send({ type: 'gdrive.retry' });
    expect(h.checkConnection.inputs).toHaveLength(2);
    await h.send({ type: 'xstate.done.actor.checkConnection', output: { connected: true } });
    expect(selectScreen(h.actor.getSnapshot())).toBe('files');
  });

  it('the default actors throw "must be provided"', async () => {
    const actor = createActor(googleDriveMachine, { input: googleDrivePathInput }).start();
    await flush();
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'checkFailed', message: 'checkConnection must be provided' });
  });
});
