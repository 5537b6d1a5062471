/**
 * Error reporting (spec 000 §9 sampling: traces 0.5, sessions 0.1, errors 1). Imported lazily from
 * main.tsx only when the runtime config names a DSN, so no Sentry code loads otherwise.
 */
import * as Sentry from '@sentry/react';
import { setErrorReporter } from './reportError';

/** Sampling rates of spec 000 §9. */
export const SENTRY_SAMPLING = { tracesSampleRate: 0.5, replaysSessionSampleRate: 0.1, sampleRate: 1 } as const;

/** Starts Sentry with the given DSN. */
export function startSentry(dsn: string): void {
  Sentry.init({
    dsn,
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: SENTRY_SAMPLING.tracesSampleRate,
    replaysSessionSampleRate: SENTRY_SAMPLING.replaysSessionSampleRate,
    sampleRate: SENTRY_SAMPLING.sampleRate,
  });
  // reportError (e.g. the media chooser's refused kinds, spec 001 §8) also goes to Sentry.
  setErrorReporter((message, extra) => Sentry.captureMessage(message, { level: 'error', extra }));
}
