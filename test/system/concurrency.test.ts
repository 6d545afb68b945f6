/**
 * Many sales at once over the real HTTP server: the card numbers they get are
 * contiguous, never overlap, and tile the series exactly (art. 12.2).
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import type { ChannelOutput } from '../../core/contract.js';
import type { Result } from '../../core/errors.js';
import { verifyAudit } from '../../db/audit.js';
import { checkBooks as checkBooksOneByOne } from '../../db/books.js';
import { verifyLedger } from '../../db/ledger.js';
import { createTestHall } from '../fixtures/faces.js';
import { type Harness, TEST_FLOAT } from '../harness.js';
import { startWebServer, type WebServer } from '../../main/web/server.js';

const TOKEN = 'concurrency-token';
const SALES = 200;

let h: Harness;
let manager: string;
let cashiers: string[];
let server: WebServer;

beforeEach(async () => {
  const hall = await createTestHall();
  h = hall.h;
  manager = hall.manager;
  const admin = await h.login('admin', '1111');
  cashiers = [hall.cashier];
  for (const n of [2, 3, 4]) {
    await h.ok('users.create', { username: `caixa${n}`, name: `Caixa ${n}`, roles: ['cashier'], pin: `${n}${n}${n}${n}` }, admin);
    const cashier = await h.login(`caixa${n}`, `${n}${n}${n}${n}`);
    // A drawer belongs to its operator: each cashier sells into their own, on the one terminal.
    await h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier);
    cashiers.push(cashier);
  }
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, manager);
  server = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0 });
});

afterEach(async () => {
  await server.close();
  h.close();
});

/** A small seeded generator: the same "random" quantities on every run. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Sale = ChannelOutput<'sale.create'>;

async function httpSale(operatorToken: string, gameId: number, quantity: number): Promise<Result<Sale>> {
  const res = await fetch(`${server.url}/rpc/sale.create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'X-Operator-Token': operatorToken, 'Content-Type': 'application/json' },
    body: JSON.stringify({ gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Result<Sale>;
}

/** Fire every sale at once, cashiers taking turns. */
async function fireAll(gameId: number, seed: number) {
  const random = mulberry32(seed);
  const quantities = Array.from({ length: SALES }, () => 1 + Math.floor(random() * 5));
  const results = await Promise.all(quantities.map((q, i) => httpSale(cashiers[i % cashiers.length]!, gameId, q)));
  return { quantities, results };
}

/** The numbers of the ranges of one series, checked to tile from..to without gap or overlap. */
function expectTiling(ranges: { from: number; to: number }[], from: number): number {
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  let next = from;
  for (const r of sorted) {
    expect(r.to).toBeGreaterThanOrEqual(r.from);
    expect(r.from).toBe(next);
    next = r.to + 1;
  }
  return next;
}

function checkBooks(cardsSold: number): void {
  const ledger = verifyLedger(h.kiosk.db);
  expect(ledger.balanced).toBe(true);
  const closed = h.kiosk.db
    .prepare(`SELECT COALESCE(SUM(line_prize_cents + bingo_prize_cents), 0) AS prizes, COALESCE(SUM(stamp_duty_cents), 0) AS stamp FROM game_closures`)
    .get() as { prizes: number; stamp: number };
  expect(ledger.balances['cash:T1']).toBe(cardsSold * 100);
  expect(ledger.balances['revenue:cards']).toBe(closed.prizes + closed.stamp - cardsSold * 100);
  expect(ledger.balances['liability:prizes'] ?? 0).toBe(0 - closed.prizes);
  expect(ledger.balances['liability:stamp_duty'] ?? 0).toBe(0 - closed.stamp);
  expect(verifyAudit(h.kiosk.db)).toMatchObject({ valid: true, brokenAt: null });
  // Every document bound to its own command's audit row, both ways (issue 21), however many share an instant.
  expect(checkBooksOneByOne(h.kiosk.db, 20).findings).toEqual([]);
}

