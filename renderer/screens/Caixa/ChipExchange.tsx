import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { FACE_VALUES } from '../../../core/roulette/chips.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { parseEuroText } from '../../lib/money.js';

type Exchange = ChannelOutput<'chips.sell'>;

/**
 * Face-value chips for cash and back (IX.7-8): a key per chip value adds one
 * chip; the total, and for a sale what was handed over and the change. Colour
 * chips are never taken here: they are exchanged at their table.
 */
export function ChipExchange() {
  const { t } = useTranslation();
  const f = useFormat();
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [tendered, setTendered] = useState('');
  const [kind, setKind] = useState<'sell' | 'redeem' | null>(null);
  const [done, setDone] = useState<Exchange | null>(null);
  const [error, setError] = useState<ClientError | string | null>(null);
  // Largest first, as the receipt and the kiosk's answer list them.
  const chips = [...FACE_VALUES].reverse().filter((v) => (counts[v] ?? 0) > 0).map((v) => ({ valueCents: v, count: counts[v]! }));
  const total = chips.reduce((s, c) => s + c.valueCents * c.count, 0);
  const tenderedCents = tendered.trim() === '' ? total : parseEuroText(tendered);
  const change = tenderedCents === null ? null : tenderedCents - total;
  const add = (v: number, n: number) => setCounts({ ...counts, [v]: Math.max(0, (counts[v] ?? 0) + n) });
  const reset = () => {
    setCounts({});
    setTendered('');
  };
  const start = (k: 'sell' | 'redeem') => {
    setError(null);
    setDone(null);
    if (total === 0) return setError(t('chips.none'));
    if (k === 'sell' && (change === null || change < 0)) return setError(t('chips.tenderedShort'));
    setKind(k);
  };
  return (
    <section className="panel chip-exchange" aria-labelledby="chips-title">
      <h2 id="chips-title">{t('chips.title')}</h2>
      <p className="hint">{t('chips.hint')}</p>
      <div className="chip-keys" role="group" aria-label={t('chips.keys')}>
        {FACE_VALUES.map((v) => (
          <div key={v} className="chip-key">
            <button type="button" className="btn chip-add" data-testid={`chip-${v}`} onClick={() => add(v, 1)}>
              {f.money(v)}
            </button>
            <span className="chip-count" data-testid={`chip-count-${v}`} aria-live="polite">
              {counts[v] ? `× ${counts[v]}` : ''}
            </span>
            {counts[v] ? (
              <button type="button" className="btn btn-small" aria-label={t('chips.removeOne', { value: f.money(v) })} onClick={() => add(v, -1)}>
                −
              </button>
            ) : null}
          </div>
        ))}
      </div>
      <p className="chip-total" data-testid="chips-total">
        {t('chips.total', { amount: f.money(total) })}
      </p>
      <label className="form">
        {t('chips.tendered')}
        <span className="input-suffix">
          <input data-testid="chips-tendered" inputMode="decimal" value={tendered} placeholder={total ? f.money(total).replace(' €', '') : ''} onChange={(e) => setTendered(e.target.value)} />
          <span aria-hidden="true">€</span>
        </span>
      </label>
      <p className="meta" data-testid="chips-change">
        {change !== null && change >= 0 && total > 0 ? t('chips.change', { amount: f.money(change) }) : ''}
      </p>
      <div className="button-row">
        <button type="button" className="btn btn-primary btn-large" data-testid="chips-sell" onClick={() => start('sell')}>
          {t('chips.sell')}
        </button>
        <button type="button" className="btn btn-large" data-testid="chips-redeem" onClick={() => start('redeem')}>
          {t('chips.redeem')}
        </button>
        <button type="button" className="btn" data-testid="chips-clear" onClick={reset}>
          {t('chips.clear')}
        </button>
      </div>
      {done ? (
        <p className="success" role="status" data-testid="chips-done">
          {done.kind === 'sell'
            ? t('chips.sold', { amount: f.money(done.totalCents), change: f.money(done.changeCents ?? 0), cash: f.money(done.drawerCashCents) })
            : t('chips.redeemed', { amount: f.money(done.totalCents), cash: f.money(done.drawerCashCents) })}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="chips-error" />
      {kind ? (
        <ConfirmDialog
          title={t(kind === 'sell' ? 'chips.confirmSellTitle' : 'chips.confirmRedeemTitle')}
          confirmLabel={t(kind === 'sell' ? 'chips.sell' : 'chips.redeem')}
          testId="chips-dialog"
          confirmTestId="chips-confirm"
          onConfirm={() =>
            kind === 'sell'
              ? invoke('chips.sell', { chips, payment: { method: 'cash', tenderedCents: tenderedCents ?? total } })
              : invoke('chips.redeem', { chips: chips.map((c) => ({ ...c, faceValue: true })) })
          }
          onDone={(r) => {
            setKind(null);
            setDone(r);
            reset();
          }}
          onClose={() => setKind(null)}
        >
          <p>
            {kind === 'sell'
              ? t('chips.confirmSell', { chips: chips.map((c) => `${c.count} × ${f.money(c.valueCents)}`).join(', '), amount: f.money(total), change: f.money(change ?? 0) })
              : t('chips.confirmRedeem', { chips: chips.map((c) => `${c.count} × ${f.money(c.valueCents)}`).join(', '), amount: f.money(total) })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
