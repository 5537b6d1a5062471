/**
 * `/dashboard/{accountSlug}/vidbots` — the vidbot list (spec 001 §2). Search: order_by (default
 * created_at), order_direction (default desc), page (default 1), bot_name, tag_ids; validated with valibot.
 */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { vidbotListSearchSchema } from '../../../../features/vidbots/listSearch';
import { botListOptions } from '../../../../features/vidbots/vidbot.queries';
import { VidbotListPage } from '../../../../features/vidbots/VidbotListPage';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/')({
  validateSearch: vidbotListSearchSchema,
  // Defaults stay out of the URL (an empty bot_name is no search, no tag_ids no tag filter).
  search: { middlewares: [stripSearchParams({ bot_name: '', tag_ids: [] })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, account }, deps }) => queryClient.ensureQueryData(botListOptions({ accountId: account.id, ...deps })),
  component: VidbotListRoute,
});

function VidbotListRoute() {
  const { account } = Route.useRouteContext();
  const search = Route.useSearch();
  return <VidbotListPage account={account} search={search} />;
}
