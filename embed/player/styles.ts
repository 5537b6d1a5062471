/**
 * The player's stylesheet and how it reaches the shadow root (issue 20 strict CSP: constructable
 * stylesheets through `adoptedStyleSheets`, never a `<style>` element or a `style="…"` attribute;
 * dynamic values are CSSOM property writes such as `el.style.setProperty('--vb-text', colour)`).
 *
 * Everything lives inside the player's shadow root, so nothing leaks in from the host page or out to
 * it. Sizes are in em from `:host`, which takes the page's root size. Custom properties set by the
 * player: `--vb-text` / `--vb-background` (theme.textColor / backgroundColor), `--vb-anim-duration`
 * (seconds) and `--vb-anim-repeat` (image animation, spec 001 §3 Slide imageAnimation).
 * Layout: phone first (390 px: buttons stacked, full width); from 40em wide, buttons wrap in a row.
 */
export const playerCss = `
:host { display: block; font-size: 1rem; height: 100%; }
.vb-player {
  position: relative; box-sizing: border-box; width: 100%; height: 100%; min-height: 18em;
  overflow: hidden; background: #111; color: #fff;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.4;
}
.vb-player *, .vb-player *::before, .vb-player *::after { box-sizing: border-box; }
.vb-player [hidden] { display: none !important; }
.vb-stage, .vb-slide, .vb-layer { position: absolute; inset: 0; }
.vb-slide { outline: none; overflow: hidden; }
.vb-media { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; display: block; background: #000; }
.vb-media[data-fit="contain"] { object-fit: contain; }
img.vb-media[data-animation="PAN"] { animation: vb-pan var(--vb-anim-duration, 8s) ease-in-out var(--vb-anim-repeat, 1) alternate both; }
img.vb-media[data-animation="ZOOM_OUT"] { animation: vb-zoom-out var(--vb-anim-duration, 8s) ease-out var(--vb-anim-repeat, 1) both; }
@keyframes vb-pan { from { transform: scale(1.2) translateX(-7%); } to { transform: scale(1.2) translateX(7%); } }
@keyframes vb-zoom-out { from { transform: scale(1.3); } to { transform: scale(1); } }
.vb-top {
  position: absolute; top: 0; left: 0; right: 0; display: flex; align-items: flex-start; justify-content: space-between;
  gap: 0.5em; padding: 0.75em; pointer-events: none; z-index: 2;
}
.vb-top > * { pointer-events: auto; }
.vb-controls { display: flex; flex-wrap: wrap; gap: 0.5em; margin-left: auto; justify-content: flex-end; }
.vb-control {
  display: inline-flex; align-items: center; justify-content: center; gap: 0.4em; min-width: 3.25em; min-height: 3.25em; padding: 0 0.8em;
  border: 0; border-radius: 1.4em; background: rgba(0,0,0,0.6); color: #fff; font: inherit; font-size: 0.85em; cursor: pointer;
}
.vb-control[aria-pressed="true"] { background: #fff; color: #111; }
.vb-control svg { width: 1.2em; height: 1.2em; fill: currentColor; flex: none; }
.vb-label { display: none; }
.vb-bigplay {
  position: absolute; left: 50%; top: 45%; transform: translate(-50%, -50%); z-index: 1;
  display: inline-flex; align-items: center; gap: 0.5em; min-height: 3.5em; padding: 0 1.5em; border: 0; border-radius: 2em;
  background: rgba(0,0,0,0.72); color: #fff; font: inherit; font-weight: 700; font-size: 1.1em; cursor: pointer;
}
.vb-bigplay svg { width: 1.6em; height: 1.6em; fill: currentColor; }
.vb-profile { display: flex; align-items: center; gap: 0.5em; max-width: 60%; padding: 0.3em 0.7em 0.3em 0.3em; border-radius: 2em; background: rgba(0,0,0,0.55); }
.vb-profile img { width: 2.2em; height: 2.2em; border-radius: 50%; object-fit: cover; background: #fff; }
.vb-profile span { font-weight: 600; font-size: 0.9em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.vb-options {
  position: absolute; left: 0; right: 0; bottom: 0; display: flex; flex-direction: column; align-items: stretch;
  gap: 0.5em; padding: 3em 1em 2.4em; z-index: 1;
}
.vb-player[data-gradient] .vb-options { background: linear-gradient(transparent, rgba(0,0,0,0.7)); }
.vb-option {
  min-height: 2.75em; padding: 0.6em 1.1em; border: 0.12em solid transparent; border-radius: 1.4em; font: inherit; font-weight: 600;
  background: var(--vb-background, #fff); color: var(--vb-text, #1b1b1f); cursor: pointer; text-align: center;
}
.vb-option[data-featured] { border-color: #fff; box-shadow: 0 0 0 0.2em var(--vb-background, #351dda); transform: scale(1.03); }
.vb-option[data-type="SLIDE"]::after { content: ""; }
.vb-player[data-arrows] .vb-option[data-type="SLIDE"]::after { content: " \\2192"; }
.vb-option:hover, .vb-control:hover, .vb-bigplay:hover { filter: brightness(0.92); }
.vb-option:focus-visible, .vb-control:focus-visible, .vb-bigplay:focus-visible, .vb-watermark:focus-visible, .vb-slide:focus-visible, .vb-layer :focus-visible {
  outline: 0.2em solid #ffbf47; outline-offset: 0.15em;
}
.vb-slide:focus-visible, .vb-message:focus-visible { outline-offset: -0.2em; }
.vb-watermark {
  position: absolute; right: 0.75em; bottom: 0.5em; z-index: 1; font-size: 0.75em; color: #fff; opacity: 0.85;
  text-decoration: none; padding: 0.15em 0.4em; border-radius: 0.3em; background: rgba(0,0,0,0.45);
}
.vb-watermark:hover { opacity: 1; text-decoration: underline; }
.vb-layer { z-index: 3; display: flex; align-items: center; justify-content: center; padding: 1em; background: rgba(0,0,0,0.78); overflow: auto; }
.vb-message {
  position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 1em; padding: 1.5em; text-align: center; outline: none;
}
.vb-error { position: absolute; top: 4em; left: 1em; right: 1em; margin: 0; padding: 0.5em 0.8em; border-radius: 0.4em; background: rgba(160,0,0,0.85); z-index: 2; }
.vb-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
video::cue { font-size: 1.05em; background: rgba(0,0,0,0.75); }
@media (min-width: 40em) {
  .vb-options { flex-direction: row; flex-wrap: wrap; justify-content: center; padding: 3em 1.5em 2.6em; }
  .vb-option { min-width: 10em; }
  .vb-label { display: inline; }
}
@media (prefers-reduced-motion: reduce) {
  .vb-player *, .vb-player *::before, .vb-player *::after { transition: none !important; animation: none !important; }
  .vb-option[data-featured] { transform: none; }
}
`;

/**
 * Adopts the player's stylesheet (and the bot's server-sanitised custom CSS, issue 12 "custom CSS …
 * parsed and allow-listed by a CSS parser, never injected raw") into `root` as constructable
 * stylesheets. A custom sheet that the browser rejects is left out (the player still works).
 * @returns the adopted sheets, so `destroy` can remove them.
 */
export function adoptPlayerStyles(root: ShadowRoot, customCss?: string | null): CSSStyleSheet[] {
  const sheets: CSSStyleSheet[] = [];
  const base = new CSSStyleSheet();
  base.replaceSync(playerCss);
  sheets.push(base);
  if (customCss && customCss.trim()) {
    try {
      const custom = new CSSStyleSheet();
      custom.replaceSync(customCss);
      sheets.push(custom);
    } catch {
      // Sanitised on the server; a sheet this browser cannot parse is skipped.
    }
  }
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
  return sheets;
}
