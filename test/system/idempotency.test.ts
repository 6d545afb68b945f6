/**
 * No sale twice (issue 24, point 5): a command carries an Idempotency-Key over
 * browser mode's real HTTP server; the same key with the same input answers
 * the first answer — 100 copies sent at once, a retry after a lost answer, a
 * retry after the kiosk restarted — and the database holds one sale, one
 * ledger transaction, one audit row; the same key with another input or for
 * another command is refused with 422 and changes nothing.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../core/errors.js';
import { canonicalJson } from '../../core/idempotency.js';
import { startWebServer, type WebServer } from '../../main/web/server.js';
import { expectBooksHold } from '../books.js';
import { createHall, createHarness, snapshot, type Harness } from '../harness.js';

const TOKEN = 'idempotency-token';
const APPROVAL = { username: 'gerente', pin: '2222' };

let dataDir: string;
let h: Harness;
let server: WebServer;
let t: { admin: string; manager: string; cashier: string };
let gameId: number;

async function post(channel: string, input: unknown, operatorToken: string, key?: string): Promise<{ status: number; body: Result<Record<string, unknown>> }> {
  const res = await fetch(`${server.url}/rpc/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'X-Operator-Token': operatorToken, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as Result<Record<string, unknown>> };
}

const count = (sql: string) => h.kiosk.db.prepare(sql).pluck().get() as number;
const sale = (quantity = 3) => ({ gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } });

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kiosk-idem-'));
  h = await createHarness({ dataDir });
  t = await createHall(h);
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  gameId = (await h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
  server = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0 });
});

afterEach(async () => {
  await server?.close();
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('a command sent again with its Idempotency-Key', () => {
  it('100 copies at once, a retry and a restart: one sale, the same numbers in every answer', async () => {
    const key = 'sale-7f3a9c21-0001';
    const answers = await Promise.all(Array.from({ length: 100 }, () => post('sale.create', sale(), t.cashier, key)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    const values = answers.map((a) => (a.body.ok ? a.body.value : a.body.error));
    expect(values.every((v) => JSON.stringify(v) === JSON.stringify(values[0]))).toBe(true);
    expect(values[0]).toMatchObject({ quantity: 3, totalCents: 300, ranges: [{ seriesCode: 'A', from: 1, to: 3 }] });
    // In the database, not the answers: one sale, one ledger transaction, one audit row, one key.
    expect([
      count(`SELECT COUNT(*) FROM sales`),
      count(`SELECT COUNT(*) FROM ledger_transactions WHERE kind = 'card_sale'`),
      count(`SELECT COUNT(*) FROM audit_log WHERE channel = 'sale.create'`),
      count(`SELECT COUNT(*) FROM idempotency_keys`),
    ]).toEqual([1, 1, 1, 1]);

    // The answer was lost: the counter sends it again, and is told of the one sale that happened.
    const retry = await post('sale.create', sale(), t.cashier, key);
    expect(retry.body).toEqual({ ok: true, value: values[0] });

    // The kiosk restarts (the cashier logs in again): the key still answers the same.
    await server.close();
    h.close();
    h = await createHarness({ dataDir });
    server = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0 });
    const cashier = await h.login('caixa1', '3333');
    const afterRestart = await post('sale.create', sale(), cashier, key);
    expect(afterRestart.body).toEqual({ ok: true, value: values[0] });
    expect(count(`SELECT COUNT(*) FROM sales`)).toBe(1);
    // A new action, a new key: the next cards.
    const next = await post('sale.create', sale(2), cashier, 'sale-7f3a9c21-0002');
    expect(next.body).toMatchObject({ ok: true, value: { ranges: [{ from: 4, to: 5 }] } });
  });

  it('the same key with another input, for another command, or by another operator: 422, nothing changed', async () => {
    const key = 'sale-1b2c3d4e-0001';
    expect((await post('sale.create', sale(), t.cashier, key)).status).toBe(200);
    const before = snapshot(h.kiosk);
    const other = await post('sale.create', sale(4), t.cashier, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(!other.body.ok && other.body.error.message).toBe(
      'Chave de idempotência já usada noutra operação (sale.create): nada foi feito. Cada operação do operador leva a sua chave; repita-a só para a mesma operação com os mesmos dados.',
    );
    const otherChannel = await post('drawer.move', { kind: 'pay_in', amountCents: 1_000, reason: 'Trocos' }, t.cashier, key);
    expect([otherChannel.status, !otherChannel.body.ok && otherChannel.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // By another operator: another act, refused too.
    const otherOperator = await post('drawer.move', { kind: 'pay_in', amountCents: 1_000, reason: 'Trocos' }, t.manager, key);
    expect([otherOperator.status, !otherOperator.body.ok && otherOperator.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const bad = await post('sale.create', sale(), t.cashier, 'short');
    expect([bad.status, !bad.body.ok && bad.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
    expect(snapshot(h.kiosk)).toEqual(before);
  });

  it('a command with a PIN (the void of the last sale) is done once; without a key, each call is its own act', async () => {
    await post('sale.create', sale(), t.cashier, 'sale-aaaa0000-0001');
    await post('sale.create', sale(), t.cashier, 'sale-aaaa0000-0002');
    const voids = await Promise.all(Array.from({ length: 10 }, () => post('sale.voidLast', { gameId, approval: APPROVAL }, t.cashier, 'void-aaaa0000-0001')));
    expect(voids.map((v) => (v.body.ok ? 'ok' : v.body.error.code))).toEqual(Array(10).fill('ok'));
    expect(count(`SELECT COUNT(*) FROM sale_voids`)).toBe(1);
    // The void's input holds the manager's PIN: what is kept of it leaves the PIN out, so nothing kept can be tried PIN by PIN.
    const kept = h.kiosk.db.prepare(`SELECT fingerprint FROM idempotency_keys WHERE key = 'void-aaaa0000-0001'`).pluck().get() as string;
    const cashierId = h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = 'caixa1'`).pluck().get() as number;
    const withPin = createHash('sha256').update(`sale.voidLast\u0000T1\u0000${cashierId}\u0000${canonicalJson({ gameId, approval: APPROVAL })}`).digest('hex');
    const lessPin = createHash('sha256').update(`sale.voidLast\u0000T1\u0000${cashierId}\u0000${canonicalJson({ gameId, approval: { username: APPROVAL.username } })}`).digest('hex');
    expect(kept).not.toBe(withPin);
    expect(kept).toBe(lessPin);
    // Without keys two calls are two sales, as before.
    await post('sale.create', sale(1), t.cashier);
    await post('sale.create', sale(1), t.cashier);
    expect(count(`SELECT COUNT(*) FROM sales`)).toBe(4);
  });

  it('is never kept for an answer that holds a secret (a login’s session token, a recovery code)', async () => {
    const login = await post('auth.login', { username: 'caixa1', pin: '3333' }, '', 'login-bbbb0000-0001');
    expect(login.body).toMatchObject({ ok: true, value: { operatorToken: expect.any(String) } });
    const again = await post('auth.login', { username: 'caixa1', pin: '3333' }, '', 'login-bbbb0000-0001');
    // Sent again, a login is a new session, not the first one's token read back from the database.
    expect(again.body.ok && again.body.value.operatorToken).not.toBe(login.body.ok && login.body.value.operatorToken);
    expect(count(`SELECT COUNT(*) FROM idempotency_keys`)).toBe(0);
    const code = await post('users.newRecoveryCode', {}, t.admin, 'code-bbbb0000-0001');
    expect(code.body.ok).toBe(true);
    expect(count(`SELECT COUNT(*) FROM idempotency_keys`)).toBe(0);
  });

  it('a slow answer (the board after a ball) is kept once finished: the ball sent again is the one ball', async () => {
    await post('sale.create', sale(), t.cashier, 'sale-cccc0000-0001');
    await h.ok('game.closeSale', { gameId }, t.manager);
    const first = await post('game.drawBall', { gameId, number: 17 }, t.manager, 'ball-cccc0000-0017');
    expect(first.body.ok).toBe(true);
    const again = await Promise.all(Array.from({ length: 5 }, () => post('game.drawBall', { gameId, number: 17 }, t.manager, 'ball-cccc0000-0017')));
    expect(again.map((a) => a.body)).toEqual(Array(5).fill(first.body));
    expect(count(`SELECT COUNT(*) FROM balls`)).toBe(1);
    expect(count(`SELECT COUNT(*) FROM idempotency_keys WHERE key = 'ball-cccc0000-0017' AND answer IS NOT NULL`)).toBe(1);
  });
});
