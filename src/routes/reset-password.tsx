/**
 * `/reset-password` (query: token, email) — spec 000 §4 forgot password: request a code by e-mail;
 * with token (the e-mailed code) and email, the reset form.
 */
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ResetPasswordPage } from '../features/session/ResetPasswordPage';

const resetSearchSchema = v.object({
  token: v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((x) => String(x)),
    ),
  ),
  email: v.optional(v.string()),
});

export const Route = createFileRoute('/reset-password')({
  validateSearch: resetSearchSchema,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token, email } = Route.useSearch();
  return <ResetPasswordPage token={token} email={email} />;
}
