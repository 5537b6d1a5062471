/**
 * What a paginated table shows instead of rows (spec 000 §2 paginated tables): 'Wrong data...' when
 * the answer is not a list, 'No data...' when there is no answer (yet, or after an error), 'no
 * results' for an empty list, else the rows.
 */
import type { ListResponse } from '../api/types';

/** `rows` shows the table; the others name the fallback. */
export type TableState = 'loading' | 'noData' | 'wrongData' | 'noResults' | 'rows';

/**
 * Classifies a list query's state. `data` is what the query holds (unknown: the server may send
 * anything); `pending` is true while the first answer is awaited.
 */
export function tableState(data: unknown, pending: boolean): TableState {
  if (data === undefined || data === null) return pending ? 'loading' : 'noData';
  if (typeof data !== 'object' || !('records' in data) || !Array.isArray((data as ListResponse<unknown>).records)) return 'wrongData';
  return (data as ListResponse<unknown>).records.length === 0 ? 'noResults' : 'rows';
}
