import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNUL_REASONS, type GameView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useNow } from '../../hooks.js';
import { minutesLeft } from '../../lib/board.js';

type Reason = (typeof ANNUL_REASONS)[number];

/** Art. 16.º, n.º 1: a failure before the first ball may annul the game after 15 minutes. */
const ANNUL_AFTER_MINUTES = 15;

interface Props {
  game: GameView;
  ballCount: number;
  onChanged: () => Promise<void>;
}

/** Suspend (confirmed, saying what stops) / resume the game; annul it with one of the three reasons of art. 16.º (confirmed in place). */
export function GameControls({ game, ballCount, onChanged }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [reason, setReason] = useState<Reason | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const suspended = game.state === 'suspended';
  const now = useNow(15_000, suspended);

  const run = async (act: () => ReturnType<typeof invoke<'game.suspend'>>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await act();
    setBusy(false);
    setConfirming(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    await onChanged();
  };

  if (game.state === 'finished') return null;
  if (game.state === 'annulled') {
    return (
      <div className="controls">
        <p className="alert" role="status" data-testid="annulled-info">
          {t('controls.annulled', { reason: game.annulReason ? t(`annulReason.${game.annulReason}`) : '' })}
        </p>
        <p className="hint">{t('controls.refundHint')}</p>
      </div>
    );
  }

  const canSuspend = game.state === 'selling' || game.state === 'sale_closed' || game.state === 'drawing';
  const since = game.suspendedAt;
  // Art. 16.2: a failure after balls were drawn first offers to go on drawing by hand.
  const canDrawByHand = ballCount > 0 && !game.manualDraw && (game.state === 'drawing' || (suspended && since !== null));

  return (
    <div className="controls" aria-label={t('controls.title')} role="group">
      <div className="button-row">
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
        {suspended ? (
          <button type="button" className="btn btn-primary" data-testid="resume-game" disabled={busy} onClick={() => void run(() => invoke('game.resume', { gameId: game.id }))}>
            {t('controls.resume')}
          </button>
        ) : null}
        {canDrawByHand ? (
          <button type="button" className="btn" data-testid="manual-draw" disabled={busy} onClick={() => void run(() => invoke('game.manualDraw', { gameId: game.id }))}>
            {t('controls.manualDraw')}
          </button>
        ) : null}
      </div>
      {game.manualDraw ? (
        <p className="notice" data-testid="manual-draw-info">
          {t('controls.manualDrawOn')}
        </p>
      ) : null}
      {suspended && since ? (
        <p className="notice" role="status" data-testid="suspended-info">
          {t('controls.suspendedSince', {
            time: f.shortTime(since),
            minutes: Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000)),
          })}
          {ballCount === 0 || !game.manualDraw
            ? ` ${
                minutesLeft(since, ANNUL_AFTER_MINUTES, now) > 0
                  ? t('controls.annulFrom', { time: f.shortTime(new Date(new Date(since).getTime() + ANNUL_AFTER_MINUTES * 60_000).toISOString()) })
                  : t('controls.annulNow')
              }`
            : ''}
        </p>
      ) : null}
      <div className="annul-row">
        <label className="annul-label">
          {t('controls.annulReason')}
          <select
            data-testid="annul-reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value as Reason | '');
              setConfirming(false);
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
        {confirming && reason ? (
          <div className="confirm-inline" role="alert">
            <p>{t('controls.annulConfirmText', { number: game.number })}</p>
            <div className="button-row">
              <button type="button" className="btn" data-testid="annul-cancel" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                data-testid="annul-confirm"
                disabled={busy}
                onClick={() => void run(() => invoke('game.annul', { gameId: game.id, reason }))}
              >
                {busy ? t('common.working') : t('controls.annulConfirm', { number: game.number })}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-danger-outline"
            data-testid="annul-submit"
            onClick={() => {
              setError(null);
              if (!reason) setError(t('controls.reasonRequired'));
              else setConfirming(true);
            }}
          >
            {t('controls.annul')}
          </button>
        )}
      </div>
      <ErrorAlert error={error} testId="control-error" />
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
