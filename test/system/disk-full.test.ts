/**
 * A full disk (issue 12), injected the way SQLite meets it: the database may
 * not grow (PRAGMA max_page_count at its size), so the next write that needs
 * a page fails with SQLITE_FULL. The kiosk stays up, refuses that write with
 * "disco cheio" and changes nothing, tells every screen (system.health and a
 * pushed event), and takes writes again by itself once there is room.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KioskEvent } from '../../core/events.js';
import { expectBooksHold } from '../books.js';
import { createTestHall, type TestHall } from '../fixtures/faces.js';
import { snapshot } from '../harness.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

describe('a full disk', () => {
  it('refuses writes with a clear message and no change, raises the alert, and resumes by itself', async () => {
    const { h } = t;
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 100_000 }, t.manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    const game = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    const events: KioskEvent[] = [];
    h.kiosk.onEvent((e) => events.push(e));
    expect(await h.ok('system.health', {})).toEqual({ storage: 'ok', since: null });

    // The disk fills up: not one more page.
    const pages = h.kiosk.db.pragma('page_count', { simple: true }) as number;
    h.kiosk.db.pragma(`max_page_count = ${pages}`);
    const sale = { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } };
    let refusal: { code: string; message: string } | null = null;
    const before = snapshot(h.kiosk);
    // Sales fill the free space of the last pages first; the one that needs a new page is refused.
    for (let i = 0; i < 5_000 && refusal === null; i++) {
      const r = await h.call('sale.create', sale, t.cashier);
      if (!r.ok) refusal = r.error;
    }
    expect(refusal).toEqual({
      code: 'STORAGE_FULL',
      message: 'Disco cheio: a operação foi recusada e nada foi gravado. Liberte espaço no disco do quiosque (chame o técnico); as operações voltam a ser aceites por si logo que haja espaço.',
    });
    const during = snapshot(h.kiosk);
    expect((await h.call('sale.create', sale, t.cashier)).ok).toBe(false);
    expect(snapshot(h.kiosk)).toEqual(during);
    expect(before).not.toEqual(during);
    expect(await h.ok('system.health', {})).toMatchObject({ storage: 'full', since: expect.any(String) });
    expect(events.filter((e) => e.type === 'changed' && e.channel === 'system.health')).toHaveLength(1);
    // Reading goes on: the screens still show the game.
    expect((await h.ok('game.get', { gameId: game.id }, t.cashier)).state).toBe('selling');

    // Space comes back: the next sale goes through and the alert clears.
    h.kiosk.db.pragma('max_page_count = 1073741823');
    expect((await h.ok('sale.create', sale, t.cashier)).quantity).toBe(1);
    expect(await h.ok('system.health', {})).toEqual({ storage: 'ok', since: null });
    expect(events.filter((e) => e.type === 'changed' && e.channel === 'system.health')).toHaveLength(2);
    expectBooksHold(h.kiosk.db);
  });
});
