/** `/` → /dashboard when signed in, otherwise /login (spec 000 §2). */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    throw redirect({ to: (await context.session.isAuthenticated()) ? '/dashboard' : '/login' });
  },
});
