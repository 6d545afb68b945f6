import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type WritableDb } from './connection.js';
import { post, postingsOf, verifyLedger } from './ledger.js';
import { cardSalePostings } from '../core/bingo/money.js';
import { type Posting, UnbalancedPostingsError } from '../core/ledger.js';
import { ledger, type LedgerKind } from '../core/money-registry.js';

let dir: string;
let db: WritableDb;
const AT = '2026-11-30T20:00:00.000Z';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-ledger-'));
  db = openDatabase(join(dir, 'kiosk.sqlite'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const BY = { at: AT, operatorId: null, terminalId: 'T1' };
const postTransaction = (d: WritableDb, entry: { kind: LedgerKind; ref: { type: 'sale'; id: number }; postings: Posting[] }) => post(d, entry, BY);
const tx = (postings: Posting[], refId = 1, kind: LedgerKind = 'card_sale') => ({ kind, ref: { type: 'sale' as const, id: refId }, postings });

describe('ledger', () => {
  it('an empty ledger is balanced', () => {
    expect(verifyLedger(db)).toEqual({ balanced: true, transactions: 0, unbalanced: [], balances: {} });
  });

  it('posts balanced transactions and sums the balances per account', () => {
    expect(postTransaction(db, tx(cardSalePostings(300, 'cash', 'T1'), 1))).toBe(1);
    expect(postTransaction(db, tx(cardSalePostings(450, 'cash', 'T1'), 2))).toBe(2);
    expect(postTransaction(db, tx(cardSalePostings(200, 'chips', 'T1'), 3))).toBe(3);
    expect(verifyLedger(db)).toEqual({
      balanced: true,
      transactions: 3,
      unbalanced: [],
      balances: { 'cash:T1': 750, 'chips:T1': 200, 'revenue:cards': -950 },
    });
  });

  it('refuses an unbalanced transaction and writes nothing', () => {
    expect(() =>
      postTransaction(
        db,
        tx([
          { account: 'cash:T1', amountCents: 300 },
          { account: 'revenue:cards', amountCents: -200 },
        ]),
      ),
    ).toThrow(UnbalancedPostingsError);
    expect(db.prepare(`SELECT COUNT(*) FROM ledger_transactions`).pluck().get()).toBe(0);
    expect(db.prepare(`SELECT COUNT(*) FROM ledger_entries`).pluck().get()).toBe(0);
  });

  it('finds the postings of a reference, and a reversal brings the accounts back to zero', () => {
    postTransaction(db, tx(cardSalePostings(300, 'cash', 'T1'), 7));
    const posted = postingsOf(db, { type: 'sale', id: 7 }, 'card_sale');
    expect(posted).toEqual(cardSalePostings(300, 'cash', 'T1'));
    expect(postingsOf(db, { type: 'sale', id: 8 }, 'card_sale')).toEqual([]);
    post(db, ledger.cardSaleVoid(7, posted), BY);
    expect(verifyLedger(db)).toEqual({
      balanced: true,
      transactions: 2,
      unbalanced: [],
      balances: { 'cash:T1': 0, 'revenue:cards': 0 },
    });
  });

  it('reports a transaction that does not sum to zero (written behind its back)', () => {
    postTransaction(db, tx(cardSalePostings(300, 'cash', 'T1'), 1));
    db.exec(`INSERT INTO ledger_transactions (at, kind) VALUES ('${AT}', 'bogus')`);
    db.exec(`INSERT INTO ledger_entries (transaction_id, account, amount_cents) VALUES (2, 'cash:T1', 5)`);
    db.exec(`INSERT INTO ledger_transactions (at, kind) VALUES ('${AT}', 'empty')`);
    expect(verifyLedger(db)).toMatchObject({ balanced: false, transactions: 3, unbalanced: [2, 3] });
  });
});
