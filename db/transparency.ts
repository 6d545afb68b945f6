/**
 * SQL of the hall's signed books (migration 0026): its keys, its signed
 * checkpoints of the audit log, and the roots of the log's whole blocks of
 * 1024 entries. The tree's leaves are the audit entries' chain hashes, entry
 * seq being leaf seq - 1.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { cosignatureTime, keyIdHex, noteSignedBy, parseCheckpoint, parseSignedNote, parseVerifierKey, parseWitnessKey } from '../core/transparency/checkpoint.js';
import { bytesToHex, extendFrontier, frontierRoot, hexToBytes, leafHash, nodeHash, rootOfLeafHashes, splitPoint, type Frontier, type Sha256 } from '../core/transparency/merkle.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

export const sha256: Sha256 = (data) => new Uint8Array(createHash('sha256').update(data).digest());

/** Entries per stored block root: 2^10. */
export const BLOCK = 1024;

interface HallKeyRow {
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

// ---- the checkpoints checked against the file (audit:verify, restore) ---------------------------------

/**
 * RFC 6962's leaf and node hashes as merkle.ts defines them, without its copies: a check
 * of a whole log hashes about two of them per entry (a million entries: seconds, not tens).
 */
const LEAF_PREFIX = Buffer.of(0x00);
const NODE_PREFIX = Buffer.of(0x01);
const fastLeaf = (chainHash: string): Uint8Array => createHash('sha256').update(LEAF_PREFIX).update(Buffer.from(chainHash, 'hex')).digest();
const fastNode = (left: Uint8Array, right: Uint8Array): Uint8Array => createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();

/** An Ed25519 signature checked with node:crypto over a raw 32-byte public key (db/ reaches no service's helper). */
const ED25519_SPKI = Buffer.from('302a300506032b6570032100', 'hex');
export function ed25519Check(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return verify(null, message, createPublicKey({ key: Buffer.concat([ED25519_SPKI, publicKey]), format: 'der', type: 'spki' }), signature);
  } catch {
    return false;
  }
}

/**
 * What a checkpoint of the file says against the file. `signature`: no key of the
 * hall signs its note; `unvouched`: signed by a key of the file that the key given
 * does not vouch for (no chain of rotations from it); `columns`: its row's size or root
 * differ from the note it keeps; `rewritten`: the entries firstEntry..lastEntry of the
 * file hold a history other than the one it signed (the first differing entry lies
 * there: exactly firstEntry when they are equal); `cut`: the file no longer has the
 * entries it covers; `missing`: a checkpoint the hall signed is gone from the file
 * (a gap in their numbers, or a command's audit row naming it); `cosignature`: a
 * stored cosignature that is not the witness's on that note.
 */
export type CheckpointProblem = 'signature' | 'unvouched' | 'columns' | 'rewritten' | 'cut' | 'missing' | 'cosignature';

export interface CheckpointFinding {
  problem: CheckpointProblem;
  checkpointId: number;
  /** When it was signed (UTC, as stored); null for a missing one. */
  at: string | null;
  firstEntry: number | null;
  lastEntry: number | null;
  witnessKey: string | null;
  /** A session closed with the hall's key in use whose checkpoint (the acta's) is gone: `missing`, checkpointId 0. */
  session?: number;
}

export interface CheckpointsCheck {
  checkpoints: number;
  cosignatures: number;
  /** Whether the key given outside the file (printed on a Z or the acta) was used, or only the file's own. */
  keyGiven: boolean;
  /** The key ids the check trusted: the given one and those it rotated into, or every key of the file. */
  keyIds: string[];
  /** Checkpoints signed by keys that rotated into the given one (vouched for by the file's rotation notes only). */
  byEarlierKeys: number;
  /** The newest checkpoint that holds (signature and root), or null. */
  newest: { id: number; size: number; at: string; note: string } | null;
  /**
   * The group's witness key given outside the file (--witness): the checkpoints it cosigned, by their ids. Null when
   * none was given: the cosignatures were then checked by the witness keys the file itself holds, which a forger writes too.
   */
  witnessed: { keyId: string; checkpointIds: number[] } | null;
  findings: CheckpointFinding[];
}

type NoteKey = { name: string; keyId: number; publicKey: Uint8Array };

/** A key given as text that is not a verifier key. */
export class VerifierKeyError extends Error {}

/**
 * The keys a check trusts. With a key given: that key, then each key of the file
 * whose rotation note a trusted key signed naming it (`key-rotation <verifier key>`),
 * in order. Without: every key the file records (it vouches for itself only).
 */
