/**
 * The inspector's check of an export (issue 26), with no database and no
 * running kiosk: the checkpoint's signature by the hall's key (the one given,
 * or the one in the export), every audit entry's hash recomputed from its
 * fields and proved in the signed tree (RFC 6962 inclusion), the previous
 * session's checkpoint extended by this one (consistency), and every sale
 * backed by the audit entry that wrote it. The first thing that fails is
 * named, with its file and line.
 */
import { verify as ed25519Verify } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { noteSignedBy, parseCheckpoint, parseSignedNote, parseVerifierKey, type Checkpoint } from '../../core/transparency/checkpoint.js';
import { hexToBytes, verifyConsistency, verifyInclusion } from '../../core/transparency/merkle.js';
import { auditRowHash } from '../../db/audit.js';
import { entryLeaf, sha256 } from '../../db/transparency.js';
import { publicKeyFromRaw } from '../services/shared/hall-key.js';
import { EXPORT_FORMAT } from './export.js';

export interface ExportFailure {
  file: string;
  line?: number;
  what: string;
}

export type ExportCheck =
  | { ok: true; hallName: string; sessionId: number; entries: number; sales: number; keyId: string; checkpointSize: number }
  | { ok: false; failure: ExportFailure };

class Failed extends Error {
  constructor(readonly failure: ExportFailure) {
    super(failure.what);
  }
}
const fail = (file: string, what: string, line?: number): never => {
  throw new Failed({ file, what, ...(line !== undefined ? { line } : {}) });
};

const ed25519 = (pub: Uint8Array, message: Uint8Array, signature: Uint8Array) => ed25519Verify(null, message, publicKeyFromRaw(pub), signature);

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

/** `key`: a verifier key the inspector trusts (from the acta, the Z, the hall's settings screen); without it, the export's own. */
export function verifyExport(zip: Uint8Array, o: { key?: string } = {}): ExportCheck {
  try {
    return check(zip, o);
  } catch (e) {
    if (e instanceof Failed) return { ok: false, failure: e.failure };
    throw e;
  }
}

