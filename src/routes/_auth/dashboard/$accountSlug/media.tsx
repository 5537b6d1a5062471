/**
 * `/dashboard/{accountSlug}/media` — the media library (spec 000 §2 side navigation entry
 * "mediaLibrary"; spec 001 §3 Media). Minimal until its own issue: the account's media, newest
 * first, with name, kind, status and duration, paged by 10 (GET /api/media).
 */
import { createFileRoute } from '@tanstack/react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../../../../api/client';
import type { ListResponse } from '../../../../api/types';

/** A media row as GET /api/media lists it (docs/api.md). */
interface MediaRow {
  id: number;
  name: string;
  type: string;
  mediaType: 'VIDEO' | 'IMAGE';
  status: 'Draft' | 'Ready' | 'Error';
  duration: number | null;
  thumbnailUrl: string | null;
  createdAt: string;
}

const PAGE_SIZE = 10;

function mediaListOptions(accountId: number, page: number) {
  return queryOptions({
    queryKey: ['media', 'list', accountId, page],
    queryFn: ({ signal }) =>
      api.get<ListResponse<MediaRow>>('/media', {
        query: { account_id: accountId, page, size: PAGE_SIZE, order_by: 'created_at', order_direction: 'desc' },
        signal,
      }),
  });
}

const searchSchema = v.object({ page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)) });

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/media')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient, account }, deps }) => queryClient.ensureQueryData(mediaListOptions(account.id, deps.page)),
  component: MediaPage,
});

function MediaPage() {
  const { t } = useLingui();
  const { account } = Route.useRouteContext();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data } = useQuery(mediaListOptions(account.id, page));
  const records = data?.records ?? [];
  const meta = data?.metadata;
  return (
    <div className="page">
      <h1>
        <Trans>Media library</Trans>
      </h1>
      {records.length === 0 ? (
        <p>
          <Trans>No results</Trans>
        </p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{t`Media of ${account.businessName}`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>Kind</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Duration</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {records.map((m) => (
              <tr key={m.id}>
                <td>{m.name}</td>
                <td>{m.type}</td>
                <td>{m.status}</td>
                <td>{m.duration === null ? '–' : t`${Math.round(m.duration)} s`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {meta && meta.pageCount > 1 && (
        <nav className="pager" aria-label={t`Pages`}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => void navigate({ search: { page: page - 1 } })}>
            <Trans>Previous</Trans>
          </button>
          <span>{t`Page ${page} of ${meta.pageCount}`}</span>
          <button type="button" className="button" disabled={page >= meta.pageCount} onClick={() => void navigate({ search: { page: page + 1 } })}>
            <Trans>Next</Trans>
          </button>
        </nav>
      )}
    </div>
  );
}
