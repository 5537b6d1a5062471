/**
 * The bubble's stylesheet (issue 12 widget; issue 20 strict CSP): applied to the shadow root with a
 * constructable stylesheet (`adoptedStyleSheets`), never a style element or a style attribute.
 * Every per-bot value arrives as a `--vb-*` custom property set with `style.setProperty`
 * (server/src/modules/share/widget.view.ts `bubbleVars`). Kept short: it counts against the
 * loader's 2 KB gzip budget. Mobile below 768 px (spec 001 §9 preview breakpoint).
 */
/**
 * The class of the bubble's root element in the shadow root (bubble.ts): every rule of the widget's
 * custom CSS (widgetSettings.stylesRaw) is scoped under it by the server
 * (server/src/modules/share/custom-css.ts `sanitizeCustomCss(raw, origin, BUBBLE_SCOPE)`).
 * Parts inside it: `.o` the bubble (button with the video), `.t` the call-to-action text, `.x` the
 * close button, `.d` the dialog, `.c` the dialog's close button, `.f` the player frame.
 */
export const BUBBLE_SCOPE = '.w';

export const BUBBLE_CSS =
  ':host{all:initial!important}' +
  '.w{position:fixed;z-index:2147483000;top:var(--vb-t);right:var(--vb-r);bottom:var(--vb-b);left:var(--vb-l);display:flex;flex-direction:var(--vb-fd);align-items:var(--vb-ai);gap:var(--vb-co);font:15px/1.3 system-ui,sans-serif;transition:opacity .3s}' +
  '.h{display:none}.s{opacity:0;visibility:hidden}' +
  'button{font:inherit;color:inherit;background:none;border:0;padding:0;margin:0;cursor:pointer}' +
  ':focus-visible{outline:3px solid #4d90fe;outline-offset:2px}' +
  '.t{background:var(--vb-cb);color:var(--vb-ct);padding:8px 12px;border-radius:16px;max-width:240px;box-shadow:0 2px 8px #0004}' +
  '.b{position:relative}' +
  '.o{display:block;width:var(--vb-w);height:var(--vb-h);border-radius:var(--vb-rad);border:3px solid var(--vb-bc);overflow:hidden;background:#000;box-shadow:0 2px 12px #0005}' +
  'video{display:block;width:100%;height:100%;object-fit:cover;object-position:var(--vb-x) var(--vb-y);transform:scale(var(--vb-s));transform-origin:var(--vb-x) var(--vb-y)}' +
  '.x,.c{position:absolute;top:-6px;right:-6px;width:26px;height:26px;border-radius:50%;background:#000c;color:#fff;font-size:18px;line-height:26px;text-align:center}' +
  '.d{position:fixed;top:var(--vb-t);right:var(--vb-r);bottom:var(--vb-b);left:var(--vb-l);margin:0;padding:0;border:0;border-radius:12px;overflow:hidden;background:#000;width:min(400px,100vw - 16px);height:min(720px,100vh - 16px);max-width:none;max-height:none}' +
  '.d::backdrop{background:#0006}.c{top:8px;right:8px;z-index:1}' +
  '.f{display:block;width:100%;height:100%;border:0}' +
  '@media(max-width:767px){.o{width:var(--vb-mw);height:var(--vb-mh);border-radius:var(--vb-mrad)}.hm{display:none}.d{inset:0;width:100%;height:100%;border-radius:0}}';
