/**
 * The widget editor's live carousel preview (spec 002 §2 "Widget preview … /widget-preview/current/?embed=true,
 * or /widget-preview/{id} … window messages SET_DATA and {product}_PREVIEW_READY"; "Clicking a slide
 * opens a player overlay"; issue 15; architecture note §3), the script of the carousel preview pages
 * rendered by server/src/modules/widget/carousel.routes.ts, built to dist/embed/carousel-preview.js.
 *
 * The page carries `#vidbot-carousel-data` = `{ config: CarouselConfig | null, allow: string[] }` (the
 * widget's published carousel, null for `current`; the dashboard origins allowed to talk to it). It
 * renders that carousel into `[data-vidbot-carousel-preview]`, announces `{ action: 'VIDBOT_PREVIEW_READY' }`
 * to its parent (exact origins, never '*'; the vidbot preview's `announcePreviewReady`) and re-renders
 * on each `{ action: 'SET_DATA', data: CarouselConfig }` from the parent (or opener) window at an
 * allowed origin — the editor gets that config from `POST /api/widget/{id}/preview-config`. A message
 * whose data is not a carousel config (`isCarouselConfig`) is ignored. Items open the player dialog as
 * on a host page.
 */
import type { CarouselConfig } from '../../server/src/modules/widget/widget.schemas';
import { announcePreviewReady, isAllowedOrigin } from '../../src/features/preview/previewMessages';
import { mountCarousel, type MountedCarousel } from './carousel';

const isHttp = (u: unknown) => typeof u === 'string' && /^https?:\/\//.test(u);
const isObj = (x: unknown): x is Record<string, any> => !!x && typeof x === 'object';

/**
 * True when `x` has the shape the runtime reads (CarouselConfig): type, appearance, visible counts,
 * breakpoints, css, and items whose URLs are absolute http(s) (a frame or image URL is never
 * `javascript:` or `data:`).
 */
export function isCarouselConfig(x: unknown): x is CarouselConfig {
  if (!isObj(x) || !['Slider', 'Card', 'Thumbnail'].includes(x.type) || typeof x.name !== 'string' || typeof x.css !== 'string') return false;
  if (!isObj(x.appearance) || !isObj(x.visible) || !isObj(x.breakpoints) || !Array.isArray(x.items)) return false;
  if (x.customCss != null && typeof x.customCss !== 'string') return false;
  const counts = ['mobile', 'tablet', 'desktop'].every((k) => Number.isInteger(x.visible[k]) && x.visible[k] > 0);
  const bps = ['tablet', 'desktop'].every((k) => typeof x.breakpoints[k] === 'number');
  return (
    counts &&
    bps &&
    x.items.every(
      (i: unknown) =>
        isObj(i) &&
        typeof i.name === 'string' &&
        typeof i.description === 'string' &&
        isHttp(i.frameUrl) &&
        (i.coverUrl == null || isHttp(i.coverUrl)) &&
        (i.previewVideoUrl == null || isHttp(i.previewVideoUrl)),
    )
  );
}

/** Starts the preview on this page (reads `#vidbot-carousel-data`); returns a function that stops it. */
export function startCarouselPreview(win: Window = window): () => void {
  const doc = win.document;
  const page = JSON.parse(doc.getElementById('vidbot-carousel-data')?.textContent || '{}') as { config?: CarouselConfig | null; allow?: string[] };
  const allow = [win.location.origin, ...(page.allow ?? [])];
  const host = doc.querySelector<HTMLElement>('[data-vidbot-carousel-preview]') ?? doc.body;
  doc.body.style.margin = '0';
  let current: MountedCarousel | undefined;
  const show = (c: CarouselConfig) => {
    current?.destroy();
    current = mountCarousel(host, c, win.location.origin);
  };
  if (page.config && isCarouselConfig(page.config)) show(page.config);
  const onMessage = (e: MessageEvent) => {
    if (!isAllowedOrigin(e.origin, allow) || (e.source !== win.parent && e.source !== win.opener)) return;
    const m = e.data as { action?: unknown; data?: unknown } | null;
    if (isObj(m) && m.action === 'SET_DATA' && isCarouselConfig(m.data)) show(m.data);
  };
  win.addEventListener('message', onMessage);
  announcePreviewReady(win, allow);
  return () => {
    win.removeEventListener('message', onMessage);
    current?.destroy();
  };
}

if (document.getElementById('vidbot-carousel-data')) startCarouselPreview();
