/**
 * Whole games on a real SQLite file (DN art. 9, 10, 13-15, 17; SPEC 3-5): the
 * draw, claims and their windows, prizes split to the cent, payouts, the
 * accumulated special prize, stamp duty, the last game and ball sets. Faces
 * come from the generator, imported as a CSV file like the printer's; the
 * draws are chosen from those faces. Every refusal leaves the database as it
 * was; after every scenario the ledger balances against the sales, refunds
 * and payouts and the audit chain verifies.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { completedRows, drawnSet, hasBingo } from '../../../core/bingo/claims.js';
import { formatFacesCsv, generateSeries, seededRandom } from '../../demo/faces.js';
import type { Channel, ChannelOutput } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { winnerById } from '../../../db/bingo/draw.js';
import { verifyLedger } from '../../../db/ledger.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { createHarness, snapshot, type Harness } from '../../../test/harness.js';
import { claimMissingPt } from './draw.js';

const NOW = '2026-11-30T20:00:00.000Z';
const CLOSE_AT = '2026-12-01T02:00:00.000Z';
const DAY_MINUTES = 24 * 60;
const APPROVAL = { username: 'gerente', pin: '2222' };
/** Series A's faces: 60 cards, 10 strips. */
const FACES = generateSeries(60, 'play-A');

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  // Operators stay logged in while the clock jumps minutes or days.
  const hall = await createTestHall({ idleMs: 30 * 86_400_000 });
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
});

afterEach(() => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
  }
});


// ---- helpers ----

const register = (code: string, size: number, priceCents = 100) => h.ok('series.register', { code, priceCents, size }, t.manager);
const importFaces = (code: string) =>
  h.ok('series.importFaces', { seriesCode: code, format: 'csv', content: formatFacesCsv(FACES) }, t.manager);
const openSession = (scheduledCloseAt = CLOSE_AT) => h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt }, t.manager);
const openGame = (seriesCode: string) => h.ok('game.open', { seriesCode }, t.manager);
const sell = (gameId: number, quantity: number) =>
  h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);
const closeSale = (gameId: number) => h.ok('game.closeSale', { gameId }, t.manager);
/** The answer of the last game.drawBall: the ball, the count and what it changed. */
let lastDrawn: ChannelOutput<'game.drawBall'> | null = null;
/** Draw a ball, then read the board as the screens do. */
const draw = async (gameId: number, number: number) => {
  lastDrawn = await h.ok('game.drawBall', { gameId, number }, t.manager);
  return h.ok('game.board', { gameId }, t.manager);
};
async function drawAll(gameId: number, numbers: readonly number[]) {
  let last = await h.ok('game.board', { gameId }, t.manager);
  for (const n of numbers) last = await draw(gameId, n);
  return last;
}
const claim = (gameId: number, kind: 'line' | 'bingo', card: number, seriesCode = 'A') =>
  h.ok('game.claim', { gameId, kind, seriesCode, card }, t.manager);
const closeClaims = (gameId: number, kind: 'line' | 'bingo') => h.ok('game.closeClaims', { gameId, kind }, t.manager);
const board = (gameId: number) => h.ok('game.board', { gameId }, t.cashier);
/** The winner's card, as the cashier reads it from the card handed in (art. 15.5). */
const cardOf = (winnerId: number) => {
  const w = winnerById(h.kiosk.db, winnerId);
  return w ? { seriesCode: w.seriesCode, number: w.card } : { seriesCode: 'A', number: 1 };
};
const pay = (winnerId: number) => h.ok('prize.pay', { winnerId, card: cardOf(winnerId) }, t.cashier);
const balance = (account: string) => verifyLedger(h.kiosk.db).balances[account] ?? 0;
const iso = (minutesFromStart: number) => new Date(Date.parse(NOW) + minutesFromStart * 60_000).toISOString();

