/** React glue: queries that re-fetch on pushed events, idle lock, the connection state. */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Channel, ChannelInput, ChannelOutput } from '../core/contract.js';
import { getConnection, invoke, onConnection, subscribe, type ClientError, type ClientEvent } from './client.js';

/** Run `callback` (debounced) whenever the kiosk pushes a change. */
export function useKioskEvents(callback: (event: ClientEvent) => void, delayMs = 80): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last: ClientEvent | null = null;
    const unsubscribe = subscribe((event) => {
      last = event;
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        if (last) latest.current(last);
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
}

/**
 * Fetch one channel and keep it fresh: again on every pushed event.
 * `input` null means "nothing to fetch yet". The last good data stays shown
 * while a re-fetch runs; an error is reported next to it.
 */
export function useKioskQuery<C extends Channel>(channel: C, input: ChannelInput<C> | null): QueryState<ChannelOutput<C>> {
  const key = input === null ? null : JSON.stringify(input);
  const [state, setState] = useState<{ key: string | null; data: ChannelOutput<C> | undefined; error: ClientError | null; loading: boolean }>(
    { key, data: undefined, error: null, loading: key !== null },
  );
  const seq = useRef(0);

  const reload = useCallback(async () => {
    if (key === null) return;
    const mine = ++seq.current;
    setState((s) => (s.key === key ? { ...s, loading: true } : { key, data: undefined, error: null, loading: true }));
    const r = await invoke(channel, JSON.parse(key) as ChannelInput<C>);
    if (mine !== seq.current) return;
    setState((s) => {
      const keep = s.key === key ? s.data : undefined;
      return r.ok ? { key, data: r.value, error: null, loading: false } : { key, data: keep, error: r.error, loading: false };
    });
  }, [channel, key]);

  useEffect(() => {
    void reload();
    return () => {
      seq.current++;
    };
  }, [reload]);

  useKioskEvents(() => void reload());

  const fresh = state.key === key;
  return {
    data: fresh ? state.data : undefined,
    error: fresh ? state.error : null,
    loading: fresh ? state.loading : key !== null,
    reload,
  };
}

export const IDLE_LOCK_MS = 10 * 60 * 1000;

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
