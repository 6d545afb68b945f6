import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { FACE_VALUES } from '../../../core/chips.js';
import { invoke, type ClientError, type ClientResult } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useOffline } from '../../components/LinkBanner.js';
import { ReasonPicker } from '../../components/ReasonPicker.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { parseEuroText } from '../../lib/money.js';

type Exchange = ChannelOutput<'chips.sell'>;
type Move = ChannelOutput<'chips.move'>;
type Action = 'sell' | 'redeem' | 'fill' | 'credit';

/**
 * Face-value chips for cash and back (IX.7-8): a key per chip value adds one
 * chip; the total, and for a sale what was handed over and the change. Colour
 * chips are never taken here: they are exchanged at their table. The same
 * keys record the chips brought from the vault (fill) or sent back (credit).
 * Each key shows its count on itself, with its "−" in a slot of its own that
 * is always there: adding or taking a chip never moves a key. Without a
 * drawer of one's own (`noDrawer`, said by `notice`) no act can succeed, so
 * none is offered.
 */
export function ChipExchange({ notice = null, noDrawer = false }: { notice?: ReactNode; noDrawer?: boolean }) {
  const { t } = useTranslation();
  // No act without a drawer of one's own (said by the notice); none either while the link to the hall is down (said by the banner).
  const offline = useOffline();
  const shut: { disabled?: true; 'aria-describedby'?: string } = noDrawer ? { disabled: true, 'aria-describedby': 'caixa-no-drawer' } : offline;
  const f = useFormat();
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [tendered, setTendered] = useState('');
  const [kind, setKind] = useState<Action | null>(null);
  const [done, setDone] = useState<Exchange | null>(null);
  const [moved, setMoved] = useState<Move | null>(null);
  const [reason, setReason] = useState('');
  const reasons = useKioskQuery('reasons.get', {});
  const [error, setError] = useState<ClientError | string | null>(null);
  // Largest first, as the receipt and the kiosk's answer list them.
  const chips = [...FACE_VALUES].reverse().filter((v) => (counts[v] ?? 0) > 0).map((v) => ({ valueCents: v, count: counts[v]! }));
  const total = chips.reduce((s, c) => s + c.valueCents * c.count, 0);
  const tenderedCents = tendered.trim() === '' ? total : parseEuroText(tendered);
  const change = tenderedCents === null ? null : tenderedCents - total;
  const short = total > 0 && change !== null && change < 0;
  // Once sold, the change stays in the box until the next chip is keyed.
  const showLastChange = total === 0 && done?.kind === 'sell';
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
    if (k === 'sell') return invoke('chips.sell', { chips, payment: { method: 'cash', tenderedCents: tenderedCents ?? total } });
    if (k === 'redeem') return invoke('chips.redeem', { chips: chips.map((c) => ({ ...c, faceValue: true })) });
    return invoke('chips.move', { kind: k, chips, reason: reason.trim() });
  };
  return (
    <section className="panel chip-exchange" aria-labelledby="chips-title">
      <h2 id="chips-title">{t('chips.title')}</h2>
      {notice ?? <p className="hint">{t('chips.hint')}</p>}
      {/* The keys on the left, the total, the change and the acts beside them: the exchange fits a 768 px screen. */}
      <div className="chip-exchange-body">
        <div className="chip-keys" role="group" aria-label={t('chips.keys')}>
          {FACE_VALUES.map((v) => (
            <div key={v} className="chip-key">
              <button type="button" className="btn chip-add" data-testid={`chip-${v}`} onClick={() => add(v, 1)}>
                <span className="chip-value">{f.money(v)}</span>
                <span className="chip-count" data-testid={`chip-count-${v}`} aria-live="polite">
                  {counts[v] ? `× ${counts[v]}` : ''}
                </span>
              </button>
              {counts[v] ? (
                <button type="button" className="btn chip-remove" data-testid={`chip-remove-${v}`} aria-label={t('chips.removeOne', { value: f.money(v) })} onClick={() => add(v, -1)}>
                  −
                </button>
              ) : (
                <span className="chip-remove" aria-hidden="true" />
              )}
            </div>
          ))}
        </div>
        <div className="chip-side">
          {/* Total, tendered and the two acts in three short rows: the exchange fits a 1024x768 screen. */}
          <div className="chip-total-row">
            <p className="chip-total" data-testid="chips-total">
              {t('chips.total', { amount: f.money(total) })}
            </p>
            <button type="button" className="btn btn-small" data-testid="chips-clear" onClick={reset}>
              {t('chips.clear')}
            </button>
          </div>
          <div className="chip-tendered-row">
            <label className="form">
              {t('chips.tendered')}
              <span className="input-suffix">
                <input
                  data-testid="chips-tendered"
                  inputMode="decimal"
                  disabled={noDrawer}
                  aria-describedby={noDrawer ? 'caixa-no-drawer' : undefined}
                  value={tendered}
                  placeholder={total ? f.money(total).replace(' €', '') : ''}
                  onChange={(e) => setTendered(e.target.value)}
                />
                <span aria-hidden="true">€</span>
              </span>
            </label>
            {/* The change as big as the sale's: the caixa reads it while counting it out. */}
            <div className={`change-box chip-change-box${short ? ' short' : ''}`}>
              <span className="field-label">{showLastChange ? t('chips.changeLast') : t('chips.changeLabel')}</span>
              <output className="change" data-testid="chips-change" aria-live="polite">
                {showLastChange ? f.money(done!.changeCents ?? 0) : change !== null && change >= 0 && total > 0 ? f.money(change) : '—'}
              </output>
              {short ? (
                <span className="short-by" data-testid="chips-missing">
                  {t('chips.missing', { amount: f.money(-change!) })}
                </span>
              ) : null}
            </div>
          </div>
          <div className="chip-actions">
            <button type="button" className="btn btn-primary btn-large" data-testid="chips-sell" {...shut} onClick={() => start('sell')}>
              {t('chips.sell')}
            </button>
            <button type="button" className="btn btn-large" data-testid="chips-redeem" {...shut} onClick={() => start('redeem')}>
              {t('chips.redeem')}
            </button>
          </div>
          <div className="chip-actions chip-vault" role="group" aria-label={t('chips.vault')}>
            <button type="button" className="btn" data-testid="chips-fill" {...shut} onClick={() => start('fill')}>
              {t('chips.fill')}
            </button>
            <button type="button" className="btn" data-testid="chips-credit" {...shut} onClick={() => start('credit')}>
              {t('chips.credit')}
            </button>
          </div>
          {done ? (
            <p className="success" role="status" data-testid="chips-done">
              {done.kind === 'sell' ? t('chips.sold', { amount: f.money(done.totalCents), change: f.money(done.changeCents ?? 0) }) : t('chips.redeemed', { amount: f.money(done.totalCents) })}
              {/* A manager sees the drawer after it; the counter's close is blind. */}
              {done.drawerCashCents === null ? null : ` ${t('chips.drawerAfter', { cash: f.money(done.drawerCashCents) })}`}
            </p>
          ) : null}
          {moved ? (
            <p className="success" role="status" data-testid="chips-moved">
              {t(moved.kind === 'fill' ? 'chips.filled' : 'chips.credited', { amount: f.money(moved.totalCents), reason: moved.reason })}
            </p>
          ) : null}
          <ErrorAlert error={error} testId="chips-error" />
        </div>
      </div>
      {kind ? (
        <ConfirmDialog
          title={t(`chips.confirm${kind[0]!.toUpperCase()}${kind.slice(1)}Title`)}
          confirmLabel={t(kind === 'fill' || kind === 'credit' ? `chips.${kind}Confirm` : `chips.${kind}`)}
          testId="chips-dialog"
          confirmTestId="chips-confirm"
          onConfirm={() => submit(kind)}
          onDone={(r) => {
            setKind(null);
            if ('exchangeId' in r) setDone(r);
            else setMoved(r);
            reset();
          }}
          onClose={() => setKind(null)}
        >
          <p>{confirmTexts[kind]}</p>
          {kind === 'fill' || kind === 'credit' ? (
            <ReasonPicker act={`chips.${kind}`} label={t('chips.reason')} value={reason} onChange={setReason} testId="chips-reason" />
          ) : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
