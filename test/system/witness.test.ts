/**
 * The group as a witness on a real PostgreSQL (issue 26): a hall plays a
 * session to its close and ships its journal with its checkpoints; the group
 * recomputes each checkpoint's root from the entries it holds and cosigns it;
 * the hall's shipper brings the cosignatures back and the kiosk keeps the
 * ones that check; the inspector's export then verifies with the witness's
 * key. A checkpoint the hall signed over another history is refused by the
 * group and never cosigned; a line that does not check is not kept; edits of
 * the export's cosignatures are named. Counted in PostgreSQL and in the
 * hall's file, never taken from what was answered.
 */
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointBody, keyIdOf, parseCheckpoint, parseSignedNote, signedNote, witnessVerifierKey } from '../../core/transparency/checkpoint.js';
import { openReader, type ReadableDb } from '../../db/connection.js';
import { hallIdentity } from '../../db/journal.js';
import { sha256 } from '../../db/transparency.js';
import { buildSessionExport } from '../../main/inspector/export.js';
import { verifyExport } from '../../main/inspector/verify.js';
import { openGroup, type Group } from '../../main/group/index.js';
import { shipHall, type WitnessLink } from '../../main/journal/ship.js';
import { witnessGroup, witnessKeyFrom } from '../../main/group/witness.js';
import { DATABASE_FILE } from '../../main/kiosk.js';
import { HALL_KEY_FILE, logOrigin, rawPublicKey } from '../../main/services/shared/signing/hall-key.js';
import { exportBase, resigned } from '../fixtures/export-forgeries.js';
import { createTestHall, type TestHall } from '../fixtures/faces.js';
import { playedSession } from '../fixtures/played-session.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';

let pgdb: TestDatabase;
let group: Group;
let t: TestHall;
let reader: ReadableDb;
let sessionId: number;
let hallId: string;
const WITNESSED_AT = new Date('2026-12-01T03:00:00.000Z');

beforeAll(async () => {
  pgdb = await createTestDatabase();
  group = await openGroup(pgdb.url);
  t = await createTestHall();
  sessionId = await playedSession(t, 'A');
  reader = openReader(join(t.h.dataDir, DATABASE_FILE));
  hallId = hallIdentity(reader).hallId;
}, 60_000);

afterAll(async () => {
  reader?.close();
  t?.h.close();
  await group?.close();
  await pgdb?.drop();
});

const local = (sql: string) => t.h.kiosk.db.prepare(sql).pluck().get() as number;
const pdf = async () => Buffer.from('%PDF-1.4 test');

