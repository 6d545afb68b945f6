/**
 * dispatch(channel, rawInput, meta): parse with the contract, check the
 * operator's role, run the handler, and answer with an envelope. Never throws.
 *
 * A query runs on the read-only connection (one snapshot when synchronous).
 * A command runs `prepare` first when it has one (slow checks, no lock
 * held), then `run` in one immediate transaction that also appends its audit
 * row; after the commit its answer may be finished from a read-only context,
 * and an event names the topics it changed.
 */
import type { z } from 'zod';
import { z as zod } from 'zod';
import type { CallMeta } from '../../core/bridge.js';
import { contract, isChannel, keepsKey, type Channel } from '../../core/contract.js';
import { errorMessage, KioskError, type ErrorBody, type Lang, type Result } from '../../core/errors.js';
import type { KioskEvent, Topic } from '../../core/events.js';
import { isIdempotencyKey } from '../../core/idempotency.js';
import type { CallOrigin } from '../../core/terminal.js';
import { appendAudit, type AuditRecord } from '../../db/audit.js';
import { hallTimeZone } from '../../db/people.js';
import { DEFAULT_HALL_TIME_ZONE, type HallTimeZone } from '../../core/time.js';
import { keepAnswer, keepFinishedAnswer, keptAnswer, type KeptAnswer } from '../../db/idempotency.js';
import { createGroupCommit, readSnapshot, storageFailureOf, writeTransaction, type ReadableDb, type WritableDb } from '../../db/connection.js';
import type {
  CommandContext,
  CommandHandler,
  Done,
  HandlerMap,
  KioskIo,
  MachineCommand,
  MachineDispatch,
  MachineDone,
  MachineHandlers,
  Operator,
  PrepareContext,
  QueryContext,
  QueryHandler,
} from '../services/shared/context.js';
import { machineContract } from '../../core/terminals/machine.js';
import type { OperatorSessions } from '../services/shared/access/operator-sessions.js';
import type { HallKeyring } from '../services/shared/signing/hall-keyring.js';
import type { PreparedFrontier } from '../../db/transparency.js';
import type { Pins } from '../services/shared/access/pin.js';
import { commandFingerprint } from './idempotency.js';

export interface DispatcherDeps {
  db: WritableDb;
  /** The read-only connection queries use (the writer itself where there is no file, e.g. tests of one connection). */
  reader: ReadableDb;
  handlers: HandlerMap;
  sessions: OperatorSessions;
  /** The terminal of a call whose transport names none (this post's own screens, tests). */
  terminalId: string;
  /** The data folder (backups). */
  dataDir: string;
  /** The system the kiosk runs on (default process.platform). */
  platform?: string;
  pins: Pins;
  /** The hall's signing key (its checkpoints). */
  keys: HallKeyring;
  /** The log's tree grown ahead of the next checkpoint (main/workers/frontier.ts), or null. */
  prepared?: () => PreparedFrontier | null;
  now: () => Date;
  io: KioskIo;
  emit: (event: KioskEvent) => void;
  /** The machine commands (core/terminals/machine.ts) this kiosk answers: the hall's terminals port calls them. */
  machine?: Partial<MachineHandlers>;
  /** Each call received, with the terminal its transport names (tests list the routes of every post). */
  trace?: (channel: string, origin: CallOrigin) => void;
  /**
   * Each command answered, with how long it took (the metrics' latency histogram and sales counter); never its
   * input. `replayed`: answered from its Idempotency-Key's record (a retry), not done again.
   */
  observe?: (channel: Channel, seconds: number, result: Result<unknown>, replayed: boolean) => void;
  /** Where unexpected errors are reported (they reach the caller only as INTERNAL). */
  logError?: (error: unknown, channel: string) => void;
  /** The disk refused a write (full or failing), or a write succeeded again: the kiosk's health follows. */
  storage?: {
    failed(kind: 'full' | 'io_error', error: unknown): void;
    wrote(): void;
    /** Whether a command may try to write now (on a full disk the kiosk's reserved room is for logins alone). */
    admits?(channel: Channel): boolean;
    /** A command found the disk full: whether room was made for it (a login), so that it is tried once more. */
    makeRoom?(channel: Channel): boolean;
  };
}

