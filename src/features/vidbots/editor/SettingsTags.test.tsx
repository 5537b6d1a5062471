/**
 * Tags in the settings tab (spec 001 §5 "new tag needs a non-blank name", §7 `POST /tag`, §8 tag
 * toasts and the 400 detail; issue 11 architecture §1 tags are bot-level): against the documented
 * calls — `POST /tag { name, account_id }` then `PATCH /bot/{id} { tagIds }` — through the real API
 * client with `fetch` stubbed; the draft (`change`) is never touched.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from '../../../ui/toast';
import type { Account } from '../../../api/types';
import type { Bot, BotContent } from '../vidbot.types';
import { EditorContext, type EditorApi } from './editorContext';
import { SettingsTags } from './SettingsTags';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Call = { method: string; url: string; body: unknown };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { method: init.method ?? 'GET', url: String(url), body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return answer(call);
    }),
  );
  const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
  const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
  const change = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const bot = { id: 7, name: 'Tour', tagsList: [] } as unknown as Bot;
  client.setQueryData(['bot', 'detail', 7], bot);
  const api: EditorApi = {
    account: { id: 1, publicId: 'demo', role: 'Owner' } as unknown as Account,
    bot,
    content: { slides: [], actions: [], theme: {}, settings: {} } as unknown as BotContent,
    readOnly: false,
    features: new Set(),
    change,
  };
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <EditorContext.Provider value={api}>
          <SettingsTags />
        </EditorContext.Provider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { calls, success, error, change, client };
}

const tags = [{ id: 3, name: 'Sales', account_id: 1 }];

describe('SettingsTags', () => {
  it('creates a tag inline and attaches it to the vidbot at once (not with the draft)', async () => {
    const { calls, success, change, client } = setup(({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/tag?')) return json(200, { records: tags });
      if (method === 'POST' && url === '/api/tag') return json(201, { id: 9, name: 'Onboarding', account_id: 1 });
      if (method === 'PATCH' && url === '/api/bot/7') return json(200, { id: 7, tagsList: [{ id: 9, name: 'Onboarding' }] });
      return json(404, { detail: 'Not found' });
    });
    expect(await screen.findByRole('checkbox', { name: 'Sales' })).toBeTruthy();
    expect(calls[0]!.url).toBe('/api/tag?account_id=1&size=100');
    fireEvent.change(screen.getByLabelText('New tag'), { target: { value: '  Onboarding ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create tag' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Onboarding', account_id: 1 });
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ tagIds: [9] });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Tags saved'));
    expect(success).toHaveBeenCalledWith('Tag created successfully');
    expect((client.getQueryData(['bot', 'detail', 7]) as { tagsList: unknown }).tagsList).toEqual([{ id: 9, name: 'Onboarding' }]);
    expect(change).not.toHaveBeenCalled();
  });

  it('refuses a blank name without a call', async () => {
    const { calls } = setup(() => json(200, { records: tags }));
    await screen.findByRole('checkbox', { name: 'Sales' });
    fireEvent.change(screen.getByLabelText('New tag'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create tag' }));
    expect(screen.getByText('A tag needs a name.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows a 400's detail under the field and the 'Failed to create tag' toast", async () => {
    const { error } = setup(({ method }) => (method === 'POST' ? json(400, { detail: 'A tag named "Sales" already exists in this account.' }) : json(200, { records: tags })));
    await screen.findByRole('checkbox', { name: 'Sales' });
    fireEvent.change(screen.getByLabelText('New tag'), { target: { value: 'Sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByText('A tag named "Sales" already exists in this account.')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Failed to create tag');
  });

  it('picking an existing tag saves the new tag list', async () => {
    const { calls } = setup(({ method }) => (method === 'PATCH' ? json(200, { id: 7, tagsList: [{ id: 3, name: 'Sales' }] }) : json(200, { records: tags })));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sales' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ tagIds: [3] }));
  });
});
