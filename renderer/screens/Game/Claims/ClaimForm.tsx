import { useTranslation } from 'react-i18next';
import type { BoardView } from '../../../../core/contract.js';
import type { Kind } from './claim.js';
import type { ClaimCheck } from './useClaimCheck.js';

/** The check of a card: the claim's kind, the series and the card (typed, or scanned as printed), and "Verificar". */
export function ClaimForm({ check, board, drawing, busy }: { check: ClaimCheck; board: BoardView; drawing: boolean; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <form className="form claim-form" onSubmit={check.submit} aria-label={t('claims.formLabel')}>
      <label>
        {t('claims.kind')}
        <select data-testid="claim-kind" value={check.kind} onChange={(e) => check.chooseKind(e.target.value as Kind)} disabled={!drawing}>
          <option value="line" disabled={board.lineAwarded}>
            {t('kind.line')}
          </option>
          <option value="bingo">{t('kind.bingo')}</option>
        </select>
      </label>
      <label>
        {t('claims.series')}
        <select data-testid="claim-series" value={check.seriesCode} onChange={(e) => check.chooseSeries(e.target.value)} disabled={!drawing}>
          {check.codes.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('claims.card')}
        <input
          ref={check.cardRef}
          data-testid="claim-card"
          className="claim-card"
          autoComplete="off"
          value={check.cardText}
          // Digits, or a series' letters then digits as printed on the card (a scanner types them).
          onChange={(e) => check.typeCard(e.target.value.toUpperCase().replace(/[^A-Z0-9 º.-]/g, '').slice(0, 12))}
          disabled={!drawing}
        />
      </label>
      <button ref={check.submitRef} type="submit" className="btn btn-primary btn-large" data-testid="claim-submit" disabled={!drawing || busy}>
        {t('claims.verify')}
      </button>
    </form>
  );
}
