/**
 * `/no-account` (spec 000 §2): the user has no team; offers logging in to another account;
 * unauthenticated visitors go to /login.
 */
import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { requireAuthenticated } from '../features/session/guards';
import { useSession } from '../features/session/hooks';
import { ErrorLayout } from '../ui/ErrorPage';

export const Route = createFileRoute('/no-account')({
  beforeLoad: async ({ context, location }) => {
    await requireAuthenticated(context.session, location.href);
  },
  component: NoAccountPage,
});

function NoAccountPage() {
  const session = useSession();
  return (
    <ErrorLayout
      title={<Trans>No account</Trans>}
      actions={
        <button type="button" className="button primary" onClick={session.signOut}>
          <Trans>Log in to another account</Trans>
        </button>
      }
    >
      <p>
        <Trans>You are not a member of any team yet. Ask a team owner to invite you.</Trans>
      </p>
    </ErrorLayout>
  );
}
