import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartCheck } from '../../../core/bingo/rules.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';

interface Props {
  missing: readonly StartCheck[];
  onRecorded: () => void;
}

/**
 * The session is open but its start checks are not in the acta (art. 5.2,
 * 11.1): no game opens until they are, so they are recorded right here, where
 * the manager is about to open the first game.
 */
export function StartChecks({ missing, onRecorded }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);

  const record = async (kind: StartCheck) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await invoke('session.recordCheck', { phase: 'start', kind });
    setBusy(false);
    if (!r.ok) setError(r.error);
    else onRecorded();
  };

  return (
    <section className="panel panel-warning" aria-labelledby="start-checks-title" data-testid="start-checks">
      <h2 id="start-checks-title">{t('session.startChecksMissingTitle')}</h2>
      <p className="hint">{t('session.startChecksMissingHint')}</p>
      <div className="check-buttons">
        {missing.map((kind) => (
          <button key={kind} type="button" className="btn btn-large" data-testid={`start-check-${kind}`} disabled={busy} onClick={() => void record(kind)}>
            {t(`checks.button.start.${kind}`)}
          </button>
        ))}
      </div>
      <ErrorAlert error={error} testId="start-check-error" />
    </section>
  );
}
