/** The receipt of a sale on the sale screen: its print job, and the confirmation of its 2.ª via. */
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, SaleView } from '../../../core/contract.js';
import { invoke } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { documentJobOf } from '../../components/ReceiptStatus.js';
import { useFormat } from '../../format.js';
import type { PrintJobView } from '../../lib/printing.js';
import { formatRanges } from '../../lib/ranges.js';

/** The first print of a sale's receipt among the jobs (not a 2.ª via), if there is one. */
export function receiptJobOf(jobs: readonly PrintJobView[] | undefined, saleId: number): PrintJobView | undefined {
  return documentJobOf(jobs, { type: 'sale', id: saleId });
}

interface ReprintProps {
  sale: SaleView;
  job: PrintJobView;
  onClose: () => void;
  onDone: (job: ChannelOutput<'print.reprint'>) => void;
}

/** "2.ª via do recibo da venda n.º X": says what it prints before it prints. */
export function ReprintDialog({ sale, job, onClose, onDone }: ReprintProps) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <ConfirmDialog
      title={t('sale.reprintTitle')}
      confirmLabel={t('sale.reprintConfirm')}
      testId="reprint-dialog"
      confirmTestId="reprint-confirm"
      onConfirm={() => invoke('print.reprint', { jobId: job.jobId })}
      onDone={onDone}
      onClose={onClose}
    >
      <p data-testid="reprint-explain">{t('sale.reprintExplain', { id: sale.saleId, ranges: formatRanges(sale.ranges), total: f.money(sale.totalCents) })}</p>
    </ConfirmDialog>
  );
}
