/**
 * Graph paths of the analytics export chart (`xstate/graph` TestModel, DESIGN §4) with realistic
 * payloads for the person's events, printFrame's events, the invoked actors' done / error events and
 * the named delays. One input only (the chart has none); the formats and channels come with
 * `export.start`.
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { analyticsExportMachine } from './export.machine';
import { sampleReport, sampleRequest } from './export.fixtures';
import { transitionTour, type TourPath } from '../testing/graph-coverage';

type ExportSnapshot = SnapshotFrom<typeof analyticsExportMachine>;

/** The file a build or render answers. */
export const builtFile = (name: string) => ({ fileName: name, blob: new Blob(['x']) });

/** Events printFrame emits (the fake sends them back, as the real actor would). */
export const PRINT_FRAME_EVENTS = ['print.loaded', 'print.ready', 'print.failed'] as const;

/** Every event the walk may send. */
export const exportPathEvents: AnyEventObject[] = [
  { type: 'export.start', format: 'csv', request: sampleRequest() },
  { type: 'export.start', format: 'xlsx', request: sampleRequest() },
  { type: 'export.start', format: 'pdf', request: sampleRequest() },
  // Not offered: the slider channel exports only PDF (the guard refuses it).
  { type: 'export.start', format: 'csv', request: sampleRequest({ channel: 'slider', query: { from_date: '2026-10-01', to_date: '2026-10-30', channel: 'slider' } }) },
  { type: 'export.cancel' },
  { type: 'export.retry' },
  { type: 'export.dismiss' },
  { type: 'print.loaded' },
  { type: 'print.ready', chartImage: 'data:image/png;base64,iVBORw0KGgo=' },
  { type: 'print.failed', message: 'Error loading analytics' },
  { type: 'xstate.done.actor.fetchReport', output: sampleReport() },
  { type: 'xstate.error.actor.fetchReport', error: { status: 403, detail: 'Editors and Viewers cannot download reports.' } },
  { type: 'xstate.done.actor.buildFile', output: builtFile('analytics_data_2026-10-01_to_2026-10-30.csv') },
  { type: 'xstate.error.actor.buildFile', error: new Error('Loading chunk failed') },
  { type: 'xstate.error.actor.printFrame', error: new Error('frame crashed') },
  { type: 'xstate.done.actor.renderPdf', output: builtFile('analytics_data_2026-10-01_to_2026-10-30.pdf') },
  { type: 'xstate.error.actor.renderPdf', error: new Error('jspdf failed') },
  { type: 'xstate.done.actor.saveFile', output: undefined },
  { type: 'xstate.error.actor.saveFile', error: new Error('download blocked') },
  { type: 'xstate.after.reportTimeout.analyticsExport.exporting.printing.preparingPrintView' },
  { type: 'xstate.after.doneDelay.analyticsExport.done' },
];

/** Events possible in a snapshot: an actor's events only while it runs; a delay only in its state. */
export function exportEventsFor(snapshot: ExportSnapshot): AnyEventObject[] {
  const running = Object.keys(snapshot.children);
  const active = new Set(snapshot._nodes.map((n) => n.id));
  return exportPathEvents.filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
    if (actor !== undefined) return running.includes(actor);
    const delayed = /^xstate\.after\.[^.]+\.(.+)$/.exec(event.type)?.[1];
    if (delayed !== undefined) return active.has(delayed);
    if ((PRINT_FRAME_EVENTS as readonly string[]).includes(event.type)) return running.includes('printFrame');
    return true;
  });
}

/** Serialization keeping the walk finite: the value + the format (which steers the chart). */
export function serializeExportState(snapshot: ExportSnapshot): string {
  return JSON.stringify([snapshot.value, snapshot.context.format, snapshot.context.failure?.step ?? null]);
}

/** The test model. */
export function exportTestModel() {
  return new TestModel(analyticsExportMachine, {
    events: exportEventsFor as never,
    serializeState: serializeExportState,
    limit: 5000,
  });
}

/** The transition tour of the chart. */
export function exportPaths(): TourPath[] {
  return transitionTour(exportTestModel(), serializeExportState);
}
