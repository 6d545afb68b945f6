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
 *
 * Strict by construction (issue 37): before any of that, the ZIP is read in
 * its one canonical form within stated limits (zip.ts), every JSON strictly
 * (strict-json.ts) against its file's schema, and the manifest's SHA-256 must
 * be the one the hall signed (manifest.sig) with the key that verifies the
 * checkpoint or one it rotated into (rotations.json: each link a rotation
 * note signed by the key before, naming the next, in order, the last key the
 * manifest's signer), every file in the ZIP listed there with its size and SHA-256
 * and every file listed there in the ZIP: no byte is read that the hall's
 * signature does not cover. Whatever else goes wrong is a finding too, never
 * an exception.
 */
import type { DocumentDescriptor } from '../documents.js';
import { formatCents } from '../money.js';
import { DOCUMENTS } from '../money-registry.js';
import { firstDifference, recomputeActa, type ActaFigures, type FigureGame } from '../bingo/acta-figures.js';
import { guiasByStatus, type GuiasByStatus } from '../caixa/guia-figures.js';
import { cosignatureTime, keyIdHex, noteSignedBy, parseCheckpoint, parseSignedNote, parseVerifierKey, parseWitnessKey, type Checkpoint, type VerifyingKey } from '../transparency/checkpoint.js';
import { bytesToHex, hexToBytes, leafHash, verifyConsistency, verifyInclusion, type Sha256 } from '../transparency/merkle.js';
import { JsonRefused, parseStrictJson, schemaFault, type Schema } from './strict-json.js';
import { readZip, shownName, ZipRefused, type ZipLimits } from './zip.js';

/**
 * Format 2 (issue 37): the manifest lists every file with its SHA-256 and size, and the hall signs the
 * manifest's SHA-256 (manifest.sig) with the key that signed the checkpoint, or the one it rotated into with the
 * chain between them (rotations.json); format 1 had no such signature.
 */
export const EXPORT_FORMAT = 'bingo-kiosk-inspector-export/2';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_SIGNATURE_FILE = 'manifest.sig';
export const PAGE_FILE = 'verificar.html';
/** The signed rotations from the checkpoint's key to the key that signs the manifest (only when the hall rotated since). */
export const ROTATIONS_FILE = 'rotations.json';

const KiB = 1024;
const MiB = 1024 * KiB;
/**
 * The most each file may inflate to, and all together: a busy day's session fits in a fraction of them (measured:
 * 10,000 sales make about 9 MB of audit.jsonl and 12 MB of proofs.json), and the check's memory stays bounded
 * (the page holds every file at once in the browser's memory).
 */
export const EXPORT_LIMITS: ZipLimits = {
  perFile: {
    [MANIFEST_FILE]: 1 * MiB,
    [MANIFEST_SIGNATURE_FILE]: 16 * KiB,
    'checkpoint.txt': 64 * KiB,
    'previous-checkpoint.txt': 64 * KiB,
    'key.txt': 4 * KiB,
    'cosignatures.json': 1 * MiB,
    'keys.json': 1 * MiB,
    // A link is a rotation note (under 1 KiB): hundreds of rotations fit.
    [ROTATIONS_FILE]: 256 * KiB,
    'audit.jsonl': 128 * MiB,
    'proofs.json': 128 * MiB,
    'sales.jsonl': 64 * MiB,
    'games.jsonl': 64 * MiB,
    'voids.jsonl': 64 * MiB,
    'prizes.jsonl': 64 * MiB,
    'refunds.jsonl': 64 * MiB,
    'guias.jsonl': 64 * MiB,
    'drawers.jsonl': 64 * MiB,
    'summary.json': 1 * MiB,
    'stock.json': 16 * MiB,
    'acta.json': 16 * MiB,
    'acta.pdf': 32 * MiB,
    [PAGE_FILE]: 8 * MiB,
  },
  total: 384 * MiB,
};
/** The card stock's file (issue 41): exports made before it was written lack it, and their cards' stock is not checked. */
const STOCK_FILE = 'stock.json';
/**
 * The files every export has (previous-checkpoint.txt only when an earlier session was signed, rotations.json only
 * when the key rotated since, stock.json from the release that writes it: once listed in the signed manifest, it is
 * there and checked).
 */
const REQUIRED = Object.keys(EXPORT_LIMITS.perFile).filter((f) => f !== 'previous-checkpoint.txt' && f !== ROTATIONS_FILE && f !== STOCK_FILE);

/** What the hall signs over the manifest: the format, its log's name, the session and the manifest's SHA-256. */
export function manifestNoteBody(origin: string, sessionId: number, manifestSha256: string): string {
  return `${EXPORT_FORMAT}\n${origin}\nsession ${sessionId}\nmanifest ${manifestSha256}\n`;
}
const MANIFEST_NOTE = /^bingo-kiosk-inspector-export\/2\n(\S+)\nsession (0|[1-9][0-9]*)\nmanifest ([0-9a-f]{64})\n$/;

const iso = 'string' as const;
const nullableString: Schema = { nullable: 'string' };
const MANIFEST_SCHEMA: Schema = {
  object: {
    format: 'string',
    hallId: 'string',
    hallName: 'string',
    licence: nullableString,
    sessionId: 'int',
    openedAt: iso,
    closedAt: iso,
    entries: { object: { from: 'int', to: 'int' } },
    madeAt: iso,
    // The program that made the export, with its version (issue 40); exports made before it said so lack it.
    software: { optional: 'string' },
    files: { record: { object: { sha256: 'hex64', size: 'int' } }, keys: /^[a-z0-9.-]+$/ },
  },
};
const PROOFS_SCHEMA: Schema = {
  object: {
    size: 'int',
    inclusion: { record: { array: 'hex64' }, keys: /^[1-9][0-9]*$/ },
    consistency: { nullable: { object: { from: 'int', to: 'int', proof: { array: 'hex64' } } } },
  },
};
const COSIGNATURES_SCHEMA: Schema = { array: { object: { witnessKey: 'string', line: 'string', witnessedAt: iso } } };
/** Each link: the key rotated into, and the rotation note the key before signed naming it (as hall_keys keeps it). */
const ROTATIONS_SCHEMA: Schema = { array: { object: { verifierKey: 'string', note: 'string' } } };
const KEYS_SCHEMA: Schema = { array: { object: { keyId: 'string', verifierKey: 'string', createdAt: iso, rotationNote: nullableString } } };
const FIGURES: Schema = { object: { count: 'int', amountCents: 'int', cashCents: 'int', chequeCents: 'int' } };
const SUMMARY_SCHEMA: Schema = { object: { guias: { object: { unpaid: FIGURES, paid: FIGURES, void: FIGURES } } } };
const STOCK_SCHEMA: Schema = {
  object: {
    series: {
      array: {
        object: {
          code: 'string',
          edition: { nullable: { object: { authorisationRef: 'string', authorisationDate: 'string', emission: 'string' } } },
          moves: { array: { object: { kind: 'string', from: 'int', to: 'int', at: iso } } },
        },
      },
    },
  },
};
/** Each document file's fields, as export.ts writes them: a field not here is unknown and refused, each one here required. */
const ROW_FIELDS: Record<string, readonly string[]> = {
  'sales.jsonl': ['saleId', 'at', 'gameNumber', 'ranges', 'quantity', 'totalCents', 'terminal', 'operator', 'voided', 'auditSeq'],
  'games.jsonl': ['number', 'state', 'priceCents', 'double', 'doubleOfNumber', 'closure'],
  'voids.jsonl': ['saleId', 'at', 'gameNumber', 'operator', 'approvedBy', 'auditSeq', 'ranges'],
  'prizes.jsonl': ['winnerId', 'sessionId', 'gameNumber', 'kind', 'seriesCode', 'card', 'prizeCents', 'ballCount', 'awardedAt', 'status', 'awardSeq', 'payment', 'void'],
  'refunds.jsonl': ['saleId', 'sessionId', 'gameNumber', 'amountCents', 'paidAt', 'operator', 'terminal', 'auditSeq'],
  'guias.jsonl': [
    'guiaId', 'number', 'machineNumber', 'kind', 'amountCents', 'fund', 'issuedAt', 'issuedBy', 'terminal', 'status', 'cashCents', 'cheques', 'paidAt', 'paidBy', 'voidedAt', 'voidReason', 'issueSeq', 'paymentSeq', 'voidSeq',
  ],
  'drawers.jsonl': ['drawerId', 'terminal', 'openedAt', 'openedBy', 'floatCents', 'openSeq', 'close'],
};
const AUDIT_LINE_SCHEMA: Schema = {
  object: {
    seq: 'int',
    at: iso,
    operatorId: { nullable: 'int' },
    terminalId: 'string',
    channel: 'string',
    outcome: 'string',
    input: 'string',
    before: nullableString,
    after: nullableString,
    prevHash: 'string',
    hash: 'hex64',
  },
};

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
  /** The keys the hall rotated into since the checkpoint, in order (the last signed the manifest); empty without a rotation. */
  rotations: string[];
  /**
   * The key given, when it is one of those rotated into rather than the checkpoint's own: the checkpoint's key is
   * then vouched for only by the chain's notes, which the older keys signed.
   */
  givenLaterKeyId: string | null;
  /** The group's cosignatures of the checkpoint that hold (a witness given must be among them). */
  witnesses: { name: string; keyId: string; at: string }[];
  witnessGiven: boolean;
  extendsPrevious: boolean;
  /** The program that made the export, as its signed manifest names it; null for an export made before it did. */
  software: string | null;
  /** Each series sold, its edition and cards as stock.json gives them, every card sold found among them; null for an export made before it. */
  stock: SeriesStock[] | null;
}

