/**
 * dispatch(channel, rawInput, meta): parse with the contract, check the
 * operator's role, run the service (commands in one immediate transaction,
 * with their audit row), and answer with an envelope. Never throws.
 */
import type { z } from 'zod';
import { z as zod } from 'zod';
import type { CallMeta } from '../../core/bridge.js';
import { contract, isChannel, type Channel, type KioskEvent } from '../../core/contract.js';
import { errorMessage, KioskError, type ErrorBody, type Lang, type Result } from '../../core/errors.js';
import type { Db } from '../../db/connection.js';
import { appendAudit } from '../../db/audit.js';
import type { OperatorSessions } from '../auth/sessions.js';
import { Refusal, type HandlerMap, type ServiceContext } from '../services/context.js';

export interface DispatcherDeps {
  db: Db;
  handlers: HandlerMap;
  sessions: OperatorSessions;
  terminalId: string;
  now: () => Date;
  emit: (event: KioskEvent) => void;
  /** Where unexpected errors are reported (they reach the caller only as INTERNAL). */
  logError?: (error: unknown, channel: string) => void;
}

const localeErrors = { 'pt-PT': zod.locales.pt().localeError, en: zod.locales.en().localeError };

function fail(code: ErrorBody['code'], params: Record<string, string | number>, lang: Lang, details?: unknown): Result<never> {
  const error: ErrorBody = { code, message: errorMessage(code, params, lang) };
  if (details !== undefined) error.details = details;
  return { ok: false, error };
}

function fromKioskError(e: KioskError, lang: Lang): Result<never> {
  return fail(e.code, e.params, lang, e.details);
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export type Dispatch = (channel: string, rawInput: unknown, meta?: CallMeta) => Promise<Result<unknown>>;

export function createDispatcher(deps: DispatcherDeps): Dispatch {
  const { db, handlers, sessions, terminalId } = deps;

  function run(channel: Channel, rawInput: unknown, meta: CallMeta): Result<unknown> | Promise<Result<unknown>> {
    const lang: Lang = meta.lang === 'en' ? 'en' : 'pt-PT';
    const def = contract[channel];
    const now = deps.now();
    const operator = sessions.resolve(meta.operatorToken, now);
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
    const ctx: ServiceContext = {
      db,
      now,
      at: now.toISOString(),
      operator,
      terminalId,
      meta,
      sessions,
      audit: {},
    };
    const handler = handlers[channel] as (c: ServiceContext, i: unknown) => unknown;
    if (def.kind === 'query') {
      // Queries may wait on I/O (a printer's status, a PDF); commands never do.
      const value = handler(ctx, parsed.data);
      return value instanceof Promise ? value.then((v: unknown) => ({ ok: true as const, value: v })) : { ok: true, value };
    }

    const outcome = db
      .transaction(() => {
        const value = handler(ctx, parsed.data);
        if (value instanceof Promise) throw new Error(`${channel}: a command must not wait inside its transaction`);
        const refused = value instanceof Refusal;
        appendAudit(db, {
          at: ctx.at,
          operatorId: ctx.audit.operatorId ?? operator?.id ?? null,
          terminalId,
          channel,
          outcome: refused ? 'refused' : 'ok',
          input: parsed.data,
          before: ctx.audit.before,
          after: refused ? { ...(ctx.audit.after as object), refused: value.error.code } : (ctx.audit.after ?? value),
        });
        return value;
      })
      .immediate();
    if (outcome instanceof Refusal) return fromKioskError(outcome.error, lang);
    deps.emit({ type: 'changed', channel, at: ctx.at });
    return { ok: true, value: outcome };
  }

  return async (channel, rawInput, meta = {}) => {
    const lang: Lang = meta.lang === 'en' ? 'en' : 'pt-PT';
    if (!isChannel(channel)) return fail('UNKNOWN_CHANNEL', { channel: String(channel).slice(0, 80) }, lang);
    try {
      return await run(channel, rawInput, meta);
    } catch (e) {
      if (e instanceof KioskError) return fromKioskError(e, lang);
      deps.logError?.(e, channel);
      return fail('INTERNAL', {}, lang);
    }
  };
}