describe('the group as a witness', () => {
  it("cosigns each checkpoint whose root is the history it holds; the hall keeps the cosignatures and the export verifies with the witness's key", async () => {
    const link: WitnessLink = { shippedCheckpoint: null, lookedAt: 0 };
    const first = await shipHall(reader, group.pool, { witness: link });
    const checkpoints = local('SELECT COUNT(*) FROM checkpoints');
    // A Z and the session's close at least, each shipped once its entries were.
    expect(checkpoints).toBeGreaterThanOrEqual(2);
    expect(first.cosignatures ?? []).toEqual([]);
    expect(Number((await pgdb.query<{ n: string }>('SELECT COUNT(*) AS n FROM hall_checkpoints WHERE hall_id = $1', [hallId]))[0]!.n)).toBe(checkpoints);

    const key = witnessKeyFrom(join(mkdtempSync(join(tmpdir(), 'witness-')), 'witness.key'), 'grupo-teste');
    const witnessed = await witnessGroup(group.pool, key, () => WITNESSED_AT);
    const ids = (t.h.kiosk.db.prepare('SELECT id FROM checkpoints ORDER BY size, id').pluck().all() as number[]);
    expect(witnessed).toEqual([{ hallId, name: 'Sala de Teste', cosigned: ids, refused: [] }]);
    const rows = await pgdb.query<{ line: string | null; refusal: string | null }>('SELECT line, refusal FROM cosignatures WHERE hall_id = $1', [hallId]);
    expect(rows.filter((r) => r.line !== null && r.refusal === null)).toHaveLength(checkpoints);
    // Again: nothing new to witness, nothing written twice.
    expect(await witnessGroup(group.pool, key, () => WITNESSED_AT)).toEqual([]);
    expect(await pgdb.query('SELECT 1 FROM cosignatures')).toHaveLength(checkpoints);

    // The hall's next pass brings them back; the kiosk keeps each that checks against its own checkpoint.
    link.lookedAt = 0;
    const back = await shipHall(reader, group.pool, { witness: link });
    expect(back.cosignatures).toHaveLength(checkpoints);
    // A line moved to another checkpoint does not check: left out.
    const moved = { ...back.cosignatures![0]!, checkpointId: back.cosignatures![1]!.checkpointId };
    expect(t.h.kiosk.keepCosignatures([moved])).toBe(0);
    expect(local('SELECT COUNT(*) FROM checkpoint_cosignatures')).toBe(0);
    expect(t.h.kiosk.keepCosignatures(back.cosignatures!)).toBe(checkpoints);
    expect(t.h.kiosk.keepCosignatures(back.cosignatures!)).toBe(checkpoints);
    expect(local('SELECT COUNT(*) FROM checkpoint_cosignatures')).toBe(checkpoints);
    link.lookedAt = 0;
    expect((await shipHall(reader, group.pool, { witness: link })).cosignatures).toBeUndefined();

    // The inspector's export carries the close's cosignature; it verifies with the hall's key and the witness's.
    const acta = await t.h.ok('session.acta', { sessionId }, t.manager);
    const { zip } = await buildSessionExport(t.h.kiosk.db, sessionId, { pdf, now: t.h.clock.now() });
    const ok = verifyExport(zip, { key: acta.hallKey!.verifierKey, witness: key.verifierKey });
    expect(ok).toMatchObject({ ok: true, witnessGiven: true, witnesses: [{ name: 'grupo-teste', at: WITNESSED_AT.toISOString() }] });

    // Another group's witness key: refused and named.
    const other = generateKeyPairSync('ed25519');
    const otherKey = witnessVerifierKey(sha256, 'outro-grupo', rawPublicKey(other.privateKey));
    expect(verifyExport(zip, { key: acta.hallKey!.verifierKey, witness: otherKey })).toEqual({
      ok: false,
      failure: { file: 'cosignatures.json', what: expect.stringMatching(/^o ponto de verificação não está cossinado pela testemunha outro-grupo\+[0-9a-f]{8}$/) },
    });
    // The cosignature of another checkpoint put in its place (a Z's): it does not check against this note.
    const zLine = back.cosignatures!.find((c) => c.checkpointId !== acta.checkpoint!.id)!.line;
    const files = unzipSync(zip);
    const swapped = JSON.parse(strFromU8(files['cosignatures.json']!)) as { line: string }[];
    swapped[0]!.line = zLine;
    // Put there by the hall itself, its manifest signed anew (the signed manifest alone would name the change).
    const b = exportBase(zip, t.h.dataDir);
    const forged = resigned(b, b.files.map(([n, d]) => [n, n === 'cosignatures.json' ? strToU8(JSON.stringify(swapped)) : d]));
    expect(verifyExport(forged, { key: acta.hallKey!.verifierKey })).toEqual({
      ok: false,
      failure: { file: 'cosignatures.json', what: expect.stringContaining('a cossinatura de grupo-teste') },
    });
  }, 60_000);

  it('refuses, and never cosigns, a checkpoint the hall signed over another history', async () => {
    // The hall's own key signs a root that is not its entries' (an operator showing the inspector another history).
    const hallKey = createPrivateKey(readFileSync(join(t.h.dataDir, HALL_KEY_FILE), 'utf8'));
    const name = logOrigin(hallId);
    const last = t.h.kiosk.db.prepare('SELECT id, size, note FROM checkpoints ORDER BY id DESC LIMIT 1').get() as { id: number; size: number; note: string };
    const real = parseCheckpoint(parseSignedNote(last.note)!.body)!;
    const forgedRoot = sha256(new TextEncoder().encode('another history'));
    const body = checkpointBody({ ...real, rootHash: forgedRoot });
    const note = signedNote(body, [{ name, keyId: keyIdOf(sha256, name, rawPublicKey(hallKey)), signature: new Uint8Array(sign(null, Buffer.from(body), hallKey)) }]);
    await pgdb.query('INSERT INTO hall_checkpoints (hall_id, checkpoint_id, size, root_hash, key_id, note) VALUES ($1, $2, $3, $4, $5, $6)', [
      hallId,
      last.id + 100,
      last.size,
      Buffer.from(forgedRoot).toString('hex'),
      'ffffffff',
      note,
    ]);
    const key = witnessKeyFrom(join(mkdtempSync(join(tmpdir(), 'witness-')), 'witness.key'), 'grupo-teste');
    const witnessed = await witnessGroup(group.pool, key, () => WITNESSED_AT);
    // A new witness key looks at every checkpoint: the real ones cosigned, the forged one refused.
    expect(witnessed[0]!.refused).toEqual([
      { checkpointId: last.id + 100, reason: `a raiz assinada sobre ${last.size} entradas não é a das entradas que o grupo tem desta sala: a sala mostrou outra história` },
    ]);
    const [row] = await pgdb.query<{ line: string | null; refusal: string | null }>(
      'SELECT line, refusal FROM cosignatures WHERE hall_id = $1 AND checkpoint_id = $2 AND witness_key = $3',
      [hallId, last.id + 100, key.verifierKey],
    );
    expect(row).toEqual({ line: null, refusal: expect.stringContaining('a sala mostrou outra história') });
  }, 60_000);
});
