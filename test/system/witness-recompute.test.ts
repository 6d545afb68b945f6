/**
 * The witness recomputes what it cosigns (issue 37), on a real PostgreSQL: a
 * hall plays a session to its close and ships its journal with its
 * checkpoints; then the group's copy is edited as an operator at the group
 * could (a payload, a stored hash, an entry's documents, its facts with
 * their digest recomputed). An entry from a hall schema newer than the
 * group's program is named so, the program to be upgraded, not the copy. The witness
 * recomputes every entry from its payload, cosigns nothing, refuses nothing
 * for good, and names the group's copy altered at that entry, the part
 * named as it is (group:verify too); the copy put back, it cosigns. A
 * checkpoint the hall signed over another history, against a copy that
 * recomputes whole, is refused: "a sala mostrou outra história".
 */
import { spawnSync } from 'node:child_process';
import { createPrivateKey, sign } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointBody, keyIdOf, parseCheckpoint, parseSignedNote, signedNote } from '../../core/transparency/checkpoint.js';
import { openReader, type ReadableDb } from '../../db/connection.js';
import { hallIdentity } from '../../db/journal.js';
import { sha256 } from '../../db/transparency.js';
import type { EntryFacts } from '../../core/group-contract/facts.js';
import { HALL_MAPPINGS } from '../../core/group-contract/hall-rows.js';
import { openGroup, verifyGroup, type Group } from '../../main/group/index.js';
import { shipHall } from '../../main/journal/ship.js';
import { entryDigest, newestHallSchema } from '../../main/journal/digest.js';
import { witnessGroup, witnessKeyFrom, type WitnessKey } from '../../main/group/witness.js';
import { DATABASE_FILE } from '../../main/kiosk.js';
import { HALL_KEY_FILE, logOrigin, rawPublicKey } from '../../main/services/shared/signing/hall-key.js';
import { createTestHall, type TestHall } from '../fixtures/faces.js';
import { playedSession } from '../fixtures/played-session.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';
import { PROGRAM } from '../program.js';

const ROOT = resolve(import.meta.dirname, '../..');
const WITNESSED_AT = new Date('2026-12-01T03:00:00.000Z');

let pgdb: TestDatabase;
let group: Group;
let t: TestHall;
let reader: ReadableDb;
let hallId: string;
/** The first checkpoint the hall signed (the smallest), and a sale's entry it covers with an entry after it. */
let first: { id: number; size: number };
let sale: number;

beforeAll(async () => {
  pgdb = await createTestDatabase();
  group = await openGroup(pgdb.url);
  t = await createTestHall();
  await playedSession(t, 'A');
  reader = openReader(join(t.h.dataDir, DATABASE_FILE));
  hallId = hallIdentity(reader).hallId;
  await shipHall(reader, group.pool);
  first = t.h.kiosk.db.prepare('SELECT id, size FROM checkpoints ORDER BY size, id LIMIT 1').get() as { id: number; size: number };
  sale = t.h.kiosk.db.prepare(`SELECT MIN(id) FROM audit_log WHERE channel = 'sale.create' AND id < ?`).pluck().get(first.size) as number;
}, 60_000);

afterAll(async () => {
  reader?.close();
  t?.h.close();
  await group?.close();
  await pgdb?.drop();
});

const newWitness = (): WitnessKey => witnessKeyFrom(join(mkdtempSync(join(tmpdir(), 'witness-')), 'witness.key'), 'grupo-teste');
const checkpointIds = () => t.h.kiosk.db.prepare('SELECT id FROM checkpoints ORDER BY size, id').pluck().all() as number[];
const groupRows = async (key: WitnessKey) => Number((await pgdb.query<{ n: string }>('SELECT COUNT(*) AS n FROM cosignatures WHERE witness_key = $1', [key.verifierKey]))[0]!.n);
const cli = (args: string[]) => spawnSync(process.execPath, [...PROGRAM, ...args], { cwd: ROOT, encoding: 'utf8' });

/** `edit` applied to the group's copy, the witness and group:verify asked, the copy put back as it was. */
async function withAlteredCopy(column: 'payload' | 'hash' | 'documents', seq: number, edit: string, check: () => Promise<void>) {
  const [before] = await pgdb.query<{ v: string }>(`SELECT ${column}::text AS v FROM journal WHERE hall_id = $1 AND seq = $2`, [hallId, seq]);
  await pgdb.query(`UPDATE journal SET ${column} = ${edit} WHERE hall_id = $1 AND seq = $2`, [hallId, seq]);
  try {
    await check();
  } finally {
    const cast = column === 'hash' ? '' : '::jsonb';
    await pgdb.query(`UPDATE journal SET ${column} = $3${cast} WHERE hall_id = $1 AND seq = $2`, [hallId, seq, before!.v]);
  }
}

