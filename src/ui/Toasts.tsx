/**
 * Toast container (spec 000 §9: 2500 ms, bottom-left). Toasts are raised with `toast` of
 * src/ui/toast.ts.
 *
 * react-toastify is not on the first route (issue 10 §2): the container mounts when the first toast
 * has imported the library (react-toastify queues a toast raised before a container is mounted and
 * shows it when the container mounts).
 */
import { useEffect, useState } from 'react';
import { onToastifyLoaded } from './toast';

/** Auto-close time of toasts in milliseconds (spec 000 §9). */
export const TOAST_TIME_MS = 2_500;

type Container = typeof import('react-toastify').ToastContainer;

/** The app's single toast container. */
export function Toasts() {
  const [container, setContainer] = useState<{ ToastContainer: Container } | null>(null);
  useEffect(
    () =>
      onToastifyLoaded((m) => {
        setContainer({ ToastContainer: m.ToastContainer });
      }),
    [],
  );
  if (!container) return null;
  const { ToastContainer } = container;
  return <ToastContainer position="bottom-left" autoClose={TOAST_TIME_MS} newestOnTop limit={4} />;
}
