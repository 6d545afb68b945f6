/** Typed queries of printers and the print queue. */
import { stmt, type Db } from './connection.js';

export type PrinterRole = 'receipts' | 'guias' | 'reports';

export interface PrinterRow {
  id: string;
  name: string;
  role: PrinterRole;
  transport: 'tcp' | 'device';
  host: string | null;
  port: number | null;
  path: string | null;
  codepage: 'cp1252' | 'cp858';
  widthMm: 58 | 80;
  drawerPin: 2 | 5 | null;
  drawerOnMs: number;
  drawerOffMs: number;
}

const PRINTER_COLUMNS = `id, name, role, transport, host, port, path, codepage, width_mm AS widthMm, drawer_pin AS drawerPin,
  drawer_on_ms AS drawerOnMs, drawer_off_ms AS drawerOffMs`;

export function printerById(db: Db, id: string): PrinterRow | undefined {
  return stmt<[string], PrinterRow>(db, `SELECT ${PRINTER_COLUMNS} FROM printers WHERE id = ?`).get(id);
}

export function printerForRole(db: Db, role: PrinterRole): PrinterRow | undefined {
  return stmt<[string], PrinterRow>(db, `SELECT ${PRINTER_COLUMNS} FROM printers WHERE role = ?`).get(role);
}

export function allPrinters(db: Db): PrinterRow[] {
  return stmt<[], PrinterRow>(db, `SELECT ${PRINTER_COLUMNS} FROM printers ORDER BY role, id`).all();
}

export interface JobRow {
  id: number;
  createdAt: string;
  kind: string;
  title: string;
  printerId: string;
  document: string;
  refType: string | null;
  refId: number | null;
  reprintOf: number | null;
  state: 'pending' | 'printed' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  printedAt: string | null;
  drawerPulseSent: number;
}

const JOB_COLUMNS = `id, created_at AS createdAt, kind, title, printer_id AS printerId, document, ref_type AS refType, ref_id AS refId,
  reprint_of AS reprintOf, state, attempts, next_attempt_at AS nextAttemptAt, last_error AS lastError, printed_at AS printedAt,
  drawer_pulse_sent AS drawerPulseSent`;

export function jobById(db: Db, id: number): JobRow | undefined {
  return stmt<[number], JobRow>(db, `SELECT ${JOB_COLUMNS} FROM print_jobs WHERE id = ?`).get(id);
}

export function recentJobs(db: Db, sinceId: number, limit: number): JobRow[] {
  return stmt<[number, number], JobRow>(db, `SELECT ${JOB_COLUMNS} FROM print_jobs WHERE id > ? ORDER BY id DESC LIMIT ?`).all(sinceId, limit);
}

/** The oldest pending job whose next attempt is due. */
export function nextDueJob(db: Db, at: string): JobRow | undefined {
  return stmt<[string], JobRow>(
    db,
    `SELECT ${JOB_COLUMNS} FROM print_jobs WHERE state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?) ORDER BY id LIMIT 1`,
  ).get(at);
}

export function earliestRetry(db: Db): string | undefined {
  return stmt<[], { at: string }>(db, `SELECT MIN(next_attempt_at) AS at FROM print_jobs WHERE state = 'pending' AND next_attempt_at IS NOT NULL`).get()?.at ?? undefined;
}

export function insertJob(
  db: Db,
  j: {
    at: string;
    printerId: string;
    /** The document as stored: { kind, title, ... } JSON (see printing/layout.ts). */
    doc: { kind: string; title: string };
    refType: string | null;
    refId: number | null;
    reprintOf: number | null;
    operatorId: number | null;
  },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO print_jobs (created_at, kind, title, printer_id, document, ref_type, ref_id, reprint_of, operator_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(j.at, j.doc.kind, j.doc.title, j.printerId, JSON.stringify(j.doc), j.refType, j.refId, j.reprintOf, j.operatorId).lastInsertRowid,
  );
}
