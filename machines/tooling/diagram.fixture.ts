/**
 * A small statechart with every feature the diagram writers draw (issue 14 "Diagrams" tests): a
 * guard (with a parameter whose label needs escaping in Mermaid), a delay (`after 2000 ms`), an
 * invoked service with done / error transitions, a parallel state with two regions, final states, a
 * targetless transition, a root-level transition and a state description. Test-only.
 */
import { fromPromise, setup } from 'xstate';

export const diagramTestMachine = setup({
  actors: { uploadFile: fromPromise(async () => 'ok') },
  guards: { hasRetriesLeft: () => true, isStep: (_: unknown, _params: { step: string }) => true },
  actions: { recordProgress: () => {} },
}).createMachine({
  id: 'demo',
  initial: 'idle',
  on: { cancel: '.cancelled' },
  states: {
    idle: {
      meta: { description: 'Nothing is happening yet: the person picks a file to send.' },
      on: { pick: [{ guard: { type: 'isStep', params: { step: 'a{b}"c' } }, target: 'sending' }, { target: 'failed' }] },
    },
    sending: {
      invoke: { id: 'upload', src: 'uploadFile', onDone: 'watching', onError: [{ guard: 'hasRetriesLeft', target: 'waiting' }, { target: 'failed' }] },
      on: { progress: { actions: 'recordProgress' } },
    },
    waiting: { after: { 2000: 'sending' } },
    watching: {
      type: 'parallel',
      on: { finish: 'done' },
      states: {
        video: { initial: 'playing', states: { playing: { on: { pause: 'paused' } }, paused: { on: { play: 'playing' } } } },
        chat: { initial: 'closed', states: { closed: { on: { open: 'open' } }, open: {} } },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
