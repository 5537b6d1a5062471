/**
 * The path fixtures of one small session chart (issue 14 "Each machine is a folder … with its
 * `.paths.ts` (event fixtures and journeys)"): the events with payloads the chart can receive,
 * including its invoked actors' done / error outputs, the ids of those actors (the tests fake
 * them), the number of states, and the named inputs to start from. `chartTestModel` turns a case
 * into the xstate/graph `TestModel` the path generator, the coverage report and the tests share.
 *
 * Node and test code only.
 */
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

/** Per chart: events with payloads, the fake actors' ids, the expected number of states, inputs. */
export interface ChartCase {
  /** Catalog name (machines/catalog.ts). */
  name: string;
  machine: AnyStateMachine;
  events: AnyEventObject[];
  /** Ids of the invoked promise actors the tests replace with hand-settled fakes. */
  actors: string[];
  /** Number of states (the tour must reach them all). */
  states: number;
  /** Named machine inputs to tour from; `{ default: undefined }` for machines without input. */
  inputs: Record<string, unknown>;
}

/** Serialization of a small chart's snapshot: value and context (contexts stay small and bounded). */
export function serializeChart(snapshot: SnapshotFrom<AnyStateMachine>): string {
  return JSON.stringify([snapshot.value, snapshot.context]);
}

/**
 * The TestModel of `chart` started with `input`. Done / error events of an invoked actor are only
 * offered while that actor runs, as in a real run.
 */
export function chartTestModel(chart: ChartCase, input: unknown) {
  return new TestModel(chart.machine, {
    input,
    events: (snapshot: SnapshotFrom<AnyStateMachine>) => {
      const running = Object.keys(snapshot.children);
      return chart.events.filter((event) => {
        const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
        return actor === undefined || running.includes(actor);
      });
    },
    serializeState: serializeChart,
    limit: 1000,
    stopWhen: (s: SnapshotFrom<AnyStateMachine>) => s.status !== 'active',
  } as never);
}
