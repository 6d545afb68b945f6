/**
 * Preload of the kiosk window. Sandboxed preloads are CommonJS and may only
 * require('electron'), so nothing else from the project is imported at run
 * time: the channel names are repeated here (preload.test.ts checks they match
 * core/bridge.ts) and only types come from core/.
 *
 * The page gets `window.kiosk` with exactly `invoke` and `onEvent`; it never
 * sees ipcRenderer or an IpcRendererEvent.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { CallMeta, KioskBridge } from '../../core/bridge.js';
import type { KioskEvent } from '../../core/contract.js';
import type { Result } from '../../core/errors.js';

const IPC_RPC = 'kiosk:rpc';
const IPC_EVENT = 'kiosk:event';

function invoke(channel: string, input: unknown, meta: CallMeta): Promise<Result<unknown>> {
  if (typeof channel !== 'string') {
    return Promise.reject(new TypeError('kiosk.invoke: channel must be a string'));
  }
  // Copy only the known fields so that nothing else rides along to main.
  const cleanMeta: CallMeta = {};
  if (meta !== null && typeof meta === 'object') {
    if (typeof meta.operatorToken === 'string') cleanMeta.operatorToken = meta.operatorToken;
    if (meta.lang === 'pt-PT' || meta.lang === 'en') cleanMeta.lang = meta.lang;
  }
  return ipcRenderer.invoke(IPC_RPC, channel, input, cleanMeta) as Promise<Result<unknown>>;
}

function onEvent(listener: (event: KioskEvent) => void): () => void {
  if (typeof listener !== 'function') {
    throw new TypeError('kiosk.onEvent: listener must be a function');
  }
  const relay = (_ipcEvent: IpcRendererEvent, event: KioskEvent): void => {
    listener(event);
  };
  ipcRenderer.on(IPC_EVENT, relay);
  let subscribed = true;
  return () => {
    if (!subscribed) return;
    subscribed = false;
    ipcRenderer.removeListener(IPC_EVENT, relay);
  };
}

const bridge: KioskBridge = { invoke, onEvent };

contextBridge.exposeInMainWorld('kiosk', bridge);
