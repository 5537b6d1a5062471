/**
 * Effects of session changes (spec 000 §4): when a signed-in session ends (sign-out button, another
 * tab, failed refresh) the query caches and the stored invitation e-mail are cleared and the person
 * lands on /login.
 */
import { useEffect, useRef } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isSignedIn, isSignedOut } from '../../../machines/session/session.selectors';
import { useSession } from './hooks';
import { clearInvitationEmail } from '../join/invitationEmail';

/** Renders nothing; subscribes to the session actor. */
export function SessionEffects() {
  const session = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  const wasSignedIn = useRef(isSignedIn(session.actor.getSnapshot()));
  useEffect(() => {
    const sub = session.actor.subscribe((snapshot) => {
      if (isSignedIn(snapshot)) wasSignedIn.current = true;
      else if (isSignedOut(snapshot) && wasSignedIn.current) {
        wasSignedIn.current = false;
        queryClient.clear();
        clearInvitationEmail();
        void router.navigate({ to: '/login' });
      }
    });
    return () => sub.unsubscribe();
  }, [session, router, queryClient]);
  return null;
}
