/**
 * Join-team chart of the `/join-team` page (spec 000 §2 "Join team", §4, §5 sign-up, §8 e-mails
 * mismatch; spec 002 §2 "Join and invitation"; issue 14 "the join-team chain moves into a machine").
 * A child flow of the session (DESIGN §5: one child per flow) started by the join page; the page
 * renders from the state and sends events, and handles the machine's final output (where to go) and
 * its emitted `join.failed` (a toast) in one place.
 *
 * Chart:
 *
 *   deciding ──decideJoin: done──▶ (by the decision)
 *        signUp            the sign-up form (the invited user has no password yet, nobody signed in)
 *        needsSignIn       final → /login?redirect=<this link> (back here after signing in)
 *        signingOutWrongUser ──signOut: done / error──▶ wrongUser (final → /login?error=loginWrongUser)
 *        emailsMismatch    the e-mails-mismatch screen ──join.logOut──▶ loggingOut ──▶ loggedOut (final)
 *        confirming        the Join confirmation (an invited role was found)
 *        noPendingInvitation  nothing to join in this team
 *        invalidLink       the link is invalid, used or expired
 *   deciding ──decideJoin: error──▶ loadFailed
 *   signUp ──join.signUp {details}──▶ creatingAccount (POST /api/auth/join)
 *   creatingAccount ──createAccount: done [created]──▶ signingIn ──signIn: done──▶ joined (final)
 *        └──done [refused] / error──▶ signUp (field messages or a form message; emits join.failed)
 *   signingIn ──signIn: error──▶ signInFailed (the message and a link to the sign-in page)
 *   confirming ──join.confirm──▶ activatingRole (PUT /api/user/{userId}/role/{roleId})
 *   activatingRole ──activateRole: done──▶ joined (final) └──error──▶ confirming (emits join.failed)
 *
 * Final output (`JoinTeamOutcome`): `{ kind: 'login' }`, `{ kind: 'wrongUser', returnHere }`,
 * `{ kind: 'loggedOut' }` or `{ kind: 'joined', accountId, accountPublicId }`.
 * Input: `{ search }` — the link's query, handed to `decideJoin`.
 *
 * Subsumes the e-mails-mismatch part of the invitationMismatch chart for this page (that chart stays
 * in the catalog as the standalone description of the same screen). The side effects are the actors
 * `decideJoin`, `createAccount`, `signIn`, `signOut` and `activateRole` (src/features/join/join.flow.ts
 * at the app edge); their defaults throw "must be provided". Pending states carry `tags: ['pending']`.
 */
