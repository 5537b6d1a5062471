/**
 * The window-message protocol of the vidbot preview (spec 000 §2 Preview screen, 002 §2 previews,
 * 001 §7 "Embedded previews … talk by window messages"; docs/preview.md).
 *
 * - The preview announces itself to its parent frame with `{ action: 'VIDBOT_PREVIEW_READY' }`, always
 *   with an exact target origin, never `'*'`: the parent's origin (from `location.ancestorOrigins`,
 *   else `document.referrer`) when it is allow-listed; when the parent's origin cannot be read, one
 *   message per allow-listed origin (the browser delivers only the one that matches). No parent → no
 *   message.
 * - For `/preview/current` the parent sends `{ action: 'SET_DATA', data: <bot> }`; it is accepted only
 *   from an allow-listed `event.origin` and from the parent (or opener) window.
 * - `{ action: 'EMBED_EXTERNAL_LINK', data: { url, width?, height? } }` replaces the preview with an
 *   iframe of that http(s) url (same origin and source rules).
 *
 * The allow-list is `GET /api/config` `previewAllowedOrigins` plus the app's own origin.
 */
import * as v from 'valibot';
import type { PlayerBot } from '../../../embed/player';

/** The announcement the preview posts to its parent. */
export const PREVIEW_READY_MESSAGE = { action: 'VIDBOT_PREVIEW_READY' } as const;

/** Default size of an embedded external link, px (spec 001 §9: iframe default 650 by 340). */
export const EMBED_DEFAULT_SIZE = { width: 650, height: 340 } as const;

/** The origin of a URL string (`https://a.example:8443`), or null when it is not an absolute http(s) URL. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/**
 * The preview's allow-list: each configured entry normalised to its origin (entries that are not
 * http(s) URLs are dropped), plus `ownOrigin`, without duplicates.
 */
export function buildAllowList(configured: readonly string[], ownOrigin: string): string[] {
  const out = new Set<string>();
  for (const entry of [ownOrigin, ...configured]) {
    const origin = originOf(entry);
    if (origin) out.add(origin);
  }
  return [...out];
}

/** True when `origin` is exactly one of the allow-listed origins ('null' and '*' never are). */
export function isAllowedOrigin(origin: string, allowList: readonly string[]): boolean {
  return origin !== 'null' && origin !== '*' && allowList.includes(origin);
}

/** What `readyTargetOrigins` needs to know about the window it runs in. */
export interface FrameInfo {
  /** False when the page is not inside a frame and has no opener (nobody to tell). */
  hasParent: boolean;
  /** `location.ancestorOrigins[0]` where the browser offers it (Chromium, WebKit). */
  ancestorOrigin?: string | null;
  /** `document.referrer`. */
  referrer?: string | null;
}

/**
 * The exact target origins to post `VIDBOT_PREVIEW_READY` to (never `'*'`).
 *
 * @returns `[]` without a parent; `[parentOrigin]` when the parent's origin is known and allow-listed;
 *   `[]` when it is known and not allow-listed; every allow-listed origin when it cannot be read.
 */
export function readyTargetOrigins(frame: FrameInfo, allowList: readonly string[]): string[] {
  if (!frame.hasParent) return [];
  const parentOrigin = originOf(frame.ancestorOrigin) ?? originOf(frame.referrer);
  if (parentOrigin) return isAllowedOrigin(parentOrigin, allowList) ? [parentOrigin] : [];
  return [...allowList];
}

/** The frame facts of `win` for `readyTargetOrigins`. */
export function frameInfoOf(win: Window): FrameInfo {
  const ancestors = win.location.ancestorOrigins as DOMStringList | undefined;
  return {
    hasParent: win.parent !== win || Boolean(win.opener),
    ancestorOrigin: ancestors && ancestors.length > 0 ? ancestors.item(0) : null,
    referrer: win.document.referrer,
  };
}

/**
 * Post `VIDBOT_PREVIEW_READY` to the parent (or opener) of `win`, once per exact target origin.
 * @returns the origins posted to (empty when there is no parent or it is not allow-listed).
 */
export function announcePreviewReady(win: Window, allowList: readonly string[]): string[] {
  const targets = readyTargetOrigins(frameInfoOf(win), allowList);
  const recipient: Window | null = win.parent !== win ? win.parent : (win.opener as Window | null);
  if (!recipient) return [];
  for (const targetOrigin of targets) recipient.postMessage(PREVIEW_READY_MESSAGE, targetOrigin);
  return targets;
}

