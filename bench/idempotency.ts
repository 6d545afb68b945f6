/**
 * What an Idempotency-Key costs a sale (issue 24, point 5): `sale.create`
 * through the dispatcher on a SQLite file, alternately without a key and with
 * a new one, and the answer of a key sent again (a retry after a lost answer:
 * no transaction at all). Prints one JSON object on stdout (bench/hall.ts
 * includes the same figures as `idempotency`).
 *
 * Knobs: BENCH_ROUNDS (1000 each), BENCH_WARMUP (100).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openKiosk } from '../main/kiosk.js';
import { sellingHall } from './kiosk.js';
import { isEntry } from './rpc-client.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

export async function benchIdempotency(o: { rounds: number; warmup: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-idem-'));
  try {
    const kiosk = await openKiosk({ dataDir: dir });
    try {
      const hall = await sellingHall(kiosk);
      const game = { id: hall.gameId };
      const input = { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } };
      const sell = async (key?: string) => {
        const t0 = performance.now();
        const r = await kiosk.dispatch('sale.create', input, { operatorToken: hall.cashiers[0]!, ...(key ? { idempotencyKey: key } : {}) });
        if (!r.ok) throw new Error(`sale.create: ${r.error.code}`);
        return performance.now() - t0;
      };
      for (let i = 0; i < o.warmup; i++) await sell(i % 2 ? `warm-${i}-key` : undefined);
      const plain: number[] = [];
      const keyed: number[] = [];
      for (let i = 0; i < o.rounds; i++) {
        plain.push(await sell());
        keyed.push(await sell(`bench-${i}-key`));
      }
      const replayed: number[] = [];
      for (let i = 0; i < o.rounds; i++) replayed.push(await sell(`bench-${i}-key`));
      const p = stats(plain);
      const k = stats(keyed);
      return {
        saleWithoutKey: p,
        saleWithKey: k,
        retryWithKey: stats(replayed),
        keyOverMedian: round(k.medianMs / p.medianMs),
        keyOverP99: round(k.p99Ms / p.p99Ms),
      };
    } finally {
      kiosk.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntry(import.meta.url)) {
  const figures = await benchIdempotency({ rounds: env('BENCH_ROUNDS', 1000), warmup: env('BENCH_WARMUP', 100) });
  printFigures('idempotency', { bench: 'idempotency', unit: 'ms', ...figures }, { compact: true });
}
