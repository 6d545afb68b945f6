import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNUL_REASONS, SUSPENSION_ANNUL_MINUTES } from '../../../../core/bingo/rules.js';
import type { GameView } from '../../../../core/contract.js';
import { invoke, type ClientError } from '../../../client.js';
import { DialogActions } from '../../../components/ConfirmDialog.js';
import { Dialog } from '../../../components/Dialog.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useFormat } from '../../../format.js';
import { minutesLeft } from '../../../lib/board.js';

type Reason = (typeof ANNUL_REASONS)[number];

/** The reason the annulment most likely has: the closing time for a game that can no longer be played, art. 16.1's once 15 minutes are over. */
export function likelyReason(game: Pick<GameView, 'unplayable' | 'state' | 'suspendedAt'>, ballCount: number, now: Date): Reason | '' {
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
export function AnnulDialog({ game, initialReason, onDone, onClose }: { game: GameView; initialReason: Reason | ''; onDone: () => void; onClose: () => void }) {
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
