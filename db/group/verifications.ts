/** group:verify's signed results (group migration 11): the newest of a hall by a witness key, and a new one. */
import type { GroupClient } from './client.js';

export interface VerificationRow {
  id: number;
  hallId: string;
  witnessKey: string;
  fromSeq: number;
  toSeq: number;
  toHash: string;
  fullCheck: boolean;
  verifiedAt: Date;
  signature: string;
}

/** The newest results of a hall by `witnessKey`, newest first (the first whose signature holds is the anchor). */
export async function newestVerifications(c: GroupClient, hallId: string, witnessKey: string, limit = 5): Promise<VerificationRow[]> {
  const { rows } = await c.query<{ id: string; from_seq: string; to_seq: string; to_hash: string; full_check: boolean; verified_at: Date; signature: string }>(
    `SELECT id, from_seq, to_seq, to_hash, full_check, verified_at, signature FROM verifications
      WHERE hall_id = $1 AND witness_key = $2 ORDER BY id DESC LIMIT $3`,
    [hallId, witnessKey, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    hallId,
    witnessKey,
    fromSeq: Number(r.from_seq),
    toSeq: Number(r.to_seq),
    toHash: r.to_hash,
    fullCheck: r.full_check,
    verifiedAt: r.verified_at,
    signature: r.signature,
  }));
}

export async function insertVerification(c: GroupClient, v: Omit<VerificationRow, 'id'>): Promise<void> {
  await c.query(
    `INSERT INTO verifications (hall_id, witness_key, from_seq, to_seq, to_hash, full_check, verified_at, signature) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [v.hallId, v.witnessKey, v.fromSeq, v.toSeq, v.toHash, v.fullCheck, v.verifiedAt, v.signature],
  );
}
