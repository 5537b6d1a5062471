/**
 * Account switcher (spec 000 §2): a button in the top bar naming the current account opens a
 * searchable list (combobox + listbox: type to filter by business name, ArrowUp/ArrowDown/Home/End
 * move, Enter chooses, Escape closes) with 'All accounts' first. Desktop: a popup under the button.
 * Mobile (below 767 px): a modal bottom sheet that follows a downward drag of its handle and closes
 * when dragged more than 80 px (sheetDrag.ts). Choosing an account goes to /dashboard/{publicId};
 * 'All accounts' goes to the accounts list (staff) or the team select page.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Account, User } from '../../api/types';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { canSeeAccountsList } from './permissions';
import { dragOffset, endDrag, startDrag, type SheetDrag } from './sheetDrag';
import { moveActive, switcherOptions, type SwitcherOption } from './switcher';

export interface AccountSwitcherProps {
  me: User;
  accounts: Account[];
  current: Account | null;
}

/** The switcher button and its popup / bottom sheet. */
export function AccountSwitcher({ me, accounts, current }: AccountSwitcherProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const mobile = useMediaQuery('(max-width: 766px)');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  const returnFocus = useRef(false);
  // Focus goes back to the button once the popup / modal sheet is gone (a modal dialog makes the
  // rest of the page inert until it closes).
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };

  const choose = (option: SwitcherOption) => {
    setOpen(false);
    if (option.kind === 'all') void navigate({ to: canSeeAccountsList(me) ? '/dashboard/accounts' : '/team-select' });
    else void navigate({ to: '/dashboard/$accountSlug', params: { accountSlug: option.account.publicId } });
  };

  useEffect(() => {
    if (!open || mobile) return;
    const onDoc = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open, mobile]);

  return (
    <div className="account-switcher" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="switcher-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t`Switch account (current: ${current?.businessName ?? t`All accounts`})`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="switcher-current">{current?.businessName ?? <Trans>All accounts</Trans>}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open &&
        (mobile ? (
          <BottomSheet onClose={close}>
            <SwitcherList me={me} accounts={accounts} current={current} onChoose={choose} onEscape={close} />
          </BottomSheet>
        ) : (
          <div className="switcher-popup" role="dialog" aria-label={t`Switch account`}>
            <SwitcherList me={me} accounts={accounts} current={current} onChoose={choose} onEscape={close} />
          </div>
        ))}
    </div>
  );
}

/** Search field (combobox) and the listbox of options. */
function SwitcherList({
  me,
  accounts,
  current,
  onChoose,
  onEscape,
}: AccountSwitcherProps & { onChoose: (o: SwitcherOption) => void; onEscape: () => void }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputId = useId();
  const options = switcherOptions(accounts, query, me);
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (o: SwitcherOption) => `${listId}-opt-${o.id}`;
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    document.getElementById(optionId(options[activeIndex]!))?.scrollIntoView?.({ block: 'nearest' });
  });

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const next = moveActive(activeIndex, options.length, e.key);
    if (next !== null) {
      e.preventDefault();
      setActive(next);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const o = options[activeIndex];
      if (o) onChoose(o);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onEscape();
    }
  };

  return (
    <div className="switcher-list">
      <label htmlFor={inputId} className="visually-hidden">
        <Trans>Search accounts by business name</Trans>
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        role="combobox"
        data-autofocus=""
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options[activeIndex] ? optionId(options[activeIndex]) : undefined}
        placeholder={t`Search accounts`}
        value={query}
        autoComplete="off"
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKey}
      />
      <ul id={listId} role="listbox" aria-label={t`Accounts`}>
        {options.map((o, i) => (
          <li
            key={o.id}
            id={optionId(o)}
            role="option"
            aria-selected={i === activeIndex}
            className={[i === activeIndex ? 'active' : '', o.kind === 'account' && o.account.id === current?.id ? 'current' : ''].join(' ')}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => onChoose(o)}
          >
            {o.kind === 'all' ? <Trans>All accounts</Trans> : o.account.businessName}
            {o.kind === 'account' && o.account.id === current?.id && (
              <span className="muted small">
                {' '}
                <Trans>(current)</Trans>
              </span>
            )}
          </li>
        ))}
        {options.length === 1 && (
          <li role="presentation" className="muted small">
            <Trans>No results</Trans>
          </li>
        )}
      </ul>
    </div>
  );
}

/**
 * A modal bottom sheet on the native `<dialog>` (focus stays inside, Escape closes, focus returns to
 * the opener). Its handle follows a downward drag; released beyond 80 px it closes.
 */
export function BottomSheet({ onClose, children }: { onClose: () => void; children: React.ReactNode }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const drag = useRef<SheetDrag | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control (the Close button); the search field is where to start.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => dialog?.close();
  }, []);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = startDrag(e.clientY);
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setOffset(dragOffset(drag.current, e.clientY));
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const result = endDrag(drag.current, e.clientY);
    drag.current = null;
    setOffset(0);
    if (result === 'close') onClose();
  };

  return (
    <dialog
      ref={ref}
      className="bottom-sheet"
      aria-label={t`Switch account`}
      style={{ transform: offset ? `translateY(${offset}px)` : undefined, transition: offset ? 'none' : undefined }}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="sheet-handle-area" data-testid="sheet-handle" onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={onUp}>
        <span className="sheet-handle" aria-hidden="true" />
        <h2 className="sheet-title">
          <Trans>Switch account</Trans>
        </h2>
        <button type="button" className="button small" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
      {children}
    </dialog>
  );
}
