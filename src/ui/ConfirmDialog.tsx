/**
 * Confirmation dialog (24rem, spec 000 §9): a question, Cancel and a confirm button that shows a busy
 * state while `onConfirm` runs.
 */
import { useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Dialog } from './Dialog';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} title={title} onClose={onClose} confirm>
      {children}
      <div className="actions end">
        <button type="button" className="button" onClick={onClose} data-autofocus="">
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
