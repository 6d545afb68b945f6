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
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyIdOf, parseSignedNote, signedNote, verifierKey } from '../../core/transparency/checkpoint.js';
import { auditRowHash } from '../../db/audit.js';
import { sha256 } from '../../db/transparency.js';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { playedSession as played } from '../../test/fixtures/played-session.js';
import { exportBase, resigned } from '../../test/fixtures/export-forgeries.js';
import { rawPublicKey } from '../services/shared/signing/hall-key.js';
import { buildSessionExport, EXPORT_FORMAT } from './export.js';
import { checkReport, entryHash } from '../../core/inspector/check.js';
import { verifyExport } from './verify.js';
import { softwareLabel } from '../version.js';
import { PROGRAM } from '../../test/program.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

const CLOSE_AT = '2026-12-01T02:00:00.000Z';
const pdf = async () => Buffer.from('%PDF-1.4 test');
const playedSession = (series: string) => played(t, series);

const exportOf = async (sessionId: number) => (await buildSessionExport(t.h.kiosk.db, sessionId, { pdf, now: t.h.clock.now() })).zip;

/**
 * A copy of the export with one file changed as an editor would, its manifest signed anew by the hall's own key
 * (a hall that lies): the signed manifest holds, so the check must find the lie in the data itself.
 */
function edited(zip: Uint8Array, name: string, change: (text: string) => string): Uint8Array {
  const b = exportBase(zip, t.h.dataDir);
  return resigned(b, b.files.map(([n, d]) => [n, n === name ? strToU8(change(strFromU8(d))) : d]));
}

