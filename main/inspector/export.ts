/**
 * The inspector's export of a closed session (issue 26): one ZIP an
 * inspector checks offline without trusting the hall's file. It holds the
 * session's audit entries (from the previous session's close to this one's),
 * an RFC 6962 inclusion proof for each against the checkpoint the hall signed
 * at the close, a consistency proof from the previous session's checkpoint,
 * the documents (sales so far, each with the audit entry that wrote it), the
 * acta as data and as PDF, and the hall's public keys. Read-only: it is made
 * from a reader of the hall's file, beside a running kiosk or from a copy.
 * The manifest lists every file's SHA-256 and size, and the hall's key at
 * hand signs the manifest's SHA-256 (manifest.sig), read from the data folder
 * beside the file (never made here): the key that signed the session's
 * checkpoint, or, once rotated, the key it rotated into, with the chain of
 * signed rotation notes between them (rotations.json).
 */
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { KioskError } from '../../core/refusal.js';
import { bytesToHex, consistencyProof, inclusionProof } from '../../core/transparency/merkle.js';
import { parseVerifierKey, signedBy, type Signer } from '../../core/transparency/checkpoint.js';
import type { ReadableDb } from '../../db/connection.js';
import { sessionById } from '../../db/bingo/sessions.js';
import { sessionSales } from '../../db/bingo/sales.js';
import { seriesByCode } from '../../db/bingo/series.js';
import { editionOf, movesOf } from '../../db/bingo/stock.js';
import { hallIdentity, journalEntries } from '../../db/journal.js';
import { cosignaturesOf, documentAuditSeqs, ed25519Check, hallKeys, sessionCheckpoints, subtreeHasher } from '../../db/transparency.js';
import { exportDrawers, exportGames, exportGuiaFigures, exportGuias, exportPrizes, exportRefunds, exportVoids } from '../../db/inspector.js';
import { renderActaPdf, type Acta } from '../../printing/pdf/acta.js';
import { actaOf } from '../services/bingo/sessions.js';
import { sha256 } from '../../db/transparency.js';
import { logOrigin, readHallSigner } from '../services/shared/signing/hall-key.js';
import { EXPORT_FORMAT, MANIFEST_FILE, MANIFEST_SIGNATURE_FILE, manifestNoteBody, ROTATIONS_FILE, rotationStep, type RotationLink } from '../../core/inspector/check.js';
import { PAGE_FILE, verifierPage } from './page.js';
import { softwareLabel } from '../version.js';

export { EXPORT_FORMAT };

export interface ExportOptions {
  /** The acta as PDF (the kiosk's worker, or pdfkit in the command line). */
  pdf(acta: Acta): Promise<Buffer>;
  /** How far it is: entries proved of all. */
  progress?(done: number, total: number): void;
  now: Date;
  /**
   * Signs the manifest's note: by default the hall's key read from the data folder beside the database (the
   * key that signed the session's checkpoint or one it rotated into; the export is refused when neither is there).
   */
  signer?: Signer;
}

const jsonl = (rows: readonly unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length > 0 ? '\n' : '');
const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

