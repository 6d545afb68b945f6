/**
 * SQL of the compliance domain (Lei n.º 83/2017, art. 76.º; SPEC 11): the
 * persons identified, the payments and exchanges made to or by them, the
 * group's digest key. Personal data lives in these tables only (0035).
 */
import type { DayRecordAct, IdentifiedAct, IdentityDocumentType, RecordedMoment } from '../core/compliance/rules.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

/** The key of the group's digest of a document (none before the hall's first identification): never shipped, never logged. */
export function identityKey(db: ReadableDb): Buffer | undefined {
  return stmt<[], { key: Buffer }>(db, `SELECT key FROM identity_key WHERE id = 1`).get()?.key;
}

/** The hall's own key, drawn at its first identification. */
export function insertIdentityKey(db: WritableDb, key: Buffer, at: string): void {
  stmt(db, `INSERT INTO identity_key (id, key, set_at) VALUES (1, ?, ?)`).run(key, at);
}

/** Whose key digests the documents, since when, and how many digests it has written (persons and barred entries). */
export function identityKeyState(db: ReadableDb): { key: Buffer | null; source: 'hall' | 'group' | null; setAt: string | null; keyed: number } {
  const row = stmt<[], { key: Buffer; source: 'hall' | 'group'; setAt: string }>(db, `SELECT key, source, set_at AS setAt FROM identity_key WHERE id = 1`).get();
  const keyed = stmt<[], { n: number }>(db, `SELECT (SELECT COUNT(*) FROM persons) + (SELECT COUNT(*) FROM barred_entries) AS n`).get()!.n;
  return { key: row?.key ?? null, source: row?.source ?? null, setAt: row?.setAt ?? null, keyed };
}

/** The group's key in place of none (or of a hall's own that keyed no one yet, 0041). */
export function installGroupIdentityKey(db: WritableDb, key: Buffer, at: string): void {
  stmt(
    db,
    `INSERT INTO identity_key (id, key, set_at, source) VALUES (1, @key, @at, 'group')
     ON CONFLICT (id) DO UPDATE SET key = excluded.key, set_at = excluded.set_at, source = 'group'`,
  ).run({ key, at });
}

export interface PersonRow {
  id: number;
  personKey: string;
  name: string | null;
  documentType: IdentityDocumentType;
  documentNumber: string | null;
  country: string;
  birthDate: string | null;
  documentVerified: number;
  recordedAt: string;
  recordedBy: string;
  erasedAt: string | null;
}

const PERSON_SELECT = `SELECT p.id, p.person_key AS personKey, p.name, p.document_type AS documentType, p.document_number AS documentNumber,
  p.country, p.birth_date AS birthDate, p.document_verified AS documentVerified, p.recorded_at AS recordedAt,
  o.username AS recordedBy, p.erased_at AS erasedAt
  FROM persons p JOIN operators o ON o.id = p.recorded_by`;

