/**
 * Analytics export chart (issue 13 "Exports"; spec 002 §2 analytics-report/{channel} "a print view
 * loaded in a hidden frame … About 250 ms after all data has loaded it posts REPORT_READY to the
 * parent", §6 "Editor and Viewer cannot download reports", §9 "Export formats: PDF, CSV …, XLSX;
 * file name analytics_data_{from}_to_{to} … The slider channel offers only PDF").
 *
 * ```
 *  idle ──export.start {format, request} [formatOffered]──► exporting
 *   ▲                                                        │
 *   │       exporting (tag busy; export.cancel ──► idle, stopping the running actor: the fetch is
 *   │                  aborted, the hidden frame removed; export.start is ignored: a double click
 *   │                  does not start a second export)
 *   │        fetchingReport (GET /analytics/report) ──error──► failed
 *   │          │ csv | xlsx                         │ pdf
 *   │          ▼                                    ▼
 *   │        building (buildFile)            printing.preparingPrintView (printFrame: hidden iframe)
 *   │          │                                loadingFrame ──print.loaded──► waitingForReport
 *   │          │                                print.ready {chartImage} (REPORT_READY) ──► renderingPdf
 *   │          │                                reportTimeout (20 s) / print.failed ──► failed
 *   │          │                             printing.renderingPdf (renderPdf: jspdf + autotable)
 *   │          ▼                                    │
 *   │        saving (saveFile: the browser download) ◄┘ ──error──► failed
 *   │          │
 *   │          ▼
 *   ├─ doneDelay (3 s) ── done ──export.start──► exporting (a new export at once)
 *   └─ export.dismiss ── failed ──export.retry──► exporting.fetchingReport (same format and request)
 *                              ──export.start──► exporting (another format)
 * ```
 *
 * The view binds through export.selectors.ts (phase for the live region, busy, failure for the
 * toast). Side effects are the actors of export.actors.ts, provided at the app edge
 * (src/features/analytics/export/export.actors.ts).
 */
import { assign, setup } from 'xstate';
import type { Channel } from '../../embed/shared/analytics';
import {
  missingExportActors,
  type AnalyticsReport,
  type ExportFile,
  type ExportFormat,
  type ExportRequest,
  type PrintFrameInput,
} from './export.actors';

/** How long the print view may take to post REPORT_READY after the export asked for it. */
export const REPORT_TIMEOUT_MS = 20_000;
/** How long "done" is shown before the chart is idle again. */
export const DONE_DELAY_MS = 3000;

/** The formats offered for a channel (spec 002 §9: the slider channel offers only PDF). */
export function formatsFor(channel: Channel | null): readonly ExportFormat[] {
  return channel === 'slider' ? ['pdf'] : ['pdf', 'csv', 'xlsx'];
}

/** `analytics_data_{from}_to_{to}.{format}` (spec 002 §9), `from`/`to` the report's UTC days `yyyy-MM-dd`. */
export function exportFileName(report: Pick<AnalyticsReport, 'from' | 'to'>, format: ExportFormat): string {
  return `analytics_data_${report.from}_to_${report.to}.${format}`;
}

/** Which step failed (the view words it; `message` is the server's detail or the runtime message). */
export type ExportFailureStep = 'fetch' | 'build' | 'print' | 'printTimeout' | 'render' | 'save';
/** A failed export. `status` is the HTTP status of a failed call, else null. */
export interface ExportFailure {
  step: ExportFailureStep;
  message: string;
  status: number | null;
}

/** Normalises what an actor threw (HttpError-like `{ status, detail }`, Error, anything). */
export function toExportFailure(step: ExportFailureStep, error: unknown): ExportFailure {
  if (typeof error === 'object' && error !== null) {
    const e = error as { status?: unknown; detail?: unknown; message?: unknown };
    const message = typeof e.detail === 'string' ? e.detail : typeof e.message === 'string' && e.message ? e.message : 'Unexpected error';
    return { step, message, status: typeof e.status === 'number' ? e.status : null };
  }
  return { step, message: typeof error === 'string' ? error : 'Unexpected error', status: null };
}

/** Chart memory. */
export interface ExportContext {
  format: ExportFormat | null;
  request: ExportRequest | null;
  report: AnalyticsReport | null;
  chartImage: string | null;
  file: ExportFile | null;
  failure: ExportFailure | null;
}

/** Events the view sends (printFrame's own events are in export.actors.ts). */
export type ExportEvent =
  | { type: 'export.start'; format: ExportFormat; request: ExportRequest }
  | { type: 'export.cancel' }
  | { type: 'export.retry' }
  | { type: 'export.dismiss' }
  | { type: 'print.loaded' }
  | { type: 'print.ready'; chartImage: string | null }
  | { type: 'print.failed'; message: string };

const initialContext = (): ExportContext => ({ format: null, request: null, report: null, chartImage: null, file: null, failure: null });

