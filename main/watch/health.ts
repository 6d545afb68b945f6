/**
 * `GET /health` on the back-office port: whether the hall server is writing, its disk filling, its newest
 * checkpoint, its journal behind, its printers failing, its clock sane and its backups copied off the machine,
 * for a technician's probe (no login).
 * Counts and instants only: no figure of the books, no secret. `failing` (HTTP 503) is the database that does not
 * take a write; everything else that is wrong is `degraded` (HTTP 200): the hall still sells.
 */
import { statfsSync } from 'node:fs';
import type { JournalState, LinkState, StorageState } from '../../core/audit/contract.js';
import { CLOCK_SYNC_UNKNOWN, type ClockSyncState } from '../../core/audit/clock.js';
import type { WritableDb } from '../../db/connection.js';
import { entryAt, newestCheckpoint, newestEntry, printersWatch, probeWrite, type PrinterWatch } from '../../db/watch.js';
import { versionLabel } from '../version.js';
import { backupCopyHealth } from '../../core/drawers/backup-copies.js';
import { readCopyState } from '../../db/backup-copy.js';
import type { PostMetrics } from './metrics.js';

export type HealthStatus = 'ok' | 'degraded' | 'failing';

/** Below either, the disk reads degraded (a full disk stops writes: the kiosk then runs on its reserve). */
export const DISK_LOW_PERCENT = 10;
export const DISK_LOW_BYTES = 1024 ** 3;
/** An entry not acknowledged by the group for longer than this (a shipper that stopped answering) reads degraded. */
export const JOURNAL_LAG_LIMIT_S = 120;
/** The clock may read up to this before the newest entry (two writers' instants of one second) before it "went back". */
const CLOCK_SLACK_MS = 1_000;

export interface HealthSources {
  db: WritableDb;
  dataDir: string;
  /** The disk's state as the last write found it (Kiosk.storage). */
  storage: () => StorageState;
  /** The journal shipper's state; null: no group journal configured. */
  journal: () => JournalState | null;
  /** Whether the system keeps the clock synchronised (Kiosk.clockSync, main/hall/clock-sync.ts); absent: unknown. */
  clockSync?: () => ClockSyncState;
  now?: () => Date;
  diskLow?: { percent: number; bytes: number };
}

interface Check {
  status: HealthStatus;
  [k: string]: unknown;
}

export interface HealthReport {
  status: HealthStatus;
  version: string;
  at: string;
  checks: { database: Check; disk: Check; checkpoint: Check; journal: Check; printers: Check; clock: Check; backupCopy: Check };
}

const ageSeconds = (at: string | null, now: Date): number | null => (at === null ? null : Math.round((now.getTime() - Date.parse(at)) / 1000));

function database(s: HealthSources): Check {
  const storage = s.storage();
  // A command's transaction is open between two turns of a group commit: the file is being written now.
  if (s.db.inTransaction) return { status: storage.storage === 'ok' ? 'ok' : 'failing', writable: true, storage: storage.storage, since: storage.since };
  try {
    probeWrite(s.db);
  } catch (e) {
    return { status: 'failing', writable: false, storage: storage.storage, since: storage.since, error: (e as { code?: string }).code ?? 'write refused' };
  }
  // The lock was taken, but the last real write was refused (disk full or failing): commands are refused until one succeeds.
  return { status: storage.storage === 'ok' ? 'ok' : 'failing', writable: storage.storage === 'ok', storage: storage.storage, since: storage.since };
}

function disk(s: HealthSources): Check {
  const low = s.diskLow ?? { percent: DISK_LOW_PERCENT, bytes: DISK_LOW_BYTES };
  try {
    const f = statfsSync(s.dataDir, { bigint: true });
    const freeBytes = Number(f.bavail * f.bsize);
    const totalBytes = Number(f.blocks * f.bsize);
    const freePercent = totalBytes > 0 ? Math.round((freeBytes / totalBytes) * 1000) / 10 : 0;
    const status: HealthStatus = freePercent < low.percent || freeBytes < low.bytes ? 'degraded' : 'ok';
    return { status, freeBytes, totalBytes, freePercent, lowPercent: low.percent, lowBytes: low.bytes };
  } catch (e) {
    return { status: 'degraded', error: (e as { code?: string }).code ?? 'statfs failed' };
  }
}

