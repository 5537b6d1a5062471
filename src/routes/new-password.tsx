/**
 * `/new-password` (query: token, email, new, redirect) — spec 000 §2 password screen: first-time new
 * password when `new` is true (continuing the pending sign-in), else reset with the e-mailed code.
 * `token` may arrive as a number (the router parses JSON-looking values); it is kept as text.
 */
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { NewPasswordPage } from '../features/session/NewPasswordPage';

const text = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((x) => String(x)),
);

const newPasswordSearchSchema = v.object({
  token: v.optional(text),
  email: v.optional(v.string()),
  new: v.optional(
    v.pipe(
      v.union([v.boolean(), v.string()]),
      v.transform((x) => x === true || x === 'true'),
    ),
  ),
  redirect: v.optional(v.string()),
});

export const Route = createFileRoute('/new-password')({
  validateSearch: newPasswordSearchSchema,
  component: NewPasswordRoute,
});

function NewPasswordRoute() {
  const search = Route.useSearch();
  return <NewPasswordPage search={search} />;
}
