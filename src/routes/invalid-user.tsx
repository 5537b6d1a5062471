/** `/invalid-user`: the server says the signed-in user was not found (spec 000 §2, §8). */
import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ErrorLayout } from '../ui/ErrorPage';
import { useSession } from '../features/session/hooks';

export const Route = createFileRoute('/invalid-user')({
  component: InvalidUserPage,
});

function InvalidUserPage() {
  const session = useSession();
  return (
    <ErrorLayout
      title={<Trans>User not found</Trans>}
      actions={
        <button type="button" className="button primary" onClick={session.signOut}>
          <Trans>Log in with another account</Trans>
        </button>
      }
    >
      <p>
        <Trans>Your sign-in is valid, but there is no Vidbot user for it. Contact your team's owner or support.</Trans>
      </p>
    </ErrorLayout>
  );
}