export function insertPerson(
  db: WritableDb,
  p: { personKey: string; name: string; documentType: IdentityDocumentType; documentNumber: string; country: string; birthDate: string; at: string; operatorId: number; terminalId: string },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO persons (person_key, name, document_type, document_number, country, birth_date, document_verified, recorded_by, recorded_at, terminal_id)
       VALUES (@personKey, @name, @documentType, @documentNumber, @country, @birthDate, 1, @operatorId, @at, @terminalId)`,
    ).run(p).lastInsertRowid,
  );
}

export function personById(db: ReadableDb, id: number): PersonRow | undefined {
  return stmt<[number], PersonRow>(db, `${PERSON_SELECT} WHERE p.id = ?`).get(id);
}

/** The latest identification of one document, not erased. */
export function latestPersonByKey(db: ReadableDb, personKey: string): PersonRow | undefined {
  return stmt<[string], PersonRow>(db, `${PERSON_SELECT} WHERE p.person_key = ? AND p.erased_at IS NULL ORDER BY p.id DESC LIMIT 1`).get(personKey);
}

/** One document's acts of a gaming day, added up across its identifications. */
export function dayTotalOfKey(db: ReadableDb, personKey: string, gamingDay: string): number {
  return stmt<[string, string], { total: number }>(
    db,
    `SELECT COALESCE(SUM(a.cents), 0) AS total FROM identified_acts a JOIN persons p ON p.id = a.person_id WHERE p.person_key = ? AND a.gaming_day = ?`,
  ).get(personKey, gamingDay)!.total;
}

/** Chips a document bought by card or cheque in a gaming day, and the chip cheques already paid to it (art. 76.º, n.º 4). */
export function chipChequeRoom(db: ReadableDb, personKey: string, gamingDay: string): { boughtCents: number; chequedCents: number } {
  return stmt<[string, string], { boughtCents: number; chequedCents: number }>(
    db,
    `SELECT COALESCE(SUM(CASE WHEN a.act = 'chip_sale' THEN a.card_cents + a.cheque_cents ELSE 0 END), 0) AS boughtCents,
            COALESCE(SUM(CASE WHEN a.act = 'chip_redemption' THEN a.cheque_cents ELSE 0 END), 0) AS chequedCents
       FROM identified_acts a JOIN persons p ON p.id = a.person_id WHERE p.person_key = ? AND a.gaming_day = ?`,
  ).get(personKey, gamingDay)!;
}

export interface IdentifiedActInsert {
  personId: number;
  act: IdentifiedAct;
  refId: number;
  cents: number;
  cashCents: number;
  chequeCents: number;
  cardCents: number;
  gamingDay: string;
  at: string;
  operatorId: number;
  terminalId: string;
}

export function insertIdentifiedAct(db: WritableDb, a: IdentifiedActInsert): number {
  return Number(
    stmt(
      db,
      `INSERT INTO identified_acts (person_id, act, ref_id, cents, cash_cents, cheque_cents, card_cents, gaming_day, at, operator_id, terminal_id)
       VALUES (@personId, @act, @refId, @cents, @cashCents, @chequeCents, @cardCents, @gamingDay, @at, @operatorId, @terminalId)`,
    ).run(a).lastInsertRowid,
  );
}

/** The person an act was made to or by (a guia's payee, printed on its cheque slip). */
export function personOfAct(db: ReadableDb, act: IdentifiedAct, refId: number): PersonRow | undefined {
  return stmt<[IdentifiedAct, number], PersonRow>(db, `${PERSON_SELECT} JOIN identified_acts a ON a.person_id = p.id WHERE a.act = ? AND a.ref_id = ?`).get(act, refId);
}

export interface DayActRow {
  at: string;
  act: DayRecordAct;
  refId: number;
  cents: number;
  cashCents: number;
  chequeCents: number;
  cardCents: number;
  operator: string;
  terminalId: string;
  personId: number;
  personKey: string;
  name: string | null;
  documentType: IdentityDocumentType;
  documentNumber: string | null;
  country: string;
}

/**
 * A gaming day's acts of identified persons, in the order made: payments and exchanges, and the moments the hall
 * identified them (an entry: no amount; a purchase of cards: the sale's amount, in cash).
 */
export function dayActs(db: ReadableDb, gamingDay: string): DayActRow[] {
  return stmt<[string, string], DayActRow>(
    db,
    `SELECT at, act, refId, cents, cashCents, chequeCents, cardCents, operator, terminalId, personId, personKey, name, documentType, documentNumber, country FROM (
       SELECT a.at, a.id AS ord, 0 AS kind, a.act, a.ref_id AS refId, a.cents, a.cash_cents AS cashCents, a.cheque_cents AS chequeCents, a.card_cents AS cardCents,
              o.username AS operator, a.terminal_id AS terminalId, p.id AS personId, p.person_key AS personKey, p.name,
              p.document_type AS documentType, p.document_number AS documentNumber, p.country
         FROM identified_acts a JOIN persons p ON p.id = a.person_id JOIN operators o ON o.id = a.operator_id
        WHERE a.gaming_day = ?
       UNION ALL
       SELECT r.at, r.id, 1, r.moment, COALESCE(r.sale_id, r.id), COALESCE(s.total_cents, 0), COALESCE(s.total_cents, 0), 0, 0,
              o.username, r.terminal_id, p.id, p.person_key, p.name, p.document_type, p.document_number, p.country
         FROM identified_presences r JOIN persons p ON p.id = r.person_id JOIN operators o ON o.id = r.operator_id LEFT JOIN sales s ON s.id = r.sale_id
        WHERE r.gaming_day = ?
     ) ORDER BY at, kind, ord`,
  ).all(gamingDay, gamingDay);
}

/** An identified player's entry, or the purchase of cards named for them (art. 76.º, n.º 5). */
export function insertPresence(
  db: WritableDb,
  r: { personId: number; moment: RecordedMoment; saleId: number | null; gamingDay: string; at: string; operatorId: number; terminalId: string },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO identified_presences (person_id, moment, sale_id, gaming_day, at, operator_id, terminal_id) VALUES (@personId, @moment, @saleId, @gamingDay, @at, @operatorId, @terminalId)`,
    ).run(r).lastInsertRowid,
  );
}