const optionSchema = v.looseObject({
  id: v.number(),
  name: v.optional(v.string(), ''),
  type: v.picklist(['SLIDE', 'REGULAR_FORM', 'EXTERNAL_LINK', 'POST_MESSAGE', 'CLOSE_VIDBOT', 'SHARE_MEDIA']),
  targetId: v.optional(v.nullable(v.number()), null),
  featured: v.optional(v.boolean()),
  videoEndListener: v.optional(v.boolean()),
  videoEndAutoplay: v.optional(v.boolean()),
});

const urlField = v.optional(v.nullable(v.string()), null);

const slideSchema = v.looseObject({
  id: v.number(),
  name: v.optional(v.string(), ''),
  description: v.optional(v.nullable(v.string())),
  category: v.picklist(['INTRO', 'SLIDE']),
  type: v.picklist(['VIDEO', 'IMAGE']),
  videoId: v.optional(v.nullable(v.number()), null),
  imageId: v.optional(v.nullable(v.number()), null),
  options: v.optional(v.array(optionSchema), []),
  videoUrl: urlField,
  posterUrl: urlField,
  imageUrl: urlField,
  duration: v.optional(v.nullable(v.number())),
});

const actionSchema = v.looseObject({
  id: v.number(),
  name: v.optional(v.string(), ''),
  type: v.picklist(['REGULAR_FORM', 'EXTERNAL_LINK', 'POST_MESSAGE', 'CLOSE_VIDBOT', 'SHARE_MEDIA']),
  url: v.optional(v.string()),
  externalLinkType: v.optional(v.string()),
  linkType: v.optional(v.string()),
  value: v.optional(v.string()),
});

/** The bot a SET_DATA message carries: a `Bot` / `PlayerBot` / editor draft with at least `slides`. */
export const previewBotSchema = v.looseObject({
  id: v.optional(v.number(), 0),
  name: v.optional(v.string(), ''),
  slides: v.array(slideSchema),
  actions: v.optional(v.array(actionSchema), []),
  theme: v.optional(v.nullable(v.record(v.string(), v.unknown())), null),
});

const embedLinkSchema = v.object({
  url: v.pipe(v.string(), v.check((url) => originOf(url) !== null, 'url must be an absolute http(s) URL')),
  width: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), EMBED_DEFAULT_SIZE.width),
  height: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), EMBED_DEFAULT_SIZE.height),
});

/** A message the preview acts on. */
export type PreviewMessage =
  | { action: 'SET_DATA'; bot: PlayerBot }
  | { action: 'EMBED_EXTERNAL_LINK'; url: string; width: number; height: number };

/** Why a message was ignored (for the console; the preview never acts on these). */
export type RejectedMessage = { rejected: 'origin' | 'source' | 'shape' | 'unknown-action'; detail?: string };

/** The parts of a `MessageEvent` the rules look at. */
export interface IncomingMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * Apply the preview's rules to one incoming message.
 *
 * @param event the message (origin, source window, data).
 * @param allowList from `buildAllowList`.
 * @param trustedSources the windows that may talk to the preview (its parent and opener).
 * @returns the parsed `PreviewMessage`, or `RejectedMessage` saying why it is ignored. Never throws.
 */
export function readPreviewMessage(
  event: IncomingMessage,
  allowList: readonly string[],
  trustedSources: readonly unknown[],
): PreviewMessage | RejectedMessage {
  if (!isAllowedOrigin(event.origin, allowList)) return { rejected: 'origin', detail: event.origin };
  if (!trustedSources.includes(event.source)) return { rejected: 'source' };
  const data = event.data;
  if (typeof data !== 'object' || data === null || !('action' in data)) return { rejected: 'shape' };
  const { action } = data as { action: unknown };
  const payload = (data as { data?: unknown }).data;
  if (action === 'SET_DATA') {
    const parsed = v.safeParse(previewBotSchema, payload);
    if (!parsed.success) return { rejected: 'shape', detail: v.summarize(parsed.issues) };
    return { action: 'SET_DATA', bot: parsed.output as PlayerBot };
  }
  if (action === 'EMBED_EXTERNAL_LINK') {
    const parsed = v.safeParse(embedLinkSchema, payload);
    if (!parsed.success) return { rejected: 'shape', detail: v.summarize(parsed.issues) };
    return { action: 'EMBED_EXTERNAL_LINK', ...parsed.output };
  }
  return { rejected: 'unknown-action', detail: String(action) };
}

/** True for a message the preview acts on. */
export function isPreviewMessage(result: PreviewMessage | RejectedMessage): result is PreviewMessage {
  return 'action' in result;
}
