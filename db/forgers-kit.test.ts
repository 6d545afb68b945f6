/**
 * A forger's kit (issue 37): the hall's file and its backups tampered with by
 * someone holding the stopped file but not the hall's signing key, each
 * refused and named by the checkpoints' check (audit:verify), the restore or
 * the books. Real SQLite files in temp folders; copies made with VACUUM INTO.
 */
import Database from 'better-sqlite3';
import { generateKeyPairSync, scryptSync, sign } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkpointBody,
  cosignature,
  cosignedMessage,
  keyIdHex,
  keyIdOf,
  parseCheckpoint,
  signatureLine,
  signedNote,
  verifierKey,
  witnessVerifierKey,
} from '../core/transparency/checkpoint.js';
import { bytesToHex, rootOfLeafHashes } from '../core/transparency/merkle.js';
import type { KioskError } from '../core/errors.js';
import { createHarness, TEST_FLOAT_CENTS } from '../test/harness.js';
import { createTestHall, type TestHall } from '../test/fixtures/faces.js';
import { DATABASE_FILE, PIN_KEY_FILE } from '../main/kiosk.js';
import { HALL_KEY_FILE, rawPublicKey } from '../main/services/shared/signing/hall-key.js';
import { countOf } from '../bench/export.js';
import { checkpointLines } from '../main/programs/checkpoint-words.js';
import { auditRowHash, chainGenesis, CREDENTIALS_BASELINE_META, type StoredRow } from './audit.js';
import { BACKUP_DIR, restoreBackup, RestoreRefusedError, type BackupManifest } from './backup.js';
import { checkBooks } from './books.js';
import type { ReadableDb } from './connection.js';
import { currentHallKey, entryLeaf, sha256, verifyCheckpoints, VerifierKeyError } from './transparency.js';
import { PROGRAM } from '../test/program.js';

const cli = (args: string[]) => spawnSync(process.execPath, [...PROGRAM, ...args], { encoding: 'utf8', timeout: 60_000 });

let t: TestHall;
let scratch: string;
/** The hall's file as it stood, stopped: each tampering starts from a copy of it. */
let pristine: string;
let hallKey: string;
let witnessKey: string;
let cp: { id: number; size: number; at: string }[];

/** A witness's cosignature of a checkpoint's note, as the group makes it. */
function cosign(note: string, at: number, key: ReturnType<typeof generateKeyPairSync>['privateKey'], name: string): { witnessKey: string; line: string } {
  const publicKey = rawPublicKey(key);
  const keyId = keyIdOf(sha256, name, publicKey, 0x04);
  const body = note.slice(0, note.indexOf('\n\n') + 1);
  const signature = new Uint8Array(sign(null, cosignedMessage(body, at), key));
  return { witnessKey: witnessVerifierKey(sha256, name, publicKey), line: signatureLine(cosignature(name, keyId, at, signature)) };
}

