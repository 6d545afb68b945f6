import { useTranslation } from 'react-i18next';
import type { BoardView } from '../../../../core/contract.js';
import { useFormat } from '../../../format.js';

/** The accumulated special prize: its rule and fund, and whether a bingo at this ball would take it (or the fund frozen). */
export function SpecialPrize({ board }: { board: BoardView }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!board.special) return null;
  return (
    <section className={`special-box${board.special.eligible ? ' eligible' : ''}`} data-testid="special-prize" aria-label={t('special.title')}>
      <h3>{t('special.title')}</h3>
      {board.special.frozen ? (
        <p data-testid="special-frozen-note">{t('special.frozen', { amount: f.money(board.special.fundCents) })}</p>
      ) : (
        <>
          <p>
            {t('special.rule', { balls: board.special.balls })} · {t('special.fund')} <strong>{f.money(board.special.fundCents)}</strong>
          </p>
          <p className="special-now">
            {board.special.eligible
              ? t('special.eligible', { count: board.ballCount, balls: board.special.balls })
              : board.ballCount === 0
                ? t('special.notYet')
                : t('special.gone', { balls: board.special.balls })}
          </p>
        </>
      )}
    </section>
  );
}
