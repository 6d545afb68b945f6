/**
 * Signed checkpoints of the audit log, in the formats transparency logs use
 * (C2SP tlog-checkpoint inside a C2SP signed-note): the hall's origin line,
 * the tree's size, its root hash, then one signature line per signer (the
 * hall's Ed25519 key; the group as a witness). Text, so that it prints on
 * the Z and the acta and any inspector's tool reads it. Pure: signing and
 * checking a signature are given (node:crypto in the kiosk).
 */
import type { Sha256 } from './merkle.js';

/** The signature type byte of Ed25519 in signed-note key ids and verifier keys. */
const ED25519 = 0x01;
/** The signature type byte of a witness's timestamped Ed25519 cosignature (C2SP tlog-cosignature, cosignature/v1). */
const COSIGNATURE_V1 = 0x04;
const MAX_SIGNATURES = 100;

export interface Checkpoint {
  /** Names the log: the hall's licence and UUID (`bingo-kiosk/<hall UUID>`), unique to it. */
  origin: string;
  size: number;
  /** The Merkle tree's root (RFC 6962), 32 bytes. */
  rootHash: Uint8Array;
  /** Further lines, each `key value` without a newline (e.g. the session or Z it was made for). */
  extensions: string[];
}

interface NoteSignature {
  name: string;
  /** The first four bytes of the key's hash (keyId), as a number. */
  keyId: number;
  /** The raw signature (Ed25519: 64 bytes). */
  signature: Uint8Array;
}

const b64 = (b: Uint8Array) => {
  let s = '';
  for (const x of b) s += String.fromCharCode(x);
  return btoa(s);
};
function unb64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
const utf8 = (s: string) => new TextEncoder().encode(s);

/**
 * What signs: one Ed25519 key under its name (the hall's key, named for its
 * log). The one signer of the hall's checkpoints, its rotations and its
 * exports' manifests; `sign` is given (node:crypto in main/), so the type is
 * pure. What checks its signatures is its verifier key read back (VerifyingKey).
 */
export interface Signer {
  /** The signed-note key name: the hall's is its log's origin (`bingo-kiosk/<hall UUID>`). */
  name: string;
  /** The key id (keyIdOf) as 8 hex digits, as the hall records and prints it. */
  keyId: string;
  /** The raw Ed25519 public key (32 bytes). */
  publicKey: Uint8Array;
  /** `name+<key id>+<base64 public key>`: what an inspector is given to check its signatures. */
  verifierKey: string;
  sign(message: Uint8Array): Uint8Array;
}

/** A verifier key read back (parseVerifierKey, a hall's or a witness's): the verifying side of a Signer. */
export interface VerifyingKey {
  name: string;
  /** The key id as a number, as a note's signature lines carry it. */
  keyId: number;
  publicKey: Uint8Array;
}

/** A key name of a note: printable, no space and no plus (signed-note). */
export function isKeyName(name: string): boolean {
  return name.length > 0 && /^[\x21-\x7e]+$/.test(name) && !name.includes('+');
}

/** key ID = the first 4 bytes of SHA-256(name || "\n" || type || public key), big-endian (type 0x01: a signer's; 0x04: a witness's). */
export function keyIdOf(h: Sha256, name: string, publicKey: Uint8Array, type: number = ED25519): number {
  const n = utf8(name);
  const data = new Uint8Array(n.length + 2 + publicKey.length);
  data.set(n, 0);
  data[n.length] = 0x0a;
  data[n.length + 1] = type;
  data.set(publicKey, n.length + 2);
  const d = h(data);
  return ((d[0]! << 24) | (d[1]! << 16) | (d[2]! << 8) | d[3]!) >>> 0;
}

export const keyIdHex = (keyId: number) => keyId.toString(16).padStart(8, '0');

