import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format.js';

interface Props {
  /** No sale now (selling, sold out, unplayable, no drawer, an outcome unknown, the link down). */
  off: boolean;
  busy: boolean;
  soldOut: boolean;
  linkDown: boolean;
  /** The sale's total (null when the quantity is none). */
  totalCents: number | null;
  /** The id of what says why the keys are off, if they are. */
  blockedBy: string | undefined;
  /** "Exato": the customer hands the total over; one tap sells. */
  onExact: () => void;
}

/** "Vender" (the form's submit, with the total, or why not with the link down) and "Exato". */
export function SellKeys({ off, busy, soldOut, linkDown, totalCents, blockedBy, onExact }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="sell-row">
      <button type="submit" className={`btn btn-sell${soldOut ? ' sold-out' : ''}`} data-testid="sale-submit" disabled={off} aria-describedby={blockedBy}>
        {busy ? t('sale.selling') : t('sale.sell')}
        {linkDown ? (
          <span id="sale-link-down" className="btn-sub sell-reason" data-testid="sale-link-down">
            {t('sale.linkDown')}
          </span>
        ) : (
          <span className="btn-sub">{totalCents !== null && !soldOut ? f.money(totalCents) : ''}</span>
        )}
      </button>
      <button
        type="button"
        className="btn btn-sell-exact"
        data-testid="sale-exact"
        disabled={off || totalCents === null}
        aria-describedby={blockedBy}
        onClick={onExact}
      >
        {t('sale.sellExact')}
        <span className="btn-sub">{t('sale.sellExactSub')}</span>
      </button>
    </div>
  );
}
