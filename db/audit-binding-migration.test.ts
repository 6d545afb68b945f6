/**
 * Migration 0018 (documents bound to their audit rows) on a database of the
 * version before: a hall's past trading written as the kiosk writes it (the
 * bench's seeder: sessions, games, sales and their postings, closes, each
 * with its audit row), kept row for row; every document bound to the first
 * accepted row of its command at its instant, the books check passing; a
 * document no command wrote still named; and from then on a document written
 * by hand with an old document's instant is named too.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { seedHistory } from '../bench/seed.js';
import { migrationFixture } from '../test/migrations.js';
import { appendAudit } from './audit.js';
import { checkBooks } from './books.js';
import { asWritable, loadMigrations, migrate, type Db } from './connection.js';

const fixture = migrationFixture();

/** A fixed sequence for the seeder's quantities and times. */
function sequence(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

const tables = (db: Db) =>
  db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
const rowsOf = (db: Db) => Object.fromEntries(tables(db).map((t) => [t, db.prepare(`SELECT * FROM "${t}"`).all()]));
const count = (db: Db, sql: string, ...args: unknown[]) => db.prepare(sql).pluck().get(...args) as number;

/** A sale and its posting, and its command's audit row when `audited`, written straight into the file. */
function sale(db: Db, at: string, audited: boolean): number {
  const id = Number(
    db
      .prepare(
        `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
         VALUES (1, 'T1', 1, 1, 100, 100, 'cash', 100, 0, ?)`,
      )
      .run(at).lastInsertRowid,
  );
  const tx = Number(db.prepare(`INSERT INTO ledger_transactions (at, kind, operator_id, terminal_id, ref_type, ref_id) VALUES (?, 'card_sale', 1, 'T1', 'sale', ?)`).run(at, id).lastInsertRowid);
  db.prepare(`INSERT INTO ledger_entries (transaction_id, account, amount_cents) VALUES (?, 'cash:T1', 100), (?, 'revenue:cards', -100)`).run(tx, tx);
  if (audited) appendAudit(asWritable(db), { at, operatorId: 1, terminalId: 'T1', channel: 'sale.create', outcome: 'ok', input: {}, before: undefined, after: { saleId: id } });
  return id;
}

describe('migration 0018-audit-binding', () => {
  it("keeps a seeded hall's every row, binds each document to its command's row, and the books check passes", () => {
    const { db, latest, version } = fixture.before('0018-audit-binding.sql');
    db.close();
    const seeded = seedHistory(db.name, {
      sales: 450,
      salesPerGame: 50,
      gamesPerSession: 3,
      priceCents: 100,
      seriesSize: 10_000,
      cashierId: 1,
      managerId: 1,
      terminalId: 'T1',
      startDaysAgo: 10,
      random: sequence(7),
    });
    expect(seeded).toMatchObject({ sales: 450, games: 9, sessions: 3 });
    const reopened = new Database(db.name);
    // As the seeder wrote them: the operators it names are not in this file.
    reopened.pragma('foreign_keys = OFF');
    try {
      // Two sales of one instant, each with its own sale.create (a burst at two counters), written before the migration.
      const twins = [sale(reopened, '2026-11-30T21:00:00.000Z', true), sale(reopened, '2026-11-30T21:00:00.000Z', true)];
      // Before it, the check matches documents by instant and command, as it did then: the seeded hall passes.
      expect(checkBooks(asWritable(reopened), 10)).toMatchObject({ findings: [], findingsTotal: 0 });
      const before = rowsOf(reopened);
      const documents = 450 + 2 + 9 + count(reopened, `SELECT COUNT(*) FROM ledger_transactions`);

      expect(migrate(reopened)).toBe(latest);
      const after = rowsOf(reopened);
      // Every row as it was, on the columns it had: a later migration may add one (null on rows written before it).
      for (const t of Object.keys(before)) {
        const columns = Object.keys((before[t] as Record<string, unknown>[])[0] ?? {});
        const rows = after[t] as Record<string, unknown>[];
        expect(rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]]))), t).toEqual(before[t]);
        expect(rows.flatMap((r) => Object.entries(r).filter(([c, v]) => !columns.includes(c) && v !== null)), t).toEqual([]);
      }
      // Its own two tables, and those of the migrations after it (a later one adds its own tables, nothing here).
      const later = loadMigrations()
        .slice(version + 1)
        .flatMap((m) => [...m.sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/g)].map((c) => c[1]));
      expect(Object.keys(after).filter((t) => !(t in before) && !later.includes(t))).toEqual(['document_audit', 'document_audit_start']);
      // Every sale, close and transaction bound, to an accepted row of its command at its instant; each seeded sale to its own.
      expect(count(reopened, `SELECT COUNT(*) FROM document_audit`)).toBe(documents);
      expect(
        count(
          reopened,
          `SELECT COUNT(*) FROM sales s JOIN document_audit b ON b.document = 'sale' AND b.document_id = s.id
             JOIN audit_log a ON a.id = b.audit_seq + 1
            WHERE s.id <= 450 AND a.channel = 'sale.create' AND a.outcome = 'ok' AND a.at = s.created_at AND json_extract(a.after, '$.saleId') = s.id`,
        ),
      ).toBe(450);
      expect(
        count(
          reopened,
          `SELECT COUNT(*) FROM game_closures c JOIN document_audit b ON b.document = 'game_closure' AND b.document_id = c.game_id
             JOIN audit_log a ON a.id = b.audit_seq + 1 WHERE a.channel = 'game.closeSale' AND a.at = c.closed_at`,
        ),
      ).toBe(9);
      // The twins are both bound to the first of their instant's two rows (either would match): those rows precede the start.
      const firstOfInstant = count(reopened, `SELECT MIN(id) FROM audit_log WHERE at = '2026-11-30T21:00:00.000Z'`);
      const twinRows = reopened.prepare(`SELECT audit_seq + 1 FROM document_audit WHERE document = 'sale' AND document_id IN (?, ?) ORDER BY document_id`).pluck().all(...twins);
      expect(twinRows).toEqual([firstOfInstant, firstOfInstant]);
      expect(count(reopened, `SELECT audit_seq FROM document_audit_start`)).toBe(seeded.auditRows + 2);
      const books = checkBooks(asWritable(reopened), 10);
      expect(books).toMatchObject({ findings: [], findingsTotal: 0, documents: 450 + 2 + 9 + 3 });

      // From now on a sale written by hand with an old sale's instant (and its posting) is bound to the log's last row: named.
      const hand = sale(reopened, '2026-11-30T21:00:00.000Z', false);
      const handTx = count(reopened, `SELECT MAX(id) FROM ledger_transactions`);
      expect(checkBooks(asWritable(reopened), 10).findings.map((f) => [f.problem, f.document, f.transactionId])).toEqual([
        ['audit_missing', { type: 'sale', id: hand }, null],
        ['audit_missing', null, handTx],
      ]);
    } finally {
      reopened.close();
    }
  });

  it('leaves a document no command wrote unbound, and the books check still names it', () => {
    const { db } = fixture.before('0018-audit-binding.sql');
    db.pragma('foreign_keys = OFF');
    db.exec(`
      INSERT INTO sessions (id, opened_at, scheduled_close_at, opened_by) VALUES (1, '2026-11-30T20:00:00.000Z', '2026-12-01T02:00:00.000Z', 1);
      INSERT INTO series (id, code, price_cents, size, registered_at) VALUES (1, 'A', 100, 300, '2026-11-30T20:00:00.000Z');
      INSERT INTO games (id, session_id, number, state, price_cents, first_series_id, first_start, opened_at, opened_by)
        VALUES (1, 1, 1, 'selling', 100, 1, 1, '2026-11-30T20:00:00.000Z', 1);
    `);
    const audited = sale(db, '2026-11-30T20:01:00.000Z', true);
    const orphan = sale(db, '2026-11-30T20:02:00.000Z', false);
    migrate(db);
    expect(db.prepare(`SELECT document, document_id AS id FROM document_audit ORDER BY document, document_id`).all()).toEqual([
      { document: 'ledger_transaction', id: 1 },
      { document: 'sale', id: audited },
    ]);
    expect(checkBooks(asWritable(db), 10).findings.map((f) => [f.problem, f.document, f.transactionId])).toEqual([
      ['audit_missing', { type: 'sale', id: orphan }, null],
      ['audit_missing', null, 2],
    ]);
  });
});
