import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../core/contract.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useKioskQuery } from '../../hooks.js';
import { mergeDrawnBall, withClaim } from '../../lib/board.js';
import { Announcement, type AnnouncementData } from './Announcement.js';
import { Board } from './Board.js';
import { ClaimsPanel } from './ClaimsPanel.js';
import { BallEntryBox } from './Draw/BallEntryBox.js';
import { DrawTitle } from './Draw/DrawTitle.js';
import { DrawWindowNotices } from './Draw/DrawWindowNotices.js';
import { RecallDialog } from './Draw/RecallDialog.js';
import { useBallEntry } from './Draw/useBallEntry.js';
import { useDrawWindow } from './Draw/useDrawWindow.js';
import { GameControls } from './GameControls.js';

/**
 * "Extração": the manager's draw of one game after its sale is closed. Balls
 * by keyboard (number + Enter) or by touching the board then confirming (the
 * big button names the ball; Enter confirms, Escape cancels); the recall of
 * the last ball with a manager's PIN; the game's art. 13 announcement; claims,
 * winners, suspension and annulment.
 */
export function DrawPanel({ game, announcement = null }: { game: GameView; announcement?: AnnouncementData | null }) {
  const { t } = useTranslation();
  const boardQ = useKioskQuery('game.board', { gameId: game.id });
  const board = boardQ.data;
  const [recalling, setRecalling] = useState(false);

  const balls = board?.balls ?? [];
  const ballCount = board?.ballCount ?? game.ballCount;
  const state = board?.state ?? game.state;
  const drawWindow = useDrawWindow(game, state === 'sale_closed');
  const canDraw =
    board !== undefined &&
    (state === 'sale_closed' || state === 'drawing') &&
    drawWindow.unplayable === null &&
    !(drawWindow.becomesLast && !drawWindow.lastAnnounced);
  const entry = useBallEntry(game, canDraw, drawWindow, (drawn) => boardQ.apply('game.drawBall', (b) => mergeDrawnBall(b, drawn, game.firstSeries.code)));
  const last = balls.at(-1);
  const shownPending = canDraw && entry.pending !== null && !balls.includes(entry.pending) ? entry.pending : null;

  const refresh = () => boardQ.reload();

  return (
    <section className="panel draw-panel" aria-labelledby="draw-title" data-testid="draw-panel">
      <DrawTitle game={game} state={state} />
      {game.ballSet?.warning ? (
        <p className="alert alert-warn" role="alert" data-testid="ballset-warning">
          {t('draw.ballSetWarning', { serial: game.ballSet.serial, games: game.ballSet.gamesPlayed })}
        </p>
      ) : null}
      {boardQ.error ? <ErrorAlert error={boardQ.error} testId="board-error" /> : null}
      <div className="draw-grid">
        {/* The entry and the claims come first for the keyboard; the board is drawn on the left. */}
        <div className="draw-right">
          <BallEntryBox entry={entry} balls={balls} ballCount={ballCount} canDraw={canDraw} shownPending={shownPending} />
          <DrawWindowNotices game={game} drawWindow={drawWindow} onAnnounced={() => entry.inputRef.current?.focus()} />
          <div aria-live="assertive">
            <ErrorAlert error={entry.error} testId="draw-error" />
          </div>
          {entry.notice ? (
            <p className="notice" role="status" data-testid="draw-notice">
              {entry.notice}
            </p>
          ) : null}
          {announcement ? <Announcement data={announcement} compact collapsible={ballCount > 0} /> : null}
          {/* Claims are taken during the draw (art. 14.º, n.º 4): a suspended game takes none until it is resumed, so no form; winners it has stay. */}
          {board && state === 'suspended' && board.winners.length === 0 ? (
            <p className="hint" data-testid="claims-suspended">
              {t('draw.claimsSuspended', { number: game.number })}
            </p>
          ) : board ? (
            <ClaimsPanel game={game} board={board} onClaimed={(claim) => boardQ.apply('game.claim', (b) => withClaim(b, claim))} onChanged={refresh} />
          ) : (
            <p className="loading">{t('common.loading')}</p>
          )}
        </div>
        <div className="draw-left">
          <Board balls={balls} canDraw={canDraw} pending={shownPending} onChoose={entry.choose} />
        </div>
      </div>
      {/* The acts on the game under the board, always in sight: the recall of the last ball, suspend, by hand, annul. */}
      <div className="draw-actions">
        <GameControls
          game={game}
          ballCount={ballCount}
          onChanged={refresh}
          unplayableNotice={false}
          leading={
            <button
              type="button"
              className="btn btn-danger-outline"
              data-testid="recall-ball"
              disabled={state !== 'drawing' || last === undefined}
              onClick={() => {
                entry.clearError();
                setRecalling(true);
              }}
            >
              {t('draw.recall')}
            </button>
          }
        />
      </div>
      {recalling && last !== undefined ? (
        <RecallDialog
          gameId={game.id}
          last={last}
          ballCount={ballCount}
          onRecalled={(recalled) => {
            setRecalling(false);
            entry.setNotice(t('draw.recalled', { ball: last }));
            // The recall answers with the whole board.
            boardQ.apply('game.recallBall', (b) => (b.gameId === recalled.gameId ? recalled : null));
          }}
          onClose={() => setRecalling(false)}
        />
      ) : null}
    </section>
  );
}
