/**
 * React binding of the upload queue (machines/uploadQueue): one queue per library page whose upload
 * charts use the real actors (tus for video, multipart for images; src/features/media/upload.actors.ts).
 * The browser's `online` event resumes paused uploads; unmounting stops the queue (its charts abort;
 * tus uploads stay resumable from their fingerprint). `onSettled` runs once per entry when its chart ends.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { uploadQueueMachine, type QueueEntry } from '../../../../machines/uploadQueue/uploadQueue.machine';
import { selectQueueEntries } from '../../../../machines/uploadQueue/uploadQueue.selectors';
import type { UploadInput } from '../../../../machines/upload/upload.machine';
import { createUploadMachine } from '../upload.actors';

/** The queue: its entries and `add` / `cancel`. */
export function useUploadQueue(onSettled: (entry: QueueEntry) => void) {
  const queue = useActorRef(uploadQueueMachine.provide({ actors: { upload: createUploadMachine() } }), { input: {} });
  const entries = useSelector(queue, selectQueueEntries);
  const settled = useRef(new Set<string>());
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;

  useEffect(() => {
    const online = () => queue.send({ type: 'queue.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [queue]);

  useEffect(() => {
    for (const entry of entries) {
      if (entry.status === 'finished' && !settled.current.has(entry.id)) {
        settled.current.add(entry.id);
        onSettledRef.current(entry);
      }
    }
  }, [entries]);

  return {
    entries,
    add: (uploads: UploadInput[]) => queue.send({ type: 'queue.add', uploads }),
    cancel: (id: string) => queue.send({ type: 'queue.cancel', id }),
  };
}
