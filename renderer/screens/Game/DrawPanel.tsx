import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery, useNow } from '../../hooks.js';
import { mergeDrawnBall, parseBall, recentBalls, withClaim } from '../../lib/board.js';
import { Announcement, type AnnouncementData } from './Announcement.js';
import { Board } from './Board.js';
import { ClaimsPanel } from './ClaimsPanel.js';
import { GameControls } from './GameControls.js';

type DrawBlock = { kind: 'waits'; number: number } | { kind: 'last_game_held' | 'closing_time_passed' | 'double_as_last'; number: number | null };

/**
 * Why the draw of a game sold and closed cannot begin now: another game is
 * being drawn (it waits), or it can no longer be played (art. 14.5). The
 * closing time is also read from the screen's clock, which goes on between
 * the kiosk's answers.
 */
function drawBlock(game: Pick<GameView, 'unplayable' | 'drawWaitsFor' | 'closeAt' | 'double'>, now: Date): DrawBlock | null {
  if (game.unplayable) return { kind: game.unplayable.reason, number: game.unplayable.lastGame };
  if (game.double !== 'second' && now.getTime() >= new Date(game.closeAt).getTime()) return { kind: 'closing_time_passed', number: null };
  if (game.drawWaitsFor !== null) return { kind: 'waits', number: game.drawWaitsFor };
  return null;
}

/** Balls shown after the last one, newest first. */
const RECENT = 6;

/**
 * "Extração": the manager's draw of one game after its sale is closed. Balls
 * by keyboard (number + Enter) or by touching the board then confirming (the
 * big button names the ball; Enter confirms, Escape cancels); the recall of
 * the last ball with a manager's PIN; the game's art. 13 announcement; claims,
 * winners, suspension and annulment.
 */
