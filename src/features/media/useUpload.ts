/**
 * React binding of the upload chart: `start(file)` spawns one chart with the real actors, `cancel()`
 * sends `upload.cancel`; the browser's `offline` / `online` events (and navigator.onLine at the
 * start) pause and resume it. Unmounting cancels a
 * running upload. `active` is true while the chart runs. Views read the snapshot through machines/upload/upload.selectors.ts.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import type { UploadMachine } from '../../../machines/upload/upload.machine';
import type { MediaKind } from './media.types';
import { createUploadMachine } from './upload.actors';
import { inspect } from '../machines/inspection';

export type UploadActor = ActorRefFrom<UploadMachine>;

/** One upload at a time for a chooser. */
export function useUpload(kind: MediaKind, accountId: number | null) {
  const [actor, setActor] = useState<UploadActor | null>(null);

  const start = useCallback(
    (file: File) => {
      const next = createActor(createUploadMachine(), { input: { file, kind, accountId }, inspect });
      next.start();
      setActor(next);
      return next;
    },
    [kind, accountId],
  );

  const cancel = useCallback(() => actor?.send({ type: 'upload.cancel' }), [actor]);
  const clear = useCallback(() => setActor(null), []);

  useEffect(() => {
    if (!actor) return;
    const online = () => actor.send({ type: 'upload.online' });
    const offline = () => actor.send({ type: 'upload.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    if (navigator.onLine === false) offline();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'upload.cancel' });
    };
  }, [actor]);

  // True while the current chart runs (re-renders the caller when it ends).
  const active = useSyncExternalStore(
    (notify) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe({ next: notify, complete: notify });
      return () => subscription.unsubscribe();
    },
    () => actor !== null && actor.getSnapshot().status === 'active',
  );

  return { actor, active, start, cancel, clear };
}
