/**
 * The print queue on screen: every job with its state, "Tentar de novo" for a
 * failed one, "2.ª via" for a printed one and a preview of the document as it
 * went to paper; and the header badge that counts failures on every screen.
 */
import { Fragment, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../client.js';
import { useFormat, useHallZone } from '../format.js';
import { useKioskQuery } from '../hooks.js';
import { jobCounts, jobErrorText, jobNameKey, statusErrorText, type PrintJobView, type PrinterStatusView } from '../lib/printing.js';
import { ColumnHeads } from './ColumnHeads.js';
import { Dialog } from './Dialog.js';
import { ErrorAlert } from './ErrorAlert.js';

/** How many jobs the screens ask for (newest first). */
const JOBS_LIMIT = 50;

/**
 * A job's name and error, and a printer status's error, in the screen's
 * language now (the jobs are not fetched again when it changes): worded from
 * their codes and parameters, else the pt-PT text stored.
 */
export function usePrintWords() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'pt-PT';
  const zone = useHallZone();
  return {
    jobName: (job: Pick<PrintJobView, 'kind' | 'title' | 'titleParams'>): string => {
      const name = jobNameKey(job);
      return name ? t(name.key, { ...name.values, defaultValue: job.title }) : job.title;
    },
    jobError: (job: Pick<PrintJobView, 'lastError' | 'lastErrorCode' | 'lastErrorParams'>): string | null => jobErrorText(job, lang, zone),
    statusError: (status: Pick<PrinterStatusView, 'error' | 'errorCode' | 'errorParams'>): string | null => statusErrorText(status, lang, zone),
  };
}

/** The document as it went to paper: its text lines in a receipt-like box. */
function ReceiptPreview({ title, lines }: { title: string; lines: readonly string[] }) {
  const { t } = useTranslation();
  const columns = lines.reduce((n, l) => Math.max(n, l.length), 0);
  return (
    <figure className="receipt-preview">
      <figcaption className="visually-hidden">{t('printJobs.previewTitle', { title })}</figcaption>
      <pre data-testid="job-preview" style={{ width: `calc(${Math.max(columns, 24)}ch + 2.4rem)` }}>
        {lines.join('\n')}
      </pre>
    </figure>
  );
}

function JobState({ job }: { job: PrintJobView }) {
  const { t } = useTranslation();
  const words = usePrintWords();
  const error = job.state === 'printed' ? null : words.jobError(job);
  const retrying = job.state === 'pending' && job.attempts > 0;
  return (
    <div data-testid={`job-state-${job.jobId}`} className="job-state">
      <span className={`badge badge-job-${job.state}`}>{t(`printJobs.states.${job.state}`)}</span>
      {retrying ? <span className="status-time">{t('printJobs.retrying')} ({t('printJobs.attempt', { count: job.attempts + 1 })})</span> : null}
      {error ? <span className={job.state === 'failed' ? 'job-error' : 'job-error job-error-soft'}>{error}</span> : null}
    </div>
  );
}

interface JobsListProps {
  jobs: readonly PrintJobView[] | undefined;
  loadError: ClientError | null;
  /** Show the printer of each job (the settings screen, where several printers are set up). */
  showPrinter?: boolean;
}

/**
 * The job previewed, and a job sent again ("Tentar de novo") or printed again
 * ("2.ª via"): one at a time, its outcome said under the list.
 */
function useJobActs() {
  const { t } = useTranslation();
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<ClientError | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const act = async (job: PrintJobView, action: 'retry' | 'reprint') => {
    if (busyId !== null) return;
    setBusyId(job.jobId);
    setError(null);
    setDone(null);
    const r = action === 'retry' ? await invoke('print.retry', { jobId: job.jobId }) : await invoke('print.reprint', { jobId: job.jobId });
    setBusyId(null);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setDone(action === 'retry' ? t('printJobs.retried', { jobId: job.jobId }) : t('printJobs.reprinted', { jobId: r.value.jobId }));
  };
  const togglePreview = (jobId: number) => setPreviewId(previewId === jobId ? null : jobId);
  return { previewId, togglePreview, busyId, error, done, act };
}

type JobActs = ReturnType<typeof useJobActs>;