export function DrawPanel({ game, announcement = null }: { game: GameView; announcement?: AnnouncementData | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const boardQ = useKioskQuery('game.board', { gameId: game.id });
  const board = boardQ.data;
  const [text, setText] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [recalling, setRecalling] = useState(false);
  // A number touched on the board, waiting for its confirmation (a touch alone never registers a ball).
  const [pending, setPending] = useState<number | null>(null);
  const pendingRef = useRef<number | null>(null);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  const inputRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  const balls = board?.balls ?? [];
  const ballCount = board?.ballCount ?? game.ballCount;
  const state = board?.state ?? game.state;
  const beforeDraw = state === 'sale_closed';
  // The clock matters only before the first ball: the last 10 minutes and the closing time (art. 14.5).
  const now = useNow(15_000, beforeDraw);
  const unplayable = beforeDraw ? drawBlock(game, now) : null;
  // Art. 14.5: a draw begun within the last 10 minutes makes the game the last; the manager announces it aloud first.
  const [lastRefused, setLastRefused] = useState(false);
  const [lastAnnounced, setLastAnnounced] = useState(false);
  const becomesLast = beforeDraw && unplayable === null && !game.isLast && (lastRefused || now.getTime() >= new Date(game.lastGameFrom).getTime());
  const canDraw =
    board !== undefined && (state === 'sale_closed' || state === 'drawing') && unplayable === null && !(becomesLast && !lastAnnounced);
  const last = balls.at(-1);
  const typed = parseBall(text);
  const shownPending = canDraw && pending !== null && !balls.includes(pending) ? pending : null;

  const refresh = () => boardQ.reload();

  const cancelPending = () => {
    setPending(null);
    setText('');
  };

  const choose = (n: number) => {
    setPending(n);
    setText(String(n));
    setError(null);
    setNotice(null);
    // The confirmation is the big button, named with the ball: Enter or a touch on it registers.
    submitRef.current?.focus();
  };

  // A digit typed with nothing focused (or on the confirmation after a touch) goes to the ball field; Escape drops a touched number.
  useEffect(() => {
    if (!canDraw) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const free = !target || target === document.body || target === document.documentElement || target === submitRef.current;
      if (!free || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      if (e.key === 'Escape' && pendingRef.current !== null) {
        e.preventDefault();
        setPending(null);
        setText('');
        return;
      }
      if (!/^\d$/.test(e.key)) return;
      e.preventDefault();
      // A digit after a touch starts a new number.
      const afterTouch = pendingRef.current !== null;
      setPending(null);
      setText((v) => (afterTouch || v.length >= 2 ? e.key : v + e.key));
      setError(null);
      inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canDraw]);

  const draw = async (n: number) => {
    // One ball at a time: a second Enter or touch while the first is on its way is dropped.
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    setNotice(null);
    const r = await invoke('game.drawBall', { gameId: game.id, number: n, ...(becomesLast && lastAnnounced ? { lastGameAnnounced: true } : {}) });
    if (!r.ok && r.error.code === 'LAST_GAME_ANNOUNCE_FIRST') {
      // The kiosk's clock says the window has begun: the announcement comes first, as the notice asks.
      setLastRefused(true);
      setLastAnnounced(false);
    } else if (r.ok) {
      setText('');
      setPending(null);
      // The answer says what the ball changed: no need to read the whole board again.
      const drawn = r.value;
      boardQ.apply('game.drawBall', (b) => mergeDrawnBall(b, drawn, game.firstSeries.code));
    } else {
      setError(r.error);
    }
    busyRef.current = false;
    setBusy(false);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = parseBall(text);
    if (n === null) {
      setError(t('draw.invalid'));
      inputRef.current?.focus();
      return;
    }
    void draw(n);
  };

  return (
    <section className="panel draw-panel" aria-labelledby="draw-title" data-testid="draw-panel">
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
      {game.ballSet?.warning ? (
        <p className="alert alert-warn" role="alert" data-testid="ballset-warning">
          {t('draw.ballSetWarning', { serial: game.ballSet.serial, games: game.ballSet.gamesPlayed })}
        </p>
      ) : null}
      {boardQ.error ? <ErrorAlert error={boardQ.error} testId="board-error" /> : null}
      <div className="draw-grid">
        {/* The entry and the claims come first for the keyboard; the board is drawn on the left. */}
        <div className="draw-right">
          <div className="draw-head">
            <div className="last-ball-box" aria-live="polite">
              <span className="strip-label">{t('draw.lastBall')}</span>
              <span className="last-ball" data-testid="last-ball">
                {last ?? '—'}
              </span>
            </div>
            <div className="draw-entry">
              <div className="draw-count-row">
                <p className="ball-count" data-testid="ball-count">
                  {t('draw.ballCount', { count: ballCount })}
                </p>
                <ul className="recent-balls" aria-label={t('draw.recent')}>
                  {recentBalls(balls, RECENT + 1)
                    .slice(1)
                    .map((n) => (
                      <li key={n} className="recent-ball">
                        {n}
                      </li>
                    ))}
                </ul>
              </div>
              <form className="draw-form" onSubmit={submit} aria-label={t('draw.formLabel')}>
                <label htmlFor="draw-input" className="visually-hidden">
                  {t('draw.input')}
                </label>
                <input
                  ref={inputRef}
                  id="draw-input"
                  className="draw-input"
                  data-testid="draw-input"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={t('draw.placeholder')}
                  value={text}
                  maxLength={2}
                  onChange={(e) => {
                    setText(e.target.value.replace(/\D/g, '').slice(0, 2));
                    setPending(null);
                    setError(null);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape' && text !== '') {
                      e.preventDefault();
                      cancelPending();
                    }
                  }}
                  disabled={!canDraw}
                  autoFocus
                />
                <button
                  ref={submitRef}
                  type="submit"
                  className={`btn btn-primary btn-large draw-submit${shownPending !== null ? ' confirming' : ''}`}
                  data-testid="draw-submit"
                  disabled={!canDraw || busy}
                >
                  {typed !== null ? t('draw.submitBall', { n: typed }) : t('draw.submit')}
                </button>
              </form>
              {shownPending !== null ? (
                <div className="draw-pending" role="status" data-testid="draw-pending">
                  <span>{t('draw.confirmHint', { n: shownPending })}</span>
                  <button type="button" className="btn btn-small" data-testid="draw-cancel" onClick={cancelPending}>
                    {t('common.cancel')}
                  </button>
                </div>
              ) : null}
            </div>
          </div>
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
                      setLastAnnounced(true);
                      inputRef.current?.focus();
                    }}
                  >
                    {t('draw.lastAnnounce')}
                  </button>
                </>
              )}
            </div>
          ) : null}
          <div aria-live="assertive">
            <ErrorAlert error={error} testId="draw-error" />
          </div>
          {notice ? (
            <p className="notice" role="status" data-testid="draw-notice">
              {notice}
            </p>
          ) : null}
          {announcement ? <Announcement data={announcement} compact collapsible={ballCount > 0} /> : null}
          {/* Claims are taken during the draw (art. 14.º, n.º 4): a suspended game takes none until it is resumed, so no form; winners it has stay. */}
          {board && state === 'suspended' && board.winners.length === 0 ? (
            <p className="hint" data-testid="claims-suspended">
              {t('draw.claimsSuspended', { number: game.number })}
            </p>
          ) : board ? <ClaimsPanel game={game} board={board} onClaimed={(claim) => boardQ.apply('game.claim', (b) => withClaim(b, claim))} onChanged={refresh} /> : <p className="loading">{t('common.loading')}</p>}
        </div>
        <div className="draw-left">
          <Board balls={balls} canDraw={canDraw} pending={shownPending} onChoose={choose} />
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
                setError(null);
                setRecalling(true);
              }}
            >
              {t('draw.recall')}
            </button>
          }
        />
      </div>
      {recalling && last !== undefined ? (
        <ApprovalDialog
          title={t('draw.recallTitle')}
          explain={t('draw.recallExplain', { ball: last, count: ballCount })}
          submitLabel={t('draw.recallSubmit', { ball: last })}
          testId="recall-dialog"
          onSubmit={(approval) => invoke('game.recallBall', { gameId: game.id, approval })}
          onDone={(recalled) => {
            setRecalling(false);
            setNotice(t('draw.recalled', { ball: last }));
            // The recall answers with the whole board.
            boardQ.apply('game.recallBall', (b) => (b.gameId === recalled.gameId ? recalled : null));
          }}
          onClose={() => setRecalling(false)}
        />
      ) : null}
    </section>
  );
}
