/**
 * The widget loader (issue 12 "Widget script", "Host JS API"; issue 20 strict CSP; architecture §1,
 * §4): a classic script pasted as
 * `<script async src="V/embed/loader.js" data-vidbot-id="{publicId}"></script>`, built to
 * dist/embed/loader.js as one IIFE (scripts/build-loader.mjs; budget ≤ 2 KB gzip, checked by
 * embed/loader/loader.size.test.ts).
 *
 * At start it reads its own tag (`document.currentScript`): the bot id (`data-vidbot-id`) and the
 * consent attributes `data-{ad,analytics,functionality,personalization,security}-storage` =
 * granted|denied (read again by `refresh()`); V is the origin of its `src`. It fetches
 * `V/api/public/bot/{id}/widget?url=<location.href>` — or, in the sync variant
 * (`V/embed/sync/{id}.js`), finds that answer injected as `__vidbotConfig` — and mounts the bubble
 * (bubble.ts) when `show` is true, posting `VIDBOT_LOADED` (channel widget) to the page.
 *
 * `window.Vidbot`: open(), close(), show(), hide() (pauses), refresh() (removes the bubble, re-reads
 * the data attributes and the current URL, fetches the config again bypassing the HTTP cache),
 * remove(), enableAnalytics() / disableAnalytics() (= setConsent of analytics_storage),
 * setConsent({ ad_storage?, analytics_storage?, … }) — kept and sent to the frame. Calls made
 * before the config arrived, and `window.vidbotQ.push(['open'])` entries queued before the script
 * ran, run in order once it has; afterwards `vidbotQ.push` calls directly.
 * Events (protocol.ts): the loader posts VIDBOT_LOADED, VIDBOT_OPEN, VIDBOT_CLOSE to its window,
 * `{ source: 'vidbot', v: 1, type, publicId }`; everything else comes from the frame itself.
 * Analytics hand-off (issue 13): with `handoff` in the config (parent_gtm → 'gtm', parent_ga4 →
 * 'ga4'), VIDBOT_ANALYTICS_EVENTs named `vidbot_*` from origin V (the frame posts them only for events
 * it recorded, i.e. after consent) go to `dataLayer.push({ event, …data })` or `gtag('event', name, data)`
 * when the host has a gtag.
 */
import type { WidgetConfig } from '../../server/src/modules/share/widget.schemas';
import { mountBubble, type Bubble } from './bubble';

declare const __vidbotConfig: WidgetConfig | undefined;

type Call = [string, ...unknown[]];

(() => {
  const W = window as unknown as Record<string, any>;
  const D = document;
  const script = D.currentScript as HTMLScriptElement | null;
  if (W.Vidbot || !script) return;
  const V = new URL(script.src).origin;
  const id = script.dataset.vidbotId || script.src.split('/').pop()!.split('.')[0]!;
  let cfg: WidgetConfig | undefined = typeof __vidbotConfig != 'undefined' ? __vidbotConfig : undefined;
  let b: Bubble | undefined;
  let ready = false;
  const consent: Record<string, string> = {};
  const q: Call[] = [...(W.vidbotQ || [])];

  const emit = (type: string) => postMessage({ source: 'vidbot', v: 1, type, publicId: cfg!.show && cfg!.publicId, ...(type == 'VIDBOT_LOADED' && { channel: 'widget' }) }, '*');
  const api: Record<string, (...a: any[]) => void> = {
    open: () => b?.open(),
    close: () => b?.close(),
    show: () => b?.show(),
    hide: () => b?.hide(),
    remove() {
      b?.remove();
      b = undefined;
    },
    refresh() {
      api.remove!();
      ready = false;
      cfg = undefined;
      load(1);
    },
    setConsent(c: Record<string, string>) {
      Object.assign(consent, c);
      b?.send({ type: 'setConsent', consent });
    },
    enableAnalytics: () => api.setConsent!({ analytics_storage: 'granted' }),
    disableAnalytics: () => api.setConsent!({ analytics_storage: 'denied' }),
  };
  const run = ([name, ...args]: Call) => api[name]?.(...args);
  const call = (c: Call) => (ready ? run(c) : q.push(c));
  W.Vidbot = {};
  for (const k in api) W.Vidbot[k] = (...a: unknown[]) => call([k, ...a]);
  W.vidbotQ = { push: call };

  async function load(fresh?: 1) {
    for (const k of ['ad', 'analytics', 'functionality', 'personalization', 'security']) {
      const x = script!.dataset[k + 'Storage'];
      if (x == 'granted' || x == 'denied') consent[k + '_storage'] = x;
    }
    try {
      cfg ||= await (await fetch(`${V}/api/public/bot/${id}/widget?url=${encodeURIComponent(location.href)}`, fresh && { cache: 'no-cache' })).json();
    } catch {
      // offline or blocked: no widget
    }
    if (cfg?.show) {
      b = mountBubble(cfg, V, emit, () => consent);
      emit('VIDBOT_LOADED');
    }
    ready = true;
    q.splice(0).forEach(run);
  }
  // Analytics hand-off (issue 13, parent_ga4 / parent_gtm): the frame's `vidbot_*` events go to the host's tag.
  addEventListener('message', (e) => {
    const d = e.data;
    const h = cfg?.show && cfg.handoff;
    if (h && e.origin == V && d?.type == 'VIDBOT_ANALYTICS_EVENT' && /^vidbot_/.test(d.name)) h == 'gtm' ? (W.dataLayer ||= []).push({ event: d.name, ...d.data }) : W.gtag?.('event', d.name, d.data);
  });
  if (D.body) load();
  else D.addEventListener('DOMContentLoaded', () => load());
})();
