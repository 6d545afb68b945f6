/**
 * The forger's kit against the export's check (issue 37): a real export of a
 * played session verifies; each tampering of the kit (test/fixtures/
 * export-forgeries.ts) is refused, naming its file in the kit's words. A zip
 * bomb is refused within 100 MB of a child process's memory, and the command
 * line answers every refusal in Portuguese, a 600 MB file included.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { exportBase, FORGERIES, olderActa, resigned, writeZip, zeroBomb, type ExportBase } from '../../test/fixtures/export-forgeries.js';
import { playedSession } from '../../test/fixtures/played-session.js';
import { openReader } from '../../db/connection.js';
import { checkReport, EXPORT_LIMITS } from '../../core/inspector/check.js';
import { buildSessionExport } from './export.js';
import { exportSessionInWorker } from './in-worker.js';
import { KioskError } from '../../core/refusal.js';
import { readZip } from '../../core/inspector/zip.js';
import { verifyExport } from './verify.js';
import { PROGRAM } from '../../test/program.js';

let t: TestHall;
let base: ExportBase;
let rotated: ExportBase;
let sessionId: number;
const work = mkdtempSync(join(tmpdir(), 'forgery-'));
const root = resolve(import.meta.dirname, '..', '..');

beforeAll(async () => {
  t = await createTestHall();
  sessionId = await playedSession(t, 'A');
  const { zip } = await buildSessionExport(t.h.kiosk.db, sessionId, { pdf: async () => Buffer.from('%PDF-1.4 test'), now: t.h.clock.now() });
  base = exportBase(zip, t.h.dataDir);
  // The hall then rotates its key twice: the same session exported again is signed by the third key, with the chain.
  const admin = await t.h.login('admin', '1111');
  await t.h.ok('audit.rotateKey', {}, admin);
  await t.h.ok('audit.rotateKey', {}, admin);
  const again = await buildSessionExport(t.h.kiosk.db, sessionId, { pdf: async () => Buffer.from('%PDF-1.4 test'), now: t.h.clock.now() });
  rotated = exportBase(again.zip, t.h.dataDir, base.key);
}, 60_000);
afterAll(() => t?.h.close());

describe("the forger's kit", () => {
  it('has at least 30 distinct tamperings, each named once', () => {
    expect(FORGERIES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(FORGERIES.map((f) => f.id)).size).toBe(FORGERIES.length);
  });

  it('leaves the real export íntegra with the key printed on the acta', async () => {
    const acta = await t.h.ok('session.acta', { sessionId }, t.manager);
    expect(base.key).toBe(acta.hallKey!.verifierKey);
    expect(verifyExport(base.zip, { key: base.key })).toMatchObject({ ok: true, sessionId });
  });

  it("leaves an export of the previous release íntegra: its acta states no cards per seller, the check recomputes them from the sales", () => {
    const r = verifyExport(olderActa(base), { key: base.key });
    expect(r).toMatchObject({ ok: true, sessionId });
    expect(r.ok && r.figures.games.map((g) => g.cardsBySeller)).toEqual([[{ username: 'caixa1', cards: 10 }], [{ username: 'caixa1', cards: 2 }]]);
  });

  it('leaves the export made after two rotations íntegra with the key printed on the acta and with the current key', () => {
    const links = JSON.parse(Buffer.from(rotated.files.find(([n]) => n === 'rotations.json')![1]).toString('utf8')) as { verifierKey: string }[];
    expect(links.map((l) => l.verifierKey)).toEqual([expect.any(String), rotated.hall.verifierKey]);
    expect(verifyExport(rotated.zip, { key: base.key })).toMatchObject({ ok: true, sessionId, givenLaterKeyId: null, rotations: [expect.any(String), rotated.hall.verifierKey.split('+')[1]] });
    expect(verifyExport(rotated.zip, { key: rotated.hall.verifierKey })).toMatchObject({ ok: true, sessionId, givenLaterKeyId: rotated.hall.verifierKey.split('+')[1] });
  });

  it.each(FORGERIES.map((f) => [f.id, f] as const))('refuses %s, naming the file', (_, f) => {
    const b = f.rotated ? rotated : base;
    const r = verifyExport(f.make(b), { key: b.key, ...(f.witness ? { witness: f.witness(b) } : {}) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure.file).toBe(f.file);
    if (typeof f.what === 'string') expect(r.failure.what).toContain(f.what);
    else expect(r.failure.what).toMatch(f.what);
    if (f.line !== undefined) expect(r.failure.line).toBe(f.line);
  });
});

describe('an export written by the previous release (0.1.0) with its own code', () => {
  // test/fixtures/release-0.1.0-export: its acta states neither the prizes awarded apart nor the cards per seller.
  const zip = new Uint8Array(readFileSync(join(root, 'test', 'fixtures', 'release-0.1.0-export', 'sessao-1.zip')));
  const old = exportBase(zip, join(root, 'test', 'fixtures', 'release-0.1.0'));
  const acta = JSON.parse(Buffer.from(old.files.find(([n]) => n === 'acta.json')![1]).toString('utf8')) as { games: Record<string, unknown>[]; totals: Record<string, unknown> };
  const withActa = (change: (a: typeof acta) => unknown) =>
    resigned(old, old.files.map(([n, d]) => [n, n === 'acta.json' ? new Uint8Array(Buffer.from(JSON.stringify(change(structuredClone(acta)), null, 2))) : d]));

  it('verifies with the check of today, its figures recomputed from its rows', () => {
    expect(['cardsBySeller', 'lineAwardedCents'].map((f) => f in acta.games[0]!)).toEqual([false, false]);
    expect('prizesAwardedCents' in acta.totals).toBe(false);
    const r = verifyExport(zip, { key: old.key });
    expect(r.ok && checkReport(r).slice(4)).toEqual([
      'Documentos apoiados nas suas entradas: 4 vendas, 1 anulação, 2 prémios, 0 reembolsos, 1 guia, 2 gavetas; nenhuma entrada sem o seu documento.',
      'Valores da acta recalculados a partir das linhas (Despacho Normativo n.º 80/85, art. 15.º e 17.º):',
      '  jogada 1: 20 cartões, 20,00 €; linha 1,00 €, bingo 10,00 €; imposto do selo 5,00 €; prémios atribuídos 11,00 €, pagos 11,00 €',
      '  total: 20 cartões, 20,00 €; prémios atribuídos 11,00 €, pagos 11,00 €, por pagar 0,00 €; imposto do selo 5,00 €; reembolsos 0,00 €.',
      'Guias: 1 paga (25,00 €: 25,00 € em numerário, 0,00 € em cheque), 0 por pagar (0,00 €), 0 anuladas (0,00 €).',
      'A exportação não traz as existências de cartões (feita antes de as trazer): os cartões vendidos não foram conferidos com as caixas recebidas.',
      'O manifesto não diz que programa fez a exportação (feita antes de o dizer).',
    ]);
    expect(r.ok && r.figures.games[0]!.cardsBySeller).toEqual([{ username: 'caixa1', cards: 20 }]);
  });

  it('is still refused where it states a figure the rows do not give, and where it states one it did not know wrong', () => {
    const refused = (change: (a: typeof acta) => unknown) => verifyExport(withActa(change), { key: old.key });
    expect(refused((a) => ((a.games[0]!.cardsSold = 21), a))).toEqual({ ok: false, failure: { file: 'acta.json', what: 'jogada 1: cardsSold é 21, as linhas dão 20' } });
    expect(refused((a) => ((a.games[0]!.cardsBySeller = [{ username: 'caixa1', name: 'Caixa', cards: 19 }]), a))).toEqual({
      ok: false,
      failure: { file: 'acta.json', what: 'jogada 1: cardsBySeller[0].cards é 19, as linhas dão 20' },
    });
    expect(refused((a) => ((a.totals.prizesAwardedCents = 1_000), a))).toEqual({ ok: false, failure: { file: 'acta.json', what: 'totais: prizesAwardedCents é 1000, as linhas dão 1100' } });
    // A figure it did state, left out: refused as before.
    expect(refused(({ totals: { stampDutyCents: _, ...totals }, ...a }) => ({ ...a, totals }))).toEqual({ ok: false, failure: { file: 'acta.json', what: 'totais: stampDutyCents é undefined, as linhas dão 500' } });
  });
});

describe('a byte flipped anywhere in the ZIP', () => {
  it('is refused and named (never an error the check did not foresee), unless nothing read changes', () => {
    const view = new DataView(base.zip.buffer, base.zip.byteOffset, base.zip.byteLength);
    const cdOffset = view.getUint32(base.zip.length - 22 + 16, true);
    // The only bytes the canonical form leaves free: each directory entry's "version made by" (2 bytes at 4).
    const free = new Set<number>();
    for (let at = cdOffset; at < base.zip.length - 22; at += 46 + view.getUint16(at + 28, true)) free.add(at + 4).add(at + 5);
    let seed = 37;
    const positions = Array.from({ length: 300 }, () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % base.zip.length);
    // Every header byte too: the first 200 and the last 1,500 (the central directory and the end record).
    for (let i = 0; i < 200; i++) positions.push(i);
    for (let i = Math.max(cdOffset, base.zip.length - 1_500); i < base.zip.length; i++) positions.push(i);
    const contents = readZip(base.zip, EXPORT_LIMITS);
    const changed: number[] = [];
    for (const at of positions) {
      const zip = base.zip.slice();
      zip[at] = zip[at]! ^ 0x01;
      const r = verifyExport(zip, { key: base.key });
      if (!r.ok) expect(r.failure.file, `byte ${at}`).not.toBe('(exportação)');
      // Accepted: a free byte, or a bit of a deflate stream's slack (a code length of a symbol never used) that
      // inflates to the very same files, so nothing read differs.
      else if (!free.has(at) && [...readZip(zip, EXPORT_LIMITS)].some(([name, data]) => !Buffer.from(data).equals(contents.get(name)!))) changed.push(at);
    }
    expect(changed).toEqual([]);
  }, 60_000);
});

describe('the export', () => {
  const pdf = async () => Buffer.from('%PDF-1.4 test');

  it("is refused when the key that signed the session's close is not the one at hand, naming the session and the key", async () => {
    const acta = await t.h.ok('session.acta', { sessionId }, t.manager);
    const refusal = { code: 'EXPORT_KEY_NOT_AT_HAND', params: { sessionId, keyId: acta.hallKey!.keyId } };
    // Another key given to sign it (not one the session's key rotated into).
    await expect(buildSessionExport(t.h.kiosk.db, sessionId, { pdf, now: t.h.clock.now(), signer: base.other })).rejects.toMatchObject(refusal);
    // A copy of the hall's file in a folder without its key.
    const copy = join(mkdtempSync(join(tmpdir(), 'no-key-')), 'kiosk.db');
    t.h.kiosk.db.prepare('VACUUM INTO ?').run(copy);
    const reader = openReader(copy);
    try {
      await expect(buildSessionExport(reader, sessionId, { pdf, now: t.h.clock.now() })).rejects.toMatchObject(refusal);
    } finally {
      reader.close();
    }
    // Through session.export's worker: the refusal crosses the thread with its code and parameters, in words.
    const inWorker = exportSessionInWorker({ file: copy, sessionId, folder: join(dirname(copy), 'exports'), now: t.h.clock.now().toISOString() });
    await expect(inWorker).rejects.toBeInstanceOf(KioskError);
    await expect(inWorker).rejects.toMatchObject({ ...refusal, message: expect.stringContaining(`A sessão n.º ${sessionId} foi assinada pela chave ${acta.hallKey!.keyId} da sala, e a pasta de dados não guarda essa chave nem uma chave em que ela tenha passado por rotação`) });
  }, 60_000);
});

describe('the command line', () => {
  /**
   * The check alone (check.ts bundled, node:crypto's primitives) in a child process of its own, run on `file`: its
   * finding and its peak memory (VmHWM). No tsx in it, so the peak is the check's, not the loading of the sources.
   */
  const CHILD = `
    import { readFileSync } from 'node:fs';
    import { createHash, createPublicKey, verify } from 'node:crypto';
    const { checkExport } = await import(process.argv[1]);
    const spki = Buffer.from('302a300506032b6570032100', 'hex');
    const crypto = {
      sha256: (d) => new Uint8Array(createHash('sha256').update(d).digest()),
      ed25519: (k, m, s) => verify(null, m, createPublicKey({ key: Buffer.concat([spki, k]), format: 'der', type: 'spki' }), s),
    };
    const r = checkExport(new Uint8Array(readFileSync(process.argv[2])), { key: process.argv[3] }, crypto);
    // VmHWM: this process's own peak (maxRSS would carry the forking test runner's).
    const peakKiB = Number(/VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
    console.log(JSON.stringify({ r: r.ok ? { ok: true } : r, peakBytes: peakKiB * 1024 }));
  `;
  const bundled = join(work, 'check.mjs');
  const checkIn = (file: string) => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD, bundled, file, base.key], { encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    return JSON.parse(child.stdout) as { r: unknown; peakBytes: number };
  };

  it('refuses a 1 GiB zip bomb within 100 MB of memory, declared or lying about its size', async () => {
    const { build } = await import('esbuild');
    await build({ entryPoints: [join(root, 'core/inspector/check.ts')], bundle: true, format: 'esm', platform: 'node', outfile: bundled, logLevel: 'silent' });
    const files = [...base.files].map(([name, data]) => ({ name, data }));
    const bomb = zeroBomb(1024);
    // The peak of a process that checks nothing (a file that is no ZIP), and of one that checks the real export.
    const nothing = join(work, 'nothing.zip');
    writeFileSync(nothing, 'not a zip');
    const idle = checkIn(nothing);
    const real = join(work, 'real.zip');
    writeFileSync(real, base.zip);
    const whole = checkIn(real);
    expect(whole.r).toEqual({ ok: true });
    for (const [size, what] of [
      [1024 ** 3, 'declara 1073741824 bytes: excede o limite de 64 MiB'],
      [700, 'descomprime para mais do que os 700 bytes que declara no ZIP'],
    ] as const) {
      const file = join(work, `bomb-${size}.zip`);
      writeFileSync(file, writeZip(files.map((e) => (e.name === 'sales.jsonl' ? { ...e, compressed: bomb, size } : e))));
      const { r, peakBytes } = checkIn(file);
      expect(r).toEqual({ ok: false, failure: { file: 'sales.jsonl', what } });
      console.log(`zip bomb of 1 GiB (${size} bytes declared): peak ${Math.round(peakBytes / 1e6)} MB; checking nothing ${Math.round(idle.peakBytes / 1e6)} MB, the real export ${Math.round(whole.peakBytes / 1e6)} MB`);
      expect(peakBytes - idle.peakBytes).toBeLessThan(100e6);
    }
  }, 60_000);

  it('answers a 600 MB file, a folder, an unknown option and every refusal in Portuguese, never an error of Node', () => {
    const big = join(work, 'grande.zip');
    writeFileSync(big, '');
    truncateSync(big, 600_000_000);
    const run = (args: string[]) => spawnSync(process.execPath, [...PROGRAM, 'export:verify', ...args], { cwd: root, encoding: 'utf8' });
    const refused = run([big, '--key', base.key]);
    expect([refused.status, refused.stdout.trim(), refused.stderr]).toEqual([1, 'FALHA em (zip): o ficheiro tem 600000000 bytes: excede o limite de 384 MiB.', '']);
    const dup = join(work, 'dup.zip');
    writeFileSync(dup, FORGERIES.find((f) => f.id === 'duplicate entry, forged copy first')!.make(base));
    const named = run([dup, '--key', base.key]);
    expect([named.status, named.stdout.trim(), named.stderr]).toEqual([1, 'FALHA em sales.jsonl: o ficheiro sales.jsonl aparece duas vezes no ZIP.', '']);
    // A folder where the ZIP should be: a finding, not Node's EISDIR.
    const folder = run([work, '--key', base.key]);
    expect([folder.status, folder.stdout.trim(), folder.stderr]).toEqual([1, 'FALHA em (zip): o ficheiro não pôde ser lido (EISDIR).', '']);
    // An option it does not know: how to call it, in Portuguese.
    const unknown = run([dup, '--chave', base.key]);
    expect([unknown.status, unknown.stdout, unknown.stderr.trim()]).toEqual([2, '', 'Uso: npm run export:verify -- FICHEIRO.zip [--key CHAVE_DA_SALA] [--witness CHAVE_DA_TESTEMUNHA]']);
  }, 60_000);
});
