import { useTranslation } from 'react-i18next';
import type { ClientResult } from '../client.js';
import { useDownload, useProgress } from '../hooks.js';
import { downloadText } from '../lib/download.js';
import { ErrorAlert } from './ErrorAlert.js';

interface CsvFile {
  filename: string;
  content: string;
  rows: number;
}

/** How far a large file is (progress events of task 'export'); mounted while it is built. */
function ExportProgress() {
  const { t } = useTranslation();
  const p = useProgress('export');
  const percent = p && p.total > 0 ? Math.min(100, Math.floor((p.done / p.total) * 100)) : 0;
  return (
    <span className="export-progress" data-testid="export-progress">
      <progress max={100} value={percent} aria-label={t('csv.progress')} />
      <span role="status">{t('csv.percent', { percent })}</span>
    </span>
  );
}

/**
 * "Exportar … (CSV)": the kiosk writes the file (core/csv.ts: `;`, decimal
 * comma, Lisbon times, UTF-8 with BOM), the browser saves it; a large one
 * shows its progress meanwhile.
 */
export function CsvButton({ label, testId, fetch, progress = false, disabled = false }: { label: string; testId: string; fetch: () => Promise<ClientResult<CsvFile>>; progress?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const download = useDownload();
  const busy = download.busy !== null;
  const run = () =>
    download.run(true, fetch, (file) => {
      downloadText(file.content, file.filename);
      return t('csv.downloaded', { filename: file.filename, count: file.rows });
    });
  return (
    <div className="csv-button">
      <button type="button" className="btn" data-testid={testId} disabled={busy || disabled} onClick={() => void run()}>
        {busy ? t('csv.working') : label}
      </button>
      {busy && progress ? <ExportProgress /> : null}
      {download.done ? (
        <p className="success" role="status" data-testid={`${testId}-result`}>
          {download.done}
        </p>
      ) : null}
      <ErrorAlert error={download.error} testId={`${testId}-error`} />
    </div>
  );
}
