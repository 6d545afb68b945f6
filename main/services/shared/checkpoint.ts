/**
 * A signed checkpoint of the audit log, in the caller's transaction (a Z, a
 * session's close, an admin's request): the log's entries so far as an RFC
 * 6962 tree, grown from the last checkpoint's frontier by the entries since,
 * its root signed by the hall's key in a C2SP signed note. Grown from the
 * last one, a checkpoint extends it by construction; the entries since must
 * continue the chain from the entry it ended on, or nothing is signed
 * (CHECKPOINT_INCONSISTENT): a log rewritten under a signed checkpoint is
 * never signed again as if it were the same history.
 */
import { KioskError } from '../../../core/refusal.js';
import { verify } from 'node:crypto';
import { checkpointBody, noteCosignedBy, parseSignedNote, parseWitnessKey, signedNote } from '../../../core/transparency/checkpoint.js';
import { bytesToHex, extendFrontier, frontierRoot, rootOfLeafHashes, type Frontier } from '../../../core/transparency/merkle.js';
import { auditHead, chainGenesis } from '../../../db/audit.js';
import type { WritableDb } from '../../../db/connection.js';
import {
  BLOCK,
  blockCount,
  entryHashes,
  entryLeaf,
  insertBlock,
  insertCheckpoint,
  lastCheckpoint,
  sha256,
  type CheckpointReason,
  type CheckpointRow,
} from '../../../db/transparency.js';
import { publicKeyFromRaw, type HallSigner } from './hall-key.js';

/** A checkpoint's frontier as stored: the tree's right edge, and the chain hash of its last entry (the next must link to it). */
interface StoredFrontier extends Frontier {
  lastHash: string;
}

export interface SignedCheckpoint {
  id: number;
  at: string;
  size: number;
  rootHash: string;
  keyId: string;
  /** The signed note as it is printed (text and QR) and exported. */
  note: string;
}

export function checkpointView(row: CheckpointRow): SignedCheckpoint {
  return { id: row.id, at: row.at, size: row.size, rootHash: row.rootHash, keyId: row.keyId, note: row.note };
}

export function signCheckpoint(
  ctx: { db: WritableDb; at: string },
  signer: HallSigner,
  o: { reason: CheckpointReason; ref: { type: 'drawer' | 'session'; id: number } | null; extensions?: string[] },
): SignedCheckpoint {
  const { db } = ctx;
  const size = auditHead(db)?.seq ?? 0;
  const last = lastCheckpoint(db);
  const from: StoredFrontier = last ? (JSON.parse(last.frontier) as StoredFrontier) : { size: 0, peaks: [], lastHash: chainGenesis(db) };
  if (size < from.size) throw new KioskError('CHECKPOINT_INCONSISTENT', { seq: size + 1 });
  const rows = entryHashes(db, from.size + 1, size);
  let link = from.lastHash;
  for (const [i, r] of rows.entries()) {
    if (r.seq !== from.size + 1 + i || r.prevHash !== link) throw new KioskError('CHECKPOINT_INCONSISTENT', { seq: from.size + 1 + i });
    link = r.hash;
  }
  const leaves = rows.map((r) => entryLeaf(r.hash));
  const grown = extendFrontier(sha256, from, leaves);
  // The roots of the blocks of 1024 entries completed since: an export's proofs read them instead of the entries.
  // A block's leaves come from those just hashed; only a block begun before the last checkpoint reads its start again.
  for (let b = blockCount(db); (b + 1) * BLOCK <= size; b++) {
    const first = b * BLOCK;
    const blockLeaves =
      first >= from.size
        ? leaves.slice(first - from.size, first - from.size + BLOCK)
        : entryHashes(db, first + 1, first + BLOCK).map((e) => entryLeaf(e.hash));
    insertBlock(db, b, bytesToHex(rootOfLeafHashes(sha256, blockLeaves)));
  }
  const root = frontierRoot(sha256, grown);
  // What it was made for and when, on a line of its own (signed with the rest): `session:3 2026-…`, `drawer:7 …`, `demand …`.
  const what = o.ref ? `${o.ref.type}:${o.ref.id}` : o.reason;
  const body = checkpointBody({ origin: signer.name, size, rootHash: root, extensions: [`${what} ${ctx.at}`, ...(o.extensions ?? [])] });
  const note = signedNote(body, [{ name: signer.name, keyId: parseInt(signer.keyId, 16), signature: signer.sign(new TextEncoder().encode(body)) }]);
  const frontier: StoredFrontier = { ...grown, lastHash: link };
  const row: Omit<CheckpointRow, 'id'> = {
    at: ctx.at,
    size,
    rootHash: bytesToHex(root),
    note,
    keyId: signer.keyId,
    reason: o.reason,
    refType: o.ref?.type ?? null,
    refId: o.ref?.id ?? null,
    frontier: JSON.stringify(frontier),
  };
  const id = insertCheckpoint(db, row);
  return checkpointView({ id, ...row });
}

/**
 * A checkpoint's note with a witness's cosignature line added, and the time the witness signed it, when the line
 * is the witness key's cosignature of that note (C2SP tlog-cosignature); null when it is not.
 */
export function cosignedNote(note: string, witnessKey: string, line: string): { note: string; time: number } | null {
  const key = parseWitnessKey(sha256, witnessKey);
  if (!key || !/^\u2014 \S+ \S+$/.test(line)) return null;
  const text = `${note}${line}\n`;
  const parsed = parseSignedNote(text);
  if (!parsed) return null;
  const time = noteCosignedBy(parsed, key, (pub, message, signature) => verify(null, message, publicKeyFromRaw(pub), signature));
  return time === null ? null : { note: text, time };
}
