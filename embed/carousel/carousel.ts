/**
 * One carousel on a host page (issue 15 "The carousels render through the loader … responsive,
 * keyboard-operable (arrow keys, focus visible), lazy-loading covers, never loading a player before
 * interaction"; issue 20 strict CSP; spec 002 §3 appearanceSettings, visible counts, breakpoints).
 *
 * `mountCarousel(host, config, V)` renders `config` (CarouselConfig, server/src/modules/widget/
 * widget.schemas.ts) into an open shadow root of `host` (the `[data-vidbot-carousel]` element):
 * - styles: `config.css` and `config.customCss` as constructable stylesheets (`adoptedStyleSheets`);
 *   per-carousel values as `--vb-*` custom properties (`style.setProperty`); no style element, no style
 *   attribute, no HTML strings (DOM through createElement / textContent only);
 * - a region (`aria-roledescription="carousel"`, labelled with the widget's name) with a list of
 *   items (`<ul>`/`<li>`, one `<button>` each: cover `<img loading="lazy">`, name, description Top or
 *   Bottom when enabled); type classes Slider (9:16, 16:9 with horizontalMode), Card, Thumbnail (round,
 *   thumbnailSize);
 * - visible count = `visible.desktop` when the host is at least `breakpoints.desktop` px wide,
 *   `visible.tablet` from `breakpoints.tablet`, else `visible.mobile` (ResizeObserver on the host);
 * - arrows (Previous / Next page; disabled at the ends unless `infinite`, which wraps), bullets (one
 *   per page, `aria-current`), a polite live region announcing the visible range after the viewer moved;
 * - keyboard: one item is in the tab order (roving tabindex); ArrowLeft / ArrowRight move focus to the
 *   previous / next item (wrapping with `infinite`), Home / End to the first / last, scrolling it into
 *   view; Enter / Space press the item's button;
 * - autoPreview: the hovered / focused item plays its intro video muted (created then, removed on
 *   leave); never under `prefers-reduced-motion`;
 * - isAutoSwipe: the next page every AUTO_SWIPE_MS, paused while hovered, focused or the dialog is open,
 *   stopped for good once the viewer used the arrows, bullets or keys; never under reduced motion;
 * - no player before interaction: pressing an item opens a modal `<dialog>` (focus moves to its Close
 *   button; the rest of the page is inert while it is open; Escape or Close closes it; focus returns to
 *   the item) on `playerBackgroundColor`, holding the iframe `frameUrl&host=<origin>&autoplay=1`. The
 *   frame is removed on close. A `VIDBOT_CLOSE` from that frame (origin V; Escape inside the player)
 *   closes the dialog too. Consent given to the host API reaches the frame as a `setConsent` command.
 */
import type { CarouselConfig } from '../../server/src/modules/widget/widget.schemas';

/** Milliseconds between automatic page changes (isAutoSwipe). */
export const AUTO_SWIPE_MS = 5000;

const WORDS = {
  en: ['Previous', 'Next', 'Close', 'Page', 'Items {a}–{b} of {n}'],
  fi: ['Edellinen', 'Seuraava', 'Sulje', 'Sivu', 'Kohteet {a}–{b} / {n}'],
};

/** A mounted carousel. */
export interface MountedCarousel {
  /** Opens the player dialog of item `i`. */
  open(i: number): void;
  close(): void;
  /** Posts a command (`{ type, … }`) to the open player frame, if any. */
  send(command: Record<string, unknown>): void;
  /** Removes the carousel, its timers and listeners. */
  destroy(): void;
}

/**
 * Renders `c` into `host`'s shadow root (replacing what was there).
 * @param V the Vidbot origin (frame messages are accepted only from it; commands go only to it).
 * @param consent the host's consent so far (sent to each player frame when it loads).
 */
