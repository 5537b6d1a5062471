/**
 * Controllable fake actors for machine tests (DESIGN §6: machines are tested with injected actors).
 *
 * `controllablePromise()` gives a `fromPromise` logic whose runs wait until the test settles them;
 * `controllableCallback()` gives a `fromCallback` logic whose `sendBack` the test drives and whose
 * stop (cleanup) is recorded. `replayPath` plays graph-path events on a live actor: done / error
 * events of invoked actors settle the matching fake, every other event is sent to the actor (or,
 * when a callback fake claims it, sent back by that fake, as the real actor would).
 */
import { fromCallback, fromPromise, type AnyActorRef, type EventObject } from 'xstate';

/** A pending run of a promise fake. */
export interface PendingRun<TOutput, TInput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

/** A `fromPromise` fake plus the runs waiting to be settled (oldest first) and all inputs seen. */
export function controllablePromise<TOutput, TInput>() {
  const pending: PendingRun<TOutput, TInput>[] = [];
  const inputs: TInput[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        inputs.push(input);
        pending.push({ input, resolve, reject });
      }),
  );
  return { logic, pending, inputs };
}

/** A live run of a callback fake. */
export interface CallbackRun<TInput> {
  input: TInput;
  sendBack: (event: EventObject) => void;
  stopped: boolean;
  /** Events the parent sent to this run. */
  received: EventObject[];
}

/** A `fromCallback` fake; `runs` lists every start, `stopped` turns true when the parent stops it. */
export function controllableCallback<TInput>() {
  const runs: CallbackRun<TInput>[] = [];
  const logic = fromCallback<EventObject, TInput>(({ input, sendBack, receive }) => {
    const run: CallbackRun<TInput> = { input, sendBack, stopped: false, received: [] };
    runs.push(run);
    receive((event) => {
      if (!run.stopped) run.received.push(event);
    });
    return () => {
      run.stopped = true;
    };
  });
  return { logic, runs };
}

/** Lets promise settlements and actor mailboxes run. Not a timing assumption: one macrotask turn. */
export async function flush(): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** What `deliver` needs of a promise fake (method syntax: any output type is accepted). */
export interface SettleableFake {
  pending: Array<{ resolve(output: unknown): void; reject(error: unknown): void }>;
}

/** What `deliver` needs of a callback fake: its runs and the event types it emits. */
export interface EmittingFake {
  runs: Array<{ sendBack(event: EventObject): void; stopped: boolean }>;
  emits: readonly string[];
}

/**
 * Routes one path event: `xstate.done.actor.<id>` resolves, `xstate.error.actor.<id>` rejects the
 * oldest pending run of `promises[id]` (for a callback fake the error event is sent to the parent); an event whose type a callback fake emits is sent back by
 * that fake's live run; anything else goes to `actor.send`.
 * @throws Error when a done/error event arrives but no run of that actor is pending.
 */
export function deliver(
  actor: AnyActorRef,
  event: EventObject,
  promises: Record<string, SettleableFake>,
  callbacks: Record<string, EmittingFake> = {},
): void {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (done) {
    const [, kind, id] = done;
    const fake = id ? promises[id] : undefined;
    if (!fake && id && callbacks[id]) {
      // A callback actor cannot fail asynchronously through its API: deliver its error event as the
      // system would.
      actor.send(event);
      return;
    }
    const run = fake?.pending.shift();
    if (!run) throw new Error(`no pending run of ${id} for ${event.type}`);
    if (kind === 'done') run.resolve((event as EventObject & { output?: unknown }).output);
    else run.reject((event as EventObject & { error?: unknown }).error);
    return;
  }
  for (const [id, fake] of Object.entries(callbacks)) {
    if (fake.emits.includes(event.type)) {
      const live = [...fake.runs].reverse().find((r) => !r.stopped);
      if (!live) throw new Error(`no live run of ${id} to emit ${event.type}`);
      live.sendBack(event);
      return;
    }
  }
  actor.send(event);
}
