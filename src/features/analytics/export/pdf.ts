/**
 * The PDF of an analytics report (issue 13 "Exports"; spec 002 §9 "Export formats: PDF …"):
 * landscape A4 with the title, the header lines (range, channel, bots, users), the chart image the
 * print view rendered (a PNG data URL from ECharts' `getDataURL`, optional), the totals and the
 * table (per-bot rows; per-slider rows on the slider channel), drawn with jspdf + jspdf-autotable.
 * Imported lazily by export.actors.ts (its own chunk; never on a route).
 */
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import type { AnalyticsReport, ExportFile } from '../../../../machines/analytics/export.actors';
import { exportFileName } from '../../../../machines/analytics/export.machine';
import { PDF_ROW_COLUMNS, cellText, headerLines, rowTable, sliderTable, totalLines, type ExportLabels } from './columns';

/** Page margin in mm. */
const MARGIN = 12;

/** The PDF document of a report (for tests: `doc.output('arraybuffer')`). */
export function pdfDocument(report: AnalyticsReport, labels: ExportLabels, chartImage: string | null): jsPDF {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  doc.setProperties({ title: `${labels.title} ${report.from} – ${report.to}` });
  doc.setFontSize(16);
  doc.text(labels.title, MARGIN, MARGIN + 4);
  doc.setFontSize(9);
  let y = MARGIN + 11;
  for (const [label, value] of headerLines(report, labels)) {
    const lines = doc.splitTextToSize(`${label}: ${value}`, width - 2 * MARGIN) as string[];
    doc.text(lines, MARGIN, y);
    y += 4.5 * lines.length;
  }
  if (chartImage) {
    const props = doc.getImageProperties(chartImage);
    const w = width - 2 * MARGIN;
    const h = Math.min(80, (props.height / props.width) * w);
    doc.addImage(chartImage, 'PNG', MARGIN, y + 2, (props.width / props.height) * h, h);
    y += h + 6;
  }
  const totals = totalLines(report, labels);
  autoTable(doc, {
    startY: y + 2,
    head: [[labels.totals, ...totals.map(([label]) => label)]],
    body: [['', ...totals.map(([, value]) => cellText(value))]],
    styles: { fontSize: 8 },
    margin: { left: MARGIN, right: MARGIN },
  });
  const table = report.channel === 'slider' ? sliderTable(report, labels) : rowTable(report, labels, PDF_ROW_COLUMNS);
  const finalY = (doc as jsPDF & { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? y + 20;
  autoTable(doc, {
    startY: finalY + 6,
    head: [table.head],
    body: table.body.map((row) => row.map(cellText)),
    styles: { fontSize: 7, cellPadding: 1.2 },
    headStyles: { fillColor: [47, 91, 211] },
    margin: { left: MARGIN, right: MARGIN },
  });
  return doc;
}

/** The PDF file `analytics_data_{from}_to_{to}.pdf`. */
export function buildPdf(report: AnalyticsReport, labels: ExportLabels, chartImage: string | null): ExportFile {
  const doc = pdfDocument(report, labels, chartImage);
  return { fileName: exportFileName(report, 'pdf'), blob: doc.output('blob') };
}
