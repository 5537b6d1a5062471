/** The create and copy dialogs of the widgets list (spec 002 §5 New widget / Copy widget, §8) with the calls mocked. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { HttpError } from '../../api/client';
import type { Account } from '../../api/types';
import type { WidgetListItem } from './widgets.api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../ui/toast', () => ({ toast }));
const calls = vi.hoisted(() => ({ create: vi.fn(), copy: vi.fn() }));
vi.mock('./widgets.api', () => ({ createWidget: calls.create, copyWidgetToAccount: calls.copy }));

const { CreateWidgetDialog, CopyWidgetDialog } = await import('./WidgetListDialogs');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  // happy-dom's <dialog> lacks showModal in some versions.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});
beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const wrap = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe('CreateWidgetDialog', () => {
  it('needs a name, defaults to Slider, trims the name and reports the new widget', async () => {
    const onCreated = vi.fn();
    calls.create.mockResolvedValue({ id: 40, name: 'Autumn' });
    wrap(<CreateWidgetDialog open accountId={7} onClose={() => undefined} onCreated={onCreated} />);
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    const type = screen.getByLabelText('Type') as HTMLSelectElement;
    expect(create.disabled).toBe(true);
    expect(type.value).toBe('Slider');
    fireEvent.change(screen.getByLabelText('Name', { exact: false }), { target: { value: '  Autumn  ' } });
    fireEvent.change(type, { target: { value: 'Card' } });
    fireEvent.click(create);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 40, name: 'Autumn' }));
    expect(calls.create).toHaveBeenCalledWith({ accountId: 7, name: 'Autumn', type: 'Card' });
  });

  it('a blank name is refused with a message', async () => {
    wrap(<CreateWidgetDialog open accountId={7} onClose={() => undefined} onCreated={vi.fn()} />);
    const name = screen.getByLabelText('Name', { exact: false });
    fireEvent.change(name, { target: { value: 'x' } });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.blur(name);
    await waitFor(() => expect(screen.getByText('Name is required.')).toBeTruthy());
    expect(calls.create).not.toHaveBeenCalled();
  });

  it('a 422 lands on the name field; other failures toast the generic error', async () => {
    calls.create.mockRejectedValueOnce(new HttpError(422, 'Unprocessable', { detail: 'Invalid', errors: { name: 'Name taken' } }));
    wrap(<CreateWidgetDialog open accountId={7} onClose={() => undefined} onCreated={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Name', { exact: false }), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByText('Name taken')).toBeTruthy());
    expect(toast.error).not.toHaveBeenCalled();
    calls.create.mockRejectedValueOnce(new HttpError(500, 'Server error', null));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An error occurred'));
  });
});

const widget = (contentType: WidgetListItem['contentType']) => ({ id: 3, name: 'W', contentType }) as WidgetListItem;
const targets = [{ id: 2, businessName: 'Other Oy' }, { id: 4, businessName: 'Third Ab' }] as Account[];

describe('CopyWidgetDialog', () => {
  it('warns for All and ByTags content, not for Selected (spec 002 §5)', () => {
    const { rerender } = wrap(<CopyWidgetDialog widget={widget('All')} targets={targets} onClose={vi.fn()} onCopied={vi.fn()} />);
    expect(screen.getByRole('note').textContent).toContain('all published vidbots');
    rerender(
      <I18nProvider i18n={i18n}>
        <CopyWidgetDialog widget={{ ...widget('ByTags'), id: 4 }} targets={targets} onClose={vi.fn()} onCopied={vi.fn()} />
      </I18nProvider>,
    );
    expect(screen.getByRole('note').textContent).toContain('tags');
    rerender(
      <I18nProvider i18n={i18n}>
        <CopyWidgetDialog widget={{ ...widget('Selected'), id: 5 }} targets={targets} onClose={vi.fn()} onCopied={vi.fn()} />
      </I18nProvider>,
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('requires the target account, copies there and reports it; a failure toasts the copy error', async () => {
    const onCopied = vi.fn();
    calls.copy.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ id: 50, name: 'W' });
    wrap(<CopyWidgetDialog widget={widget('Selected')} targets={targets} onClose={vi.fn()} onCopied={onCopied} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Choose the account to copy to.')).toBeTruthy();
    expect(calls.copy).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Copying the widget failed'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalledWith({ id: 50, name: 'W' }, targets[1]));
    expect(calls.copy).toHaveBeenLastCalledWith(3, 4);
  });
});
