/**
 * A benchmark's figures: printed on stdout as one JSON object, as every
 * benchmark always did, and, when it runs through `npm run bench` or one of
 * the `npm run bench:*` scripts, also kept in `docs/benchmarks/<name>.json`
 * with the date and the machine they were measured on (docs/benchmarks.md).
 * `BENCH_RECORD=1` keeps them from any run, `BENCH_RECORD=0` from none.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

/** Where the figures are kept: `docs/benchmarks/` of this checkout. */
export const FIGURES_DIR = join(import.meta.dirname, '..', 'docs', 'benchmarks');

/** What a kept file holds: the figures exactly as printed, with when and where they were measured. */
export interface RecordedFigures {
  bench: string;
  date: string;
  commit: string | null;
  machine: { cores: number; cpu: string | null; memoryGiB: number; node: string; platform: string; arch: string; loadAverage1m: number };
  figures: unknown;
}

/** Whether this run keeps its figures: through an npm script named `bench` or `bench:*`, unless BENCH_RECORD says otherwise. */
export function recording(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.BENCH_RECORD === '1') return true;
  if (env.BENCH_RECORD === '0') return false;
  const script = env.npm_lifecycle_event ?? '';
  return script === 'bench' || script.startsWith('bench:');
}

function commitOfCheckout(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: join(import.meta.dirname, '..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/** The figures with the date and the machine, as `recordFigures` writes them. */
export function describeRun(bench: string, figures: unknown, now = new Date()): RecordedFigures {
  return {
    bench,
    date: now.toISOString(),
    commit: commitOfCheckout(),
    machine: {
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? null,
      memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
    },
    figures,
  };
}

/** Keep the figures in `<dir>/<bench>.json` when this run records (see `recording`); answers the file written, or null. */
export function recordFigures(bench: string, figures: unknown, options: { env?: NodeJS.ProcessEnv; dir?: string } = {}): string | null {
  if (!/^[a-z0-9-]+$/.test(bench)) throw new Error(`a benchmark's name is lower-case letters, digits and dashes: ${bench}`);
  if (!recording(options.env)) return null;
  const dir = options.dir ?? FIGURES_DIR;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${bench}.json`);
  writeFileSync(file, `${JSON.stringify(describeRun(bench, figures), null, 2)}\n`);
  process.stderr.write(`figures kept in ${file}\n`);
  return file;
}

/** Print the figures on stdout (indented, or on one line with `compact`) and keep them (`recordFigures`). */
export function printFigures(bench: string, figures: unknown, options: { compact?: boolean } = {}): void {
  process.stdout.write(`${options.compact ? JSON.stringify(figures) : JSON.stringify(figures, null, 2)}\n`);
  recordFigures(bench, figures);
}
