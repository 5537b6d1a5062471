/** `/oauth-check` — return point after external sign-in (spec 000 §2; issue 3). */
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { OAuthCheckPage } from '../features/sso/OAuthCheckPage';

const oauthCheckSearchSchema = v.object({
  code: v.optional(v.string()),
  state: v.optional(v.string()),
  error: v.optional(v.string()),
  error_description: v.optional(v.string()),
});

export const Route = createFileRoute('/oauth-check')({
  validateSearch: oauthCheckSearchSchema,
  component: OAuthCheckRoute,
});

function OAuthCheckRoute() {
  const { error, error_description } = Route.useSearch();
  return <OAuthCheckPage error={error} errorDescription={error_description} />;
}
