/**
 * The editor clipboard as React state (spec 001 §3 "Clipboard (kept in local browser storage)", §4
 * "Paste is offered only when the clipboard comes from a different {product}"). The entry itself and
 * its validation are machines/editor/clipboard.ts; this binds it to `window.localStorage`:
 * - {@link useClipboard} answers the stored entry (null when none or malformed) and re-reads it on a
 *   copy in this tab and on the `storage` event, so a copy made in another tab shows up at once;
 * - {@link storeClipboard} writes an entry and tells this tab's readers (the `storage` event only
 *   reaches other tabs). @returns false when the storage refused it (quota, private mode);
 * - {@link loadClipboard} the clipboard module itself (copy, paste, `canPaste`).
 * The module (with the content schemas that validate an entry, ~8 KB gzip) is imported on the first
 * `useClipboard` render, not with the content tab (issue 10 §2 size budget): until it has arrived
 * the entry reads as null (no Paste offered), then the readers are told.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Clipboard } from '../../../../machines/editor/clipboard';

type ClipboardModule = typeof import('../../../../machines/editor/clipboard');
let clipboardModule: ClipboardModule | null = null;
let loading: Promise<ClipboardModule> | null = null;

/** The clipboard module (machines/editor/clipboard.ts), imported once; readers re-read when it arrives. */
export function loadClipboard(): Promise<ClipboardModule> {
  loading ??= import('../../../../machines/editor/clipboard').then(
    (m) => {
      clipboardModule = m;
      for (const l of listeners) l();
      return m;
    },
    (error: unknown) => {
      loading = null; // a later call tries again
      throw error;
    },
  );
  return loading;
}

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
  const m = clipboardModule;
  if (!m) return null;
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(m.CLIPBOARD_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedEntry = m.readClipboard(storage());
  }
  return cachedEntry;
}

/** Stores `clip` as the clipboard and notifies this tab. @returns true when stored. @throws when the module cannot be loaded. */
export async function storeClipboard(clip: Clipboard): Promise<boolean> {
  const m = await loadClipboard();
  const ok = m.writeClipboard(storage(), clip);
  for (const l of listeners) l();
  return ok;
}

/** `canPaste` of machines/editor/clipboard.ts (false while the module is not in: `clip` is null then anyway). */
export function canPasteIn(clip: Clipboard | null, botId: number): clip is Clipboard {
  return clipboardModule?.canPaste(clip, botId) ?? false;
}

/** The stored clipboard entry (null when none); follows copies in this and other tabs. */
export function useClipboard(): Clipboard | null {
  useEffect(() => void loadClipboard().catch(() => undefined), []);
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      const onStorage = (e: StorageEvent) => (e.key === clipboardModule?.CLIPBOARD_STORAGE_KEY || e.key === null) && notify();
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
