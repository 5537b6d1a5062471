/**
 * The app-edge actors of the join-team chart (join.flow.ts) run inside the real chart
 * (machines/session/joinTeam.machine.ts) against a stubbed `fetch`: which screen a link leads to,
 * what the sign-up sends, and how a refusal comes back to the form.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, waitFor } from 'xstate';
import { QueryClient } from '@tanstack/react-query';
import { joinTeamMachine } from '../../../machines/session/joinTeam.machine';
import type { SessionHandle } from '../session/session';
import { INVITATION_EMAIL_KEY } from './invitationEmail';
import { joinTeamActors, resolveRole } from './join.flow';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Answers each request by the first route whose path occurs in the URL. */
function stubFetch(routes: Record<string, { status: number; body: unknown }>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const hit = Object.entries(routes).find(([path]) => String(url).includes(path));
    const { status, body } = hit?.[1] ?? { status: 500, body: {} };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

/** A session nobody is signed in to (the decision only reads the snapshot). */
const guestSession = { actor: createActor(createMachine({ id: 'session', initial: 'signedOut', states: { signedOut: {} } })).start() } as unknown as SessionHandle;

const invitation = {
  email: 'invited@example.com',
  userId: 3,
  accountId: 4,
  accountName: 'Acme',
  accountPublicId: 'acme',
  roleId: 7,
  role: 'Editor',
  hasPassword: false,
  expiresAt: '2030-01-01T00:00:00.000Z',
};

function start(search: Record<string, unknown>) {
  const actor = createActor(joinTeamMachine.provide({ actors: joinTeamActors(guestSession, new QueryClient()) }), { input: { search } });
  return actor.start();
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('joinTeamActors', () => {
  it('a guest with the link of a user without a password gets the sign-up form; the e-mail is remembered', async () => {
    const calls = stubFetch({ '/auth/invitation': { status: 200, body: invitation } });
    const actor = start({ token: 'tok-1', email: 'invited@example.com' });
    const s = await waitFor(actor, (x) => !x.matches('deciding'));
    expect(s.value).toBe('signUp');
    expect(s.context.decision).toEqual({ kind: 'signUp', invitation: { email: 'invited@example.com', accountId: 4, accountName: 'Acme' } });
    expect(calls.map((c) => c.url)).toEqual([expect.stringContaining('/api/auth/invitation?token=tok-1')]);
    expect(sessionStorage.getItem(INVITATION_EMAIL_KEY)).toBe('invited@example.com');
  });

  it('a 404 lookup is an invalid link; a guest with an account is sent to sign in', async () => {
    stubFetch({ '/auth/invitation': { status: 404, body: { detail: 'Not found' } } });
    expect((await waitFor(start({ token: 'gone' }), (x) => !x.matches('deciding'))).value).toBe('invalidLink');
    stubFetch({ '/auth/invitation': { status: 200, body: { ...invitation, hasPassword: true } } });
    const s = await waitFor(start({ token: 'tok-1' }), (x) => x.status === 'done');
    expect(s.output).toEqual({ kind: 'login' });
  });

  it('the sign-up POSTs /api/auth/join; a 422 returns to the form with the field messages', async () => {
    const calls = stubFetch({
      '/auth/invitation': { status: 200, body: invitation },
      '/auth/join': { status: 422, body: { detail: 'Invalid', errors: { password: 'Too short' } } },
    });
    const actor = start({ token: 'tok-1' });
    await waitFor(actor, (x) => x.matches('signUp'));
    actor.send({ type: 'join.signUp', details: { firstName: 'Ina', lastName: 'Invited', password: 'x', offers: true } });
    const s = await waitFor(actor, (x) => x.matches('signUp') && x.context.signUpFailure !== null);
    expect(s.context.signUpFailure).toEqual({ code: null, fieldErrors: { password: 'Too short' } });
    const join = calls.find((c) => c.url.includes('/auth/join'));
    expect(join?.method).toBe('POST');
    expect(join?.body).toEqual({ firstName: 'Ina', lastName: 'Invited', email: 'invited@example.com', password: 'x', token: 'tok-1', accountId: 4, offers: true });
  });

  it('resolveRole picks the link role id, else the role in the account', () => {
    const me = { roles: [{ id: 7, role: 'Editor', accountId: 4 }, { id: 9, role: 'Viewer', accountId: 5 }] } as never;
    expect(resolveRole(me, 5, 7)).toEqual({ id: 7, role: 'Editor', accountId: 4 });
    expect(resolveRole(me, 5, null)).toEqual({ id: 9, role: 'Viewer', accountId: 5 });
    expect(resolveRole(me, 6, null)).toBeNull();
  });
});
