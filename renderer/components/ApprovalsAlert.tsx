import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../client.js';
import { useFormat } from '../format.js';
import { useKioskQuery, useNow } from '../hooks.js';
import { ErrorAlert } from './ErrorAlert.js';

/**
 * Wrong manager PINs paused this terminal's approvals (issue 12): managers and
 * admins see it on every screen, a warning while the pause lasts, then an
 * info until one of them marks it seen (a right PIN does not end it: it may be
 * the guess that worked).
 */
export function ApprovalsAlert() {
  const { t } = useTranslation();
  const f = useFormat();
  const query = useKioskQuery('approvals.alert', {});
  const alert = query.data ?? null;
  // The pause ends with no event: the clock turns the warning into an info.
  const now = useNow(1000, alert !== null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  if (alert === null) return null;
  const paused = Date.parse(alert.pausedUntil) > now.getTime();
  const params = { until: f.time(alert.pausedUntil), failures: alert.failures, last: f.time(alert.lastFailureAt) };

  const seen = async () => {
    setBusy(true);
    const r = await invoke('approvals.acknowledge', { lastFailureAt: alert.lastFailureAt });
    setBusy(false);
    setError(r.ok ? null : r.error);
    // A newer wrong PIN is not acknowledged: the fetch shows it.
    void query.reload();
  };

  return (
    <div className={`banner banner-row ${paused ? 'banner-warn' : 'banner-info'}`} role={paused ? 'alert' : 'status'} data-testid="approvals-alert" data-paused={paused}>
      <span className="banner-text">{t(paused ? 'app.approvalsPaused' : 'app.approvalsWerePaused', params)}</span>
      <button type="button" className="btn btn-small" data-testid="approvals-alert-seen" disabled={busy} onClick={() => void seen()}>
        {t('app.approvalsSeen')}
      </button>
      <ErrorAlert error={error} testId="approvals-alert-error" />
    </div>
  );
}
