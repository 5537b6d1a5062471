/**
 * useAuthErrorMessage (spec 000 §8 "message by error code if present, else generic"): Cognito codes and
 * NotAuthorizedException's documented messages map to translated texts; a provider message that is not
 * known is never shown raw.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useAuthErrorMessage } from './forms';
import { authFailureOf } from '../../../machines/session/authFailure';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
const message = () => renderHook(() => useAuthErrorMessage(), { wrapper }).result.current;
const cognito = (name: string, text: string) => Object.assign(new Error(text), { name });

describe('useAuthErrorMessage', () => {
  it('tells the NotAuthorizedException situations apart by their documented message', () => {
    const m = message();
    expect(m(authFailureOf(cognito('NotAuthorizedException', 'Incorrect username or password.')))).toBe('Incorrect e-mail address or password.');
    expect(m(authFailureOf(cognito('NotAuthorizedException', 'Password attempts exceeded')))).toBe('Too many attempts. Please wait a while and try again.');
    expect(m(authFailureOf(cognito('NotAuthorizedException', 'Invalid session for the user, session is expired.')))).toBe(
      'The sign-in step has expired. Please sign in again.',
    );
    expect(m(authFailureOf(cognito('NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.')))).toBe(
      'The temporary password has expired. Ask an administrator to send a new one.',
    );
  });

  it('maps codes, and never shows an unknown provider message raw', () => {
    const m = message();
    expect(m(authFailureOf(cognito('CodeMismatchException', 'Invalid code received for user')))).toBe('The code is not correct. Check it and try again.');
    expect(m(authFailureOf(cognito('NotAuthorizedException', 'Some new wording')))).toBe('You are not authorized to do this. Please sign in again.');
    expect(m(authFailureOf(new Error('socket hang up')))).toBe('Something went wrong. Please try again.');
    expect(m(authFailureOf(undefined))).toBe('Something went wrong. Please try again.');
  });
});

describe('authFailureOf', () => {
  it('keeps the Cognito code from the error name and no invented message', () => {
    expect(authFailureOf(cognito('ExpiredCodeException', 'expired'))).toEqual({ code: 'ExpiredCodeException', message: 'expired' });
    expect(authFailureOf(new Error(''))).toEqual({ code: null, message: null });
    expect(authFailureOf('plain')).toEqual({ code: null, message: 'plain' });
    expect(authFailureOf(42)).toEqual({ code: null, message: null });
  });
});