export async function buildSessionExport(db: ReadableDb, sessionId: number, o: ExportOptions): Promise<{ filename: string; zip: Uint8Array; entries: number }> {
  const session = sessionById(db, sessionId);
  if (!session) throw new KioskError('SESSION_NOT_FOUND', { sessionId });
  const { current, previous } = sessionCheckpoints(db, sessionId);
  if (!session.closedAt || !current) throw new KioskError('EXPORT_SESSION_NOT_CLOSED', { sessionId });
  const hall = hallIdentity(db);
  const from = previous ? previous.size + 1 : 1;
  const to = current.size;

  const subtree = subtreeHasher(db);
  const { audit, proofs } = entriesWithProofs(db, from, to, subtree, o.progress);
  const sales = salesOf(db, sessionId);
  const until = session.closedAt;
  const games = gamesOf(db, sessionId);
  const rangesOfSale = new Map(sales.map((x) => [x.saleId, x.ranges]));
  const voids = exportVoids(db, sessionId).map((v) => ({ ...v, ranges: rangesOfSale.get(v.saleId) ?? [] }));
  const prizes = prizesOf(db, sessionId, until, from, to);
  const refunds = exportRefunds(db, sessionId, until, from, to);
  const guias = guiasOf(db, from, to);
  const drawers = drawersOf(db, from, to);
  const guiaFigures = guiaFiguresOf(db, from, to);
  const stock = stockOf(db, sales, until);

  const acta = actaOf(db, sessionId);
  const { keys, checkpointKey, signer, rotations } = signingOf(db, hall.hallId, current.keyId, sessionId, o.signer);
  const files: Record<string, Uint8Array> = {
    'checkpoint.txt': strToU8(current.note),
    ...(previous ? { 'previous-checkpoint.txt': strToU8(previous.note) } : {}),
    'key.txt': strToU8(`${checkpointKey?.verifierKey ?? ''}\n`),
    // The group's cosignatures of the checkpoint (a witness), as the hall received them: each a line to add to the note.
    'cosignatures.json': strToU8(JSON.stringify(cosignaturesOf(db, current.id), null, 2)),
    'keys.json': strToU8(JSON.stringify(keys, null, 2)),
    ...(rotations.length > 0 ? { [ROTATIONS_FILE]: strToU8(JSON.stringify(rotations, null, 2)) } : {}),
    'audit.jsonl': strToU8(jsonl(audit)),
    'proofs.json': strToU8(
      JSON.stringify({
        size: to,
        inclusion: proofs,
        consistency: previous ? { from: previous.size, to, proof: consistencyProof(previous.size, to, subtree).map(bytesToHex) } : null,
      }),
    ),
    'sales.jsonl': strToU8(jsonl(sales)),
    'games.jsonl': strToU8(jsonl(games)),
    'voids.jsonl': strToU8(jsonl(voids)),
    'prizes.jsonl': strToU8(jsonl(prizes)),
    'refunds.jsonl': strToU8(jsonl(refunds)),
    'guias.jsonl': strToU8(jsonl(guias)),
    'drawers.jsonl': strToU8(jsonl(drawers)),
    'summary.json': strToU8(JSON.stringify({ guias: guiaFigures }, null, 2)),
    'stock.json': strToU8(JSON.stringify(stock, null, 2)),
    'acta.json': strToU8(JSON.stringify(acta, null, 2)),
    'acta.pdf': new Uint8Array(await o.pdf(acta)),
    [PAGE_FILE]: strToU8(await verifierPage()),
  };
  const manifest = {
    format: EXPORT_FORMAT,
    hallId: hall.hallId,
    hallName: hall.name,
    licence: hall.licence,
    sessionId,
    openedAt: session.openedAt,
    closedAt: session.closedAt,
    entries: { from, to },
    madeAt: o.now.toISOString(),
    software: softwareLabel(),
    files: Object.fromEntries(Object.entries(files).map(([name, data]) => [name, { sha256: sha256Hex(data), size: data.length }])),
  };
  const manifestBytes = strToU8(JSON.stringify(manifest, null, 2));
  // The hall signs the manifest's SHA-256 with the key at hand: every file listed is covered.
  const note = signedBy(manifestNoteBody(signer.name, sessionId, sha256Hex(manifestBytes)), signer);
  const zip = zipSync({ [MANIFEST_FILE]: manifestBytes, [MANIFEST_SIGNATURE_FILE]: strToU8(note), ...files }, { level: 6 });
  return { filename: `sessao-${sessionId}-${hall.hallId.slice(0, 8)}.zip`, zip, entries: to - from + 1 };
}

/** The entries from..to, as stored (texts exact: the verifier recomputes each hash), each with its inclusion proof at `to`. */
function entriesWithProofs(db: ReadableDb, from: number, to: number, subtree: ReturnType<typeof subtreeHasher>, progress: ExportOptions['progress']): { audit: unknown[]; proofs: Record<number, string[]> } {
  const audit: unknown[] = [];
  const proofs: Record<number, string[]> = {};
  for (let after = from - 1; after < to; ) {
    const page = journalEntries(db, after, Math.min(2000, to - after));
    if (page.length === 0) break;
    for (const e of page) {
      audit.push({ seq: e.id, at: e.at, operatorId: e.operator_id, terminalId: e.terminal_id, channel: e.channel, outcome: e.outcome, input: e.input, before: e.before, after: e.after, prevHash: e.prev_hash, hash: e.hash });
      proofs[e.id] = inclusionProof(e.id - 1, to, subtree).map(bytesToHex);
    }
    after = page[page.length - 1]!.id;
    progress?.(after - from + 1, to - from + 1);
  }
  return { audit, proofs };
}

