/**
 * The editor's graph panel (issue 11 "The bot's own graph"): the findings of the live draft as a
 * labelled region with lists of links to the affected items, the path count, the card marks and the
 * publish warnings; in English and Finnish.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { formatter } from '@lingui/format-po';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { botGraph } from '../../../../machines/vidbot/vidbot.graph';
import type { Slide, SlideOption } from '../../../../machines/vidbot/vidbot.types';
import { GraphPanel, graphItemPath, graphMarks, PublishWarningList, publishWarnings } from './GraphPanel';
import type { BotGraphInput as BotContent } from '../../../../machines/vidbot/vidbot.graph';

async function activate(locale: 'en' | 'fi') {
  if (locale === 'en') {
    i18n.loadAndActivate({ locale, messages: {} });
    return;
  }
  const file = path.resolve(import.meta.dirname, '../../../locales/fi/messages.po');
  const catalog = (await formatter().parse(readFileSync(file, 'utf8'), { locale, sourceLocale: 'en', filename: file })) as Record<
    string,
    { translation?: string }
  >;
  i18n.loadAndActivate({ locale, messages: Object.fromEntries(Object.entries(catalog).map(([id, m]) => [id, m.translation ?? ''])) });
}

beforeEach(() => activate('en'));
afterEach(cleanup);

const button = (id: number, targetId: number | null, type: SlideOption['type'] = 'SLIDE'): SlideOption => ({ id, name: `Button ${id}`, type, targetId });
const slide = (id: number, name: string, options: SlideOption[], category: Slide['category'] = 'SLIDE'): Slide => ({
  id,
  name,
  category,
  type: 'VIDEO',
  options,
});

/** Welcome → Product → form; Welcome → Pricing (dead end); Orphan → Welcome (unreachable); Loop A ↔ Loop B (trap); a deleted target. */
const content: BotContent = {
  slides: [
    slide(1, 'Welcome', [button(1, 2), button(2, 3), button(3, 5)], 'INTRO'),
    slide(2, 'Product', [button(1, 10, 'REGULAR_FORM'), button(2, 99)]),
    slide(3, 'Pricing', []),
    slide(4, 'Orphan', [button(1, 1)]),
    slide(5, 'Loop A', [button(1, 6)]),
    slide(6, 'Loop B', [button(1, 5)]),
  ],
  actions: [
    { id: 10, name: 'Contact us', type: 'REGULAR_FORM' },
    { id: 11, name: 'Website', type: 'EXTERNAL_LINK' },
  ],
};

