/**
 * The Export menu (spec 002 §6, §9): PDF / CSV / XLSX (slider channel: PDF only); for Editor and
 * Viewer (`canDownload` false) the button stays focusable, is aria-disabled, opens nothing and is
 * described by the tooltip shown on focus (Escape hides it).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { AnalyticsExport, type AnalyticsExportProps } from './AnalyticsExport';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(cleanup);

const props = (over: Partial<AnalyticsExportProps> = {}): AnalyticsExportProps => ({
  accountId: 1,
  channel: null,
  query: { from_date: '2026-10-01', to_date: '2026-10-30' },
  canDownload: true,
  ...over,
});

const renderMenu = (p: AnalyticsExportProps) =>
  render(
    <I18nProvider i18n={i18n}>
      <AnalyticsExport {...p} />
    </I18nProvider>,
  );

describe('AnalyticsExport', () => {
  it('offers PDF, CSV and XLSX; ArrowDown opens the menu on the first item, Escape returns focus', () => {
    renderMenu(props());
    const button = screen.getByRole('button', { name: /Export/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-disabled')).toBeNull();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['PDF', 'CSV', 'XLSX']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('offers only PDF on the slider channel', () => {
    renderMenu(props({ channel: 'slider', query: { from_date: '2026-10-01', to_date: '2026-10-30', channel: 'slider' } }));
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['PDF']);
  });

  it('Editor / Viewer: aria-disabled, focusable, described by the tooltip, opens nothing', () => {
    renderMenu(props({ canDownload: false }));
    const button = screen.getByRole('button', { name: /Export/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    const tip = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(tip.textContent).toBe('Editors and Viewers cannot download reports.');
    expect(tip.hidden).toBe(true);
    button.focus();
    fireEvent.focus(button);
    expect(tip.hidden).toBe(false);
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });
});
