/**
 * `npm run bench`: the latency of `sale.create` through the dispatcher on a
 * SQLite file, beside the disk's own write+fsync latency measured in the same
 * run on the same disk, on an empty database and again with a million earlier
 * sales in it. Prints one JSON object on stdout; progress goes to stderr.
 *
 * Knobs (environment): BENCH_DIR (parent folder, default the OS temp dir),
 * BENCH_ROUNDS (2000: fsync samples and measured sales per database),
 * BENCH_WARMUP (200), BENCH_SEED_SALES (1000000), BENCH_VOIDS (20),
 * BENCH_EXPERIMENT_ROUNDS (1000), BENCH_KEEP=1 (keep the databases).
 */
import Database from 'better-sqlite3';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync, existsSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DATABASE_FILE, openKiosk, type Kiosk } from '../main/kiosk.js';
import { seedHistory } from './seed.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const ROUNDS = env('BENCH_ROUNDS', 2000);
const WARMUP = env('BENCH_WARMUP', 200);
const SEED_SALES = env('BENCH_SEED_SALES', 1_000_000);
const VOIDS = env('BENCH_VOIDS', 20);
const EXPERIMENT_ROUNDS = env('BENCH_EXPERIMENT_ROUNDS', 1000);
const TARGET_SALE_OVER_FSYNC = 2;
const TARGET_MILLION_OVER_EMPTY = 1.2;
const PRICE = 100;

const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

/** A small seeded PRNG (mulberry32) so every run sells the same quantities. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}


function dbBytes(dir: string): number {
  const f = join(dir, DATABASE_FILE);
  return [f, `${f}-wal`, `${f}-shm`].reduce((n, p) => n + (existsSync(p) ? statSync(p).size : 0), 0);
}

async function must(kiosk: Kiosk, channel: string, input: unknown, operatorToken?: string): Promise<unknown> {
  const r = await kiosk.dispatch(channel, input, operatorToken ? { operatorToken } : {});
  if (!r.ok) throw new Error(`${channel} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

const USERS = { admin: ['admin', '1111'], manager: ['gerente', '2222'], cashier: ['caixa1', '3333'] } as const;
const login = async (kiosk: Kiosk, [username, pin]: readonly [string, string]) =>
  ((await must(kiosk, 'auth.login', { username, pin })) as { operatorToken: string }).operatorToken;

async function setupHall(kiosk: Kiosk): Promise<void> {
  await must(kiosk, 'setup.init', { hallName: 'Sala de Bench', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  const admin = await login(kiosk, USERS.admin);
  await must(kiosk, 'users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, admin);
  await must(kiosk, 'users.create', { username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], pin: '3333' }, admin);
  // What a hall sets before its first game: stamp duty (art. 17.3) and a ball set (art. 5.3).
  await must(kiosk, 'settings.update', { stampDutyBasisPoints: 2500 }, admin);
  await must(kiosk, 'ballSet.register', { serial: 'BENCH-1' }, admin);
}

interface Counter {
  label: string;
  kiosk: Kiosk;
  cashier: string;
  gameId: number;
  random: () => number;
}

/** Open today's session and a game on a fresh series: the same in both databases. */
async function openCounter(kiosk: Kiosk, label: string): Promise<Counter> {
  const manager = await login(kiosk, USERS.manager);
  const cashier = await login(kiosk, USERS.cashier);
  // Cash sales go into the terminal's open drawer (SPEC 9).
  if (!(await must(kiosk, 'drawer.current', {}, cashier))) await must(kiosk, 'drawer.open', { floatByDenomination: { '2000': 5 } }, cashier);
  await must(kiosk, 'series.register', { code: 'A', priceCents: PRICE, size: 1_000_000 }, manager);
  await must(kiosk, 'session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 8 * 3_600_000).toISOString() }, manager);
  const game = (await must(kiosk, 'game.open', { seriesCode: 'A' }, manager)) as { id: number };
  return { label, kiosk, cashier, gameId: game.id, random: prng(42) };
}

/** One `sale.create` through the dispatcher, timed from call to answer. */
async function timedSale(c: Counter): Promise<number> {
  const quantity = 1 + Math.floor(c.random() * 5);
  const input = { gameId: c.gameId, quantity, payment: { method: 'cash', tenderedCents: Math.ceil((quantity * PRICE) / 500) * 500 } };
  const t0 = performance.now();
  const r = await c.kiosk.dispatch('sale.create', input, { operatorToken: c.cashier });
  const ms = performance.now() - t0;
  if (!r.ok) throw new Error(`${c.label}: sale.create refused: ${r.error.code}: ${r.error.message}`);
  return ms;
}

/** One `sale.voidLast` of a fresh sale (manager PIN approval included), timed. */
async function timedVoid(c: Counter): Promise<number> {
  await timedSale(c);
  const t0 = performance.now();
  const r = await c.kiosk.dispatch(
    'sale.voidLast',
    { gameId: c.gameId, approval: { username: USERS.manager[0], pin: USERS.manager[1] } },
    { operatorToken: c.cashier },
  );
  const ms = performance.now() - t0;
  if (!r.ok) throw new Error(`${c.label}: sale.voidLast refused: ${r.error.code}: ${r.error.message}`);
  return ms;
}

/**
 * Interleave: each round takes one raw fsync sample, then one sale on each
 * database (alternating which goes first), so that the disk's moods (this is
 * a shared VM disk) weigh on all three series of samples alike.
 */
async function interleaved(root: string, a: Counter, b: Counter, rounds: number, between?: (round: number) => void) {
  const probe = openSync(join(root, 'fsync-probe.bin'), 'w');
  const page = Buffer.alloc(4096, 0xa5);
  const fsync: number[] = [];
  const sa: number[] = [];
  const sb: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      writeSync(probe, page, 0, page.length, i * page.length);
      fsyncSync(probe);
      fsync.push(performance.now() - t0);
      if (i % 2 === 0) {
        sa.push(await timedSale(a));
        sb.push(await timedSale(b));
      } else {
        sb.push(await timedSale(b));
        sa.push(await timedSale(a));
      }
      between?.(i);
      // Let the event loop turn between rounds, as it does between a counter's
      // requests, so the kiosk's idle-time work (WAL checkpoints) runs outside the timings.
      await new Promise((resolve) => setImmediate(resolve));
      if ((i + 1) % 500 === 0) log(`${i + 1}/${rounds} rounds`);
    }
  } finally {
    closeSync(probe);
    unlinkSync(join(root, 'fsync-probe.bin'));
  }
  return { fsync, a: sa, b: sb };
}

