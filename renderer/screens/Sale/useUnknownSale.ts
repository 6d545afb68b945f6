import { useEffect, useState } from 'react';
import type { ChannelOutput } from '../../../core/contract.js';

/** A sale whose request reached the hall and whose answer did not. */
export interface UnknownSale {
  key: string;
  totalCents: number;
  gameId: number;
  gameNumber: number;
}
/**
 * The sale of unknown outcome outlives the screen: a hall started again asks for the PIN, and the sale screen that
 * comes back after it must still say it (and learn the truth). This page's, as the counter's own memory is the counter's.
 */
let unknownSaleOfPage: UnknownSale | null = null;

type LinkStatus = ChannelOutput<'link.status'>;
type KeyOutcome = NonNullable<Extract<LinkStatus, { mode: 'counter' }>['outcomes']>[number];

/**
 * A sale whose outcome is unknown until the hall answers for its key (the counter asks it once the link is back, and
 * link.status says). Meanwhile no sale is offered: it could be a second. Once the hall has answered, `onSettled` hears
 * it: the sale as it was made (its numbers, its receipt), or not made (a new sale may then be made, under a new key).
 */
export function useUnknownSale(link: LinkStatus | undefined, onSettled: (outcome: KeyOutcome, sale: UnknownSale) => void) {
  const [unknownSale, setUnknownSaleState] = useState<UnknownSale | null>(unknownSaleOfPage);
  const setUnknownSale = (next: UnknownSale | null) => {
    unknownSaleOfPage = next;
    setUnknownSaleState(next);
  };
  const unknownKey = unknownSale?.key ?? null;
  const settledOutcome = unknownKey !== null && link?.mode === 'counter' ? link.outcomes?.find((o) => o.key === unknownKey && o.state !== 'unknown') : undefined;
  useEffect(() => {
    if (!unknownSale || !settledOutcome) return;
    setUnknownSale(null);
    onSettled(settledOutcome, unknownSale);
  }, [settledOutcome, unknownSale]);
  return { unknownSale, setUnknownSale };
}
