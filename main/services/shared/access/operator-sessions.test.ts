import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, writeTransaction, type WritableDb } from '../../../../db/connection.js';
import { insertOperator, updateOperator } from '../../../../db/people.js';
import { OperatorSessions, tokenHash, TOUCH_EVERY_MS, type Operator } from './operator-sessions.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 20, 0, 0) + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

let dir: string;
let db: WritableDb;
let ana: Operator;
let rui: Operator;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-sessions-'));
  db = openDatabase(join(dir, 'kiosk.sqlite'));
  const add = (username: string, name: string): Operator => {
    const o = { username, name, roles: ['cashier' as const] };
    return { id: insertOperator(db, { ...o, pinHash: 'x', shortPin: false, createdAt: iso(-60) }), ...o };
  };
  ana = add('caixa1', 'Ana');
  rui = add('caixa2', 'Rui');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Row {
  token_hash: string;
  operator_id: number;
  terminal_id: string;
  started_at: string;
  ends_at: string | null;
  last_seen_at: string;
}
const rows = () => db.prepare(`SELECT * FROM operator_sessions ORDER BY started_at, operator_id`).all() as Row[];
const lastSeen = (token: string) => db.prepare(`SELECT last_seen_at FROM operator_sessions WHERE token_hash = ?`).pluck().get(tokenHash(token));
/** A login as the dispatcher runs it: in the command's transaction. */
const login = (s: OperatorSessions, o: Operator, when: Date, terminal: string, shiftMs?: number) => writeTransaction(db, () => s.start(o, when, terminal, shiftMs));

