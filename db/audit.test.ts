import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asWritable, openDatabase, type WritableDb } from './connection.js';
import { appendAudit, chainGenesis, GENESIS_HASH, hallGenesis, redact, verifyAudit, type AuditRecord } from './audit.js';

let dir: string;
let file: string;
let db: WritableDb;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-audit-'));
  file = join(dir, 'kiosk.sqlite');
  db = openDatabase(file);
});
afterEach(() => {
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const record = (n: number, extra: Partial<AuditRecord> = {}): AuditRecord => ({
  at: `2026-11-30T20:0${n}:00.000Z`,
  operatorId: n,
  terminalId: 'T1',
  channel: 'sale.create',
  outcome: 'ok',
  input: { gameId: 1, quantity: n },
  before: { next: n },
  after: { next: n + 1 },
  ...extra,
});

interface Row {
  id: number;
  prev_hash: string;
  hash: string;
  input: string;
  before: string | null;
  after: string | null;
}
const rows = () => db.prepare(`SELECT * FROM audit_log ORDER BY id`).all() as Row[];

/** Tamper the way an intruder with the file would: another connection, trigger dropped. */
function tamper(sql: string, trigger: string): void {
  const other = asWritable(new Database(file));
  other.exec(`DROP TRIGGER ${trigger}`);
  other.exec(sql);
  other.close();
}

describe('audit chain', () => {
  it('an empty log verifies', () => {
    expect(verifyAudit(db)).toMatchObject({ valid: true, entries: 0, brokenAt: null });
  });

  it('links every row to the previous one and verifies', () => {
    for (let n = 1; n <= 4; n++) expect(appendAudit(db, record(n))).toBe(n);
    const r = rows();
    // A file made now: its chain begins at its hall's genesis (migration 0024).
    const hallId = db.prepare('SELECT hall_id FROM hall_identity').pluck().get() as string;
    expect(r[0]!.prev_hash).toBe(hallGenesis(hallId));
    expect(r[0]!.prev_hash).not.toBe(GENESIS_HASH);
    for (let i = 1; i < r.length; i++) expect(r[i]!.prev_hash).toBe(r[i - 1]!.hash);
    for (const row of r) expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(r.map((x) => x.hash)).size).toBe(4);
    expect(verifyAudit(db)).toMatchObject({ valid: true, entries: 4, brokenAt: null });
  });

  it('stores the values as JSON, with null for an absent before/after', () => {
    appendAudit(db, record(1, { before: undefined, after: undefined }));
    const [row] = rows();
    expect(JSON.parse(row!.input)).toEqual({ gameId: 1, quantity: 1 });
    expect(row!.before).toBeNull();
    expect(row!.after).toBeNull();
    expect(verifyAudit(db).valid).toBe(true);
  });

  it('detects an edited row and names it (brokenAt)', () => {
    for (let n = 1; n <= 4; n++) appendAudit(db, record(n));
    tamper(`UPDATE audit_log SET input = '{"gameId":1,"quantity":9}' WHERE id = 2`, 'audit_log_no_update');
    expect(verifyAudit(db)).toMatchObject({ valid: false, entries: 2, brokenAt: 2 });
  });

  it('detects an edit whose own hash was recomputed: the next link breaks', () => {
    for (let n = 1; n <= 4; n++) appendAudit(db, record(n));
    const row3 = db.prepare(`SELECT * FROM audit_log WHERE id = 3`).get() as Record<string, unknown>;
    const forged: Record<string, unknown> = { ...row3, outcome: 'refused' };
    const canonical = JSON.stringify(
      ['id', 'at', 'operator_id', 'terminal_id', 'channel', 'outcome', 'input', 'before', 'after'].map((k) => forged[k]),
    );
    const hash = createHash('sha256').update(String(row3.prev_hash)).update('\n').update(canonical).digest('hex');
    tamper(`UPDATE audit_log SET outcome = 'refused', hash = '${hash}' WHERE id = 3`, 'audit_log_no_update');
    // Row 3 is self-consistent now; row 4 still points at the old hash.
    expect(verifyAudit(db)).toMatchObject({ valid: false, entries: 4, brokenAt: 4 });
  });

  it('detects a removed row', () => {
    for (let n = 1; n <= 4; n++) appendAudit(db, record(n));
    tamper(`DELETE FROM audit_log WHERE id = 2`, 'audit_log_no_delete');
    expect(verifyAudit(db)).toMatchObject({ valid: false, entries: 2, brokenAt: 3 });
  });

  it('detects an edit of the last row', () => {
    for (let n = 1; n <= 3; n++) appendAudit(db, record(n));
    tamper(`UPDATE audit_log SET at = '2026-11-30T23:59:00.000Z' WHERE id = 3`, 'audit_log_no_update');
    expect(verifyAudit(db)).toMatchObject({ valid: false, entries: 3, brokenAt: 3 });
  });

  it('keeps chaining across a reopen', () => {
    appendAudit(db, record(1));
    db.close();
    db = openDatabase(file);
    appendAudit(db, record(2));
    expect(verifyAudit(db)).toMatchObject({ valid: true, entries: 2, brokenAt: null });
  });
});

describe('the chain head as an anchor kept outside the file (issue 12)', () => {
  /** Rewrite every row from `from` on, each hash recomputed: a forgery that verifies on its own. */
  function rewriteFrom(from: number, change: (row: Record<string, unknown>) => Record<string, unknown>) {
    const other = asWritable(new Database(file));
    other.exec(`DROP TRIGGER audit_log_no_update`);
    let prev = from === 1 ? chainGenesis(other) : (other.prepare(`SELECT hash FROM audit_log WHERE id = ?`).pluck().get(from - 1) as string);
    for (const row of other.prepare(`SELECT * FROM audit_log WHERE id >= ? ORDER BY id`).all(from) as Record<string, unknown>[]) {
      const forged = row.id === from ? change(row) : row;
      const canonical = JSON.stringify(['id', 'at', 'operator_id', 'terminal_id', 'channel', 'outcome', 'input', 'before', 'after'].map((k) => forged[k]));
      const hash = createHash('sha256').update(prev).update('\n').update(canonical).digest('hex');
      other.prepare(`UPDATE audit_log SET outcome = ?, prev_hash = ?, hash = ? WHERE id = ?`).run(forged.outcome, prev, hash, row.id);
      prev = hash;
    }
    other.close();
  }

  it('gives the head; the same head as anchor is ok', () => {
    for (let n = 1; n <= 30; n++) appendAudit(db, record(n));
    const { head } = verifyAudit(db);
    expect(head).toEqual({ seq: 30, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(verifyAudit(db, head!)).toMatchObject({ valid: true, anchor: 'ok' });
  });

  it('finds the last 20 rows deleted: the chain verifies on its own, not against the printed head', () => {
    for (let n = 1; n <= 30; n++) appendAudit(db, record(n));
    const printed = verifyAudit(db).head!;
    tamper(`DELETE FROM audit_log WHERE id > 10`, 'audit_log_no_delete');
    expect(verifyAudit(db)).toMatchObject({ valid: true, entries: 10, head: { seq: 10 } });
    expect(verifyAudit(db, printed)).toMatchObject({ valid: false, anchor: 'truncated', brokenAt: null });
  });

  it('finds a forged row whose chain was recomputed to the end', () => {
    for (let n = 1; n <= 30; n++) appendAudit(db, record(n));
    const printed = verifyAudit(db).head!;
    rewriteFrom(12, (row) => ({ ...row, outcome: 'refused' }));
    expect(verifyAudit(db)).toMatchObject({ valid: true, entries: 30 });
    expect(verifyAudit(db, printed)).toMatchObject({ valid: false, anchor: 'rewritten' });
    // An older anchor, from before the forged row, still holds.
    expect(verifyAudit(db, { seq: 11, hash: (db.prepare(`SELECT hash FROM audit_log WHERE id = 11`).pluck().get() as string) })).toMatchObject({ anchor: 'ok' });
  });
});

describe('secrets never reach the log', () => {
  it('redact hides pin and operatorToken at any depth, and nothing else', () => {
    expect(
      redact({
        username: 'gerente',
        pin: '2222',
        approval: { username: 'gerente', pin: '2222' },
        list: [{ pin: '1234', n: 1 }, 5, 'pin'],
        operatorToken: 'tok',
        tenderedCents: 500,
        nothing: null,
      }),
    ).toEqual({
      username: 'gerente',
      pin: '***',
      approval: { username: 'gerente', pin: '***' },
      list: [{ pin: '***', n: 1 }, 5, 'pin'],
      operatorToken: '***',
      tenderedCents: 500,
      nothing: null,
    });
    expect(redact('2222')).toBe('2222');
    expect(redact(null)).toBeNull();
  });

  it('appendAudit stores the PIN redacted in input, before and after', () => {
    appendAudit(
      db,
      record(1, {
        channel: 'users.create',
        input: { username: 'caixa9', pin: '864209', admin: { pin: '864209' } },
        before: { pin: '864209' },
        after: { operatorToken: 'secret-token-xyz', operator: { username: 'caixa9' } },
      }),
    );
    const [row] = rows();
    const text = JSON.stringify(row);
    expect(text).not.toContain('864209');
    expect(text).not.toContain('secret-token-xyz');
    expect(JSON.parse(row!.input)).toEqual({ username: 'caixa9', pin: '***', admin: { pin: '***' } });
    expect(verifyAudit(db).valid).toBe(true);
  });
});
