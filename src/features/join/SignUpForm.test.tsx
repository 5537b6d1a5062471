/** The sign-up form of the join page (spec 000 §5 "Sign-up (join team)" and the password rule). */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { SignUpForm, type SignUpValues } from './SignUpForm';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(cleanup);

function setup(props: Partial<Parameters<typeof SignUpForm>[0]> = {}) {
  const onSubmit = vi.fn<(v: SignUpValues) => void>();
  render(
    <I18nProvider i18n={i18n}>
      <SignUpForm email="new@example.org" accountName="Demo" pending={false} onSubmit={onSubmit} {...props} />
    </I18nProvider>,
  );
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign up and join' }));
  return { onSubmit, type, submit };
}

describe('SignUpForm', () => {
  it('shows the invited e-mail read-only', () => {
    setup();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('new@example.org');
    expect(email.readOnly).toBe(true);
  });

  it('requires names, password, repeat and the policy checkbox; offers are optional', async () => {
    const { onSubmit, submit } = setup();
    submit();
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(4));
    expect(screen.getByText('You must accept the terms and the privacy policy')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the password rule and that the repeat matches', async () => {
    const { onSubmit, type, submit } = setup();
    type('First name', 'Jo');
    type('Last name', 'Iner');
    type('Password', 'alllower1');
    type('Repeat password', 'alllower2');
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    submit();
    await waitFor(() => expect(screen.getByText('Password must contain at least 1 uppercase letter')).toBeTruthy());
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits trimmed names, the password and the offers choice', async () => {
    const { onSubmit, type, submit } = setup();
    type('First name', '  Jo ');
    type('Last name', 'Iner');
    type('Password', 'Joiner-pass-1');
    type('Repeat password', 'Joiner-pass-1');
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send me news and offers by e-mail' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ firstName: 'Jo', lastName: 'Iner', password: 'Joiner-pass-1', offers: true });
  });

  it('shows server field messages and a form error', () => {
    setup({ serverErrors: { password: 'Password does not conform to policy' }, formError: 'Something broke' });
    expect(screen.getByText('Password does not conform to policy')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Something broke');
  });
});
