/**
 * The player's analytics client (issue 13 "Events"; spec 002 §3 Analytics row, channels; wire
 * contract embed/shared/analytics.ts). Framework-free and dependency-free: the /v, /e and /ad frames
 * bundle it. It batches `AnalyticsEvent`s of one bot on one channel and sends them to
 * `POST {apiBase}/api/events`.
 *
 * Privacy: no cookies, no fingerprint, no user id. The session id is 32 random characters
 * (`crypto.getRandomValues`) kept in the frame's sessionStorage per bot + channel (+ slider), so it
 * lives as long as the tab and is never shared across sites (sessionStorage is per origin and tab;
 * memory when sessionStorage is unavailable). Event ids: `${sessionId}.${name}` for the
 * once-per-session events (ONCE_PER_SESSION; also remembered in sessionStorage so a reload does not
 * queue them again), else `${sessionId}.${counter}` with a per-tab counter in sessionStorage.
 *
 * Consent (issue 13 architecture "Consent and privacy"): nothing is queued or sent unless `enabled`
 * (the server combined account `disableAnalytics` and bot `isAnalyticEnabled`) and, when
 * `consentRequired`, `consent.analytics_storage === 'granted'`. `setConsent` merges: a grant starts
 * recording from then on (earlier events are not recorded; the `session` event is recorded at the
 * grant, the embed being loaded); a denial stops recording and discards what is still queued.
 *
 * Delivery: the queue is flushed FLUSH_INTERVAL_MS after its first event, or at once at
 * MAX_BATCH_EVENTS; batches are cut to MAX_BATCH_EVENTS events and MAX_BATCH_BYTES bytes. Normally
 * `fetch` (text/plain, keepalive, no credentials); on `pagehide` and `visibilitychange` → hidden the
 * `onHide` callbacks run first (the page closes the open slide visit there), then everything queued
 * goes by `navigator.sendBeacon` (a text/plain Blob). A network error, 5xx or 429 keeps the batch
 * (same ids, so the server's idempotency counts it once) and retries after 1 s, 2 s, 4 s … ≤ 60 s;
 * other 4xx drop it. Unsent events stay in sessionStorage, so a reload in the same tab sends them.
 */
import { ANALYTICS_VERSION, FLUSH_INTERVAL_MS, MAX_BATCH_BYTES, MAX_BATCH_EVENTS, MAX_EVENT_AGE_MS, ONCE_PER_SESSION, type AnalyticsBatch, type AnalyticsEvent, type AnalyticsEventName } from '../shared/analytics';
import type { Channel, ConsentState } from '../shared/protocol';

/** Outcome of one delivery attempt: stored (or refused for good) vs. try again later. */
export type SendResult = 'ok' | 'retry' | 'drop';

/** How a batch travels. `beacon`: the page is going away (sendBeacon; no answer to wait for). */
export type Transport = (url: string, body: string, beacon: boolean) => Promise<SendResult>;

/** Fields an event may carry beyond id / name / at (embed/shared/analytics.ts table). */
export type EventFields = Pick<AnalyticsEvent, 'slideId' | 'fromSlideId' | 'optionId' | 'seconds'>;

export interface AnalyticsOptions {
  /** Vidbot origin ('' = same origin). */
  apiBase: string;
  publicId: string;
  channel: Channel;
  /** The carousel (slider channel, issue 15). */
  sliderId?: number;
  /** Host page origin + path (no query / fragment; cut to 500 chars). */
  source?: string;
  /** Consent known at start (data attributes, URL); merged by setConsent. */
  consent?: ConsentState;
  /** Analytics on for this bot (account and bot settings combined by the server: PlayerBot.analytics.enabled). */
  enabled: boolean;
  /** analytics_storage must be granted first. */
  consentRequired: boolean;
  /** Default `sessionStorage` (null or throwing → memory). */
  storage?: Storage | null;
  /** Default `defaultTransport` (fetch keepalive / sendBeacon). */
  transport?: Transport;
  /** Window whose pagehide / visibilitychange flush the queue (default `window`; null = none). */
  win?: Window | null;
  /** Clock (ms since the epoch). */
  now?: () => number;
  /**
   * The host's consent is on its way (ms to wait; the widget loader posts setConsent when the frame
   * loads): events tracked before the first `setConsent` are held in memory only — recorded (with
   * their own time) if that consent allows, dropped otherwise or after this long.
   */
  awaitConsentMs?: number;
  /** Called with every recorded event (after consent gating): the GA4 / GTM handoff. */
  onRecord?: (event: AnalyticsEvent) => void;
}

