/** `/sso` — single sign-on by e-mail domain, guest-only (spec 000 §2, §4; issue 3). */
import { createFileRoute } from '@tanstack/react-router';
import { requireGuest } from '../features/session/guards';
import { SsoPage } from '../features/sso/SsoPage';

export const Route = createFileRoute('/sso')({
  beforeLoad: async ({ context }) => {
    await requireGuest(context.session);
  },
  component: () => <SsoPage />,
});