describe('the witness recomputes what it cosigns', () => {
  it('a payload edited in PostgreSQL: not cosigned, not refused, named as the group\'s copy altered at that entry; group:verify names the payload', async () => {
    const key = newWitness();
    await withAlteredCopy('payload', sale, `jsonb_set(payload, '{after}', to_jsonb(replace(payload->>'after', '"totalCents":', '"totalCents":1')))`, async () => {
      const witnessed = await witnessGroup(group.pool, key, () => WITNESSED_AT);
      expect(witnessed).toEqual([
        {
          hallId,
          name: 'Sala de Teste',
          cosigned: [],
          refused: [],
          altered: { checkpointId: first.id, seq: sale, part: 'payload', reason: `a cópia do grupo foi alterada (entrada n.º ${sale}: o conteúdo não dá o hash guardado)` },
        },
      ]);
      // Nothing written for good: the checkpoints wait for the copy to be put right.
      expect(await groupRows(key)).toBe(0);
      expect((await verifyGroup(group.pool)).halls[0]!.firstBreak).toEqual({ seq: sale, reason: 'payload' });

      // The command line says it in words, and fails.
      const run = cli(['group:witness', '--database-url', pgdb.url, '--key-file', join(mkdtempSync(join(tmpdir(), 'witness-')), 'w.key'), '--name', 'grupo-cli']);
      expect(run.status, run.stderr).toBe(1);
      expect(run.stdout).toContain(
        `ponto de verificação n.º ${first.id} NÃO COSSINADO (cópia do grupo alterada): a cópia do grupo foi alterada (entrada n.º ${sale}: o conteúdo não dá o hash guardado).`,
      );
      expect(run.stdout).not.toContain('outra história');
    });
    // The copy put back: the same witness cosigns every checkpoint.
    expect(await witnessGroup(group.pool, key, () => WITNESSED_AT)).toEqual([{ hallId, name: 'Sala de Teste', cosigned: checkpointIds(), refused: [] }]);
  }, 60_000);

  it('a stored hash replaced: the same kind, named as the hash; group:verify names the hash', async () => {
    const key = newWitness();
    await withAlteredCopy('hash', sale, `repeat('ab', 32)`, async () => {
      const [w] = await witnessGroup(group.pool, key, () => WITNESSED_AT);
      expect(w!.cosigned).toEqual([]);
      expect(w!.refused).toEqual([]);
      expect(w!.altered).toEqual({
        checkpointId: first.id,
        seq: sale,
        part: 'hash',
        reason: `a cópia do grupo foi alterada (entrada n.º ${sale}: o hash guardado não é o que o conteúdo dá (a cadeia guarda o do conteúdo))`,
      });
      expect(await groupRows(key)).toBe(0);
      expect((await verifyGroup(group.pool)).halls[0]!.firstBreak).toEqual({ seq: sale, reason: 'hash' });
      const run = cli(['group:verify', '--database-url', pgdb.url]);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(`QUEBRADO na entrada n.º ${sale}: hash substituído (o conteúdo dá o hash que a cadeia guarda, não o guardado) (hash).`);
    });
    // The copy put back: cosigned.
    expect((await witnessGroup(group.pool, key, () => WITNESSED_AT))[0]!.cosigned).toEqual(checkpointIds());
  }, 60_000);

  it("an entry's documents edited: named as the documents", async () => {
    const key = newWitness();
    const seq = Number(
      (await pgdb.query<{ seq: string }>(`SELECT seq FROM journal WHERE hall_id = $1 AND documents ? 'sales' AND seq < $2 ORDER BY seq LIMIT 1`, [hallId, first.size]))[0]!.seq,
    );
    await withAlteredCopy('documents', seq, `jsonb_set(documents, '{sales,0,total_cents}', to_jsonb((documents#>>'{sales,0,total_cents}')::bigint + 100))`, async () => {
      const [w] = await witnessGroup(group.pool, key, () => WITNESSED_AT);
      expect(w!.altered).toMatchObject({ seq, part: 'documents', reason: `a cópia do grupo foi alterada (entrada n.º ${seq}: os documentos não dão o resumo guardado)` });
      expect(w!.cosigned).toEqual([]);
      expect(await groupRows(key)).toBe(0);
    });
  }, 60_000);

  it("an entry's facts forged with its digest recomputed (documents kept): named as the facts, the fact that differs in words; group:verify says it too", async () => {
    const key = newWitness();
    const [row] = await pgdb.query<{ seq: string; hash: string; documents: Record<string, Record<string, unknown>[]>; facts: EntryFacts; contract: number; hall_schema: number }>(
      `SELECT seq, hash, documents, facts, contract, hall_schema FROM journal WHERE hall_id = $1 AND fact_types && ARRAY['sale@1'] AND seq < $2 ORDER BY seq LIMIT 1`,
      [hallId, first.size],
    );
    const seq = Number(row!.seq);
    const real = (row!.facts as Record<string, Record<string, unknown>[]>)['sale@1']![0]!;
    const facts = { ...row!.facts, 'sale@1': [{ ...real, totalCents: Number(real.totalCents) + 1000 }] } as EntryFacts;
    const digest = entryDigest(row!.hash, row!.documents, { contract: row!.contract, facts, hallSchema: row!.hall_schema });
    const [kept] = await pgdb.query<{ d: string }>('SELECT documents_hash AS d FROM journal WHERE hall_id = $1 AND seq = $2', [hallId, seq]);
    await pgdb.query('UPDATE journal SET facts = $3::jsonb, documents_hash = $4 WHERE hall_id = $1 AND seq = $2', [hallId, seq, JSON.stringify(facts), digest]);
    try {
      const words = `sale@1 n.º 1: totalCents ${Number(real.totalCents) + 1000} nos factos, ${real.totalCents} nos documentos`;
      const [w] = await witnessGroup(group.pool, key, () => WITNESSED_AT);
      expect(w!.altered).toEqual({
        checkpointId: first.id,
        seq,
        part: 'facts',
        reason: `os factos da entrada n.º ${seq} não batem com os seus documentos (os factos publicados não são os do contrato do grupo: ${words}): a testemunha não sabe dizer se a cópia do grupo foi alterada ou se a sala enviou factos diferentes dos seus documentos`,
      });
      expect(w!.cosigned).toEqual([]);
      expect(await groupRows(key)).toBe(0);
      expect((await verifyGroup(group.pool)).halls[0]!.firstBreak).toEqual({ seq, reason: 'facts', words });
      // The witness cannot tell the group's copy altered from facts the hall shipped so: it says so, and sends the
      // operator to the hall's journal before the copy is put back.
      const witnessed = cli(['group:witness', '--database-url', pgdb.url, '--key-file', join(mkdtempSync(join(tmpdir(), 'witness-')), 'w.key'), '--name', 'grupo-cli']);
      expect(witnessed.status, witnessed.stderr).toBe(1);
      expect(witnessed.stdout).toContain(`NÃO COSSINADO (factos que não batem com os documentos): os factos da entrada n.º ${seq} não batem com os seus documentos`);
      expect(witnessed.stdout).toContain('Compare a entrada com o diário da sala antes de repor a cópia do grupo');
      expect(witnessed.stdout).not.toContain('A falta é da base de dados do grupo, não da sala');
      const run = cli(['group:verify', '--database-url', pgdb.url]);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(`QUEBRADO na entrada n.º ${seq}: factos publicados que não são os do contrato do grupo nem os que os documentos dão (facts): ${words}.`);
    } finally {
      await pgdb.query('UPDATE journal SET facts = $3::jsonb, documents_hash = $4 WHERE hall_id = $1 AND seq = $2', [hallId, seq, JSON.stringify(row!.facts), kept!.d]);
    }
    expect((await witnessGroup(group.pool, key, () => WITNESSED_AT))[0]!.cosigned).toEqual(checkpointIds());
  }, 60_000);

  it("an entry shipped from a hall schema newer than the group's program (its digest holding): not cosigned, named as a schema the group's contract does not know, never as the group's copy altered", async () => {
    const key = newWitness();
    const [row] = await pgdb.query<{ seq: string; hash: string; documents: Record<string, Record<string, unknown>[]>; facts: EntryFacts; contract: number; hall_schema: number }>(
      `SELECT seq, hash, documents, facts, contract, hall_schema FROM journal WHERE hall_id = $1 AND fact_types && ARRAY['sale@1'] AND seq < $2 ORDER BY seq LIMIT 1`,
      [hallId, first.size],
    );
    const seq = Number(row!.seq);
    const newer = newestHallSchema() + 1;
    const digest = entryDigest(row!.hash, row!.documents, { contract: row!.contract, facts: row!.facts, hallSchema: newer });
    const [kept] = await pgdb.query<{ d: string }>('SELECT documents_hash AS d FROM journal WHERE hall_id = $1 AND seq = $2', [hallId, seq]);
    await pgdb.query('UPDATE journal SET hall_schema = $3, documents_hash = $4 WHERE hall_id = $1 AND seq = $2', [hallId, seq, newer, digest]);
    try {
      const [w] = await witnessGroup(group.pool, key, () => WITNESSED_AT);
      expect(w!.altered).toEqual({
        checkpointId: first.id,
        seq,
        part: 'hall_schema',
        reason: `a entrada n.º ${seq} foi enviada do esquema ${newer} da base de dados da sala, que o contrato deste programa do grupo não conhece (conhece do ${HALL_MAPPINGS[0]!.from} ao ${newer - 1}): a sala é mais recente, e o programa do grupo tem de ser atualizado`,
      });
      expect(w!.cosigned).toEqual([]);
      expect(await groupRows(key)).toBe(0);
      const witnessed = cli(['group:witness', '--database-url', pgdb.url, '--key-file', join(mkdtempSync(join(tmpdir(), 'witness-')), 'w.key'), '--name', 'grupo-cli']);
      expect(witnessed.status, witnessed.stderr).toBe(1);
      expect(witnessed.stdout).toContain(`NÃO COSSINADO (esquema da sala que o contrato do grupo não conhece): a entrada n.º ${seq} foi enviada do esquema ${newer}`);
      expect(witnessed.stdout).not.toContain('cópia do grupo foi alterada');
      expect(witnessed.stdout).not.toContain('A falta é da base de dados do grupo, não da sala');
    } finally {
      await pgdb.query('UPDATE journal SET hall_schema = $3, documents_hash = $4 WHERE hall_id = $1 AND seq = $2', [hallId, seq, row!.hall_schema, kept!.d]);
    }
    expect((await witnessGroup(group.pool, key, () => WITNESSED_AT))[0]!.cosigned).toEqual(checkpointIds());
  }, 60_000);

  it('a hall that signed another history over a copy that recomputes whole: refused, "a sala mostrou outra história"', async () => {
    const hallKey = createPrivateKey(readFileSync(join(t.h.dataDir, HALL_KEY_FILE), 'utf8'));
    const name = logOrigin(hallId);
    const last = t.h.kiosk.db.prepare('SELECT id, size, note FROM checkpoints ORDER BY id DESC LIMIT 1').get() as { id: number; size: number; note: string };
    const real = parseCheckpoint(parseSignedNote(last.note)!.body)!;
    const forgedRoot = sha256(new TextEncoder().encode('another history'));
    const body = checkpointBody({ ...real, rootHash: forgedRoot });
    const note = signedNote(body, [{ name, keyId: keyIdOf(sha256, name, rawPublicKey(hallKey)), signature: new Uint8Array(sign(null, Buffer.from(body), hallKey)) }]);
    const forgedId = last.id + 1000;
    await pgdb.query('INSERT INTO hall_checkpoints (hall_id, checkpoint_id, size, root_hash, key_id, note) VALUES ($1, $2, $3, $4, $5, $6)', [
      hallId,
      forgedId,
      last.size,
      Buffer.from(forgedRoot).toString('hex'),
      'ffffffff',
      note,
    ]);
    const key = newWitness();
    const [w] = await witnessGroup(group.pool, key, () => WITNESSED_AT);
    expect(w!.altered).toBeUndefined();
    expect(w!.cosigned).toEqual(checkpointIds());
    expect(w!.refused).toEqual([
      { checkpointId: forgedId, reason: `a raiz assinada sobre ${last.size} entradas não é a das entradas que o grupo tem desta sala: a sala mostrou outra história` },
    ]);
    const [row] = await pgdb.query<{ line: string | null; refusal: string | null }>('SELECT line, refusal FROM cosignatures WHERE hall_id = $1 AND checkpoint_id = $2', [hallId, forgedId]);
    expect(row).toEqual({ line: null, refusal: expect.stringContaining('a sala mostrou outra história') });
  }, 60_000);
});
