/**
 * `npx tsx bench/claims.ts`: finding every winning card among 10,000 sold
 * cards after a ball (issue 3, Proof: under 1 ms median).
 *
 * - tracker: `WinnerTracker.draw(ball)` for each ball of BENCH_CLAIMS_DRAWS
 *   (20) full random draws of 90 balls, timed per ball (one untimed draw
 *   first to warm up); its construction from the sold faces is timed apart.
 * - bruteForce: what the board did after a ball before its per-game cache:
 *   `drawnSet` of the balls so far, then `hasBingo` / `completedRows` on
 *   every card; BENCH_CLAIMS_BRUTE_DRAWS (3) full draws, timed per ball.
 *   Each ball's answer is checked against the tracker's.
 * - board (BENCH_CLAIMS_BOARD=0 skips it): a real kiosk on a SQLite file in a
 *   temp folder, one game with the 10,000 cards sold (faces imported as CSV),
 *   `game.drawBall` and `game.board` through the dispatcher for each of the
 *   90 balls (bench/draw.ts measures the ball alone at 10,000 and 30,000 cards).
 *
 * Percentiles are nearest-rank. Prints one JSON object on stdout; progress on stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { completedRows, drawnSet, hasBingo, WinnerTracker, type SoldCard } from '../core/bingo/claims.js';
import { formatFacesCsv, generateSeries } from '../main/demo/faces.js';
import { openKiosk } from '../main/kiosk.js';
import { drawOrder, must, setUpHall } from './kiosk.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const CARDS = 10_000;
const DRAWS = env('BENCH_CLAIMS_DRAWS', 20);
const BRUTE_DRAWS = env('BENCH_CLAIMS_BRUTE_DRAWS', 3);
const BOARD = process.env.BENCH_CLAIMS_BOARD !== '0';
const TARGET_MS = 1;

const log = (msg: string) => process.stderr.write(`[bench:claims] ${msg}\n`);


/** boardOf's loop: every card checked against the balls so far. */
function bruteForce(cards: readonly SoldCard[], balls: readonly number[]): { lines: number; bingos: number } {
  const drawn = drawnSet(balls);
  let lines = 0;
  let bingos = 0;
  for (const c of cards) {
    if (hasBingo(c.rows, drawn)) bingos++;
    else if (completedRows(c.rows, drawn).length > 0) lines++;
  }
  return { lines, bingos };
}

