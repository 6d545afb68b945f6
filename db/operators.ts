import type { Role } from '../core/roles.js';
import { stmt, type Db } from './connection.js';

export interface OperatorRow {
  id: number;
  username: string;
  name: string;
  roles: Role[];
  pinHash: string;
  failedAttempts: number;
  lockedUntil: string | null;
  active: boolean;
}

interface Raw {
  id: number;
  username: string;
  name: string;
  roles: string;
  pin_hash: string;
  failed_attempts: number;
  locked_until: string | null;
  active: number;
}

const fromRaw = (r: Raw): OperatorRow => ({
  id: r.id,
  username: r.username,
  name: r.name,
  roles: JSON.parse(r.roles) as Role[],
  pinHash: r.pin_hash,
  failedAttempts: r.failed_attempts,
  lockedUntil: r.locked_until,
  active: r.active === 1,
});

export function findOperator(db: Db, username: string): OperatorRow | null {
  const r = stmt<[string], Raw>(db, `SELECT * FROM operators WHERE username = ?`).get(username);
  return r ? fromRaw(r) : null;
}

export function listOperators(db: Db): OperatorRow[] {
  return stmt<[], Raw>(db, `SELECT * FROM operators ORDER BY id`).all().map(fromRaw);
}

export function insertOperator(
  db: Db,
  o: { username: string; name: string; roles: Role[]; pinHash: string; createdAt: string },
): number {
  return Number(
    stmt(db, `INSERT INTO operators (username, name, roles, pin_hash, created_at) VALUES (?, ?, ?, ?, ?)`).run(
      o.username,
      o.name,
      JSON.stringify(o.roles),
      o.pinHash,
      o.createdAt,
    ).lastInsertRowid,
  );
}

export function recordPinFailure(db: Db, id: number, failedAttempts: number, lockedUntil: string | null): void {
  stmt(db, `UPDATE operators SET failed_attempts = ?, locked_until = ? WHERE id = ?`).run(failedAttempts, lockedUntil, id);
}

export function recordPinSuccess(db: Db, id: number): void {
  stmt(db, `UPDATE operators SET failed_attempts = 0, locked_until = NULL WHERE id = ? AND (failed_attempts <> 0 OR locked_until IS NOT NULL)`).run(id);
}
