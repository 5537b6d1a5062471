/**
 * `/dashboard/{accountSlug}/media/{type}` — the media library (spec 001 §2). `type` is video or
 * image; anything else redirects to video. Search: name, page, order_by, order_direction, gdrive,
 * validated with valibot (invalid values fall back to defaults).
 */
import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { libraryTypeOf, mediaLibrarySearchSchema } from '../../../../features/media/library/librarySearch';
import { mediaLibraryOptions } from '../../../../features/media/library/library.queries';
import { MediaLibraryPage } from '../../../../features/media/library/MediaLibraryPage';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/media/$type')({
  validateSearch: mediaLibrarySearchSchema,
  search: { middlewares: [stripSearchParams({ name: '' })] },
  beforeLoad: ({ params, search }) => {
    if (params.type !== libraryTypeOf(params.type)) {
      throw redirect({ to: '/dashboard/$accountSlug/media/$type', params: { accountSlug: params.accountSlug, type: 'video' }, search, replace: true });
    }
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, account }, params, deps }) =>
    queryClient.ensureQueryData(mediaLibraryOptions(account.id, libraryTypeOf(params.type), deps)),
  component: MediaLibraryRoute,
});

function MediaLibraryRoute() {
  const { account } = Route.useRouteContext();
  const { type } = Route.useParams();
  const search = Route.useSearch();
  return <MediaLibraryPage account={account} type={libraryTypeOf(type)} search={search} />;
}
