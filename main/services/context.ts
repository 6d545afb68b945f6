import type { Db } from '../../db/connection.js';
import type { CallMeta } from '../../core/bridge.js';
import type { Channel, ChannelOutput, ParsedInput } from '../../core/contract.js';
import type { KioskError } from '../../core/errors.js';
import type { Operator, OperatorSessions } from '../auth/sessions.js';

/** What every service gets: the connection, the time of the call, who calls. */
export interface ServiceContext {
  db: Db;
  /** The moment of this call (injected clock); the same for every write of it. */
  now: Date;
  at: string;
  operator: Operator | null;
  terminalId: string;
  meta: CallMeta;
  sessions: OperatorSessions;
  /** Filled by commands for the audit log: the values before and after. */
  audit: { before?: unknown; after?: unknown; operatorId?: number };
}

/**
 * A refusal whose writes must still commit (a wrong PIN counts towards the
 * lock-out). Services return it instead of throwing, which would roll back.
 */
export class Refusal {
  constructor(readonly error: KioskError) {}
}

export type Handler<C extends Channel> = (
  ctx: ServiceContext,
  input: ParsedInput<C>,
) => ChannelOutput<C> | Refusal | Promise<ChannelOutput<C>>;
export type HandlerMap = { [C in Channel]: Handler<C> };

/** The operator of a channel that requires one (the dispatcher has checked). */
export function operatorOf(ctx: ServiceContext): Operator {
  if (!ctx.operator) throw new Error('service called without an operator');
  return ctx.operator;
}
