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
}

export interface KioskBridge {
  invoke(channel: string, input: unknown, meta: CallMeta): Promise<Result<unknown>>;
  /** Subscribe to pushed events; returns the unsubscribe function. */
  onEvent(listener: (event: KioskEvent) => void): () => void;
}

/** The IPC channel names Electron uses (one for calls, one for pushes). */
export const IPC_RPC = 'kiosk:rpc';
export const IPC_EVENT = 'kiosk:event';