beforeAll(async () => {
  t = await createTestHall();
  scratch = mkdtempSync(join(tmpdir(), 'kiosk-forger-'));
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 1000 }, t.manager);
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  const gameId = (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
  const sell = () => t.h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
  // Checkpoint 1 ends on entry 18, checkpoint 2 covers a few more: a rewrite from entry 19 is under checkpoint 2 only.
  while (((t.h.kiosk.db.prepare(`SELECT MAX(id) FROM audit_log`).pluck().get() as number) ?? 0) < 18) await sell();
  cp = [];
  const c1 = await t.h.ok('audit.checkpoint', {}, t.manager);
  for (let i = 0; i < 5; i++) await sell();
  const c2 = await t.h.ok('audit.checkpoint', {}, t.manager);
  await sell();
  cp = [c1, c2].map((c) => ({ id: c.id, size: c.size, at: c.at }));
  const witness = generateKeyPairSync('ed25519').privateKey;
  const rows = [c1, c2].map((c) => ({ checkpointId: c.id, ...cosign(c.note, 1_764_547_200, witness, 'grupo-testemunha'), witnessedAt: '2026-12-01T00:00:00.000Z' }));
  expect(t.h.kiosk.keepCosignatures(rows)).toBe(2);
  witnessKey = rows[0]!.witnessKey;
  hallKey = currentHallKey(t.h.kiosk.db)!.verifierKey;
  t.h.kiosk.close();
  pristine = join(scratch, 'pristine.sqlite');
  const db = new Database(join(t.h.dataDir, DATABASE_FILE), { readonly: true });
  db.exec(`VACUUM INTO '${pristine}'`);
  db.close();
}, 60_000);
afterAll(() => {
  t.h.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The number of a file's last audit entry (read, closed). */
function lastSeq(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(`SELECT MAX(id) FROM audit_log`).pluck().get() as number;
  } finally {
    db.close();
  }
}

/** A database file copied as SQLite copies it (VACUUM INTO): one consistent file, whatever a WAL beside it holds. */
function copyDatabase(from: string, to: string): void {
  const db = new Database(from, { readonly: true });
  try {
    db.exec(`VACUUM INTO '${to.replaceAll("'", "''")}'`);
  } finally {
    db.close();
  }
}

let copies = 0;
/** A copy of the hall's file, tampered with by `forge` (a writable connection; triggers are the forger's to drop). */
function forged(forge: (db: Database.Database) => void): string {
  const file = join(scratch, `forged-${++copies}.sqlite`);
  const src = new Database(pristine, { readonly: true });
  src.exec(`VACUUM INTO '${file}'`);
  src.close();
  const db = new Database(file);
  try {
    forge(db);
  } finally {
    db.close();
  }
  return file;
}

function check(file: string, key?: string) {
  const db = new Database(file, { readonly: true }) as unknown as ReadableDb;
  try {
    return verifyCheckpoints(db, key === undefined ? {} : { key });
  } finally {
    (db as unknown as Database.Database).close();
  }
}

/** The entry `seq` changed and every hash from it recomputed, as a forger without the key can. */
export function rewriteFrom(db: Database.Database, seq: number, change: (row: StoredRow) => StoredRow): void {
  db.exec(`DROP TRIGGER IF EXISTS audit_log_no_update`);
  const rows = db.prepare(`SELECT * FROM audit_log WHERE id >= ? ORDER BY id`).all(seq) as StoredRow[];
  let prev = seq === 1 ? chainGenesis(db as unknown as ReadableDb) : (db.prepare(`SELECT hash FROM audit_log WHERE id = ?`).pluck().get(seq - 1) as string);
  const update = db.prepare(`UPDATE audit_log SET at = @at, input = @input, before = @before, after = @after, prev_hash = @prev_hash, hash = @hash WHERE id = @id`);
  for (const r of rows) {
    const row = r.id === seq ? change(r) : r;
    const hash = auditRowHash(prev, row);
    update.run({ ...row, prev_hash: prev, hash });
    prev = hash;
  }
}

describe("the hall's signed checkpoints against its file (audit:verify)", () => {
  it('the file as the hall left it: both checkpoints and both cosignatures hold, by the key printed on the Z', () => {
    const own = check(pristine);
    expect(own).toMatchObject({ checkpoints: 2, cosignatures: 2, keyGiven: false, findings: [], newest: { id: cp[1]!.id, size: cp[1]!.size } });
    expect(cp[0]!.size).toBe(18);
    const given = check(pristine, hallKey);
    expect(given).toMatchObject({ keyGiven: true, findings: [] });
    expect(checkpointLines(given, 'Europe/Lisbon')).toEqual([
      `Pontos de verificação assinados: certos (2 pontos, 2 cossinaturas), verificados com a chave indicada (${hallKey.split('+')[1]}).`,
      'Cossinaturas verificadas com as chaves de testemunha do próprio ficheiro (indique a chave da testemunha do grupo com --witness para saber se foi ela).',
    ]);
    expect(checkpointLines(own, 'Europe/Lisbon')[0]).toContain('com a chave do próprio ficheiro');
  });

  it('1. a history rewritten from entry 19 with the chain recomputed: named from entry 19, which checkpoint 1 (18 entries) no longer vouches for', () => {
    const file = forged((db) => rewriteFrom(db, 19, (r) => ({ ...r, input: JSON.stringify({ forged: true }) })));
    const c = check(file, hallKey);
    // Checkpoint 2's signed frontier narrows it to its subtree of entries 17..24; checkpoint 1 vouches for 1..18.
    expect(c.findings).toEqual([{ problem: 'rewritten', checkpointId: 2, at: cp[1]!.at, firstEntry: 19, lastEntry: 24, witnessKey: null }]);
    expect(checkpointLines(c, 'Europe/Lisbon')[1]).toBe('  REESCRITO: a partir da entrada 19 (até à 24), o registo não é o que o ponto de verificação n.º 2, assinado em 30/11/2026 20:00, cobre.');
    // The file's own chain holds: only the signatures tell.
    expect(cp[1]!.size).toBe(24);
  });

  it('2. the last entries deleted: every checkpoint past the end is named as cut', () => {
    const file = forged((db) => {
      db.exec(`DROP TRIGGER audit_log_no_delete`);
      db.prepare(`DELETE FROM audit_log WHERE id > 20`).run();
    });
    expect(check(file, hallKey).findings).toEqual([{ problem: 'cut', checkpointId: cp[1]!.id, at: cp[1]!.at, firstEntry: 21, lastEntry: cp[1]!.size, witnessKey: null }]);
    expect(checkpointLines(check(file, hallKey), 'Europe/Lisbon')[1]).toBe(
      `  CORTADO: o ponto de verificação n.º ${cp[1]!.id}, assinado em 30/11/2026 20:00, cobre ${cp[1]!.size} entradas, e o ficheiro só tem 20.`,
    );
  });

  it("3. a checkpoint's signature with one byte flipped: named", () => {
    const file = forged((db) => {
      db.exec(`DROP TRIGGER checkpoints_no_update`);
      const note = db.prepare(`SELECT note FROM checkpoints WHERE id = 1`).pluck().get() as string;
      const line = note.slice(note.lastIndexOf('\u2014'));
      const raw = Buffer.from(line.split(' ')[2]!.trim(), 'base64');
      raw[20] = raw[20]! ^ 0x01;
      db.prepare(`UPDATE checkpoints SET note = ? WHERE id = 1`).run(note.replace(line, `${line.split(' ').slice(0, 2).join(' ')} ${raw.toString('base64')}\n`));
    });
    const c = check(file, hallKey);
    // The witness cosigned the note's body, which is unchanged: its cosignature still holds.
    expect(c.findings.map((f) => [f.problem, f.checkpointId])).toEqual([['signature', 1]]);
    expect(checkpointLines(c, 'Europe/Lisbon')[1]).toBe('  ASSINATURA INVÁLIDA: o ponto de verificação n.º 1, assinado em 30/11/2026 20:00, não está assinado pela chave indicada.');
  });

  it('4. a checkpoint removed: named as missing', () => {
    const file = forged((db) => {
      db.exec(`DROP TRIGGER checkpoints_no_delete; DROP TRIGGER checkpoint_cosignatures_no_delete`);
      db.prepare(`DELETE FROM checkpoint_cosignatures WHERE checkpoint_id = 1`).run();
      db.prepare(`DELETE FROM checkpoints WHERE id = 1`).run();
    });
    const c = check(file, hallKey);
    expect(c.findings).toEqual([{ problem: 'missing', checkpointId: 1, at: null, firstEntry: null, lastEntry: null, witnessKey: null }]);
    expect(checkpointLines(c, 'Europe/Lisbon')[1]).toBe('  EM FALTA: o ponto de verificação n.º 1, que a sala assinou, já não está no ficheiro.');
  });

  it("a cosignature by the forger's own witness, its key written in the file: it holds by the file's keys, and only --witness tells", () => {
    const forger = generateKeyPairSync('ed25519').privateKey;
    const file = forged((db) => {
      db.exec(`DROP TRIGGER checkpoint_cosignatures_no_update`);
      const note = db.prepare(`SELECT note FROM checkpoints WHERE id = ?`).pluck().get(cp[1]!.id) as string;
      const planted = cosign(note, 1_764_547_200, forger, 'grupo-testemunha');
      db.prepare(`UPDATE checkpoint_cosignatures SET witness_key = ?, line = ? WHERE checkpoint_id = ?`).run(planted.witnessKey, planted.line, cp[1]!.id);
    });
    const byFile = check(file, hallKey);
    expect(byFile.findings).toEqual([]);
    expect(byFile.witnessed).toBeNull();
    expect(checkpointLines(byFile, 'Europe/Lisbon').at(-1)).toBe(
      'Cossinaturas verificadas com as chaves de testemunha do próprio ficheiro (indique a chave da testemunha do grupo com --witness para saber se foi ela).',
    );
    const db = new Database(file, { readonly: true }) as unknown as ReadableDb;
    try {
      const byWitness = verifyCheckpoints(db, { key: hallKey, witness: witnessKey });
      expect(byWitness.witnessed).toEqual({ keyId: expect.stringMatching(/^[0-9a-f]{8}$/), checkpointIds: [cp[0]!.id] });
      expect(checkpointLines(byWitness, 'Europe/Lisbon').at(-1)).toBe(
        `Testemunha indicada (${byWitness.witnessed!.keyId}): 1 de 2 pontos de verificação cossinados por ela (o mais recente, n.º ${cp[0]!.id}).`,
      );
      expect(verifyCheckpoints(db, { witness: witnessKey }).witnessed?.checkpointIds).toEqual([cp[0]!.id]);
      expect(() => verifyCheckpoints(db, { witness: 'not-a-key' })).toThrow(VerifierKeyError);
    } finally {
      (db as unknown as Database.Database).close();
    }
    // The pristine file: both, by the group's key.
    const pristineDb = new Database(pristine, { readonly: true }) as unknown as ReadableDb;
    try {
      expect(verifyCheckpoints(pristineDb, { key: hallKey, witness: witnessKey }).witnessed?.checkpointIds).toEqual([cp[0]!.id, cp[1]!.id]);
    } finally {
      (pristineDb as unknown as Database.Database).close();
    }
  });

  it("5. a cosignature altered: named with its witness", () => {
    const file = forged((db) => {
      db.exec(`DROP TRIGGER checkpoint_cosignatures_no_update`);
      const line = db.prepare(`SELECT line FROM checkpoint_cosignatures WHERE checkpoint_id = 2`).pluck().get() as string;
      const raw = Buffer.from(line.split(' ')[2]!, 'base64');
      raw[40] = raw[40]! ^ 0x80;
      db.prepare(`UPDATE checkpoint_cosignatures SET line = ? WHERE checkpoint_id = 2`).run(`${line.split(' ').slice(0, 2).join(' ')} ${raw.toString('base64')}`);
    });
    const c = check(file, hallKey);
    expect(c.findings).toEqual([{ problem: 'cosignature', checkpointId: 2, at: cp[1]!.at, firstEntry: null, lastEntry: null, witnessKey }]);
    expect(checkpointLines(c, 'Europe/Lisbon')[1]).toBe(
      '  COSSINATURA INVÁLIDA: a cossinatura de grupo-testemunha no ponto de verificação n.º 2, assinado em 30/11/2026 20:00, não é dessa testemunha sobre esse ponto.',
    );
  });

  it("6. a history rewritten and every checkpoint re-signed with the forger's own key, recorded as the hall's: the file's own key passes it, the key printed on the Z does not", () => {
    const forgerKey = generateKeyPairSync('ed25519').privateKey;
    const file = forged((db) => {
      rewriteFrom(db, 19, (r) => ({ ...r, input: JSON.stringify({ forged: true }) }));
      const name = db.prepare(`SELECT name FROM hall_keys`).pluck().get() as string;
      const publicKey = rawPublicKey(forgerKey);
      const keyId = keyIdHex(keyIdOf(sha256, name, publicKey));
      db.exec(`DROP TRIGGER hall_keys_no_delete; DROP TRIGGER checkpoints_no_update; DELETE FROM hall_keys`);
      db.prepare(`INSERT INTO hall_keys (name, key_id, verifier_key, created_at, audit_seq) VALUES (?, ?, ?, '2026-11-30T20:00:00.000Z', 1)`).run(
        name,
        keyId,
        verifierKey(sha256, name, publicKey),
      );
      for (const c of db.prepare(`SELECT id, size, note FROM checkpoints`).all() as { id: number; size: number; note: string }[]) {
        const leaves = (db.prepare(`SELECT hash FROM audit_log WHERE id <= ? ORDER BY id`).pluck().all(c.size) as string[]).map(entryLeaf);
        const root = rootOfLeafHashes(sha256, leaves);
        const old = parseCheckpoint(c.note.slice(0, c.note.indexOf('\n\n') + 1))!;
        const body = checkpointBody({ ...old, rootHash: root });
        const note = signedNote(body, [{ name, keyId: parseInt(keyId, 16), signature: new Uint8Array(sign(null, Buffer.from(body), forgerKey)) }]);
        db.prepare(`UPDATE checkpoints SET note = ?, root_hash = ?, key_id = ? WHERE id = ?`).run(note, bytesToHex(root), keyId, c.id);
      }
    });
    // By its own key the file holds but for the witness, who cosigned the hall's history, not this one.
    expect(check(file).findings.map((f) => [f.problem, f.checkpointId])).toEqual([['cosignature', 2]]);
    const given = check(file, hallKey);
    expect(given.findings.map((f) => [f.problem, f.checkpointId])).toEqual([
      ['unvouched', 1],
      ['unvouched', 2],
      ['cosignature', 2],
    ]);
    expect(checkpointLines(given, 'Europe/Lisbon')[1]).toBe(
      '  CHAVE NÃO ABONADA: o ponto de verificação n.º 1, assinado em 30/11/2026 20:00, está assinado por uma chave do ficheiro a que nenhuma rotação a partir da chave indicada conduz.',
    );
  });

  it('audit:verify says it in words: the copy rewritten from entry 19 is not "íntegro" by the key printed on the Z; the sound file is, by its own key', () => {
    const dir = join(scratch, 'cli-rewritten');
    mkdirSync(dir);
    copyDatabase(forged((db) => rewriteFrom(db, 19, (r) => ({ ...r, input: JSON.stringify({ forged: true }) }))), join(dir, DATABASE_FILE));
    const r = cli(['audit:verify', '--data-dir', dir, '--key', hallKey]);
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    // The chain alone holds (recomputed): the checkpoints say what it is.
    expect(lines[0]).toMatch(/^Registo de auditoria: íntegro/);
    expect(lines).toContain('  REESCRITO: a partir da entrada 19 (até à 24), o registo não é o que o ponto de verificação n.º 2, assinado em 30/11/2026 20:00, cobre.');
    const sound = join(scratch, 'cli-sound');
    mkdirSync(sound);
    copyDatabase(pristine, join(sound, DATABASE_FILE));
    const ok = cli(['audit:verify', '--data-dir', sound]);
    expect(ok.stdout).toContain(
      `Pontos de verificação assinados: certos (2 pontos, 2 cossinaturas), verificados com a chave do próprio ficheiro (${hallKey.split('+')[1]}; indique a chave impressa no Z ou na acta com --key para saber de quem é).`,
    );
    expect(ok.status).toBe(0);
  }, 30_000);

  it('a key given that is not a verifier key is refused as such', () => {
    expect(() => check(pristine, 'not-a-key')).toThrow(VerifierKeyError);
  });
});

describe('restore refuses a forged or older backup, in words', () => {
  let b: TestHall;
  let dir: string;
  /** B1: taken after checkpoint 1; the hall then sold on and signed checkpoint 2 (B1 is older than it); B3: after checkpoint 2. */
  let b1: string;
  let b3: string;
  let c2: { id: number; size: number };
  /** A fork of B1: a kiosk opened on it sold more, its chain and books whole; not the hall's history. */
  let fork: string;
  let folders = 0;

  /** A copy of the hall's data folder (the database by VACUUM INTO, its keys): a restore with `replace` goes there. */
  function hallFolder(): string {
    const d = join(dir, `hall-${++folders}`);
    mkdirSync(d);
    copyDatabase(join(b.h.dataDir, DATABASE_FILE), join(d, DATABASE_FILE));
    for (const f of [PIN_KEY_FILE, HALL_KEY_FILE]) copyFileSync(join(b.h.dataDir, f), join(d, f));
    return d;
  }
  /** A backup carried away: its file and its manifest, as a forger may present them. */
  function carried(file: string, manifestOf: string | null, name = basename(file)): string {
    const d = join(dir, `away-${++folders}`);
    mkdirSync(d);
    copyDatabase(file, join(d, name));
    if (manifestOf) copyFileSync(`${manifestOf}.json`, join(d, `${name}.json`));
    return join(d, name);
  }
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(RestoreRefusedError);
      return { code: (e as KioskError).code, pt: (e as KioskError).message };
    }
    throw new Error('restored');
  };

  beforeAll(async () => {
    b = await createTestHall();
    dir = mkdtempSync(join(tmpdir(), 'kiosk-forger-restore-'));
    await b.h.ok('series.register', { code: 'A', priceCents: 100, size: 1000 }, b.manager);
    await b.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, b.manager);
    const gameId = (await b.h.ok('game.open', { seriesCode: 'A' }, b.manager)).id;
    const sell = (h = b.h, token = b.cashier) => h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, token);
    await sell();
    await b.h.ok('audit.checkpoint', {}, b.manager);
    b1 = join(b.h.dataDir, BACKUP_DIR, (await b.h.ok('backup.create', {}, b.manager)).file);
    for (let i = 0; i < 3; i++) await sell();
    const signed = await b.h.ok('audit.checkpoint', {}, b.manager);
    c2 = { id: signed.id, size: signed.size };
    b.h.clock.advanceSeconds(1);
    b3 = join(b.h.dataDir, BACKUP_DIR, (await b.h.ok('backup.create', {}, b.manager)).file);
    // The fork: B1 opened by a kiosk of its own, which sells past checkpoint 2's size.
    const forkDir = join(dir, 'fork');
    mkdirSync(forkDir);
    copyDatabase(b1, join(forkDir, DATABASE_FILE));
    for (const f of [PIN_KEY_FILE, HALL_KEY_FILE]) copyFileSync(join(b.h.dataDir, f), join(forkDir, f));
    const forker = await createHarness({ dataDir: forkDir });
    const cashier = await forker.login('caixa1', '3333');
    while ((forker.kiosk.db.prepare(`SELECT MAX(id) FROM audit_log`).pluck().get() as number) <= c2.size) await sell(forker, cashier);
    forker.kiosk.close();
    fork = join(dir, 'fork.sqlite');
    const db = new Database(join(forkDir, DATABASE_FILE), { readonly: true });
    db.exec(`VACUUM INTO '${fork}'`);
    db.close();
    b.h.kiosk.close();
  }, 90_000);
  afterAll(() => {
    b.h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the manifest carries the copy's newest signed checkpoint", () => {
    const m = JSON.parse(readFileSync(`${b3}.json`, 'utf8')) as BackupManifest;
    expect(m.checkpoint).toMatchObject({ id: c2.id, size: c2.size });
    expect(m.checkpoint!.note).toContain(`\n${c2.size}\n`);
  });

  it('7. a backup with sales appended (chain and books whole) under the name and manifest of another: its head is not its manifest\'s', () => {
    const from = carried(fork, b1, basename(b1));
    const forkHead = lastSeq(fork);
    const manifestSeq = (JSON.parse(readFileSync(`${b1}.json`, 'utf8')) as BackupManifest).auditHead!.seq;
    const r = refusal(() => restoreBackup(from, join(dir, `empty-${++folders}`), DATABASE_FILE));
    expect(r).toEqual({
      code: 'RESTORE_HEAD_NOT_MANIFEST',
      pt: `A cópia ${from} termina na entrada de auditoria n.º ${forkHead}, mas o seu manifesto, escrito quando foi feita, diz que terminava na n.º ${manifestSeq} com outro hash: a cópia não é a que foi feita; nada foi reposto.`,
    });
  });

  it("8. the same fork with a manifest forged to match, over the hall's database: it does not hold what checkpoint 2 signed", () => {
    const from = carried(fork, null, 'kiosk-forged.sqlite');
    const target = hallFolder();
    const r = refusal(() => restoreBackup(from, target, DATABASE_FILE, { replace: true }));
    expect(r.code).toBe('RESTORE_DIVERGES');
    expect(r.pt).toBe(
      `A cópia ${from} não contém a história que a sala assinou no ponto de verificação n.º ${c2.id} (${c2.size} entradas, assinado em 30/11/2026 20:00): as suas entradas até lá são outras. Não é uma cópia desta sala tal como foi; nada foi reposto.`,
    );
    // The hall's database is where it was, untouched.
    expect(readdirSync(target).sort()).toEqual([HALL_KEY_FILE, DATABASE_FILE, PIN_KEY_FILE].sort());
  });

  it("9. a backup older than the hall's newest checkpoint: refused naming it, restored only when asked on purpose, the hall's file kept aside", () => {
    const target = hallFolder();
    const entries = lastSeq(b1);
    const r = refusal(() => restoreBackup(b1, target, DATABASE_FILE, { replace: true }));
    expect(r).toEqual({
      code: 'RESTORE_BEFORE_CHECKPOINT',
      pt: `A cópia ${b1} tem ${entries} entradas de auditoria e é anterior ao ponto de verificação n.º ${c2.id} que a sala já assinou (${c2.size} entradas, em 30/11/2026 20:00; o mais recente é o n.º ${c2.id}): repô-la volta atrás desse ponto e perde o que foi registado depois. Nada foi reposto; para o fazer mesmo assim, repita com --before-checkpoint.`,
    });
    const done = restoreBackup(b1, target, DATABASE_FILE, { replace: true, beforeCheckpoint: true, at: new Date('2026-12-01T03:00:00.000Z') });
    expect(done.beforeCheckpoint).toMatchObject({ id: c2.id, size: c2.size });
    expect(done.replaced).toBe(join(target, `${DATABASE_FILE}.replaced-2026-12-01T03-00-00-000Z`));
    expect(existsSync(done.replaced!)).toBe(true);
    // A copy that extends every checkpoint the hall signed goes over it with no flag.
    const again = hallFolder();
    expect(restoreBackup(b3, again, DATABASE_FILE, { replace: true }).beforeCheckpoint).toBeNull();
  });

  it("15. the hall's last checkpoint removed (no gap left) and the cashier's PIN hash copied onto the admin: audit:verify names both, by the newest backup's manifest and by the books", () => {
    const hall = hallFolder();
    mkdirSync(join(hall, BACKUP_DIR));
    copyDatabase(b3, join(hall, BACKUP_DIR, basename(b3)));
    copyFileSync(`${b3}.json`, join(hall, BACKUP_DIR, `${basename(b3)}.json`));
    const db = new Database(join(hall, DATABASE_FILE));
    db.exec(`DROP TRIGGER checkpoints_no_delete; DROP TRIGGER operators_record_update`);
    db.prepare(`DELETE FROM checkpoints WHERE id = ?`).run(c2.id);
    db.prepare(`UPDATE operators SET pin_hash = (SELECT pin_hash FROM operators WHERE username = 'caixa1') WHERE username = 'admin'`).run();
    const admin = db.prepare(`SELECT id FROM operators WHERE username = 'admin'`).pluck().get() as number;
    db.close();
    const r = cli(['audit:verify', '--data-dir', hall]);
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines).toContain(`Última cópia: EM FALTA: o ponto de verificação n.º ${c2.id} que a cópia tinha já não está no ficheiro tal como foi assinado.`);
    expect(lines.find((l) => l.startsWith('Livros, documento a documento:'))).toBe(
      `Livros, documento a documento: 1 DIFERENÇAS; as primeiras: operator_unrecorded operator n.º ${admin} (não é o que o registo de auditoria abona).`,
    );
  }, 30_000);

  it('backup:restore says the refusal of an older backup in words, and restores it with --before-checkpoint, the hall\'s file kept aside', () => {
    const target = hallFolder();
    const refused = cli(['backup:restore', '--from', b1, '--data-dir', target, '--replace']);
    expect(refused.status).toBe(1);
    expect(refused.stderr.split('\n')[0]).toMatch(new RegExp(`^A cópia .* é anterior ao ponto de verificação n\\.º ${c2.id} que a sala já assinou`));
    expect(readdirSync(target).sort()).toEqual([HALL_KEY_FILE, DATABASE_FILE, PIN_KEY_FILE].sort());
    const done = cli(['backup:restore', '--from', b1, '--data-dir', target, '--replace', '--before-checkpoint']);
    expect(done.status).toBe(0);
    expect(done.stdout).toContain(`ATENÇÃO: reposta uma cópia anterior ao ponto de verificação n.º ${c2.id} que a sala assinou (${c2.size} entradas): o que foi registado depois não está nela.`);
    expect(readdirSync(target).filter((f) => f.startsWith(`${DATABASE_FILE}.replaced-`))).toHaveLength(1);
  }, 30_000);

  it("10. a backup whose checkpoint's signature has a byte flipped: named", () => {
    const from = carried(b3, b3);
    const db = new Database(from);
    db.exec(`DROP TRIGGER checkpoints_no_update`);
    const note = db.prepare(`SELECT note FROM checkpoints WHERE id = 1`).pluck().get() as string;
    const line = note.slice(note.lastIndexOf('\u2014'));
    const raw = Buffer.from(line.split(' ')[2]!.trim(), 'base64');
    raw[30] = raw[30]! ^ 0x04;
    db.prepare(`UPDATE checkpoints SET note = ? WHERE id = 1`).run(note.replace(line, `${line.split(' ').slice(0, 2).join(' ')} ${raw.toString('base64')}\n`));
    db.close();
    const r = refusal(() => restoreBackup(from, join(dir, `empty-${++folders}`), DATABASE_FILE));
    expect(r).toEqual({
      code: 'RESTORE_CHECKPOINT_INVALID',
      pt: `A cópia ${from} não passou na verificação dos pontos de verificação assinados: o n.º 1 não está assinado pela chave da sala. Foi alterada depois de feita; nada foi reposto.`,
    });
  });

  it('11. a backup rewritten from an entry under its checkpoints, chain recomputed, manifest rewritten: named from that entry', () => {
    const from = carried(b3, null);
    const db = new Database(from);
    rewriteFrom(db, 3, (r) => ({ ...r, input: JSON.stringify({ forged: true }) }));
    db.close();
    const r = refusal(() => restoreBackup(from, join(dir, `empty-${++folders}`), DATABASE_FILE));
    expect(r.code).toBe('RESTORE_CHECKPOINT_INVALID');
    // Checkpoint 1 (the hall's first) starts the range at entry 1: no signature vouches for less.
    const first = new Database(b3, { readonly: true });
    const size1 = first.prepare(`SELECT size FROM checkpoints WHERE id = 1`).pluck().get() as number;
    first.close();
    expect(r.pt).toBe(
      `A cópia ${from} não passou na verificação dos pontos de verificação assinados: o n.º 1 não cobre as entradas que a cópia tem (a primeira entrada diferente está entre a n.º 1 e a n.º ${size1}). Foi alterada depois de feita; nada foi reposto.`,
    );
  });
});

