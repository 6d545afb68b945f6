/** The benchmarks keep their own figures (docs/benchmarks.md): only when run through `npm run bench*`, with the date and the machine. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordFigures, recording } from './record.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('a benchmark keeps its figures', () => {
  it('through `npm run bench` or `npm run bench:*`, or BENCH_RECORD=1; never under `npm test` or a plain run', () => {
    expect(recording({ npm_lifecycle_event: 'bench' })).toBe(true);
    expect(recording({ npm_lifecycle_event: 'bench:hall' })).toBe(true);
    expect(recording({ npm_lifecycle_event: 'test' })).toBe(false);
    expect(recording({ npm_lifecycle_event: 'test:system' })).toBe(false);
    expect(recording({ npm_lifecycle_event: 'benchmarks' })).toBe(false);
    expect(recording({})).toBe(false);
    expect(recording({ BENCH_RECORD: '1' })).toBe(true);
    expect(recording({ npm_lifecycle_event: 'bench', BENCH_RECORD: '0' })).toBe(false);
  });

  it('writes <name>.json with the date, the machine and the figures as printed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-record-'));
    dirs.push(dir);
    expect(recordFigures('faces', { a: 1 }, { env: {}, dir })).toBeNull();
    const file = recordFigures('faces', { generateStrips: { medianMs: 1.5 } }, { env: { npm_lifecycle_event: 'bench:faces' }, dir });
    expect(file).toBe(join(dir, 'faces.json'));
    const kept = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, unknown>;
    expect(kept).toMatchObject({ bench: 'faces', figures: { generateStrips: { medianMs: 1.5 } }, machine: { node: process.version } });
    expect(Number.isNaN(Date.parse(kept.date as string))).toBe(false);
    expect((kept.machine as { cores: number }).cores).toBeGreaterThan(0);
  });

  it('refuses a name that is no file name', () => {
    expect(() => recordFigures('../x', {}, { env: { BENCH_RECORD: '1' } })).toThrow(/name/);
  });
});