function trustedKeys(db: ReadableDb, given: string | undefined): NoteKey[] {
  const rows = hallKeys(db);
  if (given === undefined) return rows.map((r) => parseVerifierKey(sha256, r.verifierKey)).filter((k): k is NoteKey => k !== null);
  const first = parseVerifierKey(sha256, given);
  if (!first) throw new VerifierKeyError(given);
  const trusted: NoteKey[] = [first];
  for (const r of rows) {
    const key = parseVerifierKey(sha256, r.verifierKey);
    if (!key || trusted.some((t) => t.keyId === key.keyId && t.name === key.name) || r.rotationNote === null) continue;
    const note = parseSignedNote(r.rotationNote);
    const body = note ? parseCheckpoint(note.body) : null;
    if (note && body?.extensions.includes(`key-rotation ${r.verifierKey}`) && trusted.some((t) => noteSignedBy(note, t, ed25519Check))) trusted.push(key);
  }
  return trusted;
}

/**
 * The keys before the given one that rotated into it, as the file records them: each
 * key whose signed rotation note names the next, back from the given key. Only the
 * notes vouch for them (the given key signed none of it): their checkpoints are
 * checked, and counted apart (`byEarlierKeys`), not taken as the given key's word.
 */
function earlierKeys(db: ReadableDb, given: NoteKey): NoteKey[] {
  const rows = hallKeys(db).map((r) => ({ row: r, key: parseVerifierKey(sha256, r.verifierKey) }));
  const same = (a: NoteKey, b: NoteKey) => a.name === b.name && a.keyId === b.keyId && bytesToHex(a.publicKey) === bytesToHex(b.publicKey);
  let at = rows.findIndex((r) => r.key !== null && same(r.key, given));
  const out: NoteKey[] = [];
  while (at > 0 && rows[at]!.row.rotationNote !== null) {
    const note = parseSignedNote(rows[at]!.row.rotationNote!);
    const body = note ? parseCheckpoint(note.body) : null;
    if (!note || !body?.extensions.includes(`key-rotation ${rows[at]!.row.verifierKey}`)) break;
    const before = rows.slice(0, at).findLastIndex((r) => r.key !== null && noteSignedBy(note, r.key, ed25519Check));
    if (before < 0) break;
    out.push(rows[before]!.key!);
    at = before;
  }
  return out;
}

/** A stored frontier's peaks, when they are the signed root's (then each vouches for its range of entries). */
function signedPeaks(frontierText: string, size: number, root: Uint8Array): { start: number; end: number; hash: string }[] {
  try {
    const f = JSON.parse(frontierText) as Frontier;
    if (f.size !== size || !Array.isArray(f.peaks) || bytesToHex(frontierRoot(sha256, f)) !== bytesToHex(root)) return [];
    const out: { start: number; end: number; hash: string }[] = [];
    let start = 0;
    for (let bit = 52; bit >= 0; bit--) {
      const width = 2 ** bit;
      if (Math.floor(size / width) % 2 === 1) {
        out.push({ start, end: start + width, hash: f.peaks[out.length]! });
        start += width;
      }
    }
    return out.length === f.peaks.length ? out : [];
  } catch {
    return [];
  }
}

/**
 * Every checkpoint the file keeps against the file: each note signed by a trusted key
 * (`key`: the verifier key printed on the Z and the acta; without it, the file's own),
 * its root recomputed from the file's entries (never from merkle_blocks nor the stored
 * frontier, which a forger rewrites with the log), each stored cosignature checked.
 * One pass over the log, in order, whatever the number of checkpoints.
 */
