/**
 * Selectors views and wizards bind to (DESIGN §5: read the chart through these, never through raw
 * state names) — for a snapshot of the AI job chart (machines/aiJob; issue 16), e.g. the child a
 * wizard invoked (`snapshot.children.analysisJob?.getSnapshot()`).
 */
import type { SnapshotFrom } from 'xstate';
import type { AiJobStatusName } from '../../server/src/modules/ai/ai.schemas';
import type { AiJobMachine, AiJobOutcome, AiJobPartial } from './aiJob.machine';

type AiJobSnapshot = SnapshotFrom<AiJobMachine>;

/** The job is still working (creating, streaming or polling). */
export function selectJobWorking(snapshot: AiJobSnapshot): boolean {
  return snapshot.hasTag('pending');
}

/** What the progress bar shows: the §4 status and 0..1. */
export function selectJobProgress(snapshot: AiJobSnapshot): { status: AiJobStatusName; progress: number } {
  return { status: snapshot.context.status, progress: snapshot.context.progress };
}

/** Partial analysis results read from the stream so far. */
export function selectJobPartial(snapshot: AiJobSnapshot): AiJobPartial {
  return snapshot.context.partial;
}

/** How the job ended, or null while it works. */
export function selectJobOutcome(snapshot: AiJobSnapshot): AiJobOutcome | null {
  return snapshot.status === 'done' ? (snapshot.output ?? null) : null;
}
