import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { TableRegion } from '../../components/TableRegion.js';
import { useFormat } from '../../format.js';
import { useKioskQuery, useProgress } from '../../hooks.js';
import { downloadBase64 } from '../../lib/download.js';

interface Done {
  sessionId: number;
  filename: string;
  path: string;
  kilobytes: number;
  entries: number;
}

/** How far the export is (progress events of task 'export': entries proved of all). */
function Progress() {
  const { t } = useTranslation();
  const p = useProgress('export');
  const percent = p && p.total > 0 ? Math.min(100, Math.floor((p.done / p.total) * 100)) : 0;
  return (
    <span className="export-progress" data-testid="inspector-export-progress">
      <progress max={100} value={percent} aria-label={t('inspectorExport.progress')} />
      <span role="status">{t('csv.percent', { percent })}</span>
    </span>
  );
}

/**
 * Manager/admin: a closed session's books for the inspector, one button a
 * session. The kiosk builds the ZIP (signed checkpoint, proofs, every
 * document, the acta, the offline check page), keeps it in its exports
 * folder and sends it here, where the browser saves it too; the screen says
 * both places.
 */
export function InspectorExport() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useKioskQuery('session.exports', {});
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const sessions = list.data?.sessions ?? [];

  const run = async (sessionId: number) => {
    if (busy !== null) return;
    setBusy(sessionId);
    setError(null);
    setDone(null);
    const r = await invoke('session.export', { sessionId });
    setBusy(null);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    const made = { sessionId, filename: r.value.filename, path: r.value.path, kilobytes: Math.max(1, Math.round(r.value.bytes / 1024)), entries: r.value.entries };
    try {
      downloadBase64(r.value.base64, r.value.filename, 'application/zip');
    } catch (e) {
      // Kept by the kiosk all the same: the screen says where.
      setError(e instanceof Error ? e.message : String(e));
    }
    setDone(made);
  };

  return (
    <section className="panel inspector-export" aria-labelledby="inspector-export-title" data-testid="inspector-export">
      <h2 id="inspector-export-title">{t('inspectorExport.title')}</h2>
      <p className="hint">{t('inspectorExport.intro')}</p>
      <ErrorAlert error={list.error} testId="inspector-export-load-error" />
      {list.data === undefined && !list.error ? (
        <p className="loading">{t('common.loading')}</p>
      ) : sessions.length === 0 ? (
        <p className="empty" data-testid="inspector-export-none">
          {t('inspectorExport.none')}
        </p>
      ) : (
        <TableRegion name={t('inspectorExport.title')}>
          <table className="table compact" data-testid="inspector-export-sessions">
            <thead>
              <tr>
                <th scope="col" className="num">{t('inspectorExport.session')}</th>
                <th scope="col">{t('inspectorExport.closedAt')}</th>
                <th scope="col" className="num">{t('inspectorExport.entries')}</th>
                <th scope="col">{t('inspectorExport.keyId')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('inspectorExport.export')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.sessionId} data-testid={`inspector-export-row-${s.sessionId}`}>
                  <th scope="row" className="num">
                    {s.sessionId}
                  </th>
                  <td className="nowrap">{f.dateTime(s.closedAt)}</td>
                  <td className="num">{s.entries}</td>
                  <td>
                    <code>{s.keyId}</code>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn"
                      data-testid={`inspector-export-${s.sessionId}`}
                      disabled={busy !== null}
                      aria-label={t('inspectorExport.exportSession', { id: s.sessionId })}
                      onClick={() => void run(s.sessionId)}
                    >
                      {busy === s.sessionId ? t('inspectorExport.working') : t('inspectorExport.export')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {busy !== null ? <Progress /> : null}
      {done ? (
        <p className="success" role="status" data-testid="inspector-export-result">
          {t('inspectorExport.done', { id: done.sessionId, path: done.path, filename: done.filename, size: done.kilobytes, entries: done.entries })}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="inspector-export-error" />
    </section>
  );
}
