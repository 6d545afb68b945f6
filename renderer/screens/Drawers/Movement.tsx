import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVEMENT_KINDS, type MovementKind } from '../../../core/drawers/rules.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useOffline } from '../../components/LinkBanner.js';
import { ReasonPicker } from '../../components/ReasonPicker.js';
import { useFormat } from '../../format.js';
import { parseEuroText } from '../../lib/money.js';

/** A pay-in, pay-out or drop to the safe, with its amount and reason. */
export function Movement() {
  const { t } = useTranslation();
  const f = useFormat();
  const [kind, setKind] = useState<MovementKind>('pay_in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const offline = useOffline();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    const cents = parseEuroText(amount);
    if (cents === null || cents <= 0) {
      setError(t('drawer.amountInvalid'));
      return;
    }
    if (reason.trim().length < 3) {
      setError(t('drawer.reasonMissing'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('drawer.move', { kind, amountCents: cents, reason: reason.trim() });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setAmount('');
    setReason('');
    setDone(t('drawer.moved', { kind: t(`drawer.kind.${r.value.kind}`), amount: f.money(r.value.amountCents), reason: r.value.reason }));
  };

  return (
    <section className="panel" aria-labelledby="movement-title">
      <h2 id="movement-title">{t('drawer.movementTitle')}</h2>
      <form className="form" onSubmit={submit}>
        <fieldset className="segmented">
          <legend>{t('drawer.movementKind')}</legend>
          {MOVEMENT_KINDS.map((k) => (
            <label key={k} className={`segment${kind === k ? ' active' : ''}`}>
              <input
                type="radio"
                name="movement-kind"
                value={k}
                checked={kind === k}
                data-testid={`movement-kind-${k}`}
                onChange={() => {
                  // Each kind has its own reasons: one chosen for another kind is dropped.
                  setKind(k);
                  setReason('');
                }}
              />
              {t(`drawer.kind.${k}`)}
            </label>
          ))}
        </fieldset>
        <div className="form-row movement-fields">
          <label>
            {t('drawer.amount')}
            <input data-testid="movement-amount" inputMode="decimal" autoComplete="off" placeholder="0,00" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </label>
        </div>
        <ReasonPicker act={`drawer.${kind}`} label={t('drawer.reason')} value={reason} onChange={setReason} testId="movement-reason" disabled={busy} />
        <button type="submit" className="btn btn-primary btn-large" data-testid="movement-submit" disabled={busy} {...offline}>
          {busy ? t('common.working') : t('drawer.movementSubmit')}
        </button>
      </form>
      <ErrorAlert error={error} testId="movement-error" />
      {done ? (
        <p className="success" role="status" data-testid="movement-result">
          {done}
        </p>
      ) : null}
    </section>
  );
}
