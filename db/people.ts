/** SQL of the people domain: the hall, its settings, operators and their PIN failures. */
import type { Role } from '../core/roles.js';
import { DEFAULT_SETTINGS, type HallSettings } from '../core/settings.js';
import { DEFAULT_HALL_TIME_ZONE, type HallTimeZone } from '../core/time.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

// ---- the hall --------------------------------------------------------------

export interface HallRow {
  hallName: string;
  licence: string | null;
  /** The zone its days are counted and its times printed in (a CHECK keeps it one of the three). */
  timeZone: HallTimeZone;
}

export function hallRow(db: ReadableDb): HallRow | undefined {
  return stmt<[], HallRow>(db, `SELECT name AS hallName, licence, time_zone AS timeZone FROM hall WHERE id = 1`).get();
}

/** The hall's time zone; the mainland's before the hall is set up. */
export function hallTimeZone(db: ReadableDb): HallTimeZone {
  return (stmt<[], HallTimeZone>(db, `SELECT time_zone FROM hall WHERE id = 1`).pluck().get() as HallTimeZone | undefined) ?? DEFAULT_HALL_TIME_ZONE;
}

export function insertHall(db: WritableDb, h: { hallName: string; licence: string | null; at: string }): void {
  stmt(db, `INSERT INTO hall (id, name, licence, created_at) VALUES (1, ?, ?, ?)`).run(h.hallName, h.licence, h.at);
}

export function updateHall(db: WritableDb, h: { hallName?: string; licence?: string | null; timeZone?: HallTimeZone }): void {
  if (h.hallName !== undefined) stmt(db, `UPDATE hall SET name = ? WHERE id = 1`).run(h.hallName);
  if (h.licence !== undefined) stmt(db, `UPDATE hall SET licence = ? WHERE id = 1`).run(h.licence);
  if (h.timeZone !== undefined) stmt(db, `UPDATE hall SET time_zone = ? WHERE id = 1`).run(h.timeZone);
}

// ---- settings ----------------------------------------------------------------

export function hallSettings(db: ReadableDb): HallSettings {
  // The reason lists share the key/value table (savedReasonLists below) but are no setting of HallSettings.
  const rows = stmt<[], { key: string; value: string }>(db, `SELECT key, value FROM settings WHERE key NOT LIKE 'reasons.%'`).all();
  const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  const settings = { ...DEFAULT_SETTINGS, ...(stored as Partial<HallSettings>) };
  // Saved before the starting amount existed: it starts at 0 (the schema's default). Read on every sale and ball: no parse.
  if (settings.specialPrize && settings.specialPrize.startingCents === undefined) settings.specialPrize = { ...settings.specialPrize, startingCents: 0 };
  return settings;
}

