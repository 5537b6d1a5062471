/**
 * DOM helpers of the action views: elements are built with createElement/textContent only (strict
 * CSP: no innerHTML, no style attributes; issue 12 architecture §2).
 */

/** `<tag class>` with optional text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A `type="button"` button. */
export function button(className: string, text: string, onClick: (event: MouseEvent) => void): HTMLButtonElement {
  const b = el('button', className, text);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

let counter = 0;
/** A prefix for element ids unique within the page (ids must be unique inside the player's shadow root). */
export function uniquePrefix(): string {
  counter += 1;
  return `vba${counter}`;
}

/**
 * The panel every action view renders: `<section class="vb-action" role="dialog" aria-labelledby>`
 * with a heading (focusable with tabindex -1) and an optional close button in its head row.
 * Escape anywhere inside calls `onClose` (when given).
 */
export function panel(opts: { title: string; className?: string; closeLabel?: string; onClose?: () => void }): { root: HTMLElement; heading: HTMLHeadingElement } {
  const id = uniquePrefix();
  const root = el('section', opts.className ? `vb-action ${opts.className}` : 'vb-action');
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-labelledby', `${id}-title`);
  const head = el('div', 'vb-action-head');
  const heading = el('h2', 'vb-action-title', opts.title);
  heading.id = `${id}-title`;
  heading.tabIndex = -1;
  head.append(heading);
  const onClose = opts.onClose;
  if (onClose) {
    head.append(button('vb-action-close', opts.closeLabel ?? '×', () => onClose()));
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    });
  }
  root.append(head);
  return { root, heading };
}