/** A series' cards as the check found them (DN 80/85, art. 3.º). */
export interface SeriesStock {
  code: string;
  emission: string | null;
  authorisation: string | null;
  received: number;
  destroyed: number;
  /** Cards sold in the session (voided sales too: their cards left the stock). */
  sold: number;
  /** Whether the hall follows this series' stock (an edition or a box received); an unfollowed series is only named. */
  followed: boolean;
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
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

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

function parseLine<T>(file: string, line: string, n: number, schema?: Schema): T {
  let value: unknown;
  try {
    value = parseStrictJson(line);
  } catch (e) {
    if (e instanceof JsonRefused) return fail(file, e.what, n);
    throw e;
  }
  const fault = schema ? schemaFault(value, schema) : null;
  if (fault) fail(file, fault, n);
  return value as T;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The first object in `value` (itself or nested, depth first) that `test` accepts. */
function findObject(value: unknown, test: (o: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  if (!Array.isArray(value) && test(value as Record<string, unknown>)) return value as Record<string, unknown>;
  for (const v of Array.isArray(value) ? value : Object.values(value)) {
    const found = findObject(v, test);
    if (found) return found;
  }
  return undefined;
}

/** The first object in `value` (itself or nested) whose `key` is `id`. */
const findWith = (value: unknown, key: string, id: unknown) => findObject(value, (o) => o[key] === id);

const GUIA_STATUS = { unpaid: 'por pagar', paid: 'paga', void: 'anulada' } as const;
const GUIA_STATUS_PLURAL = { unpaid: 'por pagar', paid: 'pagas', void: 'anuladas' } as const;

/** Which entries write which document: each such entry's document must be in its file (the documents the export carries, as their domains declare them). */
const WRITERS: Record<string, { file: string; document: string }> = Object.fromEntries(
  (DOCUMENTS as readonly DocumentDescriptor[]).flatMap((d) => (d.export ? Object.keys(d.writers ?? {}).map((channel) => [channel, { file: d.export!, document: d.label }]) : [])),
);

const sameKey = (a: VerifyingKey, b: VerifyingKey) => a.name === b.name && a.keyId === b.keyId && bytesToHex(a.publicKey) === bytesToHex(b.publicKey);
const shownKey = (k: VerifyingKey) => `${k.name}+${keyIdHex(k.keyId)}`;

/** One link of a rotation chain: the key rotated into, and the note the key before signed naming it. */
export interface RotationLink {
  verifierKey: string;
  note: string;
}

/**
 * One rotation after the keys of `chain` (its last the key rotating): the note must be a checkpoint of that key's
 * log signed by it alone, whose extensions are exactly the rotation's (`rotation <time>`, `key-rotation <verifier
 * key>`) naming the link's key, a key of the same log not yet in the chain. The next key and the note's tree size,
 * or why not (pt-PT). The export follows the hall's keys with it, the check the export's chain.
 */
export function rotationStep(link: RotationLink, chain: readonly VerifyingKey[], { sha256, ed25519 }: CheckCrypto): { key: VerifyingKey; size: number } | string {
  const from = chain.at(-1)!;
  const key = parseVerifierKey(sha256, link.verifierKey);
  if (!key) return `${shownName(link.verifierKey)} não é uma chave pública de verificação`;
  if (key.name !== from.name) return `a chave ${shownKey(key)} não é do registo ${from.name}`;
  if (chain.some((k) => sameKey(k, key))) return `a chave ${shownKey(key)} já está antes na cadeia (uma rotação repetida ou uma volta a uma chave retirada)`;
  const note = parseSignedNote(link.note);
  if (!note || note.signatures.length !== 1) return 'a nota de rotação não é uma nota assinada com uma só assinatura';
  if (!noteSignedBy(note, from, ed25519)) return `a nota de rotação não está assinada pela chave ${shownKey(from)}, a anterior na cadeia`;
  const body = parseCheckpoint(note.body);
  if (!body || body.origin !== from.name) return `a nota de rotação não é um ponto de verificação do registo ${from.name}`;
  const [when, names, ...more] = body.extensions;
  if (!when || !/^rotation \S+$/.test(when) || names !== `key-rotation ${link.verifierKey}` || more.length > 0) return `a nota de rotação não passa a chave ${shownKey(from)} para ${shownKey(key)} (key-rotation)`;
  return { key, size: body.size };
}

/**
 * `key`: a verifier key the inspector trusts (from the acta, the Z, the hall's settings screen); without it, the
 * export's own. `witness`: the group's witness key, whose cosignature of the checkpoint must then be there.
 */
export function checkExport(zip: Uint8Array, o: CheckOptions, crypto: CheckCrypto): ExportCheck {
  try {
    return check(zip, o, crypto);
  } catch (e) {
    if (e instanceof Failed) return { ok: false, failure: e.failure };
    if (e instanceof ZipRefused) return { ok: false, failure: { file: e.file, what: e.what } };
    // Never an English error: what the check could not read is a finding too.
    return { ok: false, failure: { file: '(exportação)', what: `um conteúdo que a verificação não sabe ler (${e instanceof RangeError ? 'grande demais' : 'forma inesperada'})` } };
  }
}

type CheckOptions = { key?: string; witness?: string };

/**
 * The check, step by step; each step names the first thing that fails (`fail`), in the order the inspector reads
 * the export: its files, the manifest, the keys and the manifest's signature, the files it lists, the checkpoint,
 * the group's cosignatures, the entries and their proofs, the previous session's checkpoint, the documents against
 * their entries, the acta's and the guias' figures.
 */
function check(zip: Uint8Array, o: CheckOptions, crypto: CheckCrypto): ExportCheck {
  const f = readFiles(zip);
  const manifest = readManifest(f);
  const keys = verifyingKeys(f, o, crypto);
  checkManifestSignature(f, manifest, keys, crypto);
  checkListedFiles(f, manifest, crypto.sha256);
  const checkpoint = readCheckpoint(f, keys, crypto.ed25519);
  const witnesses = checkWitnesses(f, o, crypto);
  const proofs = readProofs(f, checkpoint);
  const log = checkEntries(f, manifest, checkpoint, proofs, crypto.sha256);
  const extendsPrevious = checkPrevious(f, keys.key, checkpoint, proofs, log.from, crypto);
  const backing = documentBacking(log);
  const docs = checkDocuments(f, backing, manifest.sessionId);
  checkNoneLeftOut(log, backing);
  const figures = checkActa(f, manifest.sessionId, docs);
  const byStatus = checkGuiaTotals(f, docs.guias);
  const stock = f.files.has(STOCK_FILE) ? checkStock(f, docs.sales) : null;

  const counts: Record<string, number> = {};
  for (const [name, list] of Object.entries(docs)) counts[name] = list.length;
  return {
    ok: true,
    hallName: manifest.hallName,
    licence: manifest.licence,
    sessionId: manifest.sessionId,
    openedAt: manifest.openedAt,
    closedAt: manifest.closedAt,
    entries: log.count,
    keyId: keyIdHex(keys.key.keyId),
    checkpointSize: checkpoint.size,
    documents: counts,
    figures,
    guias: byStatus,
    keyGiven: o.key !== undefined,
    rotations: keys.chain.slice(1).map((k) => keyIdHex(k.keyId)),
    givenLaterKeyId: keys.givenAt > 0 ? keyIdHex(keys.chain[keys.givenAt]!.keyId) : null,
    witnesses,
    witnessGiven: o.witness !== undefined,
    extendsPrevious,
    software: manifest.software ?? null,
    stock,
  };
}

/** The export's files, from its one canonical ZIP: each text decoded strictly once, each JSON read strictly against its schema. */
interface ExportFiles {
  readonly files: Map<string, Uint8Array>;
  text(name: string): string;
  json<T>(name: string, schema?: Schema): T;
}

/** One canonical ZIP: its structure, names and sizes, each entry inflated within its bound (zip.ts). */
function readFiles(zip: Uint8Array): ExportFiles {
  const files = readZip(zip, EXPORT_LIMITS);
  const texts = new Map<string, string>();
  const text = (name: string): string => {
    const known = texts.get(name);
    if (known !== undefined) return known;
    const bytes = files.get(name) ?? fail(name, 'falta na exportação');
    let decoded: string;
    try {
      decoded = strictUtf8.decode(bytes);
    } catch {
      return fail(name, 'não é texto UTF-8 válido');
    }
    if (decoded.charCodeAt(0) === 0xfeff) fail(name, 'começa por uma marca BOM (não é o texto que a sala escreveu)');
    texts.set(name, decoded);
    return decoded;
  };
  const json = <T>(name: string, schema?: Schema): T => {
    let value: unknown;
    try {
      value = parseStrictJson(text(name));
    } catch (e) {
      if (e instanceof JsonRefused) return fail(name, e.what);
      throw e;
    }
    const fault = schema ? schemaFault(value, schema) : null;
    if (fault) fail(name, fault);
    return value as T;
  };
  return { files, text, json };
}

interface Manifest {
  format: string;
  hallId: string;
  hallName: string;
  licence: string | null;
  sessionId: number;
  openedAt: string;
  closedAt: string;
  entries: { from: number; to: number };
  software?: string;
  files: Record<string, { sha256: string; size: number }>;
}

/** The manifest: its format first (an older export is named as such), then its fields. */
function readManifest(f: ExportFiles): Manifest {
  const manifestValue = f.json<unknown>(MANIFEST_FILE);
  const manifestFormat = manifestValue && typeof manifestValue === 'object' ? (manifestValue as { format?: unknown }).format : undefined;
  if (manifestFormat !== EXPORT_FORMAT) {
    fail(MANIFEST_FILE, `formato ${typeof manifestFormat === 'string' ? shownName(manifestFormat) : '(nenhum)'}, não ${EXPORT_FORMAT}: esta verificação só lê exportações com o manifesto assinado (formato 2); exporte a sessão de novo`);
  }
  return f.json<Manifest>(MANIFEST_FILE, MANIFEST_SCHEMA);
}

/** The hall's verifying keys: the checkpoint's, and each it rotated into (the last verifies the manifest). */
interface VerifyingKeys {
  /** The checkpoint's key (the first of the chain). */
  key: VerifyingKey;
  rotated: boolean;
  /** The checkpoint's key, then each key it rotated into; the last signed the manifest. */
  chain: VerifyingKey[];
  /** The log's size each rotation note signed, in order. */
  rotationSizes: number[];
  /** Where in the chain the key given stands (0 without one). */
  givenAt: number;
}

/**
 * The checkpoint's key: the inspector's, else the export's own (then only the export's consistency is shown, not
 * whose it is). When the hall rotated its key since the close, the manifest is signed by its current key and
 * rotations.json carries the chain of signed rotations from the checkpoint's key (key.txt) to it.
 */
function verifyingKeys(f: ExportFiles, o: CheckOptions, crypto: CheckCrypto): VerifyingKeys {
  const rotated = f.files.has(ROTATIONS_FILE);
  const readKey = (file: string, keyText: string) => parseVerifierKey(crypto.sha256, keyText) ?? fail(file, 'não é uma chave pública de verificação (nome+identificador+base64)');
  const given = o.key === undefined ? null : readKey('--key', o.key);
  const key = given && !rotated ? given : readKey('key.txt', f.text('key.txt').trim());
  const chain: VerifyingKey[] = [key];
  const rotationSizes: number[] = [];
  if (rotated) {
    const links = f.json<RotationLink[]>(ROTATIONS_FILE, ROTATIONS_SCHEMA);
    if (links.length === 0) fail(ROTATIONS_FILE, 'uma cadeia de rotações vazia (sem rotação, o ficheiro não existe)');
    links.forEach((link, i) => {
      const step = rotationStep(link, chain, crypto);
      if (typeof step === 'string') return fail(ROTATIONS_FILE, `rotação ${i + 1}: ${step}`);
      const before = rotationSizes.at(-1);
      if (before !== undefined && step.size <= before) fail(ROTATIONS_FILE, `rotação ${i + 1}: fora de ordem (assinada sobre ${step.size} entradas, a anterior sobre ${before})`);
      chain.push(step.key);
      rotationSizes.push(step.size);
    });
  }
  // The key given vouches for the checkpoint's key itself (the first of the chain), or only through the chain's notes.
  const givenAt = given ? chain.findIndex((k) => sameKey(k, given)) : 0;
  if (givenAt < 0) fail(MANIFEST_SIGNATURE_FILE, `não está assinado pela chave ${shownKey(given!)} nem por uma chave em que ela tenha passado por rotação`);
  return { key, rotated, chain, rotationSizes, givenAt };
}

/** The manifest signed by the chain's last key: its SHA-256 in a note the hall signed, so every file it lists is covered. */
function checkManifestSignature(f: ExportFiles, manifest: Manifest, { key, rotated, chain }: VerifyingKeys, { sha256, ed25519 }: CheckCrypto): void {
  const manifestKey = chain.at(-1)!;
  const manifestNote = parseSignedNote(f.text(MANIFEST_SIGNATURE_FILE));
  if (!manifestNote || manifestNote.signatures.length !== 1) fail(MANIFEST_SIGNATURE_FILE, 'não é uma nota assinada com uma só assinatura');
  const signedManifest = MANIFEST_NOTE.exec(manifestNote!.body) ?? fail(MANIFEST_SIGNATURE_FILE, `não é a assinatura de um manifesto do formato ${EXPORT_FORMAT}`);
  if (!noteSignedBy(manifestNote!, manifestKey, ed25519)) fail(MANIFEST_SIGNATURE_FILE, `não está assinado pela chave ${shownKey(manifestKey)}${rotated ? `, a última da cadeia de rotações (${ROTATIONS_FILE})` : ''}`);
  if (signedManifest[1] !== key.name) fail(MANIFEST_SIGNATURE_FILE, `assina o manifesto do registo ${shownName(signedManifest[1]!)}, não do registo da chave ${key.name}`);
  if (Number(signedManifest[2]) !== manifest.sessionId) fail(MANIFEST_SIGNATURE_FILE, `assina o manifesto da sessão n.º ${signedManifest[2]}, não da n.º ${manifest.sessionId}`);
  if (bytesToHex(sha256(f.files.get(MANIFEST_FILE)!)) !== signedManifest[3]) fail(MANIFEST_FILE, `o seu SHA-256 não é o que a sala assinou em ${MANIFEST_SIGNATURE_FILE} (alterado)`);
  if (`bingo-kiosk/${manifest.hallId}` !== key.name) fail(MANIFEST_FILE, `a sala ${shownName(manifest.hallId)} não é a do registo da chave ${key.name}`);
}

/** Every file in the ZIP listed in the signed manifest with its size and SHA-256, and every file listed there. */
function checkListedFiles({ files }: ExportFiles, manifest: Manifest, sha256: Sha256): void {
  for (const [name, bytes] of files) {
    if (name === MANIFEST_FILE || name === MANIFEST_SIGNATURE_FILE) continue;
    const listed = Object.prototype.hasOwnProperty.call(manifest.files, name) ? manifest.files[name]! : fail(name, 'não está listado no manifesto assinado');
    if (listed.size !== bytes.length) fail(name, `tem ${bytes.length} bytes; o manifesto assinado diz ${listed.size} (alterado)`);
    if (bytesToHex(sha256(bytes)) !== listed.sha256) fail(name, 'o seu SHA-256 não é o do manifesto assinado (alterado)');
  }
  for (const name of Object.keys(manifest.files)) if (!files.has(name)) fail(name, 'está listado no manifesto assinado mas falta no ZIP');
  for (const name of REQUIRED) if (!files.has(name)) fail(name, 'falta na exportação');
}

/** The session's checkpoint, signed by its key; a key signs nothing after its rotation. */
function readCheckpoint(f: ExportFiles, { key, rotationSizes }: VerifyingKeys, ed25519: CheckCrypto['ed25519']): Checkpoint {
  const note = parseSignedNote(f.text('checkpoint.txt'));
  if (!note) return fail('checkpoint.txt', 'não é uma nota assinada');
  if (!noteSignedBy(note, key, ed25519)) fail('checkpoint.txt', `não está assinado pela chave ${key.name}+${keyIdHex(key.keyId)}`);
  const checkpoint = parseCheckpoint(note.body) ?? fail('checkpoint.txt', 'não é um ponto de verificação');
  if (checkpoint.origin !== key.name) fail('checkpoint.txt', `a origem ${checkpoint.origin} não é o registo da chave ${key.name}`);
  // A key signs nothing after its rotation: the first rotation comes after the session's checkpoint.
  if (rotationSizes.length > 0 && rotationSizes[0]! <= checkpoint.size) {
    fail(ROTATIONS_FILE, `rotação 1: assinada sobre ${rotationSizes[0]} entradas, antes do ponto de verificação da sessão (${checkpoint.size} entradas), que a chave antiga já não podia assinar`);
  }
  return checkpoint;
}

/** The group's cosignatures (a witness): each must hold; the witness given must be among them. */
function checkWitnesses(f: ExportFiles, o: CheckOptions, { sha256, ed25519 }: CheckCrypto): ExportSummary['witnesses'] {
  const witnesses: ExportSummary['witnesses'] = [];
  const noteText = f.text('checkpoint.txt');
  const cosignatures = f.json<{ witnessKey: string; line: string }[]>('cosignatures.json', COSIGNATURES_SCHEMA);
  for (const c of cosignatures) {
    const witness = parseWitnessKey(sha256, c.witnessKey) ?? fail('cosignatures.json', `${c.witnessKey} não é uma chave de testemunha`);
    const time = cosignatureTime(noteText, witness, c.line, ed25519);
    if (time === null) fail('cosignatures.json', `a cossinatura de ${witness.name} (${keyIdHex(witness.keyId)}) não é deste ponto de verificação`);
    witnesses.push({ name: witness.name, keyId: keyIdHex(witness.keyId), at: new Date(time! * 1000).toISOString() });
  }
  if (o.witness !== undefined) {
    const given = parseWitnessKey(sha256, o.witness) ?? fail('--witness', 'não é uma chave de testemunha (nome+identificador+base64)');
    if (!witnesses.some((w) => w.name === given.name && w.keyId === keyIdHex(given.keyId))) {
      fail('cosignatures.json', `o ponto de verificação não está cossinado pela testemunha ${given.name}+${keyIdHex(given.keyId)}`);
    }
  }
  return witnesses;
}

type Proofs = { size: number; inclusion: Record<string, string[]>; consistency: { from: number; to: number; proof: string[] } | null };

/** The proofs, for the tree the checkpoint signs. */
function readProofs(f: ExportFiles, checkpoint: Checkpoint): Proofs {
  const proofs = f.json<Proofs>('proofs.json', PROOFS_SCHEMA);
  if (proofs.size !== checkpoint.size) fail('proofs.json', `provas para uma árvore de ${proofs.size} entradas; o ponto de verificação assina ${checkpoint.size}`);
  return proofs;
}

/** The session's entries of the log: how many, by number, the first and the last. */
interface SessionLog {
  count: number;
  entries: Map<number, AuditLine>;
  from: number;
  to: number;
}

/** Every entry: its hash is its fields', it links to the one before, and the signed tree holds it where it says. */
function checkEntries(f: ExportFiles, manifest: Manifest, checkpoint: Checkpoint, proofs: Proofs, sha256: Sha256): SessionLog {
  const audit = lines(f.text('audit.jsonl'));
  const entries = new Map<number, AuditLine>();
  const from = manifest.entries.from;
  let expected = from;
  let prev: string | null = null;
  for (const [i, line] of audit.entries()) {
    const n = i + 1;
    const e = parseLine<AuditLine>('audit.jsonl', line, n, AUDIT_LINE_SCHEMA);
    if (e.seq !== expected) fail('audit.jsonl', `entrada ${e.seq} onde devia estar a entrada ${expected} (uma entrada a menos ou a mais)`, n);
    if (entryHash(sha256, e.prevHash, e) !== e.hash) fail('audit.jsonl', `entrada ${e.seq}: o seu hash não é o dos seus campos (alterada)`, n);
    if (prev !== null && e.prevHash !== prev) fail('audit.jsonl', `entrada ${e.seq}: não se liga à entrada anterior`, n);
    const proof = (Object.prototype.hasOwnProperty.call(proofs.inclusion, String(e.seq)) ? proofs.inclusion[String(e.seq)] : undefined) ?? fail('proofs.json', `falta a prova de inclusão da entrada ${e.seq}`);
    if (!verifyInclusion(sha256, leafHash(sha256, hexToBytes(e.hash)), e.seq - 1, checkpoint.size, proof.map(hexToBytes), checkpoint.rootHash)) {
      fail('audit.jsonl', `entrada ${e.seq}: não pertence à história que a sala assinou (a sua prova de inclusão falha)`, n);
    }
    entries.set(e.seq, e);
    prev = e.hash;
    expected = e.seq + 1;
  }
  const to = expected - 1;
  if (to !== manifest.entries.to || to !== checkpoint.size) fail('audit.jsonl', `termina na entrada ${to}; o ponto de verificação assina ${checkpoint.size} entradas`);
  return { count: audit.length, entries, from, to };
}

/** The previous session's checkpoint, extended by this one (signed by one of the hall's keys); whether there is one. */
function checkPrevious(f: ExportFiles, key: VerifyingKey, checkpoint: Checkpoint, proofs: Proofs, from: number, { sha256, ed25519 }: CheckCrypto): boolean {
  const extendsPrevious = f.files.has('previous-checkpoint.txt');
  if (extendsPrevious) {
    const before = parseSignedNote(f.text('previous-checkpoint.txt')) ?? fail('previous-checkpoint.txt', 'não é uma nota assinada');
    const keys = f.json<{ verifierKey: string }[]>('keys.json', KEYS_SCHEMA).map((k) => parseVerifierKey(sha256, k.verifierKey)).filter((k) => k !== null);
    if (!keys.some((k) => noteSignedBy(before, k, ed25519)) && !noteSignedBy(before, key, ed25519)) fail('previous-checkpoint.txt', 'não está assinado por nenhuma das chaves da sala');
    const old: Checkpoint = parseCheckpoint(before.body) ?? fail('previous-checkpoint.txt', 'não é um ponto de verificação');
    const c = proofs.consistency ?? fail('proofs.json', 'falta a prova de consistência a partir do ponto de verificação anterior');
    if (c.from !== old.size || c.to !== checkpoint.size) fail('proofs.json', `uma prova de consistência de ${c.from} para ${c.to}, não de ${old.size} para ${checkpoint.size}`);
    if (!verifyConsistency(sha256, old.size, checkpoint.size, old.rootHash, checkpoint.rootHash, c.proof.map(hexToBytes))) {
      fail('previous-checkpoint.txt', `o registo desta sessão não continua o da sessão anterior (${old.size} entradas): foi reescrito entretanto`);
    }
    if (old.origin !== checkpoint.origin) fail('previous-checkpoint.txt', `é do registo ${shownName(old.origin)}, não de ${checkpoint.origin}`);
    if (old.size !== from - 1) fail('manifest.json', `entradas a partir da ${from}, mas o ponto de verificação anterior termina na ${old.size}`);
  } else {
    // Without the previous checkpoint only the log's first entries stand alone: later ones must show they continue it.
    if (from !== 1) fail('previous-checkpoint.txt', `falta na exportação: as entradas começam na ${from}, depois das de uma sessão anterior, e sem ele nada prova que esta sessão a continua`);
    if (proofs.consistency !== null) fail('proofs.json', 'uma prova de consistência sem ponto de verificação anterior');
  }
  return extendsPrevious;
}

/** Documents against the entries that wrote them: which entries a document cited, and each entry's answer read once. */
interface Backing {
  /**
   * The document `what` at `file`:`n` was written by entry `seq` of `channels` (any when empty), whose answer
   * `match` finds agreeing (it names the first field that differs). `earlier`: the entry may be an earlier
   * session's (a guia issued or a drawer opened before this session's entries), proved by that export.
   */
  backedBy(file: string, n: number, what: string, seq: number | null, channels: readonly string[], match: (answer: unknown) => string | null, earlier?: boolean): void;
  answerOf(seq: number): unknown;
  cited: Set<number>;
}

function documentBacking({ entries, from, to }: SessionLog): Backing {
  const cited = new Set<number>();
  const answers = new Map<number, unknown>();
  const answerOf = (seq: number) => {
    if (!answers.has(seq)) {
      const after = entries.get(seq)!.after;
      try {
        answers.set(seq, after === null ? null : parseStrictJson(after));
      } catch {
        fail('audit.jsonl', `entrada ${seq}: a resposta que guarda não é JSON`, seq - from + 1);
      }
    }
    return answers.get(seq);
  };
  const backedBy: Backing['backedBy'] = (file, n, what, seq, channels, match, earlier = false) => {
    if (seq === null || seq === undefined) return fail(file, `${what}: nenhuma entrada do registo o escreveu`, n);
    if (seq < from && earlier) return;
    const e = entries.get(seq);
    if (!e) return fail(file, `${what}: a entrada ${seq} não está entre as entradas desta sessão (${from} a ${to})`, n);
    if (e.outcome !== 'ok' || (channels.length > 0 && !channels.includes(e.channel))) fail(file, `${what}: a entrada ${seq} é ${e.channel} (${e.outcome === 'ok' ? 'aceite' : 'recusada'}), que não o escreveu`, n);
    const differs = match(answerOf(seq));
    if (differs !== null) fail(file, `${what}: ${differs} difere da sua entrada ${seq} do registo`, n);
    cited.add(seq);
  };
  return { backedBy, answerOf, cited };
}

/** The first of `fields` on which `row` and `answer` disagree, where the answer has the field. */
function fieldsAgree(row: Record<string, unknown>, answer: Record<string, unknown> | undefined, fields: readonly string[], whose: string): string | null {
  if (!answer) return whose;
  for (const f of fields) if (f in answer && !same(answer[f], row[f])) return f;
  return null;
}

/** A document file's rows, each an object with exactly its file's fields. */
function readRows<T>(f: ExportFiles, file: string): T[] {
  return lines(f.text(file)).map((l, i) => {
    const row = parseLine<Record<string, unknown>>(file, l, i + 1);
    const fields = ROW_FIELDS[file]!;
    if (!row || typeof row !== 'object' || Array.isArray(row)) return fail(file, 'a linha não é um objeto', i + 1);
    for (const k of Object.keys(row)) if (!fields.includes(k)) fail(file, `campo desconhecido ${shownName(k)}`, i + 1);
    for (const k of fields) if (!Object.prototype.hasOwnProperty.call(row, k)) fail(file, `falta o campo ${k}`, i + 1);
    return row as T;
  });
}

type SaleLine = { saleId: number; at: string; gameNumber: number; quantity: number; totalCents: number; ranges: unknown; voided: boolean; operator: string; auditSeq: number | null };
type VoidLine = { saleId: number; approvedBy: string; ranges: unknown; auditSeq: number | null };
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
type RefundLine = { saleId: number; sessionId: number; gameNumber: number; amountCents: number; auditSeq: number | null };
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
type DrawerLine = {
  drawerId: number;
  floatCents: number;
  openSeq: number | null;
  close: { zNumber: number; countedCents: number; varianceCents: number; auditSeq: number | null } | null;
};
type GameLine = FigureGame & {
  closure: { stampDutyBasisPoints: number; specialShareBasisPoints?: number | null; specialShareCents: number; cardsSold: number; totalCents: number; auditSeq: number | null } | null;
};

/** The document files, in the order they are checked (the summary counts their lines under these names). */
interface Documents {
  sales: SaleLine[];
  voids: VoidLine[];
  prizes: PrizeLine[];
  refunds: RefundLine[];
  guias: GuiaLine[];
  drawers: DrawerLine[];
  games: GameLine[];
}

/** Documents: each backed by the entry that wrote it (same figures), file by file. */
function checkDocuments(f: ExportFiles, b: Backing, sessionId: number): Documents {
  const sales = checkSales(f, b);
  const voids = checkVoids(f, b, sales);
  const prizes = checkPrizes(f, b, sessionId);
  const refunds = checkRefunds(f, b);
  const guias = checkGuias(f, b);
  const drawers = checkDrawers(f, b);
  const games = checkGames(f, b);
  return { sales, voids, prizes, refunds, guias, drawers, games };
}

function checkSales(f: ExportFiles, { backedBy }: Backing): SaleLine[] {
  const sales = readRows<SaleLine>(f, 'sales.jsonl');
  sales.forEach((s, i) => {
    // A counter's sale, or the cards sold from a roving seller's block at its return (issue 42), which names the sale they became.
    backedBy('sales.jsonl', i + 1, `venda ${s.saleId}`, s.auditSeq, ['sale.create', 'seller.return'], (a) => {
      const answer = a as Record<string, unknown> | null;
      if (answer?.saleId !== s.saleId) return 'saleId';
      if ('blockId' in answer) return fieldsAgree({ cardsSold: s.quantity, owedCents: s.totalCents, sold: s.ranges }, answer, ['cardsSold', 'owedCents', 'sold'], 'saleId');
      return fieldsAgree(s, answer, ['quantity', 'totalCents', 'ranges'], 'saleId');
    });
  });
  return sales;
}

/** Each void backed by its entry, and each sale marked voided by its void. */
function checkVoids(f: ExportFiles, { backedBy }: Backing, sales: readonly SaleLine[]): VoidLine[] {
  const voids = readRows<VoidLine>(f, 'voids.jsonl');
  const voided = new Set(sales.filter((s) => s.voided).map((s) => s.saleId));
  voids.forEach((v, i) => {
    backedBy('voids.jsonl', i + 1, `anulação da venda ${v.saleId}`, v.auditSeq, ['sale.voidLast'], (a) => {
      const answer = a as Record<string, unknown> | null;
      if (answer?.saleId !== v.saleId || answer.voided !== true) return 'saleId';
      return fieldsAgree(v, answer, ['approvedBy', 'ranges'], 'saleId');
    });
    if (!voided.delete(v.saleId)) fail('voids.jsonl', `anulação da venda ${v.saleId}: sales.jsonl não marca essa venda como anulada`, i + 1);
  });
  for (const saleId of voided) fail('sales.jsonl', `venda ${saleId}: marcada como anulada sem anulação em voids.jsonl`, sales.findIndex((s) => s.saleId === saleId) + 1);
  return voids;
}

/** Each prize: its award, its payment (the whole prize) or its annulment, each backed by its entry. */
function checkPrizes(f: ExportFiles, { backedBy }: Backing, sessionId: number): PrizeLine[] {
  const prizes = readRows<PrizeLine>(f, 'prizes.jsonl');
  prizes.forEach((p, i) => {
    const n = i + 1;
    const what = `prémio ${p.winnerId}`;
    const ours = p.sessionId === sessionId;
    // A carried prize (an earlier session's, paid now) was awarded in that session's entries.
    backedBy('prizes.jsonl', n, what, p.awardSeq, [], (a) => fieldsAgree(p, findWith(a, 'winnerId', p.winnerId), ['kind', 'seriesCode', 'card', 'prizeCents', 'ballCount'], 'winnerId'), !ours);
    if ((p.status === 'paid') !== (p.payment !== null) || (p.status === 'void') !== (p.void !== null)) fail('prizes.jsonl', `${what}: estado ${p.status} ${p.payment ? 'com' : 'sem'} pagamento`, n);
    if (p.payment) {
      if (p.payment.amountCents !== p.prizeCents) fail('prizes.jsonl', `${what}: pagos ${p.payment.amountCents} cêntimos de um prémio de ${p.prizeCents}`, n);
      backedBy('prizes.jsonl', n, `pagamento do ${what}`, p.payment.auditSeq, ['prize.pay'], (a) => {
        const answer = a as Record<string, unknown> | null;
        if (answer?.winnerId !== p.winnerId || answer.status !== 'paid') return 'winnerId';
        return fieldsAgree(p, answer, ['prizeCents', 'kind', 'card'], 'winnerId');
      });
    }
    if (p.void) backedBy('prizes.jsonl', n, `anulação do ${what}`, p.void.auditSeq, [], () => null);
  });
  return prizes;
}

function checkRefunds(f: ExportFiles, { backedBy }: Backing): RefundLine[] {
  const refunds = readRows<RefundLine>(f, 'refunds.jsonl');
  refunds.forEach((r, i) => {
    // A sale refunded whole (refund.pay), or one of its cards by its number (refund.payCard, issue 42).
    backedBy('refunds.jsonl', i + 1, `reembolso da venda ${r.saleId}`, r.auditSeq, ['refund.pay', 'refund.payCard'], (a) => {
      const answer = a as Record<string, unknown> | null;
      if (answer?.saleId !== r.saleId) return 'saleId';
      return fieldsAgree(r, answer, ['amountCents'], 'saleId');
    });
  });
  return refunds;
}

/** Each guia: its issue (maybe an earlier session's), its payment in cash and cheques, its annulment. */
function checkGuias(f: ExportFiles, { backedBy }: Backing): GuiaLine[] {
  const guias = readRows<GuiaLine>(f, 'guias.jsonl');
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
      if (paidIn !== g.amountCents) fail('guias.jsonl', `${what}: pagos ${paidIn} cêntimos em numerário e cheques para ${g.amountCents}`, n);
      backedBy('guias.jsonl', n, `pagamento da ${what}`, g.paymentSeq, ['guia.pay'], (a) => {
        const answer = a as { guiaId?: number; payment?: { cashCents?: number; cheques?: unknown } } | null;
        if (answer?.guiaId !== g.guiaId) return 'guiaId';
        if (answer.payment?.cashCents !== g.cashCents) return 'cashCents';
        return same(answer.payment.cheques, g.cheques) ? null : 'cheques';
      });
    } else if (paidIn !== 0 || g.paymentSeq !== null) fail('guias.jsonl', `${what}: ${GUIA_STATUS[g.status]} com pagamento`, n);
    if (g.status === 'void') {
      backedBy('guias.jsonl', n, `anulação da ${what}`, g.voidSeq, ['guia.void'], (a) => {
        const answer = a as Record<string, unknown> | null;
        if (answer?.guiaId !== g.guiaId) return 'guiaId';
        return fieldsAgree(g, answer, ['voidReason'], 'guiaId');
      });
    } else if (g.voidSeq !== null) fail('guias.jsonl', `${what}: ${GUIA_STATUS[g.status]} com anulação`, n);
  });
  return guias;
}

