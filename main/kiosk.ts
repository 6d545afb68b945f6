/**
 * The kiosk backend as one object: database, services and the dispatcher.
 * Electron (main/electron) and browser mode (main/web) both wrap this.
 */
import { join } from 'node:path';
import type { CallMeta } from '../core/bridge.js';
import { DEFAULT_TERMINAL, type CallOrigin } from '../core/terminal.js';
import type { Result } from '../core/errors.js';
import type { KioskEvent } from '../core/events.js';
import { checkBackupInWorker } from './workers/backup-check.js';
import { checkBooksInWorker } from './workers/books-check.js';
import { exportSalesInWorker } from './workers/export-sales.js';
import { ExportNotWritten, exportSessionInWorker } from './inspector/in-worker.js';
import { KioskError } from '../core/refusal.js';
import { createCheckpointer } from '../db/checkpointer.js';
import { checkpointWorker } from './workers/checkpoint.js';
import { displayTokenKnown } from '../db/bingo/display.js';
import { DatabaseStorageError, MigrationBackupError, openDatabase, openReader, storageFailureOf, type WritableDb } from '../db/connection.js';
import { keepReserve, openFailureOf, releaseReserve, RESERVE_BYTES } from '../db/reserve.js';
import type { Channel } from '../core/contract.js';
import type { StorageState } from '../core/audit/contract.js';
import type { PrinterRow } from '../db/printing.js';
import { renderEscPos } from '../printing/escpos.js';
import { createPdfRenderer } from './printing/pdf-renderer.js';
import { PrintQueue, type JobTransport } from './printing/queue.js';
import { jobTransportOf, printerStatus } from './printing/transports.js';
import { createDispatcher, type DispatcherDeps } from './rpc/dispatcher.js';
import { auditedWrite } from './rpc/audited.js';
import type { MachineDispatch, MachineHandlers } from './services/shared/context.js';
import { auditMachine, handlers, terminalsMachine } from './services/index.js';
import { CLOCK_SYNC_UNKNOWN, clockJump, type ClockJump, type ClockMark, type ClockSyncState } from '../core/audit/clock.js';
import type { KioskIo } from './services/shared/context.js';
import { runningPost, type PostStatus } from '../core/terminals/post.js';
import type { JournalState } from '../core/audit/contract.js';
import { OperatorSessions } from './services/shared/access/operator-sessions.js';
import { sealPinHashes } from './services/shared/credentials.js';
import { createPins, type PinCost, type Pins } from './services/shared/access/pin.js';
import { openPinKey } from './services/shared/access/pin-key.js';
import { openHallKeyring } from './services/shared/signing/hall-keyring.js';
import { keepCosignatures } from './services/shared/signing/cosignatures.js';
import type { PreparedFrontier } from '../db/transparency.js';
import { prepareFrontierInWorker } from './workers/frontier.js';
import { auditHead } from '../db/audit.js';
import { PIN_REFUSAL_CODES } from './services/shared/credentials.js';
import { queueCounts } from '../db/watch.js';
import type { PostMetrics } from './watch/metrics.js';

/** Entries between two growths of the tree ahead of the next checkpoint (main/workers/frontier.ts). */
export const PREPARE_AHEAD = 2048;

