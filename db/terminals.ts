/** SQL of the hall's enrolled terminals and their one-time enrolment codes (migration 0022). */
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

export interface TerminalRow {
  id: number;
  name: string;
  fingerprint: string;
  serial: string;
  enrolledAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
  revokedBy: number | null;
}

const TERMINAL_COLUMNS = `id, name, fingerprint, serial, enrolled_at AS enrolledAt, last_seen_at AS lastSeenAt, revoked_at AS revokedAt, revoked_by AS revokedBy`;

/** The newest row of a name (live, or the last revoked one). */
export function newestTerminalNamed(db: ReadableDb, name: string): TerminalRow | undefined {
  return stmt<[string], TerminalRow>(db, `SELECT ${TERMINAL_COLUMNS} FROM terminals WHERE name = ? ORDER BY revoked_at IS NULL DESC, id DESC LIMIT 1`).get(name);
}

/** The terminal a connection's certificate belongs to (its fingerprint), revoked or not. */
export function terminalByFingerprint(db: ReadableDb, fingerprint: string): TerminalRow | undefined {
  return stmt<[string], TerminalRow>(db, `SELECT ${TERMINAL_COLUMNS} FROM terminals WHERE fingerprint = ?`).get(fingerprint);
}

export function allTerminals(db: ReadableDb): TerminalRow[] {
  return stmt<[], TerminalRow>(db, `SELECT ${TERMINAL_COLUMNS} FROM terminals ORDER BY name, id`).all();
}

export function insertTerminal(db: WritableDb, t: { name: string; fingerprint: string; serial: string; at: string }): number {
  return Number(
    stmt(db, `INSERT INTO terminals (name, fingerprint, serial, enrolled_at) VALUES (?, ?, ?, ?)`).run(t.name, t.fingerprint, t.serial, t.at).lastInsertRowid,
  );
}

/** Revoked once: 0 rows when it already was. */
export function revokeTerminal(db: WritableDb, id: number, at: string, by: number): number {
  return stmt(db, `UPDATE terminals SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL`).run(at, by, id).changes;
}

/** A terminal's last call, moved forward only. */
export function touchTerminal(db: WritableDb, id: number, at: string): void {
  stmt(db, `UPDATE terminals SET last_seen_at = ? WHERE id = ? AND (last_seen_at IS NULL OR last_seen_at < ?)`).run(at, id, at);
}

interface EnrolmentCodeRow {
  id: number;
  terminalName: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export function insertEnrolmentCode(db: WritableDb, c: { codeHash: string; terminalName: string; at: string; by: number; expiresAt: string }): number {
  return Number(
    stmt(db, `INSERT INTO enrolment_codes (code_hash, terminal_name, created_at, created_by, expires_at) VALUES (?, ?, ?, ?, ?)`).run(
      c.codeHash,
      c.terminalName,
      c.at,
      c.by,
      c.expiresAt,
    ).lastInsertRowid,
  );
}

export function enrolmentCodeByHash(db: ReadableDb, codeHash: string): EnrolmentCodeRow | undefined {
  return stmt<[string], EnrolmentCodeRow>(
    db,
    `SELECT id, terminal_name AS terminalName, created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt FROM enrolment_codes WHERE code_hash = ?`,
  ).get(codeHash);
}

/** Marks a code used by a terminal, only while it is unused and unexpired at `at`: 0 rows when another redemption was first. */
export function useEnrolmentCode(db: WritableDb, id: number, at: string, terminalId: number): number {
  return stmt(db, `UPDATE enrolment_codes SET used_at = ?, terminal_id = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?`).run(at, terminalId, id, at).changes;
}
