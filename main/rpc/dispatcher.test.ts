/**
 * The command protocol as the dispatcher runs it: slow checks before the
 * write lock, queries on a read-only handle, events with topics.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { KioskEvent } from '../../core/events.js';
import { openReader } from '../../db/connection.js';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { snapshot } from '../../test/harness.js';
import { DATABASE_FILE } from '../kiosk.js';

let t: TestHall;
let events: KioskEvent[];
beforeEach(async () => {
  t = await createTestHall();
  events = [];
  t.h.kiosk.onEvent((e) => events.push(e));
});
afterEach(() => t.h.close());

async function sellingGame(): Promise<number> {
  const { h, manager } = t;
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, manager);
  return (await h.ok('game.open', { seriesCode: 'A' }, manager)).id;
}

describe('slow work is off the write lock', () => {
  it('a sale commits while a login is still checking its PIN (scrypt runs before the login transaction)', async () => {
    const gameId = await sellingGame();
    const order: string[] = [];
    const login = t.h.ok('auth.login', { username: 'caixa1', pin: '3333' }).then(() => order.push('login'));
    // Started after the login: it must not wait for the login's KDF.
    const sale = t.h.ok('sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, t.cashier).then((s) => {
      order.push('sale');
      // Committed and visible to another connection while the login is still under way.
      const reader = openReader(join(t.h.dataDir, DATABASE_FILE));
      try {
        expect(reader.prepare(`SELECT COUNT(*) FROM sales WHERE id = ?`).pluck().get(s.saleId)).toBe(1);
      } finally {
        reader.close();
      }
    });
    await Promise.all([login, sale]);
    expect(order).toEqual(['sale', 'login']);
  });

  it('a wrong approval PIN is audited in its own transaction (counted at the terminal, not on the manager), and nothing else changes', async () => {
    const gameId = await sellingGame();
    await t.h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
    const before = snapshot(t.h.kiosk);
    const refused = await t.h.refused('sale.voidLast', { gameId, approval: { username: 'gerente', pin: '9999' } }, t.cashier);
    expect(refused.code).toBe('APPROVAL_INVALID');
    const after = snapshot(t.h.kiosk);
    expect(after.sales).toEqual(before.sales);
    expect(after.sale_voids).toEqual([]);
    expect(after.operators).toEqual(before.operators);
    expect((after.audit_log as unknown[]).length).toBe((before.audit_log as unknown[]).length + 1);
    expect((after.audit_log as { channel: string; outcome: string }[]).at(-1)).toMatchObject({ channel: 'sale.voidLast', outcome: 'refused' });
  });
});

describe('handles', () => {
  it('the read-only handle cannot write, not even with raw SQL', () => {
    const reader = openReader(join(t.h.dataDir, DATABASE_FILE));
    try {
      expect(() => reader.prepare(`UPDATE series SET next_number = 1`).run()).toThrow(/readonly/i);
    } finally {
      reader.close();
    }
  });
});

describe('queries', () => {
  it('a query that waits on I/O answers (the acta PDF, rendered off the main thread; a printer that does not answer)', async () => {
    await sellingGame();
    const session = (await t.h.ok('session.current', {}, t.manager)).session!;
    const pdf = await t.h.ok('report.actaPdf', { sessionId: session.id }, t.manager);
    expect(pdf.filename).toBe(`acta-sessao-${session.id}.pdf`);
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await t.h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
    expect(await t.h.ok('printer.status', { id: 'balcao' }, t.manager)).toMatchObject({ online: false });
  });
});

describe('events name what changed', () => {
  it('a sale, the first ball and the next ball', async () => {
    const gameId = await sellingGame();
    events.length = 0;
    await t.h.ok('sale.create', { gameId, quantity: 3, payment: { method: 'cash', tenderedCents: 300 } }, t.cashier);
    await t.h.ok('game.closeSale', { gameId }, t.manager);
    await t.h.ok('game.drawBall', { gameId, number: 7 }, t.manager);
    await t.h.ok('game.drawBall', { gameId, number: 8 }, t.manager);
    expect(events.map((e) => (e.type === 'changed' ? [e.channel, [...e.topics].sort()] : e.type))).toEqual([
      ['sale.create', ['sales']],
      ['game.closeSale', ['acta', 'game']],
      ['game.drawBall', ['draw', 'game']],
      ['game.drawBall', ['draw']],
    ]);
  });

  it('a refused command pushes nothing', async () => {
    const gameId = await sellingGame();
    events.length = 0;
    await t.h.refused('game.closeSale', { gameId }, t.manager);
    expect(events).toEqual([]);
  });
});
