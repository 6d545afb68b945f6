/**
 * Keeping the group's cosignatures in the hall's file (migration 0028), as
 * the kiosk keeps them (Kiosk.keepCosignatures): each line kept only when it
 * is the witness's signature of that very checkpoint's note, all in one
 * transaction. The command line's shipper keeps them through this.
 */
import { writeTransaction, type WritableDb } from '../../../../db/connection.js';
import type { CosignatureRow } from '../../../../db/group/witness.js';
import { checkpointById, insertCosignature } from '../../../../db/transparency.js';
import { cosigns } from './checkpoint.js';

/** The rows that check, kept (one already kept is left as it was); how many checked. */
export function keepCosignatures(db: WritableDb, rows: readonly CosignatureRow[], receivedAt: string): number {
  const holding = rows.filter((r) => {
    const checkpoint = checkpointById(db, r.checkpointId);
    return checkpoint !== undefined && cosigns(checkpoint.note, r.witnessKey, r.line);
  });
  if (holding.length === 0) return 0;
  writeTransaction(db, () => {
    for (const r of holding) insertCosignature(db, { ...r, receivedAt });
  });
  return holding.length;
}
