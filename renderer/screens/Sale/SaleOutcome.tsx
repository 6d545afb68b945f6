import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format.js';
import type { UnknownSale } from './useUnknownSale.js';

/**
 * A sale of unknown outcome, or what the hall then said of it (a sale made with its numbers is the last sale's panel).
 * Nothing when there is neither.
 */
export function SaleOutcome({ unknownSale, hallSaid }: { unknownSale: UnknownSale | null; hallSaid: 'done' | 'not_done' | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  return unknownSale ? (
    <div id="sale-unknown" className="alert alert-warn" role="status" data-testid="sale-unknown">
      <strong>{t('sale.outcomeUnknownTitle', { total: f.money(unknownSale.totalCents) })}</strong> {t('sale.outcomeUnknown')}
    </div>
  ) : hallSaid ? (
    <p className="notice" role="status" data-testid="sale-outcome">
      {t(hallSaid === 'done' ? 'sale.outcomeDone' : 'sale.outcomeNotDone')}
    </p>
  ) : null;
}
