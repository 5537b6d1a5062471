/**
 * A row's action menu: a menu button (`aria-haspopup="menu"`) opening a `role="menu"` of items;
 * ArrowUp/ArrowDown move, Escape closes and returns focus to the button, choosing closes. Disabled
 * items are announced (`aria-disabled`) and reachable, but choosing them does nothing.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import '../features/chrome/chrome.css';

export interface RowMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
  /** Shown but not choosable (`aria-disabled`; stays focusable so keyboard users find it). */
  disabled?: boolean;
}

/** The menu; `label` names the button for screen readers (e.g. "Actions for ann@example.com"). */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  // The popup is fixed to the viewport under the button, so a scrolling table never clips it; near
  // the bottom of the window it opens above the button instead, so every item stays on screen.
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  /** Places the popup under (or, without room, above) the button — again after scrolling or resizing. */
  function place_() {
    const rect = buttonRef.current?.getBoundingClientRect();
    if (!rect) return;
    const height = menuRef.current?.offsetHeight ?? 0;
    const below = rect.bottom + 4;
    const above = rect.top - 4 - height;
    const top = height > 0 && below + height > window.innerHeight - 8 && above >= 8 ? above : below;
    setPlace({ top, right: Math.max(8, window.innerWidth - rect.right) });
  }
  // Once the popup is drawn its height is known: place it again (flips it above when needed).
  useLayoutEffect(() => {
    if (open) place_();
  }, [open]);
  const buttons = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);

  useEffect(() => {
    if (!open) return;
    buttons()[0]?.focus({ preventScroll: true });
    const onDoc = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    const follow = () => place_();
    document.addEventListener('mousedown', onDoc);
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
  }, [open]);

  const toggle = () => {
    place_();
    setOpen((o) => !o);
  };

  const onKey = (e: KeyboardEvent) => {
    const list = buttons();
    const i = list.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      list[(i + 1) % list.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      list[(i - 1 + list.length) % list.length]?.focus();
    } else if (e.key === 'Tab') setOpen(false);
  };

  return (
    <div className="row-menu">
      <button ref={buttonRef} type="button" className="button small" aria-haspopup="menu" aria-expanded={open} aria-label={label} onClick={toggle}>
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul
          ref={menuRef}
          role="menu"
          className="menu-popup"
          aria-label={label}
          onKeyDown={onKey}
          style={place ? { position: 'fixed', top: place.top, right: place.right } : undefined}
        >
          {items.map((item) => (
            <li role="none" key={item.key}>
              <button
                type="button"
                role="menuitem"
                className={item.danger ? 'danger' : undefined}
                aria-disabled={item.disabled ? true : undefined}
                onClick={() => {
                  if (item.disabled) return;
                  setOpen(false);
                  buttonRef.current?.focus();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
