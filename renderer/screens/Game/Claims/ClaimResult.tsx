import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { cardLabel, parseCardNumbers, type Outcome } from './claim.js';
import { ClaimVerdict } from './ClaimVerdict.js';
import type { ClaimCheck } from './useClaimCheck.js';

/** What the check answered: the verdict with the card, what went wrong, or the check by hand of a card without a face. */
export function ClaimResult({ check, balls, busy }: { check: ClaimCheck; balls: readonly number[]; busy: boolean }) {
  const { outcome } = check;
  if (!outcome) return null;
  if (outcome.type === 'error') return <ErrorAlert error={outcome.error} testId="claim-error" />;
  if (outcome.type === 'manual') return <ManualCheck outcome={outcome} check={check} busy={busy} />;
  return <ClaimVerdict claim={outcome.claim} balls={balls} />;
}

/** A card without a face on record: the manager reads its numbers from the player's card and confirms or rejects it (art. 9.1). */
function ManualCheck({ outcome, check, busy }: { outcome: Extract<Outcome, { type: 'manual' }>; check: ClaimCheck; busy: boolean }) {
  const { t } = useTranslation();
  const { input } = outcome;
  return (
    <div className="manual-check" role="alert">
      <p className="manual-text">{outcome.error.message}</p>
      <p className="hint">{t('claims.manualAsk', { kind: t(`kindText.${input.kind}`), card: cardLabel(input.seriesCode, input.card) })}</p>
      <label className="field-block">
        <span className="field-label">{t(input.kind === 'line' ? 'claims.numbersLine' : 'claims.numbersBingo')}</span>
        <input
          className="amount-input claim-numbers"
          data-testid="claim-numbers"
          inputMode="numeric"
          autoComplete="off"
          value={check.numbersText}
          onChange={(e) => check.setNumbersText(e.target.value.replace(/[^\d ,;.-]/g, ''))}
        />
      </label>
      <ErrorAlert error={outcome.refusal ?? null} testId="claim-numbers-error" />
      <div className="button-row">
        <button
          type="button"
          className="btn btn-sell-small"
          data-testid="claim-confirm"
          disabled={busy}
          onClick={() => void check.send({ ...input, confirmed: true, numbers: parseCardNumbers(check.numbersText) })}
        >
          {t('claims.confirm')}
        </button>
        <button type="button" className="btn btn-danger" data-testid="claim-reject" disabled={busy} onClick={() => void check.send({ ...input, confirmed: false })}>
          {t('claims.reject')}
        </button>
      </div>
    </div>
  );
}
