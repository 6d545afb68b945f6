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
import { KioskError } from '../../../../core/refusal.js';
import { checkpointBody, cosignatureTime, parseWitnessKey, signedBy, type Signer } from '../../../../core/transparency/checkpoint.js';
import { bytesToHex, frontierRoot } from '../../../../core/transparency/merkle.js';
import { auditHead, chainGenesis } from '../../../../db/audit.js';
import type { WritableDb } from '../../../../db/connection.js';
import {
  blockCount,
  entryHashes,
  growFrontier,
  insertBlock,
  insertCheckpoint,
  lastCheckpoint,
  sha256,
  type CheckpointReason,
  type CheckpointRow,
  type PreparedFrontier,
  type StoredFrontier,
} from '../../../../db/transparency.js';
import { ed25519Verify } from './hall-key.js';
import { softwareLabel } from '../../../version.js';

/**
 * A frontier grown ahead that a checkpoint may start from: grown from the last checkpoint (the same id), not
 * beyond the log, and its last entry still the one it hashed (a log rewritten under it is not used).
 */
function usable(db: WritableDb, p: PreparedFrontier | null, lastId: number | null, size: number): PreparedFrontier | null {
  if (!p || p.checkpointId !== lastId || p.frontier.size > size || p.frontier.size === 0) return null;
  return entryHashes(db, p.frontier.size, p.frontier.size)[0]?.hash === p.frontier.lastHash ? p : null;
}

interface SignedCheckpoint {
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
  ctx: { db: WritableDb; at: string; prepared?: () => PreparedFrontier | null },
  signer: Signer,
  o: { reason: CheckpointReason; ref: { type: 'drawer' | 'session'; id: number } | null; extensions?: string[] },
): SignedCheckpoint {
  const { db } = ctx;
  const size = auditHead(db)?.seq ?? 0;
  const last = lastCheckpoint(db);
  const stored: StoredFrontier = last ? (JSON.parse(last.frontier) as StoredFrontier) : { size: 0, peaks: [], lastHash: chainGenesis(db) };
  if (size < stored.size) throw new KioskError('CHECKPOINT_INCONSISTENT', { seq: size + 1 });
  // The tree grown ahead (off the main thread, since the last checkpoint) when it still holds: only the entries
  // after it are hashed here, inside the command's transaction.
  const prepared = usable(db, ctx.prepared?.() ?? null, last?.id ?? null, size);
  const firstBlock = blockCount(db);
  const from = prepared?.frontier ?? stored;
  const growth = growFrontier(db, from, size, Math.max(firstBlock, ...(prepared?.blocks.map(([b]) => b + 1) ?? [])));
  if ('brokenAt' in growth) throw new KioskError('CHECKPOINT_INCONSISTENT', { seq: growth.brokenAt });
  // The roots of the blocks of 1024 entries completed since: an export's proofs read them instead of the entries.
  for (const [block, rootHash] of [...(prepared?.blocks ?? []), ...growth.blocks]) if (block >= firstBlock) insertBlock(db, block, rootHash);
  const frontier = growth.grown;
  const root = frontierRoot(sha256, frontier);
  // What it was made for and when, on a line of its own (signed with the rest): `session:3 2026-…`, `drawer:7 …`, `demand …`.
  const what = o.ref ? `${o.ref.type}:${o.ref.id}` : o.reason;
  // Last, the program that signed it with its version (issue 40): an extension line, signed with the rest, printed on
  // the Z and read by nothing that checks the tree. Not on a rotation's note: its lines are exactly the rotation's, as
  // every inspector's check (core/inspector/check.ts rotationStep), this one's and older ones, requires.
  const software = o.reason === 'rotation' ? [] : [`software ${softwareLabel()}`];
  const body = checkpointBody({ origin: signer.name, size, rootHash: root, extensions: [`${what} ${ctx.at}`, ...(o.extensions ?? []), ...software] });
  const note = signedBy(body, signer);
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

/** Whether `line` is the witness key's cosignature of a checkpoint's note (C2SP tlog-cosignature). */
export function cosigns(note: string, witnessKey: string, line: string): boolean {
  const key = parseWitnessKey(sha256, witnessKey);
  return key !== null && cosignatureTime(note, key, line, ed25519Verify) !== null;
}
