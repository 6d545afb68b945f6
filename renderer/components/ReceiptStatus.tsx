/**
 * Whether a receipt printed (a sale's, a prize payout's, a refund's), said
 * next to the act's confirmation: a receipt that did not print is never
 * silent, and a failed one is sent again from there ("Tentar de novo").
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../client.js';
import type { PrintJobView } from '../lib/printing.js';
import { ErrorAlert } from './ErrorAlert.js';
import { usePrintWords } from './PrintJobs.js';

/** The first print of a document among the jobs (not a 2.ª via), by what it documents (`sale` 12, `winner` 3, `refund` 12). */
export function documentJobOf(jobs: readonly PrintJobView[] | undefined, ref: { type: string; id: number }): PrintJobView | undefined {
  return jobs?.find((j) => j.refType === ref.type && j.refId === ref.id && j.reprintOf === null);
}

interface Props {
  job: PrintJobView | undefined;
  /** Whether a receipt printer is set up; null while not known. */
  hasPrinter: boolean | null;
  /** Its test id; the retry button and its error take it with `-retry`, `-error`. */
  testId: string;
  /** Where its words are (`<ns>.receiptPrinted`, ...): a sale's receipt by default, or a report's. */
  ns?: string;
}

/** "Recibo impresso", "A imprimir…", or why it did not print (with "Tentar de novo" for a failed job). */
export function ReceiptStatus({ job, hasPrinter, testId, ns = 'sale' }: Props) {
  const { t } = useTranslation();
  const words = usePrintWords();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const [retried, setRetried] = useState(false);
  if (!job) {
    if (hasPrinter === null) return null;
    if (!hasPrinter) {
      return (
        <p className="receipt-state receipt-failed" role="alert" data-testid={testId} data-state="none">
          {t(`${ns}.receiptNoPrinter`)}
        </p>
      );
    }
    // The job is queued with the act; the list shows it once the printer answers.
    return (
      <p className="receipt-state" data-testid={testId} data-state="pending">
        {t(`${ns}.receiptPending`)}
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
      <div className="receipt-state receipt-failed" role="alert" data-testid={testId} data-state="failed">
        <span>{t(`${ns}.receiptFailed`, { error: (words.jobError(job) ?? '—').replace(/\.$/, '') })}</span>
        <button type="button" className="btn btn-small btn-warning" data-testid={`${testId}-retry`} disabled={busy} onClick={() => void retry()}>
          {busy ? t('common.working') : t('printJobs.retry')}
        </button>
        {retried ? <span role="status">{t('sale.receiptRetried', { name: words.jobName(job) })}</span> : null}
        <ErrorAlert error={error} testId={`${testId}-error`} />
      </div>
    );
  }
  return (
    <p className={`receipt-state${job.state === 'printed' ? ' receipt-printed' : ''}`} data-testid={testId} data-state={job.state}>
      {job.state === 'printed' ? t(`${ns}.receiptPrinted`) : t(`${ns}.receiptPending`)}
    </p>
  );
}