function checkpoint(s: HealthSources, now: Date, head: number): Check {
  const newest = newestCheckpoint(s.db);
  if (!newest) return { status: 'ok', newest: null };
  return { status: 'ok', newest: { id: newest.id, at: newest.at, ageSeconds: ageSeconds(newest.at, now), entriesSince: Math.max(0, head - newest.size) } };
}

/**
 * The entries the group has not acknowledged, from the file's head and the group's head as last answered: never
 * the shipper's word alone, so a link gone silent, or a shipper that stopped, does not read "caught up".
 */
export function journalLag(s: Pick<HealthSources, 'db' | 'journal'>, now: Date): { state: JournalState['state']; entries: number | null; oldestSeconds: number | null } | null {
  const state = s.journal();
  if (!state) return null;
  if (state.groupHead === null) return { state: state.state, entries: null, oldestSeconds: null };
  const head = newestEntry(s.db)?.seq ?? 0;
  const entries = Math.max(0, head - state.groupHead);
  return { state: state.state, entries, oldestSeconds: entries === 0 ? 0 : ageSeconds(entryAt(s.db, state.groupHead + 1), now) };
}

function journal(s: HealthSources, now: Date): Check {
  const state = s.journal();
  if (!state) return { status: 'ok', state: 'not configured' };
  const lag = journalLag(s, now)!;
  const base = { state: state.state, since: state.since, lastShippedAt: state.lastShippedAt, cause: state.cause };
  if (lag.entries === null) {
    // No answer from the group yet: its head is unknown, so is the lag (never "caught up").
    return { status: state.state === 'starting' ? 'ok' : 'degraded', ...base, entries: 'unknown', oldestSeconds: 'unknown' };
  }
  const late = lag.oldestSeconds !== null && lag.oldestSeconds > JOURNAL_LAG_LIMIT_S;
  const trouble = state.state === 'unreachable' || state.state === 'diverged' || state.state === 'behind';
  return { status: trouble || late ? 'degraded' : 'ok', ...base, entries: lag.entries, oldestSeconds: lag.oldestSeconds };
}

function printerStatus(p: PrinterWatch): HealthStatus {
  if (p.last?.state === 'failed') return 'degraded';
  // A job that has been tried and is waiting for its next try: the printer did not take it.
  if (p.last?.state === 'pending' && p.last.attempts > 0) return 'degraded';
  return 'ok';
}

function printers(s: HealthSources): Check {
  const list = printersWatch(s.db).map((p) => ({ ...p, status: printerStatus(p) }));
  return { status: list.some((p) => p.status !== 'ok') ? 'degraded' : 'ok', printers: list };
}

function clock(s: HealthSources, now: Date): Check {
  // The system's word on NTP: unknown (no source answered) is said as such and degrades nothing; not synchronised does.
  const { sync, source, checkedAt } = s.clockSync?.() ?? CLOCK_SYNC_UNKNOWN;
  const synced = { sync, source, checkedAt };
  const unsynced = sync === 'unsynchronised';
  const newest = newestEntry(s.db);
  if (!newest) return { status: unsynced ? 'degraded' : 'ok', now: now.toISOString(), ...synced, lastRecorded: null, wentBack: false };
  const behindMs = Date.parse(newest.at) - now.getTime();
  const wentBack = behindMs > CLOCK_SLACK_MS;
  return { status: wentBack || unsynced ? 'degraded' : 'ok', now: now.toISOString(), ...synced, lastRecorded: newest.at, wentBack, ...(wentBack ? { behindSeconds: Math.round(behindMs / 1000) } : {}) };
}