/** The verifier key an inspector is given: `name+<key id hex>+<base64(0x01 || public key)>` (0x04 for a witness's). */
export function verifierKey(h: Sha256, name: string, publicKey: Uint8Array, type: number = ED25519): string {
  if (!isKeyName(name)) throw new RangeError(`key name ${JSON.stringify(name)}`);
  if (publicKey.length !== 32) throw new RangeError('an Ed25519 public key has 32 bytes');
  return `${name}+${keyIdHex(keyIdOf(h, name, publicKey, type))}+${b64(Uint8Array.of(type, ...publicKey))}`;
}

/** A witness's verifier key (C2SP tlog-cosignature): its cosignatures carry the time they were made. */
export const witnessVerifierKey = (h: Sha256, name: string, publicKey: Uint8Array) => verifierKey(h, name, publicKey, COSIGNATURE_V1);

/** A witness's verifier key read back; null when it is not one. */
export const parseWitnessKey = (h: Sha256, text: string) => parseVerifierKey(h, text, COSIGNATURE_V1);

/** A verifier key read back, its key id checked against its name and key; null when it is not one. */
export function parseVerifierKey(h: Sha256, text: string, type: number = ED25519): VerifyingKey | null {
  // The key's base64 may hold '+' too: the name ends at the first, the key id is the 8 hex digits after it.
  const m = /^([^+]+)\+([0-9a-f]{8})\+(.+)$/.exec(text.trim());
  if (!m) return null;
  const [, name, idHex, keyB64] = m as unknown as [string, string, string, string];
  if (!isKeyName(name)) return null;
  const raw = unb64(keyB64);
  if (!raw || raw.length !== 33 || raw[0] !== type) return null;
  const publicKey = raw.slice(1);
  const keyId = keyIdOf(h, name, publicKey, type);
  return keyIdHex(keyId) === idHex ? { name, keyId, publicKey } : null;
}

/** The checkpoint's text (the note's body, the bytes each signature covers). */
export function checkpointBody(c: Checkpoint): string {
  if (!c.origin || /[\n]/.test(c.origin)) throw new RangeError('a checkpoint origin is one non-empty line');
  if (!Number.isSafeInteger(c.size) || c.size < 0) throw new RangeError(`size ${c.size}`);
  if (c.rootHash.length !== 32) throw new RangeError('a SHA-256 root has 32 bytes');
  for (const e of c.extensions) if (e.length === 0 || e.includes('\n')) throw new RangeError('an extension is one non-empty line');
  return [c.origin, String(c.size), b64(c.rootHash), ...c.extensions].join('\n') + '\n';
}

export function parseCheckpoint(body: string): Checkpoint | null {
  if (!body.endsWith('\n')) return null;
  const lines = body.slice(0, -1).split('\n');
  if (lines.length < 3) return null;
  const [origin, sizeText, rootText, ...extensions] = lines as [string, string, string, ...string[]];
  if (!origin || !/^(0|[1-9][0-9]*)$/.test(sizeText)) return null;
  const size = Number(sizeText);
  const rootHash = unb64(rootText);
  if (!Number.isSafeInteger(size) || !rootHash || rootHash.length !== 32 || extensions.some((e) => e.length === 0)) return null;
  return { origin, size, rootHash, extensions };
}

/** The signed note: the body, a blank line, then `— name base64(key id || signature)` per signature. */
export function signedNote(body: string, signatures: readonly NoteSignature[]): string {
  if (!body.endsWith('\n')) throw new RangeError('a note body ends in a newline');
  if (signatures.length === 0) throw new RangeError('a note has a signature at least');
  return `${body}\n${signatures.map((s) => `${signatureLine(s)}\n`).join('')}`;
}

/** `body` as a note signed by `signer` alone (a checkpoint, a manifest). */
export const signedBy = (body: string, signer: Signer): string =>
  signedNote(body, [{ name: signer.name, keyId: parseInt(signer.keyId, 16), signature: signer.sign(utf8(body)) }]);