/** The `output` of an actor's done event (the chart's actions read it untyped, as xstate types them). */
const outputOf = (event: unknown): unknown => (event as { output?: unknown }).output;
/** The `error` of an actor's error event. */
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const analyticsExportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
  },
  actors: missingExportActors,
  guards: {
    formatOffered: ({ event }) => event.type === 'export.start' && formatsFor(event.request.channel).includes(event.format),
    pdfChosen: ({ context }) => context.format === 'pdf',
  },
  delays: {
    reportTimeout: REPORT_TIMEOUT_MS,
    doneDelay: DONE_DELAY_MS,
  },
  actions: {
    startExport: assign(({ event }) => (event.type === 'export.start' ? { ...initialContext(), format: event.format, request: event.request } : {})),
    clearAttempt: assign({ report: null, chartImage: null, file: null, failure: null }),
    reset: assign(initialContext),
    storeReport: assign(({ event }) => ({ report: outputOf(event) as AnalyticsReport })),
    storeFile: assign(({ event }) => ({ file: outputOf(event) as ExportFile })),
    storeChartImage: assign(({ event }) => (event.type === 'print.ready' ? { chartImage: event.chartImage } : {})),
    failFetch: assign(({ event }) => ({ failure: toExportFailure('fetch', errorOf(event)) })),
    failBuild: assign(({ event }) => ({ failure: toExportFailure('build', errorOf(event)) })),
    failPrint: assign(({ event }) => ({
      failure: event.type === 'print.failed' ? { step: 'print' as const, message: event.message, status: null } : toExportFailure('print', errorOf(event)),
    })),
    failPrintTimeout: assign({ failure: { step: 'printTimeout', message: 'The report view did not finish loading.', status: null } }),
    failRender: assign(({ event }) => ({ failure: toExportFailure('render', errorOf(event)) })),
    failSave: assign(({ event }) => ({ failure: toExportFailure('save', errorOf(event)) })),
  },
}).createMachine({
  id: 'analyticsExport',
  context: initialContext,
  initial: 'idle',
  states: {
    idle: {
      meta: { description: 'No export is running; the person can choose PDF, CSV or Excel (only PDF on the slider channel).' },
      on: { 'export.start': { guard: 'formatOffered', target: 'exporting', actions: 'startExport' } },
    },
    exporting: {
      meta: { description: 'The chosen report is being prepared for download; the export button shows progress and can be cancelled.' },
      tags: ['busy'],
      initial: 'fetchingReport',
      on: { 'export.cancel': { target: 'idle', actions: 'reset' } },
      states: {
        fetchingReport: {
          meta: { description: 'The report data for the chosen period and filters is being fetched from the server.' },
          invoke: {
            id: 'fetchReport',
            src: 'fetchReport',
            input: ({ context }) => context.request!,
            onDone: [
              { guard: 'pdfChosen', target: 'printing', actions: 'storeReport' },
              { target: 'building', actions: 'storeReport' },
            ],
            onError: { target: '#analyticsExport.failed', actions: 'failFetch' },
          },
        },
        building: {
          meta: { description: 'The CSV or Excel file is being put together from the report data.' },
          invoke: {
            id: 'buildFile',
            src: 'buildFile',
            input: ({ context }) => ({ format: context.format === 'xlsx' ? ('xlsx' as const) : ('csv' as const), report: context.report! }),
            onDone: { target: 'saving', actions: 'storeFile' },
            onError: { target: '#analyticsExport.failed', actions: 'failBuild' },
          },
        },
        printing: {
          meta: { description: 'For a PDF, the report is laid out in a hidden print view with its charts, then turned into a PDF.' },
          initial: 'preparingPrintView',
          states: {
            preparingPrintView: {
              meta: { description: 'The hidden print view is loading and drawing the report; if it is not ready within 20 seconds the export fails.' },
              invoke: {
                id: 'printFrame',
                src: 'printFrame',
                input: ({ context }): PrintFrameInput => ({ ...context.request!, from: context.report!.from, to: context.report!.to }),
                onError: { target: '#analyticsExport.failed', actions: 'failPrint' },
              },
              after: { reportTimeout: { target: '#analyticsExport.failed', actions: 'failPrintTimeout' } },
              initial: 'loadingFrame',
              on: {
                // REPORT_READY may arrive before the frame's load event is seen: accepted in both.
                'print.ready': { target: 'renderingPdf', actions: 'storeChartImage' },
                'print.failed': { target: '#analyticsExport.failed', actions: 'failPrint' },
              },
              states: {
                loadingFrame: {
                  meta: { description: 'The hidden print view is still loading.' },
                  on: { 'print.loaded': 'waitingForReport' },
                },
                waitingForReport: {
                  meta: { description: 'The print view has loaded and is drawing the report and its chart.' },
                },
              },
            },
            renderingPdf: {
              meta: { description: 'The drawn report and its chart image are being turned into a PDF file.' },
              invoke: {
                id: 'renderPdf',
                src: 'renderPdf',
                input: ({ context }) => ({ report: context.report!, chartImage: context.chartImage }),
                onDone: { target: '#analyticsExport.exporting.saving', actions: 'storeFile' },
                onError: { target: '#analyticsExport.failed', actions: 'failRender' },
              },
            },
          },
        },
        saving: {
          meta: { description: 'The finished file is handed to the browser, which saves it as analytics_data_<from>_to_<to>.' },
          invoke: {
            id: 'saveFile',
            src: 'saveFile',
            input: ({ context }) => context.file!,
            onDone: { target: '#analyticsExport.done' },
            onError: { target: '#analyticsExport.failed', actions: 'failSave' },
          },
        },
      },
    },
    done: {
      meta: { description: 'The file was saved; a confirmation shows for a few seconds, and another export may start at once.' },
      after: { doneDelay: { target: 'idle', actions: 'reset' } },
      on: { 'export.start': { guard: 'formatOffered', target: 'exporting', actions: 'startExport' } },
    },
    failed: {
      meta: { description: 'The export failed; the message says why, with Try again and Dismiss.' },
      on: {
        'export.retry': { target: 'exporting', actions: 'clearAttempt' },
        'export.start': { guard: 'formatOffered', target: 'exporting', actions: 'startExport' },
        'export.dismiss': { target: 'idle', actions: 'reset' },
      },
    },
  },
});

/** The chart's type. */
export type AnalyticsExportMachine = typeof analyticsExportMachine;
