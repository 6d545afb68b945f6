import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../../core/contract.js';
import { useFormat } from '../../../format.js';
import type { DrawWindow } from './useDrawWindow.js';

/**
 * Why the draw cannot begin (another game is drawn, or the game can no longer be played, art. 14.5), or that it
 * makes the game the session's last: «Última jogada da sessão.» said aloud, then confirmed.
 */
export function DrawWindowNotices({ game, drawWindow, onAnnounced }: { game: GameView; drawWindow: DrawWindow; onAnnounced: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { unplayable, becomesLast, lastAnnounced } = drawWindow;
  return (
    <>
      {unplayable ? (
        <p className="alert alert-warn" role="alert" data-testid="draw-blocked">
          {unplayable.kind === 'waits'
            ? t('draw.waitsFor', { number: unplayable.number })
            : t(`draw.unplayable_${unplayable.kind}`, { last: unplayable.number, time: f.shortTime(unplayable.kind === 'double_as_last' ? game.lastGameFrom : game.closeAt) })}
        </p>
      ) : null}
      {becomesLast ? (
        <div className={`notice ${lastAnnounced ? '' : 'notice-warn '}last-game-notice`} role="status" data-testid="last-game-notice">
          {lastAnnounced ? (
            <p>{t('draw.lastAnnounced')}</p>
          ) : (
            <>
              <p>{t('draw.becomesLast', { time: f.shortTime(game.closeAt) })}</p>
              <p className="last-game-aloud" lang="pt-PT">
                «Última jogada da sessão.»
              </p>
              <button
                type="button"
                className="btn btn-primary"
                data-testid="last-game-announced"
                onClick={() => {
                  drawWindow.announce();
                  onAnnounced();
                }}
              >
                {t('draw.lastAnnounce')}
              </button>
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
