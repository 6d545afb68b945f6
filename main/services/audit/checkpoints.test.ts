/**
 * The hall's signed books: its Ed25519 key made at the first start (owner-
 * only in the data folder, recorded once with its audit row); checkpoints of
 * the audit log signed at a Z, at a session's close and on demand, each the
 * RFC 6962 root of every entry before it, consistent with the one before; a
 * log rewritten under a signed checkpoint is never signed again.
 */
import { readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noteSignedBy, parseCheckpoint, parseSignedNote, parseVerifierKey } from '../../../core/transparency/checkpoint.js';
import { bytesToHex, consistencyProof, inclusionProof, rootOfLeafHashes, verifyConsistency, verifyInclusion } from '../../../core/transparency/merkle.js';
import { appendAudit } from '../../../db/audit.js';
import { writeTransaction } from '../../../db/connection.js';
import { entryLeaf, sha256, subtreeHasher } from '../../../db/transparency.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { confirmByHand, snapshot } from '../../../test/harness.js';
import { HALL_KEY_FILE, prepareNextHallKey, publicKeyFromRaw } from '../shared/signing/hall-key.js';
import { verify } from 'node:crypto';
import { softwareLabel } from '../../version.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

const ed25519 = (pub: Uint8Array, message: Uint8Array, signature: Uint8Array) => verify(null, message, publicKeyFromRaw(pub), signature);
const db = () => t.h.kiosk.db;
const allLeaves = (upTo: number) => (db().prepare(`SELECT hash FROM audit_log WHERE id <= ? ORDER BY id`).pluck().all(upTo) as string[]).map(entryLeaf);

/** The note signed by the hall's recorded key, and its checkpoint read back. */
async function checkedNote(note: string) {
  const keys = await t.h.ok('audit.keys', {}, t.manager);
  const key = parseVerifierKey(sha256, keys.current.verifierKey)!;
  const parsed = parseSignedNote(note)!;
  expect(noteSignedBy(parsed, key, ed25519)).toBe(true);
  return parseCheckpoint(parsed.body)!;
}

describe("the hall's key", () => {
  it('is made at the first start, owner-only, recorded once with its audit row, and kept across restarts', async () => {
    const file = join(t.h.dataDir, HALL_KEY_FILE);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const keys = await t.h.ok('audit.keys', {}, t.manager);
    expect(keys.keys).toHaveLength(1);
    expect(keys.current.verifierKey).toBe(keys.keys[0]!.verifierKey);
    const hallId = db().prepare('SELECT hall_id FROM hall_identity').pluck().get() as string;
    expect(keys.current.verifierKey.startsWith(`bingo-kiosk/${hallId}+${keys.current.keyId}+`)).toBe(true);
    expect(db().prepare(`SELECT COUNT(*) FROM audit_log WHERE channel = 'hall.key'`).pluck().get()).toBe(1);
    await t.h.reopen();
    t.manager = await t.h.login('gerente', '2222');
    expect((await t.h.ok('audit.keys', {}, t.manager)).keys).toEqual(keys.keys);
  });

  it('found anew (a folder restored without it) is recorded as found; a retired key put back never signs again', async () => {
    const first = (await t.h.ok('audit.keys', {}, t.manager)).current;
    const file = join(t.h.dataDir, HALL_KEY_FILE);
    renameSync(file, `${file}.saved`);
    await t.h.reopen();
    t.manager = await t.h.login('gerente', '2222');
    const second = await t.h.ok('audit.keys', {}, t.manager);
    expect(second.keys.map((k) => k.keyId)).toEqual([first.keyId, second.current.keyId]);
    expect(second.current.keyId).not.toBe(first.keyId);
    expect(JSON.parse(db().prepare(`SELECT input FROM audit_log WHERE channel = 'hall.key' ORDER BY id DESC LIMIT 1`).pluck().get() as string)).toEqual({ reason: 'found' });
    // The first key put back: set aside, and a third made.
    renameSync(`${file}.saved`, file);
    await t.h.reopen();
    t.manager = await t.h.login('gerente', '2222');
    const third = await t.h.ok('audit.keys', {}, t.manager);
    expect(third.keys).toHaveLength(3);
    expect([first.keyId, second.current.keyId]).not.toContain(third.current.keyId);
  });
});

