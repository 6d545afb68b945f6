import { useTranslation } from 'react-i18next';
import { invoke } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useDownload } from '../../hooks.js';
import { downloadBase64 } from '../../lib/download.js';

/** "Descarregar acta (PDF)" and "Relatório da sessão (PDF)": the kiosk renders, the browser saves. */
export function PdfButtons({ sessionId }: { sessionId: number }) {
  const { t } = useTranslation();
  const { busy, error, done, run } = useDownload<'acta' | 'session'>();
  const download = (which: 'acta' | 'session') =>
    run(
      which,
      () => (which === 'acta' ? invoke('report.actaPdf', { sessionId }) : invoke('report.sessionPdf', { sessionId })),
      (pdf) => {
        const filename = pdf.filename || (which === 'acta' ? `acta-sessao-${sessionId}.pdf` : `relatorio-sessao-${sessionId}.pdf`);
        downloadBase64(pdf.base64, filename);
        return t('pdf.downloaded', { filename });
      },
    );

  return (
    <div className="pdf-buttons">
      <div className="button-row">
        <button type="button" className="btn" data-testid="acta-pdf" disabled={busy !== null} onClick={() => void download('acta')}>
          {busy === 'acta' ? t('pdf.working') : t('pdf.acta')}
        </button>
        <button type="button" className="btn" data-testid="session-pdf" disabled={busy !== null} onClick={() => void download('session')}>
          {busy === 'session' ? t('pdf.working') : t('pdf.session')}
        </button>
      </div>
      {done ? (
        <p className="success" role="status" data-testid="pdf-result">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="pdf-error" />
    </div>
  );
}
