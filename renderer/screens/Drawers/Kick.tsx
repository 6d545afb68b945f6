import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useOffline } from '../../components/LinkBanner.js';
import { ReasonPicker } from '../../components/ReasonPicker.js';
import { useKioskQuery } from '../../hooks.js';

/**
 * The drawer opened without a sale (drawer.kick): its own permission. A
 * manager gives a reason; anyone else also needs a manager's username and PIN.
 * The receipts printer opens it and prints a slip naming who, why and who allowed it.
 */
export function Kick() {
  const { t } = useTranslation();
  const me = useKioskQuery('auth.me', {});
  const isManager = me.data?.roles.some((r) => r === 'manager' || r === 'admin') ?? false;
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const [done, setDone] = useState(false);
  const offline = useOffline();
  const start = () => {
    setDone(false);
    setError(null);
    setAsking(true);
  };
  const submitAsManager = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await invoke('drawer.kick', { reason: reason.trim() });
    setBusy(false);
    if (r.ok) {
      setAsking(false);
      setReason('');
      setDone(true);
    } else setError(r.error);
  };
  return (
    <section className="panel" aria-labelledby="kick-title">
      <h2 id="kick-title">{t('drawer.kick.title')}</h2>
      <p className="meta">{t('drawer.kick.explain')}</p>
      {asking && isManager ? (
        <form className="form" onSubmit={(e) => void submitAsManager(e)}>
          <ReasonPicker act="drawer.kick" label={t('drawer.kick.reason')} value={reason} onChange={setReason} testId="kick-reason" disabled={busy} />
          <div className="form-row">
            {/* Nothing to send until a reason is chosen or typed. */}
            <button type="submit" className="btn btn-primary" disabled={busy || reason.trim() === ''} data-testid="kick-submit">
              {busy ? t('common.working') : t('drawer.kick.submit')}
            </button>
            <button type="button" className="btn" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn" data-testid="kick-start" onClick={start} {...offline}>
          {t('drawer.kick.button')}
        </button>
      )}
      {asking && !isManager ? (
        <ApprovalDialog
          title={t('drawer.kick.title')}
          explain={t('drawer.kick.approvalExplain')}
          submitLabel={t('drawer.kick.submit')}
          testId="kick-approval"
          reason={{ label: t('drawer.kick.reason'), act: 'drawer.kick' }}
          onSubmit={(approval, why) => invoke('drawer.kick', { reason: why, approval })}
          onDone={() => {
            setAsking(false);
            setDone(true);
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
      {done ? (
        <p role="status" className="success" data-testid="kick-done">
          {t('drawer.kick.done')}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="kick-error" />
    </section>
  );
}
