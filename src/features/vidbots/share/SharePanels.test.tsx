/**
 * The share tab's sub-tabs against a real editor context and router (spec 001 §4 Share code, §6
 * Viewer may share, `widget_sync`; §8 warnings; issue 20 CSP additions): the code and the CSP line
 * are exactly what embed.codes.ts prints for the server's public URL; Copy writes them to the
 * clipboard with a toast; a Draft bot shows the warning and no code; a bot without a widget video
 * has no widget code but still an iframe code; a read-only person may still copy.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { defaultBotSettings } from '../../../../server/src/modules/bot/content.rules';
import { cspLine, iframeCode, widgetCode } from '../../../../server/src/modules/share/embed.codes';
import { queryKeys } from '../../../api/queries';
import type { Account } from '../../../api/types';
import type { Bot, BotContent } from '../vidbot.types';
import { EditorContext, type EditorApi } from '../editor/editorContext';
import { IframePanel, LinkPanel, WidgetPanel } from './SharePanels';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../ui/toast', () => ({ toast: toastMock }));

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const V = 'https://v.example.com';
const account = { id: 1, publicId: 'demo', role: 'Owner' } as unknown as Account;
const botOf = (over: Partial<Bot> = {}) => ({ id: 7, publicId: 'pub1', name: 'Tour', status: 'Published', liveStatus: 'live', hasDraft: false, ...over }) as unknown as Bot;
const contentOf = (widgetVideo: number | null = 5): BotContent => {
  const settings = defaultBotSettings();
  settings.widgetSettings.chatVideoId = widgetVideo;
  settings.iframeSettings.width = 800;
  settings.iframeSettings.height = 450;
  return { slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', options: [] }], actions: [], theme: {}, settings } as unknown as BotContent;
};

async function renderPanel(Panel: ComponentType, opts: { bot?: Bot; content?: BotContent; features?: string[]; readOnly?: boolean; submitting?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.config, { publicUrl: V } as never);
  const api: EditorApi = {
    account,
    bot: opts.bot ?? botOf(),
    content: opts.content ?? contentOf(),
    readOnly: opts.readOnly ?? false,
    features: new Set(opts.features ?? []),
    change: vi.fn(),
    submitting: opts.submitting,
  };
  const root = createRootRoute({
    component: () => (
      <EditorContext.Provider value={api}>
        <Panel />
      </EditorContext.Provider>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await waitFor(() => expect(document.querySelector('.share-sub')).not.toBeNull());
}

const field = (label: string) => screen.getByLabelText(label) as HTMLTextAreaElement | HTMLInputElement;

describe('share sub-tabs', () => {
  it('widget: the loader code and the widget CSP line for the public URL; Copy puts each on the clipboard with a toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPanel(WidgetPanel);
    expect(field('Embed code').value).toBe(widgetCode(V, 'pub1'));
    expect(field('CSP additions').value).toBe(cspLine('widget', V, { analytics: true }));
    expect(field('CSP additions').value).toBe(`script-src ${V}; img-src ${V}; media-src ${V} blob:; frame-src ${V}; connect-src ${V}`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the embed code' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Copied to the clipboard.'));
    expect(writeText).toHaveBeenLastCalledWith(widgetCode(V, 'pub1'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy the CSP additions' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(cspLine('widget', V)));
  });

  it('widget: the consent attributes, as in the analytics settings, when asked for', async () => {
    await renderPanel(WidgetPanel);
    fireEvent.click(screen.getByLabelText('Add the consent attributes'));
    expect(field('Embed code').value).toBe(
      `<script async src="${V}/embed/loader.js" data-vidbot-id="pub1" data-ad-storage="denied" data-analytics-storage="denied" data-functionality-storage="denied" data-personalization-storage="denied" data-security-storage="granted"></script>`,
    );
  });

  it('widget with widget_sync: the synchronous code', async () => {
    await renderPanel(WidgetPanel, { features: ['widget_sync'] });
    expect(field('Embed code (synchronous)').value).toBe(`<script src="${V}/embed/sync/pub1.js" referrerpolicy="no-referrer-when-downgrade"></script>`);
  });

  it('a Draft bot: the not-published warning and no code', async () => {
    await renderPanel(WidgetPanel, { bot: botOf({ status: 'Draft' }) });
    expect(screen.getByText('This vidbot is not published yet. Publish it to get its code.')).toBeTruthy();
    expect(screen.queryByLabelText('Embed code')).toBeNull();
    expect(screen.queryByLabelText('CSP additions')).toBeNull();
  });

  it('no widget video: the widget warns, the iframe still has its code at the configured size', async () => {
    await renderPanel(WidgetPanel, { content: contentOf(null) });
    expect(screen.getByText('There is no widget video. Choose one in the widget settings to get the widget code.')).toBeTruthy();
    expect(screen.queryByLabelText('Embed code')).toBeNull();
    cleanup();
    await renderPanel(IframePanel, { content: contentOf(null) });
    const content = contentOf(null);
    expect(field('Iframe code').value).toBe(iframeCode(V, 'pub1', content.settings.iframeSettings, 'Tour'));
    expect(field('Iframe code').value).toContain('width="800" height="450"');
    expect(field('CSP additions').value).toBe(`frame-src ${V}`);
  });

  it('no intro slide: the no-slides warning', async () => {
    await renderPanel(IframePanel, { content: { ...contentOf(), slides: [] } as BotContent });
    expect(screen.getByText('This vidbot has no slides. Add an intro slide before sharing it.')).toBeTruthy();
    expect(screen.queryByLabelText('Iframe code')).toBeNull();
  });

  it('read-only (a viewer) may copy; a running save disables the copy buttons', async () => {
    await renderPanel(IframePanel, { readOnly: true });
    expect((screen.getByRole('button', { name: 'Copy the iframe code' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    await renderPanel(IframePanel, { submitting: true });
    expect((screen.getByRole('button', { name: 'Copy the iframe code' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('link: the direct link follows the language and start-slide choices; it needs no CSP additions', async () => {
    await renderPanel(LinkPanel);
    expect(field('Link').value).toBe(`${V}/v/pub1`);
    fireEvent.change(screen.getByLabelText('Language of this link'), { target: { value: 'fi' } });
    fireEvent.change(screen.getByLabelText('Start slide of this link'), { target: { value: '1' } });
    expect(field('Link').value).toBe(`${V}/v/pub1?lang=fi&slide=1`);
    expect(screen.getByRole('link', { name: 'Open the link' }).getAttribute('href')).toBe(`${V}/v/pub1?lang=fi&slide=1`);
    expect(screen.getByTestId('csp-none').textContent).toContain('needs nothing');
  });
});
