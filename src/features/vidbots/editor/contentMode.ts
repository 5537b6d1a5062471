/**
 * The content tab's view mode (spec 001 §2 editor: "Content has a grid mode (sections Intro, Slides,
 * Actions) and a list mode. The mode is remembered locally under the key contentEditorMode, default
 * GRID"). Stored as the string `GRID` or `LIST` in localStorage; a missing, unknown or unreadable
 * value reads as GRID; a failing write (private mode) keeps the choice for this page only. Other tabs
 * follow through the `storage` event.
 */
import { useSyncExternalStore } from 'react';

/** localStorage key of the mode (spec 001 §2). */
export const CONTENT_MODE_KEY = 'contentEditorMode';
/** The modes; GRID is the default. */
export const CONTENT_MODES = ['GRID', 'LIST'] as const;
export type ContentMode = (typeof CONTENT_MODES)[number];

const listeners = new Set<() => void>();
let memory: ContentMode | null = null;

/** The stored mode of `storage` (default GRID). */
export function readContentMode(storage: Pick<Storage, 'getItem'> | null | undefined = globalThis.localStorage): ContentMode {
  try {
    const stored = storage?.getItem(CONTENT_MODE_KEY);
    if (stored === 'GRID' || stored === 'LIST') return stored;
  } catch {
    // unreadable storage: fall through
  }
  return memory ?? 'GRID';
}

/** Stores the mode and tells this tab's readers. */
export function setContentMode(mode: ContentMode, storage: Pick<Storage, 'setItem'> | null | undefined = globalThis.localStorage): void {
  memory = mode;
  try {
    storage?.setItem(CONTENT_MODE_KEY, mode);
  } catch {
    // storage unavailable: `memory` keeps it for this page
  }
  for (const l of listeners) l();
}

/** The current mode; re-renders when it changes here or in another tab. */
export function useContentMode(): ContentMode {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      const onStorage = (e: StorageEvent) => (e.key === CONTENT_MODE_KEY || e.key === null) && notify();
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        listeners.delete(notify);
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
    () => readContentMode(),
    () => 'GRID',
  );
}
