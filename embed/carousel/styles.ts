/**
 * The carousel's stylesheet (issue 15 "Widgets"; issue 20 strict CSP; spec 002 §3 appearanceSettings).
 * The text travels in the carousel config (`CarouselConfig.css`, server/src/modules/widget/carousel.ts),
 * not in dist/embed/carousel.js, and the runtime adopts it with a constructable stylesheet
 * (`adoptedStyleSheets`) — never a style element or a style attribute. Per-carousel values are
 * custom properties written with `style.setProperty` (embed/carousel/carousel.ts):
 *
 * | property | value |
 * |---|---|
 * | `--vb-n` | items visible at once (by container width vs breakpoints) |
 * | `--vb-pos` | index of the first visible item (the list is translated by it) |
 * | `--vb-rad` | item corner radius, px (appearance.radius) |
 * | `--vb-ts` | thumbnail diameter, px (type Thumbnail) |
 * | `--vb-bg` | the player dialog's background (appearance.playerBackgroundColor, #rrggbbaa) |
 *
 * Classes on the root `.vb-carousel`: `t-Slider` / `t-Card` / `t-Thumbnail` (type), `hz` (horizontal
 * mode: 16:9 slider items), `a-Left` / `a-Right` / `a-Center` (alignment when fewer items than fit),
 * `dt` (description on top). Parts (the names custom CSS may style, scoped under `.vb-carousel`):
 * `.v` viewport, `.l` the list, `.i` an item, `.b` the item's button, `.m` its media (cover / preview),
 * `.x` the text (name and description), `.nm` name, `.ds` description, `.pr` / `.nx` arrows, `.dots` bullets, `.d` the player dialog,
 * `.c` its Close button, `.f` the player frame.
 */

/** The class of the carousel's root element: every rule of the widget's custom CSS is scoped under it. */
export const CAROUSEL_SCOPE = '.vb-carousel';

export const CAROUSEL_CSS =
  ':host{all:initial;display:block;font:15px/1.35 system-ui,sans-serif;color:#111}' +
  '.vb-carousel{--vb-gap:12px;position:relative;display:flex;flex-direction:column;gap:8px;max-width:100%;min-width:0}' +
  '.row{display:flex;align-items:center;gap:4px;min-width:0}' +
  '.v{overflow:hidden;flex:1;min-width:0;padding:4px 0}' +
  '.l{display:flex;gap:var(--vb-gap);margin:0;padding:0 4px;list-style:none;transition:transform .35s ease;transform:translateX(calc(var(--vb-pos) * -1 * (100% + var(--vb-gap)) / var(--vb-n)))}' +
  '.a-Center .l.few{justify-content:center}.a-Right .l.few{justify-content:flex-end}' +
  '.i{flex:0 0 calc((100% - (var(--vb-n) - 1) * var(--vb-gap)) / var(--vb-n));min-width:0}' +
  'button{font:inherit;color:inherit;background:none;border:0;padding:0;margin:0;cursor:pointer}' +
  ':focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}' +
  '.b{display:flex;flex-direction:column;gap:6px;width:100%;text-align:start;border-radius:var(--vb-rad)}' +
  '.x{display:flex;flex-direction:column;gap:2px}.dt .b{flex-direction:column-reverse}' +
  '.m{position:relative;display:block;width:100%;aspect-ratio:9/16;border-radius:var(--vb-rad);overflow:hidden;background:#d9dce1}' +
  '.hz .m{aspect-ratio:16/9}.t-Card .m{aspect-ratio:4/3}' +
  '.t-Card .b{background:#fff;box-shadow:0 1px 4px #0003;padding-bottom:8px;overflow:hidden}.t-Card .x{padding:0 10px}.t-Card.dt .b{padding:8px 0 0}' +
  '.t-Thumbnail .b{align-items:center;text-align:center}' +
  '.t-Thumbnail .m{width:min(100%,var(--vb-ts));aspect-ratio:1;border-radius:50%}' +
  '.m img,.m video{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;display:block;pointer-events:none}' +
  '.nm{font-weight:600;overflow-wrap:anywhere}.ds{font-size:13px;color:#444;overflow-wrap:anywhere}' +
  '.pr,.nx{flex:0 0 auto;width:44px;height:44px;border-radius:50%;background:#fff;box-shadow:0 1px 4px #0004;font-size:24px;line-height:44px;text-align:center}' +
  '.pr:disabled,.nx:disabled{opacity:.35;cursor:default}' +
  '.dots{display:flex;justify-content:center;flex-wrap:wrap;gap:2px}' +
  '.dots button{width:24px;height:24px;display:grid;place-items:center}' +
  '.dots button::before{content:"";width:10px;height:10px;border-radius:50%;background:#9aa0a8}' +
  '.dots [aria-current=true]::before{background:#111}' +
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}' +
  '.d{border:0;padding:0;margin:auto;width:min(420px,100vw);height:min(760px,100vh);max-width:100vw;max-height:100vh;background:var(--vb-bg);overflow:hidden}' +
  '.d::backdrop{background:var(--vb-bg)}' +
  '.c{position:absolute;top:8px;right:8px;z-index:1;width:44px;height:44px;border-radius:50%;background:#000c;color:#fff;font-size:22px}' +
  '.f{display:block;width:100%;height:100%;border:0}' +
  '@media(max-width:480px){.pr,.nx{width:32px;height:32px;line-height:32px;font-size:20px}.d{width:100vw;height:100vh}}' +
  '@media(prefers-reduced-motion:reduce){.l{transition:none}}';
