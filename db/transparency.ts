/**
 * SQL of the hall's signed books (migration 0026): its keys, its signed
 * checkpoints of the audit log, and the roots of the log's whole blocks of
 * 1024 entries. The tree's leaves are the audit entries' chain hashes, entry
 * seq being leaf seq - 1.
 */
import { createHash } from 'node:crypto';
import { bytesToHex, extendFrontier, hexToBytes, leafHash, nodeHash, rootOfLeafHashes, splitPoint, type Frontier, type Sha256 } from '../core/transparency/merkle.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

export const sha256: Sha256 = (data) => new Uint8Array(createHash('sha256').update(data).digest());

/** Entries per stored block root: 2^10. */
export const BLOCK = 1024;

export interface HallKeyRow {
  id: number;
  name: string;
  keyId: string;
  verifierKey: string;
  createdAt: string;
  auditSeq: number;
  rotationNote: string | null;
}

const KEY_COLUMNS = `id, name, key_id AS keyId, verifier_key AS verifierKey, created_at AS createdAt, audit_seq AS auditSeq, rotation_note AS rotationNote`;

export function hallKeys(db: ReadableDb): HallKeyRow[] {
  return stmt<[], HallKeyRow>(db, `SELECT ${KEY_COLUMNS} FROM hall_keys ORDER BY id`).all();
}

/** The key in use: the newest recorded. */
export function currentHallKey(db: ReadableDb): HallKeyRow | undefined {
  return stmt<[], HallKeyRow>(db, `SELECT ${KEY_COLUMNS} FROM hall_keys ORDER BY id DESC LIMIT 1`).get();
}

export function insertHallKey(db: WritableDb, k: { name: string; keyId: string; verifierKey: string; at: string; auditSeq: number; rotationNote: string | null }): number {
  return Number(
    stmt(db, `INSERT INTO hall_keys (name, key_id, verifier_key, created_at, audit_seq, rotation_note) VALUES (?, ?, ?, ?, ?, ?)`).run(
      k.name,
      k.keyId,
      k.verifierKey,
      k.at,
      k.auditSeq,
      k.rotationNote,
    ).lastInsertRowid,
  );
}

export type CheckpointReason = 'z' | 'session' | 'demand' | 'rotation';

export interface CheckpointRow {
  id: number;
  at: string;
  size: number;
  rootHash: string;
  note: string;
  keyId: string;
  reason: CheckpointReason;
  refType: 'drawer' | 'session' | null;
  refId: number | null;
  frontier: string;
}

const CHECKPOINT_COLUMNS = `id, at, size, root_hash AS rootHash, note, key_id AS keyId, reason, ref_type AS refType, ref_id AS refId, frontier`;

export function lastCheckpoint(db: ReadableDb): CheckpointRow | undefined {
  return stmt<[], CheckpointRow>(db, `SELECT ${CHECKPOINT_COLUMNS} FROM checkpoints ORDER BY id DESC LIMIT 1`).get();
}

/** The checkpoint made for a Z (its drawer) or a session's close. */
export function checkpointFor(db: ReadableDb, refType: 'drawer' | 'session', refId: number): CheckpointRow | undefined {
  return stmt<[string, number], CheckpointRow>(db, `SELECT ${CHECKPOINT_COLUMNS} FROM checkpoints WHERE ref_type = ? AND ref_id = ? ORDER BY id DESC LIMIT 1`).get(refType, refId);
}

export function insertCheckpoint(db: WritableDb, c: Omit<CheckpointRow, 'id'>): number {
  return Number(
    stmt(
      db,
      `INSERT INTO checkpoints (at, size, root_hash, note, key_id, reason, ref_type, ref_id, frontier) VALUES (@at, @size, @rootHash, @note, @keyId, @reason, @refType, @refId, @frontier)`,
    ).run(c).lastInsertRowid,
  );
}

/** The chain hashes of entries from..to (seqs), in order, with each one's link to the one before. */
export function entryHashes(db: ReadableDb, from: number, to: number): { seq: number; prevHash: string; hash: string }[] {
  return stmt<[number, number], { seq: number; prevHash: string; hash: string }>(
    db,
    `SELECT id AS seq, prev_hash AS prevHash, hash FROM audit_log WHERE id BETWEEN ? AND ? ORDER BY id`,
  ).all(from, to);
}

function storedBlocks(db: ReadableDb, from: number, to: number): Map<number, Uint8Array> {
  const rows = stmt<[number, number], { block: number; rootHash: string }>(db, `SELECT block, root_hash AS rootHash FROM merkle_blocks WHERE block BETWEEN ? AND ?`).all(from, to);
  return new Map(rows.map((r) => [r.block, hexToBytes(r.rootHash)]));
}

