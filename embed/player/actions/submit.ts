/**
 * Sending a form fill to the server: `POST {apiBase}/api/public/bot/{publicId}/form-submission`
 * (server/src/modules/form; docs/api.md "Form submissions"). The body carries the fill's
 * `submissionId`, made once per fill, so every retry — automatic or by the viewer — is the same
 * submission for the server: nothing is lost and nothing stored twice.
 */
import type { ActionContext } from './types';

/** The request body (FormSubmissionBody on the server). */
export interface SubmissionBody {
  submissionId: string;
  revisionId: number | null;
  actionId: number;
  values: Record<string, string | boolean>;
  lang: 'en' | 'fi';
}

/** How a send ended. `network`: no answer, or one worth retrying (408, 429, 5xx). */
export type SubmitResult =
  | { ok: true; submissionId: string }
  | { ok: false; kind: 'fields'; errors: Record<string, string> }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'rejected'; status: number };

/** Waits between automatic attempts after a network failure, ms (tests shorten them). */
export const formTiming = { retryDelaysMs: [1000, 3000] as number[] };

/** A v4 UUID: `crypto.randomUUID()`, or one built from `crypto.getRandomValues` where randomUUID is missing (non-secure contexts). */
export function newSubmissionId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const wait = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });

/** One attempt. Throws only when `signal` aborts. */
async function attempt(ctx: ActionContext, body: SubmissionBody, signal: AbortSignal): Promise<SubmitResult> {
  let res: Response;
  try {
    res = await fetch(`${ctx.apiBase}/api/public/bot/${encodeURIComponent(ctx.publicId)}/form-submission`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
      credentials: 'omit',
    });
  } catch (err) {
    if (signal.aborted) throw err;
    return { ok: false, kind: 'network' };
  }
  if (res.status === 200 || res.status === 201) return { ok: true, submissionId: body.submissionId };
  if (res.status === 408 || res.status === 429 || res.status >= 500) return { ok: false, kind: 'network' };
  if (res.status === 422) {
    const json = (await res.json().catch(() => null)) as { errors?: Record<string, string> } | null;
    const errors: Record<string, string> = {};
    for (const [key, message] of Object.entries(json?.errors ?? {})) {
      if (key.startsWith('values.')) errors[key.slice('values.'.length)] = message;
    }
    if (Object.keys(errors).length) return { ok: false, kind: 'fields', errors };
  }
  return { ok: false, kind: 'rejected', status: res.status };
}

/**
 * Sends `body`, retrying network failures after `formTiming.retryDelaysMs` with the same body.
 * @returns the last attempt's result. Rejects only when `signal` aborts (the view was destroyed).
 */
export async function sendSubmission(ctx: ActionContext, body: SubmissionBody, signal: AbortSignal): Promise<SubmitResult> {
  let result = await attempt(ctx, body, signal);
  for (const delay of formTiming.retryDelaysMs) {
    if (result.ok || result.kind !== 'network') return result;
    await wait(delay, signal);
    result = await attempt(ctx, body, signal);
  }
  return result;
}