/** Each check in turn (synchronous reads of the file, a statfs): a few milliseconds. */
export function healthReport(s: HealthSources): HealthReport {
  const now = (s.now ?? (() => new Date()))();
  // A check that cannot read the file says so instead of failing the whole answer.
  const safely = (check: () => Check, unread: HealthStatus = 'degraded'): Check => {
    try {
      return check();
    } catch (e) {
      return { status: unread, error: (e as { code?: string }).code ?? 'unreadable' };
    }
  };
  let head = 0;
  try {
    head = newestEntry(s.db)?.seq ?? 0;
  } catch {
    // Told by the checks below.
  }
  const checks = {
    database: safely(() => database(s), 'failing'),
    disk: safely(() => disk(s)),
    checkpoint: safely(() => checkpoint(s, now, head)),
    journal: safely(() => journal(s, now)),
    printers: safely(() => printers(s)),
    clock: safely(() => clock(s, now)),
    // The copies off the machine as the copier last left them (main/hall/backup-copier.ts): failing, or none for 36 h, degrades.
    backupCopy: safely(() => backupCopyHealth(readCopyState(s.dataDir), now)),
  };
  const all = Object.values(checks).map((c) => c.status);
  const status: HealthStatus = all.includes('failing') ? 'failing' : all.includes('degraded') ? 'degraded' : 'ok';
  return { status, version: versionLabel(), at: now.toISOString(), checks };
}

/**
 * What the back-office port serves a probe for a kiosk: its health, and its metrics with the journal's lag read
 * from the same file at each scrape.
 */
export function watchKiosk(
  kiosk: { db: WritableDb; dataDir: string; storage(): StorageState; clockSync(): ClockSyncState },
  journalState: () => JournalState | null,
  metrics: PostMetrics,
): { health: () => HealthReport; metrics: PostMetrics } {
  metrics.readFrom({ journalLag: () => journalLag({ db: kiosk.db, journal: journalState }, new Date()) });
  return { metrics, health: () => healthReport({ db: kiosk.db, dataDir: kiosk.dataDir, storage: () => kiosk.storage(), journal: journalState, clockSync: () => kiosk.clockSync() }) };
}

/** A counter's health: its link to the hall server and its clock against the hall's (it keeps no books of its own). */
export function counterHealth(link: { state(): LinkState & { mode: 'counter' } }): () => { status: HealthStatus; version: string; at: string; checks: Record<string, Check> } {
  return () => {
    const s = link.state();
    const checks = {
      link: { status: (s.link === 'up' ? 'ok' : 'degraded') as HealthStatus, state: s.link, since: s.since, lastError: s.lastError, unknownOutcomes: (s.outcomes ?? []).filter((o) => o.state === 'unknown').length },
      clock: { status: (s.clockOff ? 'degraded' : 'ok') as HealthStatus, skewMs: s.skewMs },
    };
    const status: HealthStatus = Object.values(checks).some((c) => c.status !== 'ok') ? 'degraded' : 'ok';
    return { status, version: versionLabel(), at: new Date().toISOString(), checks };
  };
}

/**
 * The printers' failures as log lines: after each change of the print queue (its event), a printer whose newest
 * job failed, or waits for another try, is logged once as failing, and once as printing again when it is back.
 */
export function logPrinters(
  kiosk: { db: WritableDb; onEvent(listener: (event: { type: string; channel?: string; topics?: readonly string[] }) => void): () => void },
  log: { warn(o: object, msg: string): void; info(o: object, msg: string): void },
): () => void {
  const failing = new Set<string>();
  let pending = false;
  const look = () => {
    pending = false;
    let list: PrinterWatch[];
    try {
      list = printersWatch(kiosk.db);
    } catch {
      return;
    }
    for (const p of list) {
      const bad = printerStatus(p) !== 'ok';
      const fields = { printer: p.id, name: p.name, terminal: p.terminalId, role: p.role, pending: p.pending, failed: p.failed, error: p.last?.errorCode ?? null };
      if (bad && !failing.has(p.id)) {
        failing.add(p.id);
        log.warn(fields, 'printer failing');
      } else if (!bad && failing.delete(p.id)) log.info(fields, 'printer printing again');
    }
  };
  return kiosk.onEvent((event) => {
    // The hall's own queue (print.queue) and a counter's reports of its printers (their topic).
    if (event.type !== 'changed' || pending || (event.channel !== 'print.queue' && !(event.topics ?? []).includes('print'))) return;
    // One look per burst of changes (a rush prints many jobs in one turn).
    pending = true;
    setTimeout(look, 250).unref();
  });
}
