import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { downloadBase64 } from '../../lib/download.js';

/** "Descarregar acta (PDF)" and "Relatório da sessão (PDF)": the kiosk renders, the browser saves. */
export function PdfButtons({ sessionId }: { sessionId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'acta' | 'session' | null>(null);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const download = async (which: 'acta' | 'session') => {
    if (busy) return;
    setBusy(which);
    setError(null);
    setDone(null);
    const r = which === 'acta' ? await invoke('report.actaPdf', { sessionId }) : await invoke('report.sessionPdf', { sessionId });
    setBusy(null);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    const fallback = which === 'acta' ? `acta-sessao-${sessionId}.pdf` : `relatorio-sessao-${sessionId}.pdf`;
    try {
      downloadBase64(r.value.base64, r.value.filename || fallback);
      setDone(t('pdf.downloaded', { filename: r.value.filename || fallback }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

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
