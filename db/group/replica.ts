/** What the group's programs read of a replica: its state of replay, the halls' heads, entries still without facts. */
import type { GroupClient } from './client.js';

export async function standbyState(c: GroupClient): Promise<{ standby: boolean; replaySeconds: number | null }> {
  const { rows } = await c.query<{ standby: boolean; seconds: string | null }>(
    `SELECT pg_is_in_recovery() AS standby,
            CASE WHEN pg_is_in_recovery() THEN EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()) END AS seconds`,
  );
  return { standby: rows[0]!.standby, replaySeconds: rows[0]!.seconds === null ? null : Math.max(0, Number(rows[0]!.seconds)) };
}

export async function hallHeads(c: GroupClient): Promise<Map<string, { name: string; headSeq: number }>> {
  const { rows } = await c.query<{ hall_id: string; name: string; head_seq: string }>('SELECT hall_id, name, head_seq FROM halls ORDER BY name, hall_id');
  return new Map(rows.map((r) => [r.hall_id, { name: r.name, headSeq: Number(r.head_seq) }]));
}

export async function entriesWithoutFacts(c: GroupClient): Promise<number> {
  const { rows } = await c.query<{ n: string }>('SELECT count(*) AS n FROM journal WHERE contract IS NULL');
  return Number(rows[0]!.n);
}