export function saveSetting(db: WritableDb, key: string, value: unknown): void {
  stmt(db, `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, JSON.stringify(value));
}

/** The hall's saved reason lists by act (`reasons.<act>` rows of the settings table); an act never edited has none. */
export function savedReasonLists(db: ReadableDb): Record<string, string[]> {
  const rows = stmt<[], { key: string; value: string }>(db, `SELECT key, value FROM settings WHERE key LIKE 'reasons.%'`).all();
  return Object.fromEntries(rows.map((r) => [r.key.slice('reasons.'.length), JSON.parse(r.value) as string[]]));
}

/** Save an act's list, or (null) forget it so the act offers its default again. */
export function saveReasonList(db: WritableDb, act: string, reasons: readonly string[] | null): void {
  if (reasons === null) stmt(db, `DELETE FROM settings WHERE key = ?`).run(`reasons.${act}`);
  else saveSetting(db, `reasons.${act}`, reasons);
}

// ---- operators -----------------------------------------------------------------

export interface OperatorRow {
  id: number;
  username: string;
  name: string;
  roles: Role[];
  pinHash: string;
  active: boolean;
  /** The PIN has fewer than 6 digits (or was set before the kiosk knew). */
  shortPin: boolean;
  /** The admin's recovery code, hashed (pin.ts), if one was made. */
  recoveryHash: string | null;
}

interface Raw {
  id: number;
  username: string;
  name: string;
  roles: string;
  pin_hash: string;
  active: number;
  short_pin: number;
  recovery_hash: string | null;
}

const fromRaw = (r: Raw): OperatorRow => ({
  id: r.id,
  username: r.username,
  name: r.name,
  roles: JSON.parse(r.roles) as Role[],
  pinHash: r.pin_hash,
  active: r.active === 1,
  shortPin: r.short_pin === 1,
  recoveryHash: r.recovery_hash,
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
  o: { username: string; name: string; roles: Role[]; pinHash: string; shortPin: boolean; createdAt: string },
): number {
  return Number(
    stmt(db, `INSERT INTO operators (username, name, roles, pin_hash, short_pin, created_at) VALUES (?, ?, ?, ?, ?, ?)`).run(
      o.username,
      o.name,
      JSON.stringify(o.roles),
      o.pinHash,
      o.shortPin ? 1 : 0,
      o.createdAt,
    ).lastInsertRowid,
  );
}

/** What a right PIN told of its length (PINs set before the kiosk knew). */
export function setShortPin(db: WritableDb, id: number, shortPin: boolean): void {
  stmt(db, `UPDATE operators SET short_pin = ? WHERE id = ? AND short_pin <> ?`).run(shortPin ? 1 : 0, id, shortPin ? 1 : 0);
}

export function setRecoveryHash(db: WritableDb, id: number, recoveryHash: string | null): void {
  stmt(db, `UPDATE operators SET recovery_hash = ? WHERE id = ?`).run(recoveryHash, id);
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

/** A new PIN (an admin's reset, a recovery, the key's seal): its budgets start again (clearAccountBudgets). */
export function setOperatorPin(db: WritableDb, id: number, pinHash: string, shortPin: boolean): void {
  stmt(db, `UPDATE operators SET pin_hash = ?, short_pin = ? WHERE id = ?`).run(pinHash, shortPin ? 1 : 0, id);
}

/** Active managers and admins whose PIN has fewer than 6 digits (or is not known to have 6). */
export function shortPinApprovers(db: ReadableDb, roles: readonly Role[]): string[] {
  return stmt<[string], { username: string }>(
    db,
    `SELECT username FROM operators WHERE active = 1 AND short_pin = 1
        AND EXISTS (SELECT 1 FROM json_each(operators.roles) r WHERE r.value IN (SELECT value FROM json_each(?))) ORDER BY username`,
  )
    .all(JSON.stringify(roles))
    .map((r) => r.username);
}

// ---- wrong-PIN budgets (core/people/throttle.ts) ----------------------------------

interface BudgetRow {
  failures: number;
  blocks: number;
  blockedUntil: string | null;
}

export function budgetOf(db: ReadableDb, scope: string): BudgetRow | null {
  return stmt<[string], BudgetRow>(db, `SELECT failures, blocks, blocked_until AS blockedUntil FROM pin_budgets WHERE scope = ?`).get(scope) ?? null;
}

export function saveBudget(db: WritableDb, scope: string, b: BudgetRow): void {
  if (b.failures === 0 && b.blocks === 0 && b.blockedUntil === null) stmt(db, `DELETE FROM pin_budgets WHERE scope = ?`).run(scope);
  else
    stmt(
      db,
      `INSERT INTO pin_budgets (scope, failures, blocks, blocked_until) VALUES (?, ?, ?, ?)
         ON CONFLICT (scope) DO UPDATE SET failures = excluded.failures, blocks = excluded.blocks, blocked_until = excluded.blocked_until`,
    ).run(scope, b.failures, b.blocks, b.blockedUntil);
}

/** Every scope of an account's budgets, at every terminal ('account:<id>@…', 'recovery:<id>@…'). */
export function accountBudgetScopes(db: ReadableDb, id: number): string[] {
  return stmt<[string, string], { scope: string }>(db, `SELECT scope FROM pin_budgets WHERE scope LIKE ? OR scope LIKE ?`)
    .all(`account:${id}@%`, `recovery:${id}@%`)
    .map((r) => r.scope);
}

// ---- the kiosk's facts about its files --------------------------------------------

export function metaValue(db: ReadableDb, key: string): string | null {
  return stmt<[string], { value: string }>(db, `SELECT value FROM kiosk_meta WHERE key = ?`).get(key)?.value ?? null;
}

export function saveMeta(db: WritableDb, key: string, value: string): void {
  stmt(db, `INSERT INTO kiosk_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, value);
}

/** How many active operators hold a role (the last admin is never removed). */
export function activeOperatorsWithRole(db: ReadableDb, role: Role): number {
  return stmt<[string], { n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM operators WHERE active = 1 AND EXISTS (SELECT 1 FROM json_each(operators.roles) r WHERE r.value = ?)`,
  ).get(role)!.n;
}
