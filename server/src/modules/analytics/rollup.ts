/**
 * SEAM (issue 13 wave 1): the rollups helper replaces this file (the `analytics.rollup` job).
 */
import type { AppDeps } from '../../lib/context';

/** Asks for a rollup soon (debounced; at most one queued). Called by the ingest after storing events. */
export function scheduleRollup(_deps: AppDeps): void {}