/** One signature line of a note, without its newline: `— name base64(key id || signature)`. */
export function signatureLine(s: NoteSignature): string {
  if (!isKeyName(s.name)) throw new RangeError(`key name ${JSON.stringify(s.name)}`);
  const id = Uint8Array.of(s.keyId >>> 24, (s.keyId >>> 16) & 0xff, (s.keyId >>> 8) & 0xff, s.keyId & 0xff);
  return `\u2014 ${s.name} ${b64(Uint8Array.of(...id, ...s.signature))}`;
}

/** A signed note split into its body and signatures; null when it is not well formed. */
export function parseSignedNote(text: string): { body: string; signatures: NoteSignature[] } | null {
  const split = text.lastIndexOf('\n\n');
  if (split < 0 || !text.endsWith('\n')) return null;
  const body = text.slice(0, split + 1);
  const lines = text.slice(split + 2, -1).split('\n');
  if (lines.length === 0 || lines.length > MAX_SIGNATURES) return null;
  const signatures: NoteSignature[] = [];
  for (const line of lines) {
    const m = /^\u2014 (\S+) (\S+)$/.exec(line);
    if (!m || !isKeyName(m[1]!)) return null;
    const raw = unb64(m[2]!);
    if (!raw || raw.length < 5) return null;
    signatures.push({ name: m[1]!, keyId: ((raw[0]! << 24) | (raw[1]! << 16) | (raw[2]! << 8) | raw[3]!) >>> 0, signature: raw.slice(4) });
  }
  return { body, signatures };
}

/**
 * The signatures of a note by a key: the ones with its name and key id that
 * verify (a note may carry others'); `verify` checks Ed25519 over the body.
 */
export function noteSignedBy(
  note: { body: string; signatures: readonly NoteSignature[] },
  key: VerifyingKey,
  verify: (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean,
): boolean {
  const message = utf8(note.body);
  return note.signatures.some((s) => s.name === key.name && s.keyId === key.keyId && s.signature.length === 64 && verify(key.publicKey, message, s.signature));
}

/** What a witness signs (cosignature/v1): a header with the time, in seconds since 1970, then the checkpoint's body. */
export function cosignedMessage(body: string, time: number): Uint8Array {
  if (!Number.isSafeInteger(time) || time < 0) throw new RangeError(`time ${time}`);
  return utf8(`cosignature/v1\ntime ${time}\n${body}`);
}

/** A witness's signature line: its key id, then the time (8 bytes, big-endian) and the Ed25519 signature. */
export function cosignature(name: string, keyId: number, time: number, signature: Uint8Array): NoteSignature {
  if (signature.length !== 64) throw new RangeError('an Ed25519 signature has 64 bytes');
  const t = new Uint8Array(8);
  new DataView(t.buffer).setBigUint64(0, BigInt(time));
  return { name, keyId, signature: Uint8Array.of(...t, ...signature) };
}

/** The time of the first cosignature of a note by the witness `key` that verifies, or null. */
export function noteCosignedBy(
  note: { body: string; signatures: readonly NoteSignature[] },
  key: VerifyingKey,
  verify: (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean,
): number | null {
  for (const s of note.signatures) {
    if (s.name !== key.name || s.keyId !== key.keyId || s.signature.length !== 72) continue;
    const time = Number(new DataView(s.signature.buffer, s.signature.byteOffset, 8).getBigUint64(0));
    if (Number.isSafeInteger(time) && verify(key.publicKey, cosignedMessage(note.body, time), s.signature.slice(8))) return time;
  }
  return null;
}

/** The time of a witness's cosignature `line` of the signed note `noteText` (the line added to its signatures), or null when it is not one. */
export function cosignatureTime(
  noteText: string,
  key: VerifyingKey,
  line: string,
  verify: (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean,
): number | null {
  if (!/^\u2014 \S+ \S+$/.test(line)) return null;
  const note = parseSignedNote(`${noteText}${line}\n`);
  return note ? noteCosignedBy(note, key, verify) : null;
}
