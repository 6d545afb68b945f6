/** A drawer's close as sent and answered, and its report's print job. */
import type { ChannelOutput } from '../../../core/contract.js';
import type { PrintJobView } from '../../lib/printing.js';

export type Closed = ChannelOutput<'drawer.close'>;
export interface Counted {
  map: Record<string, number>;
  cents: number;
  chips: { map: Record<string, number>; cents: number } | null;
}

/** A drawer's report job (its X or Z), the first print, not a 2.ª via; an X from its time on (one drawer prints several). */
export function drawerJobOf(jobs: readonly PrintJobView[] | undefined, drawerId: number, kind: 'x_report' | 'z_report', from?: string): PrintJobView | undefined {
  return jobs?.find((j) => j.refType === 'drawer' && j.refId === drawerId && j.kind === kind && j.reprintOf === null && (from === undefined || j.createdAt >= from));
}

export const closeInput = (counted: Counted) => ({
  countedByDenomination: counted.map,
  ...(counted.chips ? { countedChipsByValue: counted.chips.map } : {}),
});
