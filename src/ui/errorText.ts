/**
 * Message of a failed call for a toast or alert (spec 000 §8): the server's `detail`, else the
 * error's message, else the given fallback.
 */
import { HttpError } from '../api/client';

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.detail ?? (error.message || fallback);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Field messages of a 422 answer (`errors`), else an empty record. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof HttpError ? (error.fieldErrors ?? {}) : {};
}