export function mountCarousel(host: HTMLElement, c: CarouselConfig, V: string, consent: () => Record<string, string> = () => ({})): MountedCarousel {
  const D = document;
  const T = WORDS[/^fi/i.test(D.documentElement.lang) ? 'fi' : 'en'];
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const a = c.appearance;
  const items = c.items;
  const N = items.length;
  const mk = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, parent: Node, label?: string): HTMLElementTagNameMap[K] => {
    const e = D.createElement(tag);
    e.className = cls;
    if (label) e.setAttribute('aria-label', label);
    parent.appendChild(e);
    return e;
  };
  const root = host.shadowRoot || host.attachShadow({ mode: 'open' });
  root.replaceChildren();
  root.adoptedStyleSheets = [c.css, c.customCss || ''].map((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
  const w = mk('div', `vb-carousel t-${c.type} a-${a.align}${a.horizontalMode ? ' hz' : ''}${a.descriptionPosition == 'Top' ? ' dt' : ''}`, root, c.name);
  w.setAttribute('role', 'region');
  w.setAttribute('aria-roledescription', 'carousel');
  const set = (k: string, v: string | number) => w.style.setProperty('--vb-' + k, String(v));
  set('rad', a.radius + 'px');
  set('ts', (a.thumbnailSize || 80) + 'px');
  set('bg', a.playerBackgroundColor);
  const row = mk('div', 'row', w);
  const arrow = (cls: string, label: string, text: string, d: number) => {
    const b = mk('button', cls, row, label);
    b.textContent = text;
    b.onclick = () => {
      stopped = true;
      page(d);
    };
    return b;
  };
  const prev = a.arrows ? arrow('pr', T[0]!, '‹', -1) : null;
  const vp = mk('div', 'v', row);
  vp.onscroll = () => (vp.scrollLeft = 0);
  const list = mk('ul', 'l', vp);
  const next = a.arrows ? arrow('nx', T[1]!, '›', 1) : null;
  const dots = a.bullets ? mk('div', 'dots', w, T[3]) : null;
  dots?.setAttribute('role', 'group');
  const live = mk('div', 'sr', w);
  live.setAttribute('aria-live', 'polite');

  let n = 1;
  let pos = 0;
  let focusIdx = 0;
  let stopped = false;
  let paused = 0;
  let isOpen = false;
  let opened = 0;
  let frame: HTMLIFrameElement | undefined;
  let pv: HTMLVideoElement | undefined;

  const medias: HTMLElement[] = [];
  const btns = items.map((it, i) => {
    const b = mk('button', 'b', mk('li', 'i', list));
    b.tabIndex = i ? -1 : 0;
    const m = mk('span', 'm', b);
    medias.push(m);
    if (it.coverUrl) {
      const img = mk('img', '', m);
      img.alt = '';
      img.loading = 'lazy';
      img.decoding = 'async';
      img.src = it.coverUrl;
    }
    const x = mk('span', 'x', b);
    mk('span', 'nm', x).textContent = it.name;
    if (a.descriptionEnabled && it.description) mk('span', 'ds', x).textContent = it.description;
    b.onclick = () => open(i);
    b.onfocus = () => {
      rove(i);
      reveal(i);
      preview(i);
    };
    b.onmouseenter = () => preview(i);
    b.onmouseleave = b.onblur = () => preview(-1);
    return b;
  });

  const maxPos = () => Math.max(0, N - n);
  const pages = () => Math.ceil(N / n);
  function go(p: number, announce?: boolean) {
    pos = Math.max(0, Math.min(p, maxPos()));
    set('pos', pos);
    const loop = a.infinite && N > n;
    if (prev) prev.disabled = !loop && pos == 0;
    if (next) next.disabled = !loop && pos >= maxPos();
    if (dots) {
      const count = N > n ? pages() : 0;
      if (dots.childElementCount != count) {
        dots.replaceChildren();
        for (let k = 0; k < count; k++) {
          const d = mk('button', '', dots, `${T[3]} ${k + 1} / ${count}`);
          d.onclick = () => {
            stopped = true;
            go(k * n, true);
          };
        }
      }
      const cur = pos >= maxPos() ? count - 1 : Math.floor(pos / n);
      [...dots.children].forEach((d, k) => d.setAttribute('aria-current', String(k == cur)));
    }
    if (announce) live.textContent = T[4]!.replace('{a}', String(pos + 1)).replace('{b}', String(Math.min(pos + n, N))).replace('{n}', String(N));
  }
  function page(d: number, announce = true) {
    const last = maxPos();
    let p = pos + d * n;
    if (d > 0 && pos >= last) p = a.infinite || !announce ? 0 : last;
    else if (d < 0 && pos <= 0) p = a.infinite ? last : 0;
    go(p, announce);
  }
  const reveal = (i: number) => {
    if (i < pos) go(i, true);
    else if (i >= pos + n) go(i - n + 1, true);
  };
  const rove = (i: number) => {
    btns[focusIdx] && (btns[focusIdx]!.tabIndex = -1);
    focusIdx = i;
    btns[i]!.tabIndex = 0;
  };
  // The item whose muted preview plays (-1: none). Hover then focus (a mouse press) must not rebuild the
  // video under the pointer: a press whose target is replaced between mousedown and mouseup gets no click.
  let pvAt = -1;
  const preview = (i: number) => {
    if (i == pvAt && pv) return;
    pvAt = i;
    pv?.remove();
    pv = undefined;
    const u = items[i]?.previewVideoUrl;
    if (!u || !a.autoPreview || reduce) return;
    pv = mk('video', '', medias[i]!);
    pv.muted = pv.playsInline = pv.loop = true;
    pv.setAttribute('aria-hidden', 'true');
    pv.src = u;
    pv.play()?.catch(() => undefined);
  };
  list.onkeydown = (e) => {
    const k = e.key;
    let i = k == 'ArrowRight' ? focusIdx + 1 : k == 'ArrowLeft' ? focusIdx - 1 : k == 'Home' ? 0 : k == 'End' ? N - 1 : NaN;
    if (i !== i || !N) return;
    e.preventDefault();
    stopped = true;
    i = a.infinite ? (i + N) % N : Math.max(0, Math.min(i, N - 1));
    rove(i);
    btns[i]!.focus({ preventScroll: true });
  };

  const width = () => host.getBoundingClientRect().width || innerWidth;
  const layout = () => {
    const px = width();
    const b = c.breakpoints;
    const v = c.visible;
    n = Math.max(1, px >= b.desktop ? v.desktop : px >= b.tablet ? v.tablet : v.mobile);
    set('n', n);
    list.classList.toggle('few', N <= n);
    go(pos);
  };
  layout();
  const ro = typeof ResizeObserver != 'undefined' ? new ResizeObserver(layout) : undefined;
  ro?.observe(host);

  // Auto swipe: paused while the viewer is on the carousel (hover, focus) or watching.
  const hold = (d: number) => () => (paused = Math.max(0, paused + d));
  w.onmouseenter = hold(1);
  w.onmouseleave = hold(-1);
  w.addEventListener('focusin', hold(1));
  w.addEventListener('focusout', hold(-1));
  const timer = c.isAutoSwipe && !reduce ? setInterval(() => !stopped && !paused && !isOpen && N > n && page(1, false), AUTO_SWIPE_MS) : undefined;

  const dlg = mk('dialog', 'd', w);
  dlg.setAttribute('aria-modal', 'true');
  const cx = mk('button', 'c', dlg, T[2]);
  cx.textContent = '×';
  cx.onclick = () => close();
  dlg.oncancel = (e) => {
    e.preventDefault();
    close();
  };
  const send = (cmd: Record<string, unknown>) => frame?.contentWindow?.postMessage({ source: 'vidbot-host', v: 1, ...cmd }, V);

  function open(i: number) {
    const it = items[i];
    if (!it) return;
    close();
    preview(-1);
    isOpen = true;
    opened = i;
    dlg.setAttribute('aria-label', it.name);
    frame = mk('iframe', 'f', dlg);
    frame.title = it.name;
    frame.allow = 'autoplay; fullscreen; clipboard-write';
    frame.onload = () => {
      const given = consent();
      if (Object.keys(given).length) send({ type: 'setConsent', consent: given });
    };
    frame.src = `${it.frameUrl}&host=${encodeURIComponent(location.origin)}&autoplay=1`;
    dlg.showModal();
    cx.focus();
  }
  function close() {
    if (!isOpen) return;
    isOpen = false;
    dlg.close();
    frame?.remove();
    frame = undefined;
    rove(opened);
    btns[opened]?.focus();
  }
  const onMessage = (e: MessageEvent) => {
    const d = e.data;
    if (frame && e.source == frame.contentWindow && e.origin == V && d && d.source == 'vidbot' && d.v == 1 && d.type == 'VIDBOT_CLOSE') close();
  };
  addEventListener('message', onMessage);

  return {
    open,
    close,
    send,
    destroy() {
      close();
      clearInterval(timer);
      ro?.disconnect();
      removeEventListener('message', onMessage);
      root.replaceChildren();
    },
  };
}
