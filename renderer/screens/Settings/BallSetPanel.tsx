import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';

/** The ball sets: the one in use, how many games it has drawn, and a new set registered. */
export function BallSetPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const current = useKioskQuery('ballSet.current', {});
  const [serial, setSerial] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = current.data;

  // Replacing the set in use is confirmed first: the old set is retired for good (art. 5.3, recorded in the acta).
  const [confirming, setConfirming] = useState(false);

  const registered = (value: { serial: string }) => {
    setConfirming(false);
    setSerial('');
    setDone(t('ballSet.registered', { serial: value.serial }));
    void current.reload();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    if (serial.trim() === '') {
      setError(t('ballSet.serialRequired'));
      return;
    }
    setError(null);
    if (set) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    const r = await invoke('ballSet.register', { serial: serial.trim() });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    registered(r.value);
  };

  return (
    <section className="panel" aria-labelledby="ballset-title">
      <h2 id="ballset-title">{t('ballSet.title')}</h2>
      <ErrorAlert error={current.error} testId="ballset-load-error" />
      {set === undefined ? null : set === null ? (
        <p className="alert" role="alert" data-testid="ballset-current">
          {t('ballSet.none')}
        </p>
      ) : (
        <dl className="facts" data-testid="ballset-current">
          <div>
            <dt>{t('ballSet.serial')}</dt>
            <dd>{set.serial}</dd>
          </div>
          <div>
            <dt>{t('ballSet.games')}</dt>
            <dd>{t('ballSet.gamesOf', { games: set.gamesPlayed })}</dd>
          </div>
          <div>
            <dt>{t('ballSet.since')}</dt>
            <dd className="small">{f.dateTime(set.registeredAt)}</dd>
          </div>
        </dl>
      )}
      {set?.warning ? (
        <p className="alert alert-warn" role="alert" data-testid="ballset-warning">
          {t('ballSet.warning', { serial: set.serial, games: set.gamesPlayed })}
        </p>
      ) : null}
      <form className="form form-row" onSubmit={submit} aria-label={t('ballSet.register')}>
        <label>
          {t('ballSet.newSerial')}
          <input data-testid="ballset-serial" value={serial} onChange={(e) => setSerial(e.target.value)} maxLength={40} autoComplete="off" />
        </label>
        {/* Until the set in use is known, a new one cannot be told apart from a replacement (which is confirmed). */}
        <button type="submit" className="btn btn-primary" data-testid="ballset-submit" disabled={busy || set === undefined}>
          {busy ? t('common.working') : t('ballSet.register')}
        </button>
      </form>
      {done ? (
        <p className="success" role="status" data-testid="ballset-result">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="ballset-error" />
      {confirming && set ? (
        <ConfirmDialog
          title={t('ballSet.confirmTitle')}
          confirmLabel={t('ballSet.confirm', { serial: serial.trim() })}
          testId="ballset-dialog"
          confirmTestId="ballset-confirm"
          onConfirm={() => invoke('ballSet.register', { serial: serial.trim() })}
          onDone={registered}
          onClose={() => setConfirming(false)}
        >
          <p className="confirm-what" data-testid="ballset-what">
            {t('ballSet.confirmText', { serial: serial.trim(), old: set.serial, count: set.gamesPlayed })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
