/**
 * `npx tsx bench/draw.ts`: a drawn ball through the dispatcher, with 10,000 and
 * 30,000 sold cards with faces (issue 7, Proof):
 * - `game.drawBall` p50 <= 2 ms and p99 <= 10 ms at both sizes (flat, not
 *   growing with the cards sold), and its answer bounded (the ball, the count,
 *   the cards it completed; never the whole board);
 * - a cashier's `sale.create` on the next game while a ball is drawn every
 *   200 ms: p99 within 2x the idle sale p99;
 * - `auth.login` beside a sale: the sale is not held behind the PIN's KDF.
 * Real kiosk on a SQLite file in a temp folder. Prints one JSON object on
 * stdout; progress on stderr. BENCH_DRAW_SIZES=1000,3000 shrinks it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openKiosk, type Kiosk } from '../main/kiosk.js';
import { formatFacesCsv, generateSeries } from '../main/demo/faces.js';
import { drawOrder, must, setUpHall } from './kiosk.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const SIZES = (process.env.BENCH_DRAW_SIZES ?? '10000,30000').split(',').map(Number);
const SALES = Number(process.env.BENCH_DRAW_SALES ?? 1000);
const DRAW_EVERY_MS = 200;
const log = (msg: string) => process.stderr.write(`[bench:draw] ${msg}\n`);

interface Hall {
  kiosk: Kiosk;
  root: string;
  admin: string;
  cashier: string;
}

/** `seriesSize` cards with faces in series A (the drawn games), series B for the next game's sales. */
async function hall(seriesSize: number): Promise<Hall> {
  const root = mkdtempSync(join(tmpdir(), 'kiosk-bench-draw-'));
  const kiosk = await openKiosk({ dataDir: root, logError: (e) => log(String(e)) });
  const { admin, cashiers } = await setUpHall(kiosk, { maxCardsPerSale: 10_000 });
  const cashier = cashiers[0]!;
  await must(kiosk, 'series.register', { code: 'A', priceCents: 100, size: seriesSize }, admin);
  const faces = formatFacesCsv(generateSeries(seriesSize, `bench-draw-${seriesSize}`));
  await must(kiosk, 'series.importFaces', { seriesCode: 'A', format: 'csv', content: faces }, admin);
  await must(kiosk, 'series.register', { code: 'B', priceCents: 100, size: 100_000 }, admin);
  await must(kiosk, 'session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 8 * 3_600_000).toISOString() }, admin);
  return { kiosk, root, admin, cashier };
}

/**
 * A game on series A with `size` cards sold and the sale closed (the board
 * cache is warmed by the close), then a pause as in a hall, where the
 * announcement is read before the first ball (and the idle checkpoint runs).
 */
async function soldOutGame(h: Hall, size: number): Promise<{ gameId: number; closeSaleMs: number }> {
  const game = await must<{ id: number }>(h.kiosk, 'game.open', { seriesCode: 'A' }, h.admin);
  for (let left = size; left > 0; left -= 10_000) {
    const quantity = Math.min(10_000, left);
    await must(h.kiosk, 'sale.create', { gameId: game.id, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, h.cashier);
  }
  const t = performance.now();
  await must(h.kiosk, 'game.closeSale', { gameId: game.id }, h.admin);
  const closeSaleMs = performance.now() - t;
  await new Promise((r) => setTimeout(r, 300));
  return { gameId: game.id, closeSaleMs };
}

/** GAMES games of `size` sold cards each, 90 balls each, every ball through the dispatcher. */
const GAMES = 2;
async function drawBench(size: number) {
  log(`${size} cards: setting up`);
  const h = await hall(size * GAMES);
  try {
    const ms: number[] = [];
    const closeSaleMs: number[] = [];
    let maxBytes = 0;
    let boardBytes = 0;
    for (let g = 0; g < GAMES; g++) {
      const game = await soldOutGame(h, size);
      closeSaleMs.push(game.closeSaleMs);
      let lastCount = 0;
      for (const number of drawOrder(size + g)) {
        const t = performance.now();
        const answer = await must<{ ballCount: number }>(h.kiosk, 'game.drawBall', { gameId: game.gameId, number }, h.admin);
        ms.push(performance.now() - t);
        maxBytes = Math.max(maxBytes, Buffer.byteLength(JSON.stringify(answer)));
        lastCount = answer.ballCount;
      }
      if (lastCount !== 90) throw new Error(`expected 90 balls, got ${lastCount}`);
      boardBytes = Buffer.byteLength(JSON.stringify(await must(h.kiosk, 'game.board', { gameId: game.gameId }, h.admin)));
      // The hall has one drum: the game ends (a bingo on its first card) before the next one's draw begins.
      await must(h.kiosk, 'game.claim', { gameId: game.gameId, kind: 'bingo', seriesCode: 'A', card: g * size + 1 }, h.admin);
      await must(h.kiosk, 'game.closeClaims', { gameId: game.gameId, kind: 'bingo' }, h.admin);
    }
    const drawBall = stats(ms);
    const slowest = ms
      .map((v, i) => ({ game: Math.floor(i / 90) + 1, ball: (i % 90) + 1, ms: round(v, 2) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5);
    log(`${size} cards: drawBall p50 ${drawBall.medianMs} ms, p99 ${drawBall.p99Ms} ms, answer at most ${maxBytes} bytes`);
    return {
      soldCards: size,
      games: GAMES,
      closeSaleMs: closeSaleMs.map((x) => round(x, 1)),
      drawBall,
      slowest,
      drawBallMaxAnswerBytes: maxBytes,
      gameBoardBytesAfter90Balls: boardBytes,
    };
  } finally {
    h.kiosk.close();
    rmSync(h.root, { recursive: true, force: true });
  }
}

/** Sales on the next game, idle, then while the previous game's balls are drawn every 200 ms. */
async function salesWhileDrawing(size: number) {
  log(`sales while drawing (${size} cards in the drawn game): setting up`);
  const h = await hall(size);
  try {
    const { gameId: drawn } = await soldOutGame(h, size);
    const next = await must<{ id: number }>(h.kiosk, 'game.open', { seriesCode: 'B' }, h.admin);
    const sell = async (samples: number[]) => {
      const t = performance.now();
      await must(h.kiosk, 'sale.create', { gameId: next.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, h.cashier);
      samples.push(performance.now() - t);
    };
    // Both phases sell at the same pace: a cashier's, so that the sales spread over many balls.
    const pace = () => new Promise((r) => setTimeout(r, 5));
    const idle: number[] = [];
    for (let i = 0; i < 50; i++) await sell([]);
    for (let i = 0; i < SALES; i++) {
      await sell(idle);
      await pace();
    }
    const order = drawOrder(7);
    let drawnCount = 0;
    const drawing = setInterval(() => {
      const number = order[drawnCount++];
      if (number !== undefined) void must(h.kiosk, 'game.drawBall', { gameId: drawn, number }, h.admin);
    }, DRAW_EVERY_MS);
    const busy: number[] = [];
    try {
      for (let i = 0; i < SALES; i++) {
        await sell(busy);
        await pace();
      }
    } finally {
      clearInterval(drawing);
    }
    const idleStats = stats(idle);
    const busyStats = stats(busy);
    log(`sale p99 idle ${idleStats.p99Ms} ms, while drawing ${busyStats.p99Ms} ms (${drawnCount} balls)`);
    return { idle: idleStats, whileDrawing: busyStats, ballsDrawnMeanwhile: Math.min(drawnCount, 90), p99Ratio: round(busyStats.p99Ms / idleStats.p99Ms, 2) };
  } finally {
    h.kiosk.close();
    rmSync(h.root, { recursive: true, force: true });
  }
}

/** A login's KDF (scrypt, ~40 ms) and a sale started just after it: the sale answers first. */
async function loginBesideSale() {
  const h = await hall(60);
  try {
    const game = await must<{ id: number }>(h.kiosk, 'game.open', { seriesCode: 'B' }, h.admin);
    const rounds: { saleMs: number; loginMs: number; saleFirst: boolean }[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      let saleAt = 0;
      let loginAt = 0;
      const login = must(h.kiosk, 'auth.login', { username: 'caixa1', pin: '3333' }).then(() => (loginAt = performance.now()));
      const sale = must(h.kiosk, 'sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, h.cashier).then(
        () => (saleAt = performance.now()),
      );
      await Promise.all([login, sale]);
      rounds.push({ saleMs: saleAt - t, loginMs: loginAt - t, saleFirst: saleAt < loginAt });
    }
    return {
      saleMs: stats(rounds.map((r) => r.saleMs)),
      loginMs: stats(rounds.map((r) => r.loginMs)),
      saleAnsweredFirst: rounds.filter((r) => r.saleFirst).length,
      rounds: rounds.length,
    };
  } finally {
    h.kiosk.close();
    rmSync(h.root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const began = performance.now();
  const draws = [];
  for (const size of SIZES) draws.push(await drawBench(size));
  const sales = await salesWhileDrawing(SIZES[0]!);
  const login = await loginBesideSale();
  const result = {
    bench: 'draw: game.drawBall through the dispatcher, and sales beside the draw and beside a login',
    environment: { node: process.version, cpus: cpus().length },
    draws,
    salesWhileDrawing: sales,
    loginBesideSale: login,
    targets: { drawBallP50Ms: 2, drawBallP99Ms: 10, saleP99RatioWhileDrawing: 2 },
    targetsMet: {
      drawBall: draws.every((d) => d.drawBall.medianMs <= 2 && d.drawBall.p99Ms <= 10),
      saleWhileDrawing: sales.p99Ratio <= 2,
      saleNotBehindLogin: login.saleAnsweredFirst === login.rounds,
    },
    totalSeconds: round((performance.now() - began) / 1000, 1),
  };
  printFigures('draw', result);
}

main().catch((e: unknown) => {
  log(String((e as Error)?.stack ?? e));
  process.exit(1);
});
