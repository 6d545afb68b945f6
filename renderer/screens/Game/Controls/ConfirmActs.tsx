import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../../core/contract.js';
import { invoke } from '../../../client.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';

/** Go on drawing by hand (art. 16.º, n.º 2), confirmed after saying what it means. */
export function ManualDrawDialog({ game, ballCount, onDone, onClose }: { game: GameView; ballCount: number; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('controls.manualDrawTitle', { number: game.number })}
      confirmLabel={t('controls.manualDrawConfirm')}
      testId="manual-draw-dialog"
      confirmTestId="manual-draw-confirm"
      onConfirm={() => invoke('game.manualDraw', { gameId: game.id })}
      onDone={onDone}
      onClose={onClose}
    >
      <p className="confirm-what" data-testid="manual-draw-what">
        {t('controls.manualDrawText', { number: game.number, count: ballCount })}
      </p>
    </ConfirmDialog>
  );
}

/** Suspend the game, confirmed after saying what stops (the sale or the draw). */
export function SuspendDialog({ game, onDone, onClose }: { game: GameView; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('controls.suspendTitle', { number: game.number })}
      confirmLabel={t('controls.suspendConfirm', { number: game.number })}
      testId="suspend-dialog"
      confirmTestId="suspend-confirm"
      danger
      onConfirm={() => invoke('game.suspend', { gameId: game.id })}
      onDone={onDone}
      onClose={onClose}
    >
      <p className="confirm-what" data-testid="suspend-what">
        {t(game.state === 'selling' ? 'controls.suspendTextSale' : 'controls.suspendTextDraw', { number: game.number })}
      </p>
      <p className="hint">{t('controls.suspendNote')}</p>
    </ConfirmDialog>
  );
}
