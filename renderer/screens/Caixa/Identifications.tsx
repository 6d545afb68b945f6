/**
 * The managers' record of identified players (Lei n.º 83/2017, art. 76.º):
 * a gaming day's payments and exchanges of identified persons (who, what,
 * when, which operator, each person's day total) and the identifications
 * refused because the person is barred from play; its CSV; and the list of
 * persons barred from play, imported from a file after a preview that says
 * what the import will do; the erasure at the end of the legal period. Managers only (the channels refuse anyone else).
 */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { DOCUMENT_TYPE_LABELS, gamingDayOf } from '../../../core/compliance/rules.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { CsvButton } from '../../components/CsvButton.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useHallZone } from '../../format.js';
import { useDownload, useKioskQuery, useProgress } from '../../hooks.js';
import { downloadBase64 } from '../../lib/download.js';
import { IdentityKeyPanel } from './IdentityKeyPanel.js';
import { PersonErasure } from './PersonErasure.js';

type Summary = ChannelOutput<'barred.preview'>;

/** The same record as a PDF: the kiosk renders it, the browser saves it. */
function PdfButton({ day }: { day: string }) {
  const { t } = useTranslation();
  const download = useDownload();
  const run = () =>
    download.run(
      true,
      () => invoke('report.complianceDayPdf', { gamingDay: day }),
      (pdf) => {
        downloadBase64(pdf.base64, pdf.filename);
        return t('pdf.downloaded', { filename: pdf.filename });
      },
    );
  return (
    <div className="csv-button">
      <button type="button" className="btn" data-testid="identifications-pdf" disabled={download.busy !== null} onClick={() => void run()}>
        {download.busy !== null ? t('pdf.working') : t('identifications.pdf')}
      </button>
      {download.done ? (
        <p className="success" role="status" data-testid="identifications-pdf-result">
          {download.done}
        </p>
      ) : null}
      <ErrorAlert error={download.error} testId="identifications-pdf-error" />
    </div>
  );
}