const localeErrors = { 'pt-PT': zod.locales.pt().localeError, en: zod.locales.en().localeError };

function fail(code: ErrorBody['code'], params: Record<string, string | number>, lang: Lang, details?: unknown, zone?: HallTimeZone): Result<never> {
  const error: ErrorBody = { code, message: errorMessage(code, params, lang, zone) };
  if (details !== undefined) error.details = details;
  return { ok: false, error };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** Thrown to roll a rehearsal back: it went through. */
const REHEARSED = Symbol('rehearsed');

/** A command's Idempotency-Key, unless its answer holds a secret (never kept), it asks about another key (command.outcome) or it is no command. */
function keyOf(channel: string, meta: CallMeta): string | undefined {
  return meta.idempotencyKey !== undefined && keepsKey(channel) ? meta.idempotencyKey : undefined;
}

/** Thrown inside a command's transaction when its key turns out kept by a call that committed first: nothing of this one is written. */
class AnsweredBefore {
  constructor(readonly kept: KeptAnswer) {}
}

/**
 * `meta` is what the caller says (its operator's token, language, key);
 * `origin` is what its transport knows of it (the terminal), never taken from the caller's words.
 */
export type Dispatch = (channel: string, rawInput: unknown, meta?: CallMeta, origin?: CallOrigin) => Promise<Result<unknown>>;

/** Every channel has a handler of its own kind (checked once, at start). */
function checkHandlers(handlers: HandlerMap): void {
  for (const name of Object.keys(contract) as Channel[]) {
    const h = handlers[name] as { kind?: string } | undefined;
    if (!h || h.kind !== contract[name].kind) throw new Error(`channel ${name}: handler missing or not a ${contract[name].kind}`);
  }
}

/** The dispatcher: operators' calls of the contract, and the machine commands of the hall's terminals port. */
export type Dispatcher = Dispatch & { machine: MachineDispatch };

/** What every call's steps share: the dispatcher's deps and what it made once at start. */
interface Kit {
  deps: DispatcherDeps;
  home: CallOrigin;
  platform: string;
  preparedFrontier: () => PreparedFrontier | null;
  /** The only pen of audit rows: used inside a transaction the dispatcher opened (a command's, a refusal's shared commit, the start's). */
  audit: (rec: AuditRecord) => number;
  /** One object per kiosk: the key of the domains' in-memory caches. */
  memo: object;
  /** Commands that reach their transaction together share one commit (one fsync). */
  group: ReturnType<typeof createGroupCommit>;
  /** Marks an answer given from a key's record (a retry): the observer counts a sale once. */
  answeredBefore: (result: Result<unknown>) => Result<unknown>;
}

/** What a call's contexts share (each adds its connection). */
type CallBase = Omit<QueryContext, 'db' | 'io'>;

/** A command's Idempotency-Key (terminal-local), the fingerprint of this call, and the answer a kept record gives it. */
interface Keyed {
  key: string | undefined;
  fingerprint: string | null;
  replay: (kept: KeptAnswer) => Result<unknown>;
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const { db } = deps;
  checkHandlers(deps.handlers);
  /** The answers given from a key's record (a retry): the metrics count a sale once, not at each retry. */
  const replayed = new WeakSet<object>();
  const kit: Kit = {
    deps,
    home: { terminalId: deps.terminalId },
    platform: deps.platform ?? process.platform,
    preparedFrontier: deps.prepared ?? (() => null),
    audit: (rec) => appendAudit(db, rec),
    memo: {},
    group: createGroupCommit(db),
    answeredBefore: (result) => {
      replayed.add(result);
      return result;
    },
  };
  const attempt = (channel: string, rawInput: unknown, meta: CallMeta, origin: CallOrigin) => attemptCall(kit, channel, rawInput, meta, origin);
  const once = singleFlight(attempt, kit.home);
  const dispatch: Dispatch = async (channel, rawInput, meta = {}, origin = kit.home) => {
    deps.trace?.(channel, origin);
    return observed(deps, once, replayed, channel, rawInput, meta, origin);
  };
  return Object.assign(dispatch, { machine: machineDispatch(kit) });
}

/** Each command answered, with how long it took, to the observer (the metrics); other calls go straight through. */
async function observed(deps: DispatcherDeps, once: Dispatch, replayed: WeakSet<object>, channel: string, rawInput: unknown, meta: CallMeta, origin: CallOrigin): Promise<Result<unknown>> {
  const observe = deps.observe;
  if (!observe || !isChannel(channel) || contract[channel].kind !== 'command') return once(channel, rawInput, meta, origin);
  const started = performance.now();
  const result = await once(channel, rawInput, meta, origin);
  observe(channel, (performance.now() - started) / 1000, result, replayed.has(result));
  return result;
}

/** The keys of commands on their way now (this process): a copy of one waits for it instead of checking its PIN again. */
function singleFlight(attempt: (channel: string, rawInput: unknown, meta: CallMeta, origin: CallOrigin) => Promise<Result<unknown>>, home: CallOrigin): Dispatch {
  const inFlight = new Map<string, Promise<unknown>>();
  return async (channel, rawInput, meta = {}, origin = home) => {
    const sent = keyOf(channel, meta);
    if (sent === undefined) return attempt(channel, rawInput, meta, origin);
    // Keys are the terminal's own: another terminal's same key is another command.
    const key = `${origin.terminalId}\u0000${sent}`;
    // A copy sent while the first is still on its way (its PIN being checked) waits for it, then is answered from its key.
    for (let waiting = inFlight.get(key); waiting; waiting = inFlight.get(key)) await waiting.catch(() => undefined);
    const call = attempt(channel, rawInput, meta, origin);
    inFlight.set(key, call);
    try {
      return await call;
    } finally {
      if (inFlight.get(key) === call) inFlight.delete(key);
    }
  };
}

/** One call, its throws worded as refusals; a login on a full disk is tried once more when room was made for it. */
async function attemptCall(kit: Kit, channel: string, rawInput: unknown, meta: CallMeta, origin: CallOrigin): Promise<Result<unknown>> {
  const lang: Lang = meta.lang === 'en' ? 'en' : 'pt-PT';
  if (!isChannel(channel)) return fail('UNKNOWN_CHANNEL', { channel: String(channel).slice(0, 80) }, lang);
  for (let attempt = 1; ; attempt++) {
    try {
      return await runCall(kit, channel, rawInput, meta, origin, lang);
    } catch (e) {
      const refusal = refusalOf(kit, e, channel, lang, attempt);
      if (refusal !== 'again') return refusal;
    }
  }
}

/** A throw as the caller's refusal, or 'again' (a login on a full disk whose room was made: tried once more). */
function refusalOf(kit: Kit, e: unknown, channel: Channel, lang: Lang, attempt: number): Result<never> | 'again' {
  const { deps } = kit;
  if (e instanceof KioskError) return fail(e.code, e.params, lang, e.details, zoneOfHall(deps.reader));
  // A full or failing disk is the hall's to know, in words, not an INTERNAL: the transaction was rolled back.
  const storage = storageFailureOf(e);
  if (storage !== null) {
    deps.storage?.failed(storage, e);
    // A login on a full disk: the kiosk gives up its reserved room and the login is tried once more.
    if (storage === 'full' && attempt === 1 && deps.storage?.makeRoom?.(channel)) return 'again';
    return fail(storage === 'full' ? 'STORAGE_FULL' : 'STORAGE_IO_ERROR', {}, lang);
  }
  deps.logError?.(e, channel);
  return fail('INTERNAL', {}, lang);
}

/** The hall's zone, for a refusal that names a time ("closed at 21:05"); the mainland's if the file cannot say: the refusal still goes out. */
function zoneOfHall(reader: ReadableDb): HallTimeZone {
  try {
    return hallTimeZone(reader);
  } catch {
    return DEFAULT_HALL_TIME_ZONE;
  }
}

/** One call of the contract: its operator and role, its input, then the query or the command. */
async function runCall(kit: Kit, channel: Channel, rawInput: unknown, meta: CallMeta, origin: CallOrigin, lang: Lang): Promise<Result<unknown>> {
  const { deps } = kit;
  const def = contract[channel];
  const now = deps.now();
  const { terminalId } = origin;
  const operator = deps.sessions.resolve(meta.operatorToken, now, terminalId);
  const refused = refusedAccess(channel, operator, lang);
  if (refused) return refused;
  const parsed = def.input.safeParse(rawInput ?? {}, { error: localeErrors[lang] });
  if (!parsed.success) {
    return fail('VALIDATION_FAILED', { issues: describeIssues(parsed.error.issues) }, lang, parsed.error.issues);
  }
  const base: CallBase = {
    now,
    at: now.toISOString(),
    operator,
    terminalId,
    homeTerminalId: kit.home.terminalId,
    meta,
    memo: kit.memo,
    dataDir: deps.dataDir,
    platform: kit.platform,
    pins: deps.pins,
    keys: deps.keys,
    prepared: kit.preparedFrontier,
  };
  const readCtx: QueryContext = { ...base, db: deps.reader, io: deps.io };
  const handler = deps.handlers[channel];
  if (handler.kind === 'query') return runQuery(handler as QueryHandler<Channel>, readCtx, deps.reader, parsed.data);
  return runCommand(kit, channel, handler as CommandHandler<Channel, unknown>, base, readCtx, parsed.data, lang);
}

/** The session and role checks: a refusal, or null when this operator (or anyone, on a public channel) may call it. */
function refusedAccess(channel: Channel, operator: Operator | null, lang: Lang): Result<never> | null {
  const def = contract[channel];
  if (def.roles === 'public') return null;
  if (!operator) return fail('NOT_AUTHENTICATED', {}, lang);
  const allowed = def.roles;
  if (!operator.roles.some((r) => allowed.includes(r))) {
    return fail('FORBIDDEN', { channel, roles: allowed.join(', ') }, lang);
  }
  return null;
}

async function runQuery(handler: QueryHandler<Channel>, readCtx: QueryContext, reader: ReadableDb, input: unknown): Promise<Result<unknown>> {
  const run = handler.run as (c: QueryContext, i: unknown) => unknown;
  // A query reads one snapshot; one that waits on I/O (a printer, a PDF) reads before it waits, outside it.
  const value = handler.waits ? await run(readCtx, input) : readSnapshot(reader, () => run(readCtx, input));
  return { ok: true, value };
}

/** A command: its key looked up, its prepare, its transaction, then its event and answer. */
async function runCommand(kit: Kit, channel: Channel, cmd: CommandHandler<Channel, unknown>, base: CallBase, readCtx: QueryContext, input: unknown, lang: Lang): Promise<Result<unknown>> {
  const { deps } = kit;
  const keyed = keyedCall(kit, channel, base, input, lang);
  if (!('replay' in keyed)) return keyed;
  const { key } = keyed;
  const admitted = !deps.storage?.admits || deps.storage.admits(channel);
  // Looked up before any work where there is work before the transaction (a PIN to check) or none may be done (a full
  // disk); else the lookup inside the transaction, which is needed anyway (two copies at once), is the only one.
  if (key !== undefined && (cmd.prepare || !admitted)) {
    const kept = keptAnswer(deps.db, base.terminalId, key);
    if (kept) return keyed.replay(kept);
  }
  // On a full disk only what the reserved room is for is tried; the rest is refused before any work.
  if (!admitted) return fail('STORAGE_FULL', {}, lang);
  const prepared = await prepareCommand(kit, channel, cmd, base, input);
  let outcome: Done<unknown>;
  try {
    outcome = await commitCommand(kit, channel, cmd, base, input, prepared, keyed);
  } catch (e) {
    if (e instanceof AnsweredBefore) return keyed.replay(e.kept);
    throw e;
  }
  return finishCommand(kit, channel, outcome, readCtx, key);
}

/**
 * A command sent again with its key (its answer was lost) is answered as the first time, never run twice: its key
 * (checked), this call's fingerprint, and the answer a kept record gives. A refusal when the key is malformed.
 */
function keyedCall(kit: Kit, channel: Channel, base: CallBase, input: unknown, lang: Lang): Keyed | Result<never> {
  const key = keyOf(channel, base.meta);
  if (key !== undefined && !isIdempotencyKey(key)) return fail('IDEMPOTENCY_KEY_INVALID', {}, lang);
  const fingerprint = key === undefined ? null : commandFingerprint(channel, base.terminalId, base.operator?.id ?? null, input);
  // Answered from the record alone: nothing of this call (its PIN above all) is evaluated or shapes the answer.
  const replay = (kept: KeptAnswer): Result<unknown> =>
    kept.outcome === 'given_up'
      ? fail('COMMAND_GIVEN_UP', { channel: kept.channel }, lang)
      : kept.fingerprint !== fingerprint
        ? fail('IDEMPOTENCY_KEY_REUSED', { channel: kept.channel }, lang)
        : kept.answer === null
          ? fail('IDEMPOTENCY_ANSWER_LOST', { channel }, lang)
          : kit.answeredBefore({ ok: true, value: JSON.parse(kept.answer) as unknown });
  return { key, fingerprint, replay };
}

/** A command's `prepare`, when it has one: slow checks with no lock held, a short write of its own (a wrong PIN), a rehearsal. */
async function prepareCommand(kit: Kit, channel: Channel, cmd: CommandHandler<Channel, unknown>, base: CallBase, input: unknown): Promise<unknown> {
  if (!cmd.prepare) return undefined;
  const { deps, audit, group } = kit;
  const { db } = deps;
  const changed = (topics: readonly Topic[]) => {
    if (topics.length > 0) deps.emit({ type: 'changed', channel, topics, at: base.at });
  };
  const rehearse = (check: (c: CommandContext) => unknown) => {
    try {
      writeTransaction(db, () => {
        check({ ...base, db, sessions: deps.sessions, audit });
        throw REHEARSED;
      });
    } catch (e) {
      if (e !== REHEARSED) throw e;
    }
  };
  const prepCtx: PrepareContext = { ...base, db: deps.reader, writer: db, writeShared: (write) => group.run(() => write(audit)), io: deps.io, channel, input, changed, rehearse };
  return (cmd.prepare as (c: PrepareContext, i: unknown) => Promise<unknown>)(prepCtx, input);
}

/**
 * The handler in its transaction (shared with the commands of the moment), with its audit row and, under a key,
 * its kept answer. Throws AnsweredBefore when a copy of the same key committed first.
 */
function commitCommand(kit: Kit, channel: Channel, cmd: CommandHandler<Channel, unknown>, base: CallBase, input: unknown, prepared: unknown, keyed: Keyed): Promise<Done<unknown>> {
  const { deps, audit } = kit;
  const { db } = deps;
  const { key, fingerprint } = keyed;
  const { terminalId, operator } = base;
  const commandCtx: CommandContext = { ...base, db, sessions: deps.sessions, audit };
  const run = cmd.run as (c: CommandContext, i: unknown, p: unknown) => Done<unknown>;
  return kit.group.run(() => {
    // Two calls of one key at once: the second finds the first's key once it may write, and writes nothing.
    const first = key === undefined ? undefined : keptAnswer(db, terminalId, key);
    if (first) throw new AnsweredBefore(first);
    const result = run(commandCtx, input, prepared);
    if ((result as unknown) instanceof Promise) throw new Error(`${channel}: a command must not wait inside its transaction`);
    const auditSeq = audit({
      at: base.at,
      operatorId: result.audit?.operatorId ?? operator?.id ?? null,
      terminalId,
      channel,
      outcome: 'ok',
      input,
      before: result.audit?.before,
      after: result.audit && 'after' in result.audit ? result.audit.after : 'value' in result ? result.value : undefined,
    });
    if ('audited' in result) result.audited?.(auditSeq);
    if (key !== undefined) {
      keepAnswer(db, {
        key,
        channel,
        fingerprint: fingerprint!,
        operatorId: operator?.id ?? null,
        terminalId,
        at: base.at,
        auditSeq,
        answer: 'value' in result ? JSON.stringify(result.value ?? null) : null,
      });
    }
    return result;
  });
}

/** After the commit: its event, then its answer (a slow one finished from a read-only context and kept with its key). */
async function finishCommand(kit: Kit, channel: Channel, outcome: Done<unknown>, readCtx: QueryContext, key: string | undefined): Promise<Result<unknown>> {
  const { deps } = kit;
  deps.storage?.wrote();
  // The commit stands whatever happens next: the event goes out before any slow finish (a backup).
  const topics: Topic[] = [...new Set([...contract[channel].topics, ...(outcome.topics ?? [])])];
  deps.emit({ type: 'changed', channel, topics, at: readCtx.at });
  const value = 'value' in outcome ? outcome.value : await outcome.finish(readCtx);
  // A slow answer is kept with its key once finished (lost with the process, a retry says the act was done).
  if (key !== undefined && !('value' in outcome)) writeTransaction(deps.db, () => keepFinishedAnswer(deps.db, readCtx.terminalId, key, JSON.stringify(value ?? null)));
  return { ok: true, value };
}

/**
 * A machine command: its input parsed, run in one transaction (shared with the commands of the moment) with its
 * audit row when it names one, its event after the commit. A refusal is thrown as a KioskError (a full or failing
 * disk as STORAGE_FULL or STORAGE_IO_ERROR, the transaction rolled back): the transport words it.
 */
function machineDispatch(kit: Kit): MachineDispatch {
  const { deps, audit } = kit;
  return async (channel, rawInput, origin) => {
    deps.trace?.(channel, origin);
    const cmd = deps.machine?.[channel] as MachineCommand<typeof channel> | undefined;
    if (!cmd) throw new KioskError('UNKNOWN_CHANNEL', { channel });
    const parsed = machineContract[channel].safeParse(rawInput ?? {});
    if (!parsed.success) throw new KioskError('VALIDATION_FAILED', { issues: describeIssues(parsed.error.issues) }, parsed.error.issues);
    const now = deps.now();
    const ctx: CommandContext = {
      now,
      at: now.toISOString(),
      operator: null,
      terminalId: origin.terminalId,
      homeTerminalId: kit.home.terminalId,
      meta: {},
      memo: kit.memo,
      dataDir: deps.dataDir,
      platform: kit.platform,
      pins: deps.pins,
      keys: deps.keys,
      prepared: kit.preparedFrontier,
      db: deps.db,
      sessions: deps.sessions,
      audit,
    };
    let outcome: MachineDone;
    try {
      outcome = await kit.group.run(() => {
        const result = cmd.run(ctx, parsed.data as never);
        if (result.audit) {
          audit({ at: ctx.at, operatorId: null, terminalId: result.audit.terminalId, channel, outcome: 'ok', input: result.audit.input, before: undefined, after: result.audit.after });
        }
        return result;
      });
    } catch (e) {
      const storage = storageFailureOf(e);
      if (storage === null) throw e;
      deps.storage?.failed(storage, e);
      throw new KioskError(storage === 'full' ? 'STORAGE_FULL' : 'STORAGE_IO_ERROR');
    }
    deps.storage?.wrote();
    if (outcome.topics?.length) deps.emit({ type: 'changed', channel, topics: [...outcome.topics], at: ctx.at });
    return outcome.value;
  };
}
