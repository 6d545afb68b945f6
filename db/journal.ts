/**
 * The hall's journal as the group receives it (issue 25): the audit log's
 * rows, in order, each with the hash that chains it to the one before. The
 * audit row is written in the command's own transaction, so the journal is
 * an outbox that can never hold a fact the books do not, nor miss one.
 */
import type { HallTimeZone } from '../core/time.js';
import type { ReadableDb } from './connection.js';
import type { StoredRow } from './audit.js';
import { stmt } from './sql.js';

export interface HallIdentity {
  /** The hall's UUID, made once with its file (migration 0023). */
  hallId: string;
  name: string;
  licence: string | null;
  /** The zone its days of operation are counted in (the mainland's before the hall is set up). */
  timeZone: HallTimeZone;
}

export function hallIdentity(db: ReadableDb): HallIdentity {
  const row = stmt<[], HallIdentity>(
    db,
    `SELECT i.hall_id AS hallId, COALESCE(h.name, 'Sala sem nome') AS name, h.licence AS licence,
            COALESCE(h.time_zone, 'Europe/Lisbon') AS timeZone
       FROM hall_identity i LEFT JOIN hall h ON h.id = 1 WHERE i.id = 1`,
  ).get();
  if (!row) throw new Error('hall_identity: the hall has no identity (migration 0023 not applied)');
  return row;
}

/** The journal's entries after `afterSeq`, at most `limit`, oldest first: the audit rows as stored. */
export function journalEntries(db: ReadableDb, afterSeq: number, limit: number): StoredRow[] {
  return stmt<[number, number], StoredRow>(
    db,
    `SELECT id, at, operator_id, terminal_id, channel, outcome, input, before, after, prev_hash, hash
       FROM audit_log WHERE id > ? ORDER BY id LIMIT ?`,
  ).all(afterSeq, limit);
}

/** The hash of the journal's entry `seq`, or undefined when the hall has none (yet). */
export function journalHashAt(db: ReadableDb, seq: number): string | undefined {
  return stmt<[number], string>(db, `SELECT hash FROM audit_log WHERE id = ?`).pluck().get(seq) as string | undefined;
}

export interface JournalHead {
  seq: number;
  hash: string;
  at: string;
}

/** The journal's newest entry, or null while the hall has none. */
export function journalHead(db: ReadableDb): JournalHead | null {
  return stmt<[], JournalHead>(db, `SELECT id AS seq, hash, at FROM audit_log ORDER BY id DESC LIMIT 1`).get() ?? null;
}

/** The time of the journal's entry `seq` (the newest the group holds, for the screens). */
export function journalEntryAt(db: ReadableDb, seq: number): string | undefined {
  return stmt<[number], { at: string }>(db, `SELECT at FROM audit_log WHERE id = ?`).get(seq)?.at;
}
