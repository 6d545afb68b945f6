import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../client.js';
import { ErrorAlert } from './ErrorAlert.js';

/**
 * The Z report's 2.ª via: its print job printed again, marked as a copy
 * (print.reprint). The Z itself never changes; a Z that was never printed
 * (no printer then) says so.
 */
export function ReprintZButton({ drawerId, zNumber }: { drawerId: number; zNumber: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<ClientError | null>(null);
  const reprint = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setDone(null);
    const z = await invoke('report.z', { drawerId });
    const r = z.ok && z.value.printJobId !== null ? await invoke('print.reprint', { jobId: z.value.printJobId }) : null;
    setBusy(false);
    if (!z.ok) setError(z.error);
    else if (r && !r.ok) setError(r.error);
    else setDone(r ? t('zReprint.done', { number: zNumber }) : t('zReprint.noJob', { number: zNumber }));
  };
  return (
    <span className="reprint-z">
      <button type="button" className="btn btn-small" data-testid={`reprint-z-${zNumber}`} disabled={busy} onClick={() => void reprint()}>
        {t('zReprint.button', { number: zNumber })}
      </button>
      {done ? (
        <span role="status" className="success-inline" data-testid={`z-reprinted-${zNumber}`}>
          {done}
        </span>
      ) : null}
      <ErrorAlert error={error} testId={`z-reprint-error-${zNumber}`} />
    </span>
  );
}
