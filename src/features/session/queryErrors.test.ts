/**
 * App reactions to API errors (spec 000 §8): 401 → sign out first, then /login, clear caches, toast;
 * 'User not found.' → /invalid-user only; other query errors → a toast.
 */
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import type { Toast } from '../../ui/toast';
import { createQueryErrorHandlers } from './queryErrors';
import type { SessionHandle } from './session';

// The unit project compiles Lingui macros (vitest.config.ts); the source locale renders the English text.
i18n.loadAndActivate({ locale: 'en', messages: {} });

function setup() {
  const order: string[] = [];
  const queryClient = new QueryClient();
  queryClient.setQueryData(['user', 'me'], { id: 1 });
  const session = { signOut: () => order.push('signOut') } as unknown as SessionHandle;
  const toastFn = { error: vi.fn((message: string) => order.push(`toast:${message}`)) } as unknown as Toast;
  const handlers = createQueryErrorHandlers(
    {
      navigate: (to) => order.push(`navigate:${to}`),
      getSession: () => session,
      getQueryClient: () => {
        order.push('clear');
        return queryClient;
      },
    },
    toastFn,
  );
  return { order, handlers, queryClient };
}

describe('createQueryErrorHandlers', () => {
  it('on 401 signs out before navigating to /login, clears caches and shows the reason', () => {
    const { order, handlers, queryClient } = setup();
    handlers.onUnauthorized('Token expired.');
    expect(order).toEqual([
      'signOut',
      'navigate:/login',
      'clear',
      'toast:Your session is unauthorized, please login again. Reasons: Token expired.',
    ]);
    expect(queryClient.getQueryData(['user', 'me'])).toBeUndefined();
  });

  it("on 'User not found.' only navigates to /invalid-user", () => {
    const { order, handlers } = setup();
    handlers.onUserNotFound();
    expect(order).toEqual(['navigate:/invalid-user']);
  });

  it("toasts other errors' text, and 'Something went wrong' for unknown ones", () => {
    const { order, handlers } = setup();
    handlers.onQueryError({ kind: 'http', status: 500, message: 'Internal Server Error' });
    handlers.onQueryError({ kind: 'unknown' });
    expect(order).toEqual(['toast:Internal Server Error', 'toast:Something went wrong']);
  });
});
