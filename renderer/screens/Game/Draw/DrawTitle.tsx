import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../../core/contract.js';
import { useFormat } from '../../../format.js';

/** The draw's head: the game, its state (and "última"), the cards sold, the total and the prizes. */
export function DrawTitle({ game, state }: { game: GameView; state: GameView['state'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="panel-head">
      <h2 id="draw-title">
        {t('draw.title', { number: game.number })}{' '}
        <span className={`badge badge-${state}`} data-testid="draw-state">
          {t(`gameState.${state}`)}
        </span>
        {game.isLast ? (
          <span className="badge badge-last" data-testid="last-game-badge">
            {t('draw.lastGame')}
          </span>
        ) : null}
      </h2>
      <p className="meta">
        {t('draw.meta', {
          cards: game.cardsSold,
          total: f.money(game.totalCents),
          line: f.money(game.linePrizeCents ?? 0),
          bingo: f.money(game.bingoPrizeCents ?? 0),
        })}
      </p>
    </div>
  );
}
