import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LaunchDirection } from '../../../../core/roulette/rules.js';
import { invoke, type ClientError, type ClientResult } from '../../../client.js';
import { useKioskQuery } from '../../../hooks.js';
import { parseNumber } from './parse.js';
import type { Log, Table } from './types.js';

/** A null spin's reason (core/roulette/contract.ts: 3 to 200 characters; the picker's words keep the maximum). */
const MIN_REASON = 3;

/** The table's log (newest first) and its commands: a spin, a null spin, the hourly changes (X.12, X.28), the next launch's way (X.15). */
export function useSpinLog(table: Table) {
  const { t } = useTranslation();
  const log = useKioskQuery('roulette.log', { tableCode: table.code });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<ClientError | string | null>(null);
  // X.15: the kiosk knows the next launch's way from the last one; the table's first is the fiscal's to give.
  const [firstDirection, setFirstDirection] = useState<LaunchDirection | ''>('');
  const expected = log.data?.nextLaunch.direction ?? null;
  const direction: LaunchDirection | null = expected ?? (firstDirection === '' ? null : firstDirection);

  const run = async (command: 'roulette.spin' | 'roulette.change', call: () => Promise<ClientResult<Log>>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return false;
    }
    const value = r.value;
    log.apply(command, () => value);
    return true;
  };

  return {
    data: log.data,
    loadError: log.error,
    entries: log.data?.entries ?? [],
    busy,
    error,
    expected,
    direction,
    firstDirection,
    setFirstDirection,
    asking,
    reason,
    setReason,
    reasonError,
    // The direction shown is sent: if another terminal logged a launch meanwhile, the kiosk refuses it, saying the way expected.
    spin: async (numberText: string): Promise<boolean> => {
      const number = parseNumber(numberText);
      if (number === null) {
        setError(t('tableSheet.numberMissing'));
        return false;
      }
      if (direction === null) {
        setError(t('tableSheet.directionMissing'));
        return false;
      }
      return run('roulette.spin', () => invoke('roulette.spin', { tableCode: table.code, number, direction }));
    },
    change: (kind: 'ball' | 'dealer') => run('roulette.change', () => invoke('roulette.change', { tableCode: table.code, kind })),
    askNull: () => {
      if (direction === null) {
        setError(t('tableSheet.directionMissing'));
        return;
      }
      setError(null);
      setReasonError(null);
      setAsking(true);
    },
    closeNull: () => setAsking(false),
    nullSpin: async (e: FormEvent) => {
      e.preventDefault();
      const text = reason.trim();
      if (text.length < MIN_REASON) {
        setReasonError(t('tableSheet.reasonShort', { min: MIN_REASON }));
        return;
      }
      if (busy || direction === null) return;
      setBusy(true);
      setReasonError(null);
      const r = await invoke('roulette.nullSpin', { tableCode: table.code, reason: text, direction });
      setBusy(false);
      if (!r.ok) {
        setReasonError(r.error);
        return;
      }
      const value = r.value;
      log.apply('roulette.nullSpin', () => value);
      setAsking(false);
      setReason('');
    },
  };
}
export type SpinLog = ReturnType<typeof useSpinLog>;
