import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../../client.js';
import { DialogActions } from '../../../components/ConfirmDialog.js';
import { Dialog } from '../../../components/Dialog.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useFormat } from '../../../format.js';
import { formatPercent, specialPrizeTerms } from '../../../lib/settings.js';

/**
 * Art. 10: the frozen fund carried to a new prize, by a manager's decision
 * recorded with it (who decided, the inspectorate's authorisation). The
 * dialog says what is carried and the new prize's terms before it is done;
 * the new N is announced from the next session.
 */
export function CarryFundDialog({
  heldCents,
  initial,
  onDone,
  onClose,
}: {
  heldCents: number;
  initial: { share: string; balls: string; starting: string };
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [share, setShare] = useState(initial.share);
  const [balls, setBalls] = useState(initial.balls);
  const [starting, setStarting] = useState(initial.starting);
  const [decision, setDecision] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const terms = specialPrizeTerms({ share, balls, starting });
  const carry = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!terms.ok) {
      setError(t(`settings.invalid.${terms.field}`));
      return;
    }
    if (decision.trim().length < 3) {
      setError(t('settings.carryDecisionRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('specialPrize.carry', { prize: terms.prize, decision: decision.trim(), amountCents: heldCents });
    setBusy(false);
    if (r.ok) onDone();
    else setError(r.error);
  };
  return (
    <Dialog title={t('settings.carryTitle')} onClose={onClose} testId="special-carry-dialog">
      <form className="form" onSubmit={(e) => void carry(e)}>
        <p className="confirm-what" data-testid="special-carry-what">
          {terms.ok
            ? t('settings.carryText', { amount: f.money(heldCents), share: formatPercent(terms.prize.shareBasisPoints), balls: terms.prize.baseBalls, starting: f.money(terms.prize.startingCents) })
            : t('settings.carryTextIncomplete', { amount: f.money(heldCents) })}
        </p>
        <div className="settings-pair">
          <label>
            {t('settings.specialShare')}
            <span className="input-suffix">
              <input data-testid="carry-share" inputMode="decimal" value={share} onChange={(e) => setShare(e.target.value)} />
              <span aria-hidden="true">%</span>
            </span>
          </label>
          <label>
            {t('settings.specialBalls')}
            <input data-testid="carry-balls" inputMode="numeric" value={balls} onChange={(e) => setBalls(e.target.value.replace(/\D/g, '').slice(0, 2))} />
          </label>
          <label>
            {t('settings.specialStarting')}
            <span className="input-suffix">
              <input data-testid="carry-starting" inputMode="decimal" value={starting} onChange={(e) => setStarting(e.target.value)} />
              <span aria-hidden="true">€</span>
            </span>
          </label>
        </div>
        <label className="field-block">
          {t('settings.carryDecision')}
          <input data-testid="carry-decision" value={decision} maxLength={200} onChange={(e) => setDecision(e.target.value)} placeholder={t('settings.carryDecisionPlaceholder')} />
        </label>
        <ErrorAlert error={error} testId="carry-error" />
        <DialogActions failed={error !== null && typeof error !== 'string'} busy={busy} label={t('settings.carryConfirm', { amount: f.money(heldCents) })} testId="special-carry-confirm" onClose={onClose} />
      </form>
    </Dialog>
  );
}
