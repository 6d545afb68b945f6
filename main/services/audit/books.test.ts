/**
 * books.verify (issue 12, part 3): the books checked one document at a time,
 * against a file edited by hand the way someone with the file would, where
 * ledger.verify (which only adds up) and the audit chain see nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestHall } from '../../../test/fixtures/faces.js';
import type { Harness } from '../../../test/harness.js';

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall();
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
});

afterEach(() => h.close());

/** A small evening: two sales of game 1 (the second voided) and a pay-in. */
async function evening() {
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  const game = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
  h.clock.advanceSeconds(5);
  const first = await h.ok('sale.create', { gameId: game.id, quantity: 3, payment: { method: 'cash', tenderedCents: 500 } }, t.cashier);
  h.clock.advanceSeconds(5);
  await h.ok('sale.create', { gameId: game.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, t.cashier);
  h.clock.advanceSeconds(5);
  await h.ok('sale.voidLast', { gameId: game.id, approval: { username: 'gerente', pin: '2222' } }, t.cashier);
  h.clock.advanceSeconds(5);
  await h.ok('drawer.move', { kind: 'pay_in', amountCents: 2000, reason: 'Trocos do cofre' }, t.cashier);
  return { gameId: game.id, firstSaleId: first.saleId };
}

const db = () => h.kiosk.db;
const tx = (sql: string, ...args: unknown[]) => db().prepare(sql).run(...args);
const one = (sql: string, ...args: unknown[]) => db().prepare(sql).pluck().get(...args);

/** A balanced transaction written straight into the file, as the kiosk writes them. */
function forgeTransaction(t0: { at: string; kind: string; refType: string | null; refId: number | null; postings: [string, number][] }): number {
  const id = Number(
    tx(`INSERT INTO ledger_transactions (at, kind, operator_id, terminal_id, ref_type, ref_id) VALUES (?, ?, NULL, 'T1', ?, ?)`, t0.at, t0.kind, t0.refType, t0.refId)
      .lastInsertRowid,
  );
  for (const [account, amountCents] of t0.postings) tx(`INSERT INTO ledger_entries (transaction_id, account, amount_cents) VALUES (?, ?, ?)`, id, account, amountCents);
  return id;
}

describe('books.verify', () => {
  it('finds nothing to say about books the kiosk wrote, and counts what it checked', async () => {
    await evening();
    const books = await h.ok('books.verify', {}, t.manager);
    // 2 sales, 1 game, 1 session, 1 drawer movement; 4 transactions: 2 sales, 1 void, 1 pay-in; 3 operators.
    expect(books).toEqual({ ok: true, documents: 5, transactions: 4, operators: 3, findings: [], findingsTotal: 0 });
    expect((await h.refused('books.verify', {}, t.cashier)).code).toBe('FORBIDDEN');
  });

  it('names a balanced transaction no document calls for, which ledger.verify finds balanced', async () => {
    await evening();
    const forged = forgeTransaction({
      at: '2026-11-30T23:59:00.000Z',
      kind: 'pay_in',
      refType: 'drawer_movement',
      refId: 999,
      postings: [
        ['cash:T1', 5000],
        ['equity:pay_in', -5000],
      ],
    });
    const noRef = forgeTransaction({ at: '2026-11-30T23:59:30.000Z', kind: 'drop', refType: null, refId: null, postings: [['cash:safe', 700], ['cash:T1', -700]] });
    expect(await h.ok('ledger.verify', {}, t.manager)).toMatchObject({ balanced: true, unbalanced: [] });
    expect((await h.ok('audit.verify', {}, t.manager)).valid).toBe(true);
    const books = await h.ok('books.verify', {}, t.manager);
    expect(books.ok).toBe(false);
    expect(books.findings).toEqual([
      {
        problem: 'transaction_unexplained',
        document: { type: 'drawer_movement', id: 999 },
        transactionId: forged,
        kind: 'pay_in',
        expected: null,
        actual: [
          { account: 'cash:T1', amountCents: 5000 },
          { account: 'equity:pay_in', amountCents: -5000 },
        ],
      },
      {
        problem: 'transaction_unexplained',
        document: null,
        transactionId: noRef,
        kind: 'drop',
        expected: null,
        actual: [
          { account: 'cash:safe', amountCents: 700 },
          { account: 'cash:T1', amountCents: -700 },
        ],
      },
      // No command ran at their instants either.
      { problem: 'audit_missing', document: null, transactionId: forged, kind: null, expected: null, actual: null },
      { problem: 'audit_missing', document: null, transactionId: noRef, kind: null, expected: null, actual: null },
    ]);
    expect(books.findingsTotal).toBe(4);
  });

  it('names a sale whose amount was edited after its posting, and a second posting of a sale', async () => {
    const { firstSaleId } = await evening();
    tx(`DROP TRIGGER sales_no_update`);
    tx(`UPDATE sales SET quantity = 1, total_cents = 100, change_cents = tendered_cents - 100 WHERE id = ?`, firstSaleId);
    const at = one(`SELECT created_at FROM sales WHERE id = ?`, firstSaleId) as string;
    const again = forgeTransaction({ at, kind: 'card_sale', refType: 'sale', refId: firstSaleId, postings: [['cash:T1', 300], ['revenue:cards', -300]] });
    const saleTx = one(`SELECT id FROM ledger_transactions WHERE ref_type = 'sale' AND ref_id = ? AND kind = 'card_sale' ORDER BY id LIMIT 1`, firstSaleId);
    const books = await h.ok('books.verify', {}, t.manager);
    expect(books.findings).toEqual([
      {
        problem: 'transaction_differs',
        document: { type: 'sale', id: firstSaleId },
        transactionId: saleTx,
        kind: 'card_sale',
        expected: [
          { account: 'cash:T1', amountCents: 100 },
          { account: 'revenue:cards', amountCents: -100 },
        ],
        actual: [
          { account: 'cash:T1', amountCents: 300 },
          { account: 'revenue:cards', amountCents: -300 },
        ],
      },
      {
        problem: 'transaction_duplicated',
        document: { type: 'sale', id: firstSaleId },
        transactionId: again,
        kind: 'card_sale',
        expected: null,
        actual: [
          { account: 'cash:T1', amountCents: 300 },
          { account: 'revenue:cards', amountCents: -300 },
        ],
      },
      // Stamped with the sale's own instant, the second posting is still bound to no command of it (issue 21).
      { problem: 'audit_missing', document: null, transactionId: again, kind: null, expected: null, actual: null },
    ]);
  });

  it('names a sale written by hand with its posting: no command wrote it', async () => {
    const { gameId } = await evening();
    const at = '2026-11-30T23:00:00.000Z';
    const saleId = Number(
      tx(
        `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
         VALUES (?, 'T1', 3, 1, 100, 100, 'cash', 100, 0, ?)`,
        gameId,
        at,
      ).lastInsertRowid,
    );
    forgeTransaction({ at, kind: 'card_sale', refType: 'sale', refId: saleId, postings: [['cash:T1', 100], ['revenue:cards', -100]] });
    const books = await h.ok('books.verify', {}, t.manager);
    expect(books.findings.map((f) => [f.problem, f.document])).toEqual([
      ['audit_missing', { type: 'sale', id: saleId }],
      ['audit_missing', null],
    ]);
  });

  it('names a sale whose posting vanished (written without one)', async () => {
    await evening();
    const at = one(`SELECT at FROM audit_log WHERE channel = 'drawer.move'`) as string;
    const gameId = one(`SELECT id FROM games`) as number;
    // At an audited instant (so only the ledger can tell), with no transaction.
    const saleId = Number(
      tx(
        `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
         VALUES (?, 'T1', 3, 2, 100, 200, 'cash', 200, 0, ?)`,
        gameId,
        at,
      ).lastInsertRowid,
    );
    const books = await h.ok('books.verify', {}, t.manager);
    expect(books.findings).toEqual([
      {
        problem: 'transaction_missing',
        document: { type: 'sale', id: saleId },
        transactionId: null,
        kind: 'card_sale',
        expected: [
          { account: 'cash:T1', amountCents: 200 },
          { account: 'revenue:cards', amountCents: -200 },
        ],
        actual: null,
      },
      // drawer.move is not the command that writes a sale.
      { problem: 'audit_missing', document: { type: 'sale', id: saleId }, transactionId: null, kind: null, expected: null, actual: null },
    ]);
  });
});

describe('operators changed outside the commands', () => {
  const cashierId = () => one(`SELECT id FROM operators WHERE username = 'caixa1'`) as number;

  it('a cashier made admin in the file is named; the same change by users.update is not', async () => {
    const admin = await h.login('admin', '1111');
    await h.ok('users.update', { operatorId: one(`SELECT id FROM operators WHERE username = 'gerente'`) as number, roles: ['manager', 'cashier'] }, admin);
    expect((await h.ok('books.verify', {}, admin)).findings).toEqual([]);
    tx(`UPDATE operators SET roles = '["admin"]' WHERE username = 'caixa1'`);
    const books = await h.ok('books.verify', {}, admin);
    expect(books.findings).toEqual([
      { problem: 'operator_changed_outside_commands', document: { type: 'operator', id: cashierId() }, transactionId: null, kind: 'updated', expected: null, actual: null },
      // The digest of the cashier's credential in the audit row that last wrote it (issue 37).
      { problem: 'operator_unrecorded', document: { type: 'operator', id: cashierId() }, transactionId: null, kind: 'credential', expected: null, actual: null },
    ]);
    // The record of it stays, whatever follows.
    expect(JSON.parse(one(`SELECT after FROM operator_changes WHERE operator_id = ? ORDER BY id DESC LIMIT 1`, cashierId()) as string)).toEqual({
      username: 'caixa1',
      name: 'Caixa Um',
      roles: ['admin'],
      active: 1,
    });
    expect(() => tx(`DELETE FROM operator_changes`)).toThrow(/append-only/);
  });

  it('a PIN replaced in the file, or an operator changed with the record switched off, is named', async () => {
    tx(`UPDATE operators SET pin_hash = 'scrypt$forged' WHERE username = 'caixa1'`);
    expect((await h.ok('books.verify', {}, t.manager)).findings.map((f) => [f.problem, f.document?.id, f.kind])).toEqual([
      ['operator_changed_outside_commands', cashierId(), 'updated'],
      // Not the digest its audit row keeps, and a hash of scrypt alone in a hall whose PINs are sealed (issue 37).
      ['operator_unrecorded', cashierId(), 'credential'],
      ['operator_unrecorded', cashierId(), 'pin_unsealed'],
    ]);
    tx(`DROP TRIGGER operators_record_update`);
    // The manager deactivated (even in the file) has no session any more: the admin reads the books.
    const admin = await h.login('admin', '1111');
    tx(`UPDATE operators SET active = 0 WHERE username = 'gerente'`);
    const gerente = one(`SELECT id FROM operators WHERE username = 'gerente'`) as number;
    expect((await h.ok('books.verify', {}, admin)).findings.map((f) => [f.problem, f.document?.id])).toEqual([
      ['operator_changed_outside_commands', cashierId()],
      ['operator_unrecorded', gerente],
      // The digests, operator by operator: the manager's, then the cashier's (hash and scheme).
      ['operator_unrecorded', gerente],
      ['operator_unrecorded', cashierId()],
      ['operator_unrecorded', cashierId()],
    ]);
  });

  it('an operator is never deleted: they signed documents', () => {
    expect(() => tx(`DELETE FROM operators WHERE username = 'caixa1'`)).toThrow(/never deleted/);
  });
});
