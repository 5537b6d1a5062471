/**
 * Toast container (spec 000 §9: 2500 ms, bottom-left). Toasts are raised with react-toastify's `toast`.
 */
import { ToastContainer } from 'react-toastify';

/** Auto-close time of toasts in milliseconds (spec 000 §9). */
export const TOAST_TIME_MS = 2_500;

/** The app's single toast container. */
export function Toasts() {
  return <ToastContainer position="bottom-left" autoClose={TOAST_TIME_MS} newestOnTop limit={4} />;
}