/** Each drawer: its opening (maybe an earlier session's) and its Z. */
function checkDrawers(f: ExportFiles, { backedBy }: Backing): DrawerLine[] {
  const drawers = readRows<DrawerLine>(f, 'drawers.jsonl');
  drawers.forEach((d, i) => {
    const n = i + 1;
    backedBy('drawers.jsonl', n, `gaveta ${d.drawerId}`, d.openSeq, ['drawer.open'], (a) => fieldsAgree(d, findWith(a, 'drawerId', d.drawerId), ['floatCents'], 'drawerId'), true);
    if (d.close) {
      const close = d.close;
      backedBy('drawers.jsonl', n, `Z n.º ${close.zNumber}`, close.auditSeq, [], (a) => fieldsAgree(close, findWith(a, 'zNumber', close.zNumber), ['countedCents', 'varianceCents'], 'zNumber'));
    }
  });
  return drawers;
}

/** Each game's close of sale backed by its entry. */
function checkGames(f: ExportFiles, { backedBy }: Backing): GameLine[] {
  const games = readRows<GameLine>(f, 'games.jsonl');
  games.forEach((g, i) => {
    if (g.closure) {
      const closure = g.closure;
      backedBy('games.jsonl', i + 1, `fecho de venda da jogada ${g.number}`, closure.auditSeq, [], (a) => {
        const answer = findWith(a, 'cardsSold', closure.cardsSold) ?? (a as Record<string, unknown> | null) ?? undefined;
        return fieldsAgree(closure, answer, ['cardsSold', 'totalCents'], 'cardsSold');
      });
    }
  });
  return games;
}

