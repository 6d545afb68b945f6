/** Typed queries of printers and the print queue. */
import { writeTransaction, type ReadableDb, type WritableDb } from './connection.js';
import { stmt } from './sql.js';

export type PrinterRole = 'receipts' | 'guias' | 'reports';

export interface PrinterRow {
  id: string;
  name: string;
  /** The terminal whose documents it prints and whose drawer it opens. */
  terminalId: string;
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

const PRINTER_COLUMNS = `id, name, terminal_id AS terminalId, role, transport, host, port, path, codepage, width_mm AS widthMm, drawer_pin AS drawerPin,
  drawer_on_ms AS drawerOnMs, drawer_off_ms AS drawerOffMs`;

export function printerById(db: ReadableDb, id: string): PrinterRow | undefined {
  return stmt<[string], PrinterRow>(db, `SELECT ${PRINTER_COLUMNS} FROM printers WHERE id = ?`).get(id);
}

/** The printer of a role at a terminal: a counter's receipts go to its own printer, never to another's. */
export function printerForRole(db: ReadableDb, terminalId: string, role: PrinterRole): PrinterRow | undefined {
  return stmt<[string, string], PrinterRow>(db, `SELECT ${PRINTER_COLUMNS} FROM printers WHERE terminal_id = ? AND role = ?`).get(terminalId, role);
}

export function allPrinters(db: ReadableDb): PrinterRow[] {
  return stmt<[], PrinterRow>(db, `SELECT ${PRINTER_COLUMNS} FROM printers ORDER BY terminal_id, role, id`).all();
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
  /** The last failure's code and parameters (JSON), when our code raised it (migration 0011). */
  lastErrorCode: string | null;
  lastErrorParams: string | null;
  printedAt: string | null;
  drawerPulseSent: number;
}

const JOB_COLUMNS = `id, created_at AS createdAt, kind, title, printer_id AS printerId, document, ref_type AS refType, ref_id AS refId,
  reprint_of AS reprintOf, state, attempts, next_attempt_at AS nextAttemptAt, last_error AS lastError,
  last_error_code AS lastErrorCode, last_error_params AS lastErrorParams, printed_at AS printedAt, drawer_pulse_sent AS drawerPulseSent`;

export function jobById(db: ReadableDb, id: number): JobRow | undefined {
  return stmt<[number], JobRow>(db, `SELECT ${JOB_COLUMNS} FROM print_jobs WHERE id = ?`).get(id);
}

export function recentJobs(db: ReadableDb, sinceId: number, limit: number): JobRow[] {
  return stmt<[number, number], JobRow>(db, `SELECT ${JOB_COLUMNS} FROM print_jobs WHERE id > ? ORDER BY id DESC LIMIT ?`).all(sinceId, limit);
}

/**
 * The printers an enrolled counter prints itself (issue 24, point 4): those of
 * a live terminal. The hall server's own queue leaves their jobs alone; the
 * counter claims them over the terminals port (claimTerminalJobs).
 */
const COUNTERS_PRINTERS = `SELECT p.id FROM printers p JOIN terminals t ON t.name = p.terminal_id AND t.revoked_at IS NULL`;

/**
 * What one connection to a printer carries: the due pending jobs of the
 * printer whose job is oldest, oldest first, at most `limit`, leaving out
 * `busy` (jobs already on their way to a printer) and the jobs of the
 * printers enrolled counters print themselves.
 */
export function nextDueBatch(db: ReadableDb, at: string, limit: number, busy: readonly number[] = []): JobRow[] {
  return stmt<[{ at: string; limit: number; busy: string }], JobRow>(
    db,
    `SELECT ${JOB_COLUMNS} FROM print_jobs
      WHERE state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= @at) AND id NOT IN (SELECT value FROM json_each(@busy))
        AND printer_id = (SELECT printer_id FROM print_jobs
                           WHERE state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= @at)
                             AND id NOT IN (SELECT value FROM json_each(@busy))
                             AND printer_id NOT IN (${COUNTERS_PRINTERS})
                           ORDER BY id LIMIT 1)
      ORDER BY id LIMIT @limit`,
  ).all({ at, limit, busy: JSON.stringify(busy) });
}

/** A counter's claim: due jobs of one of its printers, and that printer. */
interface TerminalClaim {
  printer: PrinterRow;
  /** The jobs as they were before the claim: `drawerPulseSent` 0 says this attempt may open the drawer. */
  jobs: JobRow[];
}

/**
 * An enrolled counter takes the due jobs of one of its own printers (the one
 * whose job is oldest), at most `limit`, in one transaction: each is leased
 * to it until `leaseUntil` (its next attempt moved there: a counter that
 * stops mid-job leaves it due again then, never printed by two at once), and
 * a drawer pulse it carries counts as spent from now (the drawer opens at
 * most once, whatever becomes of the counter; a printer that took no byte
 * gives it back, releasePulses).
 */
export function claimTerminalJobs(db: WritableDb, c: { terminalId: string; at: string; leaseUntil: string; limit: number }): TerminalClaim | null {
  const due = () =>
    stmt<[{ terminalId: string; at: string; limit: number }], JobRow>(
      db,
      `SELECT ${JOB_COLUMNS} FROM print_jobs
        WHERE state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= @at)
          AND printer_id = (SELECT j.printer_id FROM print_jobs j JOIN printers p ON p.id = j.printer_id
                             WHERE j.state = 'pending' AND (j.next_attempt_at IS NULL OR j.next_attempt_at <= @at) AND p.terminal_id = @terminalId
                             ORDER BY j.id LIMIT 1)
        ORDER BY id LIMIT @limit`,
    ).all(c);
  // Most claims find nothing due (a counter asks after each of its commands): those take no write lock.
  if (due().length === 0) return null;
  return writeTransaction(db, () => {
    const jobs = due();
    if (jobs.length === 0) return null;
    const printer = printerById(db, jobs[0]!.printerId)!;
    const lease = stmt<[string, number, number]>(db, `UPDATE print_jobs SET next_attempt_at = ?, drawer_pulse_sent = drawer_pulse_sent | ? WHERE id = ?`);
    for (const job of jobs) {
      const opensDrawer = job.drawerPulseSent === 0 && printer.drawerPin !== null && (JSON.parse(job.document) as { openDrawer?: boolean }).openDrawer === true;
      lease.run(c.leaseUntil, opensDrawer ? 1 : 0, job.id);
    }
    return { printer, jobs };
  });
}

export function terminalHasPrinters(db: ReadableDb, terminalId: string): boolean {
  return stmt<[string], { n: number }>(db, `SELECT EXISTS (SELECT 1 FROM printers WHERE terminal_id = ?) AS n`).get(terminalId)!.n === 1;
}

/** The pending jobs among `ids` that print on a printer of `terminalId` (what a counter may report on). */
export function pendingTerminalJobs(db: ReadableDb, terminalId: string, ids: readonly number[]): JobRow[] {
  return stmt<[string, string], JobRow>(
    db,
    `SELECT ${JOB_COLUMNS} FROM print_jobs
      WHERE state = 'pending' AND printer_id IN (SELECT id FROM printers WHERE terminal_id = ?) AND id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  ).all(terminalId, JSON.stringify(ids));
}

/** When a counter's next job falls due (a retry's wait), or none pending. */
export function terminalEarliestRetry(db: ReadableDb, terminalId: string): string | undefined {
  return (
    stmt<[string], { at: string | null }>(
      db,
      `SELECT MIN(j.next_attempt_at) AS at FROM print_jobs j JOIN printers p ON p.id = j.printer_id
        WHERE j.state = 'pending' AND j.next_attempt_at IS NOT NULL AND p.terminal_id = ?`,
    ).get(terminalId)?.at ?? undefined
  );
}

/**
 * At start-up: a job left pending by an earlier run may have had its drawer
 * pulse sent just before the run stopped, so its pulse counts as spent.
 */
export function markPendingPulsesSpent(db: WritableDb): number {
  return stmt(db, `UPDATE print_jobs SET drawer_pulse_sent = 1 WHERE state = 'pending' AND drawer_pulse_sent = 0`).run().changes;
}

/** Why an attempt failed: the pt-PT text, and its code and parameters when our code raised it. */
export interface JobError {
  message: string;
  code: string | null;
  params: Record<string, string | number> | null;
}

/** The result of one attempt at a job; every outcome counts the attempt. */
export type JobOutcome = {
  id: number;
  /** The drawer pulse went out (or may have) with this attempt. */
  pulseSent: boolean;
  /** A counter's pulse, spent at its claim, that never left (the printer took no byte): the next attempt may open the drawer. */
  pulseReleased?: boolean;
} & ({ state: 'printed'; printedAt: string } | { state: 'pending'; error: JobError; nextAttemptAt: string } | { state: 'failed'; error: JobError });

const paramsJson = (e: JobError): string | null => (e.params === null ? null : JSON.stringify(e.params));

/** Records the outcomes of one batch in one transaction: one fsync, however many jobs. */
export function recordJobOutcomes(db: WritableDb, outcomes: readonly JobOutcome[]): void {
  const counted = `attempts = attempts + 1, drawer_pulse_sent = drawer_pulse_sent | ?`;
  const failure = `last_error = ?, last_error_code = ?, last_error_params = ?`;
  const printed = stmt<[number, string, number]>(
    db,
    `UPDATE print_jobs SET ${counted}, state = 'printed', printed_at = ?, last_error = NULL, last_error_code = NULL, last_error_params = NULL,
       next_attempt_at = NULL WHERE id = ?`,
  );
  const retry = stmt<[number, string, string | null, string | null, string, number]>(
    db,
    `UPDATE print_jobs SET ${counted}, ${failure}, next_attempt_at = ? WHERE id = ?`,
  );
  const failed = stmt<[number, string, string | null, string | null, number]>(
    db,
    `UPDATE print_jobs SET ${counted}, state = 'failed', ${failure}, next_attempt_at = NULL WHERE id = ?`,
  );
  const release = stmt<[number]>(db, `UPDATE print_jobs SET drawer_pulse_sent = 0 WHERE id = ?`);
  writeTransaction(db, () => {
    for (const o of outcomes) {
      const pulse = o.pulseSent ? 1 : 0;
      if (o.pulseReleased && !o.pulseSent) release.run(o.id);
      if (o.state === 'printed') printed.run(pulse, o.printedAt, o.id);
      else if (o.state === 'pending') retry.run(pulse, o.error.message, o.error.code, paramsJson(o.error), o.nextAttemptAt, o.id);
      else failed.run(pulse, o.error.message, o.error.code, paramsJson(o.error), o.id);
    }
  });
}

/** The row as recordJobOutcomes leaves it (what a re-read would return, without one). */
export function jobAfter(job: JobRow, o: JobOutcome): JobRow {
  return {
    ...job,
    attempts: job.attempts + 1,
    drawerPulseSent: o.pulseReleased && !o.pulseSent ? 0 : job.drawerPulseSent | (o.pulseSent ? 1 : 0),
    state: o.state,
    printedAt: o.state === 'printed' ? o.printedAt : job.printedAt,
    lastError: o.state === 'printed' ? null : o.error.message,
    lastErrorCode: o.state === 'printed' ? null : o.error.code,
    lastErrorParams: o.state === 'printed' ? null : paramsJson(o.error),
    nextAttemptAt: o.state === 'pending' ? o.nextAttemptAt : null,
  };
}

/** How many jobs are in each state (benchmarks, diagnostics). */
export function jobStateCounts(db: ReadableDb): Record<JobRow['state'], number> {
  const counts: Record<JobRow['state'], number> = { pending: 0, printed: 0, failed: 0 };
  for (const r of stmt<[], { state: JobRow['state']; n: number }>(db, `SELECT state, COUNT(*) AS n FROM print_jobs GROUP BY state`).all()) {
    counts[r.state] = r.n;
  }
  return counts;
}

/** When the hall's own queue has a job due next (the counters' printers are theirs). */
export function earliestRetry(db: ReadableDb): string | undefined {
  return (
    stmt<[], { at: string }>(
      db,
      `SELECT MIN(next_attempt_at) AS at FROM print_jobs WHERE state = 'pending' AND next_attempt_at IS NOT NULL AND printer_id NOT IN (${COUNTERS_PRINTERS})`,
    ).get()?.at ?? undefined
  );
}

export function insertJob(
  db: WritableDb,
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

// ---- printer configuration and by-hand retries (the printing services) ---------------

export function savePrinter(
  db: WritableDb,
  p: Omit<PrinterRow, 'name'> & { name: string; at: string },
): void {
  stmt(
    db,
    `INSERT INTO printers (id, name, terminal_id, role, transport, host, port, path, codepage, width_mm, drawer_pin, drawer_on_ms, drawer_off_ms, updated_at)
     VALUES (@id, @name, @terminalId, @role, @transport, @host, @port, @path, @codepage, @widthMm, @drawerPin, @drawerOnMs, @drawerOffMs, @at)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, terminal_id = excluded.terminal_id, role = excluded.role, transport = excluded.transport, host = excluded.host,
       port = excluded.port, path = excluded.path, codepage = excluded.codepage, width_mm = excluded.width_mm,
       drawer_pin = excluded.drawer_pin, drawer_on_ms = excluded.drawer_on_ms, drawer_off_ms = excluded.drawer_off_ms,
       updated_at = excluded.updated_at`,
  ).run(p);
}

/** A failed job goes back to the queue, its attempts counted again from zero. */
export function requeueJob(db: WritableDb, jobId: number): void {
  stmt(db, `UPDATE print_jobs SET state = 'pending', attempts = 0, next_attempt_at = NULL WHERE id = ?`).run(jobId);
}