function check(zip: Uint8Array, o: { key?: string }): ExportCheck {
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
  const manifest = json<{ format: string; hallName: string; sessionId: number; entries: { from: number; to: number } }>('manifest.json');
  if (manifest.format !== EXPORT_FORMAT) fail('manifest.json', `format ${String(manifest.format)}, not ${EXPORT_FORMAT}`);

  // The key: the inspector's, else the export's own (then only the export's consistency is shown, not whose it is).
  const keyText = o.key ?? text('key.txt').trim();
  const key = parseVerifierKey(sha256, keyText);
  if (!key) return fail(o.key ? '--key' : 'key.txt', 'not a verifier key (name+keyid+base64)');
  const note = parseSignedNote(text('checkpoint.txt'));
  if (!note) return fail('checkpoint.txt', 'not a signed note');
  if (!noteSignedBy(note, key, ed25519)) fail('checkpoint.txt', `not signed by key ${key.name}+${key.keyId.toString(16).padStart(8, '0')}`);
  const checkpoint = parseCheckpoint(note.body) ?? fail('checkpoint.txt', 'not a checkpoint');
  if (checkpoint.origin !== key.name) fail('checkpoint.txt', `origin ${checkpoint.origin} is not the key's log ${key.name}`);

  const proofs = json<{ size: number; inclusion: Record<string, string[]>; consistency: { from: number; to: number; proof: string[] } | null }>('proofs.json');
  if (proofs.size !== checkpoint.size) fail('proofs.json', `proofs for a tree of ${proofs.size}, the checkpoint signs ${checkpoint.size}`);

  // Every entry: its hash is its fields', it links to the one before, and the signed tree holds it where it says.
  const audit = lines(text('audit.jsonl'));
  const entries = new Map<number, { channel: string; outcome: string; after: string | null }>();
  let expected = manifest.entries.from;
  let prev: string | null = null;
  for (const [i, line] of audit.entries()) {
    const n = i + 1;
    const e = parseLine<{ seq: number; at: string; operatorId: number | null; terminalId: string; channel: string; outcome: string; input: string; before: string | null; after: string | null; prevHash: string; hash: string }>(
      'audit.jsonl',
      line,
      n,
    );
    if (e.seq !== expected) fail('audit.jsonl', `entry ${e.seq} where entry ${expected} should be (an entry missing or added)`, n);
    const fields = { id: e.seq, at: e.at, operator_id: e.operatorId, terminal_id: e.terminalId, channel: e.channel, outcome: e.outcome, input: e.input, before: e.before, after: e.after };
    if (auditRowHash(e.prevHash, fields) !== e.hash) fail('audit.jsonl', `entry ${e.seq}: its hash is not its fields' (changed)`, n);
    if (prev !== null && e.prevHash !== prev) fail('audit.jsonl', `entry ${e.seq}: does not link to the entry before`, n);
    const proof = proofs.inclusion[String(e.seq)] ?? fail('proofs.json', `no inclusion proof for entry ${e.seq}`);
    if (!verifyInclusion(sha256, entryLeaf(e.hash), e.seq - 1, checkpoint.size, proof.map(hexToBytes), checkpoint.rootHash)) {
      fail('audit.jsonl', `entry ${e.seq}: not in the history the hall signed (its inclusion proof fails)`, n);
    }
    entries.set(e.seq, { channel: e.channel, outcome: e.outcome, after: e.after });
    prev = e.hash;
    expected = e.seq + 1;
  }
  if (expected - 1 !== manifest.entries.to || manifest.entries.to !== checkpoint.size) {
    fail('audit.jsonl', `ends at entry ${expected - 1}; the checkpoint signs ${checkpoint.size} entries`);
  }

  // The previous session's checkpoint, extended by this one (signed by one of the hall's keys).
  if (files['previous-checkpoint.txt']) {
    const before = parseSignedNote(text('previous-checkpoint.txt')) ?? fail('previous-checkpoint.txt', 'not a signed note');
    const keys = json<{ verifierKey: string }[]>('keys.json').map((k) => parseVerifierKey(sha256, k.verifierKey)).filter((k) => k !== null);
    if (!keys.some((k) => noteSignedBy(before, k, ed25519)) && !noteSignedBy(before, key, ed25519)) fail('previous-checkpoint.txt', "not signed by any of the hall's keys");
    const old: Checkpoint = parseCheckpoint(before.body) ?? fail('previous-checkpoint.txt', 'not a checkpoint');
    const c = proofs.consistency ?? fail('proofs.json', 'no consistency proof from the previous checkpoint');
    if (c.from !== old.size || c.to !== checkpoint.size) fail('proofs.json', `a consistency proof from ${c.from} to ${c.to}, not from ${old.size} to ${checkpoint.size}`);
    if (!verifyConsistency(sha256, old.size, checkpoint.size, old.rootHash, checkpoint.rootHash, c.proof.map(hexToBytes))) {
      fail('previous-checkpoint.txt', `this session's history does not extend the previous session's (${old.size} entries): rewritten in between`);
    }
  }

  // Every sale backed by the audit entry that wrote it, with the same figures.
  const sales = lines(text('sales.jsonl'));
  for (const [i, line] of sales.entries()) {
    const n = i + 1;
    const s = parseLine<{ saleId: number; quantity: number; totalCents: number; ranges: unknown; auditSeq: number | null }>('sales.jsonl', line, n);
    const e = s.auditSeq === null ? undefined : entries.get(s.auditSeq);
    if (!e || e.outcome !== 'ok') return fail('sales.jsonl', `sale ${s.saleId}: no audit entry wrote it in this session's entries`, n);
    const answer = (e.after ? JSON.parse(e.after) : null) as { saleId?: number; quantity?: number; totalCents?: number; ranges?: unknown } | null;
    if (answer?.saleId !== s.saleId) fail('sales.jsonl', `sale ${s.saleId}: entry ${s.auditSeq} wrote sale ${String(answer?.saleId)}`, n);
    for (const field of ['quantity', 'totalCents', 'ranges'] as const) {
      if (JSON.stringify(answer?.[field]) !== JSON.stringify(s[field])) fail('sales.jsonl', `sale ${s.saleId}: ${field} differs from its audit entry ${s.auditSeq}`, n);
    }
  }
  return { ok: true, hallName: manifest.hallName, sessionId: manifest.sessionId, entries: audit.length, sales: sales.length, keyId: key.keyId.toString(16).padStart(8, '0'), checkpointSize: checkpoint.size };
}
