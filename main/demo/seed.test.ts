import { describe, expect, it } from 'vitest';
import { createHarness } from '../../test/harness.js';
import { nextClosingTime, seedDemo } from './seed.js';

/** The demo's session must open at any hour: after now and within 24 hours (session.open's rule). */
describe('the demo session closes', () => {
  const at = (h: number, m = 0) => new Date(2026, 11, 1, h, m, 0, 0);
  it.each([
    [at(20, 0), at(2, 0).getTime() + 86_400_000],
    [at(0, 10), at(2, 0).getTime()],
    [at(1, 30), at(1, 30).getTime() + 12 * 3_600_000],
    [at(1, 59), at(1, 59).getTime() + 12 * 3_600_000],
    [at(2, 0), at(2, 0).getTime() + 86_400_000],
  ])('from %s', (now, expected) => {
    const close = nextClosingTime(now);
    expect(close.getTime()).toBe(expected);
    const ahead = close.getTime() - now.getTime();
    expect(ahead).toBeGreaterThanOrEqual(3_600_000);
    expect(ahead).toBeLessThanOrEqual(24 * 3_600_000);
  });
});

/** The demo seeded as `--demo` does it: each counter sells at once, through its own drawer (issue 38). */
describe('the demo hall', () => {
  it('lets the caixa (tesouraria) sell chips first thing, and the cashier sell a card, each through his own drawer', async () => {
    const h = await createHarness();
    try {
      expect(await seedDemo(h.kiosk, h.clock.now())).toBe(true);
      const caixa = await h.login('tesouraria', '5555');
      expect(await h.ok('drawer.current', {}, caixa)).toMatchObject({ openedBy: 'tesouraria', floatCents: 10_000, chipFloatCents: 195_000, holdsChips: true });
      // A chip of every value the caixa keeps at hand, paid in cash with change.
      const chips = [100, 500, 1_000, 2_500, 10_000].map((valueCents) => ({ valueCents, count: 1 }));
      expect(await h.ok('chips.sell', { chips, payment: { method: 'cash', tenderedCents: 15_000 } }, caixa)).toMatchObject({ kind: 'sell', totalCents: 14_100, changeCents: 900 });
      // A value it holds none of is refused, saying so.
      expect((await h.refused('chips.sell', { chips: [{ valueCents: 50_000, count: 1 }], payment: { method: 'cash', tenderedCents: 50_000 } }, caixa)).code).toBe('CHIPS_NOT_IN_FLOAT');
      const cashier = await h.login('caixa1', '3333');
      const game = (await h.ok('session.current', {}, cashier)).games.find((g) => g.state === 'selling')!;
      expect(await h.ok('sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, cashier)).toMatchObject({ totalCents: 100 });
      // Each series with its edition and its one box (DN 80/85, art. 3.º): the card sold left the stock.
      const manager = await h.login('gerente', '2222');
      const stock = (await h.ok('stock.list', {}, manager)).series.map((x) => [x.seriesCode, x.emission, x.followed, x.figures.received, x.figures.sold]);
      const year = h.clock.now().getUTCFullYear();
      expect(stock).toEqual([
        ['A', `A-${year}/1`, true, 300, 1],
        ['B', `B-${year}/1`, true, 300, 0],
        ['C', `C-${year}/1`, true, 300, 0],
      ]);
      const drawers = h.kiosk.db.prepare(`SELECT o.username AS who, COUNT(*) AS n FROM ledger_transactions t JOIN drawers d ON d.id = t.drawer_id JOIN operators o ON o.id = d.opened_by GROUP BY o.username ORDER BY o.username`).all();
      expect(drawers).toEqual([
        { who: 'caixa1', n: 1 },
        { who: 'tesouraria', n: 1 },
      ]);
    } finally {
      h.close();
    }
  });
});
