import { useTranslation } from 'react-i18next';
import type { BoardView } from '../../../../core/contract.js';
import { cardLabel, type Kind } from './claim.js';

/** The cards that hold a line or a bingo right now, each a key that readies its check. */
export function PotentialCards({ board, drawing, onPick }: { board: BoardView; drawing: boolean; onPick: (k: Kind, code: string, card: number) => void }) {
  const { t } = useTranslation();
  const potentialList = (k: Kind, items: BoardView['potential']['lines'], testId: string) => (
    <div className="potential">
      <h4>{t(k === 'line' ? 'claims.potentialLines' : 'claims.potentialBingos')}</h4>
      <ul className="chip-list" data-testid={testId}>
        {items.length === 0 ? <li className="empty">{t('claims.none')}</li> : null}
        {items.map((p) => (
          <li key={`${p.seriesCode}-${p.card}`}>
            <button
              type="button"
              className={`chip chip-${k}`}
              data-testid={`potential-${k}-${p.seriesCode}-${p.card}`}
              onClick={() => onPick(k, p.seriesCode, p.card)}
              disabled={!drawing}
              title={t('claims.prefill')}
            >
              {cardLabel(p.seriesCode, p.card)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <section className="potential-box" aria-label={t('claims.potentialTitle')}>
      <h3>{t('claims.potentialTitle')}</h3>
      {!board.facesKnown ? <p className="hint hint-warn">{t('claims.facesUnknown')}</p> : null}
      <div className="potential-grid">
        {!board.lineAwarded ? potentialList('line', board.potential.lines, 'potential-lines') : null}
        {potentialList('bingo', board.potential.bingos, 'potential-bingos')}
      </div>
    </section>
  );
}
