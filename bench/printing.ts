/**
 * Encoding a sale receipt: building the document (saleReceipt) and its ESC/POS
 * bytes (renderEscPos), per receipt, median under 1 ms (issue 4, Proof).
 * BENCH_PRINTING_RUNS timed runs (2000) per printer profile after 200 warm-up
 * runs; each run is a different sale. Prints one JSON object on stdout.
 */
import { performance } from 'node:perf_hooks';
import { decodeEscPos } from '../tools/printer-emulator/decode.js';
import { SALE } from '../test/fixtures/documents.js';
import { saleReceipt } from '../printing/documents/saleReceipt.js';
import { renderEscPos } from '../printing/escpos.js';
import type { PrinterProfile } from '../printing/layout.js';
import { previewText } from '../printing/preview.js';
import { stats } from './stats.js';
import { printFigures } from './record.js';

const RUNS = process.env.BENCH_PRINTING_RUNS ? Number(process.env.BENCH_PRINTING_RUNS) : 2000;
const WARMUP = Math.min(200, RUNS);
const TARGET_MEDIAN_MS = 1;

const log = (msg: string) => process.stderr.write(`[bench:printing] ${msg}\n`);

const PROFILES: Record<string, PrinterProfile> = {
  '80mm-cp858': { codepage: 'cp858', widthMm: 80, drawer: { pin: 2, onMs: 100, offMs: 500 } },
  '58mm-cp1252': { codepage: 'cp1252', widthMm: 58, drawer: { pin: 5, onMs: 100, offMs: 500 } },
};


function sale(i: number) {
  return { ...SALE, saleId: 100_000 + i, createdAt: new Date(Date.UTC(2025, 6, 5, 20, 0, 0) + i * 1000).toISOString() };
}

function measure(profile: PrinterProfile) {
  const total: number[] = [];
  const build: number[] = [];
  const encode: number[] = [];
  const preview: number[] = [];
  const decode: number[] = [];
  let bytes = 0;
  for (let i = -WARMUP; i < RUNS; i += 1) {
    const data = sale(i + WARMUP);
    const t0 = performance.now();
    const doc = saleReceipt(data);
    const t1 = performance.now();
    const out = renderEscPos(doc, profile);
    const t2 = performance.now();
    previewText(doc, profile.widthMm);
    const t3 = performance.now();
    decodeEscPos(out);
    const t4 = performance.now();
    if (i >= 0) {
      total.push(t2 - t0);
      build.push(t1 - t0);
      encode.push(t2 - t1);
      preview.push(t3 - t2);
      decode.push(t4 - t3);
      bytes = out.length;
    }
  }
  return { buildAndEncode: stats(total), build: stats(build), encode: stats(encode), preview: stats(preview), decode: stats(decode), bytes };
}

const results: Record<string, ReturnType<typeof measure>> = {};
for (const [name, profile] of Object.entries(PROFILES)) {
  log(`${name}: ${RUNS} runs after ${WARMUP} warm-up runs`);
  results[name] = measure(profile);
}
const worstMedian = Math.max(...Object.values(results).map((r) => r.buildAndEncode.medianMs));
const worstP99 = Math.max(...Object.values(results).map((r) => r.buildAndEncode.p99Ms));

printFigures('printing', {
  node: process.version,
  runs: RUNS,
  saleReceipt: { medianMs: worstMedian, p99Ms: worstP99 },
  profiles: results,
  targetMedianMs: TARGET_MEDIAN_MS,
  targetsMet: worstMedian < TARGET_MEDIAN_MS,
});
