/** A printer's state as last asked (ready, out of paper, offline…), what is wrong, and when it was asked. */
import { useTranslation } from 'react-i18next';
import { usePrintWords } from '../../../components/PrintJobs.js';
import { useFormat } from '../../../format.js';
import { statusWord } from '../../../lib/printing.js';
import type { StatusEntry } from './usePrinterStatuses.js';

export function StatusCell({ id, entry }: { id: string; entry: StatusEntry | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const words = usePrintWords();
  let word: string;
  let tone: string;
  let detail: string | null = null;
  if (entry?.status) {
    const w = statusWord(entry.status);
    word = t(`printers.state.${w}`);
    tone = w;
    detail = words.statusError(entry.status);
  } else if (entry?.error) {
    word = t('printers.statusUnknown');
    tone = 'offline';
    detail = entry.error.message;
  } else {
    word = t('printers.checking');
    tone = 'checking';
  }
  return (
    <div className="printer-status" data-testid={`printer-status-${id}`} data-state={tone} aria-live="polite">
      <span className={`badge badge-printer-${tone}`}>{word}</span>
      {detail ? <span className="job-error">{detail}</span> : null}
      {entry?.at ? (
        <span className="status-time">
          {entry.checking ? t('printers.checking') : t('printers.checkedAt', { time: f.time(entry.at) })}
        </span>
      ) : null}
    </div>
  );
}