export interface KioskOptions {
  /** Folder holding kiosk.sqlite and backups/. */
  dataDir: string;
  /** Seed the database once open (the demo hall of main/demo/seed.ts); it goes through dispatch like any caller. */
  seed?: (kiosk: Kiosk, now: Date) => Promise<unknown>;
  /** This post's own terminal (its screens' calls, its drawer and printers): calls whose transport names no terminal. */
  terminalId?: string;
  /** Injected time source (tests move it). */
  now?: () => Date;
  /**
   * The wall clock looked at against the monotonic one, a jump recorded in the books (clock.jump). Default: every
   * CLOCK_LOOK_MS with performance.now(), unless `now` is injected (a test's clock moves on purpose); false: never.
   */
  clockWatch?: { monotonic: () => number; everyMs?: number } | false;
  /** Whether the system keeps the clock synchronised, as the post last asked it (main/hall/clock-sync.ts); none: unknown. */
  clockSync?: () => ClockSyncState;
  /** Operator idle time before the screen locks. */
  idleMs?: number;
  logError?: (error: unknown, channel: string) => void;
  /** How jobs reach a printer (default: its TCP or device transport with a status check). */
  printerTransport?: (printer: PrinterRow) => JobTransport;
  printRetryDelaysMs?: readonly number[];
  /** The system the kiosk runs on (default process.platform): which printer device names it takes. */
  platform?: string;
  /** Room kept beside the database for logins on a full disk (db/reserve.ts; default RESERVE_BYTES, 0: none). */
  reserveBytes?: number;
  /** The PIN key is lost for good (`--new-pin-key`): start with a new one; the admin's recovery code gets the hall back in. */
  newPinKey?: boolean;
  /** Tests count the PIN checks made (the real hashing, wrapped). */
  wrapPins?: (pins: Pins) => Pins;
  /** Tests only: scrypt's cost for new PIN hashes (default PIN_COST; the command line never sets it). */
  pinCost?: PinCost;
  /** What this post is, for post.status (default: a standalone kiosk of browser mode); asked at each call (the hall's fingerprint comes after the kiosk opens). */
  post?: () => PostStatus;
  /** The group journal's shipper state (main/journal/shipper.ts, started beside the kiosk by the command line); none: null. */
  journal?: () => JournalState | null;
  /** Each call the dispatcher receives, with the terminal its transport names (tests list the routes of every post). */
  trace?: DispatcherDeps['trace'];
  /** This post's metrics (main/watch/metrics.ts): each command's latency, the sales, the PINs refused, the print queue. */
  metrics?: PostMetrics;
}

export interface Kiosk {
  /** A call; `origin` is the terminal its transport vouches for (default: this post's own, `terminalId`). */
  dispatch(channel: string, input: unknown, meta?: CallMeta, origin?: CallOrigin): Promise<Result<unknown>>;
  onEvent(listener: (event: KioskEvent) => void): () => void;
  /** The machine commands of the hall's terminals port (core/terminals/machine.ts), through the dispatcher: a value, or a KioskError thrown. */
  machine: MachineDispatch;
  /** Tells every screen of something that changed with no commit of the dispatcher (the kiosk's health, cli.ts). */
  emit(event: KioskEvent): void;
  close(): void;
  /** Whether a hall board's display token was issued (display.token): it reads the board and nothing else. */
  isDisplayToken(token: string): boolean;
  /**
   * The group's cosignatures of this hall's checkpoints, as the journal's shipper fetched them: each kept when it
   * is the witness key's cosignature of that checkpoint's note (a line that does not check is left out). How many
   * checked (each kept once: one already kept is left as it is).
   */
  keepCosignatures(rows: readonly { checkpointId: number; witnessKey: string; line: string; witnessedAt: string }[]): number;
  /** The writable connection (tests read tables through it). */
  readonly db: WritableDb;
  /** The print queue (tests wait for it to be idle). */
  readonly printQueue: PrintQueue;
  /** Whether the system keeps the clock synchronised, as last asked (the health endpoint; system.clock). */
  clockSync(): ClockSyncState;
  readonly dataDir: string;
  /** The disk's state as the last write found it (the health endpoint). */
  storage(): StorageState;
}

export const DATABASE_FILE = 'kiosk.sqlite';
/** Where session.export writes the inspector's ZIP files, in the data folder. */
const EXPORTS_FOLDER = 'exports';

/** A kiosk told nothing of its post: browser mode's standalone kiosk. */
const standalonePost = (): PostStatus => runningPost('standalone');
export { PIN_KEY_FILE } from './services/shared/access/pin-key.js';

/** What the reserved room of a full disk is for: logging in (and out), so that the books can be read. */
const ON_RESERVE: ReadonlySet<Channel> = new Set<Channel>(['auth.login', 'auth.logout']);

/**
 * Open the database; on a full disk, give up the reserve (db/reserve.ts) and
 * try once more. A disk that still refuses is said in words with the file.
 * Returns whether the kiosk runs on its reserve.
 */
