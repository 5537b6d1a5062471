/**
 * The Profile tab's item dialogs (ProfileDialogs.tsx; spec 002 §3, §5): a refused Add shows the field
 * messages and focuses the first invalid field, a valid one hands the item back (nothing is sent);
 * the action dialog shows the inputs of the chosen type, and editing starts from the stored item.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { ActionDialog, SocialLinkDialog } from './ProfileDialogs';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  if (!HTMLDialogElement.prototype.showModal) HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.open = true; };
});
afterEach(cleanup);

const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('SocialLinkDialog', () => {
  it('refuses a missing icon and url, focusing the icon; then adds an Email link', async () => {
    const onSave = vi.fn();
    wrap(<SocialLinkDialog open link={null} onSave={onSave} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByText('Required.')).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Icon', { exact: false })));
    expect(onSave).not.toHaveBeenCalled();
    type('Icon', 'Email');
    // The url field asks for an e-mail address for the Email icon.
    type('Email address', 'https://example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByText('Enter a valid email address.')).toBeTruthy());
    type('Email address', 'hello@example.com');
    type('Opens in', 'same_tab');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ icon: 'Email', url: 'hello@example.com', target: 'same_tab' }));
  });

  it('edits a stored link', async () => {
    const onSave = vi.fn();
    wrap(<SocialLinkDialog open link={{ icon: 'X', url: 'https://x.com/a', target: 'new_tab' }} onSave={onSave} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Edit social link' })).toBeTruthy();
    type('URL', 'https://x.com/b');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ icon: 'X', url: 'https://x.com/b', target: 'new_tab' }));
  });
});

describe('ActionDialog', () => {
  it('shows the inputs of the chosen type and adds an external link with a phone number', async () => {
    const onSave = vi.fn();
    wrap(<ActionDialog open action={null} onSave={onSave} onClose={() => {}} />);
    expect(screen.queryByLabelText('Link type', { exact: false })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByText('Required.')).toHaveLength(2));
    type('Name', 'Call us');
    type('Type', 'external_link');
    type('Link type', 'tel');
    type('Phone number', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByText('Enter a phone number (digits, spaces, +, brackets, hyphens).')).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Phone number', { exact: false })));
    type('Phone number', '+358 40 123 4567');
    type('Style', 'highlight');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ type: 'external_link', name: 'Call us', externalLinkType: 'tel', url: 'tel:+358 40 123 4567', style: 'highlight', target: 'new_tab' }),
    );
  });

  it('edits a contact form: required texts, recipients as a list, chosen fields', async () => {
    const onSave = vi.fn();
    const stored = {
      type: 'contact_form' as const,
      name: 'Contact',
      buttonText: 'Send',
      buttonStyle: 'standard' as const,
      title: 'Write to us',
      subject: 'Hello',
      description: 'We answer.',
      emailTo: ['a@example.com'],
      fields: [{ name: 'email', type: 'email' as const, required: true }],
    };
    wrap(<ActionDialog open action={stored} onSave={onSave} onClose={() => {}} />);
    type('Subject', '');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByText('Required.')).toBeTruthy());
    type('Subject', 'Website contact');
    type('Email to', 'a@example.com, b@example.com');
    fireEvent.click(screen.getByLabelText('Phone', { exact: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        ...stored,
        subject: 'Website contact',
        emailTo: ['a@example.com', 'b@example.com'],
        fields: [
          { name: 'email', type: 'email', required: true },
          { name: 'phone', type: 'tel', required: false },
        ],
      }),
    );
  });
});
