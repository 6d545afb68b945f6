import { useState } from 'react';
import type { BoardView, ChannelOutput, GameView } from '../../../../core/contract.js';
import { invoke, type ClientError } from '../../../client.js';
import type { Kind } from './claim.js';
import type { OneAtATime } from './useOneAtATime.js';

type Closed = ChannelOutput<'game.closeClaims'>;

/**
 * "Mais alguma linha?" / "Mais algum bingo?": the close of a claim window. With valid claims it awards the prizes,
 * so it waits for its confirmation, saying to whom and what (no later claim counts, art. 14.4).
 */
export function useClaimClose(game: GameView, board: BoardView, guard: OneAtATime, on: { closed: () => void; changed: () => Promise<void> }) {
  const [closeError, setCloseError] = useState<ClientError | null>(null);
  const [closed, setClosed] = useState<(Closed & { kind: Kind }) | null>(null);
  // The close of a claim window waiting for its confirmation (it awards the prize; no later claim counts, art. 14.4).
  const [confirmClose, setConfirmClose] = useState<Kind | null>(null);
  const atThisBall = board.claims.filter((c) => c.ballCount === board.ballCount);
  const awardable = (k: Kind) => atThisBall.filter((c) => c.kind === k && c.valid && !c.awarded);

  const afterClose = async (k: Kind, value: Closed) => {
    setConfirmClose(null);
    setClosed({ ...value, kind: k });
    on.closed();
    await on.changed();
  };

  const close = async (k: Kind) => {
    setCloseError(null);
    setClosed(null);
    // With valid claims the close awards prizes: it is confirmed first, saying to whom and what.
    if (awardable(k).length > 0) {
      setConfirmClose(k);
      return;
    }
    // Nothing to award on screen: the kiosk's answer is all there is to say (none, or some checked elsewhere: shown, not awarded).
    await guard.run(async () => {
      const r = await invoke('game.closeClaims', { gameId: game.id, kind: k, claimIds: [] });
      if (r.ok) await afterClose(k, r.value);
      else setCloseError(r.error);
    });
  };

  return {
    atThisBall,
    awardable,
    close,
    afterClose,
    confirmClose,
    cancelClose: () => setConfirmClose(null),
    closeError,
    clearError: () => setCloseError(null),
    closed,
  };
}
export type ClaimClose = ReturnType<typeof useClaimClose>;
