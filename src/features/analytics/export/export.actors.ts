/**
 * Real actors of the analytics export chart (machines/analytics/export.machine.ts; issue 13
 * "Exports", spec 002 §2, §9):
 *
 * - fetchReport: `GET /analytics/report?account_id&…` through typedApi (aborted on cancel).
 * - buildFile: the CSV or XLSX (./sheet.ts, imported on first use with xlsx: its own chunk).
 * - printFrame: the print view (`/analytics-report/{channel}?…`, ./printView.ts) in a hidden,
 *   same-origin iframe (off-screen at 1200 × 900 px so the chart lays out; `display: none` would
 *   give it no size). Its `load` → `print.loaded`; a `REPORT_READY` message from that frame (source
 *   and origin checked) → `print.ready` with the chart image read from the frame's
 *   `window.__vidbotReport`; `REPORT_FAILED` → `print.failed`. Stopping it removes the frame.
 * - renderPdf: the PDF (./pdf.ts with jspdf + jspdf-autotable, imported on first use: its own chunk).
 * - saveFile: an object URL and an `<a download>` click (the URL is revoked a minute later).
 *
 * Labels (translated headers) come from the view through `labels()`, read when a file is built.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { fetchAnalyticsReport } from './reportQuery';
import { analyticsExportMachine } from '../../../../machines/analytics/export.machine';
import type {
  AnalyticsReport,
  BuildFileInput,
  ExportFile,
  FetchReportInput,
  PrintFrameInput,
  RenderPdfInput,
  SaveFileInput,
} from '../../../../machines/analytics/export.actors';
import type { ExportLabels } from './columns';
import { REPORT_FAILED, REPORT_READY, printViewHref } from './printView';

/** Width and height of the hidden print frame in CSS px (the PDF's chart is drawn at this width). */
export const PRINT_FRAME_SIZE = { width: 1200, height: 900 };
/** How long a saved file's object URL stays valid (the browser has started the download by then). */
const REVOKE_AFTER_MS = 60_000;

/** Hands `file` to the browser as a download. */
export function saveBlob(file: SaveFileInput): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** The print frame logic (see the module comment). `doc` / `win` are injectable for tests. */
export function printFrameLogic(doc: Document = document, win: Window = window) {
  return fromCallback<EventObject, PrintFrameInput>(({ input, sendBack }) => {
    const frame = doc.createElement('iframe');
    frame.title = 'Analytics report';
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    Object.assign(frame.style, {
      position: 'fixed',
      left: '-10000px',
      top: '0',
      width: `${PRINT_FRAME_SIZE.width}px`,
      height: `${PRINT_FRAME_SIZE.height}px`,
      border: '0',
      visibility: 'hidden',
    });
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || event.origin !== win.location.origin) return;
      const data = event.data as { type?: unknown; message?: unknown } | null;
      if (data?.type === REPORT_READY) {
        let chartImage: string | null = null;
        try {
          chartImage = frame.contentWindow?.__vidbotReport?.getChartImage() ?? null;
        } catch {
          chartImage = null;
        }
        sendBack({ type: 'print.ready', chartImage });
      } else if (data?.type === REPORT_FAILED) {
        sendBack({ type: 'print.failed', message: typeof data.message === 'string' ? data.message : 'Error loading analytics' });
      }
    };
    win.addEventListener('message', onMessage);
    frame.addEventListener('load', () => sendBack({ type: 'print.loaded' }));
    frame.src = printViewHref(input);
    doc.body.append(frame);
    return () => {
      win.removeEventListener('message', onMessage);
      frame.remove();
    };
  });
}

/** The export chart with the real actors; `labels()` gives the translated texts when a file is built. */
export function createAnalyticsExportMachine(labels: () => ExportLabels) {
  return analyticsExportMachine.provide({
    actors: {
      fetchReport: fromPromise<AnalyticsReport, FetchReportInput>(({ input, signal }) => fetchAnalyticsReport(input, signal)),
      buildFile: fromPromise<ExportFile, BuildFileInput>(async ({ input }) => {
        const sheet = await import('./sheet');
        return input.format === 'xlsx' ? sheet.buildXlsx(input.report, labels()) : sheet.buildCsv(input.report, labels());
      }),
      printFrame: printFrameLogic(),
      renderPdf: fromPromise<ExportFile, RenderPdfInput>(async ({ input }) => {
        const { buildPdf } = await import('./pdf');
        return buildPdf(input.report, labels(), input.chartImage);
      }),
      saveFile: fromPromise<void, SaveFileInput>(async ({ input }) => saveBlob(input)),
    },
  });
}
