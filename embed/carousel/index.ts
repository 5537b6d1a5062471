/**
 * The carousel script (issue 15 "Widgets"; architecture note §1; issue 20 strict CSP), pasted as
 * `<div data-vidbot-carousel="{publicId}"></div>\n<script async src="V/embed/carousel.js"></script>`
 * (`carouselCode`, server/src/modules/share/embed.codes.ts) and built to dist/embed/carousel.js as one
 * classic IIFE (scripts/build-loader.mjs; budget ≤ 6 KB gzip, embed/carousel/carousel.size.test.ts).
 *
 * V is the origin of the script's own `src`. At start (or at DOMContentLoaded) it fills every
 * `[data-vidbot-carousel]` element of the page: `GET V/api/public/widget/{publicId}` → CarouselConfig →
 * `mountCarousel` (carousel.ts). An element whose widget cannot be shown (404, offline) stays empty.
 * The same script pasted several times (one per carousel) runs once and fills the newcomers.
 *
 * `window.VidbotCarousel` (optional host API):
 * - `refresh()` — fills elements added since (single-page apps) and fetches every config again past
 *   the HTTP cache;
 * - `setConsent({ analytics_storage: 'granted', … })` — merged and sent to the player frames (now and
 *   when one opens), as the widget loader's `Vidbot.setConsent`.
 * Nothing loads a player until the viewer presses an item.
 */
import type { CarouselConfig } from '../../server/src/modules/widget/widget.schemas';
import { mountCarousel, type MountedCarousel } from './carousel';

(() => {
  const W = window as unknown as Record<string, any>;
  const D = document;
  if (W.VidbotCarousel) return W.VidbotCarousel.refresh(1);
  const script = D.currentScript as HTMLScriptElement | null;
  const V = script ? new URL(script.src).origin : location.origin;
  const mounted = new Map<Element, MountedCarousel | 0>();
  const consent: Record<string, string> = {};

  async function fill(el: HTMLElement, fresh?: boolean) {
    const id = el.dataset.vidbotCarousel;
    if (!id) return;
    if (!mounted.has(el)) mounted.set(el, 0);
    try {
      const res = await fetch(`${V}/api/public/widget/${encodeURIComponent(id)}`, fresh ? { cache: 'no-cache' } : undefined);
      if (!res.ok) return;
      const c = (await res.json()) as CarouselConfig;
      (mounted.get(el) || undefined)?.destroy();
      mounted.set(el, mountCarousel(el, c, V, () => consent));
    } catch {
      // offline or blocked: the element stays empty
    }
  }
  /** `newOnly`: only elements not seen yet (a second copy of the script). */
  const scan = (newOnly?: 1) => D.querySelectorAll<HTMLElement>('[data-vidbot-carousel]').forEach((el) => (!newOnly || !mounted.has(el)) && fill(el, !newOnly));
  W.VidbotCarousel = {
    refresh: scan,
    setConsent(c: Record<string, string>) {
      Object.assign(consent, c);
      mounted.forEach((m) => m && m.send({ type: 'setConsent', consent }));
    },
  };
  if (D.readyState == 'loading') D.addEventListener('DOMContentLoaded', () => scan(1));
  else scan(1);
})();
