/**
 * The widget bubble on the host page (issue 12 "Widget script"; issue 20 strict CSP; architecture
 * §1, §2): a `<vidbot-widget>` element appended to `<body>` holding an open shadow root (open, so
 * the host's tests and tools can see inside; its styles are isolated either way). It never changes
 * the host's layout or scroll: the host element is reset with `:host { all: initial }` (an empty inline
 * box), everything visible sits in a fixed-position wrapper, and nothing is set on `<body>`.
 *
 * `mountBubble(config, V, emit, consent, loops)` renders:
 * - the chat video (muted, playsinline; autoplays when `autoplayMuted` and the viewer does not prefer
 *   reduced motion; plays `loops` times — widgetSettings.loopLimit — then stops on the poster), cropped
 *   and sized by the `--vb-*` properties of `config.vars`;
 * - the call-to-action text (`text`, removed after `textDurationMs`; hidden on mobile with
 *   `hideCtaMobile`), a close button (`closeButtonEnabled`: hides the widget);
 * - on click, or after `openAfter` ms with `automaticallyOpen`, a modal `<dialog>` (aria-modal,
 *   labelled with the bot name; Escape and its close button close it; focus moves to its close button
 *   and back to the bubble) holding an iframe (title = bot name) of
 *   `frameUrl&host=<location.origin>&autoplay=1` (`&muted=1` when opened automatically);
 * - `hideOnScroll` (`mobile` below 768 px, `both`): hidden while the page scrolls, back 1 s after.
 * Commands go to the frame as `vidbot-host` messages (protocol.ts) to origin V; the frame's
 * `VIDBOT_CLOSE` (accepted only from its own window and origin V) closes the dialog without a second
 * event. `emit` receives VIDBOT_OPEN / VIDBOT_CLOSE.
 * DOM is built with createElement/textContent only (no HTML strings).
 */
import type { WidgetShown } from '../../server/src/modules/share/widget.schemas';

/** A mounted bubble. */
export interface Bubble {
  /** Opens the dialog (creates the frame the first time); `auto` = no user gesture (frame starts muted). */
  open(auto?: boolean): void;
  /** Closes the dialog; `silent` = the frame asked (no VIDBOT_CLOSE from the loader). */
  close(silent?: boolean): void;
  show(): void;
  /** Hides bubble and dialog and pauses both videos. */
  hide(): void;
  remove(): void;
  /** Posts a command (`{ type, … }`) to the frame, if it exists. */
  send(command: Record<string, unknown>): void;
}

export function mountBubble(
  c: WidgetShown,
  V: string,
  emit: (type: 'VIDBOT_OPEN' | 'VIDBOT_CLOSE') => void,
  consent: () => Record<string, string>,
  loops = c.settings.loopLimit,
): Bubble {
  const D = document;
  const s = c.settings;
  const mk = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, parent: Node, label?: string): HTMLElementTagNameMap[K] => {
    const e = D.createElement(tag);
    e.className = cls;
    if (label) e.setAttribute('aria-label', label);
    parent.appendChild(e);
    return e;
  };
  const closeLabel = c.lang == 'fi' ? 'Sulje' : 'Close';
  const host = D.createElement('vidbot-widget');
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [c.css, c.customCss || ''].map((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
  const w = mk('div', 'w', root);
  for (const k in c.vars) w.style.setProperty(k, c.vars[k]!);
  const timers: ReturnType<typeof setTimeout>[] = [];
  const later = (f: () => void, ms: number) => timers.push(setTimeout(f, ms));

  let isOpen = false;
  let frame: HTMLIFrameElement | undefined;
  const send = (cmd: Record<string, unknown>) => frame?.contentWindow?.postMessage({ source: 'vidbot-host', v: 1, ...cmd }, V);

  if (s.text && s.textDurationMs) {
    const t = mk('button', s.hideCtaMobile ? 't hm' : 't', w);
    t.textContent = s.text;
    t.onclick = () => open();
    later(() => t.remove(), s.textDurationMs);
  }
  const b = mk('div', 'b', w);
  const o = mk('button', 'o', b, c.name);
  const vid = mk('video', '', o);
  vid.muted = vid.playsInline = true;
  if (c.posterUrl) vid.poster = c.posterUrl;
  let n = 0;
  vid.onended = () => {
    if (++n < loops) vid.play();
    else {
      vid.autoplay = false;
      vid.load();
    }
  };
  vid.autoplay = s.autoplayMuted && loops > 0 && !matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (c.chatVideoUrl) vid.src = c.chatVideoUrl;
  o.onclick = () => open();
  if (s.closeButtonEnabled) {
    const x = mk('button', 'x', b, closeLabel);
    x.textContent = '×';
    x.onclick = () => hide();
  }

  const dlg = mk('dialog', 'd', w, c.name);
  dlg.setAttribute('aria-modal', 'true');
  const cx = mk('button', 'c', dlg, closeLabel);
  cx.textContent = '×';
  cx.onclick = () => close();
  dlg.oncancel = (e) => {
    e.preventDefault();
    close();
  };

  function open(auto?: boolean) {
    if (isOpen) return;
    isOpen = true;
    if (frame) send({ type: 'play' });
    else {
      frame = mk('iframe', 'f', dlg);
      frame.title = c.name;
      frame.allow = 'autoplay; fullscreen; clipboard-write';
      frame.onload = () => send({ type: 'setConsent', consent: consent() });
      frame.src = `${c.frameUrl}&host=${encodeURIComponent(location.origin)}&autoplay=1${auto ? '&muted=1' : ''}`;
    }
    dlg.showModal();
    cx.focus();
    emit('VIDBOT_OPEN');
  }
  function close(silent?: boolean) {
    if (!isOpen) return;
    isOpen = false;
    dlg.close();
    send({ type: 'pause' });
    o.focus();
    if (!silent) emit('VIDBOT_CLOSE');
  }
  function hide() {
    close();
    vid.pause();
    w.classList.add('h');
  }
  const onMessage = (e: MessageEvent) => {
    const d = e.data;
    if (frame && e.source == frame.contentWindow && e.origin == V && d && d.source == 'vidbot' && d.v == 1 && typeof d.publicId == 'string' && d.type == 'VIDBOT_CLOSE') close(true);
  };
  let scrolled: ReturnType<typeof setTimeout> | undefined;
  const onScroll = () => {
    if (s.hideOnScroll == 'both' || innerWidth < 768) {
      w.classList.add('s');
      clearTimeout(scrolled);
      scrolled = setTimeout(() => w.classList.remove('s'), 1000);
    }
  };
  addEventListener('message', onMessage);
  if (s.hideOnScroll != 'none') addEventListener('scroll', onScroll, { passive: true });
  if (s.automaticallyOpen) later(() => open(true), s.openAfter);
  D.body.appendChild(host);

  return {
    open,
    close,
    hide,
    show: () => w.classList.remove('h'),
    remove() {
      close(true);
      timers.forEach(clearTimeout);
      clearTimeout(scrolled);
      removeEventListener('message', onMessage);
      removeEventListener('scroll', onScroll);
      host.remove();
    },
    send,
  };
}
