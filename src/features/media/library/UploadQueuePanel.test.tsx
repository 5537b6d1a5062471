/**
 * The upload panel's interrupted uploads (issue 5 "resume after a page reload"): the entry names
 * the file and its size and says how to resume; choosing a file hands it to `onResume`; a different
 * file (mismatch) is said as such; Discard calls `onDiscard` and both actions are disabled while
 * discarding; an empty queue renders nothing.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { InterruptedEntry } from '../../../../machines/uploadQueue/uploadQueue.machine';
import { UploadQueuePanel } from './UploadQueuePanel';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

const record = (over: Partial<InterruptedEntry> = {}): InterruptedEntry => ({
  id: 'interrupted-1',
  upload: {
    uploadUrl: 'http://localhost/api/media/tus/a1',
    mediaId: 41,
    accountId: 1,
    kind: 'SlideVideo',
    replaces: null,
    name: 'clip.webm',
    size: 3 * 1024 * 1024 + 400 * 1024,
    type: 'video/webm',
    lastModified: 1,
  },
  status: 'waitingForFile',
  mismatch: false,
  discardFailed: false,
  ...over,
});

function renderPanel(interrupted: InterruptedEntry[]) {
  const onResume = vi.fn();
  const onDiscard = vi.fn();
  const view = render(
    <I18nProvider i18n={i18n}>
      <UploadQueuePanel entries={[]} onCancel={() => undefined} interrupted={interrupted} onResume={onResume} onDiscard={onDiscard} />
    </I18nProvider>,
  );
  return { onResume, onDiscard, view };
}

describe('UploadQueuePanel: interrupted uploads', () => {
  it('says how to resume; the chosen file goes to onResume; Discard to onDiscard', () => {
    const { onResume, onDiscard } = renderPanel([record()]);
    expect(screen.getByRole('region', { name: 'Uploads' }).textContent).toContain('clip.webm');
    expect(screen.getByText('3.4 MB')).toBeTruthy();
    expect(screen.getByText('Interrupted — choose the same file to resume.')).toBeTruthy();
    const file = new File([new Uint8Array(4)], 'clip.webm', { type: 'video/webm' });
    fireEvent.change(screen.getByLabelText('Choose clip.webm again to resume'), { target: { files: [file] } });
    expect(onResume).toHaveBeenCalledWith('interrupted-1', file);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledWith('interrupted-1');
  });

  it('a different file is refused with the expected name and size', () => {
    renderPanel([record({ mismatch: true })]);
    expect(screen.getByRole('alert').textContent).toBe('That is a different file. Choose “clip.webm” (3.4 MB) to resume.');
  });

  it('while discarding, both actions are disabled; a failed discard says so', () => {
    renderPanel([record({ status: 'discarding' })]);
    expect(screen.getByText('Discarding…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Discard' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Choose clip.webm again to resume') as HTMLInputElement).disabled).toBe(true);
    cleanup();
    renderPanel([record({ discardFailed: true })]);
    expect(screen.getByRole('alert').textContent).toBe('The upload could not be discarded. Try again.');
  });

  it('renders nothing without entries', () => {
    const { view } = renderPanel([]);
    expect(view.container.innerHTML).toBe('');
  });
});
