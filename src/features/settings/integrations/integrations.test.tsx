/**
 * View bindings of the CRM integrations (issue 15 "Integrations"; spec 002 §2 Integrations tab, §4
 * states and OAuth callback, §8 toasts) with the API client mocked: the tab's cards and their
 * states, Connect (OAuth → leaves for the authorize URL; API key → dialog with a required field,
 * a refused key shown in the field), the OAuth landing (code + state posted once, URL cleaned),
 * Disconnect only after confirmation, the disabled / fetch-error messages; the form submissions
 * panel's delivery badges and Retry; reading the account from the OAuth state.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

const api = vi.hoisted(() => ({
  get: vi.fn<(path: string, opts?: unknown) => Promise<unknown>>(),
  post: vi.fn<(path: string, body?: unknown) => Promise<unknown>>(),
  delete: vi.fn<(path: string) => Promise<unknown>>(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../api/client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../api/client')>()), api }));
vi.mock('react-toastify', () => ({ toast: toasts }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a href="#media" className={className}>
      {children}
    </a>
  ),
}));

import { HttpError } from '../../../api/client';
import type { AccountIntegrations, CrmIntegration, FormSubmissionPage } from './integrations.api';
import { IntegrationsTab } from './IntegrationsTab';
import { FormSubmissionsPanel } from './FormSubmissionsPanel';
import { accountFromOAuthState } from './oauthState';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  if (!HTMLDialogElement.prototype.showModal) {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
  }
  if (!HTMLDialogElement.prototype.close) {
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.open = false;
    };
  }
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const crm = (p: Partial<CrmIntegration> & Pick<CrmIntegration, 'integrationType'>): CrmIntegration => ({
  auth: p.integrationType === 'hubspot' || p.integrationType === 'salesforce' ? 'oauth' : 'apiKey',
  enabled: true,
  configured: true,
  state: 'not_connected',
  details: { user: null },
  error: null,
  connectedAt: null,
  ...p,
});

const integrations = (over: Partial<AccountIntegrations> = {}): AccountIntegrations => ({
  enabled: true,
  records: [
    crm({ integrationType: 'hubspot' }),
    crm({ integrationType: 'linear', state: 'connected', details: { user: 'Lina Linear' }, connectedAt: '2026-11-26T09:00:00.000Z' }),
    crm({ integrationType: 'pipedrive', state: 'error', details: { user: 'Pia' }, error: 'Pipedrive: unauthorized access' }),
    crm({ integrationType: 'salesforce', configured: false }),
  ],
  googleDrive: { enabled: true, configured: true, connected: false },
  ...over,
});

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>
  );
}

function renderTab(answer: AccountIntegrations | Error, callback: { integration?: string; code?: string; state?: string } = {}) {
  let current = answer;
  api.get.mockImplementation(async (path) => {
    expect(path).toBe('/account/7/integration');
    if (current instanceof Error) throw current;
    return current;
  });
  const leave = vi.fn();
  const cleanUrl = vi.fn();
  render(wrap(<IntegrationsTab account={{ id: 7, publicId: 'acme' }} callback={callback} cleanUrl={cleanUrl} leave={leave} />));
  return { leave, cleanUrl, setAnswer: (a: AccountIntegrations) => (current = a) };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('integrations tab', () => {
  it('shows one card per CRM with its state, plus Google Drive', async () => {
    renderTab(integrations());
    expect(await screen.findByRole('article', { name: 'HubSpot' })).toBeTruthy();
    expect(within(card('HubSpot')).getByText('Not connected')).toBeTruthy();
    expect(within(card('HubSpot')).getByRole('button', { name: 'Connect HubSpot' })).toBeTruthy();
    expect(within(card('Linear')).getByText('Connected')).toBeTruthy();
    expect(within(card('Linear')).getByText('as Lina Linear')).toBeTruthy();
    expect(within(card('Linear')).getByRole('button', { name: 'Disconnect Linear' })).toBeTruthy();
    expect(within(card('Pipedrive')).getByText('Connection error')).toBeTruthy();
    expect(within(card('Pipedrive')).getByText(/Pipedrive: unauthorized access/)).toBeTruthy();
    expect(within(card('Pipedrive')).getByRole('button', { name: 'Reconnect Pipedrive' })).toBeTruthy();
    expect(within(card('Salesforce')).getByText(/not configured on this server/)).toBeTruthy();
    expect(within(card('Salesforce')).queryByRole('button')).toBeNull();
    expect(within(card('Google Drive')).getByText('Connect Google Drive')).toBeTruthy();
  });

  it('says so when the account’s integration feature is off, or the list cannot be loaded', async () => {
    renderTab(integrations({ enabled: false }));
    expect(await screen.findByText(/Integrations are not enabled for this account/)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    cleanup();
    renderTab(new HttpError(503, 'Service unavailable', null));
    expect(await screen.findByText(/The integrations could not be loaded/)).toBeTruthy();
  });

  it('OAuth Connect asks for the signed authorize URL and leaves for it', async () => {
    const { leave } = renderTab(integrations());
    api.post.mockResolvedValueOnce({ authorizeUrl: 'http://crm.test/oauth/authorize?state=s' });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect HubSpot' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('http://crm.test/oauth/authorize?state=s'));
    expect(api.post).toHaveBeenCalledWith('/integration/hubspot/auth/start/account/7');
    expect(within(card('HubSpot')).getByText('Connecting…')).toBeTruthy();
  });

  it('API key: a required password field; a refused key is shown in the field; a good key connects with a toast', async () => {
    const t = renderTab(integrations());
    fireEvent.click(await screen.findByRole('button', { name: 'Reconnect Pipedrive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Pipedrive' });
    const field = within(dialog).getByLabelText(/Pipedrive API key/);
    expect(field.getAttribute('type')).toBe('password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('The API key is required.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockRejectedValueOnce(new HttpError(422, 'Unprocessable', { detail: 'Invalid input', errors: { apiKey: 'Pipedrive did not accept this API key. Check the key and try again.' } }));
    fireEvent.change(field, { target: { value: ' wrong ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Pipedrive did not accept this API key. Check the key and try again.')).toBeTruthy();
    expect(api.post).toHaveBeenLastCalledWith('/integration/pipedrive/auth/account/7', { apiKey: 'wrong' });
    expect(toasts.error).toHaveBeenCalledTimes(1);

    const connected = crm({ integrationType: 'pipedrive', state: 'connected', details: { user: 'Pia Pipedrive' } });
    t.setAnswer(integrations({ records: [...integrations().records.filter((r) => r.integrationType !== 'pipedrive'), connected] }));
    api.post.mockResolvedValueOnce(connected);
    fireEvent.change(field, { target: { value: 'pd-test-token' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(within(card('Pipedrive')).getByText('as Pia Pipedrive')).toBeTruthy());
    expect(toasts.success).toHaveBeenCalledWith('Pipedrive connected as Pia Pipedrive.');
  });

  it('landing from the CRM: code and state go to that CRM once, the URL is cleaned', async () => {
    const connected = crm({ integrationType: 'hubspot', state: 'connected', details: { user: 'Hugo HubSpot' } });
    api.post.mockResolvedValueOnce(connected);
    const { cleanUrl, setAnswer } = renderTab(integrations(), { integration: 'hubspot', code: 'c-1', state: 'a.b.c' });
    setAnswer(integrations({ records: [connected, ...integrations().records.slice(1)] }));
    await waitFor(() => expect(within(card('HubSpot')).getByText('as Hugo HubSpot')).toBeTruthy());
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/integration/hubspot/auth/account/7', { code: 'c-1', state: 'a.b.c' });
    expect(cleanUrl).toHaveBeenCalledTimes(1);
    expect(toasts.success).toHaveBeenCalledWith('HubSpot connected as Hugo HubSpot.');
  });

  it('landing with a state the server refuses: error toast with the spec message, still not connected', async () => {
    api.post.mockRejectedValueOnce(new HttpError(400, 'Bad Request', { detail: 'Invalid authentication state', code: 'invalidState' }));
    renderTab(integrations(), { integration: 'hubspot', code: 'c-1', state: 'forged' });
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Connecting HubSpot failed: Invalid authentication state'));
    expect(within(card('HubSpot')).getByText('Not connected')).toBeTruthy();
  });

  it('Disconnect asks first; Cancel keeps the connection; confirming deletes it', async () => {
    const t = renderTab(integrations());
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Linear' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect Linear?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.delete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Linear' }));
    dialog = await screen.findByRole('dialog', { name: 'Disconnect Linear?' });
    api.delete.mockResolvedValueOnce(undefined);
    t.setAnswer(integrations({ records: integrations().records.map((r) => (r.integrationType === 'linear' ? crm({ integrationType: 'linear' }) : r)) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(within(card('Linear')).getByText('Not connected')).toBeTruthy());
    expect(api.delete).toHaveBeenCalledWith('/integration/linear/account/7');
  });
});

describe('form submissions panel', () => {
  const page = (): FormSubmissionPage => ({
    records: [
      {
        id: 2,
        submissionId: 's-2',
        botId: 3,
        revisionId: 1,
        actionId: 4,
        formName: 'Contact us',
        values: { 'first-name': 'Ada', 'gdpr-agreement': true },
        language: 'en',
        createdAt: '2026-11-26T09:30:00.000Z',
        deliveries: [
          { integrationType: 'hubspot', state: 'delivered', attempts: 1, lastError: null, externalId: '901', deliveredAt: '2026-11-26T09:30:05.000Z', nextAttemptAt: null },
          { integrationType: 'salesforce', state: 'failed', attempts: 1, lastError: 'Salesforce REQUIRED_FIELD_MISSING: Required fields are missing: [Company]', externalId: null, deliveredAt: null, nextAttemptAt: null },
          { integrationType: 'pipedrive', state: 'retrying', attempts: 2, lastError: 'Pipedrive: Service unavailable (HTTP 503)', externalId: null, deliveredAt: null, nextAttemptAt: '2026-11-26T09:35:00.000Z' },
        ],
      },
      { id: 1, submissionId: 's-1', botId: 3, revisionId: 1, actionId: 4, formName: 'Contact us', values: { email: 'x@example.com' }, language: 'fi', createdAt: '2026-11-25T09:30:00.000Z', deliveries: [] },
    ],
    metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: 2 },
  });

  it('lists submissions with their values and one delivery badge per CRM; Retry re-enqueues a failed one', async () => {
    api.get.mockResolvedValue(page());
    render(wrap(<FormSubmissionsPanel botId={3} />));
    const row = (await screen.findByText('Ada')).closest('tr')!;
    expect(api.get).toHaveBeenCalledWith('/bot/3/form-submission', expect.objectContaining({ query: { page: 1, size: 10 } }));
    expect(within(row).getByText('Yes')).toBeTruthy();
    const hub = row.querySelector('[data-delivery="hubspot"]') as HTMLElement;
    expect(within(hub).getByText('Delivered')).toBeTruthy();
    expect(within(hub).getByText('id 901')).toBeTruthy();
    const pd = row.querySelector('[data-delivery="pipedrive"]') as HTMLElement;
    expect(within(pd).getByText('Retrying')).toBeTruthy();
    expect(within(pd).getByText(/next attempt/)).toBeTruthy();
    const sf = row.querySelector('[data-delivery="salesforce"]') as HTMLElement;
    expect(within(sf).getByText('Failed')).toBeTruthy();
    expect(within(sf).getByText(/REQUIRED_FIELD_MISSING/)).toBeTruthy();
    expect(screen.getByText('Not sent to a CRM')).toBeTruthy();

    api.post.mockResolvedValueOnce({ integrationType: 'salesforce', state: 'pending' });
    fireEvent.click(within(sf).getByRole('button', { name: 'Retry the delivery to Salesforce' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/bot/3/form-submission/s-2/delivery/salesforce/retry'));
    await waitFor(() => expect(api.get.mock.calls.length).toBeGreaterThan(1));
  });

  it('says when there are none', async () => {
    api.get.mockResolvedValue({ records: [], metadata: { page: 1, pageSize: 10, pageCount: 0, totalCount: 0 } });
    render(wrap(<FormSubmissionsPanel botId={3} />));
    expect(await screen.findByText('No form submissions yet.')).toBeTruthy();
  });
});

describe('accountFromOAuthState', () => {
  const jws = (payload: unknown) => `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

  it('reads the account publicId from the unverified payload', () => {
    expect(accountFromOAuthState(jws({ acc: 'acme-3f9', aid: 7, uid: 1, crm: 'hubspot' }))).toBe('acme-3f9');
  });

  it('is null for a missing, malformed or odd state', () => {
    expect(accountFromOAuthState(undefined)).toBeNull();
    expect(accountFromOAuthState('')).toBeNull();
    expect(accountFromOAuthState('not-a-token')).toBeNull();
    expect(accountFromOAuthState('a.%%%.c')).toBeNull();
    expect(accountFromOAuthState(jws({ aid: 7 }))).toBeNull();
    expect(accountFromOAuthState(jws({ acc: '../../admin' }))).toBeNull();
    expect(accountFromOAuthState(jws('acme'))).toBeNull();
  });
});
