/**
 * The widget settings panel (spec 002 §2 four sections, §4 content rules, §5, §9) with the bot and
 * tag calls mocked: every edit reported as a whole new WidgetContent; the picker searches published
 * vidbots only, debounced; Custom / consent rules; limits and field messages; read-only.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { defaultWidgetContent, type WidgetContent } from '../../../../server/src/modules/widget/widget.schemas';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../api/client')>()), api: { get } }));
vi.mock('../../vidbots/tag.queries', () => ({
  tagListOptions: (accountId: number) => ({
    queryKey: ['tag', 'list', accountId],
    queryFn: async () => [
      { id: 1, name: 'spring', account_id: accountId },
      { id: 2, name: 'sale', account_id: accountId },
    ],
  }),
}));

const { WidgetSettingsPanel } = await import('./WidgetSettingsPanel');

const bots = [
  { id: 1, name: 'Alpha', status: 'Published' },
  { id: 2, name: 'Beta', status: 'Draft' },
  { id: 3, name: 'Gamma', status: 'Published' },
  { id: 4, name: 'Delta', status: 'Published' },
];

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
beforeEach(() => {
  get.mockReset().mockImplementation(async (_path: string, { query }: { query: { bot_name?: string; tag_ids?: string } }) => {
    const name = (query.bot_name ?? '').toLowerCase();
    let records = bots.filter((b) => b.name.toLowerCase().includes(name));
    if (query.tag_ids) records = records.filter((b) => b.id !== 1);
    return { records };
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Renders the panel as the editor shell does: the reported content becomes the next content. */
function setup(initial: Partial<WidgetContent> = {}, opts: { readOnly?: boolean; errors?: Record<string, string> } = {}) {
  const changes: WidgetContent[] = [];
  function Shell() {
    const [content, setContent] = useState<WidgetContent>({ ...defaultWidgetContent('Slider'), ...initial });
    return (
      <WidgetSettingsPanel
        content={content}
        accountId={7}
        readOnly={opts.readOnly ?? false}
        errors={opts.errors}
        onChange={(next) => {
          changes.push(next);
          setContent(next);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <Shell />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { last: () => changes.at(-1)!, changes };
}

describe('WidgetSettingsPanel', { timeout: 30_000 }, () => {
  it('has the four sections as collapsible headings', () => {
    setup();
    for (const name of ['Choose type', 'Content', 'Widget settings', 'Advanced']) {
      const toggle = screen.getByRole('button', { name });
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
    }
    const content = screen.getByRole('button', { name: 'Content' });
    fireEvent.click(content);
    expect(content.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(content.getAttribute('aria-controls')!)!.hidden).toBe(true);
  });

  it('choosing a type reports it and shows that type’s visible counts and maxima', () => {
    const { last } = setup();
    fireEvent.click(screen.getByRole('radio', { name: /Thumbnail/ }));
    expect(last().type).toBe('Thumbnail');
    expect(screen.getByText('Up to 10')).toBeTruthy();
    expect(screen.getByLabelText('Thumbnail size (px)')).toBeTruthy();
  });

  it('a visible count above the §9 maximum or emptied gets a message; the draft keeps it', () => {
    const { last } = setup();
    const desktop = screen.getByRole('spinbutton', { name: 'Desktop' }) as HTMLInputElement;
    fireEvent.change(desktop, { target: { value: '7' } });
    expect(last().slidesVisible.desktop).toBe(7);
    expect(desktop.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('At most 6.')).toBeTruthy();
    fireEvent.change(desktop, { target: { value: '' } });
    expect(last().slidesVisible.desktop).toBeNaN();
    expect(screen.getByText('Required.')).toBeTruthy();
  });

  it('shows a server message on its field', () => {
    setup({}, { errors: { 'breakpoints.tablet': 'tablet is wrong.' } });
    expect(screen.getByText('tablet is wrong.')).toBeTruthy();
  });

  it('the opacity slider keeps the colour and writes #rrggbbaa', () => {
    const { last } = setup();
    fireEvent.change(screen.getByLabelText('Opacity'), { target: { value: '50' } });
    expect(last().appearanceSettings.playerBackgroundColor).toBe('#00000080');
    fireEvent.change(screen.getByLabelText('Player background colour'), { target: { value: '#ff0000' } });
    expect(last().appearanceSettings.playerBackgroundColor).toBe('#ff000080');
  });

  it('consent-required is disabled unless analytics is enabled (spec 002 §4)', () => {
    setup();
    const consent = screen.getByLabelText('Ask for consent before collecting analytics') as HTMLInputElement;
    expect(consent.disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Collect analytics'));
    expect(consent.disabled).toBe(true);
  });

  it('the GA4 id field appears with a GA4 integration', () => {
    const { last } = setup();
    expect(screen.queryByLabelText('GA4 measurement ID')).toBeNull();
    fireEvent.change(screen.getByLabelText('Send events to Google Analytics'), { target: { value: 'parent_ga4' } });
    fireEvent.change(screen.getByLabelText('GA4 measurement ID'), { target: { value: 'G-123' } });
    expect(last()).toMatchObject({ analyticsIntegration: 'parent_ga4', analyticsIntegrationSettings: { ga4Id: 'G-123' } });
  });

  it('Custom order is not offered for All; switching to All from Custom resets to Latest', () => {
    const { last } = setup({ contentType: 'Selected', contentSortBy: 'Custom', selectedBotIds: [3] });
    fireEvent.click(screen.getByRole('radio', { name: 'All vidbots' }));
    expect(last()).toMatchObject({ contentType: 'All', contentSortBy: 'Latest' });
    expect((screen.getByRole('radio', { name: 'Custom order' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('the picker offers only published vidbots, searches after 300 ms, adds, orders and removes', async () => {
    const { last } = setup({ contentType: 'Selected' });
    const results = await screen.findByRole('list', { name: 'Published vidbots to add' });
    await waitFor(() => expect(within(results).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Add Alpha', 'Add Gamma', 'Add Delta']), { timeout: 5000 });
    expect(get).toHaveBeenCalledWith('/bot', expect.objectContaining({ query: expect.objectContaining({ account_id: 7, size: 100 }) }));

    // The search waits 300 ms after the last keystroke (spec 002 §9), measured on real timers (fake timers
    // switched back mid-flight left TanStack Query's scheduled notifications unrun under load).
    const typedAt = Date.now();
    let searchedAt = 0;
    const inner = get.getMockImplementation()!;
    get.mockImplementation(async (path: string, init: { query: { bot_name?: string } }) => {
      if (init.query.bot_name === 'gam' && !searchedAt) searchedAt = Date.now();
      return inner(path, init);
    });
    fireEvent.change(screen.getByLabelText('Search published vidbots'), { target: { value: 'gam' } });
    expect(get).not.toHaveBeenCalledWith('/bot', expect.objectContaining({ query: expect.objectContaining({ bot_name: 'gam' }) }));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/bot', expect.objectContaining({ query: expect.objectContaining({ bot_name: 'gam' }) })), { timeout: 5000 });
    expect(searchedAt - typedAt).toBeGreaterThanOrEqual(290);
    await waitFor(() => expect(within(results).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Add Gamma']), { timeout: 5000 });
    fireEvent.click(within(results).getByRole('button', { name: 'Add Gamma' }));
    expect(last().selectedBotIds).toEqual([3]);

    fireEvent.change(screen.getByLabelText('Search published vidbots'), { target: { value: '' } });
    await waitFor(() => expect(within(results).queryByRole('button', { name: 'Add Alpha' })).not.toBeNull(), { timeout: 5000 });
    fireEvent.click(within(results).getByRole('button', { name: 'Add Alpha' }));
    expect(last().selectedBotIds).toEqual([3, 1]);

    const chosen = screen.getByRole('list', { name: 'Chosen vidbots, in order' });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.querySelector('.picked-name')!.textContent)).toEqual(['Gamma', 'Alpha']);
    // The drag handles are keyboard-operable buttons with the dnd-kit instructions attached.
    const handle = within(chosen).getByRole('button', { name: 'Move Gamma' });
    expect(handle.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(within(chosen).getByRole('button', { name: 'Remove Gamma' }));
    expect(last().selectedBotIds).toEqual([1]);
  }, 30_000);

  it('choosing a sort refreshes the selection from the current content (spec 002 §4)', async () => {
    const { last } = setup({ contentType: 'Selected', selectedBotIds: [4, 2, 4] });
    // Beta (2) is not published: it shows as such and goes when a sort is chosen.
    await screen.findByText('Vidbot 2 (not published)');
    await waitFor(() => expect(screen.getAllByText('Delta').length).toBeGreaterThan(0), { timeout: 5000 });
    fireEvent.click(screen.getByRole('radio', { name: 'Custom order' }));
    expect(last()).toMatchObject({ contentSortBy: 'Custom', selectedBotIds: [4] });
  });

  it('ByTags: tags from the account; Custom orders the tagged vidbots', async () => {
    const { last } = setup({ contentType: 'ByTags' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'spring' }));
    expect(last().selectedTagIds).toEqual([1]);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/bot', expect.objectContaining({ query: expect.objectContaining({ tag_ids: '1' }) })), { timeout: 5000 });
    fireEvent.click(screen.getByRole('radio', { name: 'Custom order' }));
    const order = await screen.findByRole('list', { name: 'Vidbots with these tags, in order' });
    await waitFor(() => expect(within(order).getAllByRole('listitem').map((li) => li.querySelector('.picked-name')!.textContent)).toEqual(['Gamma', 'Delta']), { timeout: 5000 });
    // Choosing a sort again takes the tagged vidbots into the selection (the Custom order).
    fireEvent.click(screen.getByRole('radio', { name: 'Latest' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Custom order' }));
    expect(last()).toMatchObject({ contentSortBy: 'Custom', selectedBotIds: [3, 4] });
  });

  it('read-only disables every control', () => {
    setup({ contentType: 'Selected' }, { readOnly: true });
    for (const input of screen.getAllByRole('radio')) expect(input.closest('fieldset:disabled')).not.toBeNull();
    expect(screen.queryByLabelText('Search published vidbots')).toBeNull();
  });
});
