/**
 * Acts of unknown outcome (issue 37): a command whose answer was lost may
 * have been done. Until the hall answers for its key, the same act pressed
 * again (same channel, same input less its secrets) is sent with the same
 * key, so the hall answers what it did (its first answer, or
 * COMMAND_GIVEN_UP) and never does it twice.
 */
import { canonicalJson, withoutSecrets } from '../../core/idempotency.js';

export interface LostAct {
  key: string;
  channel: string;
  /** The input less its secrets (a PIN is never kept past its call). */
  input: unknown;
  /** When its answer was first lost (this post's clock, ms). */
  at: number;
}

/** Enough for a shift's worst link; the oldest goes first beyond it (its key then asked no more by the screens). */
export const LOST_ACTS_MAX = 32;

/** By the act's identity: its channel and its canonical input less its secrets. */
const lostActsByIdentity = new Map<string, LostAct>();
let lostActsSnapshot: readonly LostAct[] = [];
const lostActListeners = new Set<() => void>();

/** Who last logged in here: the hall binds a key to its operator, so another operator's same input is another act. */
let actOperator = '';

export function setActOperator(username: string): void {
  actOperator = username;
}

export function actIdentity(channel: string, input: unknown): string {
  return `${actOperator} ${channel} ${canonicalJson(withoutSecrets(input ?? {}))}`;
}

export function lostActAt(identity: string): LostAct | undefined {
  return lostActsByIdentity.get(identity);
}

function lostActsChanged(): void {
  lostActsSnapshot = [...lostActsByIdentity.values()].sort((a, b) => a.at - b.at);
  for (const l of lostActListeners) l();
}

/** The acts of unknown outcome, oldest first (the same array until they change: for useSyncExternalStore). */
export function lostActs(): readonly LostAct[] {
  return lostActsSnapshot;
}

export function onLostActs(listener: () => void): () => void {
  lostActListeners.add(listener);
  return () => lostActListeners.delete(listener);
}

/** The hall answered for this key elsewhere (link.status's outcomes): the act is known, a new press is a new act. */
export function forgetLostAct(key: string): void {
  for (const [identity, act] of lostActsByIdentity) {
    if (act.key !== key) continue;
    lostActsByIdentity.delete(identity);
    lostActsChanged();
    return;
  }
}

export function rememberLostAct(identity: string, act: LostAct): void {
  const known = lostActsByIdentity.get(identity);
  if (known?.key === act.key) return;
  lostActsByIdentity.set(identity, act);
  while (lostActsByIdentity.size > LOST_ACTS_MAX) {
    const oldest = lostActsByIdentity.keys().next().value;
    if (oldest === undefined) break;
    lostActsByIdentity.delete(oldest);
  }
  lostActsChanged();
}
