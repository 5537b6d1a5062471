/**
 * A row's action menu: a menu button (`aria-haspopup="menu"`) opening a `role="menu"` of items;
 * ArrowUp/ArrowDown move, Escape closes and returns focus to the button, choosing closes.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import '../features/chrome/chrome.css';

export interface RowMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** The menu; `label` names the button for screen readers (e.g. "Actions for ann@example.com"). */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttons = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);

  useEffect(() => {
    if (!open) return;
    buttons()[0]?.focus();
    const onDoc = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

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
      <button ref={buttonRef} type="button" className="button small" aria-haspopup="menu" aria-expanded={open} aria-label={label} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul ref={menuRef} role="menu" className="menu-popup" aria-label={label} onKeyDown={onKey}>
          {items.map((item) => (
            <li role="none" key={item.key}>
              <button
                type="button"
                role="menuitem"
                className={item.danger ? 'danger' : undefined}
                onClick={() => {
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
