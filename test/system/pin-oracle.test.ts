/**
 * No PIN learned through a retry (issue 37, point 5). A kept Idempotency-Key
 * sent again answers from its record alone: its fingerprint holds no secret,
 * so the same key with the body of an approved void and every PIN from 0000
 * to 9999 answers one answer, evaluates no PIN and writes nothing; keys are
 * the terminal's and the operator's own. Guesses with fresh keys are PIN
 * checks like any other: each counted, the approvals paused by the budget.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallMeta } from '../../core/bridge.js';
import type { Result } from '../../core/errors.js';
import { canonicalJson } from '../../core/idempotency.js';
import type { Pins } from '../../main/services/shared/access/pin.js';
import { createHall, createHarness, snapshot, type Harness } from '../harness.js';

let h: Harness;
let t: { admin: string; manager: string; cashier: string };
let gameId: number;
/** Every PIN the kiosk evaluated (hashed to check), in order. */
let evaluated: string[];

function counting(pins: Pins): Pins {
  return {
    ...pins,
    verify: (pin, stored) => {
      evaluated.push(pin);
      return pins.verify(pin, stored);
    },
    burn: (pin) => {
      evaluated.push(pin);
      return pins.burn(pin);
    },
  };
}

const T1 = { terminalId: 'T1' };
const send = (channel: string, input: unknown, operatorToken: string, idempotencyKey?: string, origin = T1): Promise<Result<unknown>> => {
  const meta: CallMeta = { operatorToken };
  if (idempotencyKey) meta.idempotencyKey = idempotencyKey;
  return h.kiosk.dispatch(channel, input, meta, origin);
};
const count = (sql: string) => h.kiosk.db.prepare(sql).pluck().get() as number;
const sale = { get value() { return { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }; } };
const pinOf = (n: number) => String(n).padStart(4, '0');

beforeEach(async () => {
  evaluated = [];
  h = await createHarness({ wrapPins: counting, terminalId: 'T1' });
  t = await createHall(h);
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  gameId = (await h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
  await send('sale.create', sale.value, t.cashier, 'sale-oracle-0001');
  await send('sale.create', sale.value, t.cashier, 'sale-oracle-0002');
  evaluated = [];
});

afterEach(() => h.close());

describe('a kept key sent again with every PIN', () => {
  it('10,000 PINs through the key of an approved void: one answer for all, no PIN evaluated, nothing written', async () => {
    const first = await send('sale.voidLast', { gameId, approval: { username: 'gerente', pin: '2222' } }, t.cashier, 'void-oracle-0001');
    expect(first.ok).toBe(true);
    expect(evaluated).toEqual(['2222']);
    evaluated = [];
    const before = snapshot(h.kiosk);
    const answers = new Map<string, number>();
    for (let n = 0; n < 10_000; n++) {
      const r = await send('sale.voidLast', { gameId, approval: { username: 'gerente', pin: pinOf(n) } }, t.cashier, 'void-oracle-0001');
      const text = JSON.stringify(r);
      answers.set(text, (answers.get(text) ?? 0) + 1);
    }
    // Every answer is the first one, the right PIN's as the 9,999 wrong ones'.
    expect([...answers.entries()]).toEqual([[JSON.stringify(first), 10_000]]);
    expect(evaluated).toEqual([]);
    expect(snapshot(h.kiosk)).toEqual(before);
    expect(count(`SELECT COUNT(*) FROM sale_voids`)).toBe(1);
  });

  it('another operator’s kept key: one refusal for every PIN, no PIN evaluated', async () => {
    await h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['cashier'], pin: '4444' }, t.admin);
    const other = await h.login('caixa2', '4444');
    const first = await send('sale.voidLast', { gameId, approval: { username: 'gerente', pin: '2222' } }, t.cashier, 'void-oracle-0002');
    expect(first.ok).toBe(true);
    evaluated = [];
    const before = snapshot(h.kiosk);
    const codes = new Set<string>();
    // Another cashier at the same terminal replays the first one's key: another operator's key is not theirs to read.
    for (let n = 0; n < 1_000; n++) {
      const r = await send('sale.voidLast', { gameId, approval: { username: 'gerente', pin: pinOf(n) } }, other, 'void-oracle-0002');
      codes.add(JSON.stringify(r));
    }
    expect(codes.size).toBe(1);
    expect(JSON.parse([...codes][0]!)).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(evaluated).toEqual([]);
    expect(snapshot(h.kiosk)).toEqual(before);
  });

  it('what is kept of a key holds no secret: the fingerprint is the input less its PIN', async () => {
    const input = { gameId, approval: { username: 'gerente', pin: '2222' } };
    await send('sale.voidLast', input, t.cashier, 'void-oracle-0003');
    const kept = h.kiosk.db.prepare(`SELECT terminal_id AS terminalId, fingerprint FROM idempotency_keys WHERE key = 'void-oracle-0003'`).get() as {
      terminalId: string;
      fingerprint: string;
    };
    const cashierId = count(`SELECT id FROM operators WHERE username = 'caixa1'`);
    const lessPin = createHash('sha256')
      .update(`sale.voidLast\u0000T1\u0000${cashierId}\u0000${canonicalJson({ gameId, approval: { username: 'gerente' } })}`)
      .digest('hex');
    expect(kept).toEqual({ terminalId: 'T1', fingerprint: lessPin });
  });

  it('keys are the terminal’s own: the same key at another terminal is another command, its PIN checked and counted', async () => {
    await send('sale.voidLast', { gameId, approval: { username: 'gerente', pin: '2222' } }, t.cashier, 'void-oracle-0004');
    evaluated = [];
    const cashierAtT2 = await h.at('T2').login('caixa1', '3333');
    evaluated = [];
    const r = await send('sale.voidLast', { gameId, approval: { username: 'gerente', pin: '9999' } }, cashierAtT2, 'void-oracle-0004', { terminalId: 'T2' });
    // Not the first terminal's answer: T2's own act, refused on its own merits (its last sale, or the PIN), never a replay.
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).not.toBe('IDEMPOTENCY_KEY_REUSED');
    expect(count(`SELECT COUNT(*) FROM idempotency_keys WHERE key = 'void-oracle-0004'`)).toBe(1);
  });
});

describe('guesses with fresh keys', () => {
  it('each is a PIN check, counted and audited; the third wrong one pauses approvals, and the right PIN is then refused unevaluated', async () => {
    const answers: string[] = [];
    for (let n = 0; n < 10; n++) {
      const r = await send('sale.voidLast', { gameId, approval: { username: 'gerente', pin: pinOf(5000 + n) } }, t.cashier, `void-guess-${1000 + n}`);
      answers.push(r.ok ? 'ok' : r.error.code);
    }
    expect(answers).toEqual(['APPROVAL_INVALID', 'APPROVAL_INVALID', 'APPROVALS_PAUSED', ...Array(7).fill('APPROVALS_PAUSED')]);
    expect(evaluated).toEqual(['5000', '5001', '5002']);
    expect(count(`SELECT COUNT(*) FROM audit_log WHERE channel = 'sale.voidLast' AND outcome = 'refused'`)).toBe(3);
    expect(count(`SELECT failures FROM pin_budgets WHERE scope = 'approvals@T1'`)).toBe(3);
    const right = await send('sale.voidLast', { gameId, approval: { username: 'gerente', pin: '2222' } }, t.cashier, 'void-guess-2000');
    expect(!right.ok && right.error.code).toBe('APPROVALS_PAUSED');
    expect(evaluated).toHaveLength(3);
    expect(count(`SELECT COUNT(*) FROM sale_voids`)).toBe(0);
  });
});
