import { useTranslation } from 'react-i18next';
import type { BoardView, ClaimView, GameView } from '../../../core/contract.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { cardLabel } from './Claims/claim.js';
import { ClaimForm } from './Claims/ClaimForm.js';
import { ClaimResult } from './Claims/ClaimResult.js';
import { ClaimsAtBall } from './Claims/ClaimsAtBall.js';
import { CloseButtons } from './Claims/CloseButtons.js';
import { CloseClaimsDialog } from './Claims/CloseClaimsDialog.js';
import { PotentialCards } from './Claims/PotentialCards.js';
import { SpecialPrize } from './Claims/SpecialPrize.js';
import { useClaimCheck } from './Claims/useClaimCheck.js';
import { useClaimClose } from './Claims/useClaimClose.js';
import { useOneAtATime } from './Claims/useOneAtATime.js';
import { Winners } from './Claims/Winners.js';

interface Props {
  game: GameView;
  board: BoardView;
  /** A claim was recorded: its answer is all the board needs. */
  onClaimed: (claim: ClaimView) => void;
  /** Claims were closed: the board is fetched again (awards, state). */
  onChanged: () => Promise<void>;
}

/**
 * Claims at the current ball: verify a card (or confirm it by hand when the
 * series has no faces), the cards that hold a line or bingo right now, the
 * claims made at this ball, "Mais alguma linha?" / "Mais algum bingo?", the
 * winners with their prizes and the accumulated special prize.
 */
export function ClaimsPanel({ game, board, onClaimed, onChanged }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const guard = useOneAtATime();
  // A close puts the check's verdict away; a check puts the close's refusal away.
  const closing = useClaimClose(game, board, guard, { closed: () => check.clear(), changed: onChanged });
  const check = useClaimCheck(game, board, guard, { send: closing.clearError, claimed: onClaimed });
  const drawing = board.state === 'drawing';
  const over = board.state === 'finished' || board.state === 'annulled';
  const { closed } = closing;

  return (
    <div className="claims">
      <SpecialPrize board={board} />

      {over ? null : (
        <>
          <section aria-labelledby="claim-title">
            <h3 id="claim-title">{board.ballCount > 0 ? t('claims.title', { count: board.ballCount }) : t('claims.titleNone')}</h3>
            <ClaimForm check={check} board={board} drawing={drawing} busy={guard.busy} />
            {/* The claim windows right under the check: a verdict with its card never pushes them out of sight. */}
            <CloseButtons board={board} drawing={drawing} busy={guard.busy} waiting={(k) => closing.awardable(k).length} onClose={(k) => void closing.close(k)} />
            <div ref={check.resultRef} className="claim-result" data-testid="claim-result" aria-live="polite">
              <ClaimResult check={check} balls={board.balls} busy={guard.busy} />
            </div>
          </section>

          <ClaimsAtBall claims={closing.atThisBall} ballCount={board.ballCount} />

          {drawing ? <PotentialCards board={board} drawing={drawing} onPick={check.prefill} /> : null}
        </>
      )}
      <ErrorAlert error={closing.closeError} testId="close-error" />
      {closed ? (
        <p className="success" role="status" data-testid="close-result">
          {t(closed.kind === 'line' ? 'claims.closedLine' : 'claims.closedBingo', {
            winners: closed.winners.map((w) => `${cardLabel(w.seriesCode, w.card)} (${t(`kindText.${w.kind}`)}) ${f.money(w.prizeCents)}`).join(' · '),
          })}
        </p>
      ) : null}

      <Winners winners={board.winners} />
      {closing.confirmClose ? <CloseClaimsDialog kind={closing.confirmClose} game={game} board={board} closing={closing} /> : null}
    </div>
  );
}
