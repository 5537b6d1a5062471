/**
 * Selectors the export menu binds to (machines/analytics/export.machine.ts): the phase announced in
 * the live region, whether an export runs (the menu is busy), the failure for the toast.
 */
import type { SnapshotFrom } from 'xstate';
import type { AnalyticsExportMachine, ExportFailure } from './export.machine';
import type { ExportFormat } from './export.actors';

type ExportSnapshot = SnapshotFrom<AnalyticsExportMachine>;

/** What the person is told about the export. */
export type ExportPhase = 'idle' | 'fetching' | 'building' | 'printing' | 'rendering' | 'saving' | 'done' | 'failed';

/** The phase of the running (or last) export. */
export function selectExportPhase(snapshot: ExportSnapshot): ExportPhase {
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches({ exporting: 'fetchingReport' })) return 'fetching';
  if (snapshot.matches({ exporting: 'building' })) return 'building';
  if (snapshot.matches({ exporting: { printing: 'preparingPrintView' } })) return 'printing';
  if (snapshot.matches({ exporting: { printing: 'renderingPdf' } })) return 'rendering';
  if (snapshot.matches({ exporting: 'saving' })) return 'saving';
  return 'idle';
}

/** True while an export runs (a new one is not started; cancel is offered). */
export function selectIsExporting(snapshot: ExportSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The format of the running or last export, or null. */
export function selectExportFormat(snapshot: ExportSnapshot): ExportFormat | null {
  return snapshot.context.format;
}

/** The failure of the last export while it is shown (state failed), else null. */
export function selectExportFailure(snapshot: ExportSnapshot): ExportFailure | null {
  return snapshot.matches('failed') ? snapshot.context.failure : null;
}
