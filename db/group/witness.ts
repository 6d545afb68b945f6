/**
 * SQL of the group as a witness (issue 26, group migration 7): the halls'
 * signed checkpoints as shipped, the group's cosignatures (or refusals) of
 * them, and the witness's Merkle frontier of each hall.
 */
import type { GroupClient } from './client.js';

export interface ShippedCheckpoint {
  checkpointId: number;
  size: number;
  rootHash: string;
  keyId: string;
  note: string;
}

/** The newest checkpoint of a hall the group holds (0: none). */
export async function lastShippedCheckpoint(c: GroupClient, hallId: string): Promise<number> {
  const { rows } = await c.query<{ id: string | null }>(`SELECT max(checkpoint_id) AS id FROM hall_checkpoints WHERE hall_id = $1`, [hallId]);
  return Number(rows[0]?.id ?? 0);
}

/** A hall's checkpoints, as it signed them (one already held is left as it is). */
export async function insertHallCheckpoints(c: GroupClient, hallId: string, rows: readonly ShippedCheckpoint[]): Promise<void> {
  if (rows.length === 0) return;
  await c.query(
    `INSERT INTO hall_checkpoints (hall_id, checkpoint_id, size, root_hash, key_id, note)
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[]) ON CONFLICT DO NOTHING`,
    [hallId, rows.map((r) => r.checkpointId), rows.map((r) => r.size), rows.map((r) => r.rootHash), rows.map((r) => r.keyId), rows.map((r) => r.note)],
  );
}

export interface CosignatureRow {
  checkpointId: number;
  witnessKey: string;
  line: string;
  witnessedAt: string;
}

/** The cosignatures of a hall's checkpoints after `afterCheckpointId` (refusals are the group's to read, not the hall's). */
export async function cosignaturesAfter(c: GroupClient, hallId: string, afterCheckpointId: number): Promise<CosignatureRow[]> {
  const { rows } = await c.query<{ checkpoint_id: string; witness_key: string; line: string; witnessed_at: Date }>(
    `SELECT checkpoint_id, witness_key, line, witnessed_at FROM cosignatures
      WHERE hall_id = $1 AND checkpoint_id > $2 AND line IS NOT NULL ORDER BY checkpoint_id, witness_key`,
    [hallId, afterCheckpointId],
  );
  return rows.map((r) => ({ checkpointId: Number(r.checkpoint_id), witnessKey: r.witness_key, line: r.line, witnessedAt: r.witnessed_at.toISOString() }));
}

/** The hall's checkpoints this witness has not looked at yet, whose entries the group holds, smallest first. */
export async function checkpointsToWitness(c: GroupClient, hallId: string, witnessKey: string, maxSize: number): Promise<ShippedCheckpoint[]> {
  const { rows } = await c.query<{ checkpoint_id: string; size: string; root_hash: string; key_id: string; note: string }>(
    `SELECT checkpoint_id, size, root_hash, key_id, note FROM hall_checkpoints h
      WHERE hall_id = $1 AND size <= $3
        AND NOT EXISTS (SELECT 1 FROM cosignatures w WHERE w.hall_id = h.hall_id AND w.checkpoint_id = h.checkpoint_id AND w.witness_key = $2)
      ORDER BY size, checkpoint_id`,
    [hallId, witnessKey, maxSize],
  );
  return rows.map((r) => ({ checkpointId: Number(r.checkpoint_id), size: Number(r.size), rootHash: r.root_hash, keyId: r.key_id, note: r.note }));
}

export async function insertCosignature(c: GroupClient, hallId: string, r: { checkpointId: number; witnessKey: string; line: string | null; refusal: string | null; witnessedAt: Date }): Promise<void> {
  await c.query(
    `INSERT INTO cosignatures (hall_id, checkpoint_id, witness_key, line, refusal, witnessed_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [hallId, r.checkpointId, r.witnessKey, r.line, r.refusal, r.witnessedAt],
  );
}

/** The hall's signing keys as its journal recorded them (entries `hall.key`), oldest first. */
export async function journalHallKeys(c: GroupClient, hallId: string): Promise<{ seq: number; verifierKey: string }[]> {
  const { rows } = await c.query<{ seq: string; after: string | null }>(
    `SELECT seq, payload->>'after' AS after FROM journal WHERE hall_id = $1 AND kind = 'hall.key' ORDER BY seq`,
    [hallId],
  );
  return rows.flatMap((r) => {
    const after = r.after ? (JSON.parse(r.after) as { verifierKey?: string }) : null;
    return after?.verifierKey ? [{ seq: Number(r.seq), verifierKey: after.verifierKey }] : [];
  });
}

/** The witness's frontier of a hall and the entry hash it ends on, as the witness recomputed it (null: none, or one kept without it). */
export async function witnessFrontier(c: GroupClient, hallId: string, witnessKey: string): Promise<{ size: number; peaks: string[]; lastHash: string } | null> {
  const { rows } = await c.query<{ size: string; peaks: string[]; last_hash: string | null }>(
    `SELECT size, peaks, last_hash FROM witness_frontiers WHERE hall_id = $1 AND witness_key = $2`,
    [hallId, witnessKey],
  );
  const r = rows[0];
  return r && r.last_hash !== null ? { size: Number(r.size), peaks: r.peaks, lastHash: r.last_hash } : null;
}

export async function saveWitnessFrontier(c: GroupClient, hallId: string, witnessKey: string, f: { size: number; peaks: string[]; lastHash: string }): Promise<void> {
  await c.query(
    `INSERT INTO witness_frontiers (hall_id, witness_key, size, peaks, last_hash) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (hall_id, witness_key) DO UPDATE SET size = excluded.size, peaks = excluded.peaks, last_hash = excluded.last_hash`,
    [hallId, witnessKey, f.size, JSON.stringify(f.peaks), f.lastHash],
  );
}
