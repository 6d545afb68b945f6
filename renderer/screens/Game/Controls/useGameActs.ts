import { useState } from 'react';
import type { GameView } from '../../../../core/contract.js';
import type { invoke, ClientError } from '../../../client.js';

/**
 * The game controls' state and acts: which dialog is open (annul, suspend,
 * draw by hand), an act under way and its refusal. Opening a dialog clears
 * the refusal of the act before.
 */
export function useGameActs(onChanged: () => Promise<void>) {
  const [annulling, setAnnulling] = useState(false);
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const [confirmManual, setConfirmManual] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);

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
  const opener = (open: (on: boolean) => void) => () => {
    setError(null);
    open(true);
  };
  /** A dialog's act done: it closes and the game is read again. */
  const closer = (close: (on: boolean) => void) => () => {
    close(false);
    void onChanged();
  };

  return {
    busy,
    error,
    run,
    annulling,
    confirmSuspend,
    confirmManual,
    openAnnul: opener(setAnnulling),
    openSuspend: opener(setConfirmSuspend),
    openManual: opener(setConfirmManual),
    closeAnnul: () => setAnnulling(false),
    closeSuspend: () => setConfirmSuspend(false),
    closeManual: () => setConfirmManual(false),
    annulDone: closer(setAnnulling),
    suspendDone: closer(setConfirmSuspend),
    manualDone: closer(setConfirmManual),
  };
}

export type GameActs = ReturnType<typeof useGameActs>;

/** What the game allows now: suspend, resume (not past the 15 minutes of art. 16.1), go on drawing by hand. */
export function gameAllows(game: GameView, ballCount: number, expired: boolean) {
  const suspended = game.state === 'suspended';
  const canSuspend = game.state === 'selling' || game.state === 'sale_closed' || game.state === 'drawing';
  // Art. 16.2: a failure after balls were drawn first offers to go on drawing by hand.
  const canDrawByHand = ballCount > 0 && !game.manualDraw && (game.state === 'drawing' || (suspended && game.suspendedAt !== null && !expired));
  return { canSuspend, canResume: suspended && !expired, canDrawByHand };
}
