/**
 * React bindings of the session: the handle travels in the router context; views read state
 * through selectors (DESIGN §5).
 */
import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { SessionSnapshot } from '../../../machines/session/session.selectors';
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
