import {
  mergePdfs,
  type ReportInput,
  type ReportLine,
  renderReport,
  renderReportBatch,
} from '@sil/documents';
import { reportFixture } from '@sil/documents/testing';
import { type DatabaseKind, type Figure, rounded } from './figures.js';
import { authHeaders, type Session } from './http.js';

/** A usual check-up: the fixture's families and a 60-parameter chemistry panel, about two pages. */
function checkUp(index: number): ReportInput {
  const panel = Array.from(
    { length: 60 },
    (_, line): ReportLine => ({
      parameter: `Paramètre ${line + 1}`,
      value: (index + line / 10).toFixed(2).replace('.', ','),
      unit: 'mmol/L',
      range: '1,00 – 9,00',
      marks: line % 7 === 0 ? ['high'] : [],
      anteriority: line % 3 === 0 ? { value: '4,20', date: '2023-11-02' } : undefined,
    }),
  );
  return {
    ...reportFixture,
    recordId: `D2026-${String(index).padStart(6, '0')}`,
    families: [
      ...reportFixture.families,
      { name: 'Bilan biochimique', rank: 5, analyses: [{ name: 'Bilan complet', lines: panel }] },
    ],
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/**
 * The result report's PDF as validation renders it (the renderer alone: the data is gathered in a
 * few indexed queries, timed by the validation calls): one report at a time, then a 200-report
 * print batch in one PDF.
 */
export async function measureReports(count = Number(process.env.BENCH_REPORTS ?? 200)): Promise<Figure[]> {
  for (let index = 0; index < 10; index++) await renderReport(checkUp(index));
  const times: number[] = [];
  let bytes = 0;
  const stored: Buffer[] = [];
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    const pdf = await renderReport(checkUp(index));
    times.push(performance.now() - start);
    bytes += pdf.length;
    if (stored.length < 200) stored.push(pdf);
  }
  const elapsed = performance.now() - started;
  const batchStart = performance.now();
  const batch = await renderReportBatch(Array.from({ length: 200 }, (_, index) => checkUp(index)));
  const batchMs = performance.now() - batchStart;
  const pages = (batch.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  // The work list's print batch (POST /api/print-delivery-batch): the 200 stored PDFs copied page for
  // page into one, as signed, without rendering them again.
  const printStart = performance.now();
  const printed = await mergePdfs(stored);
  const printMs = performance.now() - printStart;
  return [
    {
      figure: 'report_pdf_ms',
      database: 'none',
      value: rounded(median(times)),
      unit: 'ms',
      p95_ms: rounded(percentile(times, 95)),
      reports: count,
      mean_bytes: Math.round(bytes / count),
    },
    {
      figure: 'report_pdf_rps',
      database: 'none',
      value: rounded((count * 1000) / elapsed),
      unit: 'reports/s',
    },
    {
      figure: 'report_batch_200_ms',
      database: 'none',
      value: rounded(batchMs),
      unit: 'ms',
      pages,
      bytes: batch.length,
    },
    {
      figure: 'report_print_batch_200_ms',
      database: 'none',
      value: rounded(printMs),
      unit: 'ms',
      reports: stored.length,
      pages: printed.pages,
      bytes: printed.pdf.length,
    },
  ];
}

/**
 * The whole path of one report through the API: `GET /reports/preview-report` of a record of the
 * demo laboratory waiting for validation (its data gathered in a few queries, then rendered), 30
 * calls one after the other after 3 warm-ups. Validation stores the same rendering.
 */
export async function measureReportPreview(
  baseUrl: string,
  session: Session,
  database: DatabaseKind,
): Promise<Figure> {
  const headers = authHeaders(session);
  const queue = await fetch(`${baseUrl}/api/get-records-to-validate`, { headers });
  const [first] = (await queue.json()) as Array<{ record_id: string }>;
  if (!first) return { figure: 'report_preview_ms', database, skipped: 'no record waiting for validation' };
  const timed = async (url: string) => {
    const times: number[] = [];
    for (let call = 0; call < 33; call++) {
      const start = performance.now();
      const response = await fetch(url, { headers });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
      if (call >= 3) times.push(performance.now() - start);
    }
    return times;
  };
  const times = await timed(`${baseUrl}/reports/preview-report?record_id=${first.record_id}`);
  // The validation screen's read of the same record and results, for comparison: the rest is the PDF.
  const screen = await timed(`${baseUrl}/api/preview-record?record_id=${first.record_id}`);
  return {
    figure: 'report_preview_ms',
    database,
    value: rounded(median(times)),
    unit: 'ms',
    p95_ms: rounded(percentile(times, 95)),
    calls: times.length,
    validation_preview_ms: rounded(median(screen)),
  };
}
