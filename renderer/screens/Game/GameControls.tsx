import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNUL_REASONS, SUSPENSION_ANNUL_MINUTES } from '../../../core/bingo/rules.js';
import type { GameView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog, DialogActions } from '../../components/ConfirmDialog.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useNow } from '../../hooks.js';
import { minutesLeft } from '../../lib/board.js';

type Reason = (typeof ANNUL_REASONS)[number];

interface Props {
  game: GameView;
  ballCount: number;
  onChanged: () => Promise<void>;
  /** Buttons of the panel that hosts the controls (the draw's recall), first in the same row. */
  leading?: ReactNode;
  /** Say here that the game can no longer be played (the draw panel says it by its entry instead). */
  unplayableNotice?: boolean;
}

/** The reason the annulment most likely has: the closing time for a game that can no longer be played, art. 16.1's once 15 minutes are over. */
function likelyReason(game: Pick<GameView, 'unplayable' | 'state' | 'suspendedAt'>, ballCount: number, now: Date): Reason | '' {
  if (game.unplayable && ballCount === 0) return 'closing_time';
  if (game.state === 'suspended' && game.suspendedAt && minutesLeft(game.suspendedAt, SUSPENSION_ANNUL_MINUTES, now) === 0) {
    return ballCount === 0 ? 'failure_before_draw' : 'failure_during_draw';
  }
  return '';
}

/**
 * Annul a game: the reason of art. 16.º chosen in the dialog, which says what
 * the annulment does (every sale refunded in full, unpaid prizes void) before
 * it is done; a refusal (the 15 minutes not over) stays in the dialog.
 */
function AnnulDialog({ game, initialReason, onDone, onClose }: { game: GameView; initialReason: Reason | ''; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [reason, setReason] = useState<Reason | ''>(initialReason);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const annul = async () => {
    if (busy) return;
    if (!reason) {
      setError(t('controls.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('game.annul', { gameId: game.id, reason });
    setBusy(false);
    if (r.ok) onDone();
    else setError(r.error);
  };
  return (
    <Dialog title={t('controls.annulTitle', { number: game.number })} onClose={onClose} testId="annul-dialog">
      <div className="confirm-body">
        <p className="confirm-what" data-testid="annul-what">
          {/* A double pair's first game refunds each sale whole (its figure is its half); its second, each sale's half. */}
          {t(game.double === 'first' ? 'controls.annulConfirmTextFirst' : game.double === 'second' ? 'controls.annulConfirmTextSecond' : 'controls.annulConfirmText', {
            number: game.number,
            count: game.cardsSold,
            total: f.money(game.totalCents),
          })}
        </p>
        <label className="form field-block">
          <span className="field-label">{t('controls.annulReason')}</span>
          <select
            data-testid="annul-reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value as Reason | '');
              setError(null);
            }}
          >
            <option value="">{t('controls.chooseReason')}</option>
            {ANNUL_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`annulReason.${r}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorAlert error={error} testId="annul-error" />
      <DialogActions
        failed={error !== null && typeof error !== 'string'}
        busy={busy}
        danger
        label={t('controls.annulConfirm', { number: game.number })}
        testId="annul-confirm"
        onClose={onClose}
        onConfirm={() => void annul()}
      />
    </Dialog>
  );
}

/**
 * The game's controls in one row: suspend (confirmed, saying what stops) or
 * resume, go on drawing by hand (art. 16.º, n.º 2), and annul with one of the
 * three reasons of art. 16.º (a dialog that says what it does). What holds
 * now (suspended since, drawn by hand, annulled) is said above the row.
 */
export function GameControls({ game, ballCount, onChanged, leading = null, unplayableNotice = true }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
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
      {suspended && since ? (
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
        <ConfirmDialog
          title={t('controls.manualDrawTitle', { number: game.number })}
          confirmLabel={t('controls.manualDrawConfirm')}
          testId="manual-draw-dialog"
          confirmTestId="manual-draw-confirm"
          onConfirm={() => invoke('game.manualDraw', { gameId: game.id })}
          onDone={() => {
            setConfirmManual(false);
            void onChanged();
          }}
          onClose={() => setConfirmManual(false)}
        >
          <p className="confirm-what" data-testid="manual-draw-what">
            {t('controls.manualDrawText', { number: game.number, count: ballCount })}
          </p>
        </ConfirmDialog>
      ) : null}
      {confirmSuspend && canSuspend ? (
        <ConfirmDialog
          title={t('controls.suspendTitle', { number: game.number })}
          confirmLabel={t('controls.suspendConfirm', { number: game.number })}
          testId="suspend-dialog"
          confirmTestId="suspend-confirm"
          danger
          onConfirm={() => invoke('game.suspend', { gameId: game.id })}
          onDone={() => {
            setConfirmSuspend(false);
            void onChanged();
          }}
          onClose={() => setConfirmSuspend(false)}
        >
          <p className="confirm-what" data-testid="suspend-what">
            {t(game.state === 'selling' ? 'controls.suspendTextSale' : 'controls.suspendTextDraw', { number: game.number })}
          </p>
          <p className="hint">{t('controls.suspendNote')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
