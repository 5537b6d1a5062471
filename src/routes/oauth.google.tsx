/**
 * `/oauth/google` — return point of the Google Drive connection (spec 000 §2 public route; spec 001
 * §2 "Google Drive import", §8). The page needs the signed-in user: the guard waits for the session
 * to settle (a reload while it is still loading does not bounce) and sends a signed-out visitor to
 * /login with this URL as the redirect.
 */
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireAuthenticated } from '../features/session/guards';
import { GoogleOAuthCallbackPage } from '../features/media/gdrive/GoogleOAuthCallbackPage';

const googleOAuthSearchSchema = v.object({
  code: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(2048)), '')),
  state: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(256)), '')),
  error: v.optional(v.fallback(v.string(), '')),
});

export const Route = createFileRoute('/oauth/google')({
  validateSearch: googleOAuthSearchSchema,
  beforeLoad: async ({ context, location }) => {
    await requireAuthenticated(context.session, location.href);
  },
  component: GoogleOAuthRoute,
});

function GoogleOAuthRoute() {
  const { code, state, error } = Route.useSearch();
  return <GoogleOAuthCallbackPage code={code} state={state} error={error} />;
}
