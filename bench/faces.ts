/**
 * Card faces: generating 10,000 strips (60,000 cards) and validating a
 * 60,000-card series of strips, each under 0.5 s (issue 3, Proof). Median of
 * BENCH_FACES_RUNS runs (5) after one warm-up run. Also reported: generating
 * a whole 60,000-card series (with its no-repeat checks and redraws) and
 * parsing it from CSV and JSON. Prints one JSON object on stdout.
 */
import { performance } from 'node:perf_hooks';
import { isFaceViolation, parseFacesCsv, parseFacesJson, validateSeries } from '../core/bingo/faces.js';
import { formatFacesCsv, formatFacesJson, generateSeries, generateStrip, seededRandom } from '../main/demo/faces.js';
import { printFigures } from './record.js';

const RUNS = process.env.BENCH_FACES_RUNS ? Number(process.env.BENCH_FACES_RUNS) : 5;
const STRIPS = 10_000;
const CARDS = STRIPS * 6;
const TARGET_MS = 500;

const log = (msg: string) => process.stderr.write(`[bench:faces] ${msg}\n`);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Median ms of `runs` timed calls of `fn`, after one untimed warm-up call. */
function time(name: string, fn: (run: number) => void): { medianMs: number; runsMs: number[] } {
  fn(-1);
  const runsMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    fn(run);
    runsMs.push(Math.round((performance.now() - t0) * 10) / 10);
  }
  const medianMs = Math.round(median(runsMs) * 10) / 10;
  log(`${name}: median ${medianMs} ms (${runsMs.join(', ')})`);
  return { medianMs, runsMs };
}

const generateStrips = time(`generate ${STRIPS} strips`, (run) => {
  const rng = seededRandom(1000 + run);
  for (let i = 0; i < STRIPS; i++) generateStrip(rng);
});

const series = generateSeries(CARDS, 'bench');
const validateStrips = time(`validate a ${CARDS}-card series (strips)`, () => {
  const v = validateSeries(series, CARDS, { strips: true });
  if (v) throw new Error(`generated series refused: card ${v.card} ${v.rule}`);
});

const generateWholeSeries = time(`generate a ${CARDS}-card series`, (run) => {
  generateSeries(CARDS, 2000 + run);
});

const csv = formatFacesCsv(series);
const json = formatFacesJson('A', series);
const parseCsv = time('parse CSV', () => {
  if (isFaceViolation(parseFacesCsv(csv))) throw new Error('CSV refused');
});
const parseJson = time('parse JSON', () => {
  if (isFaceViolation(parseFacesJson(json))) throw new Error('JSON refused');
});

const result = {
  bench: 'faces',
  node: process.version,
  runs: RUNS,
  targetMs: TARGET_MS,
  generateStrips: { strips: STRIPS, cards: CARDS, ...generateStrips },
  validateSeries: { cards: CARDS, strips: true, ...validateStrips },
  generateSeries: { cards: CARDS, ...generateWholeSeries },
  parseCsv: { bytes: csv.length, ...parseCsv },
  parseJson: { bytes: json.length, ...parseJson },
  targetsMet: generateStrips.medianMs < TARGET_MS && validateStrips.medianMs < TARGET_MS,
};
printFigures('faces', result);