describe('OperatorSessions', () => {
  it('gives a random token per login that resolves to the operator', () => {
    const s = new OperatorSessions(db);
    const a = login(s, ana, at(0), 'T1');
    const b = login(s, ana, at(0), 'T1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.resolve(a, at(1), 'T1')).toEqual(ana);
    expect(s.resolve(undefined, at(1), 'T1')).toBeNull();
    expect(s.resolve('', at(1), 'T1')).toBeNull();
    expect(s.resolve('unknown', at(1), 'T1')).toBeNull();
  });

  it('keeps only the SHA-256 of a token: no row, and no byte of the file or its WAL, holds the token', () => {
    const s = new OperatorSessions(db);
    const token = login(s, ana, at(0), 'T1', 8 * 3_600_000);
    expect(s.resolve(token, at(1), 'T1')).toEqual(ana);
    expect(rows()).toEqual([
      {
        token_hash: tokenHash(token),
        operator_id: ana.id,
        terminal_id: 'T1',
        started_at: iso(0),
        ends_at: iso(8 * 60),
        last_seen_at: iso(1),
      },
    ]);
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows())).not.toContain(token);
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f)).includes(Buffer.from(token))).toBe(false);
  });

  it('survives a restart: a new instance over the same file resolves the token, at its terminal only', () => {
    const token = login(new OperatorSessions(db), ana, at(0), 'T1');
    const restarted = new OperatorSessions(db);
    expect(restarted.resolve(token, at(2), 'T2')).toBeNull();
    expect(restarted.resolve(token, at(2), 'T1')).toEqual(ana);
  });

  it('locks a token idle for more than 15 minutes; each use resets the timer', () => {
    const s = new OperatorSessions(db);
    const token = login(s, ana, at(0), 'T1');
    expect(s.resolve(token, at(15), 'T1')).toEqual(ana);
    expect(s.resolve(token, at(30), 'T1')).toEqual(ana);
    expect(s.resolve(token, at(45.01), 'T1')).toBeNull();
    expect(s.resolve(token, at(45), 'T1')).toBeNull();
    // Ended for good: its row is gone.
    expect(rows()).toEqual([]);
  });

  it('follows a custom idle time', () => {
    const s = new OperatorSessions(db, 60_000);
    const token = login(s, ana, at(0), 'T1');
    expect(s.resolve(token, at(1), 'T1')).toEqual(ana);
    expect(s.resolve(token, at(2.5), 'T1')).toBeNull();
  });

  it('writes the last call at most every 30 s; exact in memory, up to 30 s early after a restart', () => {
    expect(TOUCH_EVERY_MS).toBe(30_000);
    const s = new OperatorSessions(db);
    const token = login(s, ana, at(0), 'T1');
    const seconds = (n: number) => at(n / 60);
    for (const n of [10, 20, 29]) expect(s.resolve(token, seconds(n), 'T1')).toEqual(ana);
    expect(lastSeen(token)).toBe(iso(0));
    expect(s.resolve(token, seconds(30), 'T1')).toEqual(ana);
    expect(lastSeen(token)).toBe(seconds(30).toISOString());
    expect(s.resolve(token, seconds(59), 'T1')).toEqual(ana);
    expect(lastSeen(token)).toBe(seconds(30).toISOString());
    // This process measures the idle time from 0:59, the call it saw: alive at 15:59.
    expect(s.resolve(token, seconds(59 + 15 * 60), 'T1')).toEqual(ana);
    const token2 = login(s, rui, at(0), 'T1');
    expect(s.resolve(token2, seconds(59), 'T1')).toEqual(rui);
    expect(lastSeen(token2)).toBe(seconds(59).toISOString());
    expect(s.resolve(token2, seconds(80), 'T1')).toEqual(rui);
    // Restarted: the file says 0:59 (written), not 1:20 (seen): locked 21 s sooner than the process would have.
    const restarted = new OperatorSessions(db);
    expect(restarted.resolve(token2, seconds(59 + 15 * 60 + 1), 'T1')).toBeNull();
  });

  it('ends a session at the end of its shift, however busy', () => {
    const s = new OperatorSessions(db);
    const token = login(s, ana, at(0), 'T1', 8 * 3_600_000);
    for (let m = 10; m < 8 * 60; m += 10) expect(s.resolve(token, at(m), 'T1')).toEqual(ana);
    expect(s.resolve(token, at(8 * 60 - 0.01), 'T1')).toEqual(ana);
    expect(new OperatorSessions(db).resolve(token, at(8 * 60), 'T1')).toBeNull();
    expect(rows()).toEqual([]);
  });

  it('ends a session on logout, leaving the others; the end survives a restart', () => {
    const s = new OperatorSessions(db);
    const a = login(s, ana, at(0), 'T1');
    const b = login(s, rui, at(0), 'T1');
    writeTransaction(db, () => s.end(a, 'T1'));
    writeTransaction(db, () => s.end(undefined, 'T1'));
    expect(s.resolve(a, at(1), 'T1')).toBeNull();
    expect(new OperatorSessions(db).resolve(a, at(1), 'T1')).toBeNull();
    expect(s.resolve(b, at(1), 'T1')?.username).toBe('caixa2');
  });

  it('binds a token to the terminal it was opened at: another terminal neither uses nor ends it; a revoked terminal\'s sessions end', () => {
    const s = new OperatorSessions(db);
    const token = login(s, ana, at(0), 'T1');
    expect(s.resolve(token, at(1), 'T2')).toBeNull();
    writeTransaction(db, () => s.end(token, 'T2'));
    expect(s.resolve(token, at(2), 'T1')).toEqual(ana);
    const other = login(s, ana, at(0), 'T2');
    const other2 = login(s, rui, at(0), 'T2');
    writeTransaction(db, () => s.endAllAt('T2'));
    const restarted = new OperatorSessions(db);
    expect(restarted.resolve(other, at(3), 'T2')).toBeNull();
    expect(restarted.resolve(other2, at(3), 'T2')).toBeNull();
    expect(restarted.resolve(token, at(3), 'T1')).toEqual(ana);
    expect(rows().map((r) => r.terminal_id)).toEqual(['T1']);
  });

  it("ends every session of an operator (roles, PIN, deactivation), at every terminal; a deactivated operator's session never resolves", () => {
    const s = new OperatorSessions(db);
    const a1 = login(s, ana, at(0), 'T1');
    const a2 = login(s, ana, at(0), 'T2');
    const r1 = login(s, rui, at(0), 'T1');
    writeTransaction(db, () => s.endAllOf(ana.id));
    const restarted = new OperatorSessions(db);
    expect(restarted.resolve(a1, at(1), 'T1')).toBeNull();
    expect(restarted.resolve(a2, at(1), 'T2')).toBeNull();
    expect(restarted.resolve(r1, at(1), 'T1')).toEqual(rui);
    // Even were the end missed, an inactive operator is nobody's session.
    updateOperator(db, rui.id, { active: false });
    expect(restarted.resolve(r1, at(2), 'T1')).toBeNull();
  });

  it('a login refused after the session was written (its transaction rolled back) leaves no session', () => {
    const s = new OperatorSessions(db);
    let token = '';
    expect(() =>
      writeTransaction(db, () => {
        token = s.start(ana, at(0), 'T1');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(s.resolve(token, at(1), 'T1')).toBeNull();
    expect(rows()).toEqual([]);
  });

  it('a login clears the sessions long lapsed (idle beyond 15 min and the 30 s of slack, or past their shift)', () => {
    const s = new OperatorSessions(db);
    const idle = login(s, ana, at(0), 'T1');
    const shift = login(s, rui, at(0), 'T2', 10 * 60_000);
    expect(s.resolve(shift, at(9), 'T2')).toEqual(rui);
    // Its shift ended at 10: the next login clears it.
    login(s, rui, at(10), 'T3');
    expect(rows().map((r) => r.token_hash)).not.toContain(tokenHash(shift));
    // 15.4 min after ana's last write: within the slack, kept; at 15.6, gone.
    login(s, rui, at(15.4), 'T1');
    expect(rows().map((r) => r.token_hash)).toContain(tokenHash(idle));
    expect(rows().map((r) => r.token_hash)).not.toContain(tokenHash(shift));
    login(s, rui, at(15.6), 'T1');
    expect(rows().map((r) => r.token_hash)).not.toContain(tokenHash(idle));
    expect(rows().map((r) => [r.terminal_id, r.started_at])).toEqual([
      ['T3', iso(10)],
      ['T1', iso(15.4)],
      ['T1', iso(15.6)],
    ]);
  });
});
