/**
 * SQL of the operator sessions (migration 0031): one row per open session,
 * under the SHA-256 of its token (never the token), bound to its terminal.
 */
import type { Role } from '../core/roles.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

export interface SessionRow {
  operator: { id: number; username: string; name: string; roles: Role[] };
  terminalId: string;
  endsAt: string | null;
  lastSeenAt: string;
}

interface Raw {
  id: number;
  username: string;
  name: string;
  roles: string;
  terminal_id: string;
  ends_at: string | null;
  last_seen_at: string;
}

/** A session of an active operator as its row stands (the operator's name and roles as they are now: a change of them ends it anyway). */
export function sessionByHash(db: ReadableDb, tokenHash: string): SessionRow | null {
  const r = stmt<[string], Raw>(
    db,
    `SELECT o.id, o.username, o.name, o.roles, s.terminal_id, s.ends_at, s.last_seen_at
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE s.token_hash = ? AND o.active = 1`,
  ).get(tokenHash);
  if (!r) return null;
  return {
    operator: { id: r.id, username: r.username, name: r.name, roles: JSON.parse(r.roles) as Role[] },
    terminalId: r.terminal_id,
    endsAt: r.ends_at,
    lastSeenAt: r.last_seen_at,
  };
}

export function insertSession(db: WritableDb, s: { tokenHash: string; operatorId: number; terminalId: string; at: string; endsAt: string | null }): void {
  stmt(db, `INSERT INTO operator_sessions (token_hash, operator_id, terminal_id, started_at, ends_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)`).run(
    s.tokenHash,
    s.operatorId,
    s.terminalId,
    s.at,
    s.endsAt,
    s.at,
  );
}

/** The session's last call, never moved back. */
export function touchSession(db: WritableDb, tokenHash: string, at: string): void {
  stmt(db, `UPDATE operator_sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?`).run(at, tokenHash, at);
}

/** One session ends, if it was opened at this terminal; how many ended. */
export function deleteSession(db: WritableDb, tokenHash: string, terminalId: string): number {
  return stmt(db, `DELETE FROM operator_sessions WHERE token_hash = ? AND terminal_id = ?`).run(tokenHash, terminalId).changes;
}

export function deleteSessionsAt(db: WritableDb, terminalId: string): number {
  return stmt(db, `DELETE FROM operator_sessions WHERE terminal_id = ?`).run(terminalId).changes;
}

export function deleteSessionsOf(db: WritableDb, operatorId: number): number {
  return stmt(db, `DELETE FROM operator_sessions WHERE operator_id = ?`).run(operatorId).changes;
}

/** Every session ends (a restored backup: whoever was logged in logs in again). */
export function deleteAllSessions(db: WritableDb): number {
  return stmt(db, `DELETE FROM operator_sessions`).run().changes;
}

/** Sessions past their shift, or last seen before `idleBefore` (as written: the caller leaves room for the slack of the writes). */
export function deleteLapsedSessions(db: WritableDb, at: string, idleBefore: string): number {
  return stmt(db, `DELETE FROM operator_sessions WHERE (ends_at IS NOT NULL AND ends_at <= ?) OR last_seen_at < ?`).run(at, idleBefore).changes;
}