export interface Analytics {
  /** Session id of this bot + channel in this tab. */
  readonly sessionId: string;
  /** Whether events are recorded now (enabled and consent). */
  readonly allowed: boolean;
  /** Records an event (ignored while not allowed; a once-per-session name only once). */
  track(name: AnalyticsEventName, fields?: EventFields): void;
  /** Merges consent; see the module doc. */
  setConsent(consent: ConsentState): void;
  /** Runs before the hide flush (pagehide / visibilitychange hidden). */
  onHide(callback: () => void): void;
  /** Sends what is queued now (`beacon`: by sendBeacon, as on page hide). Resolves after the attempt. */
  flush(beacon?: boolean): Promise<void>;
  /** Events queued and not yet acknowledged (tests, console). */
  pending(): readonly AnalyticsEvent[];
  /** Stops timers and listeners (the queue stays in sessionStorage). */
  destroy(): void;
}

const SESSION_ID_LENGTH = 32;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const MAX_SOURCE = 500;
const MAX_RETRY_MS = 60_000;

/** A random session id: 32 chars of [A-Za-z0-9_-] from crypto.getRandomValues. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SESSION_ID_LENGTH));
  let id = '';
  for (const b of bytes) id += ID_ALPHABET[b & 63];
  return id;
}

/** `origin + path` of `url` (no query, no fragment, ≤ 500 chars); '' when it does not parse or is not http(s). */
export function sourceOf(url: string | null | undefined): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    return (u.origin + u.pathname).slice(0, MAX_SOURCE);
  } catch {
    return '';
  }
}

/** sessionStorage, or a Map-backed stand-in when it is missing or throws (private mode, sandboxed frames). */
function storageOrMemory(storage: Storage | null | undefined): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const memory = new Map<string, string>();
  const mem = { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => void memory.set(k, v), removeItem: (k: string) => void memory.delete(k) };
  let s: Storage | null | undefined = storage;
  if (s === undefined) {
    try {
      s = globalThis.sessionStorage;
    } catch {
      s = null;
    }
  }
  if (!s) return mem;
  const real = s;
  return {
    getItem: (k) => {
      try {
        return real.getItem(k) ?? mem.getItem(k);
      } catch {
        return mem.getItem(k);
      }
    },
    setItem: (k, v) => {
      try {
        real.setItem(k, v);
      } catch {
        mem.setItem(k, v);
      }
    },
    removeItem: (k) => {
      try {
        real.removeItem(k);
      } catch {
        // ignore
      }
      mem.removeItem(k);
    },
  };
}

/**
 * The browser transport: sendBeacon (Blob text/plain) when `beacon`, falling back to fetch keepalive
 * if the beacon is refused; else fetch (text/plain — no CORS preflight —, keepalive, credentials
 * omitted). 2xx → ok; 429, 5xx, network error → retry; other statuses → drop.
 */
export const defaultTransport: Transport = async (url, body, beacon) => {
  if (beacon && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }))) return 'ok';
    } catch {
      // fall through to fetch
    }
  }
  try {
    const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain' }, keepalive: true, credentials: 'omit', mode: 'cors' });
    if (res.ok) return 'ok';
    return res.status === 429 || res.status >= 500 ? 'retry' : 'drop';
  } catch {
    return 'retry';
  }
};

