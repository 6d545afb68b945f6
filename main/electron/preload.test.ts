/**
 * The preload only runs inside Electron's sandbox. Here it is compiled the way
 * tsc compiles it (CommonJS) and run in the same kind of wrapper the sandbox
 * uses, whose require() knows nothing but a fake 'electron': this also proves
 * the preload loads no other module at run time.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, it, expect, beforeAll, beforeEach } from 'vitest';
import { IPC_EVENT, IPC_RPC, type KioskBridge } from '../../core/bridge.js';
import type { KioskEvent } from '../../core/contract.js';

type Listener = (...args: unknown[]) => void;

const listeners = new Map<string, Set<Listener>>();
const exposed = new Map<string, unknown>();
const invokes: unknown[][] = [];
const required: string[] = [];

const fakeElectron = {
  contextBridge: {
    exposeInMainWorld(key: string, api: unknown) {
      exposed.set(key, api);
    },
  },
  ipcRenderer: {
    invoke(...args: unknown[]) {
      invokes.push(args);
      return Promise.resolve({ ok: true, value: 'from-main' });
    },
    on(channel: string, listener: Listener) {
      const set = listeners.get(channel) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(channel, set);
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
    },
  },
};

function sandboxRequire(name: string): unknown {
  required.push(name);
  if (name === 'electron') return fakeElectron;
  throw new Error(`module not found: ${name}`);
}

let kiosk: KioskBridge;

function emit(channel: string, ...args: unknown[]): void {
  for (const listener of [...(listeners.get(channel) ?? [])]) listener(...args);
}

beforeAll(() => {
  const file = fileURLToPath(new URL('./preload.cts', import.meta.url));
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  const exports = {};
  // Same parameters as Electron's sandboxed preload wrapper.
  const run = new Function('require', 'process', 'Buffer', 'global', 'setImmediate', 'clearImmediate', 'exports', 'module', outputText);
  run(sandboxRequire, {}, undefined, {}, setImmediate, clearImmediate, exports, { exports });
  kiosk = exposed.get('kiosk') as KioskBridge;
});

beforeEach(() => {
  invokes.length = 0;
});

describe('preload', () => {
  it('requires nothing but electron', () => {
    expect(required).toEqual(['electron']);
  });

  it('exposes only window.kiosk with exactly invoke and onEvent', () => {
    expect([...exposed.keys()]).toEqual(['kiosk']);
    expect(Object.keys(kiosk).sort()).toEqual(['invoke', 'onEvent']);
    expect(typeof kiosk.invoke).toBe('function');
    expect(typeof kiosk.onEvent).toBe('function');
  });

  it('uses the channel names of core/bridge.ts', async () => {
    await kiosk.invoke('auth.me', {}, {});
    expect(invokes[0]?.[0]).toBe(IPC_RPC);
    const unsubscribe = kiosk.onEvent(() => {});
    expect(listeners.get(IPC_EVENT)?.size).toBe(1);
    unsubscribe();
    expect(listeners.get(IPC_EVENT)?.size).toBe(0);
  });

  it('forwards channel, input and clean meta to main and returns its answer', async () => {
    const input = { gameId: 3, quantity: 2 };
    const result = await kiosk.invoke('sale.create', input, { operatorToken: 'tok', lang: 'en' });
    expect(result).toEqual({ ok: true, value: 'from-main' });
    expect(invokes).toEqual([[IPC_RPC, 'sale.create', input, { operatorToken: 'tok', lang: 'en' }]]);
  });

  it('drops unknown or ill-typed meta fields', async () => {
    const meta = { operatorToken: 5, lang: 'de', extra: 'x' } as unknown as Parameters<KioskBridge['invoke']>[2];
    await kiosk.invoke('auth.me', {}, meta);
    await kiosk.invoke('auth.me', {}, undefined as unknown as Parameters<KioskBridge['invoke']>[2]);
    expect(invokes).toEqual([
      [IPC_RPC, 'auth.me', {}, {}],
      [IPC_RPC, 'auth.me', {}, {}],
    ]);
  });

  it('rejects a channel that is not a string without calling main', async () => {
    const invoke = kiosk.invoke as (channel: unknown, input: unknown, meta: unknown) => Promise<unknown>;
    await expect(invoke(42, {}, {})).rejects.toThrow(new TypeError('kiosk.invoke: channel must be a string'));
    await expect(invoke({ toString: () => 'auth.me' }, {}, {})).rejects.toThrow(TypeError);
    await expect(invoke(undefined, {}, {})).rejects.toThrow(TypeError);
    expect(invokes).toEqual([]);
  });

  it('delivers events without the IpcRendererEvent and stops after unsubscribe', () => {
    const received: unknown[][] = [];
    const unsubscribe = kiosk.onEvent((...args: unknown[]) => received.push(args));
    const event: KioskEvent = { type: 'changed', channel: 'sale.create', topics: ['sales'], at: '2026-01-01T10:00:00.000Z' };
    const ipcEvent = { sender: fakeElectron.ipcRenderer, senderId: 0 };
    emit(IPC_EVENT, ipcEvent, event);
    expect(received).toEqual([[event]]);
    unsubscribe();
    unsubscribe(); // idempotent
    emit(IPC_EVENT, ipcEvent, event);
    expect(received).toEqual([[event]]);
  });

  it('keeps separate subscriptions separate', () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = kiosk.onEvent((e) => a.push(e));
    const offB = kiosk.onEvent((e) => b.push(e));
    emit(IPC_EVENT, {}, 1);
    offA();
    emit(IPC_EVENT, {}, 2);
    offB();
    expect(a).toEqual([1]);
    expect(b).toEqual([1, 2]);
  });

  it('refuses a listener that is not a function', () => {
    const onEvent = kiosk.onEvent as (listener: unknown) => unknown;
    expect(() => onEvent('alert(1)')).toThrow(new TypeError('kiosk.onEvent: listener must be a function'));
    expect(() => onEvent(null)).toThrow(TypeError);
  });
});
