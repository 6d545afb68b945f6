/**
 * What the health endpoint (main/watch/health.ts) reads of the file: counts and instants only, never a sale's
 * figures. Each is a single indexed look-up or a count of a small table, quick enough for a probe every few seconds.
 */
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

/**
 * Whether the file takes a write now: the write lock taken and the header's user_version set to itself, then
 * rolled back. Nothing is written (no audit row, no change of any table); a read-only file, a lost lock file or a
 * failing disk under the lock is refused here. Only between transactions: the caller checks `inTransaction`.
 */
export function probeWrite(db: WritableDb): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  db.exec('BEGIN IMMEDIATE');
  try {
    db.pragma(`user_version = ${Number(version)}`);
  } finally {
    db.exec('ROLLBACK');
  }
}

/** The newest audit entry: its seq and instant (null on an empty log). */
export function newestEntry(db: ReadableDb): { seq: number; at: string } | null {
  return stmt<[], { seq: number; at: string }>(db, `SELECT id AS seq, at FROM audit_log ORDER BY id DESC LIMIT 1`).get() ?? null;
}

/** The instant of the entry `seq` (null when there is none). */
export function entryAt(db: ReadableDb, seq: number): string | null {
  return stmt<[number], { at: string }>(db, `SELECT at FROM audit_log WHERE id = ?`).get(seq)?.at ?? null;
}

/** The newest signed checkpoint: when, and how many entries it covers. */
export function newestCheckpoint(db: ReadableDb): { id: number; at: string; size: number } | null {
  return stmt<[], { id: number; at: string; size: number }>(db, `SELECT id, at, size FROM checkpoints ORDER BY id DESC LIMIT 1`).get() ?? null;
}

export interface PrinterWatch {
  id: string;
  name: string;
  terminalId: string;
  role: string;
  pending: number;
  failed: number;
  /** The newest job's state, when it was made and its last error's code (null: printed, or no error code). */
  last: { state: 'pending' | 'printed' | 'failed'; at: string; attempts: number; errorCode: string | null } | null;
}

/** How far back a printer's newest job is looked for (print_jobs has no index by printer): an idle printer has none. */
const RECENT_JOBS = 2000;

/** Each printer with its queue's pending and failed jobs (the state index) and its newest recent job's outcome. */
export function printersWatch(db: ReadableDb): PrinterWatch[] {
  const rows = stmt<[], Omit<PrinterWatch, 'last'> & { lastState: 'pending' | 'printed' | 'failed' | null; lastAt: string | null; lastAttempts: number | null; lastError: string | null }>(
    db,
    `SELECT p.id, p.name, p.terminal_id AS terminalId, p.role,
        (SELECT COUNT(*) FROM print_jobs j WHERE j.printer_id = p.id AND j.state = 'pending') AS pending,
        (SELECT COUNT(*) FROM print_jobs j WHERE j.printer_id = p.id AND j.state = 'failed') AS failed,
        l.state AS lastState, COALESCE(l.printed_at, l.created_at) AS lastAt, l.attempts AS lastAttempts, l.last_error_code AS lastError
      FROM printers p
      LEFT JOIN print_jobs l ON l.id = (SELECT MAX(id) FROM print_jobs WHERE printer_id = p.id AND id > (SELECT COALESCE(MAX(id), 0) FROM print_jobs) - ${RECENT_JOBS})
      ORDER BY p.terminal_id, p.role, p.id`,
  ).all();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    terminalId: r.terminalId,
    role: r.role,
    pending: r.pending,
    failed: r.failed,
    last: r.lastState === null ? null : { state: r.lastState, at: r.lastAt!, attempts: r.lastAttempts ?? 0, errorCode: r.lastError },
  }));
}

/** The print queue's jobs waiting and given up (the state index: printed jobs are not read). */
export function queueCounts(db: ReadableDb): { pending: number; failed: number } {
  const count = (state: string) => stmt<[string], { n: number }>(db, `SELECT COUNT(*) AS n FROM print_jobs WHERE state = ?`).get(state)!.n;
  return { pending: count('pending'), failed: count('failed') };
}