/** No entry's document left out: each sale, void, payment, refund, guia, drawer the log wrote is in its file. */
function checkNoneLeftOut({ entries }: SessionLog, { cited, answerOf }: Backing): void {
  for (const e of entries.values()) {
    const writer = WRITERS[e.channel];
    if (e.outcome === 'ok' && writer && !cited.has(e.seq)) fail(writer.file, `a entrada ${e.seq} (${e.channel}) escreveu ${writer.document} que este ficheiro não tem (deixado de fora)`);
  }
  // A drawer.close that only recorded its count (awaiting a manager's acceptance) wrote no Z.
  for (const e of entries.values()) {
    if (e.outcome !== 'ok' || e.channel !== 'drawer.close' || cited.has(e.seq)) continue;
    // The Z number its answer holds, if it closed the drawer.
    const z = findObject(answerOf(e.seq), (o) => typeof o.zNumber === 'number')?.zNumber;
    if (z !== undefined) fail('drawers.jsonl', `a entrada ${e.seq} (drawer.close) escreveu o Z n.º ${z}, que este ficheiro não tem (deixado de fora)`);
  }
}

/** The acta's figures, recomputed from the rows, then the special prize's (art. 10). */
function checkActa(f: ExportFiles, sessionId: number, { sales, prizes, refunds, games }: Documents): ActaFigures {
  const figures = recomputeActa({
    games: games.map((g) => ({
      number: g.number,
      state: g.state,
      double: g.double,
      doubleOfNumber: g.doubleOfNumber,
      stampDutyBasisPoints: g.closure?.stampDutyBasisPoints ?? null,
      specialShareBasisPoints: g.closure?.specialShareBasisPoints ?? null,
    })),
    sales,
    sessionId,
    // The session's prizes as of its close, and the earlier sessions' it paid (carried): awarded, paid and owed apart (art. 17.3).
    prizes: prizes.map(({ winnerId, sessionId: wonIn, gameNumber, kind, seriesCode, card, prizeCents, status }) => ({ winnerId, sessionId: wonIn, gameNumber, kind, seriesCode, card, prizeCents, status })),
    refunds: refunds.filter((r) => r.sessionId === sessionId),
  });
  const acta = f.json<{ sessionId: number } & Parameters<typeof firstDifference>[1]>('acta.json');
  if (acta.sessionId !== sessionId) fail('acta.json', `a acta da sessão n.º ${acta.sessionId}, não da n.º ${sessionId}`);
  const difference = firstDifference(figures, acta);
  if (difference) {
    const where = difference.game === null ? 'totais' : `jogada ${difference.game}`;
    fail('acta.json', `${where}: ${difference.field} é ${String(difference.stated)}, as linhas dão ${difference.recomputed}`);
  }
  checkSpecialPrize(f, sessionId, figures, prizes, games);
  return figures;
}

