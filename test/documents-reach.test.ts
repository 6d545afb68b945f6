/**
 * Every declared document reaches the books, the journal (what the group
 * receives with each entry) and the inspector's export (issue 39): a hall
 * plays a session to its close, then moves its drawer and its chips; every
 * row the database bound to a command is shipped with that command's entry,
 * counted by the books check, and, where its domain says the export carries
 * it, in that file. Read from the declarations and the bindings, so a new
 * document written by any command is covered with nothing to add.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentDescriptor } from '../core/documents.js';
import { DOCUMENTS } from '../core/money-registry.js';
import { checkBooks } from '../db/books.js';
import { journalDocuments, journalHead } from '../db/journal.js';
import { buildSessionExport } from '../main/inspector/export.js';
import { createTestHall, type TestHall } from './fixtures/faces.js';
import { playedSession } from './fixtures/played-session.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

const declared = DOCUMENTS as readonly DocumentDescriptor[];

describe('every document the hall writes', () => {
  it('is declared, shipped with its entry, read by the books, and in its export file', async () => {
    const { h } = t;
    const sessionId = await playedSession(t, 'A');
    const zip = unzipSync((await buildSessionExport(h.kiosk.db, sessionId, { pdf: async () => Buffer.from('%PDF-1.4'), now: h.clock.now() })).zip);
    const exportEnd = journalHead(h.kiosk.db)!.seq;
    // After the close: the drawer's and the chips' own documents.
    const opened = await h.call('drawer.open', { floatByDenomination: { '2000': 5 } }, t.cashier);
    if (!opened.ok) expect(opened.error.code).toBe('DRAWER_ALREADY_OPEN');
    await h.ok('drawer.move', { kind: 'pay_in', amountCents: 2_000, reason: 'Trocos do cofre' }, t.cashier);
    // The chips at the manager's own drawer: the caixa moves no other (issue 41).
    await h.ok('drawer.open', { floatByDenomination: { '2000': 5 } }, t.manager);
    await h.ok('chips.move', { kind: 'fill', chips: [{ valueCents: 500, count: 20 }], reason: 'Reforço do cofre' }, t.manager);
    await h.ok('chips.sell', { chips: [{ valueCents: 500, count: 6 }], payment: { method: 'cash', tenderedCents: 3_000 } }, t.manager);

    const db = h.kiosk.db;
    const bound = db
      .prepare(
        `SELECT 'document_audit' AS binding, document AS type, COUNT(*) AS n, MAX(audit_seq) + 1 AS lastSeq FROM document_audit GROUP BY document
         UNION ALL SELECT 'record_audit', record, COUNT(*), MAX(audit_seq) + 1 FROM record_audit GROUP BY record`,
      )
      .all() as { binding: string; type: string; n: number; lastSeq: number }[];
    const head = journalHead(db)!.seq;
    const shipped = new Map<string, number>();
    for (const docs of journalDocuments(db, 0, head).values()) for (const [table, rows] of Object.entries(docs)) shipped.set(table, (shipped.get(table) ?? 0) + rows.length);

    const written: string[] = [];
    for (const b of bound) {
      const d = declared.find((x) => x.binding === b.binding && x.type === b.type);
      expect(d, `${b.binding} '${b.type}' is declared by a domain`).toBeDefined();
      written.push(b.type);
      // The journal: each bound row with its entry (the ledger's transactions are rebuilt from their documents).
      expect(shipped.get(d!.table) ?? 0, d!.table).toBe(d!.shipped === false ? 0 : b.n);
      // The export: a document of the session, in the file its domain names.
      if (d!.export && b.lastSeq <= exportEnd) expect(strFromU8(zip[d!.export]!).trim().length, d!.export).toBeGreaterThan(0);
    }
    // The parts of a document travel with it (a sale's ranges; a seller's block's, none here: main/services/bingo/sellers.test.ts).
    for (const d of declared) for (const p of d.parts ?? []) expect(shipped.get(p.table) ?? 0, p.table).toBe(db.prepare(`SELECT COUNT(*) FROM ${p.table}`).pluck().get());
    // The books: every money document read, none unexplained.
    const books = checkBooks(db, 20);
    expect(books.findings).toEqual([]);
    // The session, its games, sales, voids, prizes, refunds, guias, the drawer's movements and Z, the chips: all took part.
    expect(written.sort()).toEqual(
      expect.arrayContaining(['sale', 'sale_void', 'refund', 'prize_payment', 'game_closure', 'guia', 'guia_payment', 'guia_void', 'drawer_movement', 'chip_exchange', 'chip_movement', 'ledger_transaction', 'session', 'game', 'series', 'drawer', 'winner', 'drawer_close']),
    );
  });
});
