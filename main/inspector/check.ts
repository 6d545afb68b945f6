/**
 * The inspector's check of an export (issue 26), with no database, no
 * running kiosk and no Node: the same code runs in the command line (with
 * node:crypto) and in the export's own offline HTML page (with pure-JS
 * hashes). It checks the checkpoint's signature by the hall's key (the one
 * given, or the one in the export), every audit entry's hash recomputed from
 * its fields and proved in the signed tree (RFC 6962 inclusion), the previous
 * session's checkpoint extended by this one (consistency), every document
 * backed by the audit entry that wrote it with the same figures and every
 * such entry's document present, and the acta's figures and the guias by
 * status recomputed from the rows. The first thing that fails is named, with
 * its file and line.
 */
import { strFromU8, unzipSync } from 'fflate';
import { formatCents } from '../../core/money.js';
import { firstDifference, recomputeActa, type ActaFigures, type FigureGame } from '../../core/bingo/acta-figures.js';
import { guiasByStatus, type GuiasByStatus } from '../../core/caixa/guia-figures.js';
import { keyIdHex, noteSignedBy, parseCheckpoint, parseSignedNote, parseVerifierKey, type Checkpoint } from '../../core/transparency/checkpoint.js';
import { bytesToHex, hexToBytes, leafHash, verifyConsistency, verifyInclusion, type Sha256 } from '../../core/transparency/merkle.js';

export const EXPORT_FORMAT = 'bingo-kiosk-inspector-export/1';

/** The two primitives the check needs, given by where it runs. */
export interface CheckCrypto {
  sha256: Sha256;
  ed25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
}

export interface ExportFailure {
  file: string;
  line?: number;
  what: string;
}

export interface ExportSummary {
  hallName: string;
  licence: string | null;
  sessionId: number;
  openedAt: string;
  closedAt: string;
  entries: number;
  keyId: string;
  checkpointSize: number;
  /** Lines of each document file. */
  documents: Record<string, number>;
  figures: ActaFigures;
  guias: GuiasByStatus;
  /** Whose key: the inspector's (given), or only the export's own. */
  keyGiven: boolean;
  extendsPrevious: boolean;
}

export type ExportCheck = ({ ok: true } & ExportSummary) | { ok: false; failure: ExportFailure };

class Failed extends Error {
  constructor(readonly failure: ExportFailure) {
    super(failure.what);
  }
}
const fail = (file: string, what: string, line?: number): never => {
  throw new Failed({ file, what, ...(line !== undefined ? { line } : {}) });
};

const utf8 = new TextEncoder();

/** An audit entry's chain hash (db/audit.ts's, with the hash given): the previous hash, a newline, its fields as a JSON array. */
export function entryHash(sha256: Sha256, prevHash: string, e: AuditLine): string {
  const canonical = JSON.stringify([e.seq, e.at, e.operatorId, e.terminalId, e.channel, e.outcome, e.input, e.before, e.after]);
  return bytesToHex(sha256(utf8.encode(`${prevHash}\n${canonical}`)));
}

export interface AuditLine {
  seq: number;
  at: string;
  operatorId: number | null;
  terminalId: string;
  channel: string;
  outcome: string;
  input: string;
  before: string | null;
  after: string | null;
  prevHash: string;
  hash: string;
}

