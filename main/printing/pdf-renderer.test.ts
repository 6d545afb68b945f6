import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderActaPdf } from '../../printing/pdf/acta.js';
import { renderSessionReportPdf, sessionReportFromActa } from '../../printing/pdf/sessionReport.js';
import { longActa, sampleActa } from '../../test/fixtures/acta.js';
import { createPdfRenderer, defaultWorkerUrl, type PdfRenderer, workerEntry } from './pdf-renderer.js';
import { softwareLabel } from '../version.js';
import { pdfPages } from '../../test/pdf.js';

/** The renderer stamps this process's program and version; the direct renderers are handed the same. */
const SOFTWARE = softwareLabel();

const GENERATED = '2025-07-15T00:50:00.000Z';
const PDF_ERROR = /^Não foi possível gerar o PDF: /;

/**
 * A stand-in worker speaking the same protocol: it exits (a crash) on an acta
 * of a hall named 'crash', otherwise answers with its thread id.
 */
const FAKE_WORKER = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort, threadId } from 'node:worker_threads';
    parentPort.on('message', (r) => {
      if (r.data.hallName === 'crash') process.exit(3);
      const pdf = new TextEncoder().encode('thread ' + threadId).buffer;
      parentPort.postMessage({ id: r.id, ok: true, pdf }, [pdf]);
    });
  `)}`,
);

let renderers: PdfRenderer[] = [];
function renderer(options?: Parameters<typeof createPdfRenderer>[0]): PdfRenderer {
  const r = createPdfRenderer(options);
  renderers.push(r);
  return r;
}
afterEach(async () => {
  await Promise.all(renderers.map((r) => r.close()));
  renderers = [];
});
/** One renderer for the tests that do not stop it: a worker starting under tsx costs about a second. */
const shared = createPdfRenderer();
afterAll(() => shared.close());

describe('locating the worker', () => {
  it('takes the worker beside the module, in the module’s language; a .ts worker starts through tsx’s API', () => {
    expect(defaultWorkerUrl('file:///app/dist/main/printing/pdf-renderer.js').href).toBe('file:///app/dist/main/printing/pdf-worker.js');
    expect(defaultWorkerUrl('file:///repo/main/printing/pdf-renderer.ts').href).toBe('file:///repo/main/printing/pdf-worker.ts');
    expect(defaultWorkerUrl().href).toMatch(/\/main\/printing\/pdf-worker\.ts$/);

    const js = new URL('file:///app/dist/main/printing/pdf-worker.js');
    expect(workerEntry(js)).toEqual({ entry: js, execArgv: undefined });
    const ts = workerEntry(new URL('file:///repo/main/printing/pdf-worker.ts'));
    expect(ts.execArgv).toEqual([]);
    expect(ts.entry.protocol).toBe('data:');
    const bootstrap = decodeURIComponent(ts.entry.pathname.slice('text/javascript,'.length));
    expect(bootstrap).toMatch(/import\("file:\/\/.*\/node_modules\/tsx\/dist\/esm\/api\/index\.mjs"\)/);
    expect(bootstrap).toContain('register();\nawait import("file:///repo/main/printing/pdf-worker.ts");');
  });
});

