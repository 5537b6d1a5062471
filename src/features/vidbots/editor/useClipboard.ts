/**
 * The editor clipboard as React state (spec 001 §3 "Clipboard (kept in local browser storage)", §4
 * "Paste is offered only when the clipboard comes from a different {product}"). The entry itself and
 * its validation are machines/editor/clipboard.ts; this binds it to `window.localStorage`:
 * - {@link useClipboard} answers the stored entry (null when none or malformed) and re-reads it on a
 *   copy in this tab and on the `storage` event, so a copy made in another tab shows up at once;
 * - {@link storeClipboard} writes an entry and tells this tab's readers (the `storage` event only
 *   reaches other tabs). @returns false when the storage refused it (quota, private mode).
 */
import { useSyncExternalStore } from 'react';
import { CLIPBOARD_STORAGE_KEY, readClipboard, writeClipboard, type Clipboard } from '../../../../machines/editor/clipboard';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

// useSyncExternalStore needs a stable snapshot: the parsed entry is cached by its raw text.
let cachedRaw: string | null = null;
let cachedEntry: Clipboard | null = null;
function snapshot(): Clipboard | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(CLIPBOARD_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedEntry = readClipboard(storage());
  }
  return cachedEntry;
}

/** Stores `clip` as the clipboard and notifies this tab. @returns true when stored. */
export function storeClipboard(clip: Clipboard): boolean {
  const ok = writeClipboard(storage(), clip);
  for (const l of listeners) l();
  return ok;
}

/** The stored clipboard entry (null when none); follows copies in this and other tabs. */
export function useClipboard(): Clipboard | null {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      const onStorage = (e: StorageEvent) => (e.key === CLIPBOARD_STORAGE_KEY || e.key === null) && notify();
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        listeners.delete(notify);
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
    snapshot,
    () => null,
  );
}
