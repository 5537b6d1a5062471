/**
 * A labelled menu button (WAI-ARIA menu button pattern): `aria-haspopup="menu"` opens a
 * `role="menu"` of items under it. Enter, Space or ArrowDown open it with focus on the first item,
 * ArrowUp on the last; ArrowUp/ArrowDown/Home/End move, Escape closes and returns focus to the button,
 * Tab closes, choosing an item closes and runs it. A disabled item stays focusable
 * (`aria-disabled`) and does nothing. Used by the editor's top bar (spec 001 §2: "a dropdown with
 * Save draft and Publish").
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** One menu item. */
export interface MenuButtonItem {
  key: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

export interface MenuButtonProps {
  /** The button's visible content. */
  label: ReactNode;
  items: MenuButtonItem[];
  className?: string;
  disabled?: boolean;
}

/** The menu button and its popup. */
export function MenuButton({ label, items, className = 'button', disabled }: MenuButtonProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const entries = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = entries();
    (open === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onDoc = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen('last');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = entries();
    const i = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Tab') setOpen(false);
  };

  return (
    <div className="menu-button">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((o) => (o ? false : 'first'))}
        onKeyDown={onButtonKey}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul ref={menuRef} id={menuId} role="menu" className="menu-button-popup" aria-labelledby={buttonId} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <li role="none" key={item.key}>
              <button
                type="button"
                role="menuitem"
                aria-disabled={item.disabled || undefined}
                tabIndex={-1}
                onClick={() => {
                  if (item.disabled) return;
                  close();
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
