/** A payout's shapes: what is being paid (a prize or a refund) and what was paid last. */
import type { ChannelOutput, WinnerView } from '../../../core/contract.js';

/** What the refund dialog shows of a sale: from the list, or from the kiosk's check of a sale not on it. */
type RefundRow = ChannelOutput<'refund.check'>;
export type Paying = { type: 'prize'; winner: WinnerView } | { type: 'refund'; saleId: number; check: string | null; row: RefundRow };
/** The last payout, worded at each render: its words follow a change of language. */
export type Done = { type: 'refund'; r: ChannelOutput<'refund.pay'> } | { type: 'prize'; w: WinnerView };
/** What the last payout documents (a prize's winner, a refund's sale): its receipt's fate is said under it. */
export type PaidDoc = { type: 'winner' | 'refund'; id: number };

/** A winning card as printed on it ("A 17"). */
export const cardOf = (w: WinnerView) => `${w.seriesCode} ${w.card}`;
