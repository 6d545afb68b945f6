/**
 * The receipt of a sale on the sale screen: whether it printed, said next to
 * the sale's confirmation (a receipt that did not print is never silent), and
 * the confirmation of its 2.ª via.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, SaleView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { usePrintWords } from '../../components/PrintJobs.js';
import { useFormat } from '../../format.js';
import type { PrintJobView } from '../../lib/printing.js';
import { formatRanges } from '../../lib/ranges.js';

/** The first print of a sale's receipt among the jobs (not a 2.ª via), if there is one. */
export function receiptJobOf(jobs: readonly PrintJobView[] | undefined, saleId: number): PrintJobView | undefined {
  return jobs?.find((j) => j.refType === 'sale' && j.refId === saleId && j.reprintOf === null);
}

interface StatusProps {
  saleId: number;
  job: PrintJobView | undefined;
  /** Whether a receipt printer is set up; null while not known. */
  hasPrinter: boolean | null;
}

/** "Recibo impresso", "A imprimir…", or why it did not print (with "Tentar de novo" for a failed job). */
export function ReceiptStatus({ saleId, job, hasPrinter }: StatusProps) {
  const { t } = useTranslation();
  const words = usePrintWords();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const [retried, setRetried] = useState(false);
  if (!job) {
    if (hasPrinter === null) return null;
    if (!hasPrinter) {
      return (
        <p className="receipt-state receipt-failed" role="alert" data-testid="sale-receipt" data-state="none">
          {t('sale.receiptNoPrinter')}
        </p>
      );
    }
    // The job is queued with the sale; the list shows it once the printer answers.
    return (
      <p className="receipt-state" data-testid="sale-receipt" data-state="pending">
        {t('sale.receiptPending')}
      </p>
    );
  }
  if (job.state === 'failed') {
    const retry = async () => {
      if (busy) return;
      setBusy(true);
      setError(null);
      const r = await invoke('print.retry', { jobId: job.jobId });
      setBusy(false);
      if (r.ok) setRetried(true);
      else setError(r.error);
    };
    return (
      <div className="receipt-state receipt-failed" role="alert" data-testid="sale-receipt" data-state="failed">
        <span>{t('sale.receiptFailed', { error: words.jobError(job) ?? '—' })}</span>
        <button type="button" className="btn btn-small btn-warning" data-testid="sale-receipt-retry" disabled={busy} onClick={() => void retry()}>
          {busy ? t('common.working') : t('printJobs.retry')}
        </button>
        {retried ? <span role="status">{t('sale.receiptRetried', { id: saleId })}</span> : null}
        <ErrorAlert error={error} testId="sale-receipt-error" />
      </div>
    );
  }
  return (
    <p className={`receipt-state${job.state === 'printed' ? ' receipt-printed' : ''}`} data-testid="sale-receipt" data-state={job.state}>
      {job.state === 'printed' ? t('sale.receiptPrinted') : t('sale.receiptPending')}
    </p>
  );
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