export function blockCount(db: ReadableDb): number {
  return (stmt<[], number>(db, `SELECT COALESCE(MAX(block) + 1, 0) FROM merkle_blocks`).pluck().get() as number) ?? 0;
}

export function insertBlock(db: WritableDb, block: number, rootHash: string): void {
  stmt(db, `INSERT INTO merkle_blocks (block, root_hash) VALUES (?, ?)`).run(block, rootHash);
}

/** The leaf hash of an audit entry: RFC 6962's of its 32-byte chain hash. */
export const entryLeaf = (hash: string) => leafHash(sha256, hexToBytes(hash));

/**
 * MTH of entries start+1..end (leaves start..end-1) as this file holds them:
 * whole aligned blocks from merkle_blocks, the rest from the entries'
 * hashes, cached for one export. An inspector's proofs are computed from it.
 */
export function subtreeHasher(db: ReadableDb): (start: number, end: number) => Uint8Array {
  const cache = new Map<string, Uint8Array>();
  const blocks = new Map<number, Uint8Array>();
  const blockRoot = (b: number): Uint8Array => {
    let r = blocks.get(b);
    if (!r) {
      // Read in runs of 1024 blocks: an export walks them in order.
      for (const [k, v] of storedBlocks(db, b, b + 1023)) blocks.set(k, v);
      r = blocks.get(b);
      if (!r) r = rootOfLeafHashes(sha256, entryHashes(db, b * BLOCK + 1, (b + 1) * BLOCK).map((e) => entryLeaf(e.hash)));
      blocks.set(b, r);
    }
    return r;
  };
  const hash = (start: number, end: number): Uint8Array => {
    const n = end - start;
    if (n <= 0) throw new RangeError(`subtree ${start}..${end}`);
    const key = `${start}:${end}`;
    const known = cache.get(key);
    if (known) return known;
    let r: Uint8Array;
    if (n >= BLOCK && start % BLOCK === 0 && (n & (n - 1)) === 0) {
      // A whole power-of-two run of blocks: MTH over their roots, which are its subtrees.
      const first = start / BLOCK;
      const roots: Uint8Array[] = [];
      for (let b = first; b < first + n / BLOCK; b++) roots.push(blockRoot(b));
      r = rootOfLeafHashes(sha256, roots);
    } else if (n <= BLOCK) {
      const rows = entryHashes(db, start + 1, end);
      if (rows.length !== n) throw new RangeError(`entries ${start + 1}..${end}: ${rows.length} of ${n} in the log`);
      r = rootOfLeafHashes(sha256, rows.map((e) => entryLeaf(e.hash)));
    } else {
      const k = splitPoint(n);
      r = nodeHash(sha256, hash(start, start + k), hash(start + k, end));
    }
    cache.set(key, r);
    return r;
  };
  return hash;
}

/** The checkpoint signed at a session's close, and the one before it of the same kind (the previous session's): null when none. */
export function sessionCheckpoints(db: ReadableDb, sessionId: number): { current: CheckpointRow | undefined; previous: CheckpointRow | undefined } {
  const current = checkpointFor(db, 'session', sessionId);
  const previous = current
    ? stmt<[number], CheckpointRow>(db, `SELECT ${CHECKPOINT_COLUMNS} FROM checkpoints WHERE reason = 'session' AND id < ? ORDER BY id DESC LIMIT 1`).get(current.id)
    : undefined;
  return { current, previous };
}

/** The command's audit row of each document of a kind between two ids (document_audit holds the row before it). */
export function documentAuditSeqs(db: ReadableDb, document: string, fromId: number, toId: number): Map<number, number> {
  const rows = stmt<[string, number, number], { id: number; seq: number }>(
    db,
    `SELECT document_id AS id, audit_seq + 1 AS seq FROM document_audit WHERE document = ? AND document_id BETWEEN ? AND ?`,
  ).all(document, fromId, toId);
  return new Map(rows.map((r) => [r.id, r.seq]));
}

/** The closed sessions with the checkpoint signed at their close (what an inspector may take away), newest first. */
export function closedSessionsWithCheckpoints(db: ReadableDb, limit: number): { sessionId: number; openedAt: string; closedAt: string; entries: number; keyId: string }[] {
  return stmt<[number], { sessionId: number; openedAt: string; closedAt: string; entries: number; keyId: string }>(
    db,
    `SELECT s.id AS sessionId, s.opened_at AS openedAt, s.closed_at AS closedAt, c.size AS entries, c.key_id AS keyId
       FROM sessions s JOIN checkpoints c ON c.ref_type = 'session' AND c.ref_id = s.id
      WHERE s.closed_at IS NOT NULL ORDER BY s.id DESC LIMIT ?`,
  ).all(limit);
}

