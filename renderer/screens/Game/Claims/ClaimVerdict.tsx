import { useTranslation } from 'react-i18next';
import { CardFace } from '../CardFace.js';
import { numberList, type CheckedClaim } from './claim.js';

/**
 * The verdict of a checked claim: valid or not, what it lacks ("falta o 9",
 * "faltam o 9 e o 14"), and the card's face with the balls drawn marked, or
 * the numbers read by hand, so the manager reads them against the player's card.
 */
export function ClaimVerdict({ claim: c, balls }: { claim: CheckedClaim; balls: readonly number[] }) {
  const { t, i18n } = useTranslation();
  const label = `${c.seriesCode} ${c.card}`;
  const what = { kind: t(`kindText.${c.kind}`), card: label, ball: c.ballCount };
  // The balls out when the claim was checked.
  const drawn = balls.slice(0, c.ballCount);
  const face = c.face ? <CardFace face={c.face} drawn={drawn} missing={c.missing} card={label} /> : null;
  if (c.valid) {
    return (
      <div className="claim-valid" role="status">
        <p className="claim-verdict">{t('claims.valid', what)}</p>
        {c.manual ? <p className="hint">{t('claims.manualRecorded')}</p> : null}
        {c.numbers ? (
          <p className="hint" data-testid="claim-numbers-shown">
            {t('claims.numbersShown', { numbers: c.numbers.join(' · ') })}
          </p>
        ) : null}
        {face}
        <p className="hint">{t(c.kind === 'line' ? 'claims.askLine' : 'claims.askBingo')}</p>
      </div>
    );
  }
  const list = numberList(i18n.language, c.missing, (n) => t('claims.missingItem', { n }));
  const reason =
    c.missing.length > 0
      ? t(c.kind === 'line' ? 'claims.missingLine' : 'claims.missingBingo', { count: c.missing.length, list })
      : c.manual
        ? t('claims.rejectedManual')
        : c.reason;
  return (
    <div className="claim-invalid" role="alert">
      <p className="claim-verdict">{t('claims.invalid', what)}</p>
      {reason ? (
        <p className="claim-reason" data-testid="claim-reason">
          {reason}
        </p>
      ) : null}
      {face}
      <p className="hint">{t('claims.goesOn')}</p>
    </div>
  );
}
