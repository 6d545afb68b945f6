/**
 * The inspector's export and its offline check (issue 26): a closed session
 * with sales, a void, prizes, a Z and its close verifies; then, each in a
 * copy of its own, a sale's total changed, an audit line deleted, the
 * checkpoint's signature replaced, the whole chain recomputed after an edit,
 * a check with another hall's key, and a consistency proof that does not
 * hold: each refused and named. Two consecutive sessions' exports: the
 * second proves it extends the first.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyIdOf, parseSignedNote, signedNote, verifierKey } from '../../core/transparency/checkpoint.js';
import { auditRowHash } from '../../db/audit.js';
import { sha256 } from '../../db/transparency.js';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { confirmByHand } from '../../test/harness.js';
import { rawPublicKey } from '../services/shared/hall-key.js';
import { buildSessionExport, EXPORT_FORMAT } from './export.js';
import { verifyExport } from './verify.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

const CLOSE_AT = '2026-12-01T02:00:00.000Z';
const pdf = async () => Buffer.from('%PDF-1.4 test');

/** A session played to its close: sales (one voided), a line and a bingo paid, the drawer's Z, the end check. */
async function playedSession(series: string): Promise<number> {
  const { h } = t;
  await h.ok('series.register', { code: series, priceCents: 100, size: 300 }, t.manager);
  const session = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
  // The hall's template has the cashier's drawer open; a later session opens a new one.
  const opened = await h.call('drawer.open', { floatByDenomination: { '2000': 5 } }, t.cashier);
  if (!opened.ok) expect(opened.error.code).toBe('DRAWER_ALREADY_OPEN');
  const gameId = (await h.ok('game.open', { seriesCode: series }, t.manager)).id;
  await h.ok('sale.create', { gameId, quantity: 6, payment: { method: 'cash', tenderedCents: 600 } }, t.cashier);
  await h.ok('sale.create', { gameId, quantity: 3, payment: { method: 'cash', tenderedCents: 300 } }, t.cashier);
  await h.ok('sale.voidLast', { gameId, approval: { username: 'gerente', pin: '2222' } }, t.cashier);
  await h.ok('sale.create', { gameId, quantity: 4, payment: { method: 'cash', tenderedCents: 500 } }, t.cashier);
  await h.ok('game.closeSale', { gameId }, t.manager);
  for (const n of [5, 17, 23, 44, 61]) await h.ok('game.drawBall', { gameId, number: n }, t.manager);
  await confirmByHand(h, t.manager, { gameId, kind: 'line', seriesCode: series, card: 1 });
  await h.ok('game.closeClaims', { gameId, kind: 'line' }, t.manager);
  for (const n of [1, 11, 21, 30, 31, 41, 50, 51, 70, 80]) await h.ok('game.drawBall', { gameId, number: n }, t.manager);
  await confirmByHand(h, t.manager, { gameId, kind: 'bingo', seriesCode: series, card: 2 });
  await h.ok('game.closeClaims', { gameId, kind: 'bingo' }, t.manager);
  const cash = (await h.ok('drawer.cash', {}, t.manager))!.cashCents!;
  const count: Record<string, number> = {};
  let left = cash;
  for (const d of [2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) {
    const k = Math.floor(left / d);
    if (k > 0) count[String(d)] = k;
    left -= k * d;
  }
  await h.ok('drawer.close', { countedByDenomination: count }, t.cashier);
  await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, t.manager);
  await h.ok('session.close', { sessionId: session.id }, t.manager);
  return session.id;
}

const exportOf = async (sessionId: number) => (await buildSessionExport(t.h.kiosk.db, sessionId, { pdf, now: t.h.clock.now() })).zip;

/** A copy of the export with one file changed as an editor would. */
function edited(zip: Uint8Array, name: string, change: (text: string) => string): Uint8Array {
  const files = unzipSync(zip);
  files[name] = strToU8(change(strFromU8(files[name]!)));
  return zipSync(files);
}

