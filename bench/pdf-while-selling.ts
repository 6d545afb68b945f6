/**
 * Does a PDF delay a sale? `sale.create` through the dispatcher on a SQLite
 * file, sold one after another, in three phases: idle; while 60-game actas
 * are rendered back to back in the PDF worker (main/printing/pdf-renderer.ts);
 * and, for comparison, while they are rendered back to back on the main
 * thread with renderActaPdf (what the report handlers did before).
 *
 * Sales arrive on a schedule (every 5–15 ms, seeded), not as soon as the
 * previous one ends: a sale that arrives while the main thread is busy waits,
 * and `sale` counts from its arrival to its result (`dispatch` is the time
 * inside kiosk.dispatch alone). `mainThreadTickGap` is the gap between the
 * ticks of a 1 ms interval, `mainThreadBusyShare` the event loop's
 * utilisation. The phases are interleaved in rounds so that they share the
 * disk's and the machine's moods. Target: off-thread p99 - idle p99 <= 5 ms.
 *
 * Knobs: BENCH_PDF_SECONDS (6: seconds per phase, over all rounds),
 * BENCH_PDF_ROUNDS (6), BENCH_PDF_WARMUP (5 PDFs each way), BENCH_DIR (the
 * database's parent folder, default the OS temp dir). One JSON object on
 * stdout; progress on stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { openKiosk } from '../main/kiosk.js';
import { createPdfRenderer } from '../main/printing/pdf-renderer.js';
import { renderActaPdf } from '../printing/pdf/acta.js';
import { softwareLabel } from '../main/version.js';
import { longActa } from '../test/fixtures/acta.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const SECONDS = env('BENCH_PDF_SECONDS', 6);
const ROUNDS = Math.max(1, env('BENCH_PDF_ROUNDS', 6));
const GAMES = 60;
const WARMUP_SALES = 50;
const WARMUP_PDFS = Math.max(1, env('BENCH_PDF_WARMUP', 5));
const ARRIVAL_MS = [5, 15] as const;
const TARGET_DELAY_MS = 5;
const GENERATED_AT = '2025-01-11T02:30:00.000Z';

const log = (m: string) => process.stderr.write(`[bench:pdf] ${m}\n`);

/** A small seeded PRNG (mulberry32): every run has the same arrival gaps. */
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

type Phase = 'idle' | 'offThread' | 'mainThread';

