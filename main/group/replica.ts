/**
 * The group read from a streaming replica (issue 43, item 3): the report and group:verify can read from a hot
 * standby (PostgreSQL's own replication), the primary left to the shippers. A replica is not migrated nor upcast
 * (it follows its primary, read-only): one whose schema or entries the primary has not made ready is refused in
 * words. How far behind it is, in entries per hall and in seconds of replay, is said with what was read.
 */
import pg from 'pg';
import type { GroupClient } from '../../db/group/client.js';
import { missingMigrations } from '../../db/group/schema.js';
import { entriesWithoutFacts, hallHeads, standbyState } from '../../db/group/replica.js';
import type { Group } from '../journal/pool.js';

export interface ReplicaLag {
  /** Whether the server read is a standby (false: it was pointed at a primary). */
  standby: boolean;
  /** Seconds since the last transaction it replayed was committed on the primary (null: none replayed yet, or a primary). */
  replaySeconds: number | null;
  /** Per hall, the primary's head against the replica's (when the primary is given). */
  halls: { hallId: string; name: string; replicaHead: number; primaryHead: number | null; entriesBehind: number | null }[];
}

/** The replica opened for reading; refused when the primary has not made its schema and facts ready. */
export async function openGroupReplica(url: string): Promise<Group> {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => undefined);
  try {
    const missing = await missingMigrations(pool);
    if (missing.length > 0) throw new Error(`a réplica não tem o esquema do grupo deste programa (faltam as migrações ${missing.join(', ')}): abra o grupo no primário primeiro (group:verify, group:report ou o expedidor fazem-no) e espere que a réplica o receba`);
    const unconverted = await entriesWithoutFacts(pool);
    if (unconverted > 0) throw new Error(`a réplica tem ${unconverted} entradas ainda sem factos: o primário converte-as quando um programa do grupo o abre; abra-o e espere que a réplica o receba`);
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw e;
  }
  return { pool, close: () => pool.end() };
}

/** How far behind the replica is: in seconds of replay, and per hall in entries (against the primary, when given). */
export async function replicaLag(replica: GroupClient, primary: GroupClient | null): Promise<ReplicaLag> {
  const state = await standbyState(replica);
  const mine = await hallHeads(replica);
  const theirs = primary ? await hallHeads(primary) : null;
  const ids = new Set([...mine.keys(), ...(theirs?.keys() ?? [])]);
  return {
    ...state,
    halls: [...ids].map((hallId) => {
      const replicaHead = mine.get(hallId)?.headSeq ?? 0;
      const primaryHead = theirs ? (theirs.get(hallId)?.headSeq ?? 0) : null;
      return { hallId, name: (mine.get(hallId) ?? theirs?.get(hallId))!.name, replicaHead, primaryHead, entriesBehind: primaryHead === null ? null : Math.max(0, primaryHead - replicaHead) };
    }),
  };
}

/** The lag in words, for a program's output. */
export function lagWords(lag: ReplicaLag): string[] {
  const lines = [lag.standby ? `Lido da réplica${lag.replaySeconds === null ? '' : ` (última transação reproduzida há ${lag.replaySeconds.toFixed(1)} s)`}.` : 'Atenção: o servidor indicado como réplica não é uma réplica (é um primário).'];
  for (const h of lag.halls)
    if (h.entriesBehind !== null && h.entriesBehind > 0) lines.push(`  ${h.name}: a réplica tem até à entrada n.º ${h.replicaHead}; o primário até à n.º ${h.primaryHead} (${h.entriesBehind} entradas atrás).`);
  return lines;
}