describe('the inspector export', () => {
  it('of a closed session verifies with the key the hall printed, and each edit is refused and named', async () => {
    const sessionId = await playedSession('A');
    const zip = await exportOf(sessionId);
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(['acta.json', 'acta.pdf', 'audit.jsonl', 'checkpoint.txt', 'key.txt', 'keys.json', 'manifest.json', 'proofs.json', 'sales.jsonl']);
    expect(JSON.parse(strFromU8(files['manifest.json']!)).format).toBe(EXPORT_FORMAT);
    const acta = await t.h.ok('session.acta', { sessionId }, t.manager);
    const key = acta.hallKey!.verifierKey;
    const sales = strFromU8(files['sales.jsonl']!).trim().split('\n').map((l) => JSON.parse(l) as { saleId: number; quantity: number; totalCents: number; voided: boolean; operator: string; terminal: string });
    expect(sales.map((s) => [s.quantity, s.totalCents, s.voided, s.operator, s.terminal])).toEqual([
      [6, 600, false, 'caixa1', 'T1'],
      [3, 300, true, 'caixa1', 'T1'],
      [4, 400, false, 'caixa1', 'T1'],
    ]);
    const ok = verifyExport(zip, { key });
    expect(ok).toMatchObject({ ok: true, sessionId, sales: 3, keyId: acta.hallKey!.keyId, checkpointSize: acta.checkpoint!.size });
    expect(ok.ok && ok.entries).toBe(acta.checkpoint!.size);

    // A sale's total changed in sales.jsonl.
    expect(verifyExport(edited(zip, 'sales.jsonl', (s) => s.replace('"totalCents":400', '"totalCents":40')), { key })).toEqual({
      ok: false,
      failure: { file: 'sales.jsonl', line: 3, what: expect.stringContaining('totalCents differs from its audit entry') },
    });
    // A line that is no JSON at all is named, not a crash.
    expect(verifyExport(edited(zip, 'sales.jsonl', (s) => s.replace('{"saleId"', '{saleId')), { key })).toEqual({ ok: false, failure: { file: 'sales.jsonl', line: 1, what: 'not JSON' } });
    // A line of audit.jsonl deleted.
    const dropped = verifyExport(edited(zip, 'audit.jsonl', (s) => s.split('\n').filter((_, i) => i !== 4).join('\n')), { key });
    expect(dropped).toEqual({ ok: false, failure: { file: 'audit.jsonl', line: 5, what: expect.stringContaining('missing or added') } });
    // The checkpoint's signature replaced by another key's.
    const other = generateKeyPairSync('ed25519');
    const replaced = edited(zip, 'checkpoint.txt', (note) => {
      const body = parseSignedNote(note)!.body;
      const name = body.split('\n')[0]!;
      return signedNote(body, [{ name, keyId: keyIdOf(sha256, name, rawPublicKey(other.privateKey)), signature: new Uint8Array(sign(null, Buffer.from(body), other.privateKey)) }]);
    });
    expect(verifyExport(replaced, { key })).toMatchObject({ ok: false, failure: { file: 'checkpoint.txt', what: expect.stringContaining('not signed by key') } });
    // The whole chain recomputed after an edit: every hash holds, but the signed tree does not.
    const rechained = edited(zip, 'audit.jsonl', (text) => {
      const rows = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown> & { seq: number; prevHash: string; hash: string });
      let prev = rows[0]!.prevHash;
      return (
        rows
          .map((r, i) => {
            const row = i === 2 ? { ...r, terminalId: 'T9' } : r;
            const hash = auditRowHash(prev, { id: row.seq, at: row.at as string, operator_id: row.operatorId as number | null, terminal_id: row.terminalId as string, channel: row.channel as string, outcome: row.outcome as string, input: row.input as string, before: row.before as string | null, after: row.after as string | null });
            const out = { ...row, prevHash: prev, hash };
            prev = hash;
            return JSON.stringify(out);
          })
          .join('\n') + '\n'
      );
    });
    expect(verifyExport(rechained, { key })).toEqual({ ok: false, failure: { file: 'audit.jsonl', line: 3, what: expect.stringContaining('not in the history the hall signed') } });
    // Checked with another hall's key.
    const otherKey = verifierKey(sha256, acta.hallKey!.verifierKey.split('+')[0]!, rawPublicKey(other.privateKey));
    expect(verifyExport(zip, { key: otherKey })).toMatchObject({ ok: false, failure: { file: 'checkpoint.txt', what: expect.stringContaining('not signed by key') } });
  });

  it("two sessions in turn: the second's export proves it extends the first's checkpoint; a proof that does not is refused", async () => {
    await playedSession('A');
    t.h.clock.advanceMinutes(60);
    t.manager = await t.h.login('gerente', '2222');
    t.cashier = await t.h.login('caixa1', '3333');
    const second = await playedSession('B');
    const zip = await exportOf(second);
    const files = unzipSync(zip);
    expect(files['previous-checkpoint.txt']).toBeDefined();
    const key = strFromU8(files['key.txt']!).trim();
    expect(verifyExport(zip, { key })).toMatchObject({ ok: true, sessionId: second });
    const forged = edited(zip, 'proofs.json', (text) => {
      const p = JSON.parse(text) as { consistency: { proof: string[] } };
      p.consistency.proof[0] = '00'.repeat(32);
      return JSON.stringify(p);
    });
    expect(verifyExport(forged, { key })).toMatchObject({ ok: false, failure: { file: 'previous-checkpoint.txt', what: expect.stringContaining('does not extend') } });
  });

  it('is refused for a session still open, naming it', async () => {
    await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
    const session = await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
    await expect(buildSessionExport(t.h.kiosk.db, session.id, { pdf, now: t.h.clock.now() })).rejects.toMatchObject({ code: 'EXPORT_SESSION_NOT_CLOSED', params: { sessionId: session.id } });
  });

  it('through the command line: npm run export on the hall\'s folder, then export:verify exits 0, or 1 naming the edit', async () => {
    const sessionId = await playedSession('A');
    const acta = await t.h.ok('session.acta', { sessionId }, t.manager);
    const root = resolve(import.meta.dirname, '..', '..');
    const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'main/cli.ts', ...args], { cwd: root, encoding: 'utf8' });
    const out = join(t.h.dataDir, 'export.zip');
    const made = run(['export', '--data-dir', t.h.dataDir, '--session', String(sessionId), '--out', out]);
    expect(made.status, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ file: out, entries: acta.checkpoint!.size });
    // The acta's PDF inside is a PDF.
    expect(strFromU8(unzipSync(new Uint8Array(readFileSync(out)))['acta.pdf']!.slice(0, 5))).toBe('%PDF-');
    const ok = run(['export:verify', out, '--key', acta.hallKey!.verifierKey]);
    expect([ok.status, ok.stdout]).toEqual([0, expect.stringContaining(`sessão n.º ${sessionId}: íntegra`)]);
    const bad = join(t.h.dataDir, 'edited.zip');
    writeFileSync(bad, edited(new Uint8Array(readFileSync(out)), 'sales.jsonl', (x) => x.replace('"quantity":6', '"quantity":7')));
    const refused = run(['export:verify', bad]);
    expect([refused.status, refused.stdout]).toEqual([1, expect.stringContaining('FALHA em sales.jsonl, linha 1: sale')]);
    expect(run(['export', '--data-dir', t.h.dataDir, '--session', '99', '--out', out]).status).toBe(2);
  }, 60_000);
});
