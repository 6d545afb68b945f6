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
/** How chips are paid for (Lei n.º 83/2017, art. 76.º, n.º 4 counts those bought by card or cheque). */
export type Tender = 'cash' | 'card' | 'cheque';
/** A cheque as typed: the player's for a sale (number and bank), the house's for a redemption (its amount too). */
export interface ChequeTyped {
  amount: string;
  number: string;
  bank: string;
}
const NO_CHEQUE: ChequeTyped = { amount: '', number: '', bank: '' };

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
  // A sale by card or the player's cheque, a redemption partly by the house's cheque (art. 76.º, n.º 4).
  const [tender, setTender] = useState<Tender>('cash');
  const [cheque, setChequeFields] = useState<ChequeTyped>(NO_CHEQUE);
  const setCheque = (patch: Partial<ChequeTyped>) => setChequeFields({ ...cheque, ...patch });
  // What the payee may still be paid in chip cheques today: asked only while a redemption names someone.
  const room = useKioskQuery('chips.chequeRoom', kind === 'redeem' && payee ? { personId: payee.personId } : null);
  // Largest first, as the receipt and the kiosk's answer list them.
  const chips = [...FACE_VALUES].reverse().filter((v) => (counts[v] ?? 0) > 0).map((v) => ({ valueCents: v, count: counts[v]! }));
  const total = chips.reduce((s, c) => s + c.valueCents * c.count, 0);
  const tenderedCents = tendered.trim() === '' ? total : parseEuroText(tendered);
  const change = tenderedCents === null ? null : tenderedCents - total;
  const short = total > 0 && change !== null && change < 0;
  // Once sold, the change stays in the box until the next chip is keyed.
  const showLastChange = total === 0 && done?.kind === 'sell';
  const identifyFrom = settings.data?.identificationThresholdCents ?? null;
  const chequeCents = kind === 'redeem' && cheque.amount.trim() !== '' ? parseEuroText(cheque.amount) : 0;
  const chequeGiven = kind === 'redeem' ? chequeCents !== 0 : kind === 'sell' && tender === 'cheque';
  const chequeReady = cheque.number.trim() !== '' && cheque.bank.trim() !== '';
  // The house's cheque goes only to an identified player (art. 76.º, n.º 3); the threshold asks for one too.
  const needsPayee = (identifyFrom !== null && total >= identifyFrom) || (kind === 'redeem' && chequeGiven);
  const add = (v: number, n: number) => setCounts({ ...counts, [v]: Math.max(0, (counts[v] ?? 0) + n) });
  const reset = () => {
    setCounts({});
    setTendered('');
  };
  const start = (k: Action) => {
    setError(null);
    setDone(null);
    setMoved(null);
    setTender('cash');
    setChequeFields(NO_CHEQUE);
    if (total === 0) return setError(t('chips.none'));
    if (k === 'sell' && (change === null || change < 0)) return setError(t('chips.tenderedShort'));
    // The hall's first reason for a fill or a credit is chosen already: one tap changes it.
    if (k === 'fill' || k === 'credit') setReason(reasons.data?.[`chips.${k}`][0] ?? '');
    setKind(k);
  };
  const list = chips.map((c) => `${c.count} × ${f.money(c.valueCents)}`).join(', ');
  const cashOut = total - (chequeCents ?? 0);
  const confirmTexts: Record<Action, string> = {
    sell:
      tender === 'cash'
        ? t('chips.confirmSell', { chips: list, amount: f.money(total), change: f.money(change ?? 0) })
        : t(tender === 'card' ? 'chips.confirmSellCard' : 'chips.confirmSellCheque', { chips: list, amount: f.money(total) }),
    redeem:
      chequeCents !== null && chequeCents > 0
        ? t('chips.confirmRedeemCheque', { chips: list, amount: f.money(total), cash: f.money(Math.max(0, cashOut)), cheque: f.money(chequeCents) })
        : t('chips.confirmRedeem', { chips: list, amount: f.money(total) }),
    fill: t('chips.confirmFill', { chips: list, amount: f.money(total) }),
    credit: t('chips.confirmCredit', { chips: list, amount: f.money(total) }),
  };
  const submit = async (k: Action): Promise<ClientResult<Exchange | Move>> => {
    const person = payee ? { personId: payee.personId } : {};
    const typed = { number: cheque.number.trim(), bank: cheque.bank.trim() };
    if (k === 'sell') {
      const payment = tender === 'cash' ? { method: 'cash' as const, tenderedCents: tenderedCents ?? total } : tender === 'card' ? { method: 'card' as const } : { method: 'cheque' as const, ...typed };
      return invoke('chips.sell', { chips, payment, ...person });
    }
    if (k === 'redeem') {
      const cheques = chequeCents !== null && chequeCents > 0 ? [{ amountCents: chequeCents, ...typed }] : [];
      return invoke('chips.redeem', { chips: chips.map((c) => ({ ...c, faceValue: true })), cheques, ...person });
    }
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
    tender,
    setTender,
    cheque,
    setCheque,
    /** The redemption's cheque part, in cents (null while it does not read as an amount). */
    chequeCents,
    /** What the confirm waits for: a cheque's number and bank, a readable cheque part within the chips, the payee it needs. */
    blocked: (kind === 'sell' && tender === 'cheque' && !chequeReady) || (kind === 'redeem' && (chequeCents === null || chequeCents > total || (chequeGiven && (!chequeReady || payee === null)))),
    room: room.data ?? null,
    identifying,
    setIdentifying,
    needsPayee,
    reason,
    setReason,
  };
}

export type ChipExchangeState = ReturnType<typeof useChipExchange>;