/** The jobs, newest first, with their actions. */
export function JobsList({ jobs, loadError, showPrinter = false }: JobsListProps) {
  const { t } = useTranslation();
  const acts = useJobActs();
  const failed = jobs ? jobCounts(jobs).failed : 0;

  return (
    <div className="print-jobs" data-testid="print-jobs">
      <ErrorAlert error={loadError} testId="print-jobs-load-error" />
      {failed > 0 ? (
        <p className="alert" role="alert" data-testid="print-jobs-failed">
          {t('printJobs.failedNotice', { count: failed })}
        </p>
      ) : null}
      {jobs === undefined ? (
        loadError ? null : <p className="loading">{t('common.loading')}</p>
      ) : jobs.length === 0 ? (
        <p className="empty">{t('printJobs.none')}</p>
      ) : (
        <JobsTable jobs={jobs} showPrinter={showPrinter} acts={acts} />
      )}
      {jobs && jobs.length >= JOBS_LIMIT ? <p className="hint">{t('printJobs.more', { count: jobs.length })}</p> : null}
      {acts.done ? (
        <p className="success" role="status" data-testid="print-jobs-result">
          {acts.done}
        </p>
      ) : null}
      <ErrorAlert error={acts.error} testId="print-jobs-error" />
    </div>
  );
}

