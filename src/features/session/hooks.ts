/**
 * React bindings of the session: the handle travels in the router context; views read state
 * through selectors (DESIGN §5).
 */
import { useEffect, useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectSignInFlow, type SessionSnapshot } from '../../../machines/session/session.selectors';
import type { SignInView } from '../../../machines/session/signIn.machine';
import type { PasswordRecoveryEvent, PasswordRecoveryMachine } from '../../../machines/session/passwordRecovery.machine';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SessionHandle } from './session';

/** The session handle from the router context. */
export function useSession(): SessionHandle {
  return useRouteContext({ from: '__root__', select: (c) => c.session });
}

/** Selects a value from the session snapshot, re-rendering when it changes. */
export function useSessionSelector<T>(selector: (s: SessionSnapshot) => T): T {
  const session = useSession();
  return useSelector(session.actor, selector);
}

/**
 * The facade of the running sign-in flow (issue 14, like amplify-ui's `useAuthenticator`): what the
 * flow shows — `step` (signingIn | choosingNewPassword | enteringTotpCode | settingUpTotp |
 * confirmingSignIn), the pending `challenge` and the `error` — or null when no sign-in is under
 * way, plus the senders a screen needs. Views read this and send; they hold no workflow.
 */
export function useSignInFlow(): (SignInView & Pick<SessionHandle, 'submitNewPassword' | 'submitTotpCode' | 'cancelSignIn' | 'clearError'>) | null {
  const session = useSession();
  const view = useSessionSelector(selectSignInFlow);
  if (!view) return null;
  return {
    ...view,
    submitNewPassword: session.submitNewPassword,
    submitTotpCode: session.submitTotpCode,
    cancelSignIn: session.cancelSignIn,
    clearError: session.clearError,
  };
}

/**
 * The facade of the forgot-password flow (issue 14): the screen that offers it starts the flow as
 * the session's child `passwordRecovery` when it mounts (`session.recoverPassword`, a fresh flow
 * each time) and ends it when it unmounts (`session.endPasswordRecovery`). Returns the flow's
 * snapshot (null until it runs) and `send` for its `password.*` events (sent through the session).
 */
export function usePasswordRecovery(): { snapshot: SnapshotFrom<PasswordRecoveryMachine> | null; send(event: PasswordRecoveryEvent): void } {
  const session = useSession();
  const [flow, setFlow] = useState<ActorRefFrom<PasswordRecoveryMachine> | undefined>(undefined);
  useEffect(() => {
    session.actor.send({ type: 'session.recoverPassword' });
    // Kept by reference: the finished flow stays readable ("Password changed") until the screen closes.
    setFlow(session.actor.getSnapshot().children.passwordRecovery as ActorRefFrom<PasswordRecoveryMachine> | undefined);
    return () => session.actor.send({ type: 'session.endPasswordRecovery' });
  }, [session]);
  const snapshot = useSelector(flow, (s) => s ?? null);
  return { snapshot: snapshot ?? null, send: (event) => session.actor.send(event) };
}