async function refusedUnchanged(channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

/** Series A (60 cards, faces imported), a session, game 1 with these sales and its sale closed: cards 1..sum. */
async function closedGame(sales: number[] = [10, 10, 11]): Promise<number> {
  await register('A', 60);
  await importFaces('A');
  await openSession();
  const g = await openGame('A');
  for (const q of sales) await sell(g.id, q);
  await closeSale(g.id);
  return g.id;
}

// ---- the faces, by brute force ----

const rows = (card: number) => FACES[card - 1]!.rows;
const numbersOf = (card: number) => rows(card).flat();
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const cardRefs = (cards: number[], seriesCode = 'A') => cards.map((card) => ({ seriesCode, card }));

/** The sold cards holding a line (and no bingo) and those holding a bingo, as game.board lists them. */
function holders(sold: readonly number[], balls: readonly number[]): { lines: number[]; bingos: number[] } {
  const d = drawnSet(balls);
  return {
    lines: sold.filter((c) => !hasBingo(rows(c), d) && completedRows(rows(c), d).length > 0),
    bingos: sold.filter((c) => hasBingo(rows(c), d)),
  };
}

/**
 * Two sold cards a < b with a row each sharing exactly one number x: drawing
 * the other eight numbers of those rows, then x, completes both rows at the
 * same ball, and no other sold card holds a line before or at it.
 */
function twoLinesAtOnce(sold: readonly number[]): { a: number; b: number; balls: number[] } {
  for (const a of sold) {
    for (const b of sold) {
      if (b <= a) continue;
      for (const ra of rows(a)) {
        for (const rb of rows(b)) {
          const shared = ra.filter((n) => rb.includes(n));
          if (shared.length !== 1) continue;
          const x = shared[0]!;
          const balls = [...new Set([...ra, ...rb])].filter((n) => n !== x).sort((p, q) => p - q);
          balls.push(x);
          if (holders(sold, balls.slice(0, -1)).lines.length > 0) continue;
          const at = holders(sold, balls);
          if (at.lines.join() === `${a},${b}` && at.bingos.length === 0) return { a, b, balls };
        }
      }
    }
  }
  throw new Error('no two cards complete a row at the same ball');
}

/** Two sold cards sharing a number x: drawing the rest of both, then x, gives both a bingo at once, and only them. */
function twoBingosAtOnce(sold: readonly number[]): { a: number; b: number; balls: number[] } {
  for (const a of sold) {
    for (const b of sold) {
      if (b <= a) continue;
      const shared = numbersOf(a).filter((n) => numbersOf(b).includes(n));
      if (shared.length === 0) continue;
      const x = shared[0]!;
      const balls = [...new Set([...numbersOf(a), ...numbersOf(b)])].filter((n) => n !== x).sort((p, q) => p - q);
      balls.push(x);
      if (holders(sold, balls.slice(0, -1)).bingos.length > 0) continue;
      if (holders(sold, balls).bingos.join() === `${a},${b}`) return { a, b, balls };
    }
  }
  throw new Error('no two cards complete at the same ball');
}

/** A sold card (not in `exclude`) whose remaining numbers, drawn after `drawn`, make it the only bingo. */
function bingoAfter(sold: readonly number[], drawn: readonly number[], exclude: readonly number[] = []): { card: number; rest: number[] } {
  for (const card of sold) {
    if (exclude.includes(card)) continue;
    const rest = numbersOf(card).filter((n) => !drawn.includes(n));
    if (holders(sold, [...drawn, ...rest.slice(0, -1)]).bingos.length > 0) continue;
    if (holders(sold, [...drawn, ...rest]).bingos.join() === String(card)) return { card, rest };
  }
  throw new Error('no single bingo');
}

/** A seeded random order of 1..90. */
function drawOrder(seed: number): number[] {
  const rng = seededRandom(seed);
  const balls = range(1, 90);
  for (let i = balls.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [balls[i], balls[j]] = [balls[j]!, balls[i]!];
  }
  return balls;
}

const winner = (over: Record<string, unknown>) => ({
  gameId: 1,
  gameNumber: 1,
  seriesCode: 'A',
  status: 'unpaid',
  paidAt: null,
  retainUntil: null,
  ...over,
});

// ---- a whole game ----

describe('a whole game: two line winners at the same ball, then bingo, then the payouts', () => {
  it('splits the line to the cent, the leftover cent to the first verified claim, and pays each prize once', async () => {
    // A 1..31 sold: V = 31,00 €, line 1,55 €, bingo 15,50 €, stamp duty 25 % = 7,75 €.
    const gameId = await closedGame([10, 10, 11]);
    expect(await h.ok('game.get', { gameId }, t.cashier)).toMatchObject({ state: 'sale_closed', totalCents: 3100, linePrizeCents: 155, bingoPrizeCents: 1550 });
    const sold = range(1, 31);
    const { a, b, balls } = twoLinesAtOnce(sold);
    for (const n of balls.slice(0, -1)) expect((await draw(gameId, n)).potential).toEqual({ lines: [], bingos: [] });
    h.clock.advanceMinutes(1);
    const at = await draw(gameId, balls.at(-1)!);
    expect(at).toMatchObject({
      gameId,
      state: 'drawing',
      balls,
      ballCount: 9,
      facesKnown: true,
      lineAwarded: false,
      claims: [],
      winners: [],
      potential: { lines: cardRefs([a, b]), bingos: [] },
      special: null,
    });

    // The higher card claims first: it gets the leftover cent.
    const first = await claim(gameId, 'line', b);
    expect(first).toEqual({
      claimId: 1,
      kind: 'line',
      seriesCode: 'A',
      card: b,
      ballCount: 9,
      valid: true,
      manual: false,
      reason: null,
      missing: [],
      numbers: null,
      awarded: false,
      face: rows(b),
    });
    expect(await claim(gameId, 'line', a)).toMatchObject({ claimId: 2, card: a, valid: true, awarded: false });
    // No next ball before "Mais alguma linha?".
    expect(await refusedUnchanged('game.drawBall', { gameId, number: drawOrder(1).find((n) => !balls.includes(n))! }, t.manager)).toEqual({
      code: 'CLAIMS_PENDING',
      message: 'Há reclamações de linha válidas por fechar: pergunte «Mais alguma linha?» e feche-as antes de continuar (art. 14.º, n.º 4).',
    });
    // The kind travels as a code: English words it (the question is said in Portuguese in the hall).
    const pendingEn = await h.kiosk.dispatch('game.drawBall', { gameId, number: drawOrder(1).find((n) => !balls.includes(n))! }, { operatorToken: t.manager, lang: 'en' });
    expect(!pendingEn.ok && pendingEn.error.message).toBe('Valid line claims are still open: ask "Mais alguma linha?" and close them before going on (art. 14(4)).');

    h.clock.advanceMinutes(1);
    const lineClosed = await closeClaims(gameId, 'line');
    expect(lineClosed).toEqual({
      gameId,
      state: 'drawing',
      winners: [
        winner({ winnerId: 1, kind: 'line', card: b, prizeCents: 78, ballCount: 9, awardedAt: iso(2) }),
        winner({ winnerId: 2, kind: 'line', card: a, prizeCents: 77, ballCount: 9, awardedAt: iso(2) }),
      ],
    });
    const afterLine = await board(gameId);
    expect(afterLine).toMatchObject({ lineAwarded: true, potential: { lines: [], bingos: [] }, winners: lineClosed.winners });
    expect(afterLine.claims.map((c) => [c.card, c.awarded])).toEqual([
      [b, true],
      [a, true],
    ]);

    // Bingo: a third card's remaining numbers.
    const { card: c, rest } = bingoAfter(sold, balls, [a, b]);
    const atBingo = await drawAll(gameId, rest);
    expect(atBingo).toMatchObject({ ballCount: 9 + rest.length, potential: { lines: [], bingos: cardRefs([c]) } });
    expect(await claim(gameId, 'bingo', c)).toMatchObject({ claimId: 3, kind: 'bingo', card: c, valid: true, ballCount: 9 + rest.length });
    h.clock.advanceMinutes(1);
    const bingoClosed = await closeClaims(gameId, 'bingo');
    expect(bingoClosed).toEqual({
      gameId,
      state: 'finished',
      winners: [winner({ winnerId: 3, kind: 'bingo', card: c, prizeCents: 1550, ballCount: 9 + rest.length, awardedAt: iso(3) })],
    });
    expect(await h.ok('game.get', { gameId }, t.cashier)).toMatchObject({ state: 'finished', ballCount: 9 + rest.length });
    // The game is over: no ball, no claim.
    expect((await refusedUnchanged('game.drawBall', { gameId, number: drawOrder(2).find((n) => ![...balls, ...rest].includes(n))! }, t.manager)).code).toBe(
      'DRAW_NOT_ALLOWED',
    );
    expect((await refusedUnchanged('game.claim', { gameId, kind: 'bingo', seriesCode: 'A', card: a }, t.manager)).code).toBe('CLAIM_NOT_ALLOWED');

    // The acta holds each award as it happened.
    const awards = h.kiosk.db
      .prepare(`SELECT at, kind, data FROM acta_entries WHERE kind IN ('line_awarded', 'bingo_awarded') ORDER BY id`)
      .all() as { at: string; kind: string; data: string }[];
    expect(awards.map((r) => ({ ...r, data: JSON.parse(r.data) as unknown }))).toEqual([
      {
        at: iso(2),
        kind: 'line_awarded',
        data: {
          number: 1,
          ballCount: 9,
          winners: [
            { kind: 'line', seriesCode: 'A', card: b, prizeCents: 78 },
            { kind: 'line', seriesCode: 'A', card: a, prizeCents: 77 },
          ],
        },
      },
      { at: iso(3), kind: 'bingo_awarded', data: { number: 1, ballCount: 9 + rest.length, winners: [{ kind: 'bingo', seriesCode: 'A', card: c, prizeCents: 1550 }] } },
    ]);
    expect(balance('liability:prizes')).toBe(-1705);

    // Payouts by the cashier, against the card; the card is kept 8 days.
    h.clock.advanceMinutes(5);
    expect(await pay(1)).toEqual(
      winner({ winnerId: 1, kind: 'line', card: b, prizeCents: 78, ballCount: 9, awardedAt: iso(2), status: 'paid', paidAt: iso(8), retainUntil: '2026-12-08T20:08:00.000Z' }),
    );
    const again = await refusedUnchanged('prize.pay', { winnerId: 1, card: cardOf(1) }, t.cashier);
    expect(again.code).toBe('PRIZE_ALREADY_PAID');
    // Paid at iso(8), 20:08 on the hall's clock (Lisbon in winter is UTC): the time travels as an instant, each language shows it.
    expect(again.message).toBe(`O prémio do cartão A ${b} já foi pago às 20:08.`);
    const againEn = await h.kiosk.dispatch('prize.pay', { winnerId: 1, card: cardOf(1) }, { operatorToken: t.cashier, lang: 'en' });
    expect(!againEn.ok && againEn.error.message).toBe(`The prize of card A ${b} was already paid at 20:08.`);
    expect((await refusedUnchanged('prize.pay', { winnerId: 2, card: cardOf(2) }, t.manager)).code).toBe('FORBIDDEN');
    expect(await refusedUnchanged('prize.pay', { winnerId: 99, card: cardOf(99) }, t.cashier)).toEqual({ code: 'WINNER_NOT_FOUND', message: 'O prémio 99 não existe.' });
    expect((await h.ok('prize.list', {}, t.cashier)).map((w) => [w.winnerId, w.status])).toEqual([
      [2, 'unpaid'],
      [3, 'unpaid'],
      [1, 'paid'],
    ]);
    await pay(2);
    await pay(3);
    expect((await h.ok('prize.list', {}, t.cashier)).map((w) => [w.winnerId, w.status, w.prizeCents])).toEqual([
      [1, 'paid', 78],
      [2, 'paid', 77],
      [3, 'paid', 1550],
    ]);
    expect(h.kiosk.db.prepare(`SELECT winner_id, amount_cents, terminal_id, retain_until FROM prize_payments ORDER BY winner_id`).all()).toEqual([
      { winner_id: 1, amount_cents: 78, terminal_id: 'T1', retain_until: '2026-12-08T20:08:00.000Z' },
      { winner_id: 2, amount_cents: 77, terminal_id: 'T1', retain_until: '2026-12-08T20:08:00.000Z' },
      { winner_id: 3, amount_cents: 1550, terminal_id: 'T1', retain_until: '2026-12-08T20:08:00.000Z' },
    ]);
    expect(verifyLedger(h.kiosk.db).balances).toMatchObject({
      'cash:T1': 3100 - 78 - 77 - 1550,
      'liability:prizes': 0,
      'liability:stamp_duty': -775,
    });
  });

  it('a line and a bingo at the same ball: the line closes first, and each close returns its own winners', async () => {
    const gameId = await closedGame([10, 10, 11]);
    const card = 7;
    const at = await drawAll(gameId, numbersOf(card));
    expect(at.potential).toEqual({ lines: [], bingos: cardRefs([card]) });
    await claim(gameId, 'bingo', card);
    await claim(gameId, 'line', card); // completed earlier, claimed at this ball: it counts
    expect(await refusedUnchanged('game.closeClaims', { gameId, kind: 'bingo' }, t.manager)).toEqual({
      code: 'CLAIMS_PENDING',
      message: 'Há reclamações de linha válidas por fechar: pergunte «Mais alguma linha?» e feche-as antes de continuar (art. 14.º, n.º 4).',
    });
    // The close names the claims the manager saw: another one checked meanwhile stops it, nothing awarded.
    const lineClaims = (await h.ok('game.board', { gameId }, t.manager)).claims.filter((c) => c.kind === 'line' && c.valid).map((c) => c.claimId);
    expect(lineClaims).toHaveLength(1);
    expect(await refusedUnchanged('game.closeClaims', { gameId, kind: 'line', claimIds: [] }, t.manager)).toEqual({
      code: 'CLAIMS_CHANGED',
      message: 'As reclamações válidas desta bola mudaram entretanto (0 mostradas, 1 agora): nada foi fechado nem premiado. Confira a lista e feche de novo (art. 14.º, n.º 4).',
    });
    expect((await refusedUnchanged('game.closeClaims', { gameId, kind: 'line', claimIds: [...lineClaims, ...lineClaims] }, t.manager)).code).toBe('CLAIMS_CHANGED');
    // Same ball, same instant: each close still reports only what it awarded.
    expect((await h.ok('game.closeClaims', { gameId, kind: 'line', claimIds: lineClaims }, t.manager)).winners).toEqual([winner({ winnerId: 1, kind: 'line', card, prizeCents: 155, ballCount: 15, awardedAt: NOW })]);
    expect((await closeClaims(gameId, 'bingo')).winners).toEqual([winner({ winnerId: 2, kind: 'bingo', card, prizeCents: 1550, ballCount: 15, awardedAt: NOW })]);
    const bingoActa = h.kiosk.db.prepare(`SELECT data FROM acta_entries WHERE kind = 'bingo_awarded'`).pluck().get() as string;
    expect(JSON.parse(bingoActa)).toEqual({ number: 1, ballCount: 15, winners: [{ kind: 'bingo', seriesCode: 'A', card, prizeCents: 1550 }] });
  });
});

describe('bingo with no line awarded (SPEC 4 decision)', () => {
  it('the bingo winner also takes the line prize', async () => {
    const gameId = await closedGame([10, 10, 11]);
    const card = 12;
    const at = await drawAll(gameId, numbersOf(card));
    expect(at.lineAwarded).toBe(false);
    await claim(gameId, 'bingo', card);
    const closed = await closeClaims(gameId, 'bingo');
    expect(closed).toEqual({
      gameId,
      state: 'finished',
      winners: [
        winner({ winnerId: 1, kind: 'bingo', card, prizeCents: 1550, ballCount: 15, awardedAt: NOW }),
        winner({ winnerId: 2, kind: 'line', card, prizeCents: 155, ballCount: 15, awardedAt: NOW }),
      ],
    });
    expect((await board(gameId)).lineAwarded).toBe(true);
    await pay(1);
    await pay(2);
    expect(balance('cash:T1')).toBe(3100 - 1705);
  });

  it('two bingos at the same ball share the bingo and the line, leftover cents to the first verified', async () => {
    const gameId = await closedGame([10, 10, 11]);
    const { a, b, balls } = twoBingosAtOnce(range(1, 31));
    const at = await drawAll(gameId, balls);
    expect(at.potential.bingos).toEqual(cardRefs([a, b]));
    await claim(gameId, 'bingo', b);
    await claim(gameId, 'bingo', a);
    const closed = await closeClaims(gameId, 'bingo');
    expect(closed.winners.map((w) => [w.winnerId, w.kind, w.card, w.prizeCents])).toEqual([
      [1, 'bingo', b, 775],
      [2, 'bingo', a, 775],
      [3, 'line', b, 78],
      [4, 'line', a, 77],
    ]);
  });
});

// ---- the draw ----

describe('ball rules', () => {
  it('no ball before the close of sale, none twice, 1-90 only, the manager’s', async () => {
    await register('A', 60);
    await importFaces('A');
    await openSession();
    const g = await openGame('A');
    await sell(g.id, 5);
    expect(await refusedUnchanged('game.drawBall', { gameId: g.id, number: 7 }, t.manager)).toEqual({
      code: 'DRAW_NOT_ALLOWED',
      message:
        'Não se podem extrair bolas na jogada n.º 1 (estado: selling): a extração começa depois do fecho da venda e do seu registo na acta (art. 13.º e 17.º, n.º 1).',
    });
    await closeSale(g.id);
    expect((await draw(g.id, 7)).state).toBe('drawing');
    expect(await refusedUnchanged('game.drawBall', { gameId: g.id, number: 7 }, t.manager)).toEqual({
      code: 'BALL_ALREADY_DRAWN',
      message: 'A bola 7 já saiu nesta jogada.',
    });
    for (const number of [0, 91, 4.5]) expect((await refusedUnchanged('game.drawBall', { gameId: g.id, number }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('game.drawBall', { gameId: g.id, number: 8 }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('game.drawBall', { gameId: 42, number: 8 }, t.manager)).code).toBe('GAME_NOT_FOUND');
    expect(await draw(g.id, 90)).toMatchObject({ balls: [7, 90], ballCount: 2 });
    expect(h.kiosk.db.prepare(`SELECT number, drawn_at FROM balls ORDER BY id`).all()).toEqual([
      { number: 7, drawn_at: NOW },
      { number: 90, drawn_at: NOW },
    ]);
  });

  it('a valid claim holds the draw until its window is closed, and its ball can no longer be recalled', async () => {
    const gameId = await closedGame([10, 10, 11]);
    const row = rows(3)[0]!;
    await drawAll(gameId, row);
    await claim(gameId, 'line', 3);
    const next = range(1, 90).find((n) => !row.includes(n))!;
    expect((await refusedUnchanged('game.drawBall', { gameId, number: next }, t.manager)).code).toBe('CLAIMS_PENDING');
    expect(await refusedUnchanged('game.recallBall', { gameId, approval: APPROVAL }, t.manager)).toEqual({
      code: 'RECALL_AFTER_AWARD',
      message: `A bola ${row[4]} não pode ser anulada: já há reclamações verificadas com ela; se o erro afeta o jogo, anule a jogada (art. 16.º, n.º 5).`,
    });
    await closeClaims(gameId, 'line');
    expect((await draw(gameId, next)).ballCount).toBe(6);
  });

  it('an invalid claim also bars the recall of its ball', async () => {
    const gameId = await closedGame([10]);
    await draw(gameId, 1);
    await draw(gameId, 2);
    await h.ok('game.claim', { gameId, kind: 'line', seriesCode: 'A', card: 1 }, t.manager);
    expect((await refusedUnchanged('game.recallBall', { gameId, approval: APPROVAL }, t.manager)).code).toBe('RECALL_AFTER_AWARD');
  });

  it('recalls the last ball with a manager’s approval: logged, and the number can be drawn again', async () => {
    const gameId = await closedGame([10]);
    await draw(gameId, 10);
    await draw(gameId, 20);
    h.clock.advanceMinutes(1);
    const after = await h.ok('game.recallBall', { gameId, approval: APPROVAL }, t.manager);
    expect(after).toMatchObject({ state: 'drawing', balls: [10], ballCount: 1 });
    expect(h.kiosk.db.prepare(`SELECT kind, text, at, game_id FROM incidents ORDER BY id DESC LIMIT 1`).get()).toEqual({
      kind: 'ball_recall',
      text: 'Bola 20 (2.ª extraída) anulada por erro de registo, com autorização de gerente.',
      at: iso(1),
      game_id: gameId,
    });
    // The recalled ball stays on record, marked as recalled.
    expect(h.kiosk.db.prepare(`SELECT b.number, r.recalled_at FROM balls b LEFT JOIN ball_recalls r ON r.ball_id = b.id ORDER BY b.id`).all()).toEqual([
      { number: 10, recalled_at: null },
      { number: 20, recalled_at: iso(1) },
    ]);
    expect(await draw(gameId, 20)).toMatchObject({ balls: [10, 20], ballCount: 2 });
    // The PIN never reaches the audit log.
    const audit = h.kiosk.db.prepare(`SELECT input, after FROM audit_log WHERE channel = 'game.recallBall'`).get() as { input: string; after: string };
    expect(JSON.parse(audit.input)).toEqual({ gameId, approval: { username: 'gerente', pin: '***' } });
    expect(JSON.parse(audit.after)).toEqual({ ballCount: 1, recalled: 20, approvedBy: 'gerente' });
    // Back to no ball at all: the game returns to "sale closed".
    await h.ok('game.recallBall', { gameId, approval: APPROVAL }, t.manager);
    expect((await h.ok('game.recallBall', { gameId, approval: APPROVAL }, t.manager)).state).toBe('sale_closed');
    expect((await refusedUnchanged('game.recallBall', { gameId, approval: APPROVAL }, t.manager)).code).toBe('DRAW_NOT_ALLOWED');
    expect((await refusedUnchanged('game.recallBall', { gameId, approval: APPROVAL }, t.cashier)).code).toBe('FORBIDDEN');
  });

  it('refuses a recall with a wrong PIN', async () => {
    const gameId = await closedGame([10]);
    await draw(gameId, 10);
    const e = await h.refused('game.recallBall', { gameId, approval: { username: 'gerente', pin: '9999' } }, t.manager);
    expect(e.code).toBe('APPROVAL_INVALID');
    expect((await board(gameId)).balls).toEqual([10]);
  });
});

// ---- claims ----

describe('claims', () => {
  it('refused before the first ball, for a card not sold, twice at a ball; an invalid claim is recorded and the game goes on', async () => {
    const gameId = await closedGame([10, 10, 11]);
    expect(await refusedUnchanged('game.claim', { gameId, kind: 'line', seriesCode: 'A', card: 1 }, t.manager)).toEqual({
      code: 'CLAIM_NOT_ALLOWED',
      message: 'Não se aceitam reclamações na jogada n.º 1 (estado: sale_closed): só durante a extração, depois de sair pelo menos uma bola.',
    });
    const row2 = rows(1)[1]!;
    await draw(gameId, row2[0]!);
    expect(await refusedUnchanged('game.claim', { gameId, kind: 'line', seriesCode: 'A', card: 32 }, t.manager)).toEqual({
      code: 'CARD_NOT_SOLD',
      message: 'O cartão A 32 não foi vendido na jogada n.º 1.',
    });
    expect((await refusedUnchanged('game.claim', { gameId, kind: 'line', seriesCode: 'Z', card: 1 }, t.manager)).code).toBe('SERIES_NOT_FOUND');
    expect((await refusedUnchanged('game.claim', { gameId, kind: 'line', seriesCode: 'A', card: 1 }, t.cashier)).code).toBe('FORBIDDEN');

    // Card 1's second row is the closest: four of its numbers are missing.
    const missing = row2.slice(1);
    const invalid = await claim(gameId, 'line', 1);
    expect(invalid).toEqual({
      claimId: 1,
      kind: 'line',
      seriesCode: 'A',
      card: 1,
      ballCount: 1,
      valid: false,
      manual: false,
      reason: `Nenhuma linha completa: à linha mais próxima faltam o ${missing[0]}, o ${missing[1]}, o ${missing[2]} e o ${missing[3]}.`,
      missing,
      numbers: null,
      awarded: false,
      // The card's face comes back with the verdict, to read against the player's card.
      face: rows(1),
    });
    expect(await refusedUnchanged('game.claim', { gameId, kind: 'line', seriesCode: 'A', card: 1 }, t.manager)).toEqual({
      code: 'CLAIM_DUPLICATE',
      message: 'O cartão A 1 já reclamou linha nesta bola.',
    });
    const bingoMissing = numbersOf(1).filter((n) => n !== row2[0]);
    expect(await claim(gameId, 'bingo', 1)).toMatchObject({
      claimId: 2,
      valid: false,
      reason: `Bingo incompleto: faltam 14 números: ${bingoMissing.slice(0, -1).map((n) => `o ${n}`).join(', ')} e o ${bingoMissing.at(-1)}.`,
      missing: bingoMissing,
    });
    expect(await refusedUnchanged('game.closeClaims', { gameId, kind: 'line' }, t.manager)).toEqual({
      code: 'NO_VALID_CLAIMS',
      message: 'Não há reclamações de linha válidas nesta bola para fechar.',
    });

    // A wrong claim lets the game go on (art. 14.3): the next balls complete the row.
    await drawAll(gameId, missing.slice(0, 3));
    // One number short: "falta o 9", not "faltam 9" (which reads as nine numbers missing).
    expect(await claim(gameId, 'line', 1)).toMatchObject({
      claimId: 3,
      valid: false,
      reason: `Nenhuma linha completa: à linha mais próxima falta o ${missing[3]}.`,
      missing: [missing[3]],
    });
    const board4 = await drawAll(gameId, missing.slice(3));
    expect(board4.claims.map((c) => [c.claimId, c.valid, c.ballCount])).toEqual([
      [1, false, 1],
      [2, false, 1],
      [3, false, 4],
    ]);
    expect(await claim(gameId, 'line', 1)).toMatchObject({ claimId: 4, valid: true, ballCount: 5 });
    await closeClaims(gameId, 'line');

    // After "Mais alguma linha?" the line window is closed for good (art. 14.4).
    const other = holders(range(1, 31), row2).lines.find((c) => c !== 1) ?? 2;
    const lineAgain = await refusedUnchanged('game.claim', { gameId, kind: 'line', seriesCode: 'A', card: other }, t.manager);
    expect(lineAgain).toEqual({
      code: 'LINE_ALREADY_AWARDED',
      message: 'A linha já foi atribuída nesta jogada e a reclamação foi fechada: só se aceita bingo (art. 9.º, n.º 1, al. a), e 14.º, n.º 4).',
    });
    expect((await refusedUnchanged('game.closeClaims', { gameId, kind: 'line' }, t.manager)).code).toBe('LINE_ALREADY_AWARDED');
  });

  it('names the missing numbers as Portuguese counts them: one is "falta o 9", more are "faltam o 9 e o 14"', () => {
    expect(claimMissingPt('line', [9])).toBe('Nenhuma linha completa: à linha mais próxima falta o 9.');
    expect(claimMissingPt('line', [9, 14])).toBe('Nenhuma linha completa: à linha mais próxima faltam o 9 e o 14.');
    expect(claimMissingPt('line', [3, 9, 14])).toBe('Nenhuma linha completa: à linha mais próxima faltam o 3, o 9 e o 14.');
    expect(claimMissingPt('bingo', [90])).toBe('Bingo incompleto: falta o 90.');
    expect(claimMissingPt('bingo', [1, 90])).toBe('Bingo incompleto: faltam 2 números: o 1 e o 90.');
  });

  it('a series without faces: the manager reads the card\'s numbers, checked against the balls (art. 9.1); recorded as manual', async () => {
    await register('B', 50);
    await openSession();
    const g = await openGame('B');
    await sell(g.id, 20);
    await closeSale(g.id);
    const b = await drawAll(g.id, [5, 15, 25, 35, 45]);
    expect(b).toMatchObject({ facesKnown: false, potential: { lines: [], bingos: [] } });
    expect(await refusedUnchanged('game.claim', { gameId: g.id, kind: 'line', seriesCode: 'B', card: 3 }, t.manager)).toEqual({
      code: 'MANUAL_CONFIRMATION_REQUIRED',
      message: 'A série B não tem as faces dos cartões registadas: confira o cartão à mão e confirme se a reclamação é válida (indicando os números do cartão) ou não.',
    });
    expect(await h.ok('game.claim', { gameId: g.id, kind: 'line', seriesCode: 'B', card: 3, confirmed: false }, t.manager)).toEqual({
      claimId: 1,
      kind: 'line',
      seriesCode: 'B',
      card: 3,
      ballCount: 5,
      valid: false,
      manual: true,
      reason: 'Reclamação recusada pelo operador após conferência manual do cartão.',
      missing: [],
      numbers: null,
      awarded: false,
      face: null,
    });
    // Confirmed by hand only with the line's five numbers, every one drawn; each refusal changes nothing.
    const line = { gameId: g.id, kind: 'line', seriesCode: 'B', card: 4, confirmed: true } as const;
    expect(await refusedUnchanged('game.claim', line, t.manager)).toEqual({
      code: 'MANUAL_CLAIM_NUMBERS_REQUIRED',
      message: 'Para confirmar à mão uma reclamação de linha, indique os 5 números do cartão: são conferidos com as bolas extraídas (art. 9.º, n.º 1).',
    });
    expect(await refusedUnchanged('game.claim', { ...line, numbers: [5, 15, 25, 35] }, t.manager)).toEqual({
      code: 'MANUAL_CLAIM_NUMBERS_COUNT',
      message: 'Uma reclamação de linha indica 5 números do cartão; foram indicados 4 (art. 9.º, n.º 1).',
    });
    expect((await refusedUnchanged('game.claim', { ...line, numbers: [5, 15, 25, 35, 35] }, t.manager)).code).toBe('MANUAL_CLAIM_NUMBER_INVALID');
    expect((await refusedUnchanged('game.claim', { ...line, numbers: [5, 15, 25, 35, 91] }, t.manager)).code).toBe('MANUAL_CLAIM_NUMBER_INVALID');
    expect(await refusedUnchanged('game.claim', { ...line, numbers: [5, 15, 25, 35, 46] }, t.manager)).toEqual({
      code: 'MANUAL_CLAIM_NOT_DRAWN',
      message: 'Reclamação de linha recusada: o número 46 do cartão ainda não saiu (art. 9.º, n.º 1).',
    });
    expect(await h.ok('game.claim', { ...line, numbers: [45, 5, 25, 15, 35] }, t.manager)).toEqual({
      claimId: 2,
      kind: 'line',
      seriesCode: 'B',
      card: 4,
      ballCount: 5,
      valid: true,
      manual: true,
      reason: null,
      missing: [],
      numbers: [5, 15, 25, 35, 45],
      awarded: false,
      face: null,
    });
    // 20 cards: V = 20,00 €, line 1,00 €, all to the one confirmed claim.
    expect((await closeClaims(g.id, 'line')).winners).toEqual([
      winner({ winnerId: 1, kind: 'line', seriesCode: 'B', card: 4, prizeCents: 100, ballCount: 5, awardedAt: NOW }),
    ]);
    // A bingo after 14 balls: a card's 15 numbers cannot all be out.
    await drawAll(g.id, [1, 11, 21, 31, 41, 50, 51, 60, 70]);
    const fourteen = [1, 5, 11, 15, 21, 25, 31, 35, 41, 45, 50, 51, 60, 70];
    expect(await refusedUnchanged('game.claim', { gameId: g.id, kind: 'bingo', seriesCode: 'B', card: 7, confirmed: true, numbers: [...fourteen, 80] }, t.manager)).toEqual({
      code: 'MANUAL_CLAIM_NOT_DRAWN',
      message: 'Reclamação de bingo recusada: o número 80 do cartão ainda não saiu (art. 9.º, n.º 1).',
    });
    expect(h.kiosk.db.prepare(`SELECT manual, valid, numbers FROM claims ORDER BY id`).all()).toEqual([
      { manual: 1, valid: 0, numbers: null },
      { manual: 1, valid: 1, numbers: '[5,15,25,35,45]' },
    ]);
  });
});

describe('claims read by hand are possible cards (art. 3.4)', () => {
  /** Series B without faces, 20 cards sold, the given balls drawn. */
  async function manualGame(balls: readonly number[]) {
    await register('B', 50);
    await openSession();
    const g = await openGame('B');
    await sell(g.id, 20);
    await closeSale(g.id);
    await drawAll(g.id, balls);
    return g.id;
  }
  const manual = (gameId: number, kind: 'line' | 'bingo', card: number, numbers: number[]) => ({ gameId, kind, seriesCode: 'B', card, confirmed: true, numbers });
  // Every column's numbers and then some: enough for the lines and bingos below.
  const BALLS = [1, 2, 3, 10, 11, 12, 20, 21, 30, 31, 40, 41, 50, 51, 60, 61, 70, 71, 80, 81, 90];

  it('refuses a line with two numbers of one column, and a bingo with three in a column or none in another, naming them', async () => {
    const gameId = await manualGame(BALLS);
    expect(await refusedUnchanged('game.claim', manual(gameId, 'line', 4, [1, 2, 3, 10, 11]), t.manager)).toEqual({
      code: 'MANUAL_LINE_NOT_A_ROW',
      message:
        'Essa linha não pode ser de um cartão: a coluna 1-9 tem 3 números (1, 2, 3) e a coluna 10-19 tem 2 números (10, 11); uma linha tem 5 números de 5 colunas diferentes (art. 3.º, n.º 4). Confira os números lidos.',
    });
    expect(await refusedUnchanged('game.claim', manual(gameId, 'bingo', 4, [1, 2, 3, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 61, 70]), t.manager)).toEqual({
      code: 'MANUAL_BINGO_NOT_A_CARD',
      message:
        'Esses 15 números não podem ser de um cartão: a coluna 1-9 tem 3 números (1, 2, 3) e a coluna 80-90 não tem nenhum; cada coluna de um cartão tem 1 ou 2 números (art. 3.º, n.º 4). Confira os números lidos.',
    });
    // Said so in English too, from the same parameters.
    const en = await h.kiosk.dispatch('game.claim', manual(gameId, 'line', 4, [1, 2, 3, 10, 11]), { operatorToken: t.manager, lang: 'en' });
    expect(en.ok ? '' : en.error.message).toBe(
      'That line cannot be on a card: column 1-9 has 3 numbers (1, 2, 3) and column 10-19 has 2 numbers (10, 11); a line holds 5 numbers of 5 different columns (art. 3(4)). Check the numbers read.',
    );
  });

  it('two cards of a series never share a line or a bingo; a card keeps its numbers from game to game', async () => {
    const gameId = await manualGame(BALLS);
    await h.ok('game.claim', manual(gameId, 'line', 4, [1, 10, 20, 30, 40]), t.manager);
    // The same line for another card: refused, and the prize is not split between them.
    expect(await refusedUnchanged('game.claim', manual(gameId, 'line', 9, [40, 30, 20, 10, 1]), t.manager)).toEqual({
      code: 'MANUAL_CLAIM_OTHER_CARD',
      message:
        'Essa linha já foi lida como linha do cartão n.º 4 desta série (jogada n.º 1): dois cartões da mesma série nunca repetem uma linha nem um cartão completo (art. 3.º, n.º 4).',
    });
    expect((await closeClaims(gameId, 'line')).winners.map((w) => [w.card, w.prizeCents])).toEqual([[4, 100]]);
    // Card 4's bingo must hold its own line.
    expect(await refusedUnchanged('game.claim', manual(gameId, 'bingo', 4, [2, 3, 11, 12, 21, 31, 41, 50, 51, 60, 61, 70, 71, 80, 81]), t.manager)).toEqual({
      code: 'MANUAL_BINGO_WITHOUT_LINE',
      message: 'O bingo do cartão n.º 4 tem de conter a sua linha aceite na jogada n.º 1 (1, 10, 20, 30, 40): faltam os números 1, 10, 20, 30, 40 (art. 3.º, n.º 4).',
    });
    const bingo = [1, 2, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 70, 80, 90];
    await h.ok('game.claim', manual(gameId, 'bingo', 4, bingo), t.manager);
    expect((await closeClaims(gameId, 'bingo')).winners.map((w) => [w.kind, w.card])).toEqual([['bingo', 4]]);

    // The next game: card 4 is the same card, and no other card of B is.
    const g2 = await openGame('B');
    expect(g2.firstSeries.start).toBe(21);
    await sell(g2.id, 30); // cards 21 to 50
    await closeSale(g2.id);
    await drawAll(g2.id, [...BALLS].reverse());
    expect(await refusedUnchanged('game.claim', manual(g2.id, 'bingo', 22, bingo), t.manager)).toEqual({
      code: 'MANUAL_CLAIM_OTHER_CARD',
      message:
        'Esses números já foram lidos como bingo do cartão n.º 4 desta série (jogada n.º 1): dois cartões da mesma série nunca repetem uma linha nem um cartão completo (art. 3.º, n.º 4).',
    });
    expect(await refusedUnchanged('game.claim', manual(g2.id, 'line', 4, [2, 12, 21, 31, 41]), t.manager)).toMatchObject({ code: 'CARD_NOT_SOLD' });
    // What was read is kept as read: two valid claims, with their numbers.
    expect(h.kiosk.db.prepare(`SELECT card, kind, numbers FROM claims WHERE valid = 1 ORDER BY id`).all()).toEqual([
      { card: 4, kind: 'line', numbers: '[1,10,20,30,40]' },
      { card: 4, kind: 'bingo', numbers: JSON.stringify(bingo) },
    ]);
  });
});

describe('game.board', () => {
  it('lists every sold card holding a line or a bingo at each ball, as a brute force over the sold faces finds them', async () => {
    await register('A', 60);
    await importFaces('A');
    await openSession();
    const g = await openGame('A');
    await sell(g.id, 20);
    await sell(g.id, 25);
    await sell(g.id, 5);
    await h.ok('sale.voidLast', { gameId: g.id, approval: APPROVAL }, t.cashier);
    await closeSale(g.id); // A 1..45; 46..50 were voided
    const sold = range(1, 45);
    const order = drawOrder(2026);
    let seenLines = 0;
    let seenBingos = 0;
    for (let i = 0; i < order.length; i++) {
      const b = await draw(g.id, order[i]!);
      const expected = holders(sold, order.slice(0, i + 1));
      expect(b.potential, `after ball ${i + 1}`).toEqual({ lines: cardRefs(expected.lines), bingos: cardRefs(expected.bingos) });
      // The ball's own answer names exactly the cards it completed (nothing else: its size does not grow with the cards sold).
      const before = holders(sold, order.slice(0, i));
      const newBingos = expected.bingos.filter((c) => !before.bingos.includes(c));
      const newLines = expected.lines.filter((c) => !before.lines.includes(c) && !before.bingos.includes(c));
      expect(lastDrawn, `ball ${i + 1}`).toMatchObject({
        ball: order[i],
        ballCount: i + 1,
        state: 'drawing',
        newLines: cardRefs(newLines),
        newLineCount: newLines.length,
        newBingos: cardRefs(newBingos),
        newBingoCount: newBingos.length,
      });
      seenLines = Math.max(seenLines, expected.lines.length);
      seenBingos = Math.max(seenBingos, expected.bingos.length);
      if (i % 30 === 29) expect(await board(g.id)).toEqual(b);
    }
    expect(seenLines).toBeGreaterThan(1);
    expect(seenBingos).toBe(45);
  });
});

// ---- the accumulated special prize ----

describe('the accumulated special prize (art. 10)', () => {
  const SPECIAL = { enabled: true, shareBasisPoints: 1000, baseBalls: 40 };

  /** Close the open session in SQL (session.close is not built yet), move the clock, open the next one. */
  async function nextSession(minutes: number) {
    h.kiosk.db.prepare(`UPDATE sessions SET closed_at = ? WHERE closed_at IS NULL`).run(h.clock.now().toISOString());
    h.clock.advanceMinutes(minutes);
    // A new day, a new shift: the operators log in again (sessions last a shift, issue 12).
    t = { manager: await h.login('gerente', '2222'), cashier: await h.login('caixa1', '3333') };
    return h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(h.clock.now().getTime() + 6 * 3_600_000).toISOString() }, t.manager);
  }

  async function specialHall(): Promise<void> {
    // Saved without a starting amount: the fund starts empty.
    expect((await h.ok('settings.update', { specialPrize: SPECIAL }, t.manager)).specialPrize).toEqual({ ...SPECIAL, startingCents: 0 });
    await register('A', 60);
    await importFaces('A');
  }

  it('the fund takes its share of V at each close of sale; N is the base on the first day, the same within a day, one more each later day', async () => {
    await specialHall();
    expect((await openSession()).specialBalls).toBe(40);
    const g1 = await openGame('A');
    await sell(g1.id, 31);
    await closeSale(g1.id);
    expect(balance('liability:special_fund')).toBe(-310);
    expect(h.kiosk.db.prepare(`SELECT special_share_cents FROM game_closures WHERE game_id = ?`).pluck().get(g1.id)).toBe(310);
    const g2 = await openGame('A');
    await sell(g2.id, 20);
    const closed = await closeSale(g2.id);
    // The announcement is the art. 13 text; the fund is on the board.
    expect(closed.announcement).toBe(
      'Venderam-se 20 cartões da série A, do n.º 32 ao n.º 51.\nPrémio de linha: 1,00 €.\nPrémio de bingo: 10,00 €.\nVai iniciar-se a extração.',
    );
    expect(balance('liability:special_fund')).toBe(-510);
    expect((await board(g2.id)).special).toEqual({ balls: 40, fundCents: 510, eligible: false, frozen: false });
    // Prizes and stamp duty come out of the cards as before; the share on top.
    expect(balance('revenue:cards')).toBe(-5100 + (155 + 1550 + 775 + 310) + (100 + 1000 + 500 + 200));

    expect((await nextSession(60)).specialBalls).toBe(40); // later the same day
    expect((await nextSession(DAY_MINUTES)).specialBalls).toBe(41);
    expect((await nextSession(DAY_MINUTES)).specialBalls).toBe(42);
    expect(h.kiosk.db.prepare(`SELECT special_balls FROM sessions ORDER BY id`).pluck().all()).toEqual([40, 40, 41, 42]);
    // Nothing reduced the fund.
    expect(balance('liability:special_fund')).toBe(-510);
  });

  it('a bingo within N balls wins the whole fund on top of the bingo; the fund and N reset', async () => {
    await specialHall();
    await openSession();
    const g1 = await openGame('A');
    await sell(g1.id, 20); // A 1..20: fund 200
    await closeSale(g1.id);
    await nextSession(DAY_MINUTES); // N = 41
    const g2 = await openGame('A');
    await sell(g2.id, 31); // A 21..51: fund 510
    await closeSale(g2.id);
    const card = 30;
    const at = await drawAll(g2.id, numbersOf(card));
    expect(at.special).toEqual({ balls: 41, fundCents: 510, eligible: true, frozen: false });
    await claim(g2.id, 'bingo', card);
    const closed = await closeClaims(g2.id, 'bingo');
    expect(closed.winners.map((w) => [w.winnerId, w.kind, w.card, w.prizeCents, w.gameNumber])).toEqual([
      [1, 'bingo', card, 1550, 1],
      [2, 'line', card, 155, 1],
      [3, 'special', card, 510, 1],
    ]);
    expect(balance('liability:special_fund')).toBe(0);
    expect(balance('liability:prizes')).toBe(-(1000 + 100) - (1550 + 155 + 510));
    expect((await board(g2.id)).special).toEqual({ balls: 41, fundCents: 0, eligible: true, frozen: false });
    const paid = await pay(3);
    expect(paid).toMatchObject({ kind: 'special', prizeCents: 510, status: 'paid' });
    expect(balance('cash:T1')).toBe(2000 + 3100 - 510);
    // The next day N starts again from the base.
    expect((await nextSession(DAY_MINUTES)).specialBalls).toBe(40);
    expect((await nextSession(DAY_MINUTES)).specialBalls).toBe(41);
    const acta = await h.ok('session.acta', { sessionId: 2 }, t.manager);
    // Awarded the line, the bingo and the special prize; only the special prize was paid: the line and the bingo are owed (art. 17.3).
    expect(acta.games[0]).toMatchObject({ number: 1, lineAwardedCents: 155, bingoAwardedCents: 1550, specialAwardedCents: 510, specialPaidCents: 510, linePaidCents: 0, bingoPaidCents: 0 });
    expect(acta.prizesOwed.map((p) => [p.gameNumber, p.kind, p.card, p.prizeCents])).toEqual([
      [1, 'line', card, 155],
      [1, 'bingo', card, 1550],
    ]);
  });

  it('the fund starts at its starting amount on its first session and restarts at it after a win, the house putting it in', async () => {
    await specialHall();
    await h.ok('settings.update', { specialPrize: { ...SPECIAL, startingCents: 50_000 } }, t.manager);
    await openSession();
    expect(balance('liability:special_fund')).toBe(-50_000);
    expect(balance('expense:special_fund_start')).toBe(50_000);
    const g1 = await openGame('A');
    await sell(g1.id, 20); // A 1..20: share 200
    await closeSale(g1.id);
    // Later sessions do not put it in again.
    await nextSession(DAY_MINUTES);
    expect(balance('liability:special_fund')).toBe(-50_200);
    const g2 = await openGame('A');
    await sell(g2.id, 31); // A 21..51: share 310
    await closeSale(g2.id);
    const card = 30;
    expect((await drawAll(g2.id, numbersOf(card))).special).toEqual({ balls: 41, fundCents: 50_510, eligible: true, frozen: false });
    await claim(g2.id, 'bingo', card);
    const closed = await closeClaims(g2.id, 'bingo');
    expect(closed.winners.find((w) => w.kind === 'special')?.prizeCents).toBe(50_510);
    // Won: the fund is at its starting amount again at once, put in by the house a second time.
    expect(balance('liability:special_fund')).toBe(-50_000);
    expect(balance('expense:special_fund_start')).toBe(100_000);
    expect((await board(g2.id)).special).toEqual({ balls: 41, fundCents: 50_000, eligible: true, frozen: false });
    const starts = h.kiosk.db
      .prepare(`SELECT ref_type AS type, ref_id AS id FROM ledger_transactions WHERE kind = 'special_fund_started' ORDER BY id`)
      .all();
    expect(starts).toEqual([
      { type: 'session', id: 1 },
      { type: 'game', id: g2.id },
    ]);
    // Both starts are in the actas, each in its session.
    expect((await h.ok('session.acta', { sessionId: 1 }, t.manager)).specialFundStarts).toEqual([{ at: expect.any(String), amountCents: 50_000, gameNumber: null }]);
    expect((await h.ok('session.acta', { sessionId: 2 }, t.manager)).specialFundStarts).toEqual([{ at: expect.any(String), amountCents: 50_000, gameNumber: 1 }]);
    await nextSession(DAY_MINUTES);
    expect(balance('liability:special_fund')).toBe(-50_000);
  });

  it('switched off, the fund stays the players’, frozen on every report; only a manager’s recorded decision carries it to a new prize', async () => {
    await specialHall();
    await openSession();
    const g1 = await openGame('A');
    await sell(g1.id, 31); // share 3,10 €
    await closeSale(g1.id);
    const g2 = await openGame('A');
    await sell(g2.id, 29); // its share would be 2,90 €
    // Switched off while the fund holds 3,10 €: the next close of sale adds nothing, and no bingo can win it.
    await h.ok('settings.update', { specialPrize: { ...SPECIAL, enabled: false } }, t.manager);
    await closeSale(g2.id);
    expect(balance('liability:special_fund')).toBe(-310);
    const card = 40;
    const drawn = await drawAll(g2.id, numbersOf(card));
    expect(drawn.special).toEqual({ balls: null, fundCents: 310, eligible: false, frozen: true });
    await claim(g2.id, 'bingo', card);
    expect((await closeClaims(g2.id, 'bingo')).winners.map((w) => w.kind)).toEqual(['bingo', 'line']);
    expect(balance('liability:special_fund')).toBe(-310);
    // On every report of amounts held, the night view and the board.
    expect((await h.ok('report.fundsHeld', {}, t.manager)).specialFund).toEqual({ heldCents: 310, frozen: true });
    expect(await h.ok('session.overview', { sessionId: 1 }, t.manager)).toMatchObject({ specialFundCents: 310, specialFundFrozen: true });
    expect((await h.ok('display.state', {}, t.cashier)).special).toEqual({ balls: null, amountCents: 310, eligible: false, frozen: true });
    expect(await h.ok('specialPrize.fund', {}, t.manager)).toEqual({ heldCents: 310, state: 'frozen', decisions: [] });
    // A setting does not play it again: the decision is a manager's, recorded.
    const before = snapshot(h.kiosk);
    expect(await h.refused('settings.update', { specialPrize: SPECIAL }, t.manager)).toEqual({
      code: 'SPECIAL_FUND_FROZEN',
      message:
        'O fundo do prémio especial acumulado tem 3,10 € dos jogadores, congelado desde que o prémio foi desligado: só volta a jogar-se num novo prémio, por decisão registada de um gerente («Levar o fundo a um novo prémio»), nunca por uma configuração (art. 10.º).',
    });
    const carry = { prize: { shareBasisPoints: 500, baseBalls: 45, startingCents: 0 }, decision: 'Despacho IGJ n.º 12/2026: novo prémio', amountCents: 310 };
    expect((await h.refused('specialPrize.carry', { ...carry, amountCents: 300 }, t.manager)).code).toBe('SPECIAL_FUND_CHANGED');
    expect((await h.refused('specialPrize.carry', carry, t.cashier)).code).toBe('FORBIDDEN');
    expect((await h.refused('specialPrize.carry', { ...carry, decision: 'x' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect(snapshot(h.kiosk)).toEqual(before);
    expect(await h.ok('specialPrize.carry', carry, t.manager)).toEqual({ heldCents: 310, decisionId: 1 });
    expect((await h.ok('settings.get', {}, t.manager)).specialPrize).toEqual({ enabled: true, shareBasisPoints: 500, baseBalls: 45, startingCents: 0 });
    expect((await h.ok('specialPrize.fund', {}, t.manager)).decisions).toEqual([
      { at: h.clock.now().toISOString(), by: 'gerente', amountCents: 310, decision: 'Despacho IGJ n.º 12/2026: novo prémio', prize: carry.prize },
    ]);
    expect((await h.refused('specialPrize.carry', carry, t.manager)).code).toBe('SPECIAL_FUND_NOT_FROZEN');
    expect((await h.ok('session.acta', { sessionId: 1 }, t.manager)).specialFundCarried).toEqual([
      { at: h.clock.now().toISOString(), amountCents: 310, decision: 'Despacho IGJ n.º 12/2026: novo prémio', by: 'gerente' },
    ]);
    // The new prize is announced from the next session, its N at its base; the money is the same.
    expect((await nextSession(DAY_MINUTES)).specialBalls).toBe(45);
    expect(balance('liability:special_fund')).toBe(-310);
    expect(h.kiosk.db.prepare(`SELECT COUNT(*) FROM ledger_transactions WHERE kind NOT IN ('card_sale', 'game_sale_closed', 'prize_payout')`).pluck().get()).toBe(0);
  });

  it('refuses a starting amount that is negative, fractional or over 100 000,00 €', async () => {
    for (const startingCents of [-1, 0.5, 10_000_001]) {
      expect((await h.refused('settings.update', { specialPrize: { ...SPECIAL, startingCents } }, t.manager)).code).toBe('VALIDATION_FAILED');
    }
    expect((await h.ok('settings.update', { specialPrize: { ...SPECIAL, startingCents: 10_000_000 } }, t.manager)).specialPrize?.startingCents).toBe(10_000_000);
  });

  it.each([
    [40, true],
    [41, false],
  ])('a bingo at ball %i with N = 40: special prize won = %s', async (ballCount, won) => {
    await specialHall();
    await openSession();
    const g = await openGame('A');
    await sell(g.id, 31); // fund 310
    await closeSale(g.id);
    const card = 9;
    const others = drawOrder(40).filter((n) => !numbersOf(card).includes(n)).slice(0, ballCount - 15);
    await drawAll(g.id, others);
    const at = await drawAll(g.id, numbersOf(card));
    expect(at.ballCount).toBe(ballCount);
    expect(at.special).toEqual({ balls: 40, fundCents: 310, eligible: won, frozen: false });
    await claim(g.id, 'bingo', card);
    const closed = await closeClaims(g.id, 'bingo');
    expect(closed.winners.map((w) => [w.kind, w.prizeCents])).toEqual([
      ['bingo', 1550],
      ['line', 155],
      ...(won ? [['special', 310]] : []),
    ]);
    expect(balance('liability:special_fund')).toBe(won ? 0 : -310);
  });
});

// ---- stamp duty, last game, ball sets ----

describe('stamp duty per game (art. 17.3)', () => {
  it('is floor(V x rate / 10 000) at each close of sale, with the rate then in force', async () => {
    await h.ok('settings.update', { stampDutyBasisPoints: 333 }, t.manager);
    await register('A', 60);
    await openSession();
    const g1 = await openGame('A');
    await sell(g1.id, 31);
    await closeSale(g1.id); // 3100 x 3,33 % = 103,23 -> 103
    await h.ok('settings.update', { stampDutyBasisPoints: 2500 }, t.manager);
    const g2 = await openGame('A');
    await sell(g2.id, 7);
    await closeSale(g2.id); // 700 x 25 % = 175
    expect(h.kiosk.db.prepare(`SELECT game_id, total_cents, stamp_duty_cents, stamp_duty_basis_points FROM game_closures ORDER BY game_id`).all()).toEqual([
      { game_id: g1.id, total_cents: 3100, stamp_duty_cents: 103, stamp_duty_basis_points: 333 },
      { game_id: g2.id, total_cents: 700, stamp_duty_cents: 175, stamp_duty_basis_points: 2500 },
    ]);
    expect(balance('liability:stamp_duty')).toBe(-278);
    const acta = await h.ok('session.acta', { sessionId: 1 }, t.manager);
    expect(acta.games.map((g) => g.stampDutyCents)).toEqual([103, 175]);
    expect(acta.totals.stampDutyCents).toBe(278);
  });
});

describe('the last game (art. 14.5)', () => {
  it('a game opened within 10 minutes of the closing time is the last: announced as such, and no other game opens', async () => {
    await register('A', 60);
    await openSession(iso(60));
    h.clock.advanceMinutes(49); // 11 minutes before closing
    const g1 = await openGame('A');
    expect(g1.isLast).toBe(false);
    await sell(g1.id, 3);
    expect((await closeSale(g1.id)).announcement.startsWith('Venderam-se 3 cartões')).toBe(true);
    await draw(g1.id, 5); // its draw began before the last 10 minutes: it is not the one more game
    h.clock.advanceMinutes(1); // 10 minutes before closing
    const g2 = await openGame('A');
    expect(g2).toMatchObject({ number: 2, isLast: true });
    await sell(g2.id, 4);
    const closed = await closeSale(g2.id);
    expect(closed.announcement).toBe(
      'Última jogada da sessão.\nVenderam-se 4 cartões da série A, do n.º 4 ao n.º 7.\nPrémio de linha: 0,20 €.\nPrémio de bingo: 2,00 €.\nVai iniciar-se a extração.',
    );
    expect(await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager)).toEqual({
      code: 'LAST_GAME_PLAYED',
      message: 'A jogada n.º 2 é a última desta sessão: nos 10 minutos antes do encerramento (21:00) só se realiza mais uma jogada, e esta foi aberta às 20:50; não se pode abrir outra (DN 80/85, art. 14.º, n.º 5).',
    });
    const acta = await h.ok('session.acta', { sessionId: 1 }, t.manager);
    expect(acta.games.map((g) => [g.number, g.isLast])).toEqual([
      [1, false],
      [2, true],
    ]);
  });
});

describe('ball sets (art. 5.3) and the settings a first game needs', () => {
  it('a hall without stamp duty or a ball set cannot open a game', async () => {
    const fresh = await createHarness();
    try {
      await fresh.ok('setup.init', { hallName: 'Sala Nova', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
      const admin = await fresh.login('admin', '1111');
      await fresh.ok('series.register', { code: 'A', priceCents: 100, size: 60 }, admin);
      await fresh.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, admin);
      const unchanged = async (expected: { code: string; message: string }) => {
        const before = snapshot(fresh.kiosk);
        expect(await fresh.refused('game.open', { seriesCode: 'A' }, admin)).toEqual(expected);
        expect(snapshot(fresh.kiosk)).toEqual(before);
      };
      expect((await fresh.ok('settings.get', {}, admin)).stampDutyBasisPoints).toBeNull();
      await unchanged({
        code: 'STAMP_DUTY_NOT_SET',
        message: 'Defina a taxa do imposto do selo nas configurações da sala antes da primeira jogada (art. 17.º, n.º 3).',
      });
      await fresh.ok('settings.update', { stampDutyBasisPoints: 0 }, admin); // a rate of 0 is a rate set
      await unchanged({ code: 'NO_BALL_SET', message: 'Registe o jogo de bolas em uso antes de abrir a jogada (art. 5.º, n.º 3).' });
      expect(await fresh.ok('ballSet.current', {}, admin)).toBeNull();
      expect(await fresh.ok('ballSet.register', { serial: 'JB-7' }, admin)).toEqual({ id: 1, serial: 'JB-7', registeredAt: NOW, gamesPlayed: 0 });
      expect(fresh.kiosk.db.prepare(`SELECT session_id, kind, text FROM incidents`).all()).toEqual([
        { session_id: 1, kind: 'ball_set', text: 'Jogo de bolas JB-7 registado (art. 5.º, n.º 3).' },
      ]);
      expect((await fresh.ok('game.open', { seriesCode: 'A' }, admin)).ballSet).toEqual({ serial: 'JB-7', gamesPlayed: 1, warning: false });
    } finally {
      fresh.close();
    }
  });

  /** `count` finished games of an earlier, closed session on ball set 1. */
  function playedGames(count: number, firstNumber = 1): void {
    const db = h.kiosk.db;
    const manager = db.prepare(`SELECT id FROM operators WHERE username = 'gerente'`).pluck().get() as number;
    const series = db.prepare(`SELECT id FROM series WHERE code = 'A'`).pluck().get() as number;
    const session = Number(
      db
        .prepare(`INSERT INTO sessions (opened_at, scheduled_close_at, closed_at, opened_by) VALUES (?, ?, ?, ?)`)
        .run('2025-01-01T20:00:00.000Z', '2025-01-02T02:00:00.000Z', '2025-01-02T02:00:00.000Z', manager).lastInsertRowid,
    );
    const insert = db.prepare(
      `INSERT INTO games (session_id, number, state, price_cents, first_series_id, first_start, opened_at, opened_by, ball_set_id)
       VALUES (?, ?, 'finished', 100, ?, 1, '2025-01-01T20:00:00.000Z', ?, 1)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i++) insert.run(session, firstNumber + i, series, manager);
    })();
  }

  it('warns from 1900 games, refuses at 2000 until a new set is registered, which goes into the incident book', async () => {
    await register('A', 60);
    playedGames(1899);
    expect(await h.ok('ballSet.current', {}, t.cashier)).toEqual({ id: 1, serial: 'BOLAS-1', registeredAt: NOW, gamesPlayed: 1899, warning: false });
    await openSession();
    const g = await openGame('A');
    expect(g.ballSet).toEqual({ serial: 'BOLAS-1', gamesPlayed: 1900, warning: true });
    expect((await h.ok('ballSet.current', {}, t.cashier))?.warning).toBe(true);
    await sell(g.id, 2);
    await closeSale(g.id);
    playedGames(100, 5000); // 2000 games
    expect(await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager)).toEqual({
      code: 'BALL_SET_WORN_OUT',
      message: 'O jogo de bolas BOLAS-1 já serviu 2000 jogadas, o máximo permitido: registe um jogo novo (art. 5.º, n.º 3).',
    });
    expect(await refusedUnchanged('ballSet.register', { serial: 'BOLAS-1' }, t.manager)).toEqual({
      code: 'BALL_SET_SERIAL_TAKEN',
      message: 'O jogo de bolas BOLAS-1 já foi registado.',
    });
    expect((await refusedUnchanged('ballSet.register', { serial: 'BOLAS-2' }, t.cashier)).code).toBe('FORBIDDEN');
    h.clock.advanceMinutes(2);
    expect(await h.ok('ballSet.register', { serial: 'BOLAS-2' }, t.manager)).toEqual({ id: 2, serial: 'BOLAS-2', registeredAt: iso(2), gamesPlayed: 0 });
    expect(h.kiosk.db.prepare(`SELECT session_id, game_id, at, kind, text FROM incidents ORDER BY id DESC LIMIT 1`).get()).toEqual({
      session_id: 2,
      game_id: null,
      at: iso(2),
      kind: 'ball_set',
      text: 'Novo jogo de bolas BOLAS-2 em substituição do jogo BOLAS-1 (2000 jogadas) (art. 5.º, n.º 3).',
    });
    const acta = await h.ok('session.acta', { sessionId: 2 }, t.manager);
    expect(acta.incidents.map((i) => [i.kind, i.author, i.gameNumber])).toEqual([['ball_set', 'gerente', null]]);
    const g2 = await openGame('A');
    expect(g2).toMatchObject({ number: 2, ballSet: { serial: 'BOLAS-2', gamesPlayed: 1, warning: false } });
    expect((await h.ok('session.acta', { sessionId: 2 }, t.manager)).games.map((x) => x.ballSet)).toEqual(['BOLAS-1', 'BOLAS-2']);
  });
});
