/**
 * The log's Merkle tree grown ahead of the next checkpoint, in a worker
 * thread (frontier-worker.ts) on its own read-only connection: a Z, a
 * session's close or a checkpoint on request then hashes only the entries
 * after it inside its transaction, however many were written since the last
 * checkpoint. Grown from the previous preparation while it still holds.
 */
import { auditHead, chainGenesis } from '../../db/audit.js';
import { readSnapshot, type ReadableDb } from '../../db/connection.js';
import { blockCount, entryHashes, growFrontier, lastCheckpoint, type PreparedFrontier, type StoredFrontier } from '../../db/transparency.js';
import { runWorker } from './entry.js';

export interface FrontierRequest {
  file: string;
  previous: PreparedFrontier | null;
}
export type FrontierReply = { ok: true; prepared: PreparedFrontier | null } | { ok: false; message: string };

/** The tree up to the log's head now, from `previous` when it grew from the same checkpoint and its last entry is unchanged. */
export function prepareFrontier(db: ReadableDb, previous: PreparedFrontier | null): PreparedFrontier | null {
  return readSnapshot(db, () => {
    const last = lastCheckpoint(db);
    const checkpointId = last?.id ?? null;
    const head = auditHead(db)?.seq ?? 0;
    const holds =
      previous !== null &&
      previous.checkpointId === checkpointId &&
      previous.frontier.size <= head &&
      (previous.frontier.size === 0 || entryHashes(db, previous.frontier.size, previous.frontier.size)[0]?.hash === previous.frontier.lastHash);
    const base: PreparedFrontier = holds
      ? previous
      : { checkpointId, frontier: last ? (JSON.parse(last.frontier) as StoredFrontier) : { size: 0, peaks: [], lastHash: chainGenesis(db) }, blocks: [] };
    const firstBlock = Math.max(blockCount(db), ...base.blocks.map(([b]) => b + 1));
    const growth = growFrontier(db, base.frontier, head, firstBlock);
    // A log that does not continue its last checkpoint: nothing prepared (the checkpoint itself refuses it, in words).
    if ('brokenAt' in growth) return null;
    return { checkpointId, frontier: growth.grown, blocks: [...base.blocks, ...growth.blocks] };
  });
}

function frontierWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const ext = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname) ? '.ts' : '.js';
  return new URL(`./frontier-worker${ext}`, moduleUrl);
}

export async function prepareFrontierInWorker(file: string, previous: PreparedFrontier | null): Promise<PreparedFrontier | null> {
  const reply = await runWorker<FrontierRequest, FrontierReply>(frontierWorkerUrl(), { file, previous });
  if (!reply.ok) throw new Error(reply.message);
  return reply.prepared;
}
