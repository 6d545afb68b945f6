import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WinnerView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { parseCardEntry } from '../../lib/cardEntry.js';
import { asksIdentification, IdentifyDialog, PayeeRow, type Person } from '../../components/Payee.js';

/**
 * Pay a prize against the card handed in (art. 15.5): the cashier types the
 * card's series and number as printed on it ("A 17") or scans the receipt
 * that sold it; a card that is not the winner's is said at once, and the
 * kiosk checks it again (PRIZE_CARD_MISMATCH, RECEIPT_CHECK_MISMATCH, ...).
 * The winner is identified first where the law asks for it (Lei n.º 83/2017,
 * art. 76.º): every prize where the hall identifies at a prize's delivery, and
 * a prize that reaches the threshold alone; a refusal that asks for the winner
 * (the day's total, which the kiosk adds up) opens the same identification.
 */
export function PrizePayDialog({ winner, onPaid, onClose }: { winner: WinnerView; onPaid: (w: WinnerView) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [text, setText] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const winning = `${winner.seriesCode} ${winner.card}`;
  const settings = useKioskQuery('settings.get', {});
  const [payee, setPayee] = useState<Person | null>(null);
  const [identifying, setIdentifying] = useState(false);
  // Said by the kiosk when it refused for want of the winner: the identification opens with its words.
  const [asked, setAsked] = useState<string | null>(null);
  const everyPrize = settings.data?.identificationMoment === 'prize';
  const fromThreshold = settings.data !== undefined && winner.prizeCents >= settings.data.identificationThresholdCents;
  const needed = everyPrize || fromThreshold;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const entry = parseCardEntry(text);
    if (entry === null) {
      setError(t('prizes.cardInvalid'));
      return;
    }
    if ('card' in entry && (entry.card.seriesCode !== winner.seriesCode || entry.card.number !== winner.card)) {
      setError(t('prizes.cardMismatch', { given: `${entry.card.seriesCode} ${entry.card.number}`, card: winning }));
      return;
    }
    // The rule asks for the winner first: the identification opens instead of the payment.
    if (needed && payee === null) {
      setIdentifying(true);
      return;
    }
    setBusy(true);
    setError(null);
    const card = 'card' in entry ? entry.card : entry.receipt;
    const r = await invoke('prize.pay', { winnerId: winner.winnerId, card, ...(payee ? { personId: payee.personId } : {}) });
    setBusy(false);
    if (r.ok) onPaid(r.value);
    else if (asksIdentification(r.error.code, payee !== null)) {
      setPayee(null);
      setAsked(r.error.message);
    }
    else setError(r.error);
  };

  return (
    <Dialog title={t('prizes.confirmTitle')} onClose={onClose} testId="prize-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <div className="confirm-body">
          <p className="confirm-amount">{f.money(winner.prizeCents)}</p>
          <p>{t('prizes.confirmText', { kind: t(`kind.${winner.kind}`), card: winning, number: winner.gameNumber })}</p>
        </div>
        <label>
          {t('prizes.cardField')}
          <input
            data-testid="prize-card"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={120}
            placeholder={t('prizes.cardPlaceholder')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-describedby="prize-card-hint"
            autoFocus
          />
        </label>
        <p className="hint field-hint" id="prize-card-hint">
          {t('prizes.cardHint')}
        </p>
        <PayeeRow
          payee={payee}
          needed={needed}
          neededText={t(everyPrize ? 'identify.neededPrize' : 'identify.neededThreshold')}
          chosenKey="identify.chosenPlayer"
          open={identifying}
          setOpen={setIdentifying}
          onChoose={setPayee}
        />
        {asked !== null ? (
          <IdentifyDialog
            reason={asked}
            onClose={() => setAsked(null)}
            onDone={(p) => {
              setAsked(null);
              setPayee(p);
            }}
          />
        ) : null}
        <ErrorAlert error={error} testId="confirm-error" />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} data-testid="confirm-cancel">
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-large btn-primary" data-testid="prize-confirm" disabled={busy || text.trim() === ''}>
            {busy ? t('common.working') : t('prizes.confirm', { amount: f.money(winner.prizeCents) })}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