import { assign, emit, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { AuthFailure } from './authFailure';

/** The `/join-team` query (spec 002 §2), as the page validated it. */
export interface JoinLink {
  token?: string;
  email?: string;
  roleid?: number;
  accountid?: number;
  userid?: number;
  account_name?: string;
}

/** The invited role a signed-in person can join (API ids; `role` is the role's name, e.g. Editor). */
export interface JoinRole {
  id: number;
  role: string;
  accountId: number;
}

/** Which screen the link leads to, decided at the app edge from the invitation lookup and the session. */
export type JoinDecision =
  | { kind: 'signUp'; invitation: { email: string; accountId: number; accountName: string } }
  | { kind: 'login' }
  | { kind: 'wrongUser'; returnHere: boolean }
  | { kind: 'emailsMismatch'; invitationEmail: string; signedInEmail: string }
  | { kind: 'confirm'; user: { id: number; email: string }; role: JoinRole | null; accountName: string | null; accountPublicId: string | null }
  | { kind: 'invalidLink' }
  | { kind: 'error'; message: string };

/** What the person typed in the sign-up form (the e-mail is the invitation's). */
export interface SignUpDetails {
  firstName: string;
  lastName: string;
  password: string;
  offers: boolean;
}

/** Input of `createAccount`: the form, the link's token and the invitation's e-mail and account. */
export interface CreateAccountInput extends SignUpDetails {
  email: string;
  token: string;
  accountId: number;
}

/** Why the server refused the sign-up: its error code and, for a 422, the field messages. */
export interface SignUpFailure {
  code: string | null;
  fieldErrors: Record<string, string> | null;
}

/** Answer of `createAccount`: the account was created (and the role activated), or refused. */
export type CreateAccountResult =
  | { kind: 'created'; email: string; accountId: number; accountPublicId: string }
  | { kind: 'refused'; failure: SignUpFailure };

/** Where the page goes when the chart ends. */
export type JoinTeamOutcome =
  | { kind: 'login' }
  | { kind: 'wrongUser'; returnHere: boolean }
  | { kind: 'loggedOut' }
  | { kind: 'joined'; accountId: number; accountPublicId: string | null };

/** Input: the link. */
export interface JoinTeamInput {
  search: JoinLink;
}

/** Events of the join-team chart. */
export type JoinTeamEvent = { type: 'join.signUp'; details: SignUpDetails } | { type: 'join.confirm' } | { type: 'join.logOut' };

/** Emitted when a sign-up or a join fails (the page toasts "An error occurred. Please try again."). */
export type JoinTeamEmitted = { type: 'join.failed' };

/** Context: the link, the decision, the sign-up under way and the last failures. */
export interface JoinTeamContext {
  search: JoinLink;
  decision: JoinDecision | null;
  /** The sign-up being sent (the password is kept only until the sign-in starts). */
  signUp: CreateAccountInput | null;
  /** The created account, while signing in. */
  created: { email: string; accountId: number; accountPublicId: string } | null;
  signUpFailure: SignUpFailure | null;
  signInFailure: AuthFailure | null;
  /** The message of a failed link lookup. */
  loadFailure: string | null;
  outcome: JoinTeamOutcome | null;
}

function mustBeProvided(name: string): never {
  throw new Error(`joinTeam machine: actor "${name}" must be provided`);
}

type DecisionKind = JoinDecision['kind'];
const decisionOf = (event: unknown): JoinDecision => (event as DoneActorEvent<JoinDecision>).output;

/** The join-team machine; provide `decideJoin`, `createAccount`, `signIn`, `signOut`, `activateRole`. */
export const joinTeamMachine = setup({
  types: {
    context: {} as JoinTeamContext,
    events: {} as JoinTeamEvent,
    input: {} as JoinTeamInput,
    output: {} as JoinTeamOutcome | null,
    emitted: {} as JoinTeamEmitted,
  },
  actors: {
    /** Remembers the link's e-mail, looks up the token and the signed-in person, and decides the screen. */
    decideJoin: fromPromise<JoinDecision, JoinLink>(async () => mustBeProvided('decideJoin')),
    /** POST /api/auth/join; a refusal with an HTTP answer resolves `refused`, a network failure throws. */
    createAccount: fromPromise<CreateAccountResult, CreateAccountInput>(async () => mustBeProvided('createAccount')),
    /** Signs in through the session; resolves once signed in, throws the `AuthFailure` otherwise. */
    signIn: fromPromise<void, { email: string; password: string }>(async () => mustBeProvided('signIn')),
    /** Forgets the stored invitation e-mail and signs out; resolves once signed out. */
    signOut: fromPromise<void>(async () => mustBeProvided('signOut')),
    /** PUT /api/user/{userId}/role/{roleId} { status: 'Active' }. */
    activateRole: fromPromise<void, { userId: number; roleId: number }>(async () => mustBeProvided('activateRole')),
  },
  guards: {
    decided: ({ event }, kind: DecisionKind) => decisionOf(event).kind === kind,
    hasRole: ({ event }) => {
      const d = decisionOf(event);
      return d.kind === 'confirm' && d.role !== null;
    },
    accountCreated: ({ event }) => (event as unknown as DoneActorEvent<CreateAccountResult>).output.kind === 'created',
  },
  actions: {
    setDecision: assign({ decision: ({ event }) => decisionOf(event) }),
    failed: emit({ type: 'join.failed' } as const),
  },
}).createMachine({
  id: 'joinTeam',
  context: ({ input }) => ({
    search: input.search,
    decision: null,
    signUp: null,
    created: null,
    signUpFailure: null,
    signInFailure: null,
    loadFailure: null,
    outcome: null,
  }),
  output: ({ context }) => context.outcome,
  initial: 'deciding',
  states: {
    deciding: {
      meta: { description: 'The invitation link is checked and the app finds out who, if anyone, is signed in.' },
      tags: ['pending'],
      invoke: {
        id: 'decideJoin',
        src: 'decideJoin',
        input: ({ context }) => context.search,
        onDone: [
          { guard: { type: 'decided', params: 'signUp' }, target: 'signUp', actions: 'setDecision' },
          {
            guard: { type: 'decided', params: 'login' },
            target: 'needsSignIn',
            actions: [assign({ outcome: { kind: 'login' } }), 'setDecision'],
          },
          { guard: { type: 'decided', params: 'wrongUser' }, target: 'signingOutWrongUser', actions: 'setDecision' },
          { guard: { type: 'decided', params: 'emailsMismatch' }, target: 'emailsMismatch', actions: 'setDecision' },
          { guard: 'hasRole', target: 'confirming', actions: 'setDecision' },
          { guard: { type: 'decided', params: 'confirm' }, target: 'noPendingInvitation', actions: 'setDecision' },
          { guard: { type: 'decided', params: 'invalidLink' }, target: 'invalidLink', actions: 'setDecision' },
          {
            target: 'loadFailed',
            actions: assign({
              decision: ({ event }) => event.output,
              loadFailure: ({ event }) => (event.output.kind === 'error' ? event.output.message : ''),
            }),
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ loadFailure: ({ event }: { event: ErrorActorEvent }) => (event.error instanceof Error ? event.error.message : '') }),
        },
      },
    },
    loadFailed: {
      meta: { description: 'The invitation could not be checked; the person sees the error message.' },
    },
    invalidLink: {
      meta: { description: 'The invitation link is invalid, already used or expired; the person is asked for a new invitation and can go to the sign-in page.' },
    },
    needsSignIn: {
      meta: { description: 'The invited person already has an account; they go to the sign-in page and come back to this link after signing in.' },
      type: 'final',
    },
    signingOutWrongUser: {
      meta: { description: 'Someone else than the invited person is signed in; they are being signed out.' },
      tags: ['pending'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'wrongUser' },
        onError: { target: 'wrongUser' },
      },
    },
    wrongUser: {
      meta: { description: 'The other person is signed out and goes to the sign-in page, which explains that the link belongs to someone else.' },
      type: 'final',
      entry: assign({
        outcome: ({ context }) => ({ kind: 'wrongUser' as const, returnHere: context.decision?.kind === 'wrongUser' ? context.decision.returnHere : true }),
      }),
    },
    emailsMismatch: {
      meta: { description: 'The person is signed in with another e-mail address than the invitation was sent to; they are asked to log out.' },
      on: { 'join.logOut': 'loggingOut' },
    },
    loggingOut: {
      meta: { description: 'The person is being signed out.' },
      tags: ['pending'],
      invoke: { id: 'signOut', src: 'signOut', onDone: 'loggedOut', onError: 'loggedOut' },
    },
    loggedOut: {
      meta: { description: 'The person is signed out and goes to the sign-in page to sign in with the invited address.' },
      type: 'final',
      entry: assign({ outcome: { kind: 'loggedOut' } }),
    },
    signUp: {
      meta: { description: 'The invited person has no password yet and sees the sign-up form: names, a password and the offers choice.' },
      on: {
        'join.signUp': {
          target: 'creatingAccount',
          actions: assign({
            signUp: ({ context, event }) => {
              const invitation = context.decision?.kind === 'signUp' ? context.decision.invitation : { email: '', accountId: 0 };
              return { ...event.details, email: invitation.email, accountId: invitation.accountId, token: context.search.token ?? '' };
            },
            signUpFailure: null,
          }),
        },
      },
    },
    creatingAccount: {
      meta: { description: 'The account is being created and the invitation accepted.' },
      tags: ['pending'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ context }) => context.signUp!,
        onDone: [
          {
            guard: 'accountCreated',
            target: 'signingIn',
            actions: assign({
              created: ({ event }) => (event.output.kind === 'created' ? { email: event.output.email, accountId: event.output.accountId, accountPublicId: event.output.accountPublicId } : null),
            }),
          },
          {
            target: 'signUp',
            actions: [assign({ signUpFailure: ({ event }) => (event.output.kind === 'refused' ? event.output.failure : null), signUp: null }), 'failed'],
          },
        ],
        onError: {
          target: 'signUp',
          actions: [assign({ signUpFailure: { code: null, fieldErrors: null }, signUp: null }), 'failed'],
        },
      },
    },
    signingIn: {
      meta: { description: 'The account is ready; the person is being signed in with the new password.' },
      tags: ['pending'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.created?.email ?? '', password: context.signUp?.password ?? '' }),
        onDone: {
          target: 'joined',
          actions: assign({
            signUp: null,
            outcome: ({ context }) => ({ kind: 'joined' as const, accountId: context.created?.accountId ?? 0, accountPublicId: context.created?.accountPublicId ?? null }),
          }),
        },
        onError: {
          target: 'signInFailed',
          actions: assign({ signUp: null, signInFailure: ({ event }) => event.error as AuthFailure }),
        },
      },
    },
    signInFailed: {
      meta: { description: 'The account was created but signing in failed; the person sees why and can go to the sign-in page.' },
    },
    noPendingInvitation: {
      meta: { description: 'The signed-in person has no pending invitation in this team; they can go to their dashboard.' },
    },
    confirming: {
      meta: { description: 'The signed-in person sees which team invited them and in which role, and confirms with Join.' },
      on: { 'join.confirm': 'activatingRole' },
    },
    activatingRole: {
      meta: { description: 'The invitation is being accepted.' },
      tags: ['pending'],
      invoke: {
        id: 'activateRole',
        src: 'activateRole',
        input: ({ context }) => {
          const d = context.decision;
          return d?.kind === 'confirm' && d.role ? { userId: d.user.id, roleId: d.role.id } : { userId: 0, roleId: 0 };
        },
        onDone: {
          target: 'joined',
          actions: assign({
            outcome: ({ context }) => {
              const d = context.decision;
              return d?.kind === 'confirm' && d.role
                ? { kind: 'joined' as const, accountId: d.role.accountId, accountPublicId: d.accountPublicId }
                : { kind: 'joined' as const, accountId: 0, accountPublicId: null };
            },
          }),
        },
        onError: { target: 'confirming', actions: 'failed' },
      },
    },
    joined: {
      meta: { description: 'The person is now a member of the team and lands in its vidbots.' },
      type: 'final',
    },
  },
});

/** The machine's type. */
export type JoinTeamMachine = typeof joinTeamMachine;
