/**
 * The audit log a page at a time (audit.list, issue 20): newest first by
 * instant and seq, by period and channel; every row once across pages while
 * sales are made between the reads; each page an index range (EXPLAIN); the
 * limit, a cursor that is no row, and roles other than managers refused,
 * changing nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel, ChannelOutput } from '../../../core/contract.js';
import { AUDIT_CHANNEL_PAGE_SQL, AUDIT_PAGE_SQL } from '../../../db/audit.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';

let t: TestHall;
let gameId: number;
beforeEach(async () => {
  t = await createTestHall();
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  gameId = (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
});
afterEach(() => {
  try {
    expectBooksHold(t.h.kiosk.db);
  } finally {
    t.h.close();
  }
});

const sell = (quantity = 1) => t.h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);

const allSeqs = () => (t.h.kiosk.db.prepare(`SELECT id FROM audit_log ORDER BY at DESC, id DESC`).pluck().all() as number[]);

describe('audit.list', () => {
  it('gives every row once, newest first, across pages while sales are made between the reads', async () => {
    for (let i = 0; i < 6; i++) {
      t.h.clock.advanceSeconds(1);
      await sell();
    }
    const atStart = allSeqs();
    const seen: number[] = [];
    let cursor: number | null = null;
    for (let page = 1; ; page++) {
      const p: ChannelOutput<'audit.list'> = await t.h.ok('audit.list', { cursor, limit: 4 }, t.manager);
      seen.push(...p.entries.map((e) => e.seq));
      if (p.nextCursor === null) break;
      expect(p.nextCursor).toBe(p.entries[3]!.seq);
      cursor = p.nextCursor;
      // Rows written meanwhile are newer than the first page: not in later pages, and no row repeats or goes missing.
      t.h.clock.advanceSeconds(1);
      if (page <= 2) await sell();
    }
    expect(seen).toEqual(atStart);
    expect(new Set(seen).size).toBe(seen.length);
    const first = (await t.h.ok('audit.list', { limit: 2 }, t.manager)).entries;
    expect(first.map((e) => [e.channel, e.operator, e.terminalId, e.outcome])).toEqual([
      ['sale.create', 'caixa1', 'T1', 'ok'],
      ['sale.create', 'caixa1', 'T1', 'ok'],
    ]);
    expect(JSON.parse(first[0]!.after!)).toMatchObject({ quantity: 1, totalCents: 100 });
    expect(JSON.parse(first[0]!.input)).toEqual({ gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } });
  });

  it('splits rows of one instant across pages, in seq order, none twice or missed, for the whole log and for one channel', async () => {
    // Eleven sales at the same instant: pages of 3 must cut through them.
    t.h.clock.advanceSeconds(1);
    const at = t.h.clock.now().toISOString();
    for (let i = 0; i < 11; i++) await sell();
    const sameInstant = t.h.kiosk.db.prepare(`SELECT id FROM audit_log WHERE at = ? ORDER BY id DESC`).pluck().all(at) as number[];
    expect(sameInstant).toHaveLength(11);
    for (const channel of [undefined, 'sale.create']) {
      const seen: number[] = [];
      let cursor: number | null = null;
      for (;;) {
        const p: ChannelOutput<'audit.list'> = await t.h.ok('audit.list', { cursor, limit: 3, ...(channel ? { channel } : {}) }, t.manager);
        seen.push(...p.entries.map((e) => e.seq));
        if (p.nextCursor === null) break;
        cursor = p.nextCursor;
      }
      const expected = channel ? (t.h.kiosk.db.prepare(`SELECT id FROM audit_log WHERE channel = ? ORDER BY at DESC, id DESC`).pluck().all(channel) as number[]) : allSeqs();
      expect(seen).toEqual(expected);
      expect(seen.slice(0, 11)).toEqual(sameInstant);
    }
  });

  it('cuts a long value by characters, never inside one', async () => {
    const text = 'Reclamação 😀'.concat('😀'.repeat(400));
    await t.h.ok('incident.add', { text }, t.manager);
    const [entry] = (await t.h.ok('audit.list', { limit: 1 }, t.manager)).entries;
    // The input is {"text":"…"}: 300 characters of it, then the mark that it was cut; no lone half of an emoji.
    expect([...entry!.input.slice(0, -1)]).toHaveLength(300);
    expect(entry!.input.endsWith('…')).toBe(true);
    expect(entry!.input).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('filters by channel and period, cuts long values to a summary, and counts the rows', async () => {
    t.h.clock.advanceSeconds(1);
    const from = t.h.clock.now().toISOString();
    await sell(2);
    await t.h.ok('incident.add', { text: 'Reclamação de um jogador: '.concat('x'.repeat(400)) }, t.manager);
    await sell(3);
    t.h.clock.advanceSeconds(1);
    const to = t.h.clock.now().toISOString();
    await sell(4);
    const sales = await t.h.ok('audit.list', { channel: 'sale.create', from, to }, t.manager);
    expect([sales.entries.map((e) => JSON.parse(e.after!).quantity), sales.total, sales.nextCursor]).toEqual([[3, 2], 2, null]);
    const period = await t.h.ok('audit.list', { from, to }, t.manager);
    expect(period.entries.map((e) => e.channel)).toEqual(['sale.create', 'incident.add', 'sale.create']);
    const incident = period.entries[1]!;
    expect(incident.input).toHaveLength(301);
    expect(incident.input.endsWith('…')).toBe(true);
    expect((await t.h.ok('audit.list', {}, t.manager)).total).toBe(allSeqs().length);
    expect((await t.h.ok('audit.list', { channel: 'game.open' }, t.manager)).entries.map((e) => e.seq)).toEqual(
      t.h.kiosk.db.prepare(`SELECT id FROM audit_log WHERE channel = 'game.open'`).pluck().all(),
    );
  });

  it('refuses a page over 500, a cursor that is no row, a period backwards and roles other than managers, changing nothing', async () => {
    await sell();
    const caixaAdmin = await t.h.login('admin', '1111');
    expect(await refusedUnchanged('audit.list', { limit: 1000 }, t.manager)).toEqual({
      code: 'PAGE_LIMIT_TOO_LARGE',
      message: 'Uma página tem no máximo 500 linhas (pedidas: 1000): peça as seguintes com o cursor da página (nextCursor).',
    });
    expect(await refusedUnchanged('audit.list', { cursor: 99_999 }, t.manager)).toEqual({
      code: 'PAGE_CURSOR_INVALID',
      message: 'Cursor de página inválido (99999): não é uma linha desta lista; recomece da primeira página.',
    });
    const now = t.h.clock.now().toISOString();
    expect((await refusedUnchanged('audit.list', { from: now, to: now }, t.manager)).code).toBe('REPORT_PERIOD_INVALID');
    expect((await refusedUnchanged('audit.list', { channel: 'DROP TABLE' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect(await refusedUnchanged('audit.list', {}, t.cashier)).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.h.ok('audit.list', { limit: 500 }, caixaAdmin)).entries.length).toBe(allSeqs().length);
  });

  it('reads a page as a range of an index in its own order, never a scan and a sort', () => {
    const plan = (sql: string, extra: object = {}) =>
      (t.h.kiosk.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ from: '', upper: '\uffff', cAt: '\uffff', cSeq: 0, limit: 5, ...extra }) as { detail: string }[]).map(
        (p) => p.detail,
      );
    expect(plan(AUDIT_PAGE_SQL)[0]).toBe('SEARCH a USING INDEX audit_log_by_time (at>? AND at<?)');
    expect(plan(AUDIT_CHANNEL_PAGE_SQL, { channel: 'sale.create' })[0]).toBe('SEARCH a USING INDEX audit_log_by_channel (channel=? AND at>? AND at<?)');
    for (const p of [plan(AUDIT_PAGE_SQL), plan(AUDIT_CHANNEL_PAGE_SQL, { channel: 'sale.create' })]) expect(p.join('\n')).not.toMatch(/TEMP B-TREE|SCAN/);
  });
});
