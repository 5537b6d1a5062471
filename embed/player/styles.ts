/**
 * The player's stylesheet. It lives inside the player's shadow root, so nothing leaks in from the
 * host page or out to it. Sizes are in em from `:host`, which takes the page's root size (`1rem`;
 * the preview screen sets its root to 17px, spec 000 §9). Theme colours arrive as the custom
 * properties `--vb-text` and `--vb-background` (bot.theme.textColor / backgroundColor).
 */
export const playerCss = `
:host { display: block; font-size: 1rem; height: 100%; }
.vb-player {
  position: relative; box-sizing: border-box; width: 100%; height: 100%; min-height: 18em;
  overflow: hidden; background: #111; color: #fff;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.4;
}
.vb-slide { position: absolute; inset: 0; outline: none; }
.vb-media { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; display: block; background: #000; }
.vb-controls { position: absolute; top: 0.75em; left: 0.75em; right: 0.75em; display: flex; gap: 0.5em; }
.vb-control {
  display: inline-flex; align-items: center; gap: 0.4em; min-height: 2.75em; padding: 0 0.9em;
  border: 0; border-radius: 1.4em; background: rgba(0,0,0,0.6); color: #fff; font: inherit; font-size: 0.85em; cursor: pointer;
}
.vb-control svg { width: 1.1em; height: 1.1em; fill: currentColor; }
.vb-options {
  position: absolute; left: 0; right: 0; bottom: 0; display: flex; flex-direction: column; align-items: stretch;
  gap: 0.5em; padding: 3em 1em 1em; background: linear-gradient(transparent, rgba(0,0,0,0.65));
}
.vb-option {
  min-height: 2.75em; padding: 0.6em 1.1em; border: 0; border-radius: 1.4em; font: inherit; font-weight: 600;
  background: var(--vb-background, #fff); color: var(--vb-text, #1b1b1f); cursor: pointer; text-align: center;
}
.vb-option[data-featured] { box-shadow: 0 0 0 0.15em #fff, 0 0 0 0.3em var(--vb-background, #351dda); }
.vb-option:hover, .vb-control:hover { filter: brightness(0.92); }
.vb-option:focus-visible, .vb-control:focus-visible, .vb-slide:focus-visible {
  outline: 0.2em solid #ffbf47; outline-offset: 0.15em;
}
.vb-message {
  position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 1em; padding: 1.5em; text-align: center;
}
.vb-error { position: absolute; top: 4em; left: 1em; right: 1em; margin: 0; padding: 0.5em 0.8em; border-radius: 0.4em; background: rgba(160,0,0,0.85); }
.vb-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.vb-slide:focus-visible, .vb-message:focus-visible { outline-offset: -0.2em; }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; } }
`;
