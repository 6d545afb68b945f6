import { useTranslation } from 'react-i18next';
import type { BoardView, GameView } from '../../../../core/contract.js';
import { invoke } from '../../../client.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { useFormat } from '../../../format.js';
import { cardLabel, type Kind } from './claim.js';
import type { ClaimClose } from './useClaimClose.js';

/** A claim window's close confirmed first: to whom the prize goes and how much (the line's too, and the special prize, at a bingo). */
export function CloseClaimsDialog({ kind, game, board, closing }: { kind: Kind; game: GameView; board: BoardView; closing: ClaimClose }) {
  const { t } = useTranslation();
  const f = useFormat();
  const awardable = closing.awardable(kind);
  return (
    <ConfirmDialog
      title={t(kind === 'line' ? 'claims.closeLineTitle' : 'claims.closeBingoTitle', { ball: board.ballCount })}
      confirmLabel={t(kind === 'line' ? 'claims.closeLine' : 'claims.closeBingo')}
      testId="close-claims-dialog"
      confirmTestId="close-claims-confirm"
      onConfirm={() => invoke('game.closeClaims', { gameId: game.id, kind, claimIds: awardable.map((c) => c.claimId) })}
      onDone={(value) => void closing.afterClose(kind, value)}
      onClose={closing.cancelClose}
    >
      <p className="confirm-what" data-testid="close-claims-what">
        {t(kind === 'line' ? 'claims.closeLineText' : 'claims.closeBingoText', {
          count: awardable.length,
          cards: awardable.map((c) => cardLabel(c.seriesCode, c.card)).join(', '),
          amount: f.money((kind === 'line' ? game.linePrizeCents : game.bingoPrizeCents) ?? 0),
        })}
      </p>
      {kind === 'bingo' && !board.lineAwarded ? <p className="hint">{t('claims.closeBingoLineToo', { amount: f.money(game.linePrizeCents ?? 0) })}</p> : null}
      {kind === 'bingo' && board.special?.eligible && board.special.fundCents > 0 ? (
        <p className="hint">{t('claims.closeBingoSpecial', { amount: f.money(board.special.fundCents), balls: board.special.balls })}</p>
      ) : null}
      <p className="hint">{t(kind === 'line' ? 'claims.closeLineNote' : 'claims.closeBingoNote')}</p>
    </ConfirmDialog>
  );
}
