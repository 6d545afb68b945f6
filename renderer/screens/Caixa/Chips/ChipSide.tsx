/** Beside the chip keys: the total, what was handed over and the change, the four acts, and what the last act did. */
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useFormat } from '../../../format.js';
import type { ChipExchangeState } from './useChipExchange.js';

type Shut = { disabled?: true; 'aria-describedby'?: string };

/** Total, tendered and the change in two short rows: the exchange fits a 1024x768 screen. */
function ChipTotals({ x, noDrawer }: { x: ChipExchangeState; noDrawer: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { total, change, short, showLastChange } = x;
  return (
    <>
      <div className="chip-total-row">
        <p className="chip-total" data-testid="chips-total">
          {t('chips.total', { amount: f.money(total) })}
        </p>
        <button type="button" className="btn btn-small" data-testid="chips-clear" onClick={x.reset}>
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
              value={x.tendered}
              placeholder={total ? f.money(total).replace(' €', '') : ''}
              onChange={(e) => x.setTendered(e.target.value)}
            />
            <span aria-hidden="true">€</span>
          </span>
        </label>
        {/* The change as big as the sale's: the caixa reads it while counting it out. */}
        <div className={`change-box chip-change-box${short ? ' short' : ''}`}>
          <span className="field-label">{showLastChange ? t('chips.changeLast') : t('chips.changeLabel')}</span>
          <output className="change" data-testid="chips-change" aria-live="polite">
            {showLastChange ? f.money(x.done!.changeCents ?? 0) : change !== null && change >= 0 && total > 0 ? f.money(change) : '—'}
          </output>
          {short ? (
            <span className="short-by" data-testid="chips-missing">
              {t('chips.missing', { amount: f.money(-change!) })}
            </span>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** Sell and redeem, then the vault's fill and credit. */
function ChipActs({ start, shut }: { start: ChipExchangeState['start']; shut: Shut }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

function ChipResults({ done, moved, error }: Pick<ChipExchangeState, 'done' | 'moved' | 'error'>) {
  const { t } = useTranslation();
  const f = useFormat();
  /** What the last exchange did, by how it was paid. */
  const doneText = (d: NonNullable<typeof done>) => {
    const amount = f.money(d.totalCents);
    if (d.kind === 'redeem') {
      return d.chequeCents > 0 ? t('chips.redeemedCheque', { amount, cheque: f.money(d.chequeCents), cash: f.money(d.cashCents) }) : t('chips.redeemed', { amount });
    }
    if (d.cardCents > 0) return t('chips.soldBy', { amount, tender: t('chips.tender.card').toLowerCase() });
    if (d.chequeCents > 0) return t('chips.soldBy', { amount, tender: t('chips.tender.cheque').toLowerCase() });
    return t('chips.sold', { amount, change: f.money(d.changeCents ?? 0) });
  };
  return (
    <>
      {done ? (
        <p className="success" role="status" data-testid="chips-done">
          {doneText(done)}
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
    </>
  );
}

export function ChipSide({ x, noDrawer, shut }: { x: ChipExchangeState; noDrawer: boolean; shut: Shut }) {
  return (
    <div className="chip-side">
      {/* Total, tendered and the two acts in three short rows: the exchange fits a 1024x768 screen. */}
      <ChipTotals x={x} noDrawer={noDrawer} />
      <ChipActs start={x.start} shut={shut} />
      <ChipResults done={x.done} moved={x.moved} error={x.error} />
    </div>
  );
}
