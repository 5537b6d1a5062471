/** TagFilter (spec 001 §2 tag filter, multi-pick): picks hand over sorted ids; chips remove one; Escape closes. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { TagFilter } from './TagFilter';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(cleanup);

const tags = [
  { id: 7, name: 'Sales', account_id: 1 },
  { id: 3, name: 'Support', account_id: 1 },
  { id: 5, name: 'Events', account_id: 1 },
];
const renderFilter = (value: number[], onChange = vi.fn()) => {
  render(
    <I18nProvider i18n={i18n}>
      <TagFilter tags={tags} value={value} onChange={onChange} />
    </I18nProvider>,
  );
  return onChange;
};

describe('TagFilter', () => {
  it('opens a labelled group of checkboxes and hands over the sorted ids of the picked tags', () => {
    const onChange = renderFilter([7]);
    const opener = screen.getByRole('button', { name: 'Tags (1)' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Show vidbots with any of these tags' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Sales' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Support' }));
    expect(onChange).toHaveBeenLastCalledWith([3, 7]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sales' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    fireEvent.keyDown(screen.getByRole('checkbox', { name: 'Events' }), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('shows the chosen tags as chips, each removable, and clears them all', () => {
    const onChange = renderFilter([3, 5]);
    expect(screen.getByRole('button', { name: 'Tags (2)' })).toBeTruthy();
    const chips = screen.getByRole('list', { name: 'Tag filter' });
    expect(chips.textContent).toContain('Support');
    expect(chips.textContent).toContain('Events');
    expect(chips.textContent).not.toContain('Sales');
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag filter Support' }));
    expect(onChange).toHaveBeenLastCalledWith([5]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear tags' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('reads "Filter by tag" with nothing chosen and has no chips', () => {
    renderFilter([]);
    expect(screen.getByRole('button', { name: 'Filter by tag' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