describe("the books vouch for the operators' records", () => {
  let o: TestHall;
  let dir: string;
  let folders = 0;
  /** A copy of the hall's folder (database by VACUUM INTO, its keys), tampered with by `forge` while stopped. */
  function forgedHall(forge: (db: Database.Database) => void): string {
    const d = join(dir, `hall-${++folders}`);
    mkdirSync(d);
    const src = new Database(join(o.h.dataDir, DATABASE_FILE), { readonly: true });
    src.exec(`VACUUM INTO '${join(d, DATABASE_FILE)}'`);
    src.close();
    for (const f of [PIN_KEY_FILE, HALL_KEY_FILE]) copyFileSync(join(o.h.dataDir, f), join(d, f));
    const db = new Database(join(d, DATABASE_FILE));
    try {
      forge(db);
    } finally {
      db.close();
    }
    return d;
  }
  const books = (d: string) => {
    const db = new Database(join(d, DATABASE_FILE), { readonly: true }) as unknown as ReadableDb;
    try {
      return checkBooks(db, 10).findings.map((f) => [f.problem, f.document?.id, f.kind]);
    } finally {
      (db as unknown as Database.Database).close();
    }
  };
  const idOf = (username: string) => o.h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = ?`).pluck().get(username) as number;
  let admin: number;
  let cashier: number;
  let manager: number;

  beforeAll(async () => {
    o = await createTestHall();
    dir = mkdtempSync(join(tmpdir(), 'kiosk-forger-people-'));
    admin = idOf('admin');
    cashier = idOf('caixa1');
    manager = idOf('gerente');
    await o.h.ok('users.update', { operatorId: manager, active: false }, await o.h.login('admin', '1111'));
    o.h.kiosk.close();
  }, 60_000);
  afterAll(() => {
    o.h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the hall as it was: every operator is vouched for by the audit row that last wrote them', () => {
    const d = forgedHall(() => {});
    expect(books(d)).toEqual([]);
    const db = new Database(join(d, DATABASE_FILE), { readonly: true });
    const vouched = db.prepare(`SELECT COUNT(*) FROM audit_log WHERE json_type(after, '$.credentials') = 'object'`).pluck().get() as number;
    db.close();
    expect(vouched).toBeGreaterThanOrEqual(3);
  });

  it("12. another operator's PIN hash copied onto the admin, the change's record switched off: named, and the admin is not let in with that PIN", async () => {
    const d = forgedHall((db) => {
      db.exec(`DROP TRIGGER operators_record_update`);
      db.prepare(`UPDATE operators SET pin_hash = (SELECT pin_hash FROM operators WHERE id = ?) WHERE id = ?`).run(cashier, admin);
    });
    expect(books(d)).toEqual([['operator_unrecorded', admin, 'credential']]);
    const h = await createHarness({ dataDir: d });
    try {
      // The right PIN for the hash now stored: refused as a wrong one (the counter tells the forger nothing).
      expect((await h.refused('auth.login', { username: 'admin', pin: '3333' })).code).toBe('INVALID_CREDENTIALS');
      expect(await h.login('caixa1', '3333')).toMatch(/.+/);
    } finally {
      h.kiosk.close();
    }
  });

  it("13. a role given and its record forged to match (operator_changes rewritten): the digest in the audit row still names it", () => {
    const d = forgedHall((db) => {
      db.exec(`DROP TRIGGER operators_record_update; DROP TRIGGER operator_changes_no_update`);
      db.prepare(`UPDATE operators SET roles = '["cashier","admin"]' WHERE id = ?`).run(cashier);
      db.prepare(
        `UPDATE operator_changes SET after = json_set(after, '$.roles', json('["cashier","admin"]')) WHERE id = (SELECT MAX(id) FROM operator_changes WHERE operator_id = ?)`,
      ).run(cashier);
    });
    // The record rewritten no longer matches its command's row either; the digest names the operator as they stand.
    expect(books(d)).toEqual([
      ['operator_changed_outside_commands', cashier, 'created'],
      ['operator_unrecorded', cashier, 'credential'],
    ]);
  });

  it('13b. a deactivated manager reactivated, the deactivation\'s record deleted: the record then agrees, the digest does not', () => {
    const d = forgedHall((db) => {
      db.exec(`DROP TRIGGER operators_record_update; DROP TRIGGER operator_changes_no_delete`);
      db.prepare(`UPDATE operators SET active = 1 WHERE id = ?`).run(manager);
      db.prepare(`DELETE FROM operator_changes WHERE id = (SELECT MAX(id) FROM operator_changes WHERE operator_id = ?)`).run(manager);
    });
    expect(books(d)).toEqual([['operator_unrecorded', manager, 'credential']]);
  });

  it('a hall from before the digests (none in its log) is vouched for once at its next start, then a copied hash is named', async () => {
    const d = forgedHall((db) => {
      // The log as an older program wrote it: no `credentials` in any answer (the chain recomputed, as it was then).
      db.exec(`DROP TRIGGER IF EXISTS audit_log_no_update`);
      const rows = db.prepare(`SELECT * FROM audit_log ORDER BY id`).all() as StoredRow[];
      let prev = chainGenesis(db as unknown as ReadableDb);
      const update = db.prepare(`UPDATE audit_log SET after = @after, prev_hash = @prev_hash, hash = @hash WHERE id = @id`);
      for (const r of rows) {
        const after = r.after === null ? null : JSON.stringify({ ...(JSON.parse(r.after) as object), credentials: undefined });
        const row = { ...r, after };
        const hash = auditRowHash(prev, row);
        update.run({ id: r.id, after, prev_hash: prev, hash });
        prev = hash;
      }
      db.exec(`DROP TRIGGER checkpoints_no_delete; DELETE FROM checkpoints; DROP TRIGGER merkle_blocks_no_delete; DELETE FROM merkle_blocks`);
      // Nor the record of a baseline made (the older program knew none).
      db.prepare(`DELETE FROM kiosk_meta WHERE key = ?`).run(CREDENTIALS_BASELINE_META);
    });
    const h = await createHarness({ dataDir: d });
    const rows = () => h.kiosk.db.prepare(`SELECT after FROM audit_log WHERE channel = 'operators.baseline'`).pluck().all() as string[];
    try {
      const baseline = rows();
      expect(baseline).toHaveLength(1);
      expect(Object.keys((JSON.parse(baseline[0]!) as { credentials: object }).credentials).map(Number).sort()).toEqual([admin, manager, cashier].sort());
      await h.reopen();
        expect(rows()).toHaveLength(1);
      expect(h.kiosk.db.prepare(`SELECT value FROM kiosk_meta WHERE key = ?`).pluck().get(CREDENTIALS_BASELINE_META)).toBe(
        String(h.kiosk.db.prepare(`SELECT id FROM audit_log WHERE channel = 'operators.baseline'`).pluck().get()),
      );
    } finally {
      h.kiosk.close();
    }
    expect(books(d)).toEqual([]);
    const db = new Database(join(d, DATABASE_FILE));
    db.exec(`DROP TRIGGER operators_record_update`);
    db.prepare(`UPDATE operators SET pin_hash = (SELECT pin_hash FROM operators WHERE id = ?) WHERE id = ?`).run(cashier, admin);
    db.close();
    expect(books(d)).toEqual([['operator_unrecorded', admin, 'credential']]);
  });

  it('14a. a new admin put in the file by hand with a copied hash whose PIN the forger knows: refused, named, and still refused after a restart (no baseline vouches for them)', async () => {
    let forger = 0;
    const d = forgedHall((db) => {
      db.exec(`DROP TRIGGER operators_record_insert`);
      forger = Number(
        db
          .prepare(`INSERT INTO operators (username, name, roles, pin_hash, short_pin, created_at) SELECT 'forjador', 'Forjador', '["admin"]', pin_hash, 1, created_at FROM operators WHERE id = ?`)
          .run(cashier).lastInsertRowid,
      );
    });
    const found = [
      ['operator_unrecorded', forger, null],
      ['operator_unrecorded', forger, 'credential'],
    ];
    expect(books(d)).toEqual(found);
    const baselines = (h: Awaited<ReturnType<typeof createHarness>>) =>
      h.kiosk.db.prepare(`SELECT COUNT(*) FROM audit_log WHERE channel = 'operators.baseline'`).pluck().get() as number;
    const h = await createHarness({ dataDir: d });
    try {
      expect((await h.refused('auth.login', { username: 'forjador', pin: '3333' })).code).toBe('INVALID_CREDENTIALS');
      expect(baselines(h)).toBe(0);
      await h.reopen();
      expect((await h.refused('auth.login', { username: 'forjador', pin: '3333' })).code).toBe('INVALID_CREDENTIALS');
      expect(baselines(h)).toBe(0);
      expect(h.kiosk.db.prepare(`SELECT COUNT(*) FROM audit_log WHERE json_extract(after, '$.credentials."${forger}"') IS NOT NULL`).pluck().get()).toBe(0);
      // The operators the kiosk wrote still come in.
      expect(await h.login('caixa1', '3333')).toMatch(/.+/);
      expect(await h.login('admin', '1111')).toMatch(/.+/);
    } finally {
      h.kiosk.close();
    }
    expect(books(d)).toEqual(found);
  });

  it('14b. the same with the record of the insert left on: its change unexplained, refused at login, named', async () => {
    let forger = 0;
    const d = forgedHall((db) => {
      forger = Number(
        db
          .prepare(`INSERT INTO operators (username, name, roles, pin_hash, short_pin, created_at) SELECT 'forjador', 'Forjador', '["admin"]', pin_hash, 1, created_at FROM operators WHERE id = ?`)
          .run(cashier).lastInsertRowid,
      );
    });
    const h = await createHarness({ dataDir: d });
    try {
      expect((await h.refused('auth.login', { username: 'forjador', pin: '3333' })).code).toBe('INVALID_CREDENTIALS');
      await h.reopen();
      expect((await h.refused('auth.login', { username: 'forjador', pin: '3333' })).code).toBe('INVALID_CREDENTIALS');
      expect(h.kiosk.db.prepare(`SELECT COUNT(*) FROM audit_log WHERE json_extract(after, '$.credentials."${forger}"') IS NOT NULL`).pluck().get()).toBe(0);
    } finally {
      h.kiosk.close();
    }
    expect(books(d)).toEqual([
      ['operator_changed_outside_commands', forger, 'created'],
      ['operator_unrecorded', forger, 'credential'],
    ]);
  });

  it("14c. an operator edited by hand in the file, then a sale: the sale's row carries no credentials, and the edit is vouched for by none", async () => {
    const f = await createTestHall();
    try {
      const db = f.h.kiosk.db;
      await f.h.ok('series.register', { code: 'A', priceCents: 100, size: 1000 }, f.manager);
      await f.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, f.manager);
      const gameId = (await f.h.ok('game.open', { seriesCode: 'A' }, f.manager)).id;
      const cashierId = db.prepare(`SELECT id FROM operators WHERE username = 'caixa1'`).pluck().get() as number;
      db.prepare(`UPDATE operators SET roles = '["cashier","admin"]' WHERE id = ?`).run(cashierId);
      await f.h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, f.cashier);
      const sale = db.prepare(`SELECT after FROM audit_log WHERE channel = 'sale.create' ORDER BY id DESC LIMIT 1`).pluck().get() as string;
      expect(JSON.parse(sale)).not.toHaveProperty('credentials');
      expect(db.prepare(`SELECT COUNT(*) FROM audit_log WHERE json_type(after, '$.credentials') IS NOT NULL AND channel NOT IN ('setup.init', 'users.create')`).pluck().get()).toBe(0);
      expect(
        checkBooks(db as unknown as ReadableDb, 10)
          .findings.filter((x) => x.document?.type === 'operator')
          .map((x) => [x.problem, x.document?.id, x.kind]),
      ).toEqual([
        ['operator_changed_outside_commands', cashierId, 'updated'],
        ['operator_unrecorded', cashierId, 'credential'],
      ]);
    } finally {
      f.h.close();
    }
  });

  it('14. a legacy unkeyed hash of a chosen PIN planted on the admin: not sealed at start, refused at login, named by the books', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const legacy = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync('9999', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
    const d = forgedHall((db) => {
      db.exec(`DROP TRIGGER operators_record_update`);
      db.prepare(`UPDATE operators SET pin_hash = ? WHERE id = ?`).run(legacy, admin);
    });
    const h = await createHarness({ dataDir: d });
    try {
      expect((await h.refused('auth.login', { username: 'admin', pin: '9999' })).code).toBe('INVALID_CREDENTIALS');
      expect(h.kiosk.db.prepare(`SELECT pin_hash FROM operators WHERE id = ?`).pluck().get(admin)).toBe(legacy);
      expect(h.kiosk.db.prepare(`SELECT COUNT(*) FROM audit_log WHERE channel = 'pins.sealed'`).pluck().get()).toBe(0);
    } finally {
      h.kiosk.close();
    }
    expect(books(d)).toEqual([
      ['operator_unrecorded', admin, 'credential'],
      ['operator_unrecorded', admin, 'pin_unsealed'],
    ]);
  });
});

describe("a rotated hall key: the keyring's history", () => {
  it('by the old key given, the rotation leads to the new one; by the new key given, the old key\'s checkpoints are said to rest on the rotation notes only', async () => {
    const r = await createTestHall();
    try {
      await r.h.ok('audit.checkpoint', {}, r.manager);
      const rotated = await r.h.ok('audit.rotateKey', {}, await r.h.login('admin', '1111'));
      await r.h.ok('audit.checkpoint', {}, r.manager);
      const db = r.h.kiosk.db as unknown as ReadableDb;
      const byOld = verifyCheckpoints(db, { key: rotated.previous.verifierKey });
      expect(byOld).toMatchObject({ checkpoints: 3, findings: [], keyIds: [rotated.previous.keyId, rotated.current.keyId], byEarlierKeys: 0 });
      const byNew = verifyCheckpoints(db, { key: rotated.current.verifierKey });
      expect(byNew).toMatchObject({ checkpoints: 3, findings: [], keyIds: [rotated.current.keyId], byEarlierKeys: 2 });
      expect(checkpointLines(byNew, 'Europe/Lisbon')).toEqual([
        `Pontos de verificação assinados: certos (3 pontos, 0 cossinaturas), verificados com a chave indicada (${rotated.current.keyId}); 2 pontos assinados por chaves anteriores, ligadas à indicada só pelas notas de rotação do ficheiro (indique a mais antiga, impressa num Z anterior, para o saber por si).`,
      ]);
      // A key that is not the hall's: every checkpoint is named.
      const stranger = generateKeyPairSync('ed25519').privateKey;
      const name = rotated.current.verifierKey.split('+')[0]!;
      const byStranger = verifyCheckpoints(db, { key: verifierKey(sha256, name, rawPublicKey(stranger)) });
      expect(byStranger.findings.map((f) => [f.problem, f.checkpointId])).toEqual([
        ['unvouched', 1],
        ['unvouched', 2],
        ['unvouched', 3],
      ]);
    } finally {
      r.h.close();
    }
  });
});

describe("the acta's checkpoint of a closed session", () => {
  it("16. the checkpoint signed at the last session's close removed (no gap, no backup): named by its session; a copy without it is not restored", async () => {
    const s = await createTestHall();
    const scratchDir = mkdtempSync(join(tmpdir(), 'kiosk-forger-session-'));
    try {
      const session = await s.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, s.manager);
      // Nothing sold: the cashier's drawer holds its float (the manager reads no one else's drawer, issue 41).
      const cash = TEST_FLOAT_CENTS;
      await s.h.ok('drawer.close', { countedByDenomination: countOf(cash) }, s.cashier);
      await s.h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, s.manager);
      await s.h.ok('session.close', { sessionId: session.id }, s.manager);
      s.h.kiosk.close();
      const file = join(scratchDir, 'kiosk-2026-12-01T00-00-00-000Z.sqlite');
      const src = new Database(join(s.h.dataDir, DATABASE_FILE), { readonly: true });
      src.exec(`VACUUM INTO '${file}'`);
      src.close();
      const db = new Database(file);
      const last = db.prepare(`SELECT id, ref_type AS refType FROM checkpoints ORDER BY id DESC LIMIT 1`).get() as { id: number; refType: string };
      expect(last.refType).toBe('session');
      db.exec(`DROP TRIGGER checkpoints_no_delete`);
      db.prepare(`DELETE FROM checkpoints WHERE id = ?`).run(last.id);
      db.close();
      const c = check(file);
      expect(c.findings).toEqual([{ problem: 'missing', checkpointId: 0, at: '2026-11-30T20:00:00.000Z', firstEntry: null, lastEntry: null, witnessKey: null, session: session.id }]);
      expect(checkpointLines(c, 'Europe/Lisbon')[1]).toBe(`  EM FALTA: o ponto de verificação assinado no fecho da sessão n.º ${session.id} (30/11/2026 20:00) já não está no ficheiro.`);
      let refused: KioskError | null = null;
      try {
        restoreBackup(file, join(scratchDir, 'target'), DATABASE_FILE);
      } catch (e) {
        refused = e as KioskError;
      }
      expect(refused?.message).toBe(
        `A cópia ${file} não passou na verificação dos pontos de verificação assinados: o do fecho da sessão n.º ${session.id} falta na cópia, ou não é o que a sala assinou. Foi alterada depois de feita; nada foi reposto.`,
      );
    } finally {
      s.h.close();
      rmSync(scratchDir, { recursive: true, force: true });
    }
  });
});
