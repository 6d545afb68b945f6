/** The shipper's fast texts are the canonical ones: the same digest whatever path made them. */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { canonicalJson } from '../core/idempotency.js';
import { documentsJson, journalDocuments } from './journal.js';

describe("an entry's documents as JSON", () => {
  it('gives canonicalJson\'s text for rows in key order, rows out of order, nested values, blobs and odd numbers', () => {
    const cases: Record<string, Record<string, unknown>[]>[] = [
      {},
      { sales: [] },
      { sales: [{ a: 1, b: 'x"y\\z', c: null }], sale_ranges: [{ from_number: 1, position: 1, to_number: 2 }] },
      // Keys out of order, an integer-like key, a nested object, a blob, numbers JSON cannot say.
      { z: [{ b: 1, a: 2 }], y: [{ 10: 'ten', 9: 'nine', a: true }], x: [{ n: { b: [1, { d: 2, c: 3 }], a: null } }], w: [{ blob: Buffer.from('ab') }], v: [{ inf: Infinity, nan: NaN, neg: -0 }] },
      { 'é': [{ 'ü': 'ß', u: '\u2028' }], A: [{ a: undefined, b: 1 }] },
    ];
    for (const docs of cases) expect(documentsJson(docs)).toBe(canonicalJson(docs));
  });

  it('reads each row with its keys in order and without the seq it was read by', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE t (zeta TEXT, alpha INTEGER, mid REAL); INSERT INTO t VALUES ('z', 1, 0.5), ('y', 2, NULL);`);
    const queries = [{ table: 't', sql: `SELECT rowid AS seq__, zeta, alpha, mid FROM t WHERE rowid > ? AND rowid <= ? ORDER BY rowid` }];
    const docs = journalDocuments(db as never, 0, 2, queries);
    expect([...docs.keys()]).toEqual([1, 2]);
    expect(Object.keys(docs.get(1)!.t![0]!)).toEqual(['alpha', 'mid', 'zeta']);
    expect(docs.get(2)!.t).toEqual([{ alpha: 2, mid: null, zeta: 'y' }]);
    expect(JSON.stringify(docs.get(1))).toBe(canonicalJson(docs.get(1)));
    db.close();
  });
});
