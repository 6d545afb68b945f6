/**
 * command.outcome through the dispatcher (issue 37): a counter that lost a
 * sale's answer asks the hall what became of its key, and what the hall
 * answers is a fact: "not done" gives the key up in the same transaction
 * (the sale, arriving later, is refused and writes nothing); "done" is the
 * sale's own answer. Raced with the commands themselves, every answer
 * matches what the file holds.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../../core/errors.js';
import { DEFAULT_TERMINAL } from '../../../core/terminal.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot } from '../../../test/harness.js';
import { expectBooksHold } from '../../../test/books.js';

/** The terminal the cashier is logged in at (a counter's, as its transport names it). */
const COUNTER = DEFAULT_TERMINAL;
let t: TestHall;
let gameId: number;

beforeEach(async () => {
  t = await createTestHall();
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 1000 }, t.manager);
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  gameId = (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
});
afterEach(() => t.h.close());

const sale = (quantity = 1) => ({ gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } });
/** A call as a counter's transport brings it: the terminal from the transport, the key in the meta. */
const at = (channel: string, input: unknown, o: { key?: string; token?: string; terminal?: string } = {}): Promise<Result<unknown>> =>
  t.h.kiosk.dispatch(
    channel,
    input,
    { ...(o.key ? { idempotencyKey: o.key } : {}), ...(o.token ? { operatorToken: o.token } : {}) },
    { terminalId: o.terminal ?? COUNTER },
  );
const ask = (key: string, o: { terminal?: string } = {}) => at('command.outcome', { key, channel: 'sale.create' }, o);
const count = (sql: string, ...p: unknown[]) => t.h.kiosk.db.prepare(sql).pluck().get(...p) as number;