/**
 * The special prize (art. 10): each game's share of V at the rate its close recorded, and a special prize only
 * to a bingo made within the session's N balls, beside that bingo.
 */
function checkSpecialPrize(f: ExportFiles, sessionId: number, figures: ActaFigures, prizes: readonly PrizeLine[], games: readonly GameLine[]): void {
  figures.games.forEach((g, i) => {
    const closure = games[i]!.closure;
    if (g.specialShareCents !== null && closure && closure.specialShareCents !== g.specialShareCents) {
      fail('games.jsonl', `jogada ${g.number}: specialShareCents é ${closure.specialShareCents}, as linhas dão ${g.specialShareCents}`, i + 1);
    }
  });
  const specialBalls = f.json<{ specialBalls?: number | null }>('acta.json').specialBalls ?? null;
  prizes.forEach((p, i) => {
    if (p.kind !== 'special' || p.sessionId !== sessionId) return;
    const bingo = prizes.some((b) => b.kind === 'bingo' && b.sessionId === p.sessionId && b.gameNumber === p.gameNumber && b.seriesCode === p.seriesCode && b.card === p.card && b.ballCount === p.ballCount);
    if (!bingo || specialBalls === null || p.ballCount > specialBalls) {
      fail('prizes.jsonl', `prémio ${p.winnerId}: prémio especial sem um bingo do mesmo cartão em ${specialBalls ?? '?'} bolas ou menos (bingo em ${p.ballCount})`, i + 1);
    }
  });
}

