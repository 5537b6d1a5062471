/**
 * Reader of the AI analysis stream (issue 16; spec 001 §7 "A streaming variant reads event lines of
 * types status, source_info, scripts, navigation, error and a [DONE] marker"; "unknown stream event
 * types are ignored with a warning"). The server (`POST /gen-ai/analyze-navigation/stream`) answers
 * `text/event-stream`: per event one or more `data: <json>` lines and a blank line; the last event's
 * data is `[DONE]`.
 *
 * Pure parsing (`EventStreamDecoder`, `parseStreamData`) plus `readAiStream`, which reads a
 * `ReadableStream<Uint8Array>` with its reader. Where the rules live:
 * - this module validates events of a KNOWN type against `AiStreamEvent` (a bad payload is a broken
 *   stream: `AiStreamFormatError`), passes an event of an UNKNOWN type on as `{ kind: 'unknown' }`
 *   and leaves ignoring + warning to the job chart (machines/aiJob), so the rule is in the workflow;
 * - line framing follows the event-stream format: `\n`, `\r\n` or `\r` line ends, `:` comment lines
 *   and other fields (`event:`, `id:`, `retry:`) skipped, several `data:` lines joined with `\n`.
 */
import * as v from 'valibot';
import { AI_STREAM_EVENT_TYPES, AiStreamEvent, STREAM_DONE } from '../../../server/src/modules/ai/ai.schemas';

/** One item read from the stream. */
export type AiStreamItem = { kind: 'event'; event: AiStreamEvent } | { kind: 'unknown'; type: string } | { kind: 'done' };

/** The stream carried something that is not an event of the contract (not JSON, no type, bad payload). */
export class AiStreamFormatError extends Error {
  override readonly name = 'AiStreamFormatError';
}

/**
 * Incremental framing of `text/event-stream` text: `push(text)` returns the data of every event
 * completed by a blank line so far; `end()` returns the data of a last event the body ended without
 * a blank line after (lenient: a server closing right after `data: [DONE]\n` is read correctly).
 */
export class EventStreamDecoder {
  private buffer = '';
  private data: string[] = [];

  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone `\r` at the end of the chunk may be the first half of `\r\n`: wait for more text.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line, out);
    }
    return out;
  }

  end(): string[] {
    const out: string[] = [];
    if (this.buffer !== '') this.line(this.buffer.replace(/\r$/, ''), out);
    this.buffer = '';
    if (this.data.length > 0) out.push(this.data.join('\n'));
    this.data = [];
    return out;
  }

  private line(line: string, out: string[]): void {
    if (line === '') {
      if (this.data.length > 0) out.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.data.push(value);
  }
}

const KNOWN_TYPES: readonly string[] = AI_STREAM_EVENT_TYPES;

/**
 * The item one event's data stands for.
 * @throws AiStreamFormatError when the data is neither `[DONE]` nor a JSON object with a string
 *   `type`, or a known type whose payload does not match `AiStreamEvent` (message names the issue).
 */
export function parseStreamData(data: string): AiStreamItem {
  if (data.trim() === STREAM_DONE) return { kind: 'done' };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new AiStreamFormatError(`The stream sent a line that is not JSON: ${data.slice(0, 80)}`);
  }
  if (typeof json !== 'object' || json === null || typeof (json as { type?: unknown }).type !== 'string') {
    throw new AiStreamFormatError('The stream sent an event without a type.');
  }
  const type = (json as { type: string }).type;
  if (!KNOWN_TYPES.includes(type)) return { kind: 'unknown', type };
  const parsed = v.safeParse(AiStreamEvent, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    throw new AiStreamFormatError(`The stream sent an invalid ${type} event${path ? ` (${path})` : ''}: ${issue.message}`);
  }
  return { kind: 'event', event: parsed.output };
}

/** How reading ended: at `[DONE]`, or the body ended without it. */
export type AiStreamEnd = 'done' | 'ended';

/**
 * Reads `body` to its end with a reader, calling `onItem` for each item in order. Stops at the first
 * `[DONE]` (the rest of the body is cancelled) and answers 'done'; answers 'ended' when the body
 * ends without it. Cancelling `signal` cancels the reader (the read rejects with the abort reason).
 * @throws AiStreamFormatError (see `parseStreamData`); the reader's error (network) as is.
 */
export async function readAiStream(body: ReadableStream<Uint8Array>, onItem: (item: AiStreamItem) => void, signal?: AbortSignal): Promise<AiStreamEnd> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const framing = new EventStreamDecoder();
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  const emit = (datas: string[]): boolean => {
    for (const data of datas) {
      const item = parseStreamData(data);
      onItem(item);
      if (item.kind === 'done') return true;
    }
    return false;
  };
  try {
    signal?.throwIfAborted();
    for (;;) {
      const { value, done } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      if (emit(framing.push(decoder.decode(value, { stream: true })))) {
        await reader.cancel().catch(() => {});
        return 'done';
      }
    }
    return emit(framing.push(decoder.decode())) || emit(framing.end()) ? 'done' : 'ended';
  } finally {
    signal?.removeEventListener('abort', onAbort);
    try {
      reader.releaseLock();
    } catch {
      // a read still pending after an abort: the lock goes with the cancelled stream
    }
  }
}
