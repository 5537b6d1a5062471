/**
 * The search-by-name form above the paginated lists (vidbots spec 001 §2 `bot_name`, media library
 * `name`, accounts `business_name`): a labelled search input kept in step with the URL's `query`,
 * Search (Enter) hands the trimmed text to `onSearch`, and "Clear search" shows while a search is
 * applied and hands over ''.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

export interface SearchFormProps {
  /** Visible label of the input. */
  label: ReactNode;
  /** The applied search (from the URL). */
  query: string;
  /** Called with the trimmed text on submit, and with '' on clear. */
  onSearch: (query: string) => void;
  /** Longest accepted text in characters (the API's limit), default 255. */
  maxLength?: number;
}

export function SearchForm({ label, query, onSearch, maxLength = 255 }: SearchFormProps) {
  const id = useId();
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} maxLength={maxLength} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="button">
        <Trans>Search</Trans>
      </button>
      {query && (
        <button type="button" className="button link" onClick={() => onSearch('')}>
          <Trans>Clear search</Trans>
        </button>
      )}
    </form>
  );
}