/** The guias by status, recomputed from their rows, against the hall's own figures. */
function checkGuiaTotals(f: ExportFiles, guias: readonly GuiaLine[]): GuiasByStatus {
  const byStatus = guiasByStatus(guias);
  const stated = f.json<{ guias: GuiasByStatus }>('summary.json', SUMMARY_SCHEMA).guias;
  for (const status of ['unpaid', 'paid', 'void'] as const) {
    for (const field of Object.keys(byStatus[status]) as (keyof GuiasByStatus['paid'])[]) {
      if (stated[status]?.[field] !== byStatus[status][field]) {
        fail('summary.json', `guias ${GUIA_STATUS_PLURAL[status]}: ${field} é ${String(stated[status]?.[field])}, guias.jsonl dá ${byStatus[status][field]}`);
      }
    }
  }
  return byStatus;
}

const PRIZE_KIND = { line: 'linha', bingo: 'bingo', special: 'prémio especial' } as const;

/** A game's prizes in the check's words: awarded and paid, the special prize named, what was left owed. */
type StockFile = {
  series: { code: string; edition: { authorisationRef: string; authorisationDate: string; emission: string } | null; moves: { kind: string; from: number; to: number; at: string }[] }[];
};
const STOCK_KINDS = ['received', 'issued', 'returned', 'destroyed'];

