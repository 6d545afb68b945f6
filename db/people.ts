/** SQL of the people domain: the hall, its settings, operators and their PIN failures. */
import type { Role } from '../core/roles.js';
import { DEFAULT_SETTINGS, type HallSettings } from '../core/settings.js';
import { stmt, type ReadableDb, type WritableDb } from './connection.js';

// ---- the hall --------------------------------------------------------------

export interface HallRow {
  hallName: string;
  licence: string | null;
}

export function hallRow(db: ReadableDb): HallRow | undefined {
  return stmt<[], HallRow>(db, `SELECT name AS hallName, licence FROM hall WHERE id = 1`).get();
}

export function insertHall(db: WritableDb, h: { hallName: string; licence: string | null; at: string }): void {
  stmt(db, `INSERT INTO hall (id, name, licence, created_at) VALUES (1, ?, ?, ?)`).run(h.hallName, h.licence, h.at);
}

export function updateHall(db: WritableDb, h: { hallName?: string; licence?: string | null }): void {
  if (h.hallName !== undefined) stmt(db, `UPDATE hall SET name = ? WHERE id = 1`).run(h.hallName);
  if (h.licence !== undefined) stmt(db, `UPDATE hall SET licence = ? WHERE id = 1`).run(h.licence);
}

// ---- settings ----------------------------------------------------------------

export function hallSettings(db: ReadableDb): HallSettings {
  const rows = stmt<[], { key: string; value: string }>(db, `SELECT key, value FROM settings`).all();
  const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  const settings = { ...DEFAULT_SETTINGS, ...(stored as Partial<HallSettings>) };
  // Saved before the starting amount existed: it starts at 0 (the schema's default). Read on every sale and ball: no parse.
  if (settings.specialPrize && settings.specialPrize.startingCents === undefined) settings.specialPrize = { ...settings.specialPrize, startingCents: 0 };
  return settings;
}

export function saveSetting(db: WritableDb, key: string, value: unknown): void {
  stmt(db, `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, JSON.stringify(value));
}

// ---- operators -----------------------------------------------------------------

export interface OperatorRow {
  id: number;
  username: string;
  name: string;
  roles: Role[];
  pinHash: string;
  failedAttempts: number;
  lockedUntil: string | null;
  /** Lock-outs in a row since the last good PIN (each lasts twice the last). */
  lockCount: number;
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
  lock_count: number;
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
  lockCount: r.lock_count,
  active: r.active === 1,
});

export function findOperator(db: ReadableDb, username: string): OperatorRow | null {
  const r = stmt<[string], Raw>(db, `SELECT * FROM operators WHERE username = ?`).get(username);
  return r ? fromRaw(r) : null;
}

export function operatorById(db: ReadableDb, id: number): OperatorRow | null {
  const r = stmt<[number], Raw>(db, `SELECT * FROM operators WHERE id = ?`).get(id);
  return r ? fromRaw(r) : null;
}

export function listOperators(db: ReadableDb): OperatorRow[] {
  return stmt<[], Raw>(db, `SELECT * FROM operators ORDER BY id`).all().map(fromRaw);
}

export function insertOperator(
  db: WritableDb,
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

export function recordPinFailure(db: WritableDb, id: number, failedAttempts: number, lockedUntil: string | null, lockCount: number): void {
  stmt(db, `UPDATE operators SET failed_attempts = ?, locked_until = ?, lock_count = ? WHERE id = ?`).run(failedAttempts, lockedUntil, lockCount, id);
}

export function recordPinSuccess(db: WritableDb, id: number): void {
  stmt(
    db,
    `UPDATE operators SET failed_attempts = 0, locked_until = NULL, lock_count = 0
      WHERE id = ? AND (failed_attempts <> 0 OR locked_until IS NOT NULL OR lock_count <> 0)`,
  ).run(id);
}

/**
 * An audited command's change of an operator (users.update): the fields
 * given, in one statement, so the change record holds one row per command.
 */
export function updateOperator(db: WritableDb, id: number, o: { name?: string; roles?: Role[]; active?: boolean }): void {
  stmt(
    db,
    `UPDATE operators SET name = COALESCE(@name, name), roles = COALESCE(@roles, roles), active = COALESCE(@active, active) WHERE id = @id`,
  ).run({ id, name: o.name ?? null, roles: o.roles ? JSON.stringify(o.roles) : null, active: o.active === undefined ? null : o.active ? 1 : 0 });
}

/** A new PIN set by an admin: any lock-out ends with it. */
export function setOperatorPin(db: WritableDb, id: number, pinHash: string): void {
  stmt(db, `UPDATE operators SET pin_hash = ?, failed_attempts = 0, locked_until = NULL, lock_count = 0 WHERE id = ?`).run(pinHash, id);
}

/** How many active operators hold a role (the last admin is never removed). */
export function activeOperatorsWithRole(db: ReadableDb, role: Role): number {
  return stmt<[string], { n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM operators WHERE active = 1 AND EXISTS (SELECT 1 FROM json_each(operators.roles) r WHERE r.value = ?)`,
  ).get(role)!.n;
}
