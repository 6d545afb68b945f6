import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saleHolder } from '../../../core/bingo/opening.js';
import type { ChannelOutput, GameView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { Announcement, type AnnouncementData } from './Announcement.js';
import { GamesTable } from './GamesTable.js';
import { OpenGameForm } from './OpenGameForm.js';
import { OpenSessionForm } from './OpenSessionForm.js';
import { BoardLink } from './BoardLink.js';
import { StartChecks } from './StartChecks.js';
import { DrawPanel } from './DrawPanel.js';
import { GameControls } from './GameControls.js';

type Where = 'session' | 'game';
type CloseResult = ChannelOutput<'game.closeSale'>;

/** What the English rendering of a game's announcement needs of the game (its pair, the last game). */
function pairOf(game: GameView | undefined): Pick<AnnouncementData, 'isLast' | 'double' | 'pairFirstNumber'> {
  if (!game) return {};
  return { isLast: game.isLast, double: game.double, ...(game.double === 'second' ? { pairFirstNumber: game.number - 1 } : {}) };
}

/** A game's announcement as the panel shows it (none once annulled). */
function announcementOf(game: GameView | undefined): AnnouncementData | null {
  if (!game || game.announcement === null || game.state === 'annulled') return null;
  return {
    gameNumber: game.number,
    announcement: game.announcement,
    ranges: game.soldRanges,
    cardsSold: game.cardsSold,
    totalCents: game.totalCents,
    linePrizeCents: game.linePrizeCents ?? 0,
    bingoPrizeCents: game.bingoPrizeCents ?? 0,
    ...pairOf(game),
  };
}

/** A game's own announcement: the one its close of sale just returned here, else the one it holds. */
export function announcementFor(game: GameView, closed: CloseResult | null): AnnouncementData | null {
  if (game.state === 'annulled') return null;
  if (closed && closed.gameId === game.id) {
    return {
      gameNumber: game.number,
      announcement: closed.announcement,
      ranges: closed.ranges,
      cardsSold: closed.cardsSold,
      totalCents: closed.totalCents,
      linePrizeCents: closed.linePrizeCents,
      bingoPrizeCents: closed.bingoPrizeCents,
      ...pairOf(game),
    };
  }
  return announcementOf(game);
}

/**
 * The newest announcement: the one just returned by closeSale or the latest in
 * the session. An annulled game's announcement no longer holds (art. 16.º):
 * it leaves the screen, whatever game sells next.
 */
export function latestAnnouncement(games: readonly GameView[], closed: CloseResult | null): AnnouncementData | null {
  const announced = games.filter((g) => g.announcement !== null && g.state !== 'annulled').sort((a, b) => b.number - a.number)[0];
  const closedGame = closed ? games.find((g) => g.id === closed.gameId) : undefined;
  if (closed && closedGame?.state !== 'annulled' && (!announced || announced.id === closed.gameId || (closedGame && closedGame.number > announced.number))) {
    return {
      gameNumber: closedGame?.number ?? null,
      announcement: closed.announcement,
      ranges: closed.ranges,
      cardsSold: closed.cardsSold,
      totalCents: closed.totalCents,
      linePrizeCents: closed.linePrizeCents,
      bingoPrizeCents: closed.bingoPrizeCents,
      ...pairOf(closedGame),
    };
  }
  return announcementOf(announced);
}

/**
 * A game between its close of sale and its end: sale closed, drawing, or
 * suspended in one of those. A game suspended during its sale is still in its
 * sale: it has no announcement, no draw and no claim yet.
 */
export function inDraw(game: Pick<GameView, 'state' | 'suspendedFrom'>): boolean {
  return game.state === 'sale_closed' || game.state === 'drawing' || (game.state === 'suspended' && game.suspendedFrom !== null && game.suspendedFrom !== 'selling');
}

/**
 * The games the draw panel can show: those after their close of sale and not
 * over (oldest first), plus the one the manager chose, even once finished or
 * annulled, so its winners stay on screen.
 */
export function drawCandidates(games: readonly GameView[], chosenId: number | null): GameView[] {
  return games
    .filter((g) => g.id === chosenId || inDraw(g))
    .sort((a, b) => a.number - b.number);
}

/** Manager: open the session, open games, close the sale (announcement), the draw of each game. */
export function GameScreen() {
  const { t } = useTranslation();
  const f = useFormat();
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

  const session = current.data?.session ?? null;
  const games = current.data?.games ?? [];
  const series = seriesQ.data ?? [];
  const loadError = current.error ?? seriesQ.error;
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
  const drawAnnouncement = drawGame ? announcementFor(drawGame, closed) : null;
  const latest = selling === null ? latestAnnouncement(games, closed) : null;
  const sideAnnouncement = latest && !(drawFirst && latest.gameNumber === drawGame.number) ? latest : null;
  const suspendedSale = selling?.state === 'suspended' ? selling : null;
  const closeTarget = games.find((g) => g.id === confirmClose && g.state === 'selling') ?? null;

  const onSaleClosed = (value: CloseResult) => {
    setConfirmClose(null);
    setFailure(null);
    setClosed(value);
    // The draw panel follows the game just announced unless another draw is still going on.
    if (chosen === null || !games.some((g) => g.id === chosen && inDraw(g))) setChosen(value.gameId);
    reloadAll();
  };

  const drawSection = drawGame ? (
    <div className="draw-section">
      {candidates.length > 1 ? (
        <nav className="draw-chooser" aria-label={t('draw.choose')}>
          {candidates.map((g) => (
            <button
              key={g.id}
              type="button"
              className={`btn${g.id === drawGame.id ? ' btn-primary' : ''}`}
              aria-pressed={g.id === drawGame.id}
              data-testid={`draw-choose-${g.number}`}
              onClick={() => setChosen(g.id)}
            >
              {t('draw.chooseGame', { number: g.number, state: t(`gameState.${g.state}`) })}
            </button>
          ))}
        </nav>
      ) : null}
      <DrawPanel key={drawGame.id} game={drawGame} announcement={drawAnnouncement} />
    </div>
  ) : null;

  return (
    <main className={`screen game-screen${drawFirst ? ' drawing' : ''}`} aria-labelledby="game-title">
      <h1 id="game-title" className="visually-hidden">
        {t('game.screenTitle')}
      </h1>
      {loadError ? <ErrorAlert error={loadError} testId="load-error" /> : null}
      {drawFirst ? drawSection : null}
      <div className="columns game-columns">
        <div className="column-main">
          {current.data === undefined ? (
            current.loading ? <p className="loading">{t('common.loading')}</p> : null
          ) : session === null ? (
            <OpenSessionForm error={errorAt('session')} onError={reporter('session')} onOpened={reloadAll} />
          ) : (
            <>
              <section className="panel" aria-labelledby="session-title">
                <div className="panel-head">
                  <h2 id="session-title">{t('session.title', { id: session.id })}</h2>
                  <p className="meta" data-testid="session-info">
                    {t('session.info', { openedAt: f.dateTime(session.openedAt), closeAt: f.dateTime(session.scheduledCloseAt), by: session.openedBy })}
                  </p>
                  <BoardLink />
                </div>
                <GamesTable games={games} closing={closeTarget?.id ?? null} onCloseSale={(g) => setConfirmClose(g.id)} />
                {/* A failure during the sale suspends it too (art. 16.º, n.º 1): the game says where it stands and what can be done. */}
                {suspendedSale ? (
                  <div className="suspended-sale" data-testid="suspended-sale">
                    <h3 data-testid="suspended-sale-title">{t('game.suspendedSaleTitle', { number: suspendedSale.number })}</h3>
                    <p data-testid="suspended-sale-text">
                      {t('game.suspendedSaleText', { number: suspendedSale.number, count: suspendedSale.cardsSold, total: f.money(suspendedSale.totalCents) })}
                    </p>
                  </div>
                ) : null}
                {selling && selling.id !== drawGame?.id ? <GameControls game={selling} ballCount={0} onChanged={async () => reloadAll()} /> : null}
              </section>
              {current.data.startChecksMissing.length > 0 ? <StartChecks missing={current.data.startChecksMissing} onRecorded={reloadAll} /> : null}
              <OpenGameForm
                series={series}
                games={games}
                startChecksMissing={current.data.startChecksMissing}
                error={errorAt('game')}
                onError={reporter('game')}
                onOpened={() => {
                  setClosed(null);
                  reloadAll();
                }}
              />
            </>
          )}
        </div>
        <div className="column-side">{sideAnnouncement ? <Announcement data={sideAnnouncement} /> : null}</div>
      </div>
      {drawFirst ? null : drawSection}
      {closeTarget ? (
        <ConfirmDialog
          title={t('game.closeSaleTitle', { number: closeTarget.number })}
          confirmLabel={t('game.closeSaleConfirm')}
          testId="close-sale-dialog"
          confirmTestId="close-sale-confirm"
          onConfirm={() => invoke('game.closeSale', { gameId: closeTarget.id })}
          onDone={onSaleClosed}
          onClose={() => setConfirmClose(null)}
        >
          <p className="confirm-what" data-testid="close-sale-what">
            {t('game.closeSaleText', { number: closeTarget.number, count: closeTarget.cardsSold, total: f.money(closeTarget.totalCents) })}
          </p>
          <p className="hint">{t('game.closeSaleHint')}</p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}
