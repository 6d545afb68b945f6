/**
 * One call of the contract, never throwing: a command under its
 * Idempotency-Key, asked again with it when its answer is lost; the kiosk
 * forgetting the operator told to whoever listens.
 */
import type { CallMeta } from '../../core/bridge.js';
import type { Channel, ChannelInput, ChannelOutput } from '../../core/contract.js';
import { withoutSecrets } from '../../core/idempotency.js';
import { CHANNEL_TABLE } from '../lib/channels.js';
import { emit, getConnection, ownCommands } from './events.js';
import { actIdentity, forgetLostAct, lostActAt, rememberLostAct, setActOperator } from './lost-acts.js';
import { answerLost, hallAnswerLost, type ClientError, type ClientResult } from './result.js';
import { clientLang, currentOperatorToken } from './session.js';
import { send } from './transport.js';

/** A command's answer lost on the way is asked for again with its key after these pauses: the kiosk answers what it did, never twice. */
const RETRY_DELAYS_MS = [250, 750, 2_000] as const;

const unauthenticatedListeners = new Set<(error: ClientError) => void>();

/** Called when the kiosk no longer knows the operator (expired or locked elsewhere). */
export function onUnauthenticated(listener: (error: ClientError) => void): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/** A new Idempotency-Key: one per operator action. */
export function newActionKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Call one channel of the contract. Never throws. A command carries an
 * Idempotency-Key (`key`: the operator action's, kept by a screen that lets
 * the same action be tried again; else a new one) and, when its answer is
 * lost, is sent again with it: a sale whose answer was lost is the one sale
 * that happened, not a second. Pressed again while its outcome is unknown,
 * the same act (channel and input less secrets) is sent with that same key.
 */
export async function invoke<C extends Channel>(channel: C, input: ChannelInput<C>, options: { key?: string } = {}): Promise<ClientResult<ChannelOutput<C>>> {
  const command = CHANNEL_TABLE[channel].kind === 'command';
  const own = command ? ownCommands.sent(channel) : null;
  const operatorToken = currentOperatorToken();
  const meta: CallMeta = { lang: clientLang() };
  if (operatorToken !== undefined) meta.operatorToken = operatorToken;
  // A screen that keeps its own key keeps its own account of the act (the sale's); else the act's lost key, if any.
  const identity = CHANNEL_TABLE[channel].keyKept && options.key === undefined ? actIdentity(channel, input) : null;
  const lostBefore = identity !== null ? lostActAt(identity) : undefined;
  if (command) meta.idempotencyKey = options.key ?? lostBefore?.key ?? newActionKey();
  let result = await send(channel, input, meta);
  for (const delay of command ? RETRY_DELAYS_MS : []) {
    // A counter that lost the hall has asked again itself, for as long as a call may take.
    if (!answerLost(result) || hallAnswerLost(result)) break;
    await pause(delay);
    result = await send(channel, input, meta);
  }
  // By name, not by token: the same operator logged in again (a hall started again asks for the PIN) is the same act's.
  if (channel === 'auth.login' && result.ok) setActOperator((result.value as { operator?: { username?: string } }).operator?.username ?? '');
  if (identity !== null && meta.idempotencyKey !== undefined) {
    if (answerLost(result)) rememberLostAct(identity, { key: meta.idempotencyKey, channel, input: withoutSecrets(input ?? {}), at: lostBefore?.at ?? Date.now() });
    // The hall answered for the key (done, refused, given up): the act is known.
    else if (lostBefore) forgetLostAct(lostBefore.key);
  }
  if (!result.ok && result.error.code === 'NOT_AUTHENTICATED' && operatorToken !== undefined && operatorToken === currentOperatorToken()) {
    const error = result.error;
    for (const l of unauthenticatedListeners) l(error);
  }
  if (own) {
    // An error answer means nothing was committed; a lost stream will not bring the event, so it is made here.
    const lost = result.ok && getConnection() === 'lost';
    const unseen = ownCommands.answered(own, result.ok && !lost, Date.now());
    if (lost && unseen) emit({ type: 'changed', channel, topics: CHANNEL_TABLE[channel].topics, at: new Date().toISOString(), own: true });
  }
  return result as ClientResult<ChannelOutput<C>>;
}
