/** The figures every benchmark prints for a set of timings (ms). */
export interface Stats {
  n: number;
  medianMs: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
}

export const round = (x: number, digits = 3): number => Number(x.toFixed(digits));

/** Nearest-rank percentiles, rounded to the microsecond. */
export function stats(samples: readonly number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
  return {
    n: s.length,
    medianMs: round(rank(0.5)),
    p99Ms: round(rank(0.99)),
    meanMs: round(s.reduce((a, b) => a + b, 0) / s.length),
    maxMs: round(s[s.length - 1]!),
  };
}
