import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { JobsList, usePrintJobs } from '../../components/PrintJobs.js';
import { SubTabs } from '../../components/SubTabs.js';
import { useKioskQuery } from '../../hooks.js';
import { formatPercent } from '../../lib/settings.js';
import { BallSetPanel } from './BallSetPanel.js';
import { BackupCopyPanel } from './BackupCopyPanel.js';
import { HallSettingsForm } from './Hall/HallSettingsForm.js';
import { HallKeyPanel } from './HallKeyPanel.js';
import { MachinesPanel } from './MachinesPanel.js';
import { PrintersPanel } from './PrintersPanel.js';
import { ReasonsPanel } from './ReasonsPanel.js';
import { SeriesPanel } from './SeriesPanel.js';
import { StockPanel } from './StockPanel.js';
import { TerminalsPanel } from './TerminalsPanel.js';

/** Every print job, with the printer of each (the header's panel shows the same list, more compact). */
function PrintJobsPanel() {
  const { t } = useTranslation();
  const jobs = usePrintJobs();
  return (
    <section className="panel" aria-labelledby="print-jobs-title">
      <h2 id="print-jobs-title">{t('printJobs.title')}</h2>
      <JobsList jobs={jobs.data} loadError={jobs.error} showPrinter />
    </section>
  );
}

/** The sub-screens of Configuração, in the order of the bar; `users` only for an admin. */
const SETTINGS_SUBS = ['hall', 'series', 'stock', 'machines', 'printers', 'reasons', 'terminals', 'signing', 'users'] as const;
type SettingsSub = (typeof SETTINGS_SUBS)[number];

/**
 * Manager/admin: Configuração in sub-screens, each fitting a 1024x768
 * counter: the hall (name, licence and time zone, stamp duty, special prize, sale
 * limits, guias, shifts), the series and ball sets, the cards in stock, the slot machines, the
 * printers and their jobs, the hall's enrolled terminals, and for an admin the users (`before`, given by
 * App: screens/Users). The jobs list steps aside while the header's jobs
 * panel is open (one list on the page).
 */
export function SettingsScreen({ jobsPanelOpen = false, before = null, isAdmin = false }: { jobsPanelOpen?: boolean; before?: ReactNode; isAdmin?: boolean }) {
  const { t } = useTranslation();
  const settings = useKioskQuery('settings.get', {});
  const seriesQ = useKioskQuery('series.list', {});
  const [saved, setSaved] = useState(false);
  const [sub, setSub] = useState<SettingsSub>('hall');
  const subs = SETTINGS_SUBS.filter((x) => x !== 'users' || before !== null);
  const shown = subs.includes(sub) ? sub : 'hall';
  const s = settings.data;
  return (
    <main className={`screen settings-screen settings-sub-${shown}-screen`} aria-labelledby="settings-screen-title">
      <h1 id="settings-screen-title" className="visually-hidden">
        {t('settings.screenTitle')}
      </h1>
      <SubTabs prefix="settings-sub" label={t('settings.sub.label')} subs={subs} current={shown} nameOf={(x) => t(`settings.sub.${x}`)} onChoose={setSub} />
      <div role="tabpanel" id="settings-sub-panel" className="settings-sub-panel" aria-labelledby={`settings-sub-${shown}-tab`} data-testid={`settings-panel-${shown}`}>
        {shown === 'hall' ? (
          <section className="panel">
            <h2 id="settings-title">{t('settings.title', { hall: s?.hallName ?? '' })}</h2>
            <ErrorAlert error={settings.error} testId="load-error" />
            {s ? (
              <HallSettingsForm
                // A change saved here or elsewhere starts the form again from the kiosk's values.
                key={JSON.stringify(s)}
                settings={s}
                isAdmin={isAdmin}
                onSaved={() => {
                  setSaved(true);
                  void settings.reload();
                }}
              />
            ) : (
              <p className="loading">{t('common.loading')}</p>
            )}
            {saved ? (
              <p className="success" role="status" data-testid="settings-saved">
                {t('settings.saved', {
                  stamp: s?.stampDutyBasisPoints === null || s === undefined ? '—' : formatPercent(s.stampDutyBasisPoints),
                })}
              </p>
            ) : null}
          </section>
        ) : null}
        {shown === 'signing' ? <HallKeyPanel isAdmin={isAdmin} /> : null}
        {/* Copies off the machine, beside the hall's key: what keeps its books beyond this machine (a manager's setting). */}
        {shown === 'signing' && s ? <BackupCopyPanel key={`${s.backupCopyDir ?? ''}|${s.backupCopiesKept}`} dir={s.backupCopyDir} kept={s.backupCopiesKept} onSaved={() => void settings.reload()} /> : null}
        {shown === 'series' ? (
          <div className="columns">
            <div className="column-main">
              <ErrorAlert error={seriesQ.error} testId="series-load-error" />
              <SeriesPanel series={seriesQ.data ?? []} onRegistered={() => void seriesQ.reload()} />
            </div>
            <div className="column-side">
              <BallSetPanel />
            </div>
          </div>
        ) : null}
        {shown === 'stock' ? <StockPanel /> : null}
        {shown === 'machines' ? <MachinesPanel /> : null}
        {shown === 'printers' ? (
          <>
            <PrintersPanel />
            {jobsPanelOpen ? null : <PrintJobsPanel />}
          </>
        ) : null}
        {shown === 'reasons' ? <ReasonsPanel /> : null}
        {/* Enrolling and revoking are an admin's (the users panel is given for an admin alone); a manager sees the list. */}
        {shown === 'terminals' ? <TerminalsPanel admin={before !== null} /> : null}
        {shown === 'users' ? before : null}
      </div>
    </main>
  );
}
