/**
 * The analytics client (embed/analytics/client.ts; issue 13 "Events"): batching, ids, once per
 * session, sendBeacon on pagehide with the open slide visit's seconds, retries with the same ids,
 * consent gating and a later grant, analytics off. A fake transport records every request.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_INTERVAL_MS, MAX_BATCH_EVENTS, type AnalyticsBatch } from '../shared/analytics';
import { createAnalytics, defaultTransport, sourceOf, type AnalyticsOptions, type SendResult } from './client';
import { trackPlayer } from './player-events';

interface Sent {
  url: string;
  batch: AnalyticsBatch;
  beacon: boolean;
}

let sent: Sent[];
let answers: SendResult[];
let storage: Storage;
let win: Window;
let clients: { destroy(): void }[];

/** A Storage stand-in (happy-dom's sessionStorage is shared across tests). */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

function client(over: Partial<AnalyticsOptions> = {}) {
  const c = createAnalytics({
    apiBase: 'https://vidbot.example',
    publicId: 'pub1',
    channel: 'iframe',
    source: 'https://customer.example/products',
    enabled: true,
    consentRequired: false,
    storage,
    win,
    transport: async (url, body, beacon) => {
      sent.push({ url, batch: JSON.parse(body) as AnalyticsBatch, beacon });
      return answers.shift() ?? 'ok';
    },
    ...over,
  });
  clients.push(c);
  return c;
}

const names = () => sent.flatMap((s) => s.batch.events.map((e) => e.name));

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  answers = [];
  storage = memoryStorage();
  const target = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  win = Object.assign(target, { document: doc }) as unknown as Window;
  clients = [];
});
afterEach(() => {
  clients.forEach((c) => c.destroy());
  vi.useRealTimers();
});

describe('batching and ids', () => {
  it('sends one batch FLUSH_INTERVAL_MS after the first event, with the envelope of the contract', async () => {
    const a = client();
    a.track('session');
    a.track('slide_nav', { fromSlideId: null, slideId: 1 });
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS - 10);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(sent).toHaveLength(1);
    const { url, batch, beacon } = sent[0]!;
    expect(url).toBe('https://vidbot.example/api/events');
    expect(beacon).toBe(false);
    expect(batch).toMatchObject({ v: 1, publicId: 'pub1', channel: 'iframe', sessionId: a.sessionId, source: 'https://customer.example/products' });
    expect(batch.sessionId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(batch.events.map((e) => e.id)).toEqual([`${a.sessionId}.session`, `${a.sessionId}.1`]);
    expect(batch.events[1]).toMatchObject({ name: 'slide_nav', fromSlideId: null, slideId: 1 });
    expect(a.pending()).toEqual([]);
  });

  it('flushes at once at MAX_BATCH_EVENTS', async () => {
    const a = client();
    for (let i = 0; i < MAX_BATCH_EVENTS; i++) a.track('click', { slideId: 1, optionId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.batch.events).toHaveLength(MAX_BATCH_EVENTS);
  });

  it('sends once-per-session events once per bot and channel, also across a reload of the tab', async () => {
    const a = client();
    a.track('session');
    a.track('opened');
    a.track('opened');
    a.destroy();
    const again = client(); // same tab (same storage): a reload
    again.track('session');
    again.track('opened');
    again.track('click', { slideId: 1, optionId: 2 });
    const other = client({ channel: 'widget' });
    other.track('session');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(again.sessionId).toBe(a.sessionId);
    expect(other.sessionId).not.toBe(a.sessionId);
    const ids = sent.flatMap((s) => s.batch.events.map((e) => e.id));
    expect(ids.filter((id) => id.endsWith('.session'))).toEqual([`${a.sessionId}.session`, `${other.sessionId}.session`]);
    expect(ids.filter((id) => id.endsWith('.opened'))).toHaveLength(1);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a new tab (empty sessionStorage) is a new session; a failing sessionStorage falls back to memory', () => {
    const a = client();
    storage = memoryStorage();
    const b = client();
    expect(b.sessionId).not.toBe(a.sessionId);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } } as unknown as Storage;
    const c = client({ storage: broken });
    expect(c.sessionId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    c.track('session');
    expect(c.pending()).toHaveLength(1);
  });
});

describe('page hide', () => {
  it('on pagehide closes the open slide visit and sends everything by sendBeacon', async () => {
    let now = 1_000_000;
    const a = client({ now: () => now });
    let videoTime: number | null = 0;
    const tracker = trackPlayer(a, { slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', options: [] }] }, () => videoTime, () => now);
    tracker.onEvent({ type: 'slide.enter', from: null, to: 1, slideId: 1, name: 'Intro', path: [1] });
    tracker.onEvent({ type: 'video.play', slideId: 1, currentTime: 0 });
    now += 7_300;
    videoTime = 7.25;
    win.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.beacon).toBe(true);
    expect(names()).toEqual(['slide_nav', 'opened', 'intro_viewed', 'slide_played']);
    expect(sent[0]!.batch.events.at(-1)).toMatchObject({ name: 'slide_played', slideId: 1, seconds: 7.3 });
  });

  it('visibilitychange to hidden flushes too; coming back, the same slide counts on from there', async () => {
    let now = 0;
    const a = client({ now: () => now });
    const tracker = trackPlayer(a, { slides: [{ id: 2, name: 'Pic', category: 'REGULAR', type: 'IMAGE', options: [] }] } as never, () => null, () => now);
    tracker.onEvent({ type: 'slide.enter', from: null, to: 2, slideId: 2, name: 'Pic', path: [2] });
    now += 4000;
    (win.document as unknown as { visibilityState: string }).visibilityState = 'hidden';
    win.document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)!.beacon).toBe(true);
    expect(sent.at(-1)!.batch.events.at(-1)).toMatchObject({ name: 'slide_played', slideId: 2, seconds: 4 });
    now += 60_000; // hidden: not counted… (the visit restarted at the hide)
    tracker.endVisit();
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sent.at(-1)!.batch.events.at(-1)).toMatchObject({ name: 'slide_played', slideId: 2, seconds: 60 });
  });
});