function openOnAnyDisk(file: string, dataDir: string): { db: WritableDb; onReserve: boolean } {
  // The copy before a migration refused by the disk is judged by the disk's failure, and said in its own words.
  const failureOf = (e: unknown) => openFailureOf(e instanceof MigrationBackupError ? e.failure : e, dataDir);
  const refusal = (e: unknown, kind: 'full' | 'io_error') => (e instanceof MigrationBackupError ? e : new DatabaseStorageError(file, kind, e));
  try {
    return { db: openDatabase(file), onReserve: false };
  } catch (first) {
    const kind = failureOf(first);
    if (kind === null) throw first;
    if (kind === 'full' && releaseReserve(dataDir)) {
      try {
        return { db: openDatabase(file), onReserve: true };
      } catch (again) {
        const still = failureOf(again);
        if (still === null) throw again;
        throw refusal(again, still);
      }
    }
    throw refusal(first, kind);
  }
}

/** The kiosk's I/O for the services (KioskIo): printers, the PDF worker, the checks and exports in their workers, the states the screens show. */
function kioskIo(
  options: Pick<KioskOptions, 'dataDir' | 'journal' | 'post'>,
  o: {
    platform: string;
    pdf: KioskIo['pdf'];
    progress: KioskIo['progress'];
    storage: KioskIo['storage'];
    clockSync: KioskIo['clockSync'];
    now: () => Date;
  },
): KioskIo {
  const { platform, pdf, progress } = o;
  const file = join(options.dataDir, DATABASE_FILE);
  return {
    printerStatus: (printer) => printerStatus(printer, platform),
    pdf,
    progress,
    checkBackup: (backup) => checkBackupInWorker(backup),
    checkBooks: (shown) => checkBooksInWorker(file, shown, (done, total) => progress('books', done, total)),
    exportSales: (q) => exportSalesInWorker(file, q, (done, total) => progress('export', done, total)),
    exportSession: async (sessionId) => {
      const folder = join(options.dataDir, EXPORTS_FOLDER);
      try {
        return await exportSessionInWorker({ file, sessionId, folder, now: o.now().toISOString() }, (done, total) => progress('export', done, total));
      } catch (e) {
        if (e instanceof ExportNotWritten) throw new KioskError('EXPORT_NOT_WRITTEN', { sessionId, folder, reason: e.reason });
        throw e;
      }
    },
    storage: o.storage,
    journal: options.journal ?? (() => null),
    post: options.post ?? standalonePost,
    clockSync: o.clockSync,
  };
}

/** How often the kiosk looks at its clock for a jump: a step is in the books within this. */
export const CLOCK_LOOK_MS = 10_000;

/**
 * The wall clock looked at every `everyMs` against the monotonic one: a jump (core/audit/clock.ts) is recorded
 * once, through the dispatcher (the machine command clock.jump); the next look starts from the clock as it reads.
 */
