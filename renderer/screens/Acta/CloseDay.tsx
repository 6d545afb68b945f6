import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useProgress } from '../../hooks.js';

/**
 * The backup's progress while it runs (pages copied), then "checking" until
 * the answer comes. Mounted when the work starts, so it shows only this run.
 * `quiet`: nothing until the first event (the close's backup follows its commit).
 */
function BackupProgress({ quiet = false }: { quiet?: boolean }) {
  const { t } = useTranslation();
  const p = useProgress('backup');
  if (quiet && p === null) return null;
  const percent = p && p.total > 0 ? Math.floor((p.done / p.total) * 100) : 0;
  return (
    <div className="backup-progress" data-testid="backup-progress">
      <progress max={100} value={percent} aria-label={t('closeDay.backupProgress')} />
      <span role="status">{percent >= 100 ? t('closeDay.backupChecking') : t('closeDay.backupPercent', { percent })}</span>
    </div>
  );
}

export type Closed = ChannelOutput<'session.close'>;
type Backup = ChannelOutput<'backup.create'>;

/** What the close of the day left: the end time, what was carried, the backup. */
export function ClosedDay({ closed }: { closed: Closed }) {
  const { t } = useTranslation();
  const f = useFormat();
  const prizes = closed.carried.prizes.reduce((s, p) => s + p.prizeCents, 0);
  const refunds = closed.carried.refunds.reduce((s, r) => s + r.amountCents, 0);
  return (
    <section className="panel" data-testid="day-closed" aria-labelledby="day-closed-title">
      <h2 id="day-closed-title">{t('closeDay.closedTitle', { id: closed.sessionId })}</h2>
      <p role="status" className="success">{t('closeDay.closedAt', { at: f.dateTime(closed.closedAt) })}</p>
      <ul className="plain-list">
        <li data-testid="carried-prizes">{t('closeDay.carriedPrizes', { count: closed.carried.prizes.length, amount: f.money(prizes) })}</li>
        <li data-testid="carried-refunds">{t('closeDay.carriedRefunds', { count: closed.carried.refunds.length, amount: f.money(refunds) })}</li>
        {closed.carried.guias.length > 0 ? (
          <li data-testid="carried-guias">
            {t('closeDay.carriedGuias', { count: closed.carried.guias.length, amount: f.money(closed.carried.guias.reduce((s, g) => s + g.amountCents, 0)) })}
          </li>
        ) : null}
        <li data-testid="close-backup">
          {closed.backup ? t('closeDay.backup', { file: closed.backup.file, size: Math.max(1, Math.round(closed.backup.bytes / 1024)) }) : t('closeDay.backupFailed', { error: closed.backupError ?? '' })}
        </li>
      </ul>
    </section>
  );
}

/** Manager: take a backup now, or close the day (irreversible: says what it will do first). */
export function CloseDay({ sessionId, blocked, onClosed }: { sessionId: number; blocked: boolean; onClosed: (closed: Closed) => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [backup, setBackup] = useState<Backup | null>(null);
  const [backingUp, setBackingUp] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const takeBackup = async () => {
    if (backingUp) return;
    setBackingUp(true);
    setError(null);
    setBackup(null);
    const r = await invoke('backup.create', {});
    setBackingUp(false);
    if (r.ok) setBackup(r.value);
    else setError(r.error);
  };
  return (
    <section className="panel" aria-labelledby="close-day-title">
      <h2 id="close-day-title">{t('closeDay.title')}</h2>
      <p className="meta">{t('closeDay.explain')}</p>
      <div className="check-buttons">
        <button type="button" className="btn" data-testid="backup-create" disabled={backingUp} onClick={() => void takeBackup()}>
          {backingUp ? t('closeDay.backingUp') : t('closeDay.backupNow')}
        </button>
        <button type="button" className="btn btn-danger" data-testid="session-close" disabled={blocked} onClick={() => setConfirming(true)}>
          {t('closeDay.close')}
        </button>
      </div>
      {blocked ? <p className="hint">{t('closeDay.blockedHint')}</p> : null}
      {backingUp ? <BackupProgress /> : null}
      {backup ? (
        <p role="status" className="success" data-testid="backup-result">
          {t('closeDay.backupDone', { file: backup.file })}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="backup-error" />
      {confirming ? (
        <ConfirmDialog
          title={t('closeDay.confirmTitle', { id: sessionId })}
          confirmLabel={t('closeDay.confirm')}
          testId="close-day-dialog"
          confirmTestId="close-day-confirm"
          danger
          onConfirm={() => invoke('session.close', { sessionId })}
          onDone={(closed) => {
            setConfirming(false);
            onClosed(closed);
          }}
          onClose={() => setConfirming(false)}
        >
          <p>{t('closeDay.confirmText')}</p>
          <BackupProgress quiet />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
