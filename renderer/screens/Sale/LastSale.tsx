import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { ReceiptStatus } from '../../components/ReceiptStatus.js';
import { useFormat } from '../../format.js';
import { formatRanges } from '../../lib/ranges.js';
import { receiptJobOf } from './Receipt.js';

/** A sale made here, with the game it was made in. */
export type SaleResult = ChannelOutput<'sale.create'> & { gameId: number; gameNumber: number };

/** The last sale's panel: its cards, its sums and its receipt's print ("fresh" while the form is untouched since). */
export function LastSale({ last, fresh }: { last: SaleResult; fresh: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  // The header's badge fetches the print jobs and printers; the sale's receipt reads them from it.
  const printing = usePrintState();
  return (
    <section className={`panel sale-result-panel${fresh ? ' fresh' : ''}`} aria-labelledby="sale-result-title" role="status">
      <h2 id="sale-result-title">{t('sale.lastTitle', { id: last.saleId, number: last.gameNumber })}</h2>
      <p className="sale-result" data-testid="sale-result">
        {formatRanges(last.ranges)}
      </p>
      <p className="sale-result-line">
        {t('sale.lastLine', { count: last.quantity, total: f.money(last.totalCents), tendered: f.money(last.tenderedCents), change: f.money(last.changeCents) })}
      </p>
      <ReceiptStatus key={last.saleId} job={receiptJobOf(printing.jobs, last.saleId)} hasPrinter={printing.receiptPrinter} testId="sale-receipt" />
    </section>
  );
}
