/**
 * Pushed events: Electron's bridge, or browser mode's
 * `EventSource('/events?token=...')`; the stream's state; progress of long
 * work. A change is marked when it is the event of one of this window's
 * commands.
 */
import type { KioskEvent, ProgressEvent } from '../../core/contract.js';
import { OwnCommands, type ClientEvent } from '../lib/topics.js';
import { bridge, initAccessToken } from './transport.js';

type ConnectionState = 'connecting' | 'open' | 'lost';

/** A stream the server refused (its process started again) is asked for again after this: missed events are fetched then. */
const STREAM_RETRY_MS = 1_000;

/** This window's commands, so that their events are told from other terminals' (lib/topics.ts). */
export const ownCommands = new OwnCommands();

const eventListeners = new Set<(event: ClientEvent) => void>();
const connectionListeners = new Set<(state: ConnectionState) => void>();
let connection: ConnectionState = 'connecting';
let closeStream: (() => void) | null = null;

function setConnection(next: ConnectionState): void {
  if (next === connection) return;
  connection = next;
  for (const l of connectionListeners) l(next);
}

export function emit(event: ClientEvent): void {
  for (const l of eventListeners) l(event);
}

const progressListeners = new Set<(event: ProgressEvent) => void>();

/** Long work under way in the kiosk (a backup): for progress bars. Returns the unsubscribe. */
export function onProgress(listener: (event: ProgressEvent) => void): () => void {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
}

/** A pushed event: a change (marked when it is the event of one of this window's commands), or progress. */
function emitPushed(event: KioskEvent): void {
  if (event.type === 'progress') {
    for (const l of progressListeners) l(event);
    return;
  }
  emit(ownCommands.isOwn(event.channel, Date.now()) ? { ...event, own: true } : event);
}

/** The stream is back after a loss: events were missed, every query fetches again. */
function emitReconnected(): void {
  ownCommands.lost();
  emit({ type: 'reconnected', at: new Date().toISOString() });
}

function parseEvent(data: unknown): KioskEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const v: unknown = JSON.parse(data);
    const type = typeof v === 'object' && v !== null ? (v as { type?: unknown }).type : undefined;
    if (type === 'changed' || type === 'progress') return v as KioskEvent;
  } catch {
    // not an event of ours (e.g. a comment or keep-alive)
  }
  return null;
}

/** Browser mode's stream, opened again when the server refused it; returns its close. */
function openEventSource(token: string): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let wasLost = false;
  let stopped = false;
  const connect = () => {
    const s = new EventSource(`/events?token=${encodeURIComponent(token)}`);
    source = s;
    s.onopen = () => {
      setConnection('open');
      // Events may have been missed while the stream was down: re-fetch everything.
      if (wasLost) emitReconnected();
      wasLost = false;
    };
    s.onerror = () => {
      wasLost = true;
      setConnection('lost');
      // The browser retries by itself (after the server's `retry:`, 1 s) unless the server refused the stream.
      if (s.readyState === EventSource.CLOSED && !stopped) {
        s.close();
        retry = setTimeout(connect, STREAM_RETRY_MS);
      }
    };
    s.onmessage = (m) => {
      const event = parseEvent(m.data);
      // Not an event we know: fetch everything rather than miss a change.
      if (event) emitPushed(event);
      else emit({ type: 'reconnected', at: new Date().toISOString() });
    };
  };
  connect();
  return () => {
    stopped = true;
    if (retry !== null) clearTimeout(retry);
    source?.close();
  };
}

function openStream(): () => void {
  const b = bridge();
  if (b) {
    setConnection('open');
    return b.onEvent((e) => emitPushed(e));
  }
  const token = initAccessToken();
  if (token === null || typeof EventSource === 'undefined') {
    setConnection('lost');
    return () => undefined;
  }
  return openEventSource(token);
}

let pendingClose: ReturnType<typeof setTimeout> | null = null;

/** Subscribe to pushed events; the stream is opened with the first subscriber. */
export function subscribe(listener: (event: ClientEvent) => void): () => void {
  eventListeners.add(listener);
  if (pendingClose !== null) {
    clearTimeout(pendingClose);
    pendingClose = null;
  }
  if (closeStream === null) closeStream = openStream();
  return () => {
    eventListeners.delete(listener);
    if (eventListeners.size > 0 || pendingClose !== null) return;
    // Closed a moment later, so that a remount (React StrictMode) keeps the stream.
    pendingClose = setTimeout(() => {
      pendingClose = null;
      if (eventListeners.size === 0 && closeStream !== null) {
        closeStream();
        closeStream = null;
        setConnection('connecting');
      }
    }, 1000);
  };
}

export function getConnection(): ConnectionState {
  return connection;
}

export function onConnection(listener: (state: ConnectionState) => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}