/** How many cards a list of ranges covers, each card once. */
function cardsIn(ranges: readonly { from: number; to: number }[]): number {
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  let count = 0;
  let upTo = 0;
  for (const r of sorted) {
    const from = Math.max(r.from, upTo + 1);
    if (r.to >= from) count += r.to - from + 1;
    upTo = Math.max(upTo, r.to);
  }
  return count;
}

/**
 * Each card sold in the session, of a series whose stock the hall follows, among the cards received before its sale
 * and not destroyed before it (DN 80/85, art. 3.º, n.º 1: only the edition's cards are sold); every series sold is
 * in the file once, its moves well formed and in time order.
 */
function checkStock(f: ExportFiles, sales: readonly SaleLine[]): SeriesStock[] {
  const file = f.json<StockFile>(STOCK_FILE, STOCK_SCHEMA);
  const byCode = new Map<string, StockFile['series'][number]>();
  file.series.forEach((x) => {
    if (byCode.has(x.code)) fail(STOCK_FILE, `série ${shownName(x.code)}: repetida`);
    byCode.set(x.code, x);
    let before = '';
    x.moves.forEach((m, j) => {
      const what = `série ${shownName(x.code)}, movimento ${j + 1}`;
      if (!STOCK_KINDS.includes(m.kind)) fail(STOCK_FILE, `${what}: tipo desconhecido ${shownName(m.kind)}`);
      if (m.from < 1 || m.to < m.from) fail(STOCK_FILE, `${what}: cartões de ${m.from} a ${m.to}`);
      if (m.at < before) fail(STOCK_FILE, `${what}: fora da ordem do tempo`);
      before = m.at;
    });
  });
  const sold = new Map<string, { from: number; to: number }[]>();
  sales.forEach((sale, i) => {
    for (const r of sale.ranges as { seriesCode: string; from: number; to: number }[]) {
      const x = byCode.get(r.seriesCode) ?? fail(STOCK_FILE, `série ${shownName(r.seriesCode)}: vendida na venda ${sale.saleId} e ausente deste ficheiro`);
      const list = sold.get(x.code);
      if (list) list.push(r);
      else sold.set(x.code, [r]);
      const followed = x.edition !== null || x.moves.some((m) => m.kind === 'received');
      if (!followed) continue;
      const movesBefore = x.moves.filter((m) => m.at <= sale.at);
      for (let card = r.from; card <= r.to; card++) {
        const received = movesBefore.some((m) => m.kind === 'received' && m.from <= card && card <= m.to);
        const destroyed = movesBefore.some((m) => m.kind === 'destroyed' && m.from <= card && card <= m.to);
        if (!received || destroyed) {
          fail('sales.jsonl', `venda ${sale.saleId}: o cartão ${card} da série ${shownName(x.code)} ${destroyed ? 'foi destruído antes da venda' : 'não tinha sido recebido'} (${STOCK_FILE}; Despacho Normativo n.º 80/85, art. 3.º)`, i + 1);
        }
      }
    }
  });
  return file.series.map((x) => ({
    code: x.code,
    emission: x.edition?.emission ?? null,
    authorisation: x.edition ? `${x.edition.authorisationRef} de ${x.edition.authorisationDate}` : null,
    received: cardsIn(x.moves.filter((m) => m.kind === 'received')),
    destroyed: cardsIn(x.moves.filter((m) => m.kind === 'destroyed')),
    sold: cardsIn(sold.get(x.code) ?? []),
    followed: x.edition !== null || x.moves.some((m) => m.kind === 'received'),
  }));
}

