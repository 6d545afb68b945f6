import { useTranslation } from 'react-i18next';
import { usePrintState } from '../../components/PrintJobs.js';
import { documentJobOf, ReceiptStatus } from '../../components/ReceiptStatus.js';
import { useFormat } from '../../format.js';
import { formatRanges } from '../../lib/ranges.js';
import { cardOf, type Done, type PaidDoc } from './payout.js';

/** The last payout and its slip's fate, in a slot of fixed height (styles.css): the lists and their acts never move. */
export function PayoutDone({ done, paidDoc }: { done: Done | null; paidDoc: PaidDoc | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const printing = usePrintState();
  return (
    <div className="payout-done">
      {done ? (
        <>
          <p className="success big-success" role="status" data-testid="payout-result">
            {done.type === 'refund'
              ? t('refunds.done', { id: done.r.saleId, amount: f.money(done.r.amountCents), ranges: formatRanges(done.r.ranges) })
              : t('prizes.done', {
                  amount: f.money(done.w.prizeCents),
                  kind: t(`kindText.${done.w.kind}`),
                  card: cardOf(done.w),
                  date: done.w.retainUntil ? f.date(done.w.retainUntil) : '—',
                })}
          </p>
          {paidDoc ? (
            <ReceiptStatus key={`${paidDoc.type}-${paidDoc.id}`} job={documentJobOf(printing.jobs, paidDoc)} hasPrinter={printing.receiptPrinter} testId="payout-receipt" />
          ) : null}
        </>
      ) : (
        <p className="hint" data-testid="payout-idle">
          {t('prizes.payoutIdle')}
        </p>
      )}
    </div>
  );
}