/** The jobs' table: a row each, and under the one previewed its document as it went to paper. */
function JobsTable({ jobs, showPrinter, acts }: { jobs: readonly PrintJobView[]; showPrinter: boolean; acts: JobActs }) {
  const { t } = useTranslation();
  const words = usePrintWords();
  const { previewId } = acts;
  const heads = [t('printJobs.time'), t('printJobs.document'), ...(showPrinter ? [t('printJobs.printer')] : []), t('printJobs.state'), t('printJobs.actions')];
  return (
    <div className="table-wrap jobs-wrap">
      <table className="table compact jobs">
        <caption className="visually-hidden">{t('printJobs.caption')}</caption>
        <ColumnHeads columns={heads.map((label) => ({ label }))} />
        <tbody>
          {jobs.map((job) => (
            <Fragment key={job.jobId}>
              <JobRow job={job} showPrinter={showPrinter} acts={acts} previewed={previewId === job.jobId} onPreview={() => acts.togglePreview(job.jobId)} />
              {previewId === job.jobId ? (
                <tr className="job-preview-row">
                  <td colSpan={heads.length}>
                    <ReceiptPreview title={words.jobName(job)} lines={job.preview} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function JobRow({ job, showPrinter, acts, previewed, onPreview }: { job: PrintJobView; showPrinter: boolean; acts: JobActs; previewed: boolean; onPreview: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const words = usePrintWords();
  return (
    <tr data-testid={`job-row-${job.jobId}`} className={`job-${job.state}`}>
      <td className="nowrap" title={f.dateTime(job.createdAt)}>
        {f.time(job.createdAt)}
      </td>
      <td>
        {words.jobName(job)}
        {job.reprintOf !== null ? <span className="job-note">{t('printJobs.reprintMark', { jobId: job.reprintOf })}</span> : null}
      </td>
      {showPrinter ? <td>{job.printerId}</td> : null}
      <td>
        <JobState job={job} />
      </td>
      <td>
        <div className="job-actions">
          <button
            type="button"
            className="btn btn-small"
            data-testid={`job-preview-${job.jobId}`}
            aria-expanded={previewed}
            aria-label={t(previewed ? 'printJobs.hideLabel' : 'printJobs.viewLabel', { jobId: job.jobId })}
            onClick={onPreview}
          >
            {previewed ? t('printJobs.hide') : t('printJobs.view')}
          </button>
          {job.state === 'failed' ? <JobActButton job={job} action="retry" acts={acts} /> : null}
          {job.state === 'printed' ? <JobActButton job={job} action="reprint" acts={acts} /> : null}
        </div>
      </td>
    </tr>
  );
}

/** "Tentar de novo" (a failed job) or "2.ª via" (a printed one). */
function JobActButton({ job, action, acts }: { job: PrintJobView; action: 'retry' | 'reprint'; acts: JobActs }) {
  const { t } = useTranslation();
  const busy = acts.busyId === job.jobId;
  return (
    <button
      type="button"
      className={action === 'retry' ? 'btn btn-small btn-warning' : 'btn btn-small'}
      data-testid={`job-${action}-${job.jobId}`}
      // The name holds the words shown (WCAG 2.5.3): while busy, the words alone.
      aria-label={busy ? undefined : t(`printJobs.${action}Label`, { jobId: job.jobId })}
      disabled={acts.busyId !== null}
      onClick={() => void acts.act(job, action)}
    >
      {busy ? t('common.working') : t(`printJobs.${action}`)}
    </button>
  );
}

/** The print jobs of the kiosk, fresh on every pushed change. */
export function usePrintJobs() {
  return useKioskQuery('print.jobs', { limit: JOBS_LIMIT });
}

/** What the header's badge knows of printing: the jobs and whether a receipt printer is set up (null: not known yet). */
interface PrintState {
  jobs: readonly PrintJobView[] | undefined;
  receiptPrinter: boolean | null;
}

const UNKNOWN: PrintState = { jobs: undefined, receiptPrinter: null };
let shared: PrintState = UNKNOWN;
const listeners = new Set<() => void>();

function publish(next: PrintState): void {
  if (next.jobs === shared.jobs && next.receiptPrinter === shared.receiptPrinter) return;
  shared = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The print state as the header's badge fetched it: a screen (the sale's
 * receipt) reads it here instead of asking the kiosk a second time on every
 * print event.
 */
export function usePrintState(): PrintState {
  return useSyncExternalStore(subscribe, () => shared);
}

/**
 * The header's badge: "Impressão: 2 falhadas" (an alert, on every screen, the
 * sale included), pending jobs, "Sem impressora" when no receipt printer is
 * set up (receipts are then not printed: never "sem falhas"), or all well; it
 * opens the jobs in a dialog.
 */
export function PrintBadge({ open, onOpen, onClose }: { open: boolean; onOpen: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const jobs = usePrintJobs();
  const printers = useKioskQuery('printer.list', {});
  const counts = jobCounts(jobs.data ?? []);
  const noPrinter = printers.data !== undefined && !printers.data.some((p) => p.role === 'receipts');
  const tone = counts.failed > 0 ? 'failed' : counts.pending > 0 ? 'pending' : noPrinter ? 'none' : 'ok';
  const receiptPrinter = printers.data === undefined ? null : !noPrinter;
  useEffect(() => publish({ jobs: jobs.data, receiptPrinter }), [jobs.data, receiptPrinter]);
  useEffect(() => () => publish(UNKNOWN), []);
  // All well: just the word and a green dot (the header is crowded); the rest is said in full.
  const text =
    counts.failed > 0 ? (
      <>
        <span className="print-badge-lead">{t('printJobs.badgeLead')} </span>
        {t('printJobs.badgeFailed', { count: counts.failed })}
      </>
    ) : counts.pending > 0 ? (
      <>
        <span className="print-badge-lead">{t('printJobs.badgeLead')} </span>
        {t('printJobs.badgePending', { count: counts.pending })}
      </>
    ) : noPrinter ? (
      <>
        <span className="print-badge-word">{t('printJobs.badgeNoPrinter')}</span>
        <span className="visually-hidden">: {t('printJobs.badgeNoPrinterDetail')}</span>
      </>
    ) : (
      <>
        <span className="print-badge-word">{t('printJobs.badge')}</span>
        <span className="visually-hidden">: {t('printJobs.badgeOk')}</span>
      </>
    );
  return (
    <>
      {/* Failures are announced at once wherever the operator is; the rest politely. */}
      <div className="print-badge-wrap" role={tone === 'failed' ? 'alert' : 'status'}>
        <button
          type="button"
          className={`print-badge print-badge-${tone}`}
          data-testid="print-badge"
          data-state={tone}
          aria-haspopup="dialog"
          title={t('printJobs.badgeLabel')}
          onClick={onOpen}
        >
          <span className="print-badge-dot" aria-hidden="true" />
          {text}
        </button>
      </div>
      {open ? (
        <Dialog title={t('printJobs.panelTitle')} onClose={onClose} testId="print-jobs-panel" className="dialog-wide">
          <JobsList jobs={jobs.data} loadError={jobs.error} />
          <div className="dialog-actions">
            <button type="button" className="btn" data-testid="print-jobs-close" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