/** EXPLAIN QUERY PLAN of the statements a sale runs (reads and the audit tail). */
function salePathPlans(db: Database.Database): Record<string, string> {
  const statements: Record<string, string> = {
    gameById: `SELECT id, state, price_cents FROM games WHERE id = 1`,
    seriesById: `SELECT code, next_number FROM series WHERE id = 1`,
    settings: `SELECT key, value FROM settings`,
    firstFreshSeries: `SELECT id FROM series WHERE price_cents = 100 AND next_number = 1 AND id <> 1 ORDER BY id LIMIT 1`,
    moveNextNumber: `UPDATE series SET next_number = 2 WHERE id = 1 AND next_number = 1`,
    auditTail: `SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1`,
    lastSaleOfGame: `SELECT s.id FROM sales s JOIN operators o ON o.id = s.operator_id LEFT JOIN sale_voids v ON v.sale_id = s.id WHERE s.game_id = 1 ORDER BY s.id DESC LIMIT 1`,
    postingsOfSale: `SELECT e.account, e.amount_cents FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id WHERE t.ref_type = 'sale' AND t.ref_id = 1 AND t.kind = 'card_sale' ORDER BY e.id`,
  };
  const plans: Record<string, string> = {};
  for (const [name, sql] of Object.entries(statements)) {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[];
    plans[name] = rows.map((r) => r.detail).join('; ');
  }
  return plans;
}

