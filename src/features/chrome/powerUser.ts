/**
 * Power-user mode (spec 000 §2, §4; 001 §2): a toggle persisted in local storage that only customer
 * success or superusers may switch on; it reveals extra columns (ID columns, public ids). Read it with
 * `usePowerUserMode(viewer)`, which is false for everyone else whatever is stored.
 */
import { useSyncExternalStore } from 'react';
import { isStaff, type Viewer } from './permissions';

/** Local-storage key of the toggle. */
export const POWER_USER_KEY = 'vidbot.powerUserMode';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(POWER_USER_KEY) === '1';
  } catch {
    return false;
  }
}

/** Stores the toggle (no-op without storage) and notifies readers. */
export function setPowerUserMode(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(POWER_USER_KEY, '1');
    else globalThis.localStorage?.removeItem(POWER_USER_KEY);
  } catch {
    // storage unavailable (private mode): the toggle lasts for this page only
  }
  for (const l of listeners) l();
}

/** The stored toggle (regardless of who may use it). */
export function storedPowerUserMode(): boolean {
  return read();
}

/** Whether power-user mode is on for this viewer: stored on and the viewer is a power user. */
export function usePowerUserMode(viewer: Viewer | undefined): boolean {
  const stored = useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      const onStorage = (e: StorageEvent) => e.key === POWER_USER_KEY && notify();
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        listeners.delete(notify);
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
    read,
    () => false,
  );
  return stored && isStaff(viewer);
}