/** The stock's lines of the report. */
function stockLines(stock: readonly SeriesStock[] | null): string[] {
  if (stock === null) return ['A exportação não traz as existências de cartões (feita antes de as trazer): os cartões vendidos não foram conferidos com as caixas recebidas.'];
  return stock.map((x) =>
    x.followed
      ? `Série ${x.code}${x.emission ? ` (emissão ${x.emission}${x.authorisation ? `, autorização ${x.authorisation}` : ''})` : ''}: ${x.received} cartões recebidos, ${x.destroyed} destruídos; os ${x.sold} cartões vendidos estavam recebidos e nenhum destruído (Despacho Normativo n.º 80/85, art. 3.º).`
      : `Série ${x.code}: a sala não regista as suas existências; ${x.sold} cartões vendidos.`,
  );
}

function prizesOf(x: ActaFigures['games'][number]): string {
  const awarded = x.lineAwardedCents + x.bingoAwardedCents + x.specialAwardedCents;
  const paid = x.linePaidCents + x.bingoPaidCents + x.specialPaidCents;
  const special = x.specialAwardedCents > 0 ? ` (prémio especial ${formatCents(x.specialAwardedCents)})` : '';
  return `prémios atribuídos ${formatCents(awarded)}${special}, pagos ${formatCents(paid)}${awarded > paid ? `, por pagar ${formatCents(awarded - paid)}` : ''}`;
}

/** What a passed check found, as the inspector reads it (the command line prints it; the HTML page shows the same). */
export function checkReport(r: ExportSummary): string[] {
  const euro = (c: number) => formatCents(c);
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const d = r.documents;
  const g = r.guias;
  return [
    `${r.hallName}${r.licence ? ` (licença ${r.licence})` : ''}, sessão n.º ${r.sessionId}: íntegra.`,
    `${r.entries} entradas do registo provadas no ponto de verificação de ${r.checkpointSize} entradas assinado pela chave ${r.keyId}${
      r.givenLaterKeyId
        ? `, que passou por rotação para a chave ${r.givenLaterKeyId} indicada: só as notas de rotação, assinadas pelas chaves antigas, ligam uma à outra (indique a chave impressa na acta desta sessão com --key para a confirmar)`
        : r.keyGiven
          ? ' indicada'
          : ' da própria exportação (indique a chave impressa na acta ou no Z com --key para saber de quem é)'
    }.`,
    ...(r.rotations.length > 0
      ? [`A chave da sala mudou por rotação desde o encerramento: ${[r.keyId, ...r.rotations].join(' → ')}, cada rotação assinada pela chave anterior; o manifesto está assinado pela chave ${r.rotations.at(-1)}.`]
      : []),
    ...(r.witnesses.length > 0
      ? r.witnesses.map((w) => `Cossinado pela testemunha do grupo ${w.name} (chave ${w.keyId}${r.witnessGiven ? ' indicada' : ''}) em ${w.at}: o grupo tem a mesma história.`)
      : ['Ainda sem a cossinatura do grupo (a testemunha assina depois de receber o diário da sala).']),
    r.extendsPrevious ? 'O registo desta sessão continua o da sessão anterior, sem nada reescrito (prova de consistência).' : 'Primeira sessão assinada: não há ponto de verificação anterior a continuar.',
    `Documentos apoiados nas suas entradas: ${n(d.sales ?? 0, 'venda', 'vendas')}, ${n(d.voids ?? 0, 'anulação', 'anulações')}, ${n(d.prizes ?? 0, 'prémio', 'prémios')}, ${n(d.refunds ?? 0, 'reembolso', 'reembolsos')}, ${n(d.guias ?? 0, 'guia', 'guias')}, ${n(d.drawers ?? 0, 'gaveta', 'gavetas')}; nenhuma entrada sem o seu documento.`,
    'Valores da acta recalculados a partir das linhas (Despacho Normativo n.º 80/85, art. 15.º e 17.º):',
    ...r.figures.games.map(
      (x) =>
        `  jogada ${x.number}: ${n(x.cardsSold, 'cartão', 'cartões')}, ${euro(x.totalCents)}; linha ${euro(x.linePrizeCents)}, bingo ${euro(x.bingoPrizeCents)}; imposto do selo ${euro(x.stampDutyCents)}; ${prizesOf(x)}${x.refundedCents > 0 ? `; reembolsado ${euro(x.refundedCents)}` : ''}`,
    ),
    ...r.figures.prizesOwed.map((p) => `  por pagar no encerramento: ${PRIZE_KIND[p.kind]} da jogada ${p.gameNumber}, série ${p.seriesCode} cartão ${p.card}, ${euro(p.prizeCents)}.`),
    ...r.figures.earlierPrizesPaid.map(
      (p) => `  pago nesta sessão: ${PRIZE_KIND[p.kind]} da sessão n.º ${p.sessionId}, jogada ${p.gameNumber}, série ${p.seriesCode} cartão ${p.card}, ${euro(p.prizeCents)}.`,
    ),
    `  total: ${n(r.figures.totals.cardsSold, 'cartão', 'cartões')}, ${euro(r.figures.totals.totalCents)}; prémios atribuídos ${euro(r.figures.totals.prizesAwardedCents)}, pagos ${euro(r.figures.totals.prizesPaidCents)}, por pagar ${euro(r.figures.totals.prizesOwedCents)}${r.figures.totals.earlierPrizesPaidCents > 0 ? `; prémios de sessões anteriores pagos ${euro(r.figures.totals.earlierPrizesPaidCents)}` : ''}; imposto do selo ${euro(r.figures.totals.stampDutyCents)}; reembolsos ${euro(r.figures.totals.refundedCents)}.`,
    `Guias: ${n(g.paid.count, 'paga', 'pagas')} (${euro(g.paid.amountCents)}: ${euro(g.paid.cashCents)} em numerário, ${euro(g.paid.chequeCents)} em cheque), ${g.unpaid.count} por pagar (${euro(g.unpaid.amountCents)}), ${n(g.void.count, 'anulada', 'anuladas')} (${euro(g.void.amountCents)}).`,
    ...stockLines(r.stock),
    r.software ? `Exportação feita pelo programa ${r.software} (nome e versão no manifesto assinado).` : 'O manifesto não diz que programa fez a exportação (feita antes de o dizer).',
  ];
}
