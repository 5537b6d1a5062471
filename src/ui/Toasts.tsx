/**
 * Toast container (spec 000 §9: 2500 ms, bottom-left). Toasts are raised with `toast` of
 * src/ui/toast.ts (or react-toastify's own `toast` off the first route).
 *
 * react-toastify is not on the first route (issue 10 §2): the container mounts when the first toast
 * imports the library, or after the first paint, whichever comes first (toasts raised before it
 * mounts are queued by react-toastify and shown then).
 */
import { useEffect, useState } from 'react';
import { loadToastify, onToastifyLoaded } from './toast';

/** Auto-close time of toasts in milliseconds (spec 000 §9). */
export const TOAST_TIME_MS = 2_500;

type Container = typeof import('react-toastify').ToastContainer;

/** The app's single toast container. */
export function Toasts() {
  const [container, setContainer] = useState<{ ToastContainer: Container } | null>(null);
  useEffect(() => {
    let active = true;
    const stop = onToastifyLoaded((m) => {
      if (active) setContainer({ ToastContainer: m.ToastContainer });
    });
    // After the first paint: a frame, then a task.
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        if (active) loadToastify().catch(() => {});
      }, 0);
    });
    return () => {
      active = false;
      stop();
      cancelAnimationFrame(frame);
    };
  }, []);
  if (!container) return null;
  const { ToastContainer } = container;
  return <ToastContainer position="bottom-left" autoClose={TOAST_TIME_MS} newestOnTop limit={4} />;
}
