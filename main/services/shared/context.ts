/**
 * The one command protocol. A query is a function of a read-only context. A
 * command may first `prepare` (slow work: PIN checks, hashing; no write lock
 * held), then `run` inside one immediate transaction with a writable
 * context, and answers `done(value, audit)`: its value and the audit record
 * the dispatcher appends in the same transaction. A command whose answer is
 * slow to build (the board after a ball) answers `finishAfterCommit(...)`,
 * computed from a read-only context once the write lock is released.
 * There is one way to refuse: throw a KioskError (core/errors.ts); the
 * transaction rolls back and nothing changes.
 */
import type { StorageState } from '../../../core/audit/contract.js';
import type { JournalState } from '../../../core/audit/contract.js';
import type { ClockSyncState } from '../../../core/audit/clock.js';
import type { PostStatus } from '../../../core/terminals/post.js';
import type { CallMeta } from '../../../core/bridge.js';
import type { Channel, ChannelOutput, ParsedInput } from '../../../core/contract.js';
import type { ProgressEvent, Topic } from '../../../core/events.js';
import type { BackupCheck } from '../../../db/backup.js';
import type { BooksCheck } from '../../../db/books.js';
import type { LimitsSignData } from '../../../printing/documents/limitsSign.js';
import type { ComplianceDayPdf } from '../../../printing/pdf/complianceDay.js';
import type { ReadableDb, WritableDb } from '../../../db/connection.js';
import type { MachineChannel, MachineInput } from '../../../core/terminals/machine.js';
import type { CallOrigin } from '../../../core/terminal.js';
import type { PrinterRow } from '../../../db/printing.js';
import type { Acta } from '../../../printing/pdf/acta.js';
import type { Operator, OperatorSessions } from './access/operator-sessions.js';
import type { Pins } from './access/pin.js';
import type { HallKeyring } from './signing/hall-keyring.js';
import type { AppendAudit } from './audit-write.js';
import type { PreparedFrontier } from '../../../db/transparency.js';

export type { Operator } from './access/operator-sessions.js';

/** Work that waits on I/O, injected by the kiosk (tests and benches use the real ones). */
export interface KioskIo {
  printerStatus(printer: PrinterRow): Promise<{ online: boolean; coverOpen: boolean; paperNearEnd: boolean; paperOut: boolean; error?: string | null }>;
  /** PDFs are rendered off the main thread. */
  pdf: {
    acta(data: Acta, o: { generatedAt: string }): Promise<Buffer>;
    sessionReport(data: Acta, o: { generatedAt: string }): Promise<Buffer>;
    limitsSign(data: LimitsSignData): Promise<Buffer>;
    complianceDay(data: ComplianceDayPdf): Promise<Buffer>;
  };
  /** Long work tells every screen how far it is (a backup's pages): pushed as a progress event, throttled. */
  progress(task: ProgressEvent['task'], done: number, total: number): void;
  /** A backup's copy checked off the main thread (seconds for a large hall). */
  checkBackup(file: string): Promise<BackupCheck>;
  /** The books checked one document at a time, off the main thread (seconds for a large hall); progress as task 'books'. */
  checkBooks(shown: number): Promise<BooksCheck>;
  /** A session's sales (or one game's) as a CSV file, built off the main thread on one snapshot; progress as task 'export'. */
  exportSales(q: { sessionId: number; gameId: number | null; madeAt: string }): Promise<{ filename: string; content: string; rows: number }>;
  /** A closed session's inspector export, built off the main thread and written to the data folder's exports/; progress as task 'export'. */
  exportSession(sessionId: number): Promise<{ filename: string; path: string; entries: number; zip: Uint8Array }>;
  /** The database's storage now (kept by the kiosk from the errors SQLite gives). */
  storage(): StorageState;
  /** The journal shipper's state (null where no group database is set). */
  journal(): JournalState | null;
  /** What this post was started as (its role, the hall server's addresses and fingerprint). */
  post(): PostStatus;
  /** Whether the system keeps the clock synchronised, as last asked (unknown where the post does not ask). */
  clockSync(): ClockSyncState;
}

export type { AppendAudit, AuditedWrite } from './audit-write.js';

interface CallContext {
  /** The moment of this call (injected clock); the same for every write of it. */
  now: Date;
  at: string;
  operator: Operator | null;
  terminalId: string;
  /** This post's own terminal (the hall server's screens): never a name to enrol a counter under. */
  homeTerminalId: string;
  meta: CallMeta;
  /** One object per running kiosk: the key of the domains' in-memory caches (the board). */
  memo: object;
  /** The kiosk's data folder (backups go to its `backups/`). */
  dataDir: string;
  /** The system the kiosk runs on (process.platform's code; tests inject another): a printer's device names differ. */
  platform: string;
  /** PIN hashing under the data folder's key (pin.ts). */
  pins: Pins;
  /** The hall's signing key (its signed checkpoints, hall-keyring.ts). */
  keys: HallKeyring;
  /** The log's tree grown ahead of the next checkpoint (off the main thread), or null: a checkpoint then grows it all. */
  prepared(): PreparedFrontier | null;
}

export interface QueryContext extends CallContext {
  db: ReadableDb;
  io: KioskIo;
}

export interface CommandContext extends CallContext {
  db: WritableDb;
  sessions: OperatorSessions;
  /** A further audit row of this command, in its transaction (its own row is the dispatcher's, after run). */
  audit: AppendAudit;
}

