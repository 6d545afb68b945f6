/**
 * Browser mode's own HTTP against the dispatcher it carries (issue 24: find
 * the transport's tail before adding TLS): interleaved rounds of one
 * `sale.create` and one `session.current` through `kiosk.dispatch(...)` and
 * the same two over `POST /rpc/<channel>` on 127.0.0.1 (a keep-alive
 * connection, as a browser holds one), in the same run so both share the
 * disk's and the machine's moods. Prints one JSON object on stdout
 * (bench/hall.ts includes the same figures as `browserMode`).
 *
 * Knobs: BENCH_ROUNDS (1000), BENCH_WARMUP (100).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openKiosk } from '../main/kiosk.js';
import { startWebServer } from '../main/web/server.js';
import { sellingHall } from './kiosk.js';
import { isEntry, rpcClient } from './rpc-client.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const TOKEN = 'bench-token-0123456789abcdef';

export async function benchBrowserMode(o: { rounds: number; warmup: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  try {
    const kiosk = await openKiosk({ dataDir: dir });
    const hall = await sellingHall(kiosk);
    const game = { id: hall.gameId };
    const server = await startWebServer({ kiosk, token: TOKEN, port: 0 });
    const client = rpcClient(server.port, TOKEN);
    const cashier = hall.cashiers[0]!;
    const input = { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } };
    try {
      // Before each window, the loop's deferred work of the call before (its events' fan-out, the print queue's
      // look) is let run: a window over HTTP waits on I/O and would otherwise pay for it, one through the dispatcher never.
      const settled = () => new Promise((r) => setImmediate(() => setImmediate(r)));
      const viaDispatch = async (channel: string, value: unknown, turn = false) => {
        await settled();
        const t0 = performance.now();
        const r = await kiosk.dispatch(channel, value, { operatorToken: cashier });
        if (!r.ok) throw new Error(`${channel}: ${r.error.code}`);
        // One turn of the event loop inside the window, as every answer over HTTP has before it is read: the main
        // thread's deferred work (the print queue's look after a command, a WAL checkpoint due 50 ms after commits) runs there.
        if (turn) await new Promise((r) => setImmediate(r));
        return performance.now() - t0;
      };
      const viaHttp = async (channel: string, value: unknown) => {
        await settled();
        const t0 = performance.now();
        const text = await client.post(channel, value, { operatorToken: cashier });
        const elapsed = performance.now() - t0;
        if (!text.startsWith('{"ok":true')) throw new Error(`${channel} over HTTP: ${text.slice(0, 200)}`);
        return elapsed;
      };
      for (let i = 0; i < o.warmup; i++) {
        await viaDispatch('sale.create', input);
        await viaHttp('sale.create', input);
        await viaDispatch('session.current', {});
        await viaHttp('session.current', {});
      }
      const samples = {
        saleDispatch: [] as number[],
        saleHttp: [] as number[],
        queryDispatch: [] as number[],
        queryHttp: [] as number[],
        saleDispatchWithTurn: [] as number[],
        queryDispatchWithTurn: [] as number[],
      };
      for (let i = 0; i < o.rounds; i++) {
        // Alternating which goes first, so neither always follows the other's fsync.
        if (i % 2) {
          samples.saleDispatch.push(await viaDispatch('sale.create', input));
          samples.saleHttp.push(await viaHttp('sale.create', input));
        } else {
          samples.saleHttp.push(await viaHttp('sale.create', input));
          samples.saleDispatch.push(await viaDispatch('sale.create', input));
        }
        samples.queryDispatch.push(await viaDispatch('session.current', {}));
        samples.queryHttp.push(await viaHttp('session.current', {}));
        samples.saleDispatchWithTurn.push(await viaDispatch('sale.create', input, true));
        samples.queryDispatchWithTurn.push(await viaDispatch('session.current', {}, true));
      }
      const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)])) as Record<keyof typeof samples, ReturnType<typeof stats>>;
      return {
        ...s,
        saleP99OverDispatchMs: round(s.saleHttp.p99Ms - s.saleDispatch.p99Ms),
        queryP99OverDispatchMs: round(s.queryHttp.p99Ms - s.queryDispatch.p99Ms),
        saleP99OverDispatchWithTurnMs: round(s.saleHttp.p99Ms - s.saleDispatchWithTurn.p99Ms),
        queryP99OverDispatchWithTurnMs: round(s.queryHttp.p99Ms - s.queryDispatchWithTurn.p99Ms),
      };
    } finally {
      await server.close();
      client.destroy();
      kiosk.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntry(import.meta.url)) {
  const figures = await benchBrowserMode({ rounds: env('BENCH_ROUNDS', 1000), warmup: env('BENCH_WARMUP', 100) });
  printFigures('http', { bench: 'http', unit: 'ms', ...figures }, { compact: true });
}