describe('createPdfRenderer', () => {
  it('gives the same bytes as the direct renderers', async () => {
    const pdf = shared;
    for (const acta of [sampleActa(), longActa(60)]) {
      expect((await pdf.acta(acta, { generatedAt: GENERATED })).equals(await renderActaPdf(acta, { generatedAt: GENERATED, software: SOFTWARE }))).toBe(true);
      const report = await pdf.sessionReport(acta, { generatedAt: GENERATED });
      expect(report.equals(await renderSessionReportPdf(sessionReportFromActa(acta), { generatedAt: GENERATED, software: SOFTWARE }))).toBe(true);
    }
    // Without generatedAt both date the PDF by the session's opening.
    expect((await pdf.acta(sampleActa())).equals(await renderActaPdf(sampleActa(), { software: SOFTWARE }))).toBe(true);
    // The kiosk's acta names this program, its version and commit, with the time made, under every page (issue 40).
    const pages = pdfPages(await pdf.acta(sampleActa(), { generatedAt: GENERATED }));
    expect(pages.map((p) => p.at(-1))).toEqual(pages.map(() => `Programa: ${softwareLabel()} · gerado em 15/07/2025 01:50`));
  });

  it('answers concurrent requests, each with its own PDF', async () => {
    const pdf = shared;
    const [a, b, c] = await Promise.all([
      pdf.acta(longActa(60), { generatedAt: GENERATED }),
      pdf.sessionReport(sampleActa(), { generatedAt: GENERATED }),
      pdf.acta(sampleActa(), { generatedAt: GENERATED }),
    ]);
    expect(a.equals(await renderActaPdf(longActa(60), { generatedAt: GENERATED, software: SOFTWARE }))).toBe(true);
    expect(b.equals(await renderSessionReportPdf(sessionReportFromActa(sampleActa()), { generatedAt: GENERATED, software: SOFTWARE }))).toBe(true);
    expect(c.equals(await renderActaPdf(sampleActa(), { generatedAt: GENERATED, software: SOFTWARE }))).toBe(true);
  });

  it('rejects data the renderer refuses with a pt-PT error, and keeps working', async () => {
    const pdf = shared;
    const results = await Promise.allSettled([
      pdf.acta(sampleActa(), { generatedAt: 'not a date' }),
      pdf.sessionReport({ hallName: 'x' } as never),
      pdf.acta(sampleActa(), { generatedAt: GENERATED }),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(PDF_ERROR) } });
    expect((results[0] as PromiseRejectedResult).reason.message).toContain('invalid date: not a date');
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(PDF_ERROR) } });
    expect(results[2]).toMatchObject({ status: 'fulfilled' });
    // Data that cannot even be sent to the worker.
    await expect(pdf.acta({ ...sampleActa(), hallName: (() => 'x') as never })).rejects.toThrow(PDF_ERROR);
    expect((await pdf.acta(sampleActa(), { generatedAt: GENERATED })).equals(await renderActaPdf(sampleActa(), { generatedAt: GENERATED, software: SOFTWARE }))).toBe(true);
  });

  it('replaces a worker that crashes: its request fails in pt-PT, the queued ones are answered', async () => {
    const pdf = renderer({ workerUrl: FAKE_WORKER });
    const crash = { ...sampleActa(), hallName: 'crash' };
    const [first, crashed, after] = await Promise.allSettled([pdf.acta(sampleActa()), pdf.acta(crash), pdf.acta(sampleActa())]);
    expect(crashed).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(PDF_ERROR) } });
    expect((crashed as PromiseRejectedResult).reason.message).toBe('Não foi possível gerar o PDF: o gerador de PDF terminou inesperadamente (código 3).');
    const thread = (r: PromiseSettledResult<Buffer>) => (r as PromiseFulfilledResult<Buffer>).value.toString();
    expect(thread(first)).toMatch(/^thread \d+$/);
    expect(thread(after)).toMatch(/^thread \d+$/);
    expect(thread(after)).not.toBe(thread(first));
  });

  it('close() fails what is pending; a later call starts a new worker', async () => {
    const pdf = renderer();
    await pdf.acta(sampleActa(), { generatedAt: GENERATED });
    const waiting = Promise.allSettled([pdf.acta(longActa(60)), pdf.sessionReport(longActa(60))]);
    await pdf.close();
    const closed = { status: 'rejected', reason: new Error('Não foi possível gerar o PDF: o gerador de PDF foi fechado.') };
    expect(await waiting).toEqual([closed, closed]);
    await pdf.close(); // twice is harmless
    expect((await pdf.acta(sampleActa(), { generatedAt: GENERATED })).equals(await renderActaPdf(sampleActa(), { generatedAt: GENERATED, software: SOFTWARE }))).toBe(true);
  });

  // On a busy 2-core machine the OS alone can hold the main thread ~10 ms; a
  // render on the main thread would show a gap of 150 ms or more every time.
  it('keeps the main thread free while a 200-game acta renders', { retry: 2 }, async () => {
    const pdf = shared;
    await pdf.acta(sampleActa()); // the worker's start and fonts are not what this measures
    const acta = longActa(200);
    let last = performance.now();
    let maxGap = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
      ticks++;
    }, 1);
    const started = performance.now();
    const bytes = await pdf.acta(acta, { generatedAt: GENERATED });
    const took = performance.now() - started;
    clearInterval(timer);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The render takes long enough for the ticks to mean something.
    expect(took).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(took / 10);
    expect(maxGap, `largest gap between ticks, over ${ticks} ticks in ${Math.round(took)} ms`).toBeLessThan(20);
  });

  it.runIf(process.platform === 'linux')('renders at a lower priority than the main thread (Linux: nice per thread)', async () => {
    const pdf = shared;
    await pdf.acta(sampleActa());
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value.
    const niceOf = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ').at(-1)!.split(' ')[16]);
    const nice = readdirSync('/proc/self/task').map(niceOf);
    expect(niceOf(String(process.pid))).toBe(0);
    expect(nice).toContain(10);
  });

  it('never keeps the process alive when idle, started from a process already running tsx', () => {
    const url = pathToFileURL(new URL('./pdf-renderer.ts', import.meta.url).pathname).href;
    const fixtures = new URL('../../test/fixtures/acta.ts', import.meta.url).href;
    const script = `
      const { createPdfRenderer } = await import(${JSON.stringify(url)});
      const { sampleActa } = await import(${JSON.stringify(fixtures)});
      const pdf = createPdfRenderer();
      const bytes = await pdf.acta(sampleActa());
      console.log(bytes.subarray(0, 5).toString('latin1'));
    `;
    // No close(): the process must still exit on its own.
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out.trim()).toBe('%PDF-');
  });
});
