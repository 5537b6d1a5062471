/**
 * Modal dialog on the native `<dialog>` element (`showModal`): the browser traps focus inside,
 * Escape closes, the rest of the page is inert, and focus returns to the opener on close. Children
 * render only while open, so forms start fresh each time. The element marked `data-autofocus`, else
 * the first field, receives focus on open.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Wider layout (media chooser), 46rem (spec 000 §9). */
  wide?: boolean;
  /** Confirmation layout, 24rem (spec 000 §9). */
  confirm?: boolean;
}

/** An accessible modal dialog with a heading and a close button. */
export function Dialog({ open, title, onClose, children, wide, confirm }: DialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // React's autoFocus runs before the dialog is shown; focus the intended field now.
      const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('.dialog-body input:not([type=hidden]):not([tabindex="-1"]), .dialog-body select, .dialog-body textarea');
      target?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open && opener.current instanceof HTMLElement) {
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);
  // A dialog unmounted while open (rendered only while needed) still returns focus to its opener.
  useEffect(
    () => () => {
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    },
    [],
  );

  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : confirm ? 'dialog dialog-confirm' : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="dialog-body">
          <div className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="button icon" onClick={onClose} aria-label={t`Close`}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