async function main() {
  const dir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'kiosk-bench-pdf-'));
  const kiosk = await openKiosk({ dataDir: dir, logError: () => {} });
  const pdf = createPdfRenderer();
  const acta = longActa(GAMES);
  try {
    const must = async (channel: string, input: unknown, operatorToken?: string) => {
      const r = await kiosk.dispatch(channel, input, operatorToken ? { operatorToken } : {});
      if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
      return r.value as Record<string, unknown>;
    };
    await must('setup.init', { hallName: 'Sala de Bench', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
    const admin = (await must('auth.login', { username: 'admin', pin: '1111' })).operatorToken as string;
    await must('users.create', { username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], pin: '3333' }, admin);
    await must('settings.update', { stampDutyBasisPoints: 2500 }, admin);
    await must('ballSet.register', { serial: 'BENCH-1' }, admin);
    await must('series.register', { code: 'A', priceCents: 100, size: 1_000_000 }, admin);
    await must('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 8 * 3_600_000).toISOString() }, admin);
    const gameId = (await must('game.open', { seriesCode: 'A' }, admin)).id as number;
    const cashier = (await must('auth.login', { username: 'caixa1', pin: '3333' })).operatorToken as string;
    // Cash sales go into the terminal's open drawer (SPEC 9).
    await must('drawer.open', { floatByDenomination: { '2000': 5 } }, cashier);

    let sold = 0;
    const sell = async () => {
      const r = await kiosk.dispatch(
        'sale.create',
        { gameId, quantity: 1 + (sold++ % 5), payment: { method: 'cash', tenderedCents: 500 } },
        { operatorToken: cashier },
      );
      if (!r.ok) throw new Error(`sale.create: ${r.error.code} ${r.error.message}`);
    };

    // Warm-up: the worker's start and fonts, the sale path. The main thread's
    // renderer warms up just before its own rounds (see the schedule).
    const coldStart = performance.now();
    const reference = await pdf.acta(acta, { generatedAt: GENERATED_AT });
    const workerFirstMs = performance.now() - coldStart;
    for (let i = 1; i < WARMUP_PDFS; i++) await pdf.acta(acta, { generatedAt: GENERATED_AT });
    for (let i = 0; i < WARMUP_SALES; i++) await sell();

    interface Samples {
      sale: number[];
      dispatch: number[];
      pdf: number[];
      /** Gaps between the ticks of a 1 ms interval on the main thread, and its busy share. */
      tickGaps: number[];
      busyMs: number;
      totalMs: number;
    }
    const fresh = (): Samples => ({ sale: [], dispatch: [], pdf: [], tickGaps: [], busyMs: 0, totalMs: 0 });
    const samples: Record<Phase, Samples> = { idle: fresh(), offThread: fresh(), mainThread: fresh() };
    const random = prng(17);
    const phaseMs = (SECONDS * 1000) / ROUNDS;

    // Idle and off-thread rounds alternate; the main-thread rounds come last, since
    // the garbage of pdfkit on the main thread is collected later, in whatever
    // phase runs next (a 60-game acta leaves GC pauses of 100 ms and more).
    const schedule: [Phase, number][] = [];
    for (let r = 0; r < ROUNDS; r++) schedule.push(['idle', r], ['offThread', r]);
    for (let r = 0; r < ROUNDS; r++) schedule.push(['mainThread', r]);
    for (const [phase, r] of schedule) {
      if (phase === 'mainThread' && r === 0) {
        for (let i = 0; i < WARMUP_PDFS; i++) await renderActaPdf(acta, { generatedAt: GENERATED_AT, software: softwareLabel() });
        if (!reference.equals(await renderActaPdf(acta, { generatedAt: GENERATED_AT, software: softwareLabel() }))) throw new Error('the worker and the main thread gave different PDFs');
      }
      const s = samples[phase];
      let stop = false;
      let lastTick = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        s.tickGaps.push(now - lastTick);
        lastTick = now;
      }, 1);
      const elu = performance.eventLoopUtilization();
      // PDFs back to back for the whole phase; each is timed from request to bytes.
      const renderLoop = (async () => {
        if (phase === 'idle') return;
        while (!stop) {
          // A request comes from the event loop (IPC, HTTP). On the main thread this turn
          // matters: pdfkit ends a document with ticks only, so back-to-back renders
          // without it would never let the sales' timers run at all.
          await setImmediate();
          const t = performance.now();
          if (phase === 'offThread') await pdf.acta(acta, { generatedAt: GENERATED_AT });
          else await renderActaPdf(acta, { generatedAt: GENERATED_AT, software: softwareLabel() });
          s.pdf.push(performance.now() - t);
        }
      })();
      const end = performance.now() + phaseMs;
      let arrival = performance.now();
      while (arrival < end) {
        arrival += ARRIVAL_MS[0] + random() * (ARRIVAL_MS[1] - ARRIVAL_MS[0]);
        const wait = arrival - performance.now();
        if (wait > 0) await sleep(wait);
        // A sale that arrived while the thread was busy (or the previous sale ran) starts late: that wait counts.
        const start = performance.now();
        await sell();
        const done = performance.now();
        s.sale.push(done - arrival);
        s.dispatch.push(done - start);
      }
      stop = true;
      await renderLoop;
      clearInterval(ticker);
      const used = performance.eventLoopUtilization(elu);
      s.busyMs += used.active;
      s.totalMs += used.idle + used.active;
      log(`round ${r + 1}/${ROUNDS} ${phase}: ${s.sale.length} sales, ${s.pdf.length} PDFs so far`);
    }

    const figures = (phase: Phase) => {
      const s = samples[phase];
      return {
        sale: stats(s.sale),
        dispatch: stats(s.dispatch),
        mainThreadBusyShare: round(s.busyMs / s.totalMs),
        mainThreadTickGap: stats(s.tickGaps),
        ...(phase === 'idle' ? {} : { pdfs: s.pdf.length, pdf: stats(s.pdf) }),
      };
    };
    const idle = figures('idle');
    const offThread = figures('offThread');
    const mainThread = figures('mainThread');
    const delayOff = round(offThread.sale.p99Ms - idle.sale.p99Ms);
    printFigures('pdf-while-selling', {
      bench: 'pdf while selling: sale.create latency while 60-game acta PDFs render back to back',
      secondsPerPhase: SECONDS,
      rounds: ROUNDS,
      saleArrivalEveryMs: ARRIVAL_MS,
      pdfBytes: reference.length,
      workerFirstPdfMs: round(workerFirstMs),
      idle,
      offThread,
      mainThread,
      p99DelayOffThreadMs: delayOff,
      p99DelayMainThreadMs: round(mainThread.sale.p99Ms - idle.sale.p99Ms),
      targetMs: TARGET_DELAY_MS,
      targetMet: delayOff <= TARGET_DELAY_MS,
    });
  } finally {
    await pdf.close();
    kiosk.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