/** A JSON Lines file's lines (each ends in a newline; an empty file has none). */
function lines(text: string): string[] {
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

function parseLine<T>(file: string, line: string, n: number): T {
  try {
    return JSON.parse(line) as T;
  } catch {
    return fail(file, 'not JSON', n);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The first object in `value` (itself or nested) whose `key` is `id`. */
function findWith(value: unknown, key: string, id: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = findWith(v, key, id);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o[key] === id) return o;
    for (const v of Object.values(o)) {
      const found = findWith(v, key, id);
      if (found) return found;
    }
  }
  return undefined;
}

/** Which entries write which document: each such entry's document must be in its file. */
const WRITERS: Record<string, { file: string; document: string }> = {
  'sale.create': { file: 'sales.jsonl', document: 'a sale' },
  'sale.voidLast': { file: 'voids.jsonl', document: 'a void' },
  'prize.pay': { file: 'prizes.jsonl', document: "a prize's payment" },
  'refund.pay': { file: 'refunds.jsonl', document: 'a refund' },
  'guia.issue': { file: 'guias.jsonl', document: 'a guia' },
  'guia.pay': { file: 'guias.jsonl', document: "a guia's payment" },
  'guia.void': { file: 'guias.jsonl', document: "a guia's void" },
  'drawer.open': { file: 'drawers.jsonl', document: 'a drawer' },
};

/** `key`: a verifier key the inspector trusts (from the acta, the Z, the hall's settings screen); without it, the export's own. */
export function checkExport(zip: Uint8Array, o: { key?: string }, crypto: CheckCrypto): ExportCheck {
  try {
    return check(zip, o, crypto);
  } catch (e) {
    if (e instanceof Failed) return { ok: false, failure: e.failure };
    throw e;
  }
}

function check(zip: Uint8Array, o: { key?: string }, { sha256, ed25519 }: CheckCrypto): ExportCheck {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch {
    return fail('(zip)', 'not a ZIP file');
  }
  const text = (name: string) => (files[name] ? strFromU8(files[name]) : fail(name, 'missing'));
  const json = <T>(name: string): T => {
    try {
      return JSON.parse(text(name)) as T;
    } catch (e) {
      if (e instanceof Failed) throw e;
      return fail(name, 'not JSON');
    }
  };
  const manifest = json<{ format: string; hallName: string; licence: string | null; sessionId: number; openedAt: string; closedAt: string; entries: { from: number; to: number }; files: Record<string, string> }>(
    'manifest.json',
  );
  if (manifest.format !== EXPORT_FORMAT) fail('manifest.json', `format ${String(manifest.format)}, not ${EXPORT_FORMAT}`);

  // The key: the inspector's, else the export's own (then only the export's consistency is shown, not whose it is).
  const keyText = o.key ?? text('key.txt').trim();
  const key = parseVerifierKey(sha256, keyText);
  if (!key) return fail(o.key ? '--key' : 'key.txt', 'not a verifier key (name+keyid+base64)');
  const note = parseSignedNote(text('checkpoint.txt'));
  if (!note) return fail('checkpoint.txt', 'not a signed note');
  if (!noteSignedBy(note, key, ed25519)) fail('checkpoint.txt', `not signed by key ${key.name}+${keyIdHex(key.keyId)}`);
  const checkpoint = parseCheckpoint(note.body) ?? fail('checkpoint.txt', 'not a checkpoint');
  if (checkpoint.origin !== key.name) fail('checkpoint.txt', `origin ${checkpoint.origin} is not the key's log ${key.name}`);

  const proofs = json<{ size: number; inclusion: Record<string, string[]>; consistency: { from: number; to: number; proof: string[] } | null }>('proofs.json');
  if (proofs.size !== checkpoint.size) fail('proofs.json', `proofs for a tree of ${proofs.size}, the checkpoint signs ${checkpoint.size}`);

  // Every entry: its hash is its fields', it links to the one before, and the signed tree holds it where it says.
  const audit = lines(text('audit.jsonl'));
  const entries = new Map<number, AuditLine>();
  const from = manifest.entries.from;
  let expected = from;
  let prev: string | null = null;
  for (const [i, line] of audit.entries()) {
    const n = i + 1;
    const e = parseLine<AuditLine>('audit.jsonl', line, n);
    if (e.seq !== expected) fail('audit.jsonl', `entry ${e.seq} where entry ${expected} should be (an entry missing or added)`, n);
    if (entryHash(sha256, e.prevHash, e) !== e.hash) fail('audit.jsonl', `entry ${e.seq}: its hash is not its fields' (changed)`, n);
    if (prev !== null && e.prevHash !== prev) fail('audit.jsonl', `entry ${e.seq}: does not link to the entry before`, n);
    const proof = proofs.inclusion[String(e.seq)] ?? fail('proofs.json', `no inclusion proof for entry ${e.seq}`);
    if (!verifyInclusion(sha256, leafHash(sha256, hexToBytes(e.hash)), e.seq - 1, checkpoint.size, proof.map(hexToBytes), checkpoint.rootHash)) {
      fail('audit.jsonl', `entry ${e.seq}: not in the history the hall signed (its inclusion proof fails)`, n);
    }
    entries.set(e.seq, e);
    prev = e.hash;
    expected = e.seq + 1;
  }
  const to = expected - 1;
  if (to !== manifest.entries.to || to !== checkpoint.size) fail('audit.jsonl', `ends at entry ${to}; the checkpoint signs ${checkpoint.size} entries`);

  // The previous session's checkpoint, extended by this one (signed by one of the hall's keys).
  const extendsPrevious = files['previous-checkpoint.txt'] !== undefined;
  if (extendsPrevious) {
    const before = parseSignedNote(text('previous-checkpoint.txt')) ?? fail('previous-checkpoint.txt', 'not a signed note');
    const keys = json<{ verifierKey: string }[]>('keys.json').map((k) => parseVerifierKey(sha256, k.verifierKey)).filter((k) => k !== null);
    if (!keys.some((k) => noteSignedBy(before, k, ed25519)) && !noteSignedBy(before, key, ed25519)) fail('previous-checkpoint.txt', "not signed by any of the hall's keys");
    const old: Checkpoint = parseCheckpoint(before.body) ?? fail('previous-checkpoint.txt', 'not a checkpoint');
    const c = proofs.consistency ?? fail('proofs.json', 'no consistency proof from the previous checkpoint');
    if (c.from !== old.size || c.to !== checkpoint.size) fail('proofs.json', `a consistency proof from ${c.from} to ${c.to}, not from ${old.size} to ${checkpoint.size}`);
    if (!verifyConsistency(sha256, old.size, checkpoint.size, old.rootHash, checkpoint.rootHash, c.proof.map(hexToBytes))) {
      fail('previous-checkpoint.txt', `this session's history does not extend the previous session's (${old.size} entries): rewritten in between`);
    }
    if (old.size !== from - 1) fail('manifest.json', `entries from ${from}, but the previous checkpoint ends at ${old.size}`);
  }

  // Documents: each backed by the entry that wrote it (same figures), each such entry's document cited.
  const cited = new Set<number>();
  const answers = new Map<number, unknown>();
  const answerOf = (seq: number) => {
    if (!answers.has(seq)) answers.set(seq, entries.get(seq)!.after === null ? null : JSON.parse(entries.get(seq)!.after!));
    return answers.get(seq);
  };
  /**
   * The document `what` at `file`:`n` was written by entry `seq` of `channels` (any when empty), whose answer
   * `match` finds agreeing (it names the first field that differs). `earlier`: the entry may be an earlier
   * session's (a guia issued or a drawer opened before this session's entries), proved by that export.
   */
  const backedBy = (file: string, n: number, what: string, seq: number | null, channels: readonly string[], match: (answer: unknown) => string | null, earlier = false) => {
    if (seq === null || seq === undefined) return fail(file, `${what}: no audit entry wrote it`, n);
    if (seq < from && earlier) return;
    const e = entries.get(seq);
    if (!e) return fail(file, `${what}: entry ${seq} is not among this session's entries (${from} to ${to})`, n);
    if (e.outcome !== 'ok' || (channels.length > 0 && !channels.includes(e.channel))) fail(file, `${what}: entry ${seq} is ${e.channel} (${e.outcome}), which did not write it`, n);
    const differs = match(answerOf(seq));
    if (differs !== null) fail(file, `${what}: ${differs} differs from its audit entry ${seq}`, n);
    cited.add(seq);
  };
  /** The first of `fields` on which `row` and `answer` disagree, where the answer has the field. */
  const fieldsAgree = (row: Record<string, unknown>, answer: Record<string, unknown> | undefined, fields: readonly string[], whose: string): string | null => {
    if (!answer) return whose;
    for (const f of fields) if (f in answer && !same(answer[f], row[f])) return f;
    return null;
  };
  const rows = <T>(file: string) => lines(text(file)).map((l, i) => parseLine<T>(file, l, i + 1));
  const counts: Record<string, number> = {};

  type SaleLine = { saleId: number; gameNumber: number; quantity: number; totalCents: number; ranges: unknown; voided: boolean; auditSeq: number | null };
  const sales = rows<SaleLine>('sales.jsonl');
  sales.forEach((s, i) => {
    backedBy('sales.jsonl', i + 1, `sale ${s.saleId}`, s.auditSeq, ['sale.create'], (a) => {
      const answer = a as Record<string, unknown> | null;
      if (answer?.saleId !== s.saleId) return 'saleId';
      return fieldsAgree(s, answer, ['quantity', 'totalCents', 'ranges'], 'saleId');
    });
  });

  type VoidLine = { saleId: number; approvedBy: string; ranges: unknown; auditSeq: number | null };
  const voids = rows<VoidLine>('voids.jsonl');
  const voided = new Set(sales.filter((s) => s.voided).map((s) => s.saleId));
  voids.forEach((v, i) => {
    backedBy('voids.jsonl', i + 1, `void of sale ${v.saleId}`, v.auditSeq, ['sale.voidLast'], (a) => {
      const answer = a as Record<string, unknown> | null;
      if (answer?.saleId !== v.saleId || answer.voided !== true) return 'saleId';
      return fieldsAgree(v, answer, ['approvedBy', 'ranges'], 'saleId');
    });
    if (!voided.delete(v.saleId)) fail('voids.jsonl', `void of sale ${v.saleId}: sales.jsonl does not mark that sale voided`, i + 1);
  });
  for (const saleId of voided) fail('sales.jsonl', `sale ${saleId}: marked voided with no void in voids.jsonl`, sales.findIndex((s) => s.saleId === saleId) + 1);

  type PrizeLine = {
    winnerId: number;
    sessionId: number;
    gameNumber: number;
    kind: 'line' | 'bingo' | 'special';
    seriesCode: string;
    card: number;
    prizeCents: number;
    ballCount: number;
    status: 'paid' | 'unpaid' | 'void';
    awardSeq: number | null;
    payment: { amountCents: number; auditSeq: number | null } | null;
    void: { auditSeq: number | null } | null;
  };
  const prizes = rows<PrizeLine>('prizes.jsonl');
  prizes.forEach((p, i) => {
    const n = i + 1;
    const what = `prize ${p.winnerId}`;
    const ours = p.sessionId === manifest.sessionId;
    // A carried prize (an earlier session's, paid now) was awarded in that session's entries.
    backedBy('prizes.jsonl', n, what, p.awardSeq, [], (a) => fieldsAgree(p, findWith(a, 'winnerId', p.winnerId), ['kind', 'seriesCode', 'card', 'prizeCents', 'ballCount'], 'winnerId'), !ours);
    if ((p.status === 'paid') !== (p.payment !== null) || (p.status === 'void') !== (p.void !== null)) fail('prizes.jsonl', `${what}: status ${p.status} with${p.payment ? '' : 'out'} a payment`, n);
    if (p.payment) {
      if (p.payment.amountCents !== p.prizeCents) fail('prizes.jsonl', `${what}: paid ${p.payment.amountCents} cents of a prize of ${p.prizeCents}`, n);
      backedBy('prizes.jsonl', n, `${what}'s payment`, p.payment.auditSeq, ['prize.pay'], (a) => {
        const answer = a as Record<string, unknown> | null;
        if (answer?.winnerId !== p.winnerId || answer.status !== 'paid') return 'winnerId';
        return fieldsAgree(p, answer, ['prizeCents', 'kind', 'card'], 'winnerId');
      });
    }
    if (p.void) backedBy('prizes.jsonl', n, `${what}'s void`, p.void.auditSeq, [], () => null);
  });

  type RefundLine = { saleId: number; sessionId: number; gameNumber: number; amountCents: number; auditSeq: number | null };
  const refunds = rows<RefundLine>('refunds.jsonl');
  refunds.forEach((r, i) => {
    backedBy('refunds.jsonl', i + 1, `refund of sale ${r.saleId}`, r.auditSeq, ['refund.pay'], (a) => {
      const answer = a as Record<string, unknown> | null;
      if (answer?.saleId !== r.saleId) return 'saleId';
      return fieldsAgree(r, answer, ['amountCents'], 'saleId');
    });
  });

  type GuiaLine = {
    guiaId: number;
    number: number;
    machineNumber: string;
    kind: string;
    amountCents: number;
    status: 'unpaid' | 'paid' | 'void';
    cashCents: number;
    cheques: { amountCents: number }[];
    voidReason: string | null;
    issueSeq: number | null;
    paymentSeq: number | null;
    voidSeq: number | null;
  };
  const guias = rows<GuiaLine>('guias.jsonl');
  guias.forEach((g, i) => {
    const n = i + 1;
    const what = `guia n.º ${g.number}`;
    backedBy('guias.jsonl', n, what, g.issueSeq, ['guia.issue'], (a) => {
      const answer = a as Record<string, unknown> | null;
      if (answer?.guiaId !== g.guiaId) return 'guiaId';
      return fieldsAgree(g, answer, ['number', 'machineNumber', 'kind', 'amountCents'], 'guiaId');
    }, true);
    const paidIn = g.cashCents + g.cheques.reduce((s, c) => s + c.amountCents, 0);
    if (g.status === 'paid') {
      if (paidIn !== g.amountCents) fail('guias.jsonl', `${what}: paid ${paidIn} cents in cash and cheques for ${g.amountCents}`, n);
      backedBy('guias.jsonl', n, `${what}'s payment`, g.paymentSeq, ['guia.pay'], (a) => {
        const answer = a as { guiaId?: number; payment?: { cashCents?: number; cheques?: unknown } } | null;
        if (answer?.guiaId !== g.guiaId) return 'guiaId';
        if (answer.payment?.cashCents !== g.cashCents) return 'cashCents';
        return same(answer.payment.cheques, g.cheques) ? null : 'cheques';
      });
    } else if (paidIn !== 0 || g.paymentSeq !== null) fail('guias.jsonl', `${what}: ${g.status} with a payment`, n);
    if (g.status === 'void') {
      backedBy('guias.jsonl', n, `${what}'s void`, g.voidSeq, ['guia.void'], (a) => {
        const answer = a as Record<string, unknown> | null;
        if (answer?.guiaId !== g.guiaId) return 'guiaId';
        return fieldsAgree(g, answer, ['voidReason'], 'guiaId');
      });
    } else if (g.voidSeq !== null) fail('guias.jsonl', `${what}: ${g.status} with a void`, n);
  });

  type DrawerLine = {
    drawerId: number;
    floatCents: number;
    openSeq: number | null;
    close: { zNumber: number; countedCents: number; varianceCents: number; auditSeq: number | null } | null;
  };
  const drawers = rows<DrawerLine>('drawers.jsonl');
  drawers.forEach((d, i) => {
    const n = i + 1;
    backedBy('drawers.jsonl', n, `drawer ${d.drawerId}`, d.openSeq, ['drawer.open'], (a) => fieldsAgree(d, findWith(a, 'drawerId', d.drawerId), ['floatCents'], 'drawerId'), true);
    if (d.close) {
      const close = d.close;
      backedBy('drawers.jsonl', n, `Z n.º ${close.zNumber}`, close.auditSeq, [], (a) => fieldsAgree(close, findWith(a, 'zNumber', close.zNumber), ['countedCents', 'varianceCents'], 'zNumber'));
    }
  });

  type GameLine = FigureGame & { closure: { stampDutyBasisPoints: number; cardsSold: number; totalCents: number; auditSeq: number | null } | null };
  const games = rows<GameLine>('games.jsonl');
  games.forEach((g, i) => {
    if (g.closure) {
      const closure = g.closure;
      backedBy('games.jsonl', i + 1, `game ${g.number}'s close of sale`, closure.auditSeq, [], (a) => {
        const answer = findWith(a, 'cardsSold', closure.cardsSold) ?? (a as Record<string, unknown> | null) ?? undefined;
        return fieldsAgree(closure, answer, ['cardsSold', 'totalCents'], 'cardsSold');
      });
    }
  });

  // No entry's document left out: each sale, void, payment, refund, guia, drawer the log wrote is in its file.
  for (const e of entries.values()) {
    const writer = WRITERS[e.channel];
    if (e.outcome === 'ok' && writer && !cited.has(e.seq)) fail(writer.file, `entry ${e.seq} (${e.channel}) wrote ${writer.document} this file does not have (left out)`);
  }
  // A drawer.close that only recorded its count (awaiting a manager's acceptance) wrote no Z.
  for (const e of entries.values()) {
    if (e.outcome !== 'ok' || e.channel !== 'drawer.close' || cited.has(e.seq)) continue;
    const z = zNumberIn(answerOf(e.seq));
    if (z !== undefined) fail('drawers.jsonl', `entry ${e.seq} (drawer.close) wrote Z n.º ${z}, which this file does not have (left out)`);
  }

  // The acta's figures, recomputed from the rows.
  const figures = recomputeActa({
    games: games.map((g) => ({ number: g.number, state: g.state, double: g.double, doubleOfNumber: g.doubleOfNumber, stampDutyBasisPoints: g.closure?.stampDutyBasisPoints ?? null })),
    sales,
    prizes: prizes.filter((p) => p.sessionId === manifest.sessionId).map((p) => ({ gameNumber: p.gameNumber, kind: p.kind, prizeCents: p.prizeCents, paid: p.status === 'paid' })),
    refunds: refunds.filter((r) => r.sessionId === manifest.sessionId),
  });
  const acta = json<{ sessionId: number; games: Parameters<typeof firstDifference>[1]['games']; totals: ActaFigures['totals'] }>('acta.json');
  if (acta.sessionId !== manifest.sessionId) fail('acta.json', `the acta of session ${acta.sessionId}, not ${manifest.sessionId}`);
  const difference = firstDifference(figures, acta);
  if (difference) {
    const where = difference.game === null ? 'totals' : `game ${difference.game}`;
    fail('acta.json', `${where}: ${difference.field} is ${String(difference.stated)}, the rows give ${difference.recomputed}`);
  }

  // The guias by status, recomputed from their rows, against the hall's own figures.
  const byStatus = guiasByStatus(guias);
  const stated = json<{ guias: GuiasByStatus }>('summary.json').guias;
  for (const status of ['unpaid', 'paid', 'void'] as const) {
    for (const field of Object.keys(byStatus[status]) as (keyof GuiasByStatus['paid'])[]) {
      if (stated[status]?.[field] !== byStatus[status][field]) {
        fail('summary.json', `guias ${status}: ${field} is ${String(stated[status]?.[field])}, guias.jsonl gives ${byStatus[status][field]}`);
      }
    }
  }

  for (const [name, list] of Object.entries({ sales, voids, prizes, refunds, guias, drawers, games })) counts[name] = list.length;
  return {
    ok: true,
    hallName: manifest.hallName,
    licence: manifest.licence,
    sessionId: manifest.sessionId,
    openedAt: manifest.openedAt,
    closedAt: manifest.closedAt,
    entries: audit.length,
    keyId: keyIdHex(key.keyId),
    checkpointSize: checkpoint.size,
    documents: counts,
    figures,
    guias: byStatus,
    keyGiven: o.key !== undefined,
    extendsPrevious,
  };
}

/** The Z number a drawer.close answer holds, if it closed the drawer (a count awaiting a manager's acceptance has none). */
function zNumberIn(answer: unknown): number | undefined {
  if (Array.isArray(answer)) {
    for (const v of answer) {
      const z = zNumberIn(v);
      if (z !== undefined) return z;
    }
  } else if (answer && typeof answer === 'object') {
    const o = answer as Record<string, unknown>;
    if (typeof o.zNumber === 'number') return o.zNumber;
    for (const v of Object.values(o)) {
      const z = zNumberIn(v);
      if (z !== undefined) return z;
    }
  }
  return undefined;
}

/** What a passed check found, as the inspector reads it (the command line prints it; the HTML page shows the same). */
export function checkReport(r: ExportSummary): string[] {
  const euro = (c: number) => formatCents(c);
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const d = r.documents;
  const g = r.guias;
  return [
    `${r.hallName}${r.licence ? ` (licença ${r.licence})` : ''}, sessão n.º ${r.sessionId}: íntegra.`,
    `${r.entries} entradas do registo provadas no ponto de verificação de ${r.checkpointSize} entradas assinado pela chave ${r.keyId}${r.keyGiven ? ' indicada' : ' da própria exportação (indique a chave impressa na acta ou no Z com --key para saber de quem é)'}.`,
    r.extendsPrevious ? 'O registo desta sessão continua o da sessão anterior, sem nada reescrito (prova de consistência).' : 'Primeira sessão assinada: não há ponto de verificação anterior a continuar.',
    `Documentos apoiados nas suas entradas: ${n(d.sales ?? 0, 'venda', 'vendas')}, ${n(d.voids ?? 0, 'anulação', 'anulações')}, ${n(d.prizes ?? 0, 'prémio', 'prémios')}, ${n(d.refunds ?? 0, 'reembolso', 'reembolsos')}, ${n(d.guias ?? 0, 'guia', 'guias')}, ${n(d.drawers ?? 0, 'gaveta', 'gavetas')}; nenhuma entrada sem o seu documento.`,
    'Valores da acta recalculados a partir das linhas (Despacho Normativo n.º 80/85, art. 15.º e 17.º):',
    ...r.figures.games.map(
      (x) =>
        `  jogada ${x.number}: ${n(x.cardsSold, 'cartão', 'cartões')}, ${euro(x.totalCents)}; linha ${euro(x.linePrizeCents)}, bingo ${euro(x.bingoPrizeCents)}; imposto do selo ${euro(x.stampDutyCents)}; pagos ${euro(x.linePaidCents + x.bingoPaidCents + x.specialPaidCents)}${x.specialPaidCents > 0 ? ` (prémio especial ${euro(x.specialPaidCents)})` : ''}${x.refundedCents > 0 ? `; reembolsado ${euro(x.refundedCents)}` : ''}`,
    ),
    `  total: ${n(r.figures.totals.cardsSold, 'cartão', 'cartões')}, ${euro(r.figures.totals.totalCents)}; prémios pagos ${euro(r.figures.totals.prizesPaidCents)}; imposto do selo ${euro(r.figures.totals.stampDutyCents)}; reembolsos ${euro(r.figures.totals.refundedCents)}.`,
    `Guias: ${n(g.paid.count, 'paga', 'pagas')} (${euro(g.paid.amountCents)}: ${euro(g.paid.cashCents)} em numerário, ${euro(g.paid.chequeCents)} em cheque), ${g.unpaid.count} por pagar (${euro(g.unpaid.amountCents)}), ${n(g.void.count, 'anulada', 'anuladas')} (${euro(g.void.amountCents)}).`,
  ];
}
