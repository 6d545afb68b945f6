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

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const { db, reader, handlers, sessions, io, dataDir, pins, keys } = deps;
  const preparedFrontier = deps.prepared ?? (() => null);
  const home: CallOrigin = { terminalId: deps.terminalId };
  const platform = deps.platform ?? process.platform;
  checkHandlers(handlers);
  /** The only pen of audit rows: used inside a transaction the dispatcher opened (a command's, a refusal's shared commit, the start's). */
  const audit = (rec: AuditRecord): number => appendAudit(db, rec);
  /** One object per kiosk: the key of the domains' in-memory caches. */
  const memo = {};
  /** Commands that reach their transaction together share one commit (one fsync). */
  const group = createGroupCommit(db);

  async function run(channel: Channel, rawInput: unknown, meta: CallMeta, origin: CallOrigin, lang: Lang): Promise<Result<unknown>> {
    const def = contract[channel];
    const now = deps.now();
    const { terminalId } = origin;
    const operator = sessions.resolve(meta.operatorToken, now, terminalId);
    if (def.roles !== 'public') {
      if (!operator) return fail('NOT_AUTHENTICATED', {}, lang);
      const allowed = def.roles;
      if (!operator.roles.some((r) => allowed.includes(r))) {
        return fail('FORBIDDEN', { channel, roles: allowed.join(', ') }, lang);
      }
    }
    const parsed = def.input.safeParse(rawInput ?? {}, { error: localeErrors[lang] });
    if (!parsed.success) {
      return fail('VALIDATION_FAILED', { issues: describeIssues(parsed.error.issues) }, lang, parsed.error.issues);
    }
    const base = { now, at: now.toISOString(), operator, terminalId, homeTerminalId: home.terminalId, meta, memo, dataDir, platform, pins, keys, prepared: preparedFrontier };
    const readCtx: QueryContext = { ...base, db: reader, io };
    const handler = handlers[channel];

    if (handler.kind === 'query') {
      const runQuery = (handler as QueryHandler<Channel>).run as (c: QueryContext, i: unknown) => unknown;
      // A query reads one snapshot; one that waits on I/O (a printer, a PDF) reads before it waits, outside it.
      const value = (handler as QueryHandler<Channel>).waits
        ? await runQuery(readCtx, parsed.data)
        : readSnapshot(reader, () => runQuery(readCtx, parsed.data));
      return { ok: true, value };
    }

    // A command sent again with its key (its answer was lost) is answered as the first time, never run twice.
    const key = keyOf(channel, meta);
    if (key !== undefined && !isIdempotencyKey(key)) return fail('IDEMPOTENCY_KEY_INVALID', {}, lang);
    const fingerprint = key === undefined ? null : commandFingerprint(channel, terminalId, operator?.id ?? null, parsed.data);
    // Answered from the record alone: nothing of this call (its PIN above all) is evaluated or shapes the answer.
    const replay = (kept: KeptAnswer): Result<unknown> =>
      kept.outcome === 'given_up'
        ? fail('COMMAND_GIVEN_UP', { channel: kept.channel }, lang)
        : kept.fingerprint !== fingerprint
          ? fail('IDEMPOTENCY_KEY_REUSED', { channel: kept.channel }, lang)
          : kept.answer === null
            ? fail('IDEMPOTENCY_ANSWER_LOST', { channel }, lang)
            : answeredBefore({ ok: true, value: JSON.parse(kept.answer) as unknown });
    const cmd = handler as CommandHandler<Channel, unknown>;
    const admitted = !deps.storage?.admits || deps.storage.admits(channel);
    // Looked up before any work where there is work before the transaction (a PIN to check) or none may be done (a full
    // disk); else the lookup inside the transaction, which is needed anyway (two copies at once), is the only one.
    if (key !== undefined && (cmd.prepare || !admitted)) {
      const kept = keptAnswer(db, terminalId, key);
      if (kept) return replay(kept);
    }

    // On a full disk only what the reserved room is for is tried; the rest is refused before any work.
    if (!admitted) return fail('STORAGE_FULL', {}, lang);
    let prepared: unknown;
    if (cmd.prepare) {
      const changed = (topics: readonly Topic[]) => {
        if (topics.length > 0) deps.emit({ type: 'changed', channel, topics, at: base.at });
      };
      const rehearse = (check: (c: CommandContext) => unknown) => {
        try {
          writeTransaction(db, () => {
            check({ ...base, db, sessions, audit });
            throw REHEARSED;
          });
        } catch (e) {
          if (e !== REHEARSED) throw e;
        }
      };
      const prepCtx: PrepareContext = { ...base, db: reader, writer: db, writeShared: (write) => group.run(() => write(audit)), io: deps.io, channel, input: parsed.data, changed, rehearse };
      prepared = await (cmd.prepare as (c: PrepareContext, i: unknown) => Promise<unknown>)(prepCtx, parsed.data);
    }
    const commandCtx: CommandContext = { ...base, db, sessions, audit };
    const runCommand = cmd.run as (c: CommandContext, i: unknown, p: unknown) => Done<unknown>;
    let outcome: Done<unknown>;
    try {
      outcome = await group.run(() => {
        // Two calls of one key at once: the second finds the first's key once it may write, and writes nothing.
        const first = key === undefined ? undefined : keptAnswer(db, terminalId, key);
        if (first) throw new AnsweredBefore(first);
        const result = runCommand(commandCtx, parsed.data, prepared);
        if ((result as unknown) instanceof Promise) throw new Error(`${channel}: a command must not wait inside its transaction`);
        const auditSeq = audit({
          at: base.at,
          operatorId: result.audit?.operatorId ?? operator?.id ?? null,
          terminalId,
          channel,
          outcome: 'ok',
          input: parsed.data,
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
    } catch (e) {
      if (e instanceof AnsweredBefore) return replay(e.kept);
      throw e;
    }
    deps.storage?.wrote();
    // The commit stands whatever happens next: the event goes out before any slow finish (a backup).
    const topics: Topic[] = [...new Set([...def.topics, ...(outcome.topics ?? [])])];
    deps.emit({ type: 'changed', channel, topics, at: base.at });
    const value = 'value' in outcome ? outcome.value : await outcome.finish(readCtx);
    // A slow answer is kept with its key once finished (lost with the process, a retry says the act was done).
    if (key !== undefined && !('value' in outcome)) writeTransaction(db, () => keepFinishedAnswer(db, terminalId, key, JSON.stringify(value ?? null)));
    return { ok: true, value };
  }

  /** The answers given from a key's record (a retry): the metrics count a sale once, not at each retry. */
  const replayed = new WeakSet<object>();
  const answeredBefore = (result: Result<unknown>): Result<unknown> => {
    replayed.add(result);
    return result;
  };

  /** The keys of commands on their way now (this process): a copy of one waits for it instead of checking its PIN again. */
  const inFlight = new Map<string, Promise<unknown>>();

  const dispatch: Dispatch = async (channel, rawInput, meta = {}, origin = home) => {
    deps.trace?.(channel, origin);
    const observe = deps.observe;
    if (!observe || !isChannel(channel) || contract[channel].kind !== 'command') return once(channel, rawInput, meta, origin);
    const started = performance.now();
    const result = await once(channel, rawInput, meta, origin);
    observe(channel, (performance.now() - started) / 1000, result, replayed.has(result));
    return result;
  };

  const once: Dispatch = async (channel, rawInput, meta = {}, origin = home) => {
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

  /** The hall's zone, for a refusal that names a time ("closed at 21:05"); the mainland's if the file cannot say: the refusal still goes out. */
  const zoneOfHall = (): HallTimeZone => {
    try {
      return hallTimeZone(reader);
    } catch {
      return DEFAULT_HALL_TIME_ZONE;
    }
  };

  const attempt = async (channel: string, rawInput: unknown, meta: CallMeta, origin: CallOrigin): Promise<Result<unknown>> => {
    const lang: Lang = meta.lang === 'en' ? 'en' : 'pt-PT';
    if (!isChannel(channel)) return fail('UNKNOWN_CHANNEL', { channel: String(channel).slice(0, 80) }, lang);
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(channel, rawInput, meta, origin, lang);
      } catch (e) {
        if (e instanceof KioskError) return fail(e.code, e.params, lang, e.details, zoneOfHall());
        // A full or failing disk is the hall's to know, in words, not an INTERNAL: the transaction was rolled back.
        const storage = storageFailureOf(e);
        if (storage !== null) {
          deps.storage?.failed(storage, e);
          // A login on a full disk: the kiosk gives up its reserved room and the login is tried once more.
          if (storage === 'full' && attempt === 1 && deps.storage?.makeRoom?.(channel)) continue;
          return fail(storage === 'full' ? 'STORAGE_FULL' : 'STORAGE_IO_ERROR', {}, lang);
        }
        deps.logError?.(e, channel);
        return fail('INTERNAL', {}, lang);
      }
    }
  };

  /**
   * A machine command: its input parsed, run in one transaction (shared with the commands of the moment) with its
   * audit row when it names one, its event after the commit. A refusal is thrown as a KioskError (a full or failing
   * disk as STORAGE_FULL or STORAGE_IO_ERROR, the transaction rolled back): the transport words it.
   */
  const machine: MachineDispatch = async (channel, rawInput, origin) => {
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
      homeTerminalId: home.terminalId,
      meta: {},
      memo,
      dataDir,
      platform,
      pins,
      keys,
      prepared: preparedFrontier,
      db,
      sessions,
      audit,
    };
    let outcome: MachineDone;
    try {
      outcome = await group.run(() => {
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

  return Object.assign(dispatch, { machine });
}
