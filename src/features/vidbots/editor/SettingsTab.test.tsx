/**
 * The settings tab against a real editor context (issue 11 architecture §3): edits reach the draft
 * through `change(next)` — delayButtons emptied as null (spec 001 §5), a value the schema refuses kept
 * in the draft with its field message shown (never lost); sections gated by the account's flags
 * (spec 001 §6); read-only shows everything and allows nothing; a draft replaced from outside
 * (a save's answer) restarts the form from it. Media settings (issue 11): the logo offers an image
 * and a video chooser narrowed to LogoImage / LogoVideo; a SlideImage is refused there; a LogoImage
 * becomes settings.logoId; a stored id is shown by the media's name.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defaultBotSettings } from '../../../../server/src/modules/bot/content.rules';
import { queryKeys } from '../../../api/queries';
import type { Account } from '../../../api/types';
import type { Bot, BotContent } from '../vidbot.types';
import { EditorContext, type EditorApi } from './editorContext';
import { SettingsTab } from './SettingsTab';
import { colord } from 'colord';
import { colourPickerValue, mediaPickChoosers } from './SettingsFields';
import { chooserMediaOptions } from '../../media/media.queries';
import { CHOOSER_KINDS, type Media, type MediaKind } from '../../media/media.types';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  // happy-dom's <dialog> may lack showModal; the chooser only needs it to open.
  if (!HTMLDialogElement.prototype.showModal) HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.open = true; };
});
afterEach(() => cleanup());

const account = { id: 1, publicId: 'demo', role: 'Owner' } as unknown as Account;
const bot = { id: 7, name: 'Tour', tagsList: [] } as unknown as Bot;
const contentOf = (): BotContent =>
  ({
    slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', duration: 10, options: [] }],
    actions: [],
    theme: {},
    settings: defaultBotSettings(),
  }) as unknown as BotContent;

function renderTab(opts: { features?: string[]; readOnly?: boolean; content?: BotContent; seed?: (client: QueryClient) => void } = {}) {
  const change = vi.fn<(next: BotContent) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  opts.seed?.(client);
  client.setQueryData(['tag', 'list', 1], [{ id: 3, name: 'Sales', account_id: 1 }]);
  client.setQueryData(queryKeys.me, { id: 1, isSuperuser: false, isCustomerSuccess: false, isReseller: false } as never);
  client.setQueryData(['bot', 'picker', 1], { records: [], metadata: { page: 1, pageSize: 250, pageCount: 0, totalCount: 0 } });
  const api = (content: BotContent): EditorApi => ({ account, bot, content, readOnly: opts.readOnly ?? false, features: new Set(opts.features ?? []), change });
  const tree = (content: BotContent) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <EditorContext.Provider value={api(content)}>
          <SettingsTab />
        </EditorContext.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
  const view = render(tree(opts.content ?? contentOf()));
  return { change, rerender: (content: BotContent) => view.rerender(tree(content)) };
}

/** The control labelled `label` (a required field's label ends in an aria-hidden " *"). */
const input = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`)) as HTMLInputElement;
const lastDraft = (change: ReturnType<typeof vi.fn>) => change.mock.calls.at(-1)![0] as BotContent & { theme: Record<string, unknown>; settings: ReturnType<typeof defaultBotSettings> };

describe('SettingsTab', () => {
  it('sends every edit to the draft: delayButtons as a number, then null once emptied', () => {
    const { change } = renderTab();
    fireEvent.change(input('Delay buttons (seconds)'), { target: { value: '2.5' } });
    expect(lastDraft(change).theme.delayButtons).toBe(2.5);
    fireEvent.change(input('Delay buttons (seconds)'), { target: { value: '' } });
    expect(lastDraft(change).theme.delayButtons).toBeNull();
    expect(input('Delay buttons (seconds)').value).toBe('');
    // Analytics integration mode (issue 13): none by default, each mode of spec 002 §3 selectable.
    expect(input('Send events to Google Analytics').value).toBe('none');
    fireEvent.change(input('Send events to Google Analytics'), { target: { value: 'parent_gtm' } });
    expect(lastDraft(change).settings.analyticsIntegration).toBe('parent_gtm');
    fireEvent.change(input('SEO title'), { target: { value: 'Hello' } });
    expect(lastDraft(change).settings.seoMeta.title).toBe('Hello');
    fireEvent.change(input('SEO title'), { target: { value: '' } });
    expect(lastDraft(change).settings.seoMeta.title).toBeNull();
  });

  it('keeps a refused value in the draft and shows the schema message next to it', async () => {
    const { change } = renderTab();
    fireEvent.change(input('Cover offset (px)'), { target: { value: '-3' } });
    expect(lastDraft(change).settings.widgetSettings.coverOffset).toBe(-3);
    expect(await screen.findByText('Must be at least 0.')).toBeTruthy();
    expect(input('Cover offset (px)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Some settings are not valid');
    fireEvent.change(input('Width (px)'), { target: { value: '' } });
    expect(input('Width (px)').value).toBe('');
    expect(await screen.findByText('Must be a number.')).toBeTruthy();
    fireEvent.change(input('Cover offset (px)'), { target: { value: '4' } });
    fireEvent.change(input('Width (px)'), { target: { value: '300' } });
    expect(screen.queryByText('Must be at least 0.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the contrast ratio and rating of the theme colours', async () => {
    renderTab();
    // Defaults: #1B1B1F on #FFFFFF (the readout is loaded lazily).
    expect((await screen.findByTestId('contrast-rating', undefined, { timeout: 15_000 })).textContent).toBe('AAA (excellent)');
    fireEvent.change(input('Text colour'), { target: { value: '#949494' } });
    expect(screen.getByTestId('contrast-ratio').textContent).toBe('3.03:1');
    expect(screen.getByTestId('contrast-rating').textContent).toBe('Low (large text only)');
    fireEvent.change(input('Text colour'), { target: { value: '#94' } });
    expect(screen.queryByTestId('contrast-ratio')).toBeNull();
    expect(screen.getByText('Must be a hex colour such as #351DDA.')).toBeTruthy();
  });

  it('gates sections and fields by the account features as the server does', () => {
    renderTab();
    const groups = () => screen.getAllByRole('group').map((g) => g.getAttribute('data-section'));
    expect(groups()).not.toContain('url-maps');
    expect(groups()).not.toContain('ads');
    expect(groups()).not.toContain('player');
    expect(screen.queryByLabelText('Hide on scroll')).toBeNull();
    expect(screen.queryByLabelText('Close button')).toBeNull();
    expect(screen.queryByLabelText('Ask for consent before collecting analytics')).toBeNull();
    cleanup();
    renderTab({ features: ['dashboard:url_map', 'dashboard:likes', 'embed:close_button', 'dashboard:no_cookies', 'dashboard:vidbot_as_ads'] });
    expect(groups()).toEqual(expect.arrayContaining(['url-maps', 'ads', 'player']));
    const player = screen.getAllByRole('group').find((g) => g.getAttribute('data-section') === 'player')!;
    expect(within(player).getByLabelText('Likes')).toBeTruthy();
    expect(within(player).queryByLabelText('Company profile')).toBeNull();
    expect(screen.getByLabelText('Close button')).toBeTruthy();
    expect(screen.queryByLabelText('Hide on scroll')).toBeNull();
    // Consent required is disabled unless analytics is on (spec 002 §4).
    expect(input('Ask for consent before collecting analytics').disabled).toBe(false);
    fireEvent.click(input('Collect analytics'));
    expect(input('Ask for consent before collecting analytics').disabled).toBe(true);
  });

  it('maps the composite controls into the draft: scheduler times as ISO, crop on/off, own link thumbnail', () => {
    const { change } = renderTab({ features: ['dashboard:vidbot_scheduler'] });
    fireEvent.change(input('Start'), { target: { value: '2026-12-01T10:30' } });
    expect(lastDraft(change).settings.widgetSettings.vidbotScheduler.startTime).toBe(new Date('2026-12-01T10:30').toISOString());
    fireEvent.change(input('Start'), { target: { value: '' } });
    expect(lastDraft(change).settings.widgetSettings.vidbotScheduler.startTime).toBeNull();
    fireEvent.click(input('Crop the widget video'));
    expect(lastDraft(change).settings.widgetSettings.chatVideoCrop).toEqual({ x: 50, y: 50, scale: 1 });
    fireEvent.change(input('Crop zoom (0.5–5)'), { target: { value: '7' } });
    expect(lastDraft(change).settings.widgetSettings.chatVideoCrop).toEqual({ x: 50, y: 50, scale: 7 });
    expect(screen.getByText('Must be at most 5.')).toBeTruthy();
    fireEvent.click(input('Crop the widget video'));
    expect(lastDraft(change).settings.widgetSettings.chatVideoCrop).toBeNull();
    expect(lastDraft(change).settings.linkSettings.thumbnail).toBeNull();
    fireEvent.click(input('Own link thumbnail'));
    expect(lastDraft(change).settings.linkSettings.thumbnail).toEqual({ thumbnailType: 'frame', slide: null, time: 0 });
  });

  it('read-only: every section visible, every control disabled, no edit sent', async () => {
    const { change } = renderTab({ readOnly: true });
    expect(screen.getByText('Read-only: you can see these settings but not change them.')).toBeTruthy();
    const sections = document.querySelector('fieldset.settings-sections') as HTMLFieldSetElement;
    expect(sections.disabled).toBe(true);
    expect(input('SEO title').matches(':disabled')).toBe(true);
    // The tags section is a lazy chunk (SettingsTags): wait for it rather than for an earlier test to have loaded it.
    expect(((await screen.findByRole('checkbox', { name: 'Sales' })) as HTMLInputElement).disabled).toBe(true);
    expect(change).not.toHaveBeenCalled();
  });

  it('restarts from a draft replaced from outside (a save answer)', () => {
    const { change, rerender } = renderTab();
    fireEvent.change(input('SEO title'), { target: { value: 'Mine' } });
    // The layout answers with the draft as sent: the form keeps its state.
    rerender(lastDraft(change));
    expect(input('SEO title').value).toBe('Mine');
    const saved = contentOf();
    (saved.settings as ReturnType<typeof defaultBotSettings>).seoMeta.title = 'From the server';
    rerender(saved);
    expect(input('SEO title').value).toBe('From the server');
  });

  it('logo: an image and a video chooser narrowed to the logo kinds; a SlideImage is refused, a LogoImage is stored', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const image = (id: number, type: MediaKind, name: string) => ({ id, type, name, mediaType: 'IMAGE', status: 'Ready', url: null, thumbnailUrl: null, duration: null }) as unknown as Media;
    const { change } = renderTab({
      seed: (client) =>
        client.setQueryData(chooserMediaOptions(1, CHOOSER_KINDS.IMAGE, '').queryKey, {
          records: [image(41, 'SlideImage', 'Team photo'), image(42, 'LogoImage', 'Brand mark')],
          metadata: { page: 1, pageSize: 50, pageCount: 1, totalCount: 2 },
        }),
    });
    const logo = screen.getByRole('group', { name: 'Logo' });
    expect(within(logo).getByRole('button', { name: 'Choose a video' })).toBeTruthy();
    fireEvent.click(within(logo).getByRole('button', { name: 'Choose an image' }));
    // The chooser is imported on its first open (LazyMediaChooser): the first import may take a while here.
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 15_000 });
    expect(within(dialog).getByText('Accepted here: Logo image. An upload is stored as Logo image.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Team photo/ }));
    expect(within(dialog).getByRole('alert').textContent).toBe('“Team photo” (Slide image) cannot be used here. Accepted here: Logo image.');
    expect(change.mock.calls.some((c) => (c[0] as { settings: { logoId: unknown } }).settings.logoId === 41)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /Brand mark/ }));
    expect(lastDraft(change).settings.logoId).toBe(42);
    expect(within(logo).getByText('Brand mark')).toBeTruthy();
  });

  it('a stored cover is shown by its media name', async () => {
    const content = contentOf();
    (content.settings as { widgetCoverId: number | null }).widgetCoverId = 55;
    renderTab({ content, seed: (client) => client.setQueryData(['media', 'one', 55], { id: 55, name: 'Autumn cover', type: 'CoverImage' }) });
    expect(await within(screen.getByRole('group', { name: 'Widget cover' })).findByText('Autumn cover')).toBeTruthy();
  });

  it('a settings media pick opens one chooser per media type its kinds cover', () => {
    expect(mediaPickChoosers(['LogoImage', 'LogoVideo'])).toEqual([
      { mode: 'IMAGE', kinds: ['LogoImage'] },
      { mode: 'VIDEO', kinds: ['LogoVideo'] },
    ]);
    expect(mediaPickChoosers(['CoverImage'])).toEqual([{ mode: 'IMAGE', kinds: ['CoverImage'] }]);
    expect(mediaPickChoosers(['SlideVideo', 'LogoVideo'])).toEqual([{ mode: 'VIDEO', kinds: ['SlideVideo', 'LogoVideo'] }]);
  });

  it("a colour field's picker value is the #rrggbb colord gives for every hex form", () => {
    for (const hex of ['#351DDA', '#abc', '#ABC', '#1b1b1f', '#11223344', '#FFFFFF80']) {
      expect(colourPickerValue(hex), hex).toBe(colord(hex).alpha(1).toHex());
    }
  });
});