describe('command.outcome', () => {
  it('asked before the command arrives: not done, the key given up with the question\'s audit row, and the late command refused with nothing written', async () => {
    // Asked with no operator at all: the hall may have restarted and forgotten the session.
    expect(await ask('C2-k000001')).toEqual({ ok: true, value: { outcome: 'not_done' } });
    const question = t.h.kiosk.db.prepare(`SELECT id, channel, terminal_id AS terminalId, operator_id AS operatorId, after FROM audit_log ORDER BY id DESC LIMIT 1`).get();
    expect(question).toMatchObject({ channel: 'command.outcome', terminalId: COUNTER, operatorId: null, after: '{"outcome":"not_done","givenUp":"now"}' });
    expect(t.h.kiosk.db.prepare(`SELECT terminal_id, key, outcome, channel, fingerprint, audit_seq, answer FROM idempotency_keys WHERE key = 'C2-k000001'`).get()).toEqual({
      terminal_id: COUNTER,
      key: 'C2-k000001',
      outcome: 'given_up',
      channel: 'sale.create',
      fingerprint: null,
      audit_seq: (question as { id: number }).id,
      answer: null,
    });

    const before = snapshot(t.h.kiosk);
    const late = await at('sale.create', sale(2), { key: 'C2-k000001', token: t.cashier });
    expect(late).toMatchObject({ ok: false, error: { code: 'COMMAND_GIVEN_UP' } });
    expect(snapshot(t.h.kiosk)).toEqual(before);
    // Asked again: the same fact, and no second key row.
    expect(await ask('C2-k000001')).toEqual({ ok: true, value: { outcome: 'not_done' } });
    expect(count(`SELECT COUNT(*) FROM idempotency_keys WHERE key = 'C2-k000001'`)).toBe(1);
  });

  it('asked after the command: done, with the very answer the command gave', async () => {
    const first = await at('sale.create', sale(3), { key: 'C2-k000002', token: t.cashier });
    expect(first.ok).toBe(true);
    expect(await ask('C2-k000002')).toEqual({ ok: true, value: { outcome: 'done', channel: 'sale.create', value: (first as { value: unknown }).value, answerLost: false } });
    expect(count(`SELECT COUNT(*) FROM sales`)).toBe(1);
  });

  it('keys are the terminal\'s own: another terminal asking the same key neither learns nor closes this one\'s', async () => {
    const first = await at('sale.create', sale(1), { key: 'C2-k000003', token: t.cashier });
    expect(first.ok).toBe(true);
    expect(await ask('C2-k000003', { terminal: 'C9' })).toEqual({ ok: true, value: { outcome: 'not_done' } });
    expect(await ask('C2-k000003')).toMatchObject({ ok: true, value: { outcome: 'done', channel: 'sale.create' } });
  });

  it('is never answered from a key of its own: sent with an Idempotency-Key, each asking answers what the file holds then', async () => {
    expect(await at('command.outcome', { key: 'C2-k000004', channel: 'sale.create' }, { key: 'Q-000000001' })).toEqual({ ok: true, value: { outcome: 'not_done' } });
    expect(await at('command.outcome', { key: 'C2-k000005', channel: 'sale.create' }, { key: 'Q-000000001' })).toEqual({ ok: true, value: { outcome: 'not_done' } });
    expect(count(`SELECT COUNT(*) FROM idempotency_keys WHERE key = 'Q-000000001'`)).toBe(0);
  });

  it('refuses a key that is no key, and writes nothing', async () => {
    const before = snapshot(t.h.kiosk);
    expect(await ask('short')).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('refuses a channel whose key the hall never keeps (none, a query, a secret answer, itself), and gives up nothing', async () => {
    const before = snapshot(t.h.kiosk);
    for (const channel of ['no.such', 'setup.status', 'auth.login', 'command.outcome', 'session.export']) {
      const r = await at('command.outcome', { key: 'sale-outcome-0099', channel });
      expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `Operação desconhecida: ${channel}.` } });
    }
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('100 questions raced with 100 sales of the same keys: for each key, the answer is what the file holds', async () => {
    const keys = Array.from({ length: 100 }, (_, i) => `C2-race-${String(i).padStart(4, '0')}`);
    // Half the questions go out before their sale, half after: the order the hall serializes them in decides, never a guess.
    const calls = keys.flatMap((key, i) => {
      const s = () => at('sale.create', sale(1), { key, token: t.cashier });
      const q = () => ask(key);
      return i % 2 === 0 ? [q(), s()] : [s(), q()];
    });
    const results = await Promise.all(calls);
    let done = 0;
    for (const [i, key] of keys.entries()) {
      const [a, b] = i % 2 === 0 ? [results[2 * i]!, results[2 * i + 1]!] : [results[2 * i + 1]!, results[2 * i]!];
      const answer = a as { ok: true; value: { outcome: string; value?: { saleId: number } } };
      const sold = b;
      const row = t.h.kiosk.db.prepare(`SELECT outcome, answer FROM idempotency_keys WHERE terminal_id = ? AND key = ?`).get(COUNTER, key) as { outcome: string; answer: string | null };
      expect(answer.ok).toBe(true);
      if (answer.value.outcome === 'done') {
        done++;
        expect(row.outcome).toBe('done');
        expect(sold.ok).toBe(true);
        expect(answer.value.value).toEqual(JSON.parse(row.answer!));
        expect(answer.value.value).toEqual((sold as { value: unknown }).value);
        expect(count(`SELECT COUNT(*) FROM sales WHERE id = ?`, answer.value.value!.saleId)).toBe(1);
      } else {
        expect(answer.value.outcome).toBe('not_done');
        expect(row.outcome).toBe('given_up');
        expect(sold).toMatchObject({ ok: false, error: { code: 'COMMAND_GIVEN_UP' } });
      }
    }
    // Every sale the file holds is one a question answered "done" for.
    expect(count(`SELECT COUNT(*) FROM sales`)).toBe(done);
    expect(count(`SELECT COUNT(*) FROM idempotency_keys WHERE outcome = 'done' AND channel = 'sale.create'`)).toBe(done);
    // Both facts were met (the hall serializes each pair in the order it reached it).
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(100);
    expectBooksHold(t.h.kiosk.db);
  });
});
