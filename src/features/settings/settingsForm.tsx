/**
 * What the two saving tabs of account settings share (spec 002 §2 "The Save button is enabled only on
 * profile and account tabs"; issue 15): focus on the first invalid field after a refused save, and
 * the unsaved-changes prompt (TanStack `useBlocker`, as the slide editor does) when leaving a tab
 * with edits that are not saved.
 */
import { useCallback, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../ui/Dialog';

/**
 * Moves focus to the first control marked `aria-invalid="true"` inside `root` (after the render that
 * marks it). Answers nothing; a root without one is left alone.
 */
export function focusFirstInvalid(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const target = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (target) {
      target.focus();
      target.scrollIntoView?.({ block: 'center' });
    }
  });
}

/**
 * Asks before leaving while `dirty` (in-app navigation: a dialog with Stay / Discard changes; a reload
 * or closing the tab: the browser's own prompt). Returns the dialog to render.
 */
export function useUnsavedChanges(dirty: boolean) {
  const { t } = useLingui();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const shouldBlock = useCallback(() => dirtyRef.current, []);
  const blocker = useBlocker({ shouldBlockFn: shouldBlock, enableBeforeUnload: shouldBlock, withResolver: true });
  return (
    <Dialog open={blocker.status === 'blocked'} confirm title={t`Discard unsaved changes?`} onClose={() => blocker.reset?.()}>
      <p>
        <Trans>The changes on this tab are not saved. Stay and save them, or leave and discard them.</Trans>
      </p>
      <div className="actions end">
        <button type="button" className="button" data-autofocus onClick={() => blocker.reset?.()}>
          <Trans>Stay</Trans>
        </button>
        <button type="button" className="button danger" onClick={() => blocker.proceed?.()}>
          <Trans>Discard changes</Trans>
        </button>
      </div>
    </Dialog>
  );
}
