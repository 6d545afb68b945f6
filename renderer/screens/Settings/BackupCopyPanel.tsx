/**
 * Backups off the machine (issue 40): the folder the hall names on a mounted
 * disk or share, how many copies it keeps there, and the last copy's time and
 * state as the hall server's copier left it (a disk not there, read-only or
 * full is said here in words, and tried again by the server).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ErrorCode } from '../../../core/errors.js';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useHallZone } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { parseWhole } from '../../lib/settings.js';

export function BackupCopyPanel({ dir, kept, onSaved }: { dir: string | null; kept: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const status = useKioskQuery('backup.copyStatus', {});
  const [folder, setFolder] = useState(dir ?? '');
  const [keep, setKeep] = useState(String(kept));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState(false);
  const s = status.data;

  const save = async () => {
    const copies = parseWhole(keep, 1, 1000);
    if (copies === null) {
      setError(t('backupCopy.keptInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    setDone(false);
    const r = await invoke('settings.update', { backupCopyDir: folder.trim() === '' ? null : folder.trim(), backupCopiesKept: copies });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setDone(true);
    onSaved();
    void status.reload();
  };

  return (
    <section className="panel backup-copy-panel" aria-labelledby="backup-copy-title" data-testid="backup-copy-panel">
      <h2 id="backup-copy-title">{t('backupCopy.title')}</h2>
      <p className="hint">{t('backupCopy.intro')}</p>
      <ErrorAlert error={status.error} testId="backup-copy-load-error" />
      {s ? <BackupCopyFacts state={s} /> : status.error ? null : <p className="loading">{t('common.loading')}</p>}
      <form
        className="form form-row backup-copy-form"
        aria-label={t('backupCopy.title')}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="backup-copy-folder">
          {t('backupCopy.folder')}
          <input className="mono" data-testid="backup-copy-dir" value={folder} placeholder="/media/copias" maxLength={400} autoComplete="off" onChange={(e) => setFolder(e.target.value)} />
        </label>
        <label>
          {t('backupCopy.kept')}
          <input data-testid="backup-copy-kept" inputMode="numeric" size={5} value={keep} onChange={(e) => setKeep(e.target.value.replace(/\D/g, '').slice(0, 4))} />
        </label>
        <button type="submit" className="btn btn-primary" data-testid="backup-copy-save" disabled={busy}>
          {busy ? t('common.working') : t('backupCopy.save')}
        </button>
      </form>
      <ErrorAlert error={error} testId="backup-copy-error" />
      {done ? (
        <p className="success" role="status" data-testid="backup-copy-saved">
          {t('backupCopy.saved')}
        </p>
      ) : null}
    </section>
  );
}

/** The last copy's time, its sales and the state; a failure in the screen's language. */
export function BackupCopyFacts({ state: s }: { state: ChannelOutput<'backup.copyStatus'> }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const zone = useHallZone();
  const failure = s.error ? errorMessage(s.error.code as ErrorCode, s.error.params, i18n.language === 'en' ? 'en' : 'pt-PT', zone) : null;
  return (
    <dl className="facts">
      <div>
        <dt>{t('backupCopy.state')}</dt>
        <dd data-testid="backup-copy-state">
          <span className={`badge badge-copy-${s.state}`}>{t(`backupCopy.states.${s.state}`)}</span>
        </dd>
      </div>
      <div>
        <dt>{t('backupCopy.last')}</dt>
        <dd className="small" data-testid="backup-copy-last">
          {s.lastCopy ? t('backupCopy.lastLine', { time: f.dateTime(s.lastCopy.copiedAt), sales: s.lastCopy.sales, file: s.lastCopy.file }) : t('backupCopy.none')}
        </dd>
      </div>
      {failure ? (
        <div className="facts-wide">
          <dt>{t('backupCopy.failure', { time: s.lastAttemptAt ? f.dateTime(s.lastAttemptAt) : '—' })}</dt>
          <dd className="small" role="alert" data-testid="backup-copy-failure">
            {failure}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
