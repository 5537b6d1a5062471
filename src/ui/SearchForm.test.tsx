/** SearchForm: submits the trimmed text, clears to '', and follows the applied query from the URL. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { SearchForm } from './SearchForm';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(cleanup);

const renderForm = (query: string, onSearch = vi.fn()) => {
  const view = render(
    <I18nProvider i18n={i18n}>
      <SearchForm label="Search by name" query={query} onSearch={onSearch} />
    </I18nProvider>,
  );
  const rerender = (q: string) =>
    view.rerender(
      <I18nProvider i18n={i18n}>
        <SearchForm label="Search by name" query={q} onSearch={onSearch} />
      </I18nProvider>,
    );
  return { onSearch, rerender };
};

describe('SearchForm', () => {
  it('hands over the trimmed text on submit; no Clear while nothing is applied', () => {
    const { onSearch } = renderForm('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), { target: { value: '  intro  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('intro');
  });

  it('shows the applied query, clears it to an empty search, and follows a new query', () => {
    const { onSearch, rerender } = renderForm('intro');
    const input = screen.getByRole('searchbox', { name: 'Search by name' });
    expect(input).toHaveProperty('value', 'intro');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledWith('');
    rerender('outro');
    expect(input).toHaveProperty('value', 'outro');
  });
});