/** Before a command's transaction: reads, slow checks, and the short write of a wrong PIN. */
export interface PrepareContext extends CallContext {
  db: ReadableDb;
  /** Only for what must commit even when the command is refused (a wrong PIN counts towards the lock-out). */
  writer: WritableDb;
  /** Such a write in the next commit shared with other commands (one fsync for many): resolves once committed. */
  writeShared<T>(write: (audit: AppendAudit) => T): Promise<T>;
  /** Slow work done here reports its progress (a backup). */
  io: KioskIo;
  channel: Channel;
  input: unknown;
  /** That short write committed: its event goes out now, whatever becomes of the command (a wrong PIN refuses it). */
  changed(topics: readonly Topic[]): void;
  /** Run the command's checks as they stand now, in a transaction rolled back: it refuses, or changes nothing (an approval's request before its PIN). */
  rehearse(run: (ctx: CommandContext) => unknown): void;
}

/**
 * A machine command (core/terminals/machine.ts): a counter's own work at the hall's terminals port, no
 * operator's, run by the dispatcher in one transaction (`dispatcher.machine`). Its audit row, when it is an act
 * of the hall's books (a redemption), is what `audit` says, appended by the dispatcher in that transaction.
 */
export interface MachineCommand<C extends MachineChannel> {
  kind: 'machine';
  run(ctx: CommandContext, input: MachineInput<C>): MachineDone;
}
export interface MachineDone {
  value: unknown;
  audit?: { terminalId: string; input: unknown; after: unknown };
  topics?: readonly Topic[];
}
export type MachineHandlers = { readonly [C in MachineChannel]: MachineCommand<C> };
/** A machine command's call: its value, or a KioskError thrown (its transport words it). */
export type MachineDispatch = <C extends MachineChannel>(channel: C, input: MachineInput<C>, origin: CallOrigin) => Promise<unknown>;

interface AuditNote {
  before?: unknown;
  after?: unknown;
  /** Who the row is about when it is not the caller (a failed login: the user who tried). */
  operatorId?: number;
}

export type Done<T> =
  | {
      value: T;
      audit?: AuditNote;
      topics?: readonly Topic[];
      /** Writes that name the command's own audit row (a key given up by the question that gave it up): in its transaction, once the row is appended. */
      audited?: (auditSeq: number) => void;
    }
  | { finish: (ctx: QueryContext) => T | Promise<T>; audit?: AuditNote; topics?: readonly Topic[] };

/** A command's answer; `topics` adds to the channel's own when what changed depends on the case. */
export function done<T>(value: T, audit?: AuditNote, topics?: readonly Topic[]): Done<T> {
  return { value, ...(audit ? { audit } : {}), ...(topics ? { topics } : {}) };
}

/** The answer is computed after the commit, off the write lock, from a read-only context. */
export function finishAfterCommit<T>(finish: (ctx: QueryContext) => T | Promise<T>, audit?: AuditNote, topics?: readonly Topic[]): Done<T> {
  return { finish, ...(audit ? { audit } : {}), ...(topics ? { topics } : {}) };
}

// Methods, not function properties: a handler that prepares an OperatorRow
// still fits the map's CommandHandler<C, unknown> (parameters are bivariant).
export interface CommandHandler<C extends Channel, P = undefined> {
  kind: 'command';
  prepare?(ctx: PrepareContext, input: ParsedInput<C>): Promise<P>;
  run(ctx: CommandContext, input: ParsedInput<C>, prepared: P): Done<ChannelOutput<C>>;
}

export interface QueryHandler<C extends Channel> {
  kind: 'query';
  /** It waits on I/O (a printer, a PDF worker): it reads first, then waits, outside any snapshot. */
  waits?: boolean;
  run(ctx: QueryContext, input: ParsedInput<C>): ChannelOutput<C> | Promise<ChannelOutput<C>>;
}

type Handler<C extends Channel> = CommandHandler<C, unknown> | QueryHandler<C>;
export type HandlerMap = { [C in Channel]: Handler<C> };
/** One domain's handlers: its channels only. */
export type HandlerSlice<K extends Channel> = { [C in K]: Handler<C> };

export function command<C extends Channel>(run: CommandHandler<C>['run']): CommandHandler<C> {
  return { kind: 'command', run };
}

export function commandWith<C extends Channel, P>(
  prepare: (ctx: PrepareContext, input: ParsedInput<C>) => Promise<P>,
  run: (ctx: CommandContext, input: ParsedInput<C>, prepared: P) => Done<ChannelOutput<C>>,
): CommandHandler<C, P> {
  return { kind: 'command', prepare, run };
}

/** A query answered from one snapshot of the database. */
export function query<C extends Channel>(run: (ctx: QueryContext, input: ParsedInput<C>) => ChannelOutput<C>): QueryHandler<C> {
  return { kind: 'query', run };
}

/** A query that waits on I/O after it has read (a printer's status, a PDF rendered off the main thread). */
export function queryWaiting<C extends Channel>(run: (ctx: QueryContext, input: ParsedInput<C>) => Promise<ChannelOutput<C>>): QueryHandler<C> {
  return { kind: 'query', waits: true, run };
}

/** The operator of a channel that requires one (the dispatcher has checked). */
export function operatorOf(ctx: { operator: Operator | null }): Operator {
  if (!ctx.operator) throw new Error('service called without an operator');
  return ctx.operator;
}
