import { useEffect, useState } from 'react';
import { saleHolder } from '../../../core/bingo/opening.js';
import type { ChannelOutput } from '../../../core/contract.js';
import type { ClientError } from '../../client.js';
import { useKioskQuery } from '../../hooks.js';
import { announcementFor, drawCandidates, inDraw, latestAnnouncement } from './drawGames.js';

type Where = 'session' | 'game';
export type CloseResult = ChannelOutput<'game.closeSale'>;

/** The game screen's state: the session and its games, the game in its sale, the one in the draw panel, each announcement's place, a failure where it happened. */
export function useGameScreen() {
  const current = useKioskQuery('session.current', {});
  const seriesQ = useKioskQuery('series.list', {});
  const [failure, setFailure] = useState<{ where: Where; error: ClientError | string } | null>(null);
  // The game whose close of sale waits for its confirmation.
  const [confirmClose, setConfirmClose] = useState<number | null>(null);
  const [closed, setClosed] = useState<CloseResult | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);

  const errorAt = (where: Where) => (failure?.where === where ? failure.error : null);
  const reporter = (where: Where) => (error: ClientError | string | null) => setFailure(error === null ? null : { where, error });

  const reloadAll = () => {
    void current.reload();
    void seriesQ.reload();
  };

  const games = current.data?.games ?? [];
  const candidates = drawCandidates(games, chosen);
  // The game in its sale: selling, or suspended during it (resumed or annulled before another opens: core/bingo/opening.ts).
  const selling = saleHolder(games) ?? null;
  // Keep the game shown once its draw ends, so its winners and amounts stay on screen, until another game comes to its draw.
  const chosenGame = candidates.find((g) => g.id === chosen);
  const nextDraw = candidates.find(inDraw);
  const drawGame = (chosenGame && (inDraw(chosenGame) || !nextDraw) ? chosenGame : nextDraw) ?? null;
  const drawGameId = drawGame?.id ?? null;
  useEffect(() => {
    if (drawGameId !== null && drawGameId !== chosen) setChosen(drawGameId);
  }, [chosen, drawGameId]);
  // The current task first: a draw going on (or over with nothing selling), else the games with the close of sale.
  const drawFirst = drawGame !== null && (inDraw(drawGame) || selling === null);
  // Each announcement beside its own game only: the draw panel shows its game's; beside the games, the
  // newest when it is another game's (one announced while a draw goes on), never while a game is in its
  // sale (that one has none yet: another game's would be read as its own).
  const latest = selling === null ? latestAnnouncement(games, closed) : null;

  const onSaleClosed = (value: CloseResult) => {
    setConfirmClose(null);
    setFailure(null);
    setClosed(value);
    // The draw panel follows the game just announced unless another draw is still going on.
    if (chosen === null || !games.some((g) => g.id === chosen && inDraw(g))) setChosen(value.gameId);
    reloadAll();
  };

  return {
    current,
    session: current.data?.session ?? null,
    games,
    series: seriesQ.data ?? [],
    loadError: current.error ?? seriesQ.error,
    errorAt,
    reporter,
    reloadAll,
    candidates,
    selling,
    drawGame,
    choose: setChosen,
    drawFirst,
    drawAnnouncement: drawGame ? announcementFor(drawGame, closed) : null,
    sideAnnouncement: latest && !(drawFirst && latest.gameNumber === drawGame.number) ? latest : null,
    closeTarget: games.find((g) => g.id === confirmClose && g.state === 'selling') ?? null,
    askClose: setConfirmClose,
    onSaleClosed,
    /** A new game opened: the last close of sale's announcement is no longer the newest. */
    onGameOpened: () => {
      setClosed(null);
      reloadAll();
    },
  };
}