/** One gaming day's acts and refusals, the day chosen (today's by default: cut at 06:00, hall time). */
function ComplianceDay() {
  const { t } = useTranslation();
  const f = useFormat();
  const zone = useHallZone();
  const [day, setDay] = useState(() => gamingDayOf(new Date(), zone));
  const record = useKioskQuery('compliance.day', { gamingDay: day });
  const acts = record.data?.acts ?? [];
  const refusals = record.data?.refusals ?? [];
  return (
    <section className="panel identifications-day" aria-labelledby="identifications-day-title">
      <h2 id="identifications-day-title">{t('identifications.dayTitle')}</h2>
      <div className="form form-row">
        <label>
          {t('identifications.day')}
          <input type="date" data-testid="identifications-day" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
        </label>
        <CsvButton label={t('identifications.csv')} testId="identifications-csv" fetch={() => invoke('export.complianceDay', { gamingDay: day })} />
        <PdfButton day={day} />
      </div>
      <ErrorAlert error={record.error} testId="identifications-error" />
      <div className="table-wrap">
        <table className="table compact" data-testid="identifications-acts">
          <caption className="visually-hidden">{t('identifications.actsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('identifications.at')}</th>
              <th scope="col">{t('identifications.act')}</th>
              <th scope="col" className="num">
                {t('identifications.amount')}
              </th>
              <th scope="col">{t('identifications.person')}</th>
              <th scope="col" className="num">
                {t('identifications.dayTotal')}
              </th>
              <th scope="col">{t('identifications.operator')}</th>
            </tr>
          </thead>
          <tbody>
            {acts.length === 0 ? (
              <tr>
                <td colSpan={6} className="hint" data-testid="identifications-none">
                  {t('identifications.none')}
                </td>
              </tr>
            ) : (
              acts.map((a) => (
                <tr key={`${a.act}-${a.refId}`}>
                  <td>{f.time(a.at)}</td>
                  <td>
                    {t('identifications.actRef', { act: t(`identifications.acts.${a.act}`), ref: a.refId })}
                  </td>
                  <td className="num">{f.money(a.cents)}</td>
                  <td>
                    {a.name} <span className="meta">({DOCUMENT_TYPE_LABELS[a.documentType]} {a.documentNumber}, {a.country})</span>
                  </td>
                  <td className="num">{f.money(a.dayTotalCents)}</td>
                  <td>
                    {a.operator} <span className="meta">{a.terminalId}</span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <h3>{t('identifications.refusalsTitle')}</h3>
      {refusals.length === 0 ? (
        <p className="hint" data-testid="identifications-refusals-none">
          {t('identifications.refusalsNone')}
        </p>
      ) : (
        <ul className="identifications-refusals" data-testid="identifications-refusals">
          {refusals.map((r) => (
            <li key={`${r.at}-${r.line}`} className="warning">
              {t('identifications.refusal', {
                at: f.time(r.at),
                name: r.name,
                document: `${DOCUMENT_TYPE_LABELS[r.documentType]} ${r.documentNumber}, ${r.country}${r.birthDate ? `, ${f.date(`${r.birthDate}T12:00:00Z`)}` : ''}`,
                operator: r.operator,
                terminal: r.terminalId,
                line: r.line,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** How far the import is (progress events of task 'barred'): mounted while it runs. */
function ImportProgress() {
  const { t } = useTranslation();
  const p = useProgress('barred');
  const percent = p && p.total > 0 ? Math.min(100, Math.floor((p.done / p.total) * 100)) : 0;
  return (
    <span className="export-progress" data-testid="barred-progress">
      <progress max={100} value={percent} aria-label={t('barred.progress')} />
      <span role="status">{t('csv.percent', { percent })}</span>
    </span>
  );
}

/** The words of what an import does, said in the preview and again in the confirmation. */
function summaryText(t: ReturnType<typeof useTranslation>['t'], s: Summary, fileName: string, when: (iso: string) => string): string {
  const what = t('barred.summary', { file: fileName, entries: s.entries, inForce: s.inForce, ended: s.ended, future: s.future });
  const replaces = s.replaces ? t('barred.replaces', { entries: s.replaces.entries, at: when(s.replaces.importedAt), by: s.replaces.importedBy }) : t('barred.first');
  const known = s.identifiedOnList > 0 ? ` ${t('barred.identifiedOnList', { count: s.identifiedOnList })}` : '';
  return `${what} ${replaces}${known}`;
}

/** The list of persons barred from play: the one in force, and a new file read, said, then imported. */
function BarredList() {
  const { t } = useTranslation();
  const f = useFormat();
  const lists = useKioskQuery('barred.lists', {});
  const current = lists.data?.[0] ?? null;
  const [file, setFile] = useState<{ name: string; content: string; summary: Summary } | null>(null);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [reading, setReading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const chosen = input.files?.[0];
    input.value = '';
    if (!chosen || reading) return;
    setError(null);
    setDone(null);
    setFile(null);
    if (!/\.csv$/i.test(chosen.name.trim())) return setError(t('barred.badExtension', { name: chosen.name }));
    setReading(true);
    let content: string;
    try {
      content = await chosen.text();
    } catch {
      setReading(false);
      return setError(t('barred.unreadable', { name: chosen.name }));
    }
    const r = await invoke('barred.preview', { content });
    setReading(false);
    if (r.ok) setFile({ name: chosen.name, content, summary: r.value });
    else setError(r.error);
  };
  return (
    <section className="panel barred-list" aria-labelledby="barred-title">
      <h2 id="barred-title">{t('barred.title')}</h2>
      <p className="hint" data-testid="barred-current">
        {current ? t('barred.current', { entries: current.entries, at: f.dateTime(current.importedAt), by: current.importedBy }) : t('barred.noneYet')}
      </p>
      <p className="hint">{t('barred.format')}</p>
      <label className={`btn btn-file${reading ? ' busy' : ''}`}>
        <input type="file" className="visually-hidden" accept=".csv,text/csv" data-testid="barred-file" disabled={reading || confirming} onChange={(e) => void onFile(e)} />
        <span aria-hidden="true">{reading ? t('common.working') : t('barred.choose')}</span>
        <span className="visually-hidden">{t('barred.chooseLabel')}</span>
      </label>
      {file ? (
        <div className="barred-preview" data-testid="barred-preview">
          <p>{summaryText(t, file.summary, file.name, f.dateTime)}</p>
          <div className="dialog-actions">
            <button type="button" className="btn" data-testid="barred-cancel" onClick={() => setFile(null)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn-primary" data-testid="barred-import" onClick={() => setConfirming(true)}>
              {t('barred.import', { count: file.summary.entries })}
            </button>
          </div>
        </div>
      ) : null}
      {done ? (
        <p className="success" role="status" data-testid="barred-done">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="barred-error" />
      {confirming && file ? (
        <ConfirmDialog
          title={t('barred.confirmTitle')}
          confirmLabel={t('barred.import', { count: file.summary.entries })}
          testId="barred-dialog"
          confirmTestId="barred-confirm"
          onConfirm={() => invoke('barred.import', { content: file.content })}
          onDone={(r) => {
            setConfirming(false);
            setFile(null);
            setDone(t('barred.imported', { entries: r.entries, inForce: r.inForce }));
          }}
          onClose={() => setConfirming(false)}
        >
          <p>{summaryText(t, file.summary, file.name, f.dateTime)}</p>
          <p className="hint">{t('barred.confirmText')}</p>
          <ImportProgressWhileBusy />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** The progress bar under the confirmation: it moves only while a long file is keyed. */
function ImportProgressWhileBusy() {
  const p = useProgress('barred');
  return p && p.done < p.total ? <ImportProgress /> : null;
}

export function IdentificationsPanel({ isAdmin = false }: { isAdmin?: boolean }) {
  return (
    <div className="identifications">
      <ComplianceDay />
      <BarredList />
      <PersonErasure />
      <IdentityKeyPanel isAdmin={isAdmin} />
    </div>
  );
}