/** The hall's checkpoints after `afterId` that cover no more than `maxSize` entries (what the group can witness), oldest first. */
export function checkpointsToShip(db: ReadableDb, afterId: number, maxSize: number): CheckpointRow[] {
  return stmt<[number, number], CheckpointRow>(db, `SELECT ${CHECKPOINT_COLUMNS} FROM checkpoints WHERE id > ? AND size <= ? ORDER BY id`).all(afterId, maxSize);
}

/** The newest checkpoint the group's cosignature has been received for (0: none). */
export function lastCosignedCheckpoint(db: ReadableDb): number {
  return stmt<[], { id: number | null }>(db, `SELECT max(checkpoint_id) AS id FROM checkpoint_cosignatures`).get()?.id ?? 0;
}

/** A witness's cosignature, as received (one already kept is left as it is). */
export function insertCosignature(db: WritableDb, c: { checkpointId: number; witnessKey: string; line: string; witnessedAt: string; receivedAt: string }): void {
  stmt(
    db,
    `INSERT OR IGNORE INTO checkpoint_cosignatures (checkpoint_id, witness_key, line, witnessed_at, received_at)
     SELECT @checkpointId, @witnessKey, @line, @witnessedAt, @receivedAt WHERE EXISTS (SELECT 1 FROM checkpoints WHERE id = @checkpointId)`,
  ).run(c);
}

export function cosignaturesOf(db: ReadableDb, checkpointId: number): { witnessKey: string; line: string; witnessedAt: string }[] {
  return stmt<[number], { witnessKey: string; line: string; witnessedAt: string }>(
    db,
    `SELECT witness_key AS witnessKey, line, witnessed_at AS witnessedAt FROM checkpoint_cosignatures WHERE checkpoint_id = ? ORDER BY witness_key`,
  ).all(checkpointId);
}

export function checkpointById(db: ReadableDb, id: number): CheckpointRow | undefined {
  return stmt<[number], CheckpointRow>(db, `SELECT ${CHECKPOINT_COLUMNS} FROM checkpoints WHERE id = ?`).get(id);
}

/** A checkpoint's frontier as stored: the tree's right edge, and the chain hash of its last entry (the next must link to it). */
export interface StoredFrontier extends Frontier {
  lastHash: string;
}

/**
 * The log's tree grown ahead of the next checkpoint (off the main thread, between commands): from the last
 * checkpoint (its id, null when none) to `frontier.size` entries, with the roots of the whole blocks of 1024
 * completed on the way and not stored yet. A checkpoint signed later grows only the entries after it.
 */
export interface PreparedFrontier {
  checkpointId: number | null;
  frontier: StoredFrontier;
  blocks: [block: number, rootHash: string][];
}

/** Entries read at a time while a frontier grows. */
const GROW_CHUNK = 4096;

/**
 * `from` grown by entries from.size+1..`to`, each linking to the one before (else the first that does not: a log
 * rewritten under the frontier), with the roots of the whole blocks from `firstBlock` on that end by `to`.
 */
export function growFrontier(db: ReadableDb, from: StoredFrontier, to: number, firstBlock: number): { grown: StoredFrontier; blocks: [number, string][] } | { brokenAt: number } {
  const blocks: [number, string][] = [];
  // Blocks not stored that ended before `from` (none but after a migration): from their entries.
  let b = firstBlock;
  for (; (b + 1) * BLOCK <= from.size; b++) {
    blocks.push([b, bytesToHex(rootOfLeafHashes(sha256, entryHashes(db, b * BLOCK + 1, (b + 1) * BLOCK).map((e) => entryLeaf(e.hash))))]);
  }
  // The block `from` ends inside: its first leaves read again, the rest as they come.
  const start = Math.max(b * BLOCK, Math.floor(from.size / BLOCK) * BLOCK);
  let blockLeaves = start < from.size ? entryHashes(db, start + 1, from.size).map((e) => entryLeaf(e.hash)) : [];
  let frontier: Frontier = from;
  let link = from.lastHash;
  for (let at = from.size; at < to; ) {
    const rows = entryHashes(db, at + 1, Math.min(to, at + GROW_CHUNK));
    const leaves: Uint8Array[] = [];
    for (const [i, r] of rows.entries()) {
      if (r.seq !== at + 1 + i || r.prevHash !== link) return { brokenAt: at + 1 + i };
      link = r.hash;
      const leaf = entryLeaf(r.hash);
      leaves.push(leaf);
      blockLeaves.push(leaf);
      if (r.seq % BLOCK === 0) {
        const block = r.seq / BLOCK - 1;
        if (block >= firstBlock) blocks.push([block, bytesToHex(rootOfLeafHashes(sha256, blockLeaves))]);
        blockLeaves = [];
      }
    }
    if (rows.length === 0) return { brokenAt: at + 1 };
    frontier = extendFrontier(sha256, frontier, leaves);
    at += rows.length;
  }
  return { grown: { size: frontier.size, peaks: frontier.peaks, lastHash: link }, blocks };
}