describe('the inspector export', () => {
  it('of a closed session verifies with the key the hall printed, and each edit is refused and named', async () => {
    const sessionId = await playedSession('A');
    const zip = await exportOf(sessionId);
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      'acta.json', 'acta.pdf', 'audit.jsonl', 'checkpoint.txt', 'cosignatures.json', 'drawers.jsonl', 'games.jsonl', 'guias.jsonl', 'key.txt', 'keys.json', 'manifest.json', 'manifest.sig',
      'prizes.jsonl', 'proofs.json', 'refunds.jsonl', 'sales.jsonl', 'stock.json', 'summary.json', 'verificar.html', 'voids.jsonl',
    ]);
    // The series' edition and its box, as the hall recorded them before the session (DN 80/85, art. 3.º).
    expect(JSON.parse(strFromU8(files['stock.json']!))).toEqual({
      series: [
        {
          code: 'A',
          edition: { authorisationRef: 'SRIJ 45/2026', authorisationDate: '2026-10-02', emission: '2026/7' },
          moves: [{ kind: 'received', from: 1, to: 300, at: '2026-11-30T20:00:00.000Z' }],
        },
      ],
    });
    expect(JSON.parse(strFromU8(files['manifest.json']!)).format).toBe(EXPORT_FORMAT);
    const acta = await t.h.ok('session.acta', { sessionId }, t.manager);
    const key = acta.hallKey!.verifierKey;
    const rowsOf = (name: string) => strFromU8(files[name]!).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const sales = rowsOf('sales.jsonl');
    expect(sales.map((s) => [s.gameNumber, s.quantity, s.totalCents, s.voided, s.operator, s.terminal, s.ranges])).toEqual([
      [1, 6, 810, false, 'caixa1', 'T1', [{ seriesCode: 'A', from: 1, to: 6 }]],
      [1, 3, 405, true, 'caixa1', 'T1', [{ seriesCode: 'A', from: 7, to: 9 }]],
      [1, 4, 540, false, 'caixa1', 'T1', [{ seriesCode: 'A', from: 7, to: 10 }]],
      [2, 2, 270, false, 'caixa1', 'T1', [{ seriesCode: 'A', from: 11, to: 12 }]],
    ]);
    expect(rowsOf('voids.jsonl').map((v) => [v.saleId, v.gameNumber, v.operator, v.approvedBy, v.ranges])).toEqual([[2, 1, 'caixa1', 'gerente', [{ seriesCode: 'A', from: 7, to: 9 }]]]);
    expect(rowsOf('prizes.jsonl').map((p) => [p.gameNumber, p.kind, p.seriesCode, p.card, p.prizeCents, p.status, (p.payment as { amountCents: number }).amountCents])).toEqual([
      [1, 'line', 'A', 1, 67, 'paid', 67],
      [1, 'bingo', 'A', 2, 675, 'paid', 675],
    ]);
    expect(rowsOf('refunds.jsonl').map((r) => [r.saleId, r.gameNumber, r.amountCents, r.operator])).toEqual([[4, 2, 270, 'caixa1']]);
    expect(rowsOf('guias.jsonl').map((g) => [g.number, g.machineNumber, g.amountCents, g.status, g.cashCents, g.cheques, g.voidReason])).toEqual([
      [1, '9', 4_000, 'paid', 1_500, [{ amountCents: 2_500, number: '0012345', bank: 'CGD' }], null],
      [2, '9', 1_200, 'paid', 1_200, [], null],
      [3, '9', 800, 'void', 0, [], 'máquina errada'],
      [4, '9', 300, 'unpaid', 0, [], null],
    ]);
    // The cashier's drawer and the manager's own, out of which the guias were paid (issue 41): each with its Z.
    const drawers = rowsOf('drawers.jsonl') as { terminal: string; openedBy: string; close: { zNumber: number; varianceCents: number } | null }[];
    expect(drawers.map((d) => [d.terminal, d.openedBy, d.close?.zNumber, d.close?.varianceCents])).toEqual([
      ['T1', 'caixa1', 2, 0],
      ['T1', 'gerente', 1, 0],
    ]);
    expect(rowsOf('games.jsonl').map((g) => [g.number, g.state, g.double, (g.closure as { stampDutyBasisPoints: number } | null)?.stampDutyBasisPoints ?? null])).toEqual([
      [1, 'finished', null, 2500],
      [2, 'annulled', null, null],
    ]);

    const ok = verifyExport(zip, { key });
    // By hand: game 1 sold 6 + 4 cards (the 3 voided left out) at 1,35 €: V = 13,50 €; the line's 5 % is 67,5 cents,
    // paid 67 with 50 hundredths of a cent dropped; the bingo's 50 % 6,75 €; stamp duty 25 % of V = 337,5 → 337 cents.
    // Game 2 sold 2 cards (2,70 €) and was annulled before its first ball: no prizes, no stamp duty, 2,70 € refunded.
    expect(ok).toMatchObject({
      ok: true,
      sessionId,
      keyId: acta.hallKey!.keyId,
      checkpointSize: acta.checkpoint!.size,
      keyGiven: true,
      extendsPrevious: false,
      // No group yet: no witness has cosigned it.
      witnesses: [],
      documents: { sales: 4, voids: 1, prizes: 2, refunds: 1, guias: 4, drawers: 2, games: 2 },
      figures: {
        games: [
          { number: 1, cardsSold: 10, totalCents: 1_350, linePrizeCents: 67, bingoPrizeCents: 675, roundingHundredths: { line: 50, bingo: 0 }, stampDutyCents: 337, lineAwardedCents: 67, bingoAwardedCents: 675, specialAwardedCents: 0, linePaidCents: 67, bingoPaidCents: 675, specialPaidCents: 0, refundedCents: 0, specialShareCents: 0 },
          { number: 2, cardsSold: 2, totalCents: 270, linePrizeCents: 0, bingoPrizeCents: 0, roundingHundredths: { line: 0, bingo: 0 }, stampDutyCents: 0, lineAwardedCents: 0, bingoAwardedCents: 0, specialAwardedCents: 0, linePaidCents: 0, bingoPaidCents: 0, specialPaidCents: 0, refundedCents: 270, specialShareCents: null },
        ],
        prizesOwed: [],
        earlierPrizesPaid: [],
        totals: { cardsSold: 10, totalCents: 1_350, prizesAwardedCents: 742, prizesPaidCents: 742, prizesOwedCents: 0, earlierPrizesPaidCents: 0, stampDutyCents: 337, refundedCents: 270 },
      },
      // Paid: 40,00 € (15,00 € cash + 25,00 € cheque) and 12,00 € cash; voided 8,00 €; unpaid 3,00 €.
      guias: {
        paid: { count: 2, amountCents: 5_200, cashCents: 2_700, chequeCents: 2_500 },
        unpaid: { count: 1, amountCents: 300, cashCents: 0, chequeCents: 0 },
        void: { count: 1, amountCents: 800, cashCents: 0, chequeCents: 0 },
      },
    });
    expect(ok.ok && ok.entries).toBe(acta.checkpoint!.size);
    expect(ok.ok && checkReport(ok)).toEqual(
      expect.arrayContaining([
        `Sala de Teste, sessão n.º ${sessionId}: íntegra.`,
        '  jogada 1: 10 cartões, 13,50 €; linha 0,67 €, bingo 6,75 €; imposto do selo 3,37 €; prémios atribuídos 7,42 €, pagos 7,42 €',
        '  jogada 2: 2 cartões, 2,70 €; linha 0,00 €, bingo 0,00 €; imposto do selo 0,00 €; prémios atribuídos 0,00 €, pagos 0,00 €; reembolsado 2,70 €',
        'Documentos apoiados nas suas entradas: 4 vendas, 1 anulação, 2 prémios, 1 reembolso, 4 guias, 2 gavetas; nenhuma entrada sem o seu documento.',
        'Guias: 2 pagas (52,00 €: 27,00 € em numerário, 25,00 € em cheque), 1 por pagar (3,00 €), 1 anulada (8,00 €).',
        // Cards 1 to 12 sold (7 to 9 twice: voided, then sold again).
        'Série A (emissão 2026/7, autorização SRIJ 45/2026 de 2026-10-02): 300 cartões recebidos, 0 destruídos; os 12 cartões vendidos estavam recebidos e nenhum destruído (Despacho Normativo n.º 80/85, art. 3.º).',
      ]),
    );
    // The signed manifest names the program that made the export, with its version and commit (issue 40).
    expect(JSON.parse(strFromU8(files['manifest.json']!)).software).toBe(softwareLabel());
    expect(ok.ok && [ok.software, checkReport(ok).at(-1)]).toEqual([softwareLabel(), `Exportação feita pelo programa ${softwareLabel()} (nome e versão no manifesto assinado).`]);
    // An export made before the manifest said so still verifies: the field is new, not required.
    const older = resigned(exportBase(zip, t.h.dataDir), exportBase(zip, t.h.dataDir).files, undefined, (m) => {
      const { software: _, ...rest } = JSON.parse(m) as Record<string, unknown>;
      return JSON.stringify(rest, null, 2);
    });
    const olderOk = verifyExport(older, { key });
    expect(olderOk.ok && [olderOk.software, checkReport(olderOk).at(-1)]).toEqual([null, 'O manifesto não diz que programa fez a exportação (feita antes de o dizer).']);
    // The program's name is text, nothing else.
    expect(verifyExport(resigned(exportBase(zip, t.h.dataDir), exportBase(zip, t.h.dataDir).files, undefined, (m) => m.replace(/"software": "[^"]*"/, '"software": 40')), { key })).toEqual({
      ok: false,
      failure: { file: 'manifest.json', what: 'o campo software não é um texto' },
    });

    // A sale's total changed in sales.jsonl.
    expect(verifyExport(edited(zip, 'sales.jsonl', (s) => s.replace('"totalCents":540', '"totalCents":54')), { key })).toEqual({
      ok: false,
      failure: { file: 'sales.jsonl', line: 3, what: expect.stringContaining('totalCents difere da sua entrada') },
    });
    // A guia added: the log wrote no such guia.
    const withGuia = edited(zip, 'guias.jsonl', (x) => {
      const last = JSON.parse(x.trim().split('\n').at(-1)!) as Record<string, unknown>;
      return `${x}${JSON.stringify({ ...last, guiaId: 5, number: 5, amountCents: 9_900, issueSeq: (last.issueSeq as number) + 2 })}\n`;
    });
    expect(verifyExport(withGuia, { key })).toEqual({ ok: false, failure: { file: 'guias.jsonl', line: 5, what: expect.stringMatching(/^guia n\.º 5: a entrada \d+ é .*, que não o escreveu$/) } });
    // A guia left out: its entries' guia is missing.
    const withoutGuia = edited(zip, 'guias.jsonl', (x) => x.split('\n').filter((_, i) => i !== 3).join('\n'));
    expect(verifyExport(withoutGuia, { key })).toEqual({ ok: false, failure: { file: 'guias.jsonl', what: expect.stringMatching(/^a entrada \d+ \(guia\.issue\) escreveu uma guia que este ficheiro não tem \(deixado de fora\)$/) } });
    // An unpaid guia shown as paid in cash.
    const paidGuia = edited(zip, 'guias.jsonl', (x) => x.replace('"status":"unpaid","cashCents":0', '"status":"paid","cashCents":300'));
    expect(verifyExport(paidGuia, { key })).toEqual({ ok: false, failure: { file: 'guias.jsonl', line: 4, what: 'pagamento da guia n.º 4: nenhuma entrada do registo o escreveu' } });
    // A refund left out.
    expect(verifyExport(edited(zip, 'refunds.jsonl', () => ''), { key })).toEqual({ ok: false, failure: { file: 'refunds.jsonl', what: expect.stringMatching(/\(refund\.pay\) escreveu um reembolso que este ficheiro não tem \(deixado de fora\)$/) } });
    // The void dropped, the sale still marked voided: and both dropped, the void's entry is left without its document.
    expect(verifyExport(edited(zip, 'voids.jsonl', () => ''), { key })).toEqual({ ok: false, failure: { file: 'sales.jsonl', line: 2, what: 'venda 2: marcada como anulada sem anulação em voids.jsonl' } });
    // A prize paid for more than it was.
    expect(verifyExport(edited(zip, 'prizes.jsonl', (x) => x.replace('"amountCents":675', '"amountCents":765')), { key })).toEqual({ ok: false, failure: { file: 'prizes.jsonl', line: 2, what: 'prémio 2: pagos 765 cêntimos de um prémio de 675' } });
    // The acta's figures edited: recomputed from the rows, the difference named.
    const actaEdited = edited(zip, 'acta.json', (x) => x.replace('"stampDutyCents": 337', '"stampDutyCents": 300'));
    expect(verifyExport(actaEdited, { key })).toEqual({ ok: false, failure: { file: 'acta.json', what: 'jogada 1: stampDutyCents é 300, as linhas dão 337' } });
    // The guias' figures edited.
    expect(verifyExport(edited(zip, 'summary.json', (x) => x.replace('"chequeCents": 2500', '"chequeCents": 2000')), { key })).toEqual({
      ok: false,
      failure: { file: 'summary.json', what: 'guias pagas: chequeCents é 2000, guias.jsonl dá 2500' },
    });
    // A game's share of the special prize edited: recomputed at the rate its close recorded.
    expect(verifyExport(edited(zip, 'games.jsonl', (x) => x.replace('"specialShareCents":0', '"specialShareCents":5')), { key })).toEqual({
      ok: false,
      failure: { file: 'games.jsonl', line: 1, what: 'jogada 1: specialShareCents é 5, as linhas dão 0' },
    });
    // A line that is no JSON at all is named, not a crash.
    expect(verifyExport(edited(zip, 'sales.jsonl', (s) => s.replace('{"saleId"', '{saleId')), { key })).toEqual({ ok: false, failure: { file: 'sales.jsonl', line: 1, what: 'não é JSON: esperava o nome de um campo na posição 2' } });
    // A line of audit.jsonl deleted.
    const dropped = verifyExport(edited(zip, 'audit.jsonl', (s) => s.split('\n').filter((_, i) => i !== 4).join('\n')), { key });
    expect(dropped).toEqual({ ok: false, failure: { file: 'audit.jsonl', line: 5, what: expect.stringContaining('uma entrada a menos ou a mais') } });
    // The checkpoint's signature replaced by another key's.
    const other = generateKeyPairSync('ed25519');
    const replaced = edited(zip, 'checkpoint.txt', (note) => {
      const body = parseSignedNote(note)!.body;
      const name = body.split('\n')[0]!;
      return signedNote(body, [{ name, keyId: keyIdOf(sha256, name, rawPublicKey(other.privateKey)), signature: new Uint8Array(sign(null, Buffer.from(body), other.privateKey)) }]);
    });
    expect(verifyExport(replaced, { key })).toMatchObject({ ok: false, failure: { file: 'checkpoint.txt', what: expect.stringContaining('não está assinado pela chave') } });
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
    expect(verifyExport(rechained, { key })).toEqual({ ok: false, failure: { file: 'audit.jsonl', line: 3, what: expect.stringContaining('não pertence à história que a sala assinou') } });
    const otherKey = verifierKey(sha256, acta.hallKey!.verifierKey.split('+')[0]!, rawPublicKey(other.privateKey));
    // Checked with another hall's key: the manifest's signature is the first thing it does not hold.
    expect(verifyExport(zip, { key: otherKey })).toMatchObject({ ok: false, failure: { file: 'manifest.sig', what: expect.stringContaining('não está assinado pela chave') } });
  });

  it('with the special prize on: its share of each game and the prize won within N balls recomputed, an N edited refused', async () => {
    const admin = await t.h.login('admin', '1111');
    // 10 % of V to the fund, N = 20 balls, the house starting it with 50,00 €.
    await t.h.ok('settings.update', { specialPrize: { enabled: true, shareBasisPoints: 1_000, baseBalls: 20, startingCents: 5_000 } }, admin);
    const sessionId = await playedSession('A');
    const zip = await exportOf(sessionId);
    const acta = await t.h.ok('session.acta', { sessionId }, t.manager);
    const key = acta.hallKey!.verifierKey;
    const ok = verifyExport(zip, { key });
    // By hand: V = 13,50 €, its 10 % = 1,35 € to the fund; the bingo at ball 15 (N = 20) wins the fund: 50,00 € + 1,35 €.
    expect(ok).toMatchObject({ ok: true, figures: { games: [{ number: 1, specialShareCents: 135, specialPaidCents: 5_135 }, { number: 2, specialShareCents: null }] } });
    expect(acta.specialBalls).toBe(20);
    // The session's N edited down to 10 in the acta: the special prize won at ball 15 no longer stands.
    const fewer = edited(zip, 'acta.json', (x) => x.replace('"specialBalls": 20', '"specialBalls": 10'));
    expect(verifyExport(fewer, { key })).toMatchObject({ ok: false, failure: { file: 'prizes.jsonl', what: expect.stringMatching(/^prémio \d+: prémio especial sem um bingo do mesmo cartão em 10 bolas ou menos \(bingo em 15\)$/) } });
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
    // The caixa's documents of the second session's entries only: its four guias (n.º 5 to 8) and its new drawer.
    expect(verifyExport(zip, { key })).toMatchObject({
      ok: true,
      sessionId: second,
      extendsPrevious: true,
      documents: { sales: 4, voids: 1, prizes: 2, refunds: 1, guias: 4, drawers: 2, games: 2 },
      guias: { paid: { count: 2, amountCents: 5_200 }, unpaid: { count: 1, amountCents: 300 }, void: { count: 1, amountCents: 800 } },
    });
    expect(strFromU8(unzipSync(zip)['guias.jsonl']!).trim().split('\n').map((l) => (JSON.parse(l) as { number: number }).number)).toEqual([5, 6, 7, 8]);
    const forged = edited(zip, 'proofs.json', (text) => {
      const p = JSON.parse(text) as { consistency: { proof: string[] } };
      p.consistency.proof[0] = '00'.repeat(32);
      return JSON.stringify(p);
    });
    expect(verifyExport(forged, { key })).toMatchObject({ ok: false, failure: { file: 'previous-checkpoint.txt', what: expect.stringContaining('não continua o da sessão anterior') } });
    // The previous checkpoint left out by the hall (its manifest signed anew): nothing would show this session continues it.
    const b = exportBase(zip, t.h.dataDir);
    const from = (JSON.parse(strFromU8(files['manifest.json']!)) as { entries: { from: number } }).entries.from;
    expect(verifyExport(resigned(b, b.files.filter(([n]) => n !== 'previous-checkpoint.txt')), { key })).toEqual({
      ok: false,
      failure: { file: 'previous-checkpoint.txt', what: `falta na exportação: as entradas começam na ${from}, depois das de uma sessão anterior, e sem ele nada prova que esta sessão a continua` },
    });
  });

  it("after the hall rotated its key: signed by the current key with the chain of rotations, íntegra with the acta's key and with the current one", async () => {
    const first = await playedSession('A');
    const acta = await t.h.ok('session.acta', { sessionId: first }, t.manager);
    const old = acta.hallKey!.verifierKey;
    // Before any rotation: no chain, the manifest signed by the checkpoint's own key, as always.
    const before = unzipSync(await exportOf(first));
    expect(before['rotations.json']).toBeUndefined();
    expect(verifyExport(await exportOf(first), { key: old })).toMatchObject({ ok: true, rotations: [], givenLaterKeyId: null, keyId: acta.hallKey!.keyId });

    const admin = await t.h.login('admin', '1111');
    const rotation = await t.h.ok('audit.rotateKey', {}, admin);
    const current = rotation.current.verifierKey;
    const zip = await exportOf(first);
    const files = unzipSync(zip);
    expect(strFromU8(files['key.txt']!)).toBe(`${old}\n`);
    expect(JSON.parse(strFromU8(files['rotations.json']!))).toEqual([{ verifierKey: current, note: rotation.current.rotationNote }]);
    expect((JSON.parse(strFromU8(files['manifest.json']!)) as { files: Record<string, unknown> }).files['rotations.json']).toEqual({
      sha256: Buffer.from(sha256(files['rotations.json']!)).toString('hex'),
      size: files['rotations.json']!.length,
    });
    expect(parseSignedNote(strFromU8(files['manifest.sig']!))!.signatures.map((x) => x.keyId)).toEqual([parseInt(rotation.current.keyId, 16)]);

    // With the key printed on the acta: the chain followed forward to the manifest's signer.
    const withOld = verifyExport(zip, { key: old });
    expect(withOld).toMatchObject({ ok: true, sessionId: first, keyId: acta.hallKey!.keyId, keyGiven: true, rotations: [rotation.current.keyId], givenLaterKeyId: null });
    if (!withOld.ok) return;
    expect(checkReport(withOld)[1]).toMatch(new RegExp(`assinado pela chave ${acta.hallKey!.keyId} indicada\\.$`));
    expect(checkReport(withOld)[2]).toBe(
      `A chave da sala mudou por rotação desde o encerramento: ${acta.hallKey!.keyId} → ${rotation.current.keyId}, cada rotação assinada pela chave anterior; o manifesto está assinado pela chave ${rotation.current.keyId}.`,
    );
    // With the current key: the checkpoint's key must lead to it, and the report says only the notes link them.
    const withNew = verifyExport(zip, { key: current });
    expect(withNew).toMatchObject({ ok: true, sessionId: first, keyId: acta.hallKey!.keyId, rotations: [rotation.current.keyId], givenLaterKeyId: rotation.current.keyId });
    if (!withNew.ok) return;
    expect(checkReport(withNew)[1]).toContain(`assinado pela chave ${acta.hallKey!.keyId}, que passou por rotação para a chave ${rotation.current.keyId} indicada: só as notas de rotação`);
    // Without a key: the export's own (key.txt), the chain followed from it.
    expect(verifyExport(zip, {})).toMatchObject({ ok: true, keyGiven: false, rotations: [rotation.current.keyId] });
    // A key that is neither, even of the same log: refused, naming it.
    const other = generateKeyPairSync('ed25519');
    const stranger = verifierKey(sha256, old.split('+')[0]!, rawPublicKey(other.privateKey));
    expect(verifyExport(zip, { key: stranger })).toEqual({
      ok: false,
      failure: { file: 'manifest.sig', what: `não está assinado pela chave ${stranger.split('+').slice(0, 2).join('+')} nem por uma chave em que ela tenha passado por rotação` },
    });
    // The next session, closed under the new key, extends the one the old key signed; no chain in its export.
    t.h.clock.advanceMinutes(60);
    t.manager = await t.h.login('gerente', '2222');
    t.cashier = await t.h.login('caixa1', '3333');
    const second = await playedSession('B');
    const next = await exportOf(second);
    expect(unzipSync(next)['rotations.json']).toBeUndefined();
    expect(verifyExport(next, { key: current })).toMatchObject({ ok: true, sessionId: second, extendsPrevious: true, rotations: [] });
    expect(verifyExport(next, { key: old })).toMatchObject({ ok: false, failure: { file: 'manifest.sig', what: `não está assinado pela chave ${old.split('+').slice(0, 2).join('+')}` } });
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
    const run = (args: string[]) => spawnSync(process.execPath, [...PROGRAM, ...args], { cwd: root, encoding: 'utf8' });
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
    expect([refused.status, refused.stdout]).toEqual([1, expect.stringContaining('FALHA em sales.jsonl, linha 1: venda')]);
    expect(run(['export', '--data-dir', t.h.dataDir, '--session', '99', '--out', out]).status).toBe(2);
  }, 60_000);
});

describe("the check's entry hash", () => {
  it("is the audit log's own (db/audit.ts), so the page in a browser recomputes the same chain", () => {
    const fields = { id: 7, at: '2026-12-01T20:00:00.000Z', operator_id: 3, terminal_id: 'T1', channel: 'sale.create', outcome: 'ok', input: '{"q":"ç€"}', before: null, after: '{"saleId":1}' };
    const prev = 'ab'.repeat(32);
    expect(entryHash(sha256, prev, { seq: 7, at: fields.at, operatorId: 3, terminalId: 'T1', channel: 'sale.create', outcome: 'ok', input: fields.input, before: null, after: fields.after, prevHash: prev, hash: '' })).toBe(auditRowHash(prev, fields));
  });
});
