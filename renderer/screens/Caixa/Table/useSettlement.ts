import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../../client.js';
import { parseNumber } from './parse.js';
import type { BetInput, Settlement, Table } from './types.js';

/**
 * The spin's bets and the number drawn, settled by "Liquidar" (X.20-X.22, X.25): the payments in the X.22 order.
 * A bet added or removed, or the number changed, puts the settlement away.
 */
export function useSettlement(table: Table) {
  const { t } = useTranslation();
  const [bets, setBets] = useState<BetInput[]>([]);
  // The number drawn: settled by "Liquidar" and written in the log by "Registar número".
  const [numberText, setNumberText] = useState('');
  const [result, setResult] = useState<Settlement | null>(null);
  const [settling, setSettling] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const changeBets = (next: (bs: BetInput[]) => BetInput[]) => {
    setResult(null);
    setBets(next);
  };

  const settle = async () => {
    if (settling) return;
    const number = parseNumber(numberText);
    if (number === null) {
      setError(t('tableSheet.numberInvalid'));
      return;
    }
    if (bets.length === 0) {
      setError(t('tableSheet.betsMissing'));
      return;
    }
    setSettling(true);
    setError(null);
    setResult(null);
    const r = await invoke('roulette.settle', { tableCode: table.code, number, bets });
    setSettling(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setResult(r.value);
  };

  return {
    bets,
    add: (b: BetInput) => changeBets((bs) => [...bs, b]),
    remove: (i: number) => changeBets((bs) => bs.filter((_, j) => j !== i)),
    numberText,
    setNumberText: (text: string) => {
      setNumberText(text);
      setResult(null);
    },
    result,
    back: () => setResult(null),
    settling,
    settle,
    error,
    clearError: () => setError(null),
  };
}
export type SpinSettlement = ReturnType<typeof useSettlement>;
