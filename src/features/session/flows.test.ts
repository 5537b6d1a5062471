/**
 * The app-edge actors of the signed-in child flows (flows.ts) run inside their charts against a
 * stubbed `fetch`: what they call, what they store, and how a 422 or a refusal moves the chart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { QueryClient } from '@tanstack/react-query';
import { completeProfileMachine } from '../../../machines/session/completeProfile.machine';
import { teamJoinMachine } from '../../../machines/session/teamJoin.machine';
import { queryKeys } from '../../api/queries';
import { INVITATION_EMAIL_KEY } from '../join/invitationEmail';
import { completeProfileActors, teamJoinActors } from './flows';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function stubFetch(status: number, body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('completeProfileActors', () => {
  it('PATCHes /api/user/me, stores the user as `me`, forgets the invitation e-mail and completes', async () => {
    const user = { id: 5, email: 'new@example.com', firstName: 'Nina', lastName: 'New' };
    const calls = stubFetch(200, user);
    sessionStorage.setItem(INVITATION_EMAIL_KEY, 'new@example.com');
    const queryClient = new QueryClient();
    const actor = createActor(completeProfileMachine.provide({ actors: completeProfileActors(queryClient) })).start();
    actor.send({ type: 'profile.submit', names: { firstName: 'Nina', lastName: 'New' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('profileCompleted');
    expect(calls).toEqual([{ method: 'PATCH', url: '/api/user/me', body: { firstName: 'Nina', lastName: 'New' } }]);
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(user);
    expect(sessionStorage.getItem(INVITATION_EMAIL_KEY)).toBeNull();
  });

  it('a 422 with field messages goes back to the form with them; another error fails the flow', async () => {
    stubFetch(422, { detail: 'Invalid input', errors: { firstName: 'Too long' } });
    const actor = createActor(completeProfileMachine.provide({ actors: completeProfileActors(new QueryClient()) })).start();
    actor.send({ type: 'profile.submit', names: { firstName: 'x', lastName: 'y' } });
    await waitFor(actor, (s) => !s.hasTag('pending'));
    expect(actor.getSnapshot().value).toBe('profileIncomplete');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ firstName: 'Too long' });

    stubFetch(500, { detail: 'Server exploded' });
    actor.send({ type: 'profile.submit', names: { firstName: 'x', lastName: 'y' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('profileFailed');
    expect(actor.getSnapshot().context.failure).toBe('Server exploded');
  });
});

describe('teamJoinActors', () => {
  it('PUTs the role Active; a 403 lands in joinFailed with its message', async () => {
    const calls = stubFetch(200, { id: 7, accountId: 2, status: 'Active' });
    const actor = createActor(teamJoinMachine.provide({ actors: teamJoinActors() })).start();
    actor.send({ type: 'team.join', target: { userId: 3, roleId: 7 } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('joinedTeam');
    expect(calls).toEqual([{ method: 'PUT', url: '/api/user/3/role/7', body: { status: 'Active' } }]);

    stubFetch(403, { detail: 'Not your role' });
    const refused = createActor(teamJoinMachine.provide({ actors: teamJoinActors() })).start();
    refused.send({ type: 'team.join', target: { userId: 3, roleId: 8 } });
    await waitFor(refused, (s) => s.matches('joinFailed'));
    expect(refused.getSnapshot().context.failure).toBe('Not your role');
  });
});
