import { useTranslation } from 'react-i18next';
import { SUSPENSION_ANNUL_MINUTES } from '../../../../core/bingo/rules.js';
import type { GameView } from '../../../../core/contract.js';
import { useFormat } from '../../../format.js';
import { minutesLeft } from '../../../lib/board.js';

/** What holds now, above the controls: drawn by hand, no longer playable, suspended since (and from when it may be annulled). */
export function GameNotices({ game, ballCount, now, unplayableNotice }: { game: GameView; ballCount: number; now: Date; unplayableNotice: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const since = game.suspendedAt;
  return (
    <>
      {game.manualDraw ? (
        <p className="notice" data-testid="manual-draw-info">
          {t('controls.manualDrawOn')}
        </p>
      ) : null}
      {unplayableNotice && game.unplayable && ballCount === 0 ? (
        <p className="alert alert-warn" role="alert" data-testid="unplayable-info">
          {t(`draw.unplayable_${game.unplayable.reason}`, {
            last: game.unplayable.lastGame,
            time: f.shortTime(game.unplayable.reason === 'double_as_last' ? game.lastGameFrom : game.closeAt),
          })}
        </p>
      ) : null}
      {game.state === 'suspended' && since ? (
        <p className="notice notice-warn" role="status" data-testid="suspended-info">
          {t('controls.suspendedSince', {
            time: f.shortTime(since),
            minutes: Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000)),
          })}
          {ballCount === 0 || !game.manualDraw
            ? ` ${
                minutesLeft(since, SUSPENSION_ANNUL_MINUTES, now) > 0
                  ? t('controls.annulFrom', { time: f.shortTime(new Date(new Date(since).getTime() + SUSPENSION_ANNUL_MINUTES * 60_000).toISOString()) })
                  : t('controls.annulNow')
              }`
            : ''}
        </p>
      ) : null}
    </>
  );
}