/** The session's sales, each with the audit entry that wrote it. */
function salesOf(db: ReadableDb, sessionId: number): { saleId: number; ranges: unknown; [field: string]: unknown }[] {
  const sales: { saleId: number; ranges: unknown; [field: string]: unknown }[] = [];
  for (let after: number | null = null; ; ) {
    const page = sessionSales(db, { sessionId, gameId: null, after, limit: 2000 });
    if (page.length === 0) break;
    const seqs = documentAuditSeqs(db, 'sale', page[0]!.id, page[page.length - 1]!.id);
    for (const s of page) {
      sales.push({
        saleId: s.id,
        at: s.createdAt,
        gameNumber: s.gameNumber,
        ranges: s.ranges,
        quantity: s.quantity,
        totalCents: s.totalCents,
        terminal: s.terminalId,
        operator: s.cashier,
        voided: Boolean(s.voided),
        auditSeq: seqs.get(s.id) ?? null,
      });
    }
    after = page[page.length - 1]!.id;
  }
  return sales;
}

/**
 * The cards' stock of each series the session sold (DN 80/85, art. 3.º, n.os 1 and 2; issue 41): its edition as
 * authorised, with its emission number, and every move of its cards up to the session's close (boxes received, to the
 * counters and back, destroyed). The inspector's check finds each card sold among those received and not destroyed.
 */
function stockOf(db: ReadableDb, sales: readonly { ranges: unknown }[], until: string) {
  const codes = [...new Set(sales.flatMap((s) => (s.ranges as { seriesCode: string }[]).map((r) => r.seriesCode)))].sort();
  return {
    series: codes.map((code) => {
      const series = seriesByCode(db, code)!;
      const edition = editionOf(db, series.id);
      return {
        code,
        edition: edition ? { authorisationRef: edition.authorisationRef, authorisationDate: edition.authorisationDate, emission: edition.emission } : null,
        moves: movesOf(db, series.id)
          .filter((m) => m.at <= until)
          .map((m) => ({ kind: m.kind, from: m.from, to: m.to, at: m.at })),
      };
    }),
  };
}

/** The session's games, a closed one with its closure's figures. */
function gamesOf(db: ReadableDb, sessionId: number) {
  return exportGames(db, sessionId).map((g) => ({
    number: g.number,
    state: g.state,
    priceCents: g.priceCents,
    double: g.doubleOfNumber !== null ? 'second' : g.doubleSeries ? 'first' : null,
    doubleOfNumber: g.doubleOfNumber,
    closure:
      g.closedAt === null
        ? null
        : {
            at: g.closedAt,
            cardsSold: g.cardsSold,
            totalCents: g.totalCents,
            linePrizeCents: g.linePrizeCents,
            bingoPrizeCents: g.bingoPrizeCents,
            lineRoundingHundredths: g.lineRoundingHundredths,
            bingoRoundingHundredths: g.bingoRoundingHundredths,
            stampDutyCents: g.stampDutyCents,
            stampDutyBasisPoints: g.stampDutyBasisPoints,
            specialShareCents: g.specialShareCents,
            specialShareBasisPoints: g.specialShareBasisPoints,
            auditSeq: g.closureSeq,
          },
  }));
}

/** The session's prizes with their payment or void as of its close. */
function prizesOf(db: ReadableDb, sessionId: number, until: string, from: number, to: number) {
  return exportPrizes(db, sessionId, until, from, to).map((w) => ({
    winnerId: w.winnerId,
    sessionId: w.sessionId,
    gameNumber: w.gameNumber,
    kind: w.kind,
    seriesCode: w.seriesCode,
    card: w.card,
    prizeCents: w.prizeCents,
    ballCount: w.ballCount,
    awardedAt: w.awardedAt,
    status: w.voidedAt !== null ? 'void' : w.paidAt !== null ? 'paid' : 'unpaid',
    awardSeq: w.awardSeq,
    payment: w.paidAt === null ? null : { at: w.paidAt, amountCents: w.paidCents, operator: w.paidBy, terminal: w.terminal, auditSeq: w.paymentSeq },
    void: w.voidedAt === null ? null : { at: w.voidedAt, reason: w.voidReason, auditSeq: w.voidSeq },
  }));
}

/** What happened after the close (a later payment, a void) is the next session's: left out here. */
const byClose = (to: number) => (seq: number | null) => seq !== null && seq <= to;

