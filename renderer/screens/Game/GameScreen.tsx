import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../core/contract.js';
import { invoke } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { Announcement, type AnnouncementData } from './Announcement.js';
import { GamesTable } from './GamesTable.js';
import { OpenGameForm } from './OpenGameForm.js';
import { OpenSessionForm } from './OpenSessionForm.js';
import { BoardLink } from './BoardLink.js';
import { StartChecks } from './StartChecks.js';
import { DrawPanel } from './DrawPanel.js';
import { GameControls } from './GameControls.js';
import { useGameScreen, type CloseResult } from './useGameScreen.js';

type Screen = ReturnType<typeof useGameScreen>;

/** Manager: open the session, open games, close the sale (announcement), the draw of each game. */
export function GameScreen() {
  const { t } = useTranslation();
  const s = useGameScreen();
  const { current, session, drawGame, drawFirst, closeTarget } = s;

  const drawSection = drawGame ? <DrawSection candidates={s.candidates} drawGame={drawGame} announcement={s.drawAnnouncement} onChoose={s.choose} /> : null;

  return (
    <main className={`screen game-screen${drawFirst ? ' drawing' : ''}`} aria-labelledby="game-title">
      <h1 id="game-title" className="visually-hidden">
        {t('game.screenTitle')}
      </h1>
      {s.loadError ? <ErrorAlert error={s.loadError} testId="load-error" /> : null}
      {drawFirst ? drawSection : null}
      <div className="columns game-columns">
        <div className="column-main">
          {current.data === undefined ? (
            current.loading ? <p className="loading">{t('common.loading')}</p> : null
          ) : session === null ? (
            <OpenSessionForm error={s.errorAt('session')} onError={s.reporter('session')} onOpened={s.reloadAll} />
          ) : (
            <>
              <SessionPanel s={s} session={session} />
              {current.data.startChecksMissing.length > 0 ? <StartChecks missing={current.data.startChecksMissing} onRecorded={s.reloadAll} /> : null}
              <OpenGameForm
                series={s.series}
                games={s.games}
                startChecksMissing={current.data.startChecksMissing}
                error={s.errorAt('game')}
                onError={s.reporter('game')}
                onOpened={s.onGameOpened}
              />
            </>
          )}
        </div>
        <div className="column-side">{s.sideAnnouncement ? <Announcement data={s.sideAnnouncement} /> : null}</div>
      </div>
      {drawFirst ? null : drawSection}
      {closeTarget ? <CloseSaleDialog game={closeTarget} onDone={s.onSaleClosed} onClose={() => s.askClose(null)} /> : null}
    </main>
  );
}

/** The draw panel, with a choice of game when more than one is in its draw (or kept on screen). */
function DrawSection({ candidates, drawGame, announcement, onChoose }: { candidates: GameView[]; drawGame: GameView; announcement: AnnouncementData | null; onChoose: (id: number) => void }) {
  const { t } = useTranslation();
  return (
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
              onClick={() => onChoose(g.id)}
            >
              {t('draw.chooseGame', { number: g.number, state: t(`gameState.${g.state}`) })}
            </button>
          ))}
        </nav>
      ) : null}
      <DrawPanel key={drawGame.id} game={drawGame} announcement={announcement} />
    </div>
  );
}

/** The open session: when and by whom, its games with their close of sale, the game in its sale and what can be done to it. */
function SessionPanel({ s, session }: { s: Screen; session: NonNullable<Screen['session']> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { selling, drawGame } = s;
  const suspendedSale = selling?.state === 'suspended' ? selling : null;
  return (
    <section className="panel" aria-labelledby="session-title">
      <div className="panel-head">
        <h2 id="session-title">{t('session.title', { id: session.id })}</h2>
        <p className="meta" data-testid="session-info">
          {t('session.info', { openedAt: f.dateTime(session.openedAt), closeAt: f.dateTime(session.scheduledCloseAt), by: session.openedBy })}
        </p>
        <BoardLink />
      </div>
      <GamesTable games={s.games} closing={s.closeTarget?.id ?? null} onCloseSale={(g) => s.askClose(g.id)} />
      {/* A failure during the sale suspends it too (art. 16.º, n.º 1): the game says where it stands and what can be done. */}
      {suspendedSale ? (
        <div className="suspended-sale" data-testid="suspended-sale">
          <h3 data-testid="suspended-sale-title">{t('game.suspendedSaleTitle', { number: suspendedSale.number })}</h3>
          <p data-testid="suspended-sale-text">
            {t('game.suspendedSaleText', { number: suspendedSale.number, count: suspendedSale.cardsSold, total: f.money(suspendedSale.totalCents) })}
          </p>
        </div>
      ) : null}
      {selling && selling.id !== drawGame?.id ? <GameControls game={selling} ballCount={0} onChanged={async () => s.reloadAll()} /> : null}
    </section>
  );
}

/** The close of sale says what it closes (cards, total) before it is done. */
function CloseSaleDialog({ game, onDone, onClose }: { game: GameView; onDone: (value: CloseResult) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <ConfirmDialog
      title={t('game.closeSaleTitle', { number: game.number })}
      confirmLabel={t('game.closeSaleConfirm')}
      testId="close-sale-dialog"
      confirmTestId="close-sale-confirm"
      onConfirm={() => invoke('game.closeSale', { gameId: game.id })}
      onDone={onDone}
      onClose={onClose}
    >
      <p className="confirm-what" data-testid="close-sale-what">
        {t('game.closeSaleText', { number: game.number, count: game.cardsSold, total: f.money(game.totalCents) })}
      </p>
      <p className="hint">{t('game.closeSaleHint')}</p>
    </ConfirmDialog>
  );
}