/** How many entries of one document (every identification of it) this gaming day. */
export function entriesOfKey(db: ReadableDb, personKey: string, gamingDay: string): number {
  return stmt<[string, string], { n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM identified_presences r JOIN persons p ON p.id = r.person_id WHERE p.person_key = ? AND r.gaming_day = ? AND r.moment = 'entry'`,
  ).get(personKey, gamingDay)!.n;
}

/** The newest list of persons barred from play (the one in force), or none. */
export function currentBarredList(db: ReadableDb): { id: number; importedAt: string; importedBy: string; entries: number; fileSha256: string } | undefined {
  return stmt<[], { id: number; importedAt: string; importedBy: string; entries: number; fileSha256: string }>(
    db,
    `SELECT l.id, l.imported_at AS importedAt, o.username AS importedBy, l.entries, l.file_sha256 AS fileSha256
       FROM barred_lists l JOIN operators o ON o.id = l.imported_by ORDER BY l.id DESC LIMIT 1`,
  ).get();
}

/** Every import of the list, newest first. */
export function barredLists(db: ReadableDb): { id: number; importedAt: string; importedBy: string; entries: number; fileSha256: string }[] {
  return stmt<[], { id: number; importedAt: string; importedBy: string; entries: number; fileSha256: string }>(
    db,
    `SELECT l.id, l.imported_at AS importedAt, o.username AS importedBy, l.entries, l.file_sha256 AS fileSha256
       FROM barred_lists l JOIN operators o ON o.id = l.imported_by ORDER BY l.id DESC`,
  ).all();
}

export function insertBarredList(db: WritableDb, l: { at: string; operatorId: number; fileSha256: string; entries: number }): number {
  return Number(stmt(db, `INSERT INTO barred_lists (imported_at, imported_by, file_sha256, entries) VALUES (@at, @operatorId, @fileSha256, @entries)`).run(l).lastInsertRowid);
}

export interface BarredEntryInsert {
  line: number;
  personKey: string;
  name: string;
  birthDate: string;
  documentType: string;
  documentNumber: string;
  country: string;
  validFrom: string;
  validUntil: string | null;
}

export function insertBarredEntries(db: WritableDb, listId: number, entries: readonly BarredEntryInsert[]): void {
  const insert = stmt(
    db,
    `INSERT INTO barred_entries (list_id, line, person_key, name, document_type, document_number, country, birth_date, valid_from, valid_until)
     VALUES (@listId, @line, @personKey, @name, @documentType, @documentNumber, @country, @birthDate, @validFrom, @validUntil)`,
  );
  for (const e of entries) insert.run({ listId, ...e });
}

export interface BarredEntryRow {
  listId: number;
  line: number;
  validFrom: string;
  validUntil: string | null;
}

/** A document's entries on the list in force (the newest import), earliest first. */
export function barredEntriesOfKey(db: ReadableDb, personKey: string): BarredEntryRow[] {
  return stmt<[string], BarredEntryRow>(
    db,
    `SELECT list_id AS listId, line, valid_from AS validFrom, valid_until AS validUntil FROM barred_entries
      WHERE person_key = ? AND list_id = (SELECT MAX(id) FROM barred_lists) ORDER BY line`,
  ).all(personKey);
}

export function insertBarredRefusal(db: WritableDb, r: { at: string; operatorId: number; terminalId: string; listId: number; line: number }): number {
  return Number(stmt(db, `INSERT INTO barred_refusals (at, operator_id, terminal_id, list_id, line) VALUES (@at, @operatorId, @terminalId, @listId, @line)`).run(r).lastInsertRowid);
}

export interface BarredRefusalRow {
  at: string;
  operator: string;
  terminalId: string;
  listId: number;
  line: number;
  name: string;
  documentType: IdentityDocumentType;
  documentNumber: string;
  country: string;
  /** Null for an entry imported before its file's dates of birth were kept (0040). */
  birthDate: string | null;
  validFrom: string;
  validUntil: string | null;
}

/** The identifications refused from an instant on (a gaming day's start, the day picked by the caller), with the entry that barred them: the managers'. */
export function barredRefusalsSince(db: ReadableDb, from: string): BarredRefusalRow[] {
  return stmt<[string], BarredRefusalRow>(
    db,
    `SELECT r.at, o.username AS operator, r.terminal_id AS terminalId, r.list_id AS listId, r.line, e.name,
            e.document_type AS documentType, e.document_number AS documentNumber, e.country, e.birth_date AS birthDate, e.valid_from AS validFrom, e.valid_until AS validUntil
       FROM barred_refusals r JOIN barred_entries e ON e.list_id = r.list_id AND e.line = r.line JOIN operators o ON o.id = r.operator_id
      WHERE r.at >= ? ORDER BY r.at, r.id`,
  ).all(from);
}

/** Identifications past the legal period before `before`: recorded before it, with no act nor entry or purchase under them since (0035, 0043). */
const ERASABLE = `FROM persons p WHERE p.erased_at IS NULL AND p.recorded_at < @before
  AND NOT EXISTS (SELECT 1 FROM identified_acts a WHERE a.person_id = p.id AND a.at >= @before)
  AND NOT EXISTS (SELECT 1 FROM identified_presences r WHERE r.person_id = p.id AND r.at >= @before)`;

/** How many identifications an erasure up to `before` takes, the oldest; and those older kept for a later act. */
export function erasableSummary(db: ReadableDb, before: string): { persons: number; oldestRecordedAt: string | null; keptForLaterActs: number } {
  const erasable = stmt<[{ before: string }], { persons: number; oldestRecordedAt: string | null }>(
    db,
    `SELECT COUNT(*) AS persons, MIN(p.recorded_at) AS oldestRecordedAt ${ERASABLE}`,
  ).get({ before })!;
  const older = stmt<[{ before: string }], { n: number }>(db, `SELECT COUNT(*) AS n FROM persons p WHERE p.erased_at IS NULL AND p.recorded_at < @before`).get({ before })!.n;
  return { ...erasable, keptForLaterActs: older - erasable.persons };
}

/** The personal columns of every erasable identification emptied (the only change persons allows); how many. */
export function erasePersons(db: WritableDb, e: { before: string; at: string; operatorId: number }): number {
  return stmt(
    db,
    `UPDATE persons SET name = NULL, document_number = NULL, birth_date = NULL, erased_at = @at, erased_by = @operatorId
      WHERE id IN (SELECT p.id ${ERASABLE})`,
  ).run(e).changes;
}

export function insertPersonErasure(db: WritableDb, e: { at: string; operatorId: number; before: string; persons: number }): number {
  return Number(stmt(db, `INSERT INTO person_erasures (at, operator_id, before, persons) VALUES (@at, @operatorId, @before, @persons)`).run(e).lastInsertRowid);
}

export interface PersonErasureRow {
  id: number;
  at: string;
  by: string;
  before: string;
  persons: number;
}

/** The newest erasure, or none. */
export function lastPersonErasure(db: ReadableDb): PersonErasureRow | undefined {
  return stmt<[], PersonErasureRow>(
    db,
    `SELECT e.id, e.at, o.username AS by, e.before, e.persons FROM person_erasures e JOIN operators o ON o.id = e.operator_id ORDER BY e.id DESC LIMIT 1`,
  ).get();
}

/** How many distinct persons (records not erased) carry one of these digests: the hall's persons read once, not one query per digest. */
export function countIdentifiedKeys(db: ReadableDb, personKeys: readonly string[]): number {
  if (personKeys.length === 0) return 0;
  const wanted = new Set(personKeys);
  const keys = stmt<[], string>(db, `SELECT DISTINCT person_key FROM persons WHERE erased_at IS NULL`).pluck().all();
  return keys.filter((k) => wanted.has(k)).length;
}
