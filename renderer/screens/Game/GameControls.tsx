import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SUSPENSION_ANNUL_MINUTES } from '../../../core/bingo/rules.js';
import type { GameView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useNow } from '../../hooks.js';
import { minutesLeft } from '../../lib/board.js';
import { AnnulDialog, likelyReason } from './Controls/AnnulDialog.js';
import { ManualDrawDialog, SuspendDialog } from './Controls/ConfirmActs.js';
import { GameNotices } from './Controls/GameNotices.js';

interface Props {
  game: GameView;
  ballCount: number;
  onChanged: () => Promise<void>;
  /** Buttons of the panel that hosts the controls (the draw's recall), first in the same row. */
  leading?: ReactNode;
  /** Say here that the game can no longer be played (the draw panel says it by its entry instead). */
  unplayableNotice?: boolean;
}

/**
 * The game's controls in one row: suspend (confirmed, saying what stops) or
 * resume, go on drawing by hand (art. 16.º, n.º 2), and annul with one of the
 * three reasons of art. 16.º (a dialog that says what it does). What holds
 * now (suspended since, drawn by hand, annulled) is said above the row.
 */
export function GameControls({ game, ballCount, onChanged, leading = null, unplayableNotice = true }: Props) {
  const { t } = useTranslation();
  const [annulling, setAnnulling] = useState(false);
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const [confirmManual, setConfirmManual] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const suspended = game.state === 'suspended';
  const now = useNow(15_000, suspended);
  // Art. 16.1: from the 15th minute the failure was not solved; the game is annulled, never resumed.
  const expired = suspended && game.suspendedAt !== null && minutesLeft(game.suspendedAt, SUSPENSION_ANNUL_MINUTES, now) === 0;

  const run = async (act: () => ReturnType<typeof invoke<'game.resume'>>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await act();
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    await onChanged();
  };

  if (game.state === 'finished') return leading ? <div className="controls-row">{leading}</div> : null;
  if (game.state === 'annulled') {
    return (
      <div className="controls">
        <p className="alert" role="status" data-testid="annulled-info">
          {t('controls.annulled', { reason: game.annulReason ? t(`annulReason.${game.annulReason}`) : '' })} {t('controls.refundHint')}
        </p>
      </div>
    );
  }

  const canSuspend = game.state === 'selling' || game.state === 'sale_closed' || game.state === 'drawing';
  const since = game.suspendedAt;
  // Art. 16.2: a failure after balls were drawn first offers to go on drawing by hand.
  const canDrawByHand = ballCount > 0 && !game.manualDraw && (game.state === 'drawing' || (suspended && since !== null && !expired));

  return (
    <div className="controls" aria-label={t('controls.title')} role="group">
      <GameNotices game={game} ballCount={ballCount} now={now} unplayableNotice={unplayableNotice} />
      <div className="controls-row">
        {leading}
        {canSuspend ? (
          <button
            type="button"
            className="btn btn-warning"
            data-testid="suspend-game"
            disabled={busy}
            onClick={() => {
              setError(null);
              setConfirmSuspend(true);
            }}
          >
            {t('controls.suspend')}
          </button>
        ) : null}
        {suspended && !expired ? (
          <button type="button" className="btn btn-primary" data-testid="resume-game" disabled={busy} onClick={() => void run(() => invoke('game.resume', { gameId: game.id }))}>
            {t('controls.resume')}
          </button>
        ) : null}
        {canDrawByHand ? (
          <button
            type="button"
            className="btn"
            data-testid="manual-draw"
            disabled={busy}
            onClick={() => {
              setError(null);
              setConfirmManual(true);
            }}
          >
            {t('controls.manualDraw')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-danger-outline controls-annul"
          data-testid="annul-submit"
          onClick={() => {
            setError(null);
            setAnnulling(true);
          }}
        >
          {t('controls.annul')}
        </button>
      </div>
      <ErrorAlert error={error} testId="control-error" />
      {annulling ? (
        <AnnulDialog
          game={game}
          initialReason={likelyReason(game, ballCount, now)}
          onClose={() => setAnnulling(false)}
          onDone={() => {
            setAnnulling(false);
            void onChanged();
          }}
        />
      ) : null}
      {confirmManual && canDrawByHand ? (
        <ManualDrawDialog
          game={game}
          ballCount={ballCount}
          onDone={() => {
            setConfirmManual(false);
            void onChanged();
          }}
          onClose={() => setConfirmManual(false)}
        />
      ) : null}
      {confirmSuspend && canSuspend ? (
        <SuspendDialog
          game={game}
          onDone={() => {
            setConfirmSuspend(false);
            void onChanged();
          }}
          onClose={() => setConfirmSuspend(false)}
        />
      ) : null}
    </div>
  );
}