/**
 * Creates the client for one bot on one channel. See the module doc for ids, consent and delivery.
 * @throws never (storage and network failures degrade to memory / retries).
 */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const store = storageOrMemory(options.storage);
  const now = options.now ?? Date.now;
  const transport = options.transport ?? defaultTransport;
  const win = options.win === undefined ? (typeof window !== 'undefined' ? window : null) : options.win;
  const scope = `${options.publicId}.${options.channel}${options.sliderId ? `.${options.sliderId}` : ''}`;
  const KEY = { sid: `vidbot.a.sid.${scope}`, once: `vidbot.a.once.${scope}`, queue: `vidbot.a.q.${scope}`, counter: 'vidbot.a.n' };
  const url = `${options.apiBase}/api/events`;
  const source = options.source ? options.source.slice(0, MAX_SOURCE) : '';

  let sessionId = store.getItem(KEY.sid) ?? '';
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(sessionId)) {
    sessionId = newSessionId();
    store.setItem(KEY.sid, sessionId);
  }
  const readJson = <T>(key: string, fallback: T): T => {
    try {
      return (JSON.parse(store.getItem(key) ?? 'null') as T) ?? fallback;
    } catch {
      return fallback;
    }
  };
  const once = new Set<string>(readJson<string[]>(KEY.once, []));
  // Unsent events of an earlier page of this tab (too old ones would be dropped by the server anyway).
  let queue: AnalyticsEvent[] = readJson<AnalyticsEvent[]>(KEY.queue, []).filter((e) => e && typeof e.id === 'string' && now() - e.at < MAX_EVENT_AGE_MS);
  /** Events handed to the transport and not yet answered. */
  let inFlight: AnalyticsEvent[] = [];
  let consent: ConsentState = { ...options.consent };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let destroyed = false;
  const hideCallbacks: (() => void)[] = [];
  /** Calls held until the host's first consent (awaitConsentMs). */
  let early: { name: AnalyticsEventName; fields: EventFields; at: number }[] | null = options.awaitConsentMs ? [] : null;
  const earlyTimer = options.awaitConsentMs ? setTimeout(() => (early = null), options.awaitConsentMs) : null;

  const isAllowed = (): boolean => options.enabled && (!options.consentRequired || consent.analytics_storage === 'granted');
  const persist = (): void => store.setItem(KEY.queue, JSON.stringify([...inFlight, ...queue]));

  const schedule = (ms: number): void => {
    if (timer !== null || destroyed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush(false);
    }, ms);
  };

  /** Next batch from the queue: ≤ MAX_BATCH_EVENTS events and ≤ MAX_BATCH_BYTES bytes of JSON. */
  const takeBatch = (): { events: AnalyticsEvent[]; body: string } | null => {
    if (queue.length === 0) return null;
    let n = Math.min(queue.length, MAX_BATCH_EVENTS);
    for (;;) {
      const events = queue.slice(0, n);
      const batch: AnalyticsBatch = { v: ANALYTICS_VERSION, publicId: options.publicId, channel: options.channel, sessionId, events };
      if (options.sliderId) batch.sliderId = options.sliderId;
      if (source) batch.source = source;
      const body = JSON.stringify(batch);
      if (n === 1 || new TextEncoder().encode(body).length <= MAX_BATCH_BYTES) {
        queue = queue.slice(n);
        return { events, body };
      }
      n = Math.ceil(n / 2);
    }
  };

  async function flush(beacon = false): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (!isAllowed()) return;
    for (let batch = takeBatch(); batch; batch = takeBatch()) {
      const { events, body } = batch;
      inFlight.push(...events);
      persist();
      let result: SendResult;
      try {
        result = await transport(url, body, beacon);
      } catch {
        result = 'retry';
      }
      inFlight = inFlight.filter((e) => !events.includes(e));
      if (result === 'retry' && isAllowed()) {
        // Back to the front, same ids: the server stores each id once.
        queue = [...events, ...queue];
        persist();
        failures++;
        if (!beacon) schedule(Math.min(MAX_RETRY_MS, 1000 * 2 ** (failures - 1)));
        return;
      }
      failures = 0;
      persist();
    }
  }

  const track = (name: AnalyticsEventName, fields: EventFields = {}, at = now()): void => {
    if (destroyed) return;
    if (!isAllowed()) {
      early?.push({ name, fields, at });
      return;
    }
    let id: string;
    if (ONCE_PER_SESSION.includes(name)) {
      if (once.has(name)) return;
      once.add(name);
      store.setItem(KEY.once, JSON.stringify([...once]));
      id = `${sessionId}.${name}`;
    } else {
      const n = Number(store.getItem(KEY.counter) ?? '0') + 1;
      store.setItem(KEY.counter, String(n));
      id = `${sessionId}.${n}`;
    }
    const event: AnalyticsEvent = { id, name, at };
    for (const [k, v] of Object.entries(fields) as [keyof EventFields, number | null | undefined][]) {
      if (v !== undefined) (event as unknown as Record<string, unknown>)[k] = v;
    }
    queue.push(event);
    persist();
    try {
      options.onRecord?.(event);
    } catch {
      // A third-party tag must not stop our own recording.
    }
    if (queue.length >= MAX_BATCH_EVENTS) void flush(false);
    else schedule(FLUSH_INTERVAL_MS);
  };

  const onHide = (): void => {
    for (const callback of hideCallbacks) {
      try {
        callback();
      } catch {
        // keep flushing
      }
    }
    void flush(true);
  };
  const onPageHide = (): void => onHide();
  const onVisibility = (): void => {
    if (win?.document?.visibilityState === 'hidden') onHide();
  };
  win?.addEventListener('pagehide', onPageHide);
  win?.document?.addEventListener('visibilitychange', onVisibility);

  if (queue.length > 0 && isAllowed()) schedule(0);

  return {
    get sessionId() {
      return sessionId;
    },
    get allowed() {
      return isAllowed();
    },
    track: (name, fields) => track(name, fields),
    setConsent(next) {
      const was = isAllowed();
      consent = { ...consent, ...next };
      const is = isAllowed();
      const held = early;
      early = null;
      if (earlyTimer !== null) clearTimeout(earlyTimer);
      if (held && is) for (const x of held) track(x.name, x.fields, x.at);
      if (was && !is) {
        queue = [];
        inFlight = [];
        store.removeItem(KEY.queue);
      } else if (!was && is) {
        track('session');
        if (queue.length > 0) schedule(0);
      }
    },
    onHide(callback) {
      hideCallbacks.push(callback);
    },
    flush,
    pending: () => [...inFlight, ...queue],
    destroy() {
      destroyed = true;
      if (timer !== null) clearTimeout(timer);
      if (earlyTimer !== null) clearTimeout(earlyTimer);
      timer = null;
      win?.removeEventListener('pagehide', onPageHide);
      win?.document?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
