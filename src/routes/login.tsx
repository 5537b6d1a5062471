/** `/login` (query: redirect, error) — guest-only (spec 000 §2). */
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireGuest } from '../features/session/guards';
import { LoginPage } from '../features/session/LoginPage';

const loginSearchSchema = v.object({
  redirect: v.optional(v.string()),
  error: v.optional(v.string()),
  notice: v.optional(v.string()),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  beforeLoad: async ({ context }) => {
    await requireGuest(context.session);
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect, error, notice } = Route.useSearch();
  return <LoginPage redirect={redirect} error={error} notice={notice} />;
}
