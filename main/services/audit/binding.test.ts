/**
 * Every document bound by identity to the audit row of the command that
 * wrote it (issue 21, part 4; migration 0018): the database binds each one
 * as it is written, to the row its command appends at the end of the same
 * transaction, and books.verify checks the binding both ways. A document
 * written by hand with a real one's instant, terminal and command passes a
 * match by time and channel; it does not pass this.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendAudit, verifyAudit } from '../../../db/audit.js';
import { checkBooks } from '../../../db/books.js';
import { expectBooksHold } from '../../../test/books.js';
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

const db = () => h.kiosk.db;
const run = (sql: string, ...args: unknown[]) => db().prepare(sql).run(...args);
const one = (sql: string, ...args: unknown[]) => db().prepare(sql).pluck().get(...args);
const findings = () => checkBooks(db(), 100).findings;
const problems = () => findings().map((f) => [f.problem, f.document, f.transactionId, f.kind]);

/** Two sales of game 1 and a pay-in, five seconds apart. */
async function evening() {
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  const game = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
  h.clock.advanceSeconds(5);
  const first = await h.ok('sale.create', { gameId: game.id, quantity: 3, payment: { method: 'cash', tenderedCents: 500 } }, t.cashier);
  h.clock.advanceSeconds(5);
  const second = await h.ok('sale.create', { gameId: game.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, t.cashier);
  h.clock.advanceSeconds(5);
  const move = await h.ok('drawer.move', { kind: 'pay_in', amountCents: 2000, reason: 'Trocos do cofre' }, t.cashier);
  return { gameId: game.id, first: first.saleId, second: second.saleId, movementId: move.movementId };
}

/** The audit row a document is bound to (its command's own row), as the database recorded it. */
const boundRow = (document: string, id: number) =>
  db()
    .prepare(`SELECT a.id, a.channel, a.at FROM document_audit b JOIN audit_log a ON a.id = b.audit_seq + 1 WHERE b.document = ? AND b.document_id = ?`)
    .get(document, id) as { id: number; channel: string; at: string } | undefined;

/** A copy of a stored transaction (its kind, instant, terminal and postings) for another document: as someone with the file would write it. */
function copyTransaction(txId: number, refId: number): number {
  const src = db().prepare(`SELECT at, kind, operator_id AS operatorId, terminal_id AS terminalId, ref_type AS refType, drawer_id AS drawerId FROM ledger_transactions WHERE id = ?`).get(txId) as {
    at: string;
    kind: string;
    operatorId: number;
    terminalId: string;
    refType: string;
    drawerId: number | null;
  };
  const id = Number(
    run(
      `INSERT INTO ledger_transactions (at, kind, operator_id, terminal_id, ref_type, ref_id, drawer_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      src.at,
      src.kind,
      src.operatorId,
      src.terminalId,
      src.refType,
      refId,
      src.drawerId,
    ).lastInsertRowid,
  );
  run(`INSERT INTO ledger_entries (transaction_id, account, amount_cents) SELECT ?, account, amount_cents FROM ledger_entries WHERE transaction_id = ? ORDER BY id`, id, txId);
  return id;
}

const txOf = (refType: string, refId: number) => one(`SELECT id FROM ledger_transactions WHERE ref_type = ? AND ref_id = ? ORDER BY id LIMIT 1`, refType, refId) as number;

describe('the binding the database writes', () => {
  it("binds each document and transaction to its own command's audit row, and nothing else", async () => {
    const { first, second, movementId } = await evening();
    const saleRow = (saleId: number) => one(`SELECT id FROM audit_log WHERE channel = 'sale.create' AND json_extract(after, '$.saleId') = ?`, saleId) as number;
    expect(boundRow('sale', first)).toEqual({ id: saleRow(first), channel: 'sale.create', at: '2026-11-30T20:00:05.000Z' });
    expect(boundRow('sale', second)).toEqual({ id: saleRow(second), channel: 'sale.create', at: '2026-11-30T20:00:10.000Z' });
    expect(boundRow('ledger_transaction', txOf('sale', second))).toEqual({ id: saleRow(second), channel: 'sale.create', at: '2026-11-30T20:00:10.000Z' });
    expect(boundRow('drawer_movement', movementId)).toEqual({ id: one(`SELECT MAX(id) FROM audit_log`), channel: 'drawer.move', at: '2026-11-30T20:00:15.000Z' });
    // One binding per document and per transaction: 2 sales, 1 drawer movement, 3 transactions.
    expect(one(`SELECT COUNT(*) FROM document_audit`)).toBe(6);
    expect(db().prepare(`SELECT document, COUNT(*) AS n FROM document_audit GROUP BY document ORDER BY document`).all()).toEqual([
      { document: 'drawer_movement', n: 1 },
      { document: 'ledger_transaction', n: 3 },
      { document: 'sale', n: 2 },
    ]);
    expectBooksHold(db());
  });

  it('refuses a binding written by hand: to an older row, ahead of its document, or changed or removed', async () => {
    const { first, gameId } = await evening();
    const older = boundRow('sale', first)!.id - 1;
    const last = one(`SELECT MAX(id) FROM audit_log`) as number;
    // A binding for a document yet to come, even to the last row.
    expect(() => run(`INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('sale', 99, ?)`, last)).toThrow(/bound by its own trigger/);
    // A sale by hand is bound by the trigger at once: a second binding of it, or a made-up type, is refused.
    run(
      `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
       VALUES (?, 'T1', 3, 1, 100, 100, 'cash', 100, 0, '2026-11-30T20:00:05.000Z')`,
      gameId,
    );
    const forged = one(`SELECT MAX(id) FROM sales`) as number;
    expect(one(`SELECT audit_seq FROM document_audit WHERE document = 'sale' AND document_id = ?`, forged)).toBe(last);
    expect(() => run(`INSERT OR REPLACE INTO document_audit (document, document_id, audit_seq) VALUES ('sale', ?, ?)`, forged, older)).toThrow(/bound by its own trigger/);
    expect(() => run(`INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('sale', ?, ?)`, forged, last)).toThrow(/UNIQUE/);
    expect(() => run(`INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('game', 1, ?)`, last)).toThrow(/bound by its own trigger/);
    expect(() => run(`UPDATE document_audit SET audit_seq = ? WHERE document = 'sale' AND document_id = ?`, older, forged)).toThrow(/document_audit is append-only/);
    expect(() => run(`DELETE FROM document_audit WHERE document = 'sale'`)).toThrow(/document_audit is append-only/);
    expect(() => run(`UPDATE document_audit_start SET audit_seq = 999`)).toThrow(/document_audit_start is append-only/);
    expect(one(`SELECT audit_seq FROM document_audit WHERE document = 'sale' AND document_id = ?`, forged)).toBe(last);
  });
});

describe('books.verify: each document against its audit row', () => {
  it("names a sale written by hand with a real sale's instant, terminal and posting, which a match by time and channel passed", async () => {
    const { first, gameId } = await evening();
    const at = one(`SELECT created_at FROM sales WHERE id = ?`, first) as string;
    const saleId = Number(
      run(
        `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
         VALUES (?, 'T1', 3, 3, 100, 300, 'cash', 500, 200, ?)`,
        gameId,
        at,
      ).lastInsertRowid,
    );
    const tx = copyTransaction(txOf('sale', first), saleId);
    // What the old check looked for is there: an accepted sale.create at that very instant.
    expect(one(`SELECT COUNT(*) FROM audit_log WHERE at = ? AND channel = 'sale.create' AND outcome = 'ok'`, at)).toBe(1);
    expect(verifyAudit(db())).toMatchObject({ valid: true });
    expect(problems()).toEqual([
      ['audit_missing', { type: 'sale', id: saleId }, null, null],
      ['audit_missing', null, tx, null],
    ]);
    expect((await h.ok('books.verify', {}, t.manager)).findingsTotal).toBe(2);
  });

  it("names a drawer movement and a guia written by hand with a real one's instant", async () => {
    const { movementId } = await evening();
    const admin = await h.login('admin', '1111');
    await h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['caixa'], pin: '4444' }, admin);
    const caixa = await h.login('caixa2', '4444');
    await h.ok('machine.register', { number: '9', model: 'Fruit Party', betCents: 100 }, t.manager);
    h.clock.advanceSeconds(5);
    const guia = await h.ok('guia.issue', { machineNumber: '9', amountCents: 12_000, kind: 'hand_pay' }, caixa);
    expectBooksHold(db());

    const move = db().prepare(`SELECT drawer_id AS drawerId, at, operator_id AS operatorId FROM drawer_movements WHERE id = ?`).get(movementId) as {
      drawerId: number;
      at: string;
      operatorId: number;
    };
    const handMove = Number(
      run(
        `INSERT INTO drawer_movements (drawer_id, kind, amount_cents, reason, at, operator_id) VALUES (?, 'pay_in', 2000, 'Trocos do cofre', ?, ?)`,
        move.drawerId,
        move.at,
        move.operatorId,
      ).lastInsertRowid,
    );
    const moveTx = copyTransaction(txOf('drawer_movement', movementId), handMove);
    const g = db().prepare(`SELECT machine_id AS machineId, issued_at AS at, issued_by AS issuedBy FROM guias WHERE id = ?`).get(guia.guiaId) as {
      machineId: number;
      at: string;
      issuedBy: number;
    };
    const handGuia = Number(
      run(
        `INSERT INTO guias (number, machine_id, kind, amount_cents, issued_at, issued_by, terminal_id) VALUES (2, ?, 'hand_pay', 12000, ?, ?, 'T1')`,
        g.machineId,
        g.at,
        g.issuedBy,
      ).lastInsertRowid,
    );
    const guiaTx = copyTransaction(txOf('guia', guia.guiaId), handGuia);
    expect(problems()).toEqual([
      ['audit_missing', { type: 'guia', id: handGuia }, null, null],
      ['audit_missing', { type: 'drawer_movement', id: handMove }, null, null],
      ['audit_missing', null, moveTx, null],
      ['audit_missing', null, guiaTx, null],
    ]);
  });

  it('names a sale written with the binding trigger dropped: it is bound to nothing', async () => {
    const { first, gameId } = await evening();
    run(`DROP TRIGGER sales_audit`);
    const at = one(`SELECT created_at FROM sales WHERE id = ?`, first) as string;
    const saleId = Number(
      run(
        `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
         VALUES (?, 'T1', 3, 3, 100, 300, 'cash', 500, 200, ?)`,
        gameId,
        at,
      ).lastInsertRowid,
    );
    expect(one(`SELECT COUNT(*) FROM document_audit WHERE document = 'sale' AND document_id = ?`, saleId)).toBe(0);
    expect(problems()).toEqual([
      ['transaction_missing', { type: 'sale', id: saleId }, null, 'card_sale'],
      ['audit_missing', { type: 'sale', id: saleId }, null, null],
    ]);
  });
});

describe('books.verify on a file whose bindings are gone', () => {
  it('names every document and every command when the table was dropped from a file of its version', async () => {
    const { first, second, movementId } = await evening();
    const rows = db().prepare(`SELECT audit_seq + 1 AS seq FROM document_audit WHERE document IN ('sale', 'drawer_movement') ORDER BY audit_seq`).pluck().all() as number[];
    const txs = db().prepare(`SELECT id FROM ledger_transactions ORDER BY id`).pluck().all() as number[];
    run(`DROP TABLE document_audit`);
    expect(problems()).toEqual([
      ['audit_missing', { type: 'sale', id: first }, null, null],
      ['audit_missing', { type: 'sale', id: second }, null, null],
      ['audit_missing', { type: 'drawer_movement', id: movementId }, null, null],
      ...txs.map((id) => ['audit_missing', null, id, null]),
      ['document_missing', { type: 'audit', id: rows[0] }, null, 'sale.create'],
      ['document_missing', { type: 'audit', id: rows[1] }, null, 'sale.create'],
      ['document_missing', { type: 'audit', id: rows[2] }, null, 'drawer.move'],
    ]);
  });
});

describe('books.verify: each accepted command against its documents', () => {
  it("names a sale rebound to another sale's audit row, and the command it left without a sale", async () => {
    const { first, second } = await evening();
    const firstRow = boundRow('sale', first)!.id;
    run(`DROP TRIGGER document_audit_no_update`);
    run(`UPDATE document_audit SET audit_seq = ? WHERE document = 'sale' AND document_id = ?`, boundRow('sale', second)!.id - 1, first);
    expect(problems()).toEqual([
      // Bound to the second sale's command, five seconds after it.
      ['audit_missing', { type: 'sale', id: first }, null, null],
      ['document_missing', { type: 'audit', id: firstRow }, null, 'sale.create'],
    ]);
  });

  it("names both sales bound to one sale.create when a hand-written sale is bound to a real one's row at its instant", async () => {
    const { first, gameId } = await evening();
    const row = boundRow('sale', first)!;
    // Someone who also drops the guard binds a hand-written sale to the real sale's command, at its instant.
    run(`DROP TRIGGER document_audit_is_last`);
    run(`DROP TRIGGER sales_audit`);
    run(`DROP TRIGGER ledger_transactions_audit`);
    const saleId = Number(
      run(
        `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
         VALUES (?, 'T1', 3, 3, 100, 300, 'cash', 500, 200, ?)`,
        gameId,
        row.at,
      ).lastInsertRowid,
    );
    run(`INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('sale', ?, ?)`, saleId, row.id - 1);
    const tx = copyTransaction(txOf('sale', first), saleId);
    run(`INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('ledger_transaction', ?, ?)`, tx, row.id - 1);
    expect(problems()).toEqual([
      ['audit_shared', { type: 'sale', id: first }, null, 'sale.create'],
      ['audit_shared', { type: 'sale', id: saleId }, null, 'sale.create'],
    ]);
  });

  it('names an accepted command whose document was never written (its audit row appended by hand, the chain whole)', async () => {
    await evening();
    h.clock.advanceSeconds(5);
    // The log's hash is not keyed: a row appended with its hashes is a whole chain.
    const seq = appendAudit(db(), {
      at: h.clock.now().toISOString(),
      operatorId: 3,
      terminalId: 'T1',
      channel: 'sale.create',
      outcome: 'ok',
      input: { gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } },
      before: undefined,
      after: { saleId: 99 },
    });
    expect(verifyAudit(db())).toMatchObject({ valid: true, brokenAt: null });
    const guia = appendAudit(db(), { at: h.clock.now().toISOString(), operatorId: 3, terminalId: 'T1', channel: 'guia.issue', outcome: 'ok', input: {}, before: undefined, after: {} });
    // A refused command writes nothing: it is not asked for a document.
    appendAudit(db(), { at: h.clock.now().toISOString(), operatorId: 3, terminalId: 'T1', channel: 'drawer.move', outcome: 'refused', input: {}, before: undefined, after: {} });
    const books = await h.ok('books.verify', {}, t.manager);
    expect(books.findings).toEqual([
      { problem: 'document_missing', document: { type: 'audit', id: seq }, transactionId: null, kind: 'sale.create', expected: null, actual: null },
      { problem: 'document_missing', document: { type: 'audit', id: guia }, transactionId: null, kind: 'guia.issue', expected: null, actual: null },
    ]);
  });
});