/** The guias of the entries from..to, paid or void only as of the close. */
function guiasOf(db: ReadableDb, from: number, to: number) {
  const by = byClose(to);
  return exportGuias(db, from, to).map((g) => {
    const paid = by(g.paymentSeq);
    const voided = by(g.voidSeq);
    return {
      guiaId: g.guiaId,
      number: g.number,
      machineNumber: g.machineNumber,
      kind: g.kind,
      amountCents: g.amountCents,
      fund: g.fund,
      issuedAt: g.issuedAt,
      issuedBy: g.issuedBy,
      terminal: g.terminal,
      status: voided ? 'void' : paid ? 'paid' : 'unpaid',
      cashCents: paid ? g.cashCents : 0,
      cheques: paid ? (JSON.parse(g.cheques!) as unknown[]) : [],
      paidAt: paid ? g.paidAt : null,
      paidBy: paid ? g.paidBy : null,
      voidedAt: voided ? g.voidedAt : null,
      voidReason: voided ? g.voidReason : null,
      issueSeq: g.issueSeq,
      paymentSeq: paid ? g.paymentSeq : null,
      voidSeq: voided ? g.voidSeq : null,
    };
  });
}

/** The drawers opened in the entries from..to, closed only as of the close. */
function drawersOf(db: ReadableDb, from: number, to: number) {
  const by = byClose(to);
  return exportDrawers(db, from, to).map((d) => {
    const closed = by(d.closeSeq);
    return {
      drawerId: d.drawerId,
      terminal: d.terminal,
      openedAt: d.openedAt,
      openedBy: d.openedBy,
      floatCents: d.floatCents,
      openSeq: d.openSeq,
      close: closed
        ? {
            zNumber: d.zNumber,
            at: d.closedAt,
            closedBy: d.closedBy,
            countedCents: d.countedCents,
            expectedCents: d.expectedCents,
            varianceCents: d.varianceCents,
            acceptedBy: d.acceptedBy,
            acceptReason: d.acceptReason,
            auditSeq: d.closeSeq,
          }
        : null,
    };
  });
}

/** The guias by status as the hall's books sum them (the check recomputes them from guias.jsonl). */
function guiaFiguresOf(db: ReadableDb, from: number, to: number) {
  const guiaSums = exportGuiaFigures(db, from, to);
  return Object.fromEntries(
    (['unpaid', 'paid', 'void'] as const).map((status) => {
      const f = guiaSums.find((r) => r.status === status);
      return [status, { count: f?.count ?? 0, amountCents: f?.amountCents ?? 0, cashCents: f?.cashCents ?? 0, chequeCents: f?.chequeCents ?? 0 }];
    }),
  );
}

/**
 * The hall's keys, the checkpoint's, and the manifest's signer: the key at hand (the data folder's that holds the
 * hall's file, read only), the checkpoint's own or one it rotated into (with that chain). Refused when none is.
 */
function signingOf(db: ReadableDb, hallId: string, keyId: string, sessionId: number, given: Signer | undefined) {
  const keys = hallKeys(db).map((k) => ({ keyId: k.keyId, verifierKey: k.verifierKey, createdAt: k.createdAt, rotationNote: k.rotationNote }));
  const checkpointKey = keys.find((k) => k.keyId === keyId);
  const signer = given ?? readHallSigner(dirname(db.name), logOrigin(hallId));
  const rotations = checkpointKey && signer ? rotationsTo(keys, checkpointKey.verifierKey, signer.verifierKey) : null;
  if (!signer || !rotations) throw new KioskError('EXPORT_KEY_NOT_AT_HAND', { sessionId, keyId });
  return { keys, checkpointKey, signer, rotations };
}

/**
 * The signed rotations from the key `from` to the key `to`, as the hall's keys record them (each new key with the
 * note the key before signed naming it), each link checked as the inspector's check will; empty when they are
 * the same key, null when `to` is not reached (a key found without a rotation, another key).
 */
function rotationsTo(keys: readonly { verifierKey: string; rotationNote: string | null }[], from: string, to: string): RotationLink[] | null {
  const first = parseVerifierKey(sha256, from);
  if (!first) return null;
  const chain = [first];
  const links: RotationLink[] = [];
  let at = keys.findIndex((k) => k.verifierKey === from);
  while (keys[at]?.verifierKey !== to) {
    // The next key recorded with a rotation note that the chain's last key signed naming it.
    let found = false;
    for (let i = at + 1; i < keys.length && !found; i++) {
      const note = keys[i]!.rotationNote;
      const link = { verifierKey: keys[i]!.verifierKey, note: note ?? '' };
      const step = note === null ? null : rotationStep(link, chain, { sha256, ed25519: ed25519Check });
      if (step === null || typeof step === 'string') continue;
      chain.push(step.key);
      links.push(link);
      at = i;
      found = true;
    }
    if (!found) return null;
  }
  return links;
}

/** The acta's PDF made in this thread (the command line; the kiosk has its worker). */
export const actaPdfHere = (now: Date) => (acta: Acta) => renderActaPdf(acta, { generatedAt: now.toISOString(), software: softwareLabel() });
