/**
 * Application error log (spec 001 §8 "wrong media type choice is logged"; spec 000 §9 error
 * reporting): `reportError(message, extra)` writes `console.error` and, once Sentry has started
 * (src/ui/sentry.ts registers itself through `setErrorReporter`), sends the message to Sentry as an
 * error-level event. Without a DSN no Sentry code is loaded and only the console line is written.
 */

/** Extra, JSON-serialisable facts about the error (ids, kinds). */
export type ErrorExtra = Record<string, string | number | boolean | null>;

/** Receives every reported error after the console line (Sentry's `captureMessage`). */
export type ErrorReporter = (message: string, extra: ErrorExtra) => void;

let reporter: ErrorReporter | null = null;

/** Installs (or with `null` removes) the remote reporter; called by startSentry. */
export function setErrorReporter(next: ErrorReporter | null): void {
  reporter = next;
}

/** Logs an error the person did not cause by a fault of the app's data: console + Sentry when started. */
export function reportError(message: string, extra: ErrorExtra = {}): void {
  console.error(message, extra);
  reporter?.(message, extra);
}
