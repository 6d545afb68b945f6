/** The chip exchange's state and acts: the chips keyed, what was handed over, the act being confirmed and what the last one did. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../../core/contract.js';
import { FACE_VALUES } from '../../../../core/chips.js';
import { invoke, type ClientError, type ClientResult } from '../../../client.js';
import { useFormat } from '../../../format.js';
import { useKioskQuery } from '../../../hooks.js';
import { parseEuroText } from '../../../lib/money.js';
import type { Person } from '../../../components/Payee.js';

export type Exchange = ChannelOutput<'chips.sell'>;
export type Move = ChannelOutput<'chips.move'>;
export type Action = 'sell' | 'redeem' | 'fill' | 'credit';

export function useChipExchange() {
  const { t } = useTranslation();
  const f = useFormat();
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [tendered, setTendered] = useState('');
  const [kind, setKind] = useState<Action | null>(null);
  const [done, setDone] = useState<Exchange | null>(null);
  const [moved, setMoved] = useState<Move | null>(null);
  const [reason, setReason] = useState('');
  const reasons = useKioskQuery('reasons.get', {});
  const [error, setError] = useState<ClientError | string | null>(null);
  // The player of a sale or a redemption (Lei n.º 83/2017, art. 76.º): asked for from the hall's threshold, one exchange's only.
  const settings = useKioskQuery('settings.get', {});
  const [payee, setPayee] = useState<Person | null>(null);
  const [identifying, setIdentifying] = useState(false);
  // Largest first, as the receipt and the kiosk's answer list them.
  const chips = [...FACE_VALUES].reverse().filter((v) => (counts[v] ?? 0) > 0).map((v) => ({ valueCents: v, count: counts[v]! }));
  const total = chips.reduce((s, c) => s + c.valueCents * c.count, 0);
  const tenderedCents = tendered.trim() === '' ? total : parseEuroText(tendered);
  const change = tenderedCents === null ? null : tenderedCents - total;
  const short = total > 0 && change !== null && change < 0;
  // Once sold, the change stays in the box until the next chip is keyed.
  const showLastChange = total === 0 && done?.kind === 'sell';
  const identifyFrom = settings.data?.identificationThresholdCents ?? null;
  const needsPayee = identifyFrom !== null && total >= identifyFrom;
  const add = (v: number, n: number) => setCounts({ ...counts, [v]: Math.max(0, (counts[v] ?? 0) + n) });
  const reset = () => {
    setCounts({});
    setTendered('');
  };
  const start = (k: Action) => {
    setError(null);
    setDone(null);
    setMoved(null);
    if (total === 0) return setError(t('chips.none'));
    if (k === 'sell' && (change === null || change < 0)) return setError(t('chips.tenderedShort'));
    // The hall's first reason for a fill or a credit is chosen already: one tap changes it.
    if (k === 'fill' || k === 'credit') setReason(reasons.data?.[`chips.${k}`][0] ?? '');
    setKind(k);
  };
  const list = chips.map((c) => `${c.count} × ${f.money(c.valueCents)}`).join(', ');
  const confirmTexts: Record<Action, string> = {
    sell: t('chips.confirmSell', { chips: list, amount: f.money(total), change: f.money(change ?? 0) }),
    redeem: t('chips.confirmRedeem', { chips: list, amount: f.money(total) }),
    fill: t('chips.confirmFill', { chips: list, amount: f.money(total) }),
    credit: t('chips.confirmCredit', { chips: list, amount: f.money(total) }),
  };
  const submit = async (k: Action): Promise<ClientResult<Exchange | Move>> => {
    const person = payee ? { personId: payee.personId } : {};
    if (k === 'sell') return invoke('chips.sell', { chips, payment: { method: 'cash', tenderedCents: tenderedCents ?? total }, ...person });
    if (k === 'redeem') return invoke('chips.redeem', { chips: chips.map((c) => ({ ...c, faceValue: true })), ...person });
    return invoke('chips.move', { kind: k, chips, reason: reason.trim() });
  };
  const finish = (r: Exchange | Move) => {
    setKind(null);
    if ('exchangeId' in r) setDone(r);
    else setMoved(r);
    reset();
    setPayee(null);
  };
  return {
    counts,
    add,
    reset,
    total,
    tendered,
    setTendered,
    change,
    short,
    showLastChange,
    done,
    moved,
    error,
    kind,
    start,
    confirmText: kind ? confirmTexts[kind] : '',
    submit,
    finish,
    close: () => {
      setKind(null);
      setIdentifying(false);
      setPayee(null);
    },
    payee,
    setPayee,
    identifying,
    setIdentifying,
    needsPayee,
    reason,
    setReason,
  };
}

export type ChipExchangeState = ReturnType<typeof useChipExchange>;
