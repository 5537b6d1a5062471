/**
 * Stylesheet of the action views (form, thank-you page, embedded link, share media). The player
 * adds it to its shadow root's `adoptedStyleSheets` next to its own (strict CSP: no `style`
 * attributes, no `<style>` injected by these views; issue 12 architecture §2). The views render into
 * the player's action layer, which covers the slide; colours follow the player's theme properties
 * `--vb-text` / `--vb-background` (button colours) like the slide buttons do.
 */
export const actionsCss = `
.vb-action {
  position: absolute; inset: 0; box-sizing: border-box; display: flex; flex-direction: column; gap: 0.75em;
  padding: 1.25em; overflow: auto; background: rgba(12,12,16,0.94); color: #fff; text-align: left;
}
.vb-action * { box-sizing: border-box; }
.vb-action-head { display: flex; align-items: flex-start; gap: 0.75em; }
.vb-action-title { flex: 1; margin: 0; font-size: 1.25em; line-height: 1.25; outline: none; }
.vb-action-text { margin: 0; white-space: pre-line; }
.vb-action-close {
  flex: none; min-height: 2.75em; min-width: 2.75em; padding: 0 0.9em; border: 0; border-radius: 1.4em;
  background: rgba(255,255,255,0.14); color: #fff; font: inherit; cursor: pointer;
}
.vb-form { display: flex; flex-direction: column; gap: 0.9em; margin: 0; }
.vb-field { display: flex; flex-direction: column; gap: 0.3em; margin: 0; padding: 0; border: 0; min-width: 0; }
.vb-field > label, .vb-field > legend { font-weight: 600; padding: 0; }
.vb-req { color: #ffbf47; margin-left: 0.2em; }
.vb-input {
  width: 100%; min-height: 2.75em; padding: 0.55em 0.7em; border: 0.1em solid #8a8a96; border-radius: 0.4em;
  background: #fff; color: #1b1b1f; font: inherit;
}
textarea.vb-input { min-height: 6em; resize: vertical; }
.vb-input[aria-invalid="true"], .vb-choice input[aria-invalid="true"] { border-color: #ff6b6b; outline: 0.12em solid #ff6b6b; }
.vb-choice { display: flex; align-items: flex-start; gap: 0.55em; min-height: 2.75em; padding: 0.3em 0; font-weight: 400; }
.vb-choice input { flex: none; width: 1.35em; height: 1.35em; margin: 0.1em 0 0; accent-color: var(--vb-background, #351dda); }
.vb-field-error { margin: 0; color: #ffb4b4; font-size: 0.9em; }
.vb-field-error[hidden] { display: none; }
.vb-note { margin: 0; font-size: 0.85em; opacity: 0.85; }
.vb-link { color: #9ecbff; text-decoration: underline; }
.vb-alert { margin: 0; padding: 0.6em 0.8em; border-radius: 0.4em; background: rgba(160,0,0,0.85); }
.vb-alert[hidden] { display: none; }
.vb-status { margin: 0; }
.vb-submit, .vb-action-button {
  align-self: flex-start; min-height: 2.75em; padding: 0.6em 1.4em; border: 0; border-radius: 1.4em; font: inherit; font-weight: 600;
  background: var(--vb-background, #fff); color: var(--vb-text, #1b1b1f); cursor: pointer;
}
.vb-submit[aria-disabled="true"] { opacity: 0.65; cursor: progress; }
.vb-thanks { justify-content: center; align-items: center; text-align: center; }
.vb-thanks .vb-action-button { align-self: center; }
.vb-share-media { display: block; max-width: 100%; max-height: 55%; margin: 0 auto; border-radius: 0.4em; background: #000; object-fit: contain; }
.vb-share-actions { display: flex; flex-wrap: wrap; gap: 0.5em; }
.vb-embed { padding: 0.75em; }
.vb-embed-frame { display: block; flex: none; max-width: 100%; max-height: calc(100% - 3.5em); margin: 0 auto; border: 0; background: #fff; border-radius: 0.3em; }
.vb-action a:focus-visible, .vb-action button:focus-visible, .vb-action input:focus-visible, .vb-action textarea:focus-visible,
.vb-action-title:focus-visible { outline: 0.2em solid #ffbf47; outline-offset: 0.15em; }
.vb-action .vb-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
@media (prefers-reduced-motion: reduce) { .vb-action * { transition: none !important; animation: none !important; } }
`;
