/**
 * Analytics export chart tests: the graph tour replayed on a live actor (fake fetchReport /
 * buildFile / printFrame / renderPdf / saveFile, simulated clock), coverage from those paths, and
 * journeys for issue 13 "Exports" (spec 002 §2 REPORT_READY, §9 formats, file name, slider → PDF
 * only; a double click starts one export; cancel; retry; the 20 s print timeout).
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, initialTransition, transition, type AnyEventObject } from 'xstate';
import {
  DONE_DELAY_MS,
  REPORT_TIMEOUT_MS,
  analyticsExportMachine,
  exportFileName,
  formatsFor,
  toExportFailure,
} from './export.machine';
import type { AnalyticsReport, BuildFileInput, ExportFile, ExportRequest, FetchReportInput, PrintFrameInput, RenderPdfInput, SaveFileInput } from './export.actors';
import { PRINT_FRAME_EVENTS, builtFile } from './export.paths';
import { sampleReport, sampleRequest } from './export.fixtures';
import { controllableCallback, controllablePromise, deliver, flush } from '../testing/fake-actors';
import { catalogRuns } from '../testing/catalog-runs';
import { graphCoverage } from '../testing/graph-coverage';
import { selectExportFailure, selectExportFormat, selectExportPhase, selectIsExporting } from './export.selectors';

function harness() {
  const fetchReport = controllablePromise<AnalyticsReport, FetchReportInput>();
  const buildFile = controllablePromise<ExportFile, BuildFileInput>();
  const renderPdf = controllablePromise<ExportFile, RenderPdfInput>();
  const saveFile = controllablePromise<void, SaveFileInput>();
  const printFrame = controllableCallback<PrintFrameInput>();
  const clock = new SimulatedClock();
  const machine = analyticsExportMachine.provide({
    actors: { fetchReport: fetchReport.logic, buildFile: buildFile.logic, renderPdf: renderPdf.logic, saveFile: saveFile.logic, printFrame: printFrame.logic },
  });
  const actor = createActor(machine, { clock }).start();
  const send = async (event: AnyEventObject) => {
    if (event.type.startsWith('xstate.after.')) clock.increment(60_000);
    else deliver(actor, event, { fetchReport, buildFile, renderPdf, saveFile }, { printFrame: { runs: printFrame.runs, emits: PRINT_FRAME_EVENTS } });
    await flush();
  };
  const tick = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  const start = (format: 'csv' | 'xlsx' | 'pdf', request: ExportRequest = sampleRequest()) => send({ type: 'export.start', format, request });
  const liveFrames = () => printFrame.runs.filter((r) => !r.stopped);
  return { actor, fetchReport, buildFile, renderPdf, saveFile, printFrame, send, tick, start, liveFrames };
}

function checkInvariants(h: ReturnType<typeof harness>) {
  const snapshot = h.actor.getSnapshot();
  // The hidden frame exists exactly while the print view is prepared.
  expect(h.liveFrames()).toHaveLength(snapshot.matches({ exporting: { printing: 'preparingPrintView' } }) ? 1 : 0);
  // At most one of each actor runs at a time (one export at a time).
  expect(Object.keys(snapshot.children).length).toBeLessThanOrEqual(1);
  if (snapshot.matches('failed')) expect(snapshot.context.failure).toBeTruthy();
  if (snapshot.matches('idle')) expect(snapshot.context.format).toBeNull();
  if (snapshot.hasTag('busy')) expect(snapshot.context.request).toBeTruthy();
}

describe('analytics export chart: graph tour', () => {
  // The catalog's paths (tour + journeys): what `npm run paths -- analyticsExport` prints and machines:coverage counts.
  const paths = catalogRuns('analyticsExport');

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(analyticsExportMachine, paths.map((p) => ({ events: p.events })));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered).toEqual(expect.arrayContaining(['analyticsExport.exporting.printing.preparingPrintView.waitingForReport', 'analyticsExport.done']));
  }, 60_000);

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_label, path) => {
    const h = harness();
    let [expected] = initialTransition(analyticsExportMachine);
    expect(h.actor.getSnapshot().value, path.description).toEqual(expected.value);
    for (const event of path.events) {
      [expected] = transition(analyticsExportMachine, expected, event as never);
      await h.send(event);
      const snapshot = h.actor.getSnapshot();
      expect(snapshot.value, path.description).toEqual(expected.value);
      expect(snapshot.context.format, path.description).toBe(expected.context.format);
      expect(snapshot.context.failure, path.description).toEqual(expected.context.failure);
      checkInvariants(h);
    }
    h.actor.stop();
  });
});

describe('analytics export chart: journeys', () => {
  it('CSV: fetches the report with the page request, builds, saves, shows done, then idle after 3 s', async () => {
    const h = harness();
    await h.start('csv');
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('fetching');
    expect(selectIsExporting(h.actor.getSnapshot())).toBe(true);
    expect(h.fetchReport.inputs).toEqual([sampleRequest()]);
    const report = sampleReport();
    await h.send({ type: 'xstate.done.actor.fetchReport', output: report });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('building');
    expect(h.buildFile.inputs).toEqual([{ format: 'csv', report }]);
    const file = builtFile('analytics_data_2026-10-01_to_2026-10-30.csv');
    await h.send({ type: 'xstate.done.actor.buildFile', output: file });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('saving');
    expect(h.saveFile.inputs).toEqual([file]);
    await h.send({ type: 'xstate.done.actor.saveFile', output: undefined });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('done');
    expect(selectIsExporting(h.actor.getSnapshot())).toBe(false);
    await h.tick(DONE_DELAY_MS - 1);
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('done');
    await h.tick(1);
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('idle');
    expect(h.renderPdf.inputs).toEqual([]);
    expect(h.printFrame.runs).toEqual([]);
  });

  it('XLSX asks the builder for xlsx', async () => {
    const h = harness();
    await h.start('xlsx');
    await h.send({ type: 'xstate.done.actor.fetchReport', output: sampleReport() });
    expect(h.buildFile.inputs[0]?.format).toBe('xlsx');
    expect(selectExportFormat(h.actor.getSnapshot())).toBe('xlsx');
  });

  it('a double click starts one export: export.start while exporting is ignored', async () => {
    const h = harness();
    await h.start('csv');
    await h.start('csv');
    await h.start('pdf');
    expect(h.fetchReport.inputs).toHaveLength(1);
    expect(selectExportFormat(h.actor.getSnapshot())).toBe('csv');
  });

  it('PDF: loads the print view in a frame with the resolved range, waits for REPORT_READY, renders with the chart image, removes the frame', async () => {
    const h = harness();
    await h.start('pdf');
    const report = sampleReport({ from: '2026-10-02' });
    await h.send({ type: 'xstate.done.actor.fetchReport', output: report });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('printing');
    expect(h.printFrame.runs).toHaveLength(1);
    expect(h.printFrame.runs[0]?.input).toEqual({ ...sampleRequest(), from: '2026-10-02', to: '2026-10-30' });
    expect(h.buildFile.inputs).toEqual([]);
    await h.send({ type: 'print.loaded' });
    expect(h.actor.getSnapshot().matches({ exporting: { printing: { preparingPrintView: 'waitingForReport' } } })).toBe(true);
    await h.send({ type: 'print.ready', chartImage: 'data:image/png;base64,AAAA' });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('rendering');
    expect(h.printFrame.runs[0]?.stopped).toBe(true);
    expect(h.renderPdf.inputs).toEqual([{ report, chartImage: 'data:image/png;base64,AAAA' }]);
    const file = builtFile('analytics_data_2026-10-02_to_2026-10-30.pdf');
    await h.send({ type: 'xstate.done.actor.renderPdf', output: file });
    expect(h.saveFile.inputs).toEqual([file]);
    await h.send({ type: 'xstate.done.actor.saveFile', output: undefined });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('done');
  });

  it('PDF: REPORT_READY before the frame load event is still accepted', async () => {
    const h = harness();
    await h.start('pdf');
    await h.send({ type: 'xstate.done.actor.fetchReport', output: sampleReport() });
    await h.send({ type: 'print.ready', chartImage: null });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('rendering');
    expect(h.renderPdf.inputs[0]?.chartImage).toBeNull();
  });

  it('PDF: no REPORT_READY within 20 s fails with printTimeout and removes the frame', async () => {
    const h = harness();
    await h.start('pdf');
    await h.send({ type: 'xstate.done.actor.fetchReport', output: sampleReport() });
    await h.send({ type: 'print.loaded' });
    await h.tick(REPORT_TIMEOUT_MS - 1);
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('printing');
    await h.tick(1);
    expect(selectExportFailure(h.actor.getSnapshot())).toMatchObject({ step: 'printTimeout' });
    expect(h.printFrame.runs[0]?.stopped).toBe(true);
    expect(h.renderPdf.inputs).toEqual([]);
  });

  it('the print view reporting a load failure fails at once', async () => {
    const h = harness();
    await h.start('pdf');
    await h.send({ type: 'xstate.done.actor.fetchReport', output: sampleReport() });
    await h.send({ type: 'print.failed', message: 'Error loading analytics' });
    expect(selectExportFailure(h.actor.getSnapshot())).toEqual({ step: 'print', message: 'Error loading analytics', status: null });
  });

  it('a 403 fails with the server detail; retry fetches again with the same format and request', async () => {
    const h = harness();
    const request = sampleRequest({ accountId: 7 });
    await h.start('xlsx', request);
    await h.send({ type: 'xstate.error.actor.fetchReport', error: { status: 403, detail: 'Editors and Viewers cannot download reports.' } });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('failed');
    expect(selectExportFailure(h.actor.getSnapshot())).toEqual({ step: 'fetch', message: 'Editors and Viewers cannot download reports.', status: 403 });
    await h.send({ type: 'export.retry' });
    expect(h.fetchReport.inputs).toEqual([request, request]);
    expect(selectExportFormat(h.actor.getSnapshot())).toBe('xlsx');
    expect(selectExportFailure(h.actor.getSnapshot())).toBeNull();
    await h.send({ type: 'xstate.done.actor.fetchReport', output: sampleReport() });
    expect(h.buildFile.inputs[0]?.format).toBe('xlsx');
  });

  it('dismiss after a failure returns to idle', async () => {
    const h = harness();
    await h.start('csv');
    await h.send({ type: 'xstate.error.actor.fetchReport', error: new Error('Failed to fetch') });
    await h.send({ type: 'export.dismiss' });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('idle');
    expect(h.actor.getSnapshot().context.failure).toBeNull();
  });

  it('cancel while fetching returns to idle and aborts the fetch; a late answer is ignored', async () => {
    let aborted = false;
    const machine = analyticsExportMachine.provide({
      actors: {
        fetchReport: fromPromise<AnalyticsReport, FetchReportInput>(
          ({ signal }) =>
            new Promise((_resolve, reject) => {
              signal.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('aborted'));
              });
            }),
        ),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'export.start', format: 'csv', request: sampleRequest() });
    actor.send({ type: 'export.cancel' });
    await flush();
    expect(aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('cancel while printing removes the frame', async () => {
    const h = harness();
    await h.start('pdf');
    await h.send({ type: 'xstate.done.actor.fetchReport', output: sampleReport() });
    await h.send({ type: 'export.cancel' });
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('idle');
    expect(h.printFrame.runs[0]?.stopped).toBe(true);
  });

  it('the slider channel offers only PDF: CSV and XLSX starts are refused', async () => {
    const h = harness();
    const slider = sampleRequest({ channel: 'slider', query: { from_date: '2026-10-01', to_date: '2026-10-30', channel: 'slider' } });
    await h.start('csv', slider);
    await h.start('xlsx', slider);
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('idle');
    expect(h.fetchReport.inputs).toEqual([]);
    await h.start('pdf', slider);
    expect(h.fetchReport.inputs).toEqual([slider]);
  });

  it('a new export may start from done without waiting', async () => {
    const h = harness();
    await h.start('csv');
    await h.send({ type: 'xstate.done.actor.fetchReport', output: sampleReport() });
    await h.send({ type: 'xstate.done.actor.buildFile', output: builtFile('a.csv') });
    await h.send({ type: 'xstate.done.actor.saveFile', output: undefined });
    await h.start('xlsx');
    expect(selectExportPhase(h.actor.getSnapshot())).toBe('fetching');
    expect(selectExportFormat(h.actor.getSnapshot())).toBe('xlsx');
    expect(h.actor.getSnapshot().context.file).toBeNull();
  });
});

describe('export rules', () => {
  it('formatsFor: PDF, CSV, XLSX; the slider channel only PDF (spec 002 §9)', () => {
    expect(formatsFor(null)).toEqual(['pdf', 'csv', 'xlsx']);
    expect(formatsFor('widget')).toEqual(['pdf', 'csv', 'xlsx']);
    expect(formatsFor('slider')).toEqual(['pdf']);
  });

  it('exportFileName: analytics_data_{from}_to_{to}.{format}', () => {
    expect(exportFileName({ from: '2026-10-01', to: '2026-10-30' }, 'csv')).toBe('analytics_data_2026-10-01_to_2026-10-30.csv');
    expect(exportFileName({ from: '2026-01-01', to: '2026-01-31' }, 'pdf')).toBe('analytics_data_2026-01-01_to_2026-01-31.pdf');
  });

  it('toExportFailure: server detail and status, Error message, anything else', () => {
    expect(toExportFailure('fetch', { status: 500, detail: 'boom', message: 'Internal' })).toEqual({ step: 'fetch', message: 'boom', status: 500 });
    expect(toExportFailure('build', new Error('chunk'))).toEqual({ step: 'build', message: 'chunk', status: null });
    expect(toExportFailure('save', 42)).toEqual({ step: 'save', message: 'Unexpected error', status: null });
  });
});