function clockWatch(o: { now: () => Date; monotonic: () => number; everyMs: number; record: (jump: ClockJump) => Promise<unknown>; logError: (e: unknown, channel: string) => void }) {
  const look = (): ClockMark => ({ wallMs: o.now().getTime(), monoMs: o.monotonic() });
  let last = look();
  const timer = setInterval(() => {
    const next = look();
    const jump = clockJump(last, next);
    last = next;
    if (jump) o.record(jump).catch((e: unknown) => o.logError(e, 'clock.jump'));
  }, o.everyMs);
  // Looking keeps no program alive that is done (a command line's check of a data folder).
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * The log's tree grown ahead of the next checkpoint, in a worker, every PREPARE_AHEAD entries: a Z, a session's
 * close or a checkpoint on request then hashes only the entries since inside its transaction.
 */
function frontierAhead(db: WritableDb, logError: (e: unknown, channel: string) => void) {
  let prepared: PreparedFrontier | null = null;
  let preparing = false;
  let closed = false;
  return {
    prepared: (): PreparedFrontier | null => prepared,
    /** After a commit: grown again in the worker once PREPARE_AHEAD entries were added. */
    ahead(): void {
      if (preparing || closed || db.name === '' || db.name === ':memory:') return;
      const head = auditHead(db)?.seq ?? 0;
      if (head - (prepared?.frontier.size ?? 0) < PREPARE_AHEAD) return;
      preparing = true;
      prepareFrontierInWorker(db.name, prepared)
        .then((next) => {
          prepared = next;
        })
        .catch((e: unknown) => {
          if (!closed) logError(e, 'frontier');
        })
        .finally(() => {
          preparing = false;
        });
    },
    close(): void {
      closed = true;
    },
  };
}

/** A counter prints its own terminal's jobs: the hall's queue leases them to it and records its attempts. */
function printMachine(queue: PrintQueue): Pick<MachineHandlers, 'print.claim' | 'print.report'> {
  return {
    'print.claim': { kind: 'machine', run: (ctx, input) => ({ value: queue.claimFor(ctx.terminalId, input.limit) }) },
    'print.report': {
      kind: 'machine',
      run: (ctx, input) => ({
        value: queue.reportFor(
          ctx.terminalId,
          input.reports.map((r) => ({ jobId: r.jobId, attempts: r.attempts, drawer: r.drawer, reached: r.reached, ...(r.error ? { error: r.error } : {})})),
        ),
      }),
    },
  };
}

/**
 * The disk under the kiosk's database: its state as the last write found it (every screen shows an alert while
 * it is full or failing), and the reserve's room (db/reserve.ts), which on a full disk is for logins alone, until
 * the disk has room for the reserve again. `hooks` are the dispatcher's.
 */
function diskWatch(o: { file: string; dataDir: string; reserveBytes: number; onReserve: boolean; now: () => Date; changed: () => void }) {
  const { now } = o;
  let onReserve = o.onReserve;
  // Made while there is room (a disk with little room simply has none yet: writes go on until it is full).
  if (!onReserve) keepReserve(o.dataDir, o.reserveBytes);
  const spaceIsBack = () => {
    if (onReserve && keepReserve(o.dataDir, o.reserveBytes)) onReserve = false;
    return !onReserve;
  };
  let storage: StorageState = o.onReserve ? { storage: 'full', since: now().toISOString() } : { storage: 'ok', since: null };
  if (o.onReserve) console.error(`[kiosk] storage full: opened ${o.file} on the reserved room; only logins write until there is space`);
  const storageChanged = (next: StorageState) => {
    storage = next;
    o.changed();
  };
  const failed = (kind: 'full' | 'io_error', error: unknown) => {
    if (storage.storage !== kind) {
      console.error(`[kiosk] storage ${kind}:`, error);
      storageChanged({ storage: kind, since: now().toISOString() });
    }
  };
  const hooks: NonNullable<DispatcherDeps['storage']> = {
    failed,
    wrote: () => {
      // A login written in the reserved room: the disk is still full.
      if (storage.storage !== 'ok' && !onReserve) storageChanged({ storage: 'ok', since: null });
    },
    admits: (channel) => spaceIsBack() || ON_RESERVE.has(channel),
    makeRoom: (channel) => {
      if (!ON_RESERVE.has(channel) || !releaseReserve(o.dataDir)) return false;
      onReserve = true;
      return true;
    },
  };
  return { state: (): StorageState => storage, failed, hooks };
}

export async function openKiosk(options: KioskOptions): Promise<Kiosk> {
  const file = join(options.dataDir, DATABASE_FILE);
  const { opened, db, pinKey } = openWithPinKey(file, options);
  const reader = openReader(file);
  const now = options.now ?? (() => new Date());
  const terminalId = options.terminalId ?? DEFAULT_TERMINAL;
  const clockSync = options.clockSync ?? (() => CLOCK_SYNC_UNKNOWN);
  const listeners = listenerSet();
  const emitAll = listeners.emitAll;
  const platform = options.platform ?? process.platform;
  const logError = options.logError ?? ((e: unknown, channel: string) => console.error(`[kiosk] ${channel} failed:`, e));
  const pins = sealedPins(db, createPins(pinKey, options.pinCost), options.wrapPins, { at: now().toISOString(), terminalId });
  // The hall's signing key: made at the first start, recorded in the database with its audit row.
  const keys = openHallKeyring(auditedWrite(db), db, options.dataDir, { at: now().toISOString(), terminalId });
  // The disk's state as the last write found it: every screen shows an alert while it is full or failing.
  const disk = diskWatch({
    file,
    dataDir: options.dataDir,
    reserveBytes: options.reserveBytes ?? RESERVE_BYTES,
    onReserve: opened.onReserve,
    now,
    changed: () => emitAll({ type: 'changed', channel: 'system.health', topics: ['health'], at: now().toISOString() }),
  });
  const checkpointer = checkpointing(db, disk.failed, logError);
  const queue = printQueueOf({ db, now, platform, options, emitAll, logError });
  // PDFs render in a worker thread: a sale never waits behind an acta.
  const pdf = createPdfRenderer();
  const progress = progressEmitter(emitAll, now);
  const io = kioskIo(options, { platform, pdf, progress, storage: disk.state, clockSync, now });
  const frontier = frontierAhead(db, logError);
  let clock: { stop(): void } | null = null;
  const dispatch = createDispatcher({
    db,
    reader,
    handlers,
    sessions: new OperatorSessions(db, options.idleMs),
    terminalId,
    dataDir: options.dataDir,
    platform,
    pins,
    keys,
    prepared: frontier.prepared,
    now,
    io,
    emit: (event) => {
      checkpointer.afterCommit();
      queue.kick();
      frontier.ahead();
      emitAll(event);
    },
    logError,
    ...(options.trace ? { trace: options.trace } : {}),
    ...(options.metrics ? { observe: observeWith(options.metrics) } : {}),
    machine: {
      ...terminalsMachine,
      ...auditMachine,
      ...printMachine(queue),
    },
    storage: disk.hooks,
  });
  const kiosk: Kiosk = {
    dispatch,
    machine: dispatch.machine,
    onEvent: listeners.onEvent,
    emit: (event) => emitAll(event),
    close() {
      clock?.stop();
      frontier.close();
      listeners.clear();
      // A job still being sent is left pending and printed at the next start.
      queue.stop();
      void pdf.close();
      reader.close();
      checkpointer.flush();
      db.close();
    },
    isDisplayToken: (token) => displayTokenKnown(reader, token),
    keepCosignatures: cosignatureKeeper(db, now, emitAll),
    printQueue: queue,
    clockSync,
    db,
    dataDir: options.dataDir,
    storage: disk.state,
  };
  options.metrics?.readFrom({ printQueue: () => queueCounts(db) });
  if (options.seed) await options.seed(kiosk, now());
  // Jobs left pending by a previous run (a crash, a power cut) are printed now.
  queue.kick();
  clock = startClockWatch(options, now, (jump) => dispatch.machine('clock.jump', jump, { terminalId }), logError);
  return kiosk;
}

/** The kiosk's listeners (its screens, the transports): each event to every one. */
function listenerSet() {
  const listeners = new Set<(event: KioskEvent) => void>();
  return {
    emitAll: (event: KioskEvent) => {
      for (const l of listeners) l(event);
    },
    onEvent(listener: (event: KioskEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => listeners.clear(),
  };
}

/** The database opened (on the reserve if the disk is full) and the PIN key checked against it; the database closed if the key stops the start. */
function openWithPinKey(file: string, options: KioskOptions): { opened: { onReserve: boolean }; db: WritableDb; pinKey: Buffer } {
  const opened = openOnAnyDisk(file, options.dataDir);
  const db = opened.db;
  try {
    // Checked against the database: a missing or swapped key stops the start in words (PIN_KEY_MISSING, PIN_KEY_OTHER).
    return { opened, db, pinKey: openPinKey(options.dataDir, db, { replaceLost: options.newPinKey }).key };
  } catch (e) {
    db.close();
    throw e;
  }
}

/** PINs are sealed under a key outside the database (pin-key.ts); hashes of before it are sealed now. */
function sealedPins(db: WritableDb, sealed: Pins, wrapPins: KioskOptions['wrapPins'], by: { at: string; terminalId: string }): Pins {
  const pins = wrapPins ? wrapPins(sealed) : sealed;
  try {
    sealPinHashes(auditedWrite(db), db, pins, by);
  } catch (e) {
    // A full disk: the hashes stay as they are until the next start (they still verify); the kiosk starts to be read.
    if (storageFailureOf(e) === null) throw e;
  }
  return pins;
}

/** The checkpointer, on a worker thread: a checkpoint's copy and fsync never hold a cashier's call on the main thread. */
function checkpointing(db: WritableDb, storageFailed: (kind: 'full' | 'io_error', error: unknown) => void, logError: (e: unknown, channel: string) => void) {
  const checkpointFailed = (error: unknown) => {
    const kind = storageFailureOf(error);
    if (kind) storageFailed(kind, error);
    else logError(error, 'checkpoint');
  };
  return createCheckpointer(
    db,
    50,
    checkpointFailed,
    { offload: checkpointWorker(db.name, checkpointFailed) },
  );
}

/** The print queue: printing follows the commit and never undoes it (ARCHITECTURE.md, Printing). */
function printQueueOf(o: {
  db: WritableDb;
  now: () => Date;
  platform: string;
  options: Pick<KioskOptions, 'printerTransport' | 'printRetryDelaysMs'>;
  emitAll: (event: KioskEvent) => void;
  logError: (e: unknown, channel: string) => void;
}): PrintQueue {
  const { now, platform, options } = o;
  // One event for a batch of jobs that changed in the same turn (a rush prints 64 at a time).
  let printEventPending = false;
  const printChanged = () => {
    if (printEventPending) return;
    printEventPending = true;
    setImmediate(() => {
      printEventPending = false;
      o.emitAll({ type: 'changed', channel: 'print.queue', topics: ['print'], at: now().toISOString() });
    });
  };
  return new PrintQueue({
    db: o.db,
    now,
    transportFor: options.printerTransport ?? ((printer) => jobTransportOf(printer, platform)),
    render: (doc, profile, r) => renderEscPos(doc, profile, r),
    retryDelaysMs: options.printRetryDelaysMs,
    onChange: printChanged,
    logError: (e) => o.logError(e, 'print queue'),
  });
}

/** Kiosk.keepCosignatures: the group's cosignatures kept in the database, the acta's screens told. */
function cosignatureKeeper(db: WritableDb, now: () => Date, emitAll: (event: KioskEvent) => void): Kiosk['keepCosignatures'] {
  return (rows) => {
    const at = now().toISOString();
    let kept: number;
    try {
      // The one way a hall keeps them, the command line's shipper's too (main/services/shared/signing/cosignatures.ts).
      kept = keepCosignatures(db, rows, at);
    } catch (e) {
      // A full disk: the shipper asks again (from the newest kept) and they are kept then.
      if (storageFailureOf(e) === null) throw e;
      return 0;
    }
    if (kept > 0) emitAll({ type: 'changed', channel: 'audit.cosignature', topics: ['acta'], at });
    return kept;
  };
}

/** The clock watched for jumps (clockWatch), unless told not to or the time is injected (a test's clock moves on purpose). */
function startClockWatch(
  options: Pick<KioskOptions, 'clockWatch' | 'now'>,
  now: () => Date,
  record: (jump: ClockJump) => Promise<unknown>,
  logError: (e: unknown, channel: string) => void,
): { stop(): void } | null {
  const watching = options.clockWatch ?? (options.now ? false : { monotonic: () => performance.now() });
  if (!watching) return null;
  return clockWatch({ now, monotonic: watching.monotonic, everyMs: watching.everyMs ?? CLOCK_LOOK_MS, record, logError });
}

/** The dispatcher's observation of each command, as metrics: its latency, a sale, a PIN refused (by code, never the PIN). */
function observeWith(metrics: PostMetrics): NonNullable<DispatcherDeps['observe']> {
  return (channel, seconds, result, replayed) => {
    metrics.command(channel, seconds, result, replayed);
    if (!result.ok && PIN_REFUSAL_CODES.has(result.error.code)) metrics.pinRefused(result.error.code);
  };
}

/** Progress events at most every 100 ms per task, and always the first and the last step: a bar moves, the stream is not flooded. */
export function progressEmitter(emit: (event: KioskEvent) => void, now: () => Date, everyMs = 100): KioskIo['progress'] {
  const last = new Map<string, number>();
  return (task, done, total) => {
    const t = Date.now();
    const first = !last.has(task);
    const final = done >= total;
    if (!first && !final && t - (last.get(task) ?? 0) < everyMs) return;
    if (final) last.delete(task);
    else last.set(task, t);
    emit({ type: 'progress', task, done, total, at: now().toISOString() });
  };
}
