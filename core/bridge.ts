/**
 * What a transport offers the renderer: Electron's preload exposes exactly
 * this as `window.kiosk`; browser mode implements it over HTTP + SSE.
 */
import type { Result, Lang } from './errors.js';
import type { KioskEvent } from './contract.js';

export interface CallMeta {
  /** The operator's session token from `auth.login`. */
  operatorToken?: string;
  lang?: Lang;
  /**
   * A command's Idempotency-Key (the IETF httpapi idempotency-key draft):
   * generated once per operator action and kept across its retries; the kiosk
   * answers the same key with the same input with the first answer, and
   * refuses it with another input (IDEMPOTENCY_KEY_REUSED).
   */
  idempotencyKey?: string;
  /** A hall board's display token, when that is the call's credential (browser mode's display.state; a counter carries it to the hall). */
  displayToken?: string;
}

export interface KioskBridge {
  invoke(channel: string, input: unknown, meta: CallMeta): Promise<Result<unknown>>;
  /** Subscribe to pushed events; returns the unsubscribe function. */
  onEvent(listener: (event: KioskEvent) => void): () => void;
}

/** The IPC channel names Electron uses (one for calls, one for pushes). */
export const IPC_RPC = 'kiosk:rpc';
export const IPC_EVENT = 'kiosk:event';
