/**
 * React binding of the upload queue (machines/uploadQueue): one queue per library page whose upload
 * charts use the real actors (tus for video, multipart for images; src/features/media/upload.actors.ts).
 *
 * - The browser's connection: the queue starts with navigator.onLine, and window `offline` / `online`
 *   events become `queue.offline` / `queue.online` (running uploads pause and resume).
 * - Resume after a reload: on mount (and when `accountId` changes) the account's StoredUploads
 *   (./../resumeStore.ts) are restored as interrupted entries; `resume(id, file)` continues one with
 *   the same file, `discard(id)` terminates it (`onDiscarded` runs when a discard has removed one).
 * - Unmounting stops the queue (its charts abort; their tus uploads stay stored, so they show as
 *   interrupted when the library opens again). `onSettled` runs once per entry when its chart ends.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { QueueEntry } from '../../../../machines/uploadQueue/uploadQueue.machine';
import { selectInterrupted, selectQueueEntries, selectQueueOnline } from '../../../../machines/uploadQueue/uploadQueue.selectors';
import type { UploadInput } from '../../../../machines/upload/upload.machine';
import { createUploadQueueMachine } from '../upload.actors';
import { listStoredUploads } from '../resumeStore';
import { inspect } from '../../machines/inspection';

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The queue: its entries, interrupted uploads, the connection, and `add` / `cancel` / `resume` / `discard`. */
export function useUploadQueue(onSettled: (entry: QueueEntry) => void, accountId: number | null = null, onDiscarded?: () => void) {
  const queue = useActorRef(createUploadQueueMachine(), { input: { online: isOnline() }, inspect });
  const entries = useSelector(queue, selectQueueEntries);
  const interrupted = useSelector(queue, selectInterrupted);
  const online = useSelector(queue, selectQueueOnline);
  const settled = useRef(new Set<string>());
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const onDiscardedRef = useRef(onDiscarded);
  onDiscardedRef.current = onDiscarded;
  const discarding = useRef(new Set<string>());

  useEffect(() => {
    const online = () => queue.send({ type: 'queue.online' });
    const offline = () => queue.send({ type: 'queue.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    // The connection may have changed between the first render and this effect.
    queue.send({ type: isOnline() ? 'queue.online' : 'queue.offline' });
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [queue]);

  useEffect(() => {
    if (accountId !== null) queue.send({ type: 'queue.restore', uploads: listStoredUploads(accountId) });
  }, [queue, accountId]);

  useEffect(() => {
    for (const entry of entries) {
      if (entry.status === 'finished' && !settled.current.has(entry.id)) {
        settled.current.add(entry.id);
        onSettledRef.current(entry);
      }
    }
  }, [entries]);

  useEffect(() => {
    // A record that was being discarded and is gone: its Draft media was removed on the server.
    const now = new Set(interrupted.filter((r) => r.status === 'discarding').map((r) => r.id));
    const present = new Set(interrupted.map((r) => r.id));
    for (const id of discarding.current) if (!present.has(id)) onDiscardedRef.current?.();
    discarding.current = now;
  }, [interrupted]);

  return {
    entries,
    interrupted,
    online,
    add: (uploads: UploadInput[]) => queue.send({ type: 'queue.add', uploads }),
    cancel: (id: string) => queue.send({ type: 'queue.cancel', id }),
    resume: (id: string, file: File) => queue.send({ type: 'queue.resume', id, file }),
    discard: (id: string) => queue.send({ type: 'queue.discard', id }),
  };
}
