/**
 * The log's tree grown ahead of the next checkpoint (off the main thread): a
 * checkpoint that starts from it signs the same root, and stores the same
 * block roots, as one that hashes every entry since the last checkpoint; a
 * preparation that no longer holds (another checkpoint since, its last entry
 * rewritten) is not used; a worker thread grows the same tree.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bytesToHex, rootOfLeafHashes } from '../../core/transparency/merkle.js';
import { appendAudit } from '../../db/audit.js';
import { openReader, writeTransaction, type ReadableDb } from '../../db/connection.js';
import { hallIdentity } from '../../db/journal.js';
import { BLOCK, entryHashes, entryLeaf, sha256, type PreparedFrontier } from '../../db/transparency.js';
import { logOrigin, readOrCreateHallKey } from '../services/shared/signing/hall-key.js';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { DATABASE_FILE, PREPARE_AHEAD } from '../kiosk.js';
import { signCheckpoint } from '../services/shared/signing/checkpoint.js';
import { prepareFrontier, prepareFrontierInWorker } from './frontier.js';

let t: TestHall;
let reader: ReadableDb;
beforeEach(async () => {
  t = await createTestHall();
  reader = openReader(join(t.h.dataDir, DATABASE_FILE));
});
afterEach(() => {
  reader.close();
  t.h.close();
});

/** `n` more audit entries, written as any command's are. */
function fill(n: number) {
  writeTransaction(t.h.kiosk.db, () => {
    for (let i = 0; i < n; i++) appendAudit(t.h.kiosk.db, { at: '2026-12-01T20:00:00.000Z', operatorId: null, terminalId: 'T1', channel: 'test.fill', outcome: 'ok', input: { i }, before: undefined, after: undefined });
  });
}

const head = () => t.h.kiosk.db.prepare('SELECT MAX(id) FROM audit_log').pluck().get() as number;
/** The root of entries 1..size and every whole block's, from every leaf. */
function expected(size: number) {
  const leaves = entryHashes(t.h.kiosk.db, 1, size).map((e) => entryLeaf(e.hash));
  const blocks = Array.from({ length: Math.floor(size / BLOCK) }, (_, b) => [b, bytesToHex(rootOfLeafHashes(sha256, leaves.slice(b * BLOCK, (b + 1) * BLOCK)))]);
  return { root: bytesToHex(rootOfLeafHashes(sha256, leaves)), blocks };
}

function sign(prepared: PreparedFrontier | null) {
  const signer = readOrCreateHallKey(t.h.dataDir, logOrigin(hallIdentity(t.h.kiosk.db).hallId), { recorded: () => true, retired: () => false }).signer;
  return writeTransaction(t.h.kiosk.db, () => signCheckpoint({ db: t.h.kiosk.db, at: '2026-12-01T21:00:00.000Z', prepared: () => prepared }, signer, { reason: 'demand', ref: null }));
}

describe('the tree grown ahead of the next checkpoint', () => {
  it('gives the checkpoint the same root and block roots as hashing every entry, grown twice from itself', () => {
    fill(2500);
    const first = prepareFrontier(reader, null)!;
    expect(first.frontier.size).toBe(head());
    fill(1700);
    const second = prepareFrontier(reader, first)!;
    // Grown from the first: its blocks kept, the new ones added.
    expect(second.blocks.slice(0, first.blocks.length)).toEqual(first.blocks);
    expect(second.frontier.size).toBe(head());
    fill(40);
    const signed = sign(second);
    const want = expected(head());
    expect([signed.size, signed.rootHash]).toEqual([head(), want.root]);
    expect(t.h.kiosk.db.prepare('SELECT block, root_hash FROM merkle_blocks ORDER BY block').raw().all()).toEqual(want.blocks);
  });

  it('is not used once another checkpoint was signed, or when its last entry is no longer the one it hashed; the checkpoint is the same', () => {
    fill(1500);
    const stale = prepareFrontier(reader, null)!;
    sign(null);
    fill(300);
    // Grown from before the last checkpoint: ignored, and the next preparation starts from that checkpoint.
    const after = sign(stale);
    expect(after.rootHash).toBe(expected(head()).root);
    expect(prepareFrontier(reader, stale)!.checkpointId).toBe(after.id);
    fill(200);
    const fresh = prepareFrontier(reader, null)!;
    const forged = { ...fresh, frontier: { ...fresh.frontier, lastHash: '00'.repeat(32) } };
    expect(sign(forged).rootHash).toBe(expected(head()).root);
  });

  it('grown in a worker thread, is the same tree', async () => {
    fill(PREPARE_AHEAD + 10);
    expect(await prepareFrontierInWorker(join(t.h.dataDir, DATABASE_FILE), null)).toEqual(prepareFrontier(reader, null));
  });
});