describe('retries', () => {
  it('keeps the same ids after a network error / 5xx and backs off', async () => {
    answers = ['retry', 'retry', 'ok'];
    const a = client();
    a.track('session');
    a.track('click', { slideId: 1, optionId: 1 });
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(sent).toHaveLength(2); // second back-off is 2 s
    await vi.advanceTimersByTimeAsync(600);
    expect(sent).toHaveLength(3);
    const ids = sent.map((s) => s.batch.events.map((e) => e.id));
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    expect(a.pending()).toEqual([]);
  });

  it('keeps unsent events in sessionStorage, so a reload sends them', async () => {
    answers = ['retry'];
    const a = client();
    a.track('session');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    a.destroy();
    const ids = sent[0]!.batch.events.map((e) => e.id);
    sent = [];
    client(); // the reloaded page
    await vi.advanceTimersByTimeAsync(10);
    expect(sent[0]!.batch.events.map((e) => e.id)).toEqual(ids);
  });

  it('a 4xx other than 429 drops the batch', async () => {
    answers = ['drop'];
    const a = client();
    a.track('session');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS + 10_000);
    expect(sent).toHaveLength(1);
    expect(a.pending()).toEqual([]);
  });

  it('the default transport maps statuses: 2xx ok, 429 / 5xx / network retry, other 4xx drop; beacons are text/plain', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 202 }));
    expect(await defaultTransport('u', '{}', false)).toBe('ok');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 429 }));
    expect(await defaultTransport('u', '{}', false)).toBe('retry');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
    expect(await defaultTransport('u', '{}', false)).toBe('retry');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await defaultTransport('u', '{}', false)).toBe('retry');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 400 }));
    expect(await defaultTransport('u', '{}', false)).toBe('drop');
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    expect(await defaultTransport('u', '{"a":1}', true)).toBe('ok');
    const blob = (beacon.mock.calls[0] as unknown as [string, Blob])[1];
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toBe('{"a":1}');
    vi.unstubAllGlobals();
  });
});

describe('consent', () => {
  it('records nothing while analytics_storage is not granted; a grant records from then on', async () => {
    const a = client({ consentRequired: true });
    a.track('session');
    a.track('click', { slideId: 1, optionId: 1 });
    win.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 3);
    expect(sent).toEqual([]);
    expect(a.pending()).toEqual([]);
    expect(storage.getItem('vidbot.a.q.pub1.iframe') ?? '[]').toBe('[]');
    a.setConsent({ analytics_storage: 'denied' });
    a.track('click', { slideId: 1, optionId: 1 });
    expect(a.allowed).toBe(false);
    a.setConsent({ ad_storage: 'granted', analytics_storage: 'granted' });
    expect(a.allowed).toBe(true);
    a.track('cta', { slideId: 1, optionId: 1 });
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    // The session counts from the grant; the click before it does not.
    expect(names()).toEqual(['session', 'cta']);
  });

  it('a withdrawal stops recording and discards what is queued', async () => {
    const a = client({ consentRequired: true, consent: { analytics_storage: 'granted' } });
    a.track('session');
    a.setConsent({ analytics_storage: 'denied' });
    a.track('click', { slideId: 1, optionId: 1 });
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 2);
    expect(sent).toEqual([]);
  });

  it('awaitConsentMs: events before the host\'s first consent are kept in memory and recorded only if it allows', async () => {
    const granted = client({ consentRequired: true, awaitConsentMs: 5000, now: () => 42 });
    granted.track('session');
    granted.track('opened');
    expect(granted.pending()).toEqual([]);
    granted.setConsent({ analytics_storage: 'granted' });
    const denied = client({ consentRequired: true, awaitConsentMs: 5000, publicId: 'pub2' });
    denied.track('session');
    denied.setConsent({});
    denied.setConsent({ analytics_storage: 'granted' });
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    const byBot = (id: string) => sent.filter((s) => s.batch.publicId === id).flatMap((s) => s.batch.events);
    expect(byBot('pub1').map((e) => [e.name, e.at])).toEqual([['session', 42], ['opened', 42]]);
    // pub2: the first consent denied; the session counts from the later grant only.
    expect(byBot('pub2').map((e) => e.name)).toEqual(['session']);
  });

  it('analytics off (account disableAnalytics or bot isAnalyticEnabled false) sends nothing, whatever the consent', async () => {
    const a = client({ enabled: false });
    a.setConsent({ analytics_storage: 'granted' });
    a.track('session');
    a.track('click', { slideId: 1, optionId: 1 });
    win.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 2);
    expect(sent).toEqual([]);
  });

  it('uses no cookies', async () => {
    const before = document.cookie;
    const a = client();
    a.track('session');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(document.cookie).toBe(before);
  });
});

describe('sourceOf', () => {
  it('keeps origin and path, drops query and fragment, refuses non-http', () => {
    expect(sourceOf('https://shop.example/a/b?utm=x#top')).toBe('https://shop.example/a/b');
    expect(sourceOf('')).toBe('');
    expect(sourceOf('javascript:alert(1)')).toBe('');
    expect(sourceOf(`https://x.example/${'a'.repeat(600)}`)).toHaveLength(500);
  });
});
