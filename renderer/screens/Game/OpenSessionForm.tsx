import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { START_CHECKS, type StartCheck } from '../../../core/bingo/rules.js';
import { useHallZone } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { StockTable } from '../../components/StockTable.js';
import { dateTimeLocalToIso, nextLocalHour, toDateTimeLocal } from '../../lib/time.js';

interface Props {
  error: ClientError | string | null;
  onError: (error: ClientError | string | null) => void;
  onOpened: () => void;
}

/** No session open: the manager opens the day's session with its scheduled closing time. */
export function OpenSessionForm({ error, onError, onOpened }: Props) {
  const { t } = useTranslation();
  // Typed and shown on the hall's clock: a terminal set to another zone still means the hall's 02:00.
  const zone = useHallZone();
  const [closeAt, setCloseAt] = useState(() => toDateTimeLocal(nextLocalHour(new Date(), zone), zone));
  const [busy, setBusy] = useState(false);
  // Done before the session starts (art. 5.2, 11.1); never ticked for the manager.
  const [done, setDone] = useState<Record<StartCheck, boolean>>({ balls: false, material: false });
  // The cards in stock, seen at the start check (DN 80/85, art. 3.º) and written into the acta at the open.
  const stock = useKioskQuery('stock.list', {});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const iso = dateTimeLocalToIso(closeAt, zone);
    if (iso === null) {
      onError(t('session.closeAtInvalid'));
      return;
    }
    setBusy(true);
    onError(null);
    const startChecks = START_CHECKS.filter((k) => done[k]);
    const r = await invoke('session.open', { scheduledCloseAt: iso, startChecks });
    setBusy(false);
    if (!r.ok) onError(r.error);
    else onOpened();
  };

  return (
    <section className="panel" aria-labelledby="open-session-title">
      <h2 id="open-session-title">{t('session.noneTitle')}</h2>
      <p className="hint">{t('session.noneHint')}</p>
      <form className="form form-row" onSubmit={submit}>
        <label>
          {t('session.closeAt')}
          <input
            type="datetime-local"
            data-testid="open-session-close-at"
            value={closeAt}
            onChange={(e) => setCloseAt(e.target.value)}
            required
          />
        </label>
        <fieldset className="start-checks">
          <legend>{t('session.startChecks')}</legend>
          {START_CHECKS.map((kind) => (
            <label key={kind} className="check-line">
              <input
                type="checkbox"
                data-testid={`open-session-check-${kind}`}
                checked={done[kind]}
                onChange={(e) => setDone({ ...done, [kind]: e.target.checked })}
              />
              {t(`checks.kind.${kind}`)}
            </label>
          ))}
        </fieldset>
        {stock.data && stock.data.series.length > 0 ? (
          <div className="start-stock" data-testid="open-session-stock">
            <h3>{t('stock.startCheck')}</h3>
            <StockTable series={stock.data.series} compact />
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary btn-large" data-testid="open-session-submit" disabled={busy}>
          {busy ? t('common.working') : t('session.open')}
        </button>
      </form>
      <ErrorAlert error={error} />
    </section>
  );
}
