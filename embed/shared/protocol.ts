/**
 * The message protocol between a Vidbot embed and its host page (issue 12 "Events to the host by
 * postMessage with a typed, versioned schema"; spec 000 preview and message rules). One module, used
 * by the widget loader (`embed/loader`), the player pages (`/v/{publicId}`, `/e/{publicId}`, `/ad/…`)
 * and documented in docs/embedding.md. No dependencies (the loader's budget is 2 KB gz), so the
 * guards below are hand-written and exhaustively unit-tested.
 *
 * Every message is a plain object `{ source: 'vidbot', v: 1, type, publicId, ... }`:
 *
 * | type                    | sent by              | payload                                   |
 * |-------------------------|----------------------|-------------------------------------------|
 * | VIDBOT_LOADED           | loader / frame page  | channel                                   |
 * | VIDBOT_OPEN             | loader               | —                                         |
 * | VIDBOT_CLOSE            | loader, or the frame when no loader owns it (iframe/link/ad) | — |
 * | VIDBOT_SLIDE            | frame page           | from (slide id or null), to (slide id)    |
 * | VIDBOT_CTA              | frame page           | slideId, optionId, name                   |
 * | VIDBOT_FORM_SUBMITTED   | frame page           | actionId, submissionId                    |
 * | VIDBOT_POST_MESSAGE     | frame page           | value (the POST_MESSAGE action's value)   |
 * | VIDBOT_ANALYTICS_EVENT  | frame page           | name, data (flat record)                  |
 *
 * Each event reaches the host exactly once. The frame posts to `window.parent`; in the widget the
 * loader listens to its own frame (`event.source === frame.contentWindow`, `event.origin === V`) and
 * re-posts nothing except the events it owns (LOADED, OPEN, CLOSE).
 *
 * Commands go the other way (host or loader → frame): `{ source: 'vidbot-host', v: 1, type, ... }`
 * with type `open` | `close` | `play` | `pause` | `setConsent` (consent: partial ConsentState). The
 * frame accepts a command only from its expected host origin and only when `isHostCommand` passes.
 */

/** Version of the message schema. Bumped only for breaking changes; hosts should check it. */
export const PROTOCOL_VERSION = 1;

/** The distribution channels of spec 002 §3 ("direct, iframe, widget, slider, display_ad"). */
export const CHANNELS = ['direct', 'iframe', 'widget', 'slider', 'display_ad'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Consent storages read from `data-*-storage` attributes and `setConsent` (Google Consent Mode v2 names). */
export const CONSENT_KEYS = ['ad_storage', 'analytics_storage', 'functionality_storage', 'personalization_storage', 'security_storage'] as const;
export type ConsentKey = (typeof CONSENT_KEYS)[number];
export type ConsentState = Partial<Record<ConsentKey, 'granted' | 'denied'>>;

/** Event types sent to the host page. */
export const EVENT_TYPES = [
  'VIDBOT_LOADED',
  'VIDBOT_OPEN',
  'VIDBOT_CLOSE',
  'VIDBOT_SLIDE',
  'VIDBOT_CTA',
  'VIDBOT_FORM_SUBMITTED',
  'VIDBOT_POST_MESSAGE',
  'VIDBOT_ANALYTICS_EVENT',
] as const;
export type VidbotEventType = (typeof EVENT_TYPES)[number];

interface Base<T extends VidbotEventType> {
  source: 'vidbot';
  v: typeof PROTOCOL_VERSION;
  type: T;
  /** The bot's public id. */
  publicId: string;
}

/** A message from a Vidbot embed to its host page. */
export type VidbotMessage =
  | (Base<'VIDBOT_LOADED'> & { channel: Channel })
  | Base<'VIDBOT_OPEN'>
  | Base<'VIDBOT_CLOSE'>
  | (Base<'VIDBOT_SLIDE'> & { from: number | null; to: number })
  | (Base<'VIDBOT_CTA'> & { slideId: number; optionId: number; name: string })
  | (Base<'VIDBOT_FORM_SUBMITTED'> & { actionId: number; submissionId: string })
  | (Base<'VIDBOT_POST_MESSAGE'> & { value: string })
  | (Base<'VIDBOT_ANALYTICS_EVENT'> & { name: string; data: Record<string, string | number | boolean | null> });

/** Host / loader → frame commands. */
export const COMMAND_TYPES = ['open', 'close', 'play', 'pause', 'setConsent'] as const;
export type HostCommandType = (typeof COMMAND_TYPES)[number];
export type HostCommand =
  | { source: 'vidbot-host'; v: typeof PROTOCOL_VERSION; type: 'open' | 'close' | 'play' | 'pause' }
  | { source: 'vidbot-host'; v: typeof PROTOCOL_VERSION; type: 'setConsent'; consent: ConsentState };

/** Builds an event message (fills `source` and `v`). */
export function vidbotMessage<M extends VidbotMessage>(message: Omit<M, 'source' | 'v'>): M {
  return { source: 'vidbot', v: PROTOCOL_VERSION, ...message } as M;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isId = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0;
const isStr = (x: unknown, max = 2000): x is string => typeof x === 'string' && x.length <= max;

/** Whether `data` is a well-formed `VidbotMessage` of this protocol version (the host's and loader's check). */
export function isVidbotMessage(data: unknown): data is VidbotMessage {
  if (!isObj(data) || data.source !== 'vidbot' || data.v !== PROTOCOL_VERSION || !isStr(data.publicId, 64)) return false;
  switch (data.type) {
    case 'VIDBOT_LOADED':
      return (CHANNELS as readonly unknown[]).includes(data.channel);
    case 'VIDBOT_OPEN':
    case 'VIDBOT_CLOSE':
      return true;
    case 'VIDBOT_SLIDE':
      return (data.from === null || isId(data.from)) && isId(data.to);
    case 'VIDBOT_CTA':
      return isId(data.slideId) && isId(data.optionId) && isStr(data.name, 255);
    case 'VIDBOT_FORM_SUBMITTED':
      return isId(data.actionId) && isStr(data.submissionId, 64);
    case 'VIDBOT_POST_MESSAGE':
      return isStr(data.value, 10_000);
    case 'VIDBOT_ANALYTICS_EVENT':
      return isStr(data.name, 100) && isObj(data.data) && Object.values(data.data).every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x));
    default:
      return false;
  }
}

/** Whether `data` is a well-formed `HostCommand` (the frame's check, after the origin check). */
export function isHostCommand(data: unknown): data is HostCommand {
  if (!isObj(data) || data.source !== 'vidbot-host' || data.v !== PROTOCOL_VERSION) return false;
  if (data.type === 'setConsent') {
    return isObj(data.consent) && Object.entries(data.consent).every(([k, val]) => (CONSENT_KEYS as readonly string[]).includes(k) && (val === 'granted' || val === 'denied'));
  }
  return (COMMAND_TYPES as readonly unknown[]).includes(data.type);
}
