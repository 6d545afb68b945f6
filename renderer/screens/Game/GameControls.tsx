import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SUSPENSION_ANNUL_MINUTES } from '../../../core/bingo/rules.js';
import type { GameView } from '../../../core/contract.js';
import { invoke } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useNow } from '../../hooks.js';
import { minutesLeft } from '../../lib/board.js';
import { AnnulDialog, likelyReason } from './Controls/AnnulDialog.js';
import { ManualDrawDialog, SuspendDialog } from './Controls/ConfirmActs.js';
import { GameNotices } from './Controls/GameNotices.js';
import { gameAllows, useGameActs, type GameActs } from './Controls/useGameActs.js';

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
  const acts = useGameActs(onChanged);
  const suspended = game.state === 'suspended';
  const now = useNow(15_000, suspended);
  // Art. 16.1: from the 15th minute the failure was not solved; the game is annulled, never resumed.
  const expired = suspended && game.suspendedAt !== null && minutesLeft(game.suspendedAt, SUSPENSION_ANNUL_MINUTES, now) === 0;

  if (game.state === 'finished') return leading ? <div className="controls-row">{leading}</div> : null;
  if (game.state === 'annulled') return <AnnulledInfo game={game} />;

  const allows = gameAllows(game, ballCount, expired);
  return (
    <ControlsGroup>
      <GameNotices game={game} ballCount={ballCount} now={now} unplayableNotice={unplayableNotice} />
      <ControlsRow game={game} acts={acts} allows={allows} leading={leading} />
      <ErrorAlert error={acts.error} testId="control-error" />
      {acts.annulling ? <AnnulDialog game={game} initialReason={likelyReason(game, ballCount, now)} onClose={acts.closeAnnul} onDone={acts.annulDone} /> : null}
      {acts.confirmManual && allows.canDrawByHand ? <ManualDrawDialog game={game} ballCount={ballCount} onDone={acts.manualDone} onClose={acts.closeManual} /> : null}
      {acts.confirmSuspend && allows.canSuspend ? <SuspendDialog game={game} onDone={acts.suspendDone} onClose={acts.closeSuspend} /> : null}
    </ControlsGroup>
  );
}

function ControlsGroup({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="controls" aria-label={t('controls.title')} role="group">
      {children}
    </div>
  );
}

/** An annulled game: why, and that its cards are refunded. */
function AnnulledInfo({ game }: { game: GameView }) {
  const { t } = useTranslation();
  return (
    <div className="controls">
      <p className="alert" role="status" data-testid="annulled-info">
        {t('controls.annulled', { reason: game.annulReason ? t(`annulReason.${game.annulReason}`) : '' })} {t('controls.refundHint')}
      </p>
    </div>
  );
}

/** The row of buttons: the host's first, then suspend or resume, draw by hand, annul. */
function ControlsRow({ game, acts, allows, leading }: { game: GameView; acts: GameActs; allows: ReturnType<typeof gameAllows>; leading: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="controls-row">
      {leading}
      {allows.canSuspend ? <ActButton className="btn btn-warning" testId="suspend-game" disabled={acts.busy} label={t('controls.suspend')} onClick={acts.openSuspend} /> : null}
      {allows.canResume ? (
        <ActButton className="btn btn-primary" testId="resume-game" disabled={acts.busy} label={t('controls.resume')} onClick={() => void acts.run(() => invoke('game.resume', { gameId: game.id }))} />
      ) : null}
      {allows.canDrawByHand ? <ActButton className="btn" testId="manual-draw" disabled={acts.busy} label={t('controls.manualDraw')} onClick={acts.openManual} /> : null}
      <ActButton className="btn btn-danger-outline controls-annul" testId="annul-submit" label={t('controls.annul')} onClick={acts.openAnnul} />
    </div>
  );
}

function ActButton({ className, testId, disabled, label, onClick }: { className: string; testId: string; disabled?: boolean; label: string; onClick: () => void }) {
  return (
    <button type="button" className={className} data-testid={testId} disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );
}