async function main(): Promise<void> {
  const began = performance.now();
  const root = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'kiosk-bench-'));
  log(`working in ${root}`);
  try {
    const emptyDir = join(root, 'empty');
    const millionDir = join(root, 'million');

    // 1. The million-sale database: hall and users through the dispatcher, then history by SQL.
    const seedKiosk = await openKiosk({ dataDir: millionDir, logError: (e) => log(String(e)) });
    await setupHall(seedKiosk);
    const ids = Object.fromEntries(
      (seedKiosk.db.prepare(`SELECT username, id FROM operators`).all() as { username: string; id: number }[]).map((r) => [r.username, r.id]),
    );
    seedKiosk.close();
    log(`seeding ${SEED_SALES} earlier sales`);
    const seedStart = performance.now();
    const seeded = seedHistory(join(millionDir, DATABASE_FILE), {
      sales: SEED_SALES,
      salesPerGame: 100,
      gamesPerSession: 10,
      priceCents: PRICE,
      seriesSize: 100_000,
      cashierId: ids.caixa1!,
      managerId: ids.gerente!,
      terminalId: 'T1',
      startDaysAgo: 1000,
      random: prng(7),
      progress: (done) => {
        if (done % 100_000 === 0 || done === SEED_SALES) log(`seeded ${done} sales (${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);
      },
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const seededBytes = dbBytes(millionDir);

    // 2. The fresh database, and a selling game in each.
    const emptyKiosk = await openKiosk({ dataDir: emptyDir, logError: (e) => log(String(e)) });
    await setupHall(emptyKiosk);
    const millionKiosk = await openKiosk({ dataDir: millionDir, logError: (e) => log(String(e)) });
    const empty = await openCounter(emptyKiosk, 'empty');
    const million = await openCounter(millionKiosk, 'million');

    // 3. Warm-up, then the measured rounds: fsync probe + one sale in each database.
    log(`warm-up: ${WARMUP} sales in each database`);
    for (let i = 0; i < WARMUP; i++) {
      await timedSale(empty);
      await timedSale(million);
    }
    log(`measuring: ${ROUNDS} rounds of (write 4 KiB + fsync, sale.create x 2)`);
    const main = await interleaved(root, empty, million, ROUNDS);

    // 4. Voids (the manager's PIN check, scrypt, is most of their time).
    log(`voids: ${VOIDS} in each database`);
    const voidEmpty: number[] = [];
    const voidMillion: number[] = [];
    for (let i = 0; i < VOIDS; i++) {
      voidEmpty.push(await timedVoid(empty));
      voidMillion.push(await timedVoid(million));
    }

    // 5. Experiment: the same with WAL checkpoints taken between sales (as an
    //    idle-time checkpoint would) instead of inside the sale that crosses
    //    wal_autocheckpoint's 1000 pages.
    log(`experiment: ${EXPERIMENT_ROUNDS} rounds with checkpoints off the sale path`);
    for (const c of [empty, million]) c.kiosk.db.pragma('wal_autocheckpoint = 0');
    const checkpointMs = { empty: [] as number[], million: [] as number[] };
    const checkpointFrames = { empty: [] as number[], million: [] as number[] };
    const offPath = await interleaved(root, empty, million, EXPERIMENT_ROUNDS, (round) => {
      if (round % 70 !== 69) return;
      for (const c of [empty, million]) {
        const t0 = performance.now();
        const [r] = c.kiosk.db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
        checkpointMs[c.label as 'empty'].push(performance.now() - t0);
        checkpointFrames[c.label as 'empty'].push(r!.log);
      }
    });

    const plans = salePathPlans(millionKiosk.db);
    const emptyBytes = dbBytes(emptyDir);
    emptyKiosk.close();
    millionKiosk.close();
    const millionBytes = dbBytes(millionDir);

    const fsync = stats(main.fsync);
    const saleEmpty = stats(main.a);
    const saleMillion = stats(main.b);
    const saleP99OverFsyncP99 = round(saleEmpty.p99Ms / fsync.p99Ms, 2);
    const millionP99OverFsyncP99 = round(saleMillion.p99Ms / fsync.p99Ms, 2);
    const millionOverEmptyP99 = round(saleMillion.p99Ms / saleEmpty.p99Ms, 2);
    const off = { fsync: stats(offPath.fsync), saleEmpty: stats(offPath.a), saleMillion: stats(offPath.b) };
    const result = {
      bench: 'sale.create through the dispatcher (file database, WAL, synchronous=FULL)',
      environment: {
        node: process.version,
        sqlite: new Database(':memory:').prepare('SELECT sqlite_version()').pluck().get() as string,
        cpus: cpus().length,
        dir: root,
      },
      fsync: { ...fsync, pageBytes: 4096 },
      saleEmpty: { ...saleEmpty, warmup: WARMUP, dbBytes: emptyBytes },
      seed: {
        sales: seeded.sales,
        games: seeded.games,
        sessions: seeded.sessions,
        series: seeded.series,
        auditRows: seeded.auditRows,
        seconds: round(seedSeconds, 1),
        dbBytes: seededBytes,
        dbMiB: round(seededBytes / 2 ** 20, 1),
      },
      saleMillion: { ...saleMillion, warmup: WARMUP, dbBytes: millionBytes },
      ratios: {
        saleP99OverFsyncP99,
        millionP99OverFsyncP99,
        millionOverEmptyP99,
        millionOverEmptyMedian: round(saleMillion.medianMs / saleEmpty.medianMs, 2),
      },
      targets: { saleP99OverFsyncP99: TARGET_SALE_OVER_FSYNC, millionOverEmptyP99: TARGET_MILLION_OVER_EMPTY },
      targetsMet: {
        saleP99OverFsyncP99: saleP99OverFsyncP99 <= TARGET_SALE_OVER_FSYNC,
        millionP99OverFsyncP99: millionP99OverFsyncP99 <= TARGET_SALE_OVER_FSYNC,
        millionOverEmptyP99: millionOverEmptyP99 <= TARGET_MILLION_OVER_EMPTY,
      },
      voidLast: { n: VOIDS, emptyMedianMs: stats(voidEmpty).medianMs, millionMedianMs: stats(voidMillion).medianMs },
      experimentCheckpointsOffSalePath: {
        ...off,
        saleP99OverFsyncP99: round(off.saleEmpty.p99Ms / off.fsync.p99Ms, 2),
        millionP99OverFsyncP99: round(off.saleMillion.p99Ms / off.fsync.p99Ms, 2),
        millionOverEmptyP99: round(off.saleMillion.p99Ms / off.saleEmpty.p99Ms, 2),
        checkpointEvery: 70,
        checkpointFramesMean: {
          empty: round(stats(checkpointFrames.empty).meanMs, 0),
          million: round(stats(checkpointFrames.million).meanMs, 0),
        },
        checkpointMs: { empty: stats(checkpointMs.empty), million: stats(checkpointMs.million) },
      },
      salePathPlans: plans,
      totalSeconds: round((performance.now() - began) / 1000, 1),
    };
    printFigures('sales', result);
  } finally {
    if (process.env.BENCH_KEEP === '1') log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  log(String((e as Error)?.stack ?? e));
  process.exit(1);
});