describe('concurrent sales over HTTP', () => {
  it(`${SALES} sales from 4 cashiers at once get contiguous, non-overlapping numbers`, async () => {
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 1000 }, manager);
    const game = await h.ok('game.open', { seriesCode: 'A' }, manager);
    const { quantities, results } = await fireAll(game.id, 20261130);

    const sales = results.map((r) => {
      if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
      return r.value;
    });
    const total = quantities.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(1000);
    sales.forEach((s, i) => {
      expect(s.quantity).toBe(quantities[i]);
      expect(s.ranges).toHaveLength(1);
      expect(s.ranges[0]!.seriesCode).toBe('A');
      expect(s.ranges[0]!.to - s.ranges[0]!.from + 1).toBe(s.quantity);
      expect(s.totalCents).toBe(s.quantity * 100);
      expect(s.changeCents).toBe(0);
    });
    expect(expectTiling(sales.map((s) => s.ranges[0]!), 1)).toBe(total + 1);
    // Sale ids are unique and serial order follows them.
    expect(new Set(sales.map((s) => s.saleId)).size).toBe(SALES);
    const byId = [...sales].sort((a, b) => a.saleId - b.saleId);
    for (let i = 1; i < byId.length; i++) expect(byId[i]!.ranges[0]!.from).toBe(byId[i - 1]!.ranges[0]!.to + 1);

    const series = await h.ok('series.list', {}, manager);
    expect(series[0]).toMatchObject({ code: 'A', nextNumber: total + 1, cardsLeft: 1000 - total });
    expect(await h.ok('game.get', { gameId: game.id }, manager)).toMatchObject({ cardsSold: total, totalCents: total * 100, cardsAvailable: 1000 - total });
    const listed = await h.ok('sale.list', { gameId: game.id, limit: 500 }, manager);
    expect(listed).toHaveLength(SALES);
    // Each cashier made a quarter of the sales.
    const per = new Map<string, number>();
    for (const s of listed) per.set(s.cashier, (per.get(s.cashier) ?? 0) + 1);
    expect(Object.fromEntries(per)).toEqual({ caixa1: 50, caixa2: 50, caixa3: 50, caixa4: 50 });
    // All at the clock's one instant: each sale is still bound to the sale.create that wrote it, not to a twin.
    expect(
      h.kiosk.db
        .prepare(
          `SELECT COUNT(*) FROM sales s JOIN document_audit b ON b.document = 'sale' AND b.document_id = s.id
             JOIN audit_log a ON a.id = b.audit_seq + 1 WHERE a.at = s.created_at AND json_extract(a.after, '$.saleId') = s.id`,
        )
        .pluck()
        .get(),
    ).toBe(SALES);
    expect(h.kiosk.db.prepare(`SELECT COUNT(DISTINCT created_at) FROM sales`).pluck().get()).toBe(1);
    checkBooks(total);
  });

  it('racing past the end of the first series: one takeover, the S - 1 cap holds, the rest is refused', async () => {
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
    await h.ok('series.register', { code: 'B', priceCents: 100, size: 300 }, manager);
    const first = await h.ok('game.open', { seriesCode: 'A' }, manager);
    await h.ok('sale.create', { gameId: first.id, quantity: 100, payment: { method: 'cash', tenderedCents: 10_000 } }, cashiers[0]);
    await h.ok('game.closeSale', { gameId: first.id }, manager);
    const game = await h.ok('game.open', { seriesCode: 'A' }, manager);
    expect(game.cardsAvailable).toBe(200 + 100); // A 101..300, B 1..100 (S - 1)

    const { quantities, results } = await fireAll(game.id, 7);
    const sold: Sale[] = [];
    results.forEach((r, i) => {
      if (r.ok) {
        sold.push(r.value);
        expect(r.value.quantity).toBe(quantities[i]);
      } else {
        expect(r.error.code).toBe('NOT_ENOUGH_CARDS');
        const left = (r.error.details as { available: number }).available;
        expect(left).toBeLessThan(quantities[i]!);
      }
    });
    const cards = sold.reduce((n, s) => n + s.quantity, 0);
    // Refusals only come when fewer than 5 cards are left.
    expect(cards).toBeGreaterThan(300 - 5);
    expect(cards).toBeLessThanOrEqual(300);
    const rangesOf = (code: string) => sold.flatMap((s) => s.ranges.filter((r) => r.seriesCode === code));
    expect(expectTiling(rangesOf('A'), 101)).toBe(301);
    const nextB = expectTiling(rangesOf('B'), 1);
    expect(nextB - 1).toBeLessThanOrEqual(100);
    expect(nextB - 1).toBe(cards - 200);
    // At most one sale spans both series, and it ends A and starts B.
    const spanning = sold.filter((s) => s.ranges.length === 2);
    expect(spanning.length).toBeLessThanOrEqual(1);
    for (const s of spanning) {
      expect(s.ranges[0]).toMatchObject({ seriesCode: 'A', to: 300 });
      expect(s.ranges[1]).toMatchObject({ seriesCode: 'B', from: 1 });
    }
    const view = await h.ok('game.get', { gameId: game.id }, manager);
    expect(view).toMatchObject({ cardsSold: cards, cardsAvailable: 300 - cards, secondSeries: { code: 'B', nextNumber: nextB, cap: 100 } });
    const series = await h.ok('series.list', {}, manager);
    expect(series.map((s) => [s.code, s.nextNumber])).toEqual([
      ['A', 301],
      ['B', nextB],
    ]);
    checkBooks(100 + cards);
  });
});
