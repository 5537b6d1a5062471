/**
 * The failure of an identity-provider call as the session charts keep it: the Cognito error code
 * (aws-amplify puts it in `error.name`, e.g. 'NotAuthorizedException') and the provider's message.
 * Charts keep both untranslated; views turn them into the reader's language (spec 000 §8 "message by
 * error code if present, else generic") — a chart never invents an English fallback text.
 */
export interface AuthFailure {
  /** Cognito error type, or null for a plain Error / unknown value. */
  code: string | null;
  /** The provider's own message (English), or null when there is none. */
  message: string | null;
}

/** `{ code, message }` of any thrown value (Error, string or anything else). */
export function authFailureOf(error: unknown): AuthFailure {
  if (error instanceof Error) {
    return { code: error.name && error.name !== 'Error' ? error.name : null, message: error.message || null };
  }
  if (typeof error === 'string' && error) return { code: null, message: error };
  return { code: null, message: null };
}