function renderPanel(c: BotContent = content) {
  const root = createRootRoute({ component: () => <GraphPanel content={c} accountSlug="acme" botId={7} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const linksIn = (list: HTMLElement) => within(list).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('GraphPanel', () => {
  it('is a region headed by its title, listing each finding with links to the items', async () => {
    renderPanel();
    const region = await screen.findByRole('region', { name: 'Vidbot graph' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Vidbot graph' })).toBeTruthy();
    expect(linksIn(within(region).getByRole('list', { name: 'Unreachable slides' }))).toEqual([['Orphan', '/dashboard/acme/vidbots/7/slide/4']]);
    expect(linksIn(within(region).getByRole('list', { name: 'Unreachable actions' }))).toEqual([['Website', '/dashboard/acme/vidbots/7/link/11']]);
    expect(linksIn(within(region).getByRole('list', { name: 'Dead ends' }))).toEqual([['Pricing', '/dashboard/acme/vidbots/7/slide/3']]);
    expect(linksIn(within(region).getByRole('list', { name: 'Loops without a way out' }))).toEqual([
      ['Loop A', '/dashboard/acme/vidbots/7/slide/5'],
      ['Loop B', '/dashboard/acme/vidbots/7/slide/6'],
    ]);
    expect(linksIn(within(region).getByRole('list', { name: 'Buttons with a deleted target' }))).toEqual([
      ['Button 2 on Product (deleted slide)', '/dashboard/acme/vidbots/7/slide/2'],
    ]);
    // Welcome → Product → form, Welcome → Pricing; the trap loop ends nowhere.
    expect(within(region).getByText('2 distinct paths from the intro to an end.')).toBeTruthy();
    expect(within(region).queryByText(/No problems found/)).toBeNull();
  });

  it('says so when nothing is wrong, and lists loops that have a way out apart from the problems', async () => {
    renderPanel({
      slides: [slide(1, 'Welcome', [button(1, 2)], 'INTRO'), slide(2, 'Product', [button(1, 1), button(2, null, 'CLOSE_VIDBOT')])],
      actions: [],
    });
    const region = await screen.findByRole('region', { name: 'Vidbot graph' });
    expect(within(region).getByText('No problems found: every slide and action can be reached, and every slide leads on.')).toBeTruthy();
    expect(within(region).getByText('1 distinct path from the intro to an end.')).toBeTruthy();
    expect(linksIn(within(region).getByRole('list', { name: 'Loops' })).map(([name]) => name)).toEqual(['Welcome', 'Product']);
    expect(within(region).queryByRole('list', { name: 'Dead ends' })).toBeNull();
  });

  it('says when no path reaches an end', async () => {
    renderPanel({ slides: [slide(1, 'Ping', [button(1, 2)], 'INTRO'), slide(2, 'Pong', [button(1, 1)])], actions: [] });
    const region = await screen.findByRole('region', { name: 'Vidbot graph' });
    expect(within(region).getByText('No path from the intro reaches an end.')).toBeTruthy();
    expect(linksIn(within(region).getByRole('list', { name: 'Loops without a way out' })).map(([name]) => name)).toEqual(['Ping', 'Pong']);
  });

  it('asks for an intro slide when the draft has no slides', async () => {
    renderPanel({ slides: [], actions: [] });
    const region = await screen.findByRole('region', { name: 'Vidbot graph' });
    expect(within(region).getByText('Add an intro slide to see the paths through this vidbot.')).toBeTruthy();
  });

  it('reads in Finnish', async () => {
    await activate('fi');
    renderPanel();
    const region = await screen.findByRole('region', { name: 'Vidbotin kaavio' });
    expect(within(region).getByRole('list', { name: 'Saavuttamattomat diat' })).toBeTruthy();
    expect(within(region).getByText('2 eri polkua aloitusdiasta loppuun.')).toBeTruthy();
  });
});

describe('graphMarks', () => {
  it('marks unreachable slides, dead ends and slides in loops', () => {
    const marks = graphMarks(botGraph({ ...content, slides: [...content.slides, slide(7, 'Replay', [button(1, 7)])] }));
    expect(Object.fromEntries(marks)).toEqual({
      3: ['deadEnd'],
      4: ['unreachable'],
      5: ['loop'],
      6: ['loop'],
      7: ['unreachable', 'deadEnd', 'loop'],
    });
    expect(marks.has(1)).toBe(false);
  });
});

describe('publishWarnings', () => {
  it('warns about unreachable slides and buttons with deleted targets, in words', async () => {
    const warnings = publishWarnings(botGraph(content), content);
    expect(warnings).toEqual([
      { code: 'unreachableSlides', items: [{ slideId: 4, name: 'Orphan' }] },
      { code: 'deletedTargets', items: [{ slideId: 2, optionId: 2, name: 'Button 2', slideName: 'Product' }] },
    ]);
    render(
      <I18nProvider i18n={i18n}>
        <PublishWarningList warnings={warnings} />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'No path from the intro reaches these slides: Orphan. Viewers will never see them.',
      'These buttons lead to a deleted slide or action and do nothing: Button 2 on Product.',
    ]);
  });

  it('has nothing to say about a sound bot', () => {
    const sound: BotContent = { slides: [slide(1, 'Welcome', [button(1, null, 'CLOSE_VIDBOT')], 'INTRO')], actions: [] };
    expect(publishWarnings(botGraph(sound), sound)).toEqual([]);
  });
});

describe('graphItemPath', () => {
  it('points at each item’s editor route', () => {
    expect(graphItemPath('acme', 7, { slideId: 3 })).toBe('/dashboard/acme/vidbots/7/slide/3');
    expect(graphItemPath('acme', 7, { actionId: 1, actionType: 'REGULAR_FORM' })).toBe('/dashboard/acme/vidbots/7/form/1');
    expect(graphItemPath('acme', 7, { actionId: 2, actionType: 'POST_MESSAGE' })).toBe('/dashboard/acme/vidbots/7/action/2');
    expect(graphItemPath('acme', 7, { actionId: 3, actionType: 'CLOSE_VIDBOT' })).toBe('/dashboard/acme/vidbots/7/close-action/3');
    expect(graphItemPath('acme', 7, { actionId: 4, actionType: 'SHARE_MEDIA' })).toBe('/dashboard/acme/vidbots/7/share-media/4');
    expect(graphItemPath('acme', 7, { actionId: 5, actionType: 'EXTERNAL_LINK' })).toBe('/dashboard/acme/vidbots/7/link/5');
  });
});