describe('audit.checkpoint', () => {
  it('signs the root of every entry before it, and the next one extends it (RFC 6962 proofs check)', async () => {
    const one = await t.h.ok('audit.checkpoint', {}, t.manager);
    const c1 = await checkedNote(one.note);
    expect(c1.size).toBe(one.size);
    expect(one.size).toBe((db().prepare('SELECT MAX(id) FROM audit_log').pluck().get() as number) - 1);
    expect(bytesToHex(c1.rootHash)).toBe(bytesToHex(rootOfLeafHashes(sha256, allLeaves(one.size))));
    expect(c1.origin).toBe(parseVerifierKey(sha256, (await t.h.ok('audit.keys', {}, t.manager)).current.verifierKey)!.name);
    await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
    const two = await t.h.ok('audit.checkpoint', {}, t.manager);
    const c2 = await checkedNote(two.note);
    expect(two.size).toBeGreaterThan(one.size);
    const subtree = subtreeHasher(db());
    expect(verifyConsistency(sha256, c1.size, c2.size, c1.rootHash, c2.rootHash, consistencyProof(c1.size, c2.size, subtree))).toBe(true);
    for (let m = 0; m < c2.size; m++) {
      expect(verifyInclusion(sha256, allLeaves(c2.size)[m]!, m, c2.size, inclusionProof(m, c2.size, subtree), c2.rootHash)).toBe(true);
    }
    expect((await t.h.ok('audit.keys', {}, t.manager)).lastCheckpoint).toEqual(two);
  });

  it('is refused to a cashier, changing nothing', async () => {
    const before = snapshot(t.h.kiosk);
    expect((await t.h.refused('audit.checkpoint', {}, t.cashier)).code).toBe('FORBIDDEN');
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('is refused over a log rewritten under the last one (its chain recomputed), signing nothing', async () => {
    await t.h.ok('audit.checkpoint', {}, t.manager);
    // An attacker with the file: entry 2 rewritten and every hash after it recomputed.
    const rows = db().prepare('SELECT * FROM audit_log ORDER BY id').all() as { id: number; prev_hash: string; hash: string }[];
    db().exec('DROP TRIGGER audit_log_no_update');
    const forged = db().prepare(`UPDATE audit_log SET hash = ?, prev_hash = ? WHERE id = ?`);
    let prev = rows[0]!.hash;
    for (const r of rows.slice(1)) {
      const hash = bytesToHex(sha256(new TextEncoder().encode(`forged ${r.id} ${prev}`)));
      forged.run(hash, prev, r.id);
      prev = hash;
    }
    const before = db().prepare('SELECT COUNT(*) FROM checkpoints').pluck().get();
    const refusal = await t.h.refused('audit.checkpoint', {}, t.manager);
    expect(refusal.code).toBe('CHECKPOINT_INCONSISTENT');
    expect(refusal.message).toContain('Despacho Normativo n.º 80/85, art. 17.º');
    expect(db().prepare('SELECT COUNT(*) FROM checkpoints').pluck().get()).toBe(before);
  });

  it('stores the root of each whole block of 1024 entries, and proofs read from them equal the entries’ own', async () => {
    writeTransaction(db(), () => {
      for (let i = 0; i < 2500; i++) {
        appendAudit(db(), { at: t.h.clock.now().toISOString(), operatorId: null, terminalId: 'T1', channel: 'test.entry', outcome: 'ok', input: { i }, before: undefined, after: undefined });
      }
    });
    const c = await t.h.ok('audit.checkpoint', {}, t.manager);
    expect(db().prepare('SELECT COUNT(*) FROM merkle_blocks').pluck().get()).toBe(Math.floor(c.size / 1024));
    const leaves = allLeaves(c.size);
    const subtree = subtreeHasher(db());
    expect(bytesToHex(subtree(0, c.size))).toBe(c.rootHash);
    for (const m of [0, 1023, 1024, 2047, 2048, c.size - 1]) {
      const proof = inclusionProof(m, c.size, subtree);
      expect(proof.map(bytesToHex)).toEqual(inclusionProof(m, c.size, (s, e) => rootOfLeafHashes(sha256, leaves, s, e)).map(bytesToHex));
    }
  });
});

describe('checkpoints of the books', () => {
  it('a Z prints its checkpoint and the acta of a closed session carries the close’s, both by the hall’s key', async () => {
    const { h } = t;
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
    const session = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    const gameId = (await h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
    await h.ok('sale.create', { gameId, quantity: 10, payment: { method: 'cash', tenderedCents: 1000 } }, t.cashier);
    await h.ok('game.closeSale', { gameId }, t.manager);
    for (const n of [5, 17, 23, 44, 61]) await h.ok('game.drawBall', { gameId, number: n }, t.manager);
    await confirmByHand(h, t.manager, { gameId, kind: 'line', seriesCode: 'A', card: 1 });
    await h.ok('game.closeClaims', { gameId, kind: 'line' }, t.manager);
    for (const n of [1, 11, 21, 30, 31, 41, 50, 51, 70, 80]) await h.ok('game.drawBall', { gameId, number: n }, t.manager);
    await confirmByHand(h, t.manager, { gameId, kind: 'bingo', seriesCode: 'A', card: 2 });
    await h.ok('game.closeClaims', { gameId, kind: 'bingo' }, t.manager);
    const z = await h.ok('drawer.close', { countedByDenomination: { '2000': 5, '1000': 1 } }, t.cashier);
    const zReport = await h.ok('report.z', { drawerId: z.drawerId }, t.manager);
    const zCheckpoint = await checkedNote(zReport.checkpoint!.note);
    expect(zCheckpoint.extensions[0]).toMatch(new RegExp(`^drawer:${z.drawerId} `));
    expect(zCheckpoint.extensions[1]).toBe(`Z ${zReport.zNumber}`);
    // Last, signed with the rest: the program that signed it, with its version and commit (issue 40); the Z prints every line.
    expect(zCheckpoint.extensions.slice(2)).toEqual([`software ${softwareLabel()}`]);
    await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, t.manager);
    await h.ok('session.close', { sessionId: session.id }, t.manager);
    const acta = await h.ok('session.acta', { sessionId: session.id }, t.manager);
    const actaCheckpoint = await checkedNote(acta.checkpoint!.note);
    expect(actaCheckpoint.extensions[0]).toMatch(new RegExp(`^session:${session.id} `));
    expect(actaCheckpoint.extensions.slice(1)).toEqual([`software ${softwareLabel()}`]);
    expect(acta.hallKey).toEqual({ keyId: acta.checkpoint!.keyId, verifierKey: (await h.ok('audit.keys', {}, t.manager)).current.verifierKey });
    // The close's checkpoint holds every entry before the close's own row.
    const closeSeq = db().prepare(`SELECT MAX(id) FROM audit_log WHERE channel = 'session.close'`).pluck().get() as number;
    expect(acta.checkpoint!.size).toBe(closeSeq - 1);
    expect(actaCheckpoint.size).toBeGreaterThan(zCheckpoint.size);
  });
});

describe('audit.rotateKey', () => {
  it("an admin's rotation: the old key signs a last checkpoint naming the new one, which signs from then on, across a restart", async () => {
    const admin = await t.h.login('admin', '1111');
    const before = (await t.h.ok('audit.keys', {}, admin)).current;
    const oldKey = parseVerifierKey(sha256, before.verifierKey)!;
    const r = await t.h.ok('audit.rotateKey', {}, admin);
    expect(r.previous.keyId).toBe(before.keyId);
    expect(r.current.keyId).not.toBe(before.keyId);
    // The rotation's note: a checkpoint by the old key, its extension naming the new verifier key.
    const note = parseSignedNote(r.checkpoint.note)!;
    expect(noteSignedBy(note, oldKey, ed25519)).toBe(true);
    // Exactly the rotation's lines (no program line): what every inspector's check of a rotation requires.
    expect(parseCheckpoint(note.body)!.extensions).toEqual([expect.stringMatching(/^rotation /), `key-rotation ${r.current.verifierKey}`]);
    const keys = await t.h.ok('audit.keys', {}, admin);
    expect(keys.keys.map((k) => k.keyId)).toEqual([before.keyId, r.current.keyId]);
    expect(keys.current).toEqual(r.current);
    expect(keys.current.rotationNote).toBe(r.checkpoint.note);
    // The next checkpoint is the new key's, and extends the rotation's.
    const next = await t.h.ok('audit.checkpoint', {}, t.manager);
    expect(next.keyId).toBe(r.current.keyId);
    const newKey = parseVerifierKey(sha256, r.current.verifierKey)!;
    expect(noteSignedBy(parseSignedNote(next.note)!, newKey, ed25519)).toBe(true);
    expect(noteSignedBy(parseSignedNote(next.note)!, oldKey, ed25519)).toBe(false);
    const c1 = parseCheckpoint(note.body)!;
    const c2 = parseCheckpoint(parseSignedNote(next.note)!.body)!;
    expect(verifyConsistency(sha256, c1.size, c2.size, c1.rootHash, c2.rootHash, consistencyProof(c1.size, c2.size, subtreeHasher(db())))).toBe(true);
    // The old key's file is gone; a restart signs with the new one and records nothing more.
    await t.h.reopen();
    t.manager = await t.h.login('gerente', '2222');
    const after = await t.h.ok('audit.keys', {}, t.manager);
    expect(after.keys.map((k) => k.keyId)).toEqual([before.keyId, r.current.keyId]);
    expect((await t.h.ok('audit.checkpoint', {}, t.manager)).keyId).toBe(r.current.keyId);
  });

  it('is an admin’s alone: a manager is refused, nothing changes, and no next key is left behind', async () => {
    const before = snapshot(t.h.kiosk);
    expect((await t.h.refused('audit.rotateKey', {}, t.manager)).code).toBe('FORBIDDEN');
    expect(snapshot(t.h.kiosk)).toEqual(before);
    expect(readdirSync(t.h.dataDir).filter((f) => f.startsWith(`${HALL_KEY_FILE}.next`))).toEqual([]);
  });

  it('two at once: one rotates, the other is refused (HALL_KEY_CHANGED) with nothing of its own written', async () => {
    const admin = await t.h.login('admin', '1111');
    const before = (await t.h.ok('audit.keys', {}, admin)).current;
    const [a, b] = await Promise.all([t.h.call('audit.rotateKey', {}, admin), t.h.call('audit.rotateKey', {}, admin)]);
    const done = [a, b].filter((r) => r.ok);
    const refused = [a, b].filter((r) => !r.ok);
    expect(done).toHaveLength(1);
    expect(refused.map((r) => (r.ok ? null : r.error.code))).toEqual(['HALL_KEY_CHANGED']);
    const keys = await t.h.ok('audit.keys', {}, admin);
    expect(keys.keys.map((k) => k.keyId)).toEqual([before.keyId, keys.current.keyId]);
    expect(db().prepare(`SELECT COUNT(*) FROM checkpoints WHERE reason = 'rotation'`).pluck().get()).toBe(1);
    await t.h.reopen();
    t.manager = await t.h.login('gerente', '2222');
    expect(readdirSync(t.h.dataDir).filter((f) => f.startsWith(`${HALL_KEY_FILE}.next`))).toEqual([]);
    expect((await t.h.ok('audit.checkpoint', {}, t.manager)).keyId).toBe(keys.current.keyId);
  });

  it('a next key left by a rotation that did not commit is dropped at the next start', async () => {
    const admin = await t.h.login('admin', '1111');
    const before = (await t.h.ok('audit.keys', {}, admin)).keys;
    prepareNextHallKey(t.h.dataDir, (await t.h.ok('audit.keys', {}, admin)).current.verifierKey.split('+')[0]!);
    await t.h.reopen();
    expect(readdirSync(t.h.dataDir).filter((f) => f.startsWith(`${HALL_KEY_FILE}.next`))).toEqual([]);
    t.manager = await t.h.login('gerente', '2222');
    expect((await t.h.ok('audit.keys', {}, t.manager)).keys).toEqual(before);
  });
});