export function verifyCheckpoints(db: ReadableDb, o: { key?: string; witness?: string } = {}): CheckpointsCheck {
  const witness = o.witness === undefined ? null : parseWitnessKey(sha256, o.witness);
  if (o.witness !== undefined && !witness) throw new VerifierKeyError(o.witness);
  const has = stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('checkpoints', 'hall_keys')`).get()!.n === 2;
  const trusted = has ? trustedKeys(db, o.key) : o.key === undefined ? [] : (() => {
    const k = parseVerifierKey(sha256, o.key);
    if (!k) throw new VerifierKeyError(o.key);
    return [k];
  })();
  const findings: CheckpointFinding[] = [];
  const none = { firstEntry: null, lastEntry: null, witnessKey: null };
  const witnessed = witness ? { keyId: keyIdHex(witness.keyId), checkpointIds: [] as number[] } : null;
  const empty: CheckpointsCheck = { checkpoints: 0, cosignatures: 0, keyGiven: o.key !== undefined, keyIds: trusted.map((k) => keyIdHex(k.keyId)), byEarlierKeys: 0, newest: null, witnessed, findings };
  if (!has) return empty;
  const rows = stmt<[], CheckpointRow>(db, `SELECT ${CHECKPOINT_COLUMNS} FROM checkpoints ORDER BY id`).all();
  const ancestors = o.key !== undefined && trusted[0] ? earlierKeys(db, trusted[0]) : [];
  let byEarlierKeys = 0;
  const fileKeys = hallKeys(db)
    .map((r) => parseVerifierKey(sha256, r.verifierKey))
    .filter((k): k is NoteKey => k !== null);
  // Checkpoints the hall signed that the file no longer holds: a gap in their numbers, or one a command's row names
  // (audit.checkpoint, a rotation, a Z's drawer.close); the newest backup's manifest names one too (audit:verify).
  const ids = new Set(rows.map((r) => r.id));
  const named = stmt<[], { id: number }>(
    db,
    `SELECT DISTINCT json_extract(after, '$.id') AS id FROM audit_log WHERE channel = 'audit.checkpoint' AND outcome = 'ok' AND json_valid(after)
     UNION SELECT DISTINCT json_extract(after, '$.checkpoint') FROM audit_log WHERE channel = 'audit.rotateKey' AND outcome = 'ok' AND json_valid(after)
     UNION SELECT DISTINCT json_extract(after, '$.checkpoint.id') FROM audit_log WHERE channel = 'drawer.close' AND outcome = 'ok' AND json_valid(after)`,
  ).all();
  const maxId = Math.max(0, ...ids, ...named.map((n) => Number(n.id) || 0));
  for (let id = 1; id <= maxId; id++) if (!ids.has(id)) findings.push({ problem: 'missing', checkpointId: id, at: null, ...none });
  // Each session closed once the hall had a key was closed with a checkpoint signed for it (the acta's): even the last one.
  const unsigned = stmt<[], { id: number; closedAt: string }>(
    db,
    `SELECT s.id, s.closed_at AS closedAt FROM sessions s
      WHERE s.closed_at IS NOT NULL AND s.closed_at >= (SELECT MIN(created_at) FROM hall_keys)
        AND NOT EXISTS (SELECT 1 FROM checkpoints c WHERE c.ref_type = 'session' AND c.ref_id = s.id) ORDER BY s.id`,
  ).all();
  for (const u of unsigned) findings.push({ problem: 'missing', checkpointId: 0, at: u.closedAt, ...none, session: u.id });
  // Each note: its body as signed, by whom.
  const sound: { row: CheckpointRow; size: number; root: Uint8Array }[] = [];
  for (const row of rows) {
    const note = parseSignedNote(row.note);
    const body = note ? parseCheckpoint(note.body) : null;
    const by = (keys: NoteKey[]) => note !== null && keys.some((k) => k.keyId === parseInt(row.keyId, 16) && noteSignedBy(note, k, ed25519Check));
    const earlier = note !== null && body !== null && o.key !== undefined && !by(trusted) && by(ancestors);
    if (earlier) byEarlierKeys++;
    if (!note || !body || (!by(trusted) && !earlier)) {
      findings.push({ problem: note && body && o.key !== undefined && by(fileKeys) ? 'unvouched' : 'signature', checkpointId: row.id, at: row.at, ...none });
      continue;
    }
    if (body.size !== row.size || bytesToHex(body.rootHash) !== row.rootHash) findings.push({ problem: 'columns', checkpointId: row.id, at: row.at, ...none });
    sound.push({ row, size: body.size, root: body.rootHash });
  }
  // The roots, from the entries: one pass, the tree's right edge grown entry by entry (a carry in binary addition).
  const bySize = [...sound].sort((a, b) => a.size - b.size || a.row.id - b.row.id);
  const held: typeof sound = [];
  const peaks: { height: number; hash: Uint8Array }[] = [];
  let size = 0;
  let next = 0;
  // The leaves, 32 bytes each, up to the largest size signed: a rewritten range is located in them.
  const leaves = Buffer.alloc(32 * (bySize.at(-1)?.size ?? 0));
  const root = () => {
    if (peaks.length === 0) return sha256(new Uint8Array(0));
    let r = peaks[peaks.length - 1]!.hash;
    for (let i = peaks.length - 2; i >= 0; i--) r = nodeHash(sha256, peaks[i]!.hash, r);
    return r;
  };
  const settle = () => {
    while (next < bySize.length && bySize[next]!.size === size) {
      const c = bySize[next++]!;
      if (bytesToHex(root()) === bytesToHex(c.root)) held.push(c);
      else findings.push({ problem: 'rewritten', checkpointId: c.row.id, at: c.row.at, ...rewrittenRange(c, held, leaves) });
    }
  };
  settle();
  if (next < bySize.length) {
    for (const hash of db.prepare(`SELECT hash FROM audit_log ORDER BY id`).pluck().iterate() as IterableIterator<string>) {
      const leaf = fastLeaf(hash);
      leaves.set(leaf, 32 * size);
      let node = { height: 0, hash: leaf };
      while (peaks.length > 0 && peaks[peaks.length - 1]!.height === node.height) node = { height: node.height + 1, hash: fastNode(peaks.pop()!.hash, node.hash) };
      peaks.push(node);
      size++;
      settle();
      if (next >= bySize.length) break;
    }
  }
  for (; next < bySize.length; next++) {
    const c = bySize[next]!;
    findings.push({ problem: 'cut', checkpointId: c.row.id, at: c.row.at, firstEntry: size + 1, lastEntry: c.size, witnessKey: null });
  }
  // Cosignatures: each line the witness's own on the note it names.
  const cosignatures = stmt<[], { checkpointId: number; witnessKey: string; line: string }>(
    db,
    `SELECT checkpoint_id AS checkpointId, witness_key AS witnessKey, line FROM checkpoint_cosignatures ORDER BY checkpoint_id, witness_key`,
  ).all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const c of cosignatures) {
    const row = byId.get(c.checkpointId);
    const key = parseWitnessKey(sha256, c.witnessKey);
    if (!row || !key || cosignatureTime(row.note, key, c.line, ed25519Check) === null) {
      findings.push({ problem: 'cosignature', checkpointId: c.checkpointId, at: row?.at ?? null, firstEntry: null, lastEntry: null, witnessKey: c.witnessKey });
    } else if (witness && witnessed && cosignatureTime(row.note, witness, c.line, ed25519Check) !== null && !witnessed.checkpointIds.includes(row.id)) {
      // Checked again by the key given outside the file: only such a line says the group saw this checkpoint.
      witnessed.checkpointIds.push(row.id);
    }
  }
  witnessed?.checkpointIds.sort((a, b) => a - b);
  findings.sort((a, b) => a.checkpointId - b.checkpointId);
  const newest = held.sort((a, b) => b.row.id - a.row.id)[0];
  return {
    ...empty,
    checkpoints: rows.length,
    cosignatures: cosignatures.length,
    byEarlierKeys,
    newest: newest ? { id: newest.row.id, size: newest.size, at: newest.row.at, note: newest.row.note } : null,
  };
}

/**
 * Where a history differs from the one a checkpoint signed: after the largest checkpoint
 * that held, and within the first of its signed peaks (its stored frontier, when that
 * frontier is the signed root's) whose subtree the file's entries no longer give.
 */
function rewrittenRange(c: { row: CheckpointRow; size: number; root: Uint8Array }, held: readonly { size: number }[], leaves: Buffer): { firstEntry: number; lastEntry: number; witnessKey: null } {
  let first = Math.max(0, ...held.map((h) => h.size)) + 1;
  let last = c.size;
  for (const p of signedPeaks(c.row.frontier, c.size, c.root)) {
    const subtree: Uint8Array[] = [];
    for (let i = p.start; i < p.end; i++) subtree.push(leaves.subarray(32 * i, 32 * i + 32));
    const mine = bytesToHex(rootOfLeafHashes(sha256, subtree));
    if (mine !== p.hash) {
      first = Math.max(first, p.start + 1);
      last = Math.min(last, p.end);
      break;
    }
  }
  return { firstEntry: first, lastEntry: Math.max(first, last), witnessKey: null };
}

/** The tree's root (hex) over the file's first `size` entries, for each size asked: one pass over the log. */
export function entryRoots(db: ReadableDb, sizes: readonly number[]): Map<number, string> {
  const wanted = [...new Set(sizes)].sort((a, b) => a - b);
  const out = new Map<number, string>();
  const peaks: { height: number; hash: Uint8Array }[] = [];
  let size = 0;
  let next = 0;
  const take = () => {
    while (next < wanted.length && wanted[next] === size) {
      let r = peaks.length === 0 ? sha256(new Uint8Array(0)) : peaks[peaks.length - 1]!.hash;
      for (let i = peaks.length - 2; i >= 0; i--) r = nodeHash(sha256, peaks[i]!.hash, r);
      out.set(wanted[next++]!, bytesToHex(r));
    }
  };
  take();
  if (next >= wanted.length) return out;
  for (const hash of db.prepare(`SELECT hash FROM audit_log ORDER BY id`).pluck().iterate() as IterableIterator<string>) {
    let node = { height: 0, hash: fastLeaf(hash) };
    while (peaks.length > 0 && peaks[peaks.length - 1]!.height === node.height) node = { height: node.height + 1, hash: fastNode(peaks.pop()!.hash, node.hash) };
    peaks.push(node);
    size++;
    take();
    if (next >= wanted.length) break;
  }
  return out;
}
