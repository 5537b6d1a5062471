/**
 * /sso and /oauth-check views (spec 000 §2, §4 "SSO login … a 404 means no provider found", §5
 * "SSO login email: required and must be an email", §8 ssoProviderNotFound; issue 3).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { HttpError } from '../../api/client';
import { SsoPage, type DiscoverResponse } from './SsoPage';
import { OAuthCheckPage } from './OAuthCheckPage';
import { FederatedSignIn } from './FederatedSignIn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configOptions } from '../../api/queries';
import type { RuntimeConfig } from '../../api/types';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(cleanup);

/** Renders `page` at `/start` in a memory router that also has /login and /dashboard. */
function renderInRouter(page: () => ReactNode) {
  const root = createRootRoute({ errorComponent: ({ error }) => <p>boundary: {error instanceof Error ? error.message : String(error)}</p> });
  const start = createRoute({ getParentRoute: () => root, path: '/start', component: page });
  const login = createRoute({ getParentRoute: () => root, path: '/login', component: () => <p>login page</p> });
  const dashboard = createRoute({ getParentRoute: () => root, path: '/dashboard', component: () => <p>dashboard page</p> });
  const router = createRouter({ routeTree: root.addChildren([start, login, dashboard]), history: createMemoryHistory({ initialEntries: ['/start'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('SsoPage', () => {
  const setup = (discover: (email: string) => Promise<DiscoverResponse>) => {
    const redirect = vi.fn<(provider: string, email: string) => Promise<void>>(() => Promise.resolve());
    const discoverFn = vi.fn(discover);
    renderInRouter(() => <SsoPage discover={discoverFn} redirect={redirect} />);
    const submit = async (email: string) => {
      fireEvent.change(await screen.findByLabelText('Work email'), { target: { value: email } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    };
    return { redirect, discover: discoverFn, submit };
  };

  it('requires an e-mail address before asking the server', async () => {
    const { discover, submit } = setup(() => Promise.resolve({ ssoProvider: 'x' }));
    await submit('');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await submit('not-an-email');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(discover).not.toHaveBeenCalled();
  });

  it('redirects to the discovered provider with the e-mail as login hint', async () => {
    const { discover, redirect, submit } = setup(() => Promise.resolve({ ssoProvider: 'corp-oidc' }));
    await submit('  jane@corp.example ');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('corp-oidc', 'jane@corp.example'));
    expect(discover).toHaveBeenCalledWith('jane@corp.example');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a 404 shows the translated ssoProviderNotFound message and does not redirect', async () => {
    const { redirect, submit } = setup(() => Promise.reject(new HttpError(404, 'Not Found', { detail: 'x', code: 'ssoProviderNotFound' })));
    await submit('jane@nowhere.example');
    expect((await screen.findByRole('alert')).textContent).toBe('No single sign-on provider was found for this email address.');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('other errors are rethrown to the error boundary', async () => {
    const { submit } = setup(() => Promise.reject(new HttpError(500, 'Internal Server Error', { detail: 'boom' })));
    await submit('jane@corp.example');
    expect(await screen.findByText('boundary: boom')).toBeTruthy();
  });
});

describe('OAuthCheckPage', () => {
  it('finalizes after amplify completed the code exchange, then opens the dashboard', async () => {
    const finalize = vi.fn(() => Promise.resolve({}));
    const router = renderInRouter(() => <OAuthCheckPage completed={() => Promise.resolve(true)} finalize={finalize} />);
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(finalize).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('an error from the identity provider goes to /login with its description, without finalizing', async () => {
    const completed = vi.fn(() => Promise.resolve(true));
    const finalize = vi.fn(() => Promise.resolve({}));
    const router = renderInRouter(() => <OAuthCheckPage error="access_denied" errorDescription="Not in the domain." completed={completed} finalize={finalize} />);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toEqual({ error: 'Not in the domain.' });
    expect(completed).not.toHaveBeenCalled();
    expect(finalize).not.toHaveBeenCalled();
  });

  it('no session after the exchange, or a failing finalize, goes to /login with an error', async () => {
    const finalize = vi.fn(() => Promise.resolve({}));
    const router = renderInRouter(() => <OAuthCheckPage completed={() => Promise.resolve(false)} finalize={finalize} />);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toEqual({ error: 'oauthSignInFailed' });
    expect(finalize).not.toHaveBeenCalled();
    cleanup();
    const router2 = renderInRouter(() => <OAuthCheckPage completed={() => Promise.resolve(true)} finalize={() => Promise.reject(new Error('User not found.'))} />);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router2.state.location.search).toEqual({ error: 'User not found.' });
  });
});

describe('FederatedSignIn', () => {
  const base: RuntimeConfig = {
    userPoolId: 'p', userPoolClientId: 'c', userPoolEndpoint: '/idp', region: 'eu-west-1', sentryDsn: null, previewAllowedOrigins: [],
    oauth: { domain: 'app.example/idp', scopes: ['email', 'openid'], redirectSignIn: ['https://app.example/oauth-check'], redirectSignOut: ['https://app.example/login'], responseType: 'code' },
    google: false,
    googleDrive: false,
    mediaProcessing: { video: true, images: true },
  };
  const setup = (config: RuntimeConfig) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(configOptions().queryKey, config);
    const redirect = vi.fn<(provider: string) => Promise<void>>(() => Promise.resolve());
    renderInRouter(() => (
      <QueryClientProvider client={queryClient}>
        <FederatedSignIn redirect={redirect} />
      </QueryClientProvider>
    ));
    return redirect;
  };

  it('always links to /sso; no Google button unless the server says Google is configured', async () => {
    setup({ ...base, google: false });
    expect((await screen.findByRole('link', { name: 'Sign in with SSO' })).getAttribute('href')).toBe('/sso');
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it('with Google configured the button redirects to the Google provider', async () => {
    const redirect = setup({ ...base, google: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(redirect).toHaveBeenCalledWith('Google');
  });
});
