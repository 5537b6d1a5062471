/**
 * Focus when a content sub-editor closes (issue 11 architecture §6 "focus moves to the opened editor's
 * heading and back"): after Save / Delete / Cancel the content tab renders again (possibly after its
 * code chunk loads), and focus goes back to the card of the item that was edited.
 *
 * The card is found without coupling to the content tab's markup beyond two conventions: the link that
 * opens the item's editor (an `<a>` whose href ends with `/slide/<id>` etc.), else an element carrying
 * `data-slide-id` / `data-action-id`. Without either (the item was deleted) focus goes to the active
 * editor tab. Tries on each animation frame for up to `timeoutMs`.
 */

/** What a sub-editor edited: the path segment of its route and the item's id (null for a deleted item). */
export interface CardRef {
  segment: 'slide' | 'form' | 'link' | 'action' | 'close-action' | 'share-media';
  id: number | null;
}

/** The element that stands for the card of `ref` in `root`, or null. */
export function findCard(root: ParentNode, ref: CardRef): HTMLElement | null {
  if (ref.id === null) return null;
  const link = root.querySelector<HTMLElement>(`a[href$="/${ref.segment}/${ref.id}"]`);
  if (link) return link;
  const attr = ref.segment === 'slide' ? 'data-slide-id' : 'data-action-id';
  const card = root.querySelector<HTMLElement>(`[${attr}="${ref.id}"]`);
  if (!card) return null;
  if (card.tabIndex >= 0) return card;
  return card.querySelector<HTMLElement>('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])') ?? card;
}

/**
 * Focuses the card of `ref` once it is in the document (see the module comment); falls back to the
 * active editor tab. Safe to call where there is no DOM (does nothing).
 */
export function focusCardWhenShown(ref: CardRef, timeoutMs = 2000): void {
  if (typeof document === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  const until = Date.now() + timeoutMs;
  const attempt = () => {
    const card = findCard(document, ref);
    if (card) {
      if (card.tabIndex < 0 && !card.hasAttribute('tabindex')) card.setAttribute('tabindex', '-1');
      card.focus();
      return;
    }
    if (Date.now() < until && ref.id !== null) {
      requestAnimationFrame(attempt);
      return;
    }
    document.querySelector<HTMLElement>('.editor-tabs [aria-current="page"]')?.focus();
  };
  requestAnimationFrame(attempt);
}