async function boardBench(faces: ReturnType<typeof generateSeries>, order: readonly number[]) {
  const root = mkdtempSync(join(tmpdir(), 'kiosk-bench-claims-'));
  const t0 = performance.now();
  const kiosk = await openKiosk({ dataDir: root, logError: (e) => log(String(e)) });
  try {
    const { admin, cashiers } = await setUpHall(kiosk, { maxCardsPerSale: CARDS });
    const cashier = cashiers[0]!;
    await must(kiosk, 'series.register', { code: 'A', priceCents: 100, size: CARDS }, admin);
    await must(kiosk, 'series.importFaces', { seriesCode: 'A', format: 'csv', content: formatFacesCsv(faces), strips: false }, admin);
    await must(kiosk, 'session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 8 * 3_600_000).toISOString() }, admin);
    const game = (await must(kiosk, 'game.open', { seriesCode: 'A' }, admin)) as { id: number };
    await must(kiosk, 'sale.create', { gameId: game.id, quantity: CARDS, payment: { method: 'cash', tenderedCents: CARDS * 100 } }, cashier);
    await must(kiosk, 'game.closeSale', { gameId: game.id }, admin);
    const setupSeconds = (performance.now() - t0) / 1000;
    log(`board: kiosk with ${CARDS} sold cards ready in ${setupSeconds.toFixed(1)} s`);
    const drawMs: number[] = [];
    const boardMs: number[] = [];
    let last = { lines: 0, bingos: 0 };
    for (const number of order) {
      let t = performance.now();
      await must(kiosk, 'game.drawBall', { gameId: game.id, number }, admin);
      drawMs.push(performance.now() - t);
      t = performance.now();
      const board = (await must(kiosk, 'game.board', { gameId: game.id }, admin)) as { potential: { lines: unknown[]; bingos: unknown[] } };
      boardMs.push(performance.now() - t);
      last = { lines: board.potential.lines.length, bingos: board.potential.bingos.length };
    }
    if (last.bingos !== CARDS) throw new Error(`board: ${last.bingos} bingos after 90 balls, expected ${CARDS}`);
    return {
      soldCards: CARDS,
      setupSeconds: round(setupSeconds, 1),
      gameBoard: stats(boardMs),
      drawBall: stats(drawMs),
      note: 'through the dispatcher on a SQLite file: game.drawBall is a write (fsync) that also answers with the board; game.board is the read alone',
    };
  } finally {
    kiosk.close();
    rmSync(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const began = performance.now();
  log(`generating ${CARDS} cards`);
  const faces = generateSeries(CARDS, 'bench-claims');
  const cards: SoldCard[] = faces.map((f) => ({ seriesCode: 'A', card: f.card, rows: f.rows }));

  // Tracker: warm-up draw, then DRAWS timed draws.
  const warm = new WinnerTracker(cards);
  for (const b of drawOrder(0)) warm.draw(b);
  const buildMs: number[] = [];
  const perBall: number[] = [];
  for (let d = 1; d <= DRAWS; d++) {
    let t = performance.now();
    const tracker = new WinnerTracker(cards);
    buildMs.push(performance.now() - t);
    for (const ball of drawOrder(d)) {
      t = performance.now();
      tracker.draw(ball);
      perBall.push(performance.now() - t);
    }
  }
  const tracker = { build: stats(buildMs), perBall: stats(perBall) };
  log(`tracker: median ${tracker.perBall.medianMs} ms, p99 ${tracker.perBall.p99Ms} ms per ball`);

  // Brute force, checked against the tracker ball by ball.
  const brute: number[] = [];
  for (let d = 1; d <= BRUTE_DRAWS; d++) {
    const check = new WinnerTracker(cards);
    const seenLine = new Set<number>();
    const seenBingo = new Set<number>();
    const order = drawOrder(d);
    for (let i = 0; i < order.length; i++) {
      const t = performance.now();
      const found = bruteForce(cards, order.slice(0, i + 1));
      brute.push(performance.now() - t);
      const { newLines, newBingos } = check.draw(order[i]!);
      for (const c of newLines) seenLine.add(c);
      for (const c of newBingos) seenBingo.add(c);
      if (found.bingos !== seenBingo.size || found.lines + found.bingos !== seenLine.size) {
        throw new Error(`draw ${d}, ball ${i + 1}: brute force and tracker disagree`);
      }
    }
  }
  const bruteForceStats = { perBall: stats(brute) };
  log(`brute force: median ${bruteForceStats.perBall.medianMs} ms, p99 ${bruteForceStats.perBall.p99Ms} ms per ball`);

  const board = BOARD ? await boardBench(faces, drawOrder(99)) : null;
  if (board) log(`game.board: median ${board.gameBoard.medianMs} ms, p99 ${board.gameBoard.p99Ms} ms`);

  const result = {
    bench: 'claims: every winning card among the sold cards after a ball',
    environment: { node: process.version, cpus: cpus().length },
    soldCards: CARDS,
    draws: { tracker: DRAWS, bruteForce: BRUTE_DRAWS, ballsPerDraw: 90 },
    tracker,
    bruteForce: bruteForceStats,
    speedup: {
      median: round(bruteForceStats.perBall.medianMs / tracker.perBall.medianMs, 1),
      p99: round(bruteForceStats.perBall.p99Ms / tracker.perBall.p99Ms, 1),
    },
    board,
    targetMs: TARGET_MS,
    targetsMet: tracker.perBall.medianMs < TARGET_MS,
    totalSeconds: round((performance.now() - began) / 1000, 1),
  };
  printFigures('claims', result);
}

main().catch((e: unknown) => {
  log(String((e as Error)?.stack ?? e));
  process.exit(1);
});
