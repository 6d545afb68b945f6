import { useCallback, useEffect, useRef, useState } from 'react';
import { invoke, type ClientError } from '../../../client.js';
import { STATUS_POLL_MS, printerAddress, type PrinterStatusView, type PrinterView } from '../../../lib/printing.js';

export interface StatusEntry {
  checking: boolean;
  status?: PrinterStatusView;
  error?: ClientError;
  at?: string;
}

/** Ask every printer for its status now and every `STATUS_POLL_MS`; `check(id)` asks one at once. */
export function usePrinterStatuses(printers: readonly PrinterView[]) {
  const [entries, setEntries] = useState<Record<string, StatusEntry>>({});
  const inFlight = useRef(new Set<string>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const check = useCallback(async (id: string) => {
    if (inFlight.current.has(id)) return;
    inFlight.current.add(id);
    setEntries((e) => ({ ...e, [id]: { ...e[id], checking: true } }));
    const r = await invoke('printer.status', { id });
    inFlight.current.delete(id);
    if (!mounted.current) return;
    const at = new Date().toISOString();
    setEntries((e) => ({ ...e, [id]: r.ok ? { checking: false, status: r.value, at } : { checking: false, error: r.error, at } }));
  }, []);

  // A change of address or of the list starts the round again at once.
  const key = printers.map((p) => `${p.id}|${printerAddress(p)}`).join('\n');
  useEffect(() => {
    const ids = key === '' ? [] : key.split('\n').map((k) => k.slice(0, k.indexOf('|')));
    if (ids.length === 0) return;
    const all = () => {
      for (const id of ids) void check(id);
    };
    all();
    const timer = setInterval(all, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [key, check]);

  return { entries, check };
}

