/** React glue: queries that re-fetch on the pushed events that touch them, idle lock, the connection state. */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Channel, ChannelInput, ChannelOutput, ProgressEvent } from '../core/contract.js';
import { getConnection, invoke, onConnection, onProgress, subscribe, type ClientError, type ClientEvent, type ClientResult } from './client.js';
import { addCredit, settleBatch, touches, type Credit } from './lib/topics.js';

/** How long events are gathered before a screen acts on them (a command's event and the print queue's often come together). */
const EVENTS_DEBOUNCE_MS = 80;

/** Run `callback` (debounced) with the events pushed since its last run. */
export function useKioskEvents(callback: (events: readonly ClientEvent[]) => void, delayMs = EVENTS_DEBOUNCE_MS): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let batch: ClientEvent[] = [];
    const unsubscribe = subscribe((event) => {
      batch.push(event);
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        const events = batch;
        batch = [];
        latest.current(events);
      }, delayMs);
    });
    return () => {
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
    };
  }, [delayMs]);
}

export interface QueryState<T> {
  data: T | undefined;
  error: ClientError | null;
  loading: boolean;
  reload: () => Promise<void>;
  /**
   * Show the answer of this window's own `command` without fetching: `update`
   * turns the data shown into the data after the command, or returns null when
   * it cannot (then the query is fetched). The command's event then causes no
   * fetch of this query; other terminals' events still do. `update` must be
   * idempotent: it is applied again to a fetch that was under way.
   */
  apply: (command: Channel, update: (data: T) => T | null) => void;
}

interface Held<T> {
  key: string | null;
  data: T | undefined;
  error: ClientError | null;
  loading: boolean;
}

/**
 * Fetch one channel and keep it fresh: again when a pushed event touches its
 * topics (lib/topics.ts), or after the stream was lost. `input` null means
 * "nothing to fetch yet". The last good data stays shown while a re-fetch
 * runs; an error is reported next to it.
 */
export function useKioskQuery<C extends Channel>(
  channel: C,
  input: ChannelInput<C> | null,
  /** How long events are gathered before the fetch: the hall board answers faster than a counter's screen needs to. */
  options: { debounceMs?: number } = {},
): QueryState<ChannelOutput<C>> {
  const debounceMs = options.debounceMs ?? EVENTS_DEBOUNCE_MS;
  type T = ChannelOutput<C>;
  const key = input === null ? null : JSON.stringify(input);
  const [state, setState] = useState<Held<T>>({ key, data: undefined, error: null, loading: key !== null });
  // What is shown, readable at once: apply() must know now whether it could update it.
  const held = useRef(state);
  const put = useCallback((next: Held<T>) => {
    held.current = next;
    setState(next);
  }, []);
  const seq = useRef(0);
  /** The fetch under way and the updates applied while it runs (its answer may predate them). */
  const inFlight = useRef<{ seq: number; updates: ((data: T) => T | null)[] } | null>(null);
  const pending = useRef<ClientEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const credits = useRef<Credit[]>([]);

  const reload = useCallback(async () => {
    if (key === null) return;
    // A fetch sent now reads every commit whose event already arrived: those events are settled by it.
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    credits.current = settleBatch(pending.current, credits.current, Date.now()).credits;
    pending.current = [];
    const mine = ++seq.current;
    const updates: ((data: T) => T | null)[] = [];
    inFlight.current = { seq: mine, updates };
    const s = held.current;
    put(s.key === key ? { ...s, loading: true } : { key, data: undefined, error: null, loading: true });
    const r = await invoke(channel, JSON.parse(key) as ChannelInput<C>);
    if (mine !== seq.current) return;
    inFlight.current = null;
    if (!r.ok) {
      const keep = held.current.key === key ? held.current.data : undefined;
      put({ key, data: keep, error: r.error, loading: false });
      return;
    }
    let data: T = r.value;
    for (const update of updates) {
      const next = update(data);
      if (next === null) {
        // The answer is too old to take the update: show it and fetch again.
        put({ key, data, error: null, loading: false });
        void reload();
        return;
      }
      data = next;
    }
    put({ key, data, error: null, loading: false });
  }, [channel, key, put]);

  useEffect(() => {
    void reload();
    return () => {
      seq.current++;
      inFlight.current = null;
    };
  }, [reload]);

  useEffect(() => {
    if (key === null) return;
    const unsubscribe = subscribe((event) => {
      if (!touches(channel, event)) return;
      pending.current.push(event);
      if (timer.current !== null) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        const settled = settleBatch(pending.current, credits.current, Date.now());
        pending.current = [];
        credits.current = settled.credits;
        if (settled.fetch) void reload();
      }, debounceMs);
    });
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      pending.current = [];
      unsubscribe();
    };
  }, [channel, key, reload, debounceMs]);

  const apply = useCallback(
    (command: Channel, update: (data: T) => T | null) => {
      const s = held.current;
      // The screen has moved on to another input since the command was sent: that one was fetched after it.
      if (s.key !== key) return;
      const next = s.data !== undefined ? update(s.data) : null;
      if (next === null) {
        void reload();
        return;
      }
      put({ ...s, data: next });
      inFlight.current?.updates.push(update);
      credits.current = addCredit(credits.current, command, Date.now());
    },
    [key, put, reload],
  );

  const fresh = state.key === key;
  return {
    data: fresh ? state.data : undefined,
    error: fresh ? state.error : null,
    loading: fresh ? state.loading : key !== null,
    reload,
    apply,
  };
}

const IDLE_LOCK_MS = 10 * 60 * 1000;

/** Read an override of the idle time (tests): sessionStorage `kiosk.idleLockMs`. */
export function idleLockMs(): number {
  try {
    const v = Number(window.sessionStorage.getItem('kiosk.idleLockMs'));
    return Number.isFinite(v) && v >= 1000 ? v : IDLE_LOCK_MS;
  } catch {
    return IDLE_LOCK_MS;
  }
}

/** Call `onIdle` after `ms` without a key, pointer, touch or wheel. */
export function useIdleLock(active: boolean, onIdle: () => void, ms: number): void {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  });
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => latest.current(), ms);
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), ms);
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, reset, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, reset, { capture: true });
    };
  }, [active, ms]);
}

export function useConnection() {
  return useSyncExternalStore(onConnection, getConnection, getConnection);
}

/** The current time, refreshed every `intervalMs` while `active` (countdowns on screen). */
export function useNow(intervalMs: number, active = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}

/** The latest progress of a long task in the kiosk (a backup), or null before any: for a progress bar. */
export function useProgress(task: ProgressEvent['task']): ProgressEvent | null {
  const [latest, setLatest] = useState<ProgressEvent | null>(null);
  useEffect(() => onProgress((e) => (e.task === task ? setLatest(e) : undefined)), [task]);
  return latest;
}

/**
 * A file the kiosk makes and the browser saves (a CSV, a PDF): which button is at work (`busy`, one at a time), the
 * kiosk's refusal or the browser's failure to save (`error`), and the words of what was saved (`done`).
 */
export function useDownload<K = true>() {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async <T>(which: K, fetch: () => Promise<ClientResult<T>>, save: (value: T) => string) => {
    if (busy !== null) return;
    setBusy(which);
    setError(null);
    setDone(null);
    const r = await fetch();
    setBusy(null);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    try {
      setDone(save(r.value));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return { busy, error, done, run };
}
