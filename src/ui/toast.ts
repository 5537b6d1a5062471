/**
 * The app's toasts (spec 000 §9) without react-toastify before the first toast (issue 10 §2, ~10 KB
 * gzip with its CSS): `toast` has react-toastify's `success` / `error` signature but imports
 * react-toastify on the first toast; <Toasts> (src/ui/Toasts.tsx) mounts the container then.
 * react-toastify queues toasts raised before a container is mounted and shows them when it
 * mounts, so nothing is lost. Raise every toast through this module, not react-toastify's own
 * `toast` (which would not mount the container).
 */
import type { ToastContent, ToastOptions } from 'react-toastify';

type Toastify = typeof import('react-toastify');

let loading: Promise<Toastify> | null = null;
let loaded: Toastify | null = null;
const listeners = new Set<(m: Toastify) => void>();

/**
 * Imports react-toastify once; every later call answers the same module. Tells the subscribers of
 * `onToastifyLoaded` when it has loaded. @throws what the dynamic import throws (a failed chunk
 * load may be retried).
 */
export function loadToastify(): Promise<Toastify> {
  if (!loading) {
    loading = import('react-toastify').then(
      (m) => {
        loaded = m;
        for (const f of listeners) f(m);
        return m;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  }
  return loading;
}

/** Calls `f` with react-toastify once it is loaded, at once when it already is (<Toasts> mounts the container then); returns the unsubscribe. */
export function onToastifyLoaded(f: (m: Toastify) => void): () => void {
  if (loaded) f(loaded);
  listeners.add(f);
  return () => {
    listeners.delete(f);
  };
}

/** What the app raises: react-toastify's `toast.success` / `toast.error` (the toast shows once the library has loaded). */
export interface Toast {
  success: (content: ToastContent, options?: ToastOptions) => void;
  error: (content: ToastContent, options?: ToastOptions) => void;
}

/** Raises a toast, importing react-toastify on the first one. A failed import drops the toast (nothing to show it with). */
export const toast: Toast = {
  success: (...args) => void loadToastify().then((m) => m.toast.success(...args), () => {}),
  error: (...args) => void loadToastify().then((m) => m.toast.error(...args), () => {}),
};
