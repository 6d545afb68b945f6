/**
 * The hall's signing key (the inspector's export): an Ed25519 key pair made
 * at the first start, its private half in the data folder's hall-signing.key
 * (PKCS#8 PEM, owner-only), never in the database nor in its backups; its
 * public half recorded in hall_keys and printed on the Z and the acta. A
 * rotation writes the next key beside it first (hall-signing.key.next) and
 * puts it in place once its record has committed: a crash in between leaves
 * the key the database names.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject, verify } from 'node:crypto';
import { join } from 'node:path';
import { keyIdHex, keyIdOf, verifierKey, type Signer } from '../../../../core/transparency/checkpoint.js';
import { sha256 } from '../../../../db/transparency.js';

export const HALL_KEY_FILE = 'hall-signing.key';
const NEXT_SUFFIX = '.next';
/** The DER prefix of an Ed25519 SubjectPublicKeyInfo: the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The key name (and the checkpoints' origin) of a hall's log. */
export const logOrigin = (hallId: string) => `bingo-kiosk/${hallId}`;

export function rawPublicKey(key: KeyObject): Uint8Array {
  const der = createPublicKey(key).export({ format: 'der', type: 'spki' });
  if (der.length !== 44 || !der.subarray(0, 12).equals(ED25519_SPKI_PREFIX)) throw new Error('not an Ed25519 key');
  return new Uint8Array(der.subarray(12));
}

export function publicKeyFromRaw(raw: Uint8Array): KeyObject {
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** An Ed25519 signature checked with node:crypto (a raw 32-byte public key): the signed notes' `verify`. */
export const ed25519Verify = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean =>
  verify(null, message, publicKeyFromRaw(publicKey), signature);

/** The Signer of an Ed25519 private key under `name` (the hall's: its log's origin). */
function ed25519Signer(name: string, privateKey: KeyObject): Signer {
  const publicKey = rawPublicKey(privateKey);
  return {
    name,
    publicKey,
    keyId: keyIdHex(keyIdOf(sha256, name, publicKey)),
    verifierKey: verifierKey(sha256, name, publicKey),
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}

function writeKey(file: string, key: KeyObject): void {
  writeFileSync(file, key.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  // The mode given is masked by the umask: owner-only whatever it was.
  if (process.platform !== 'win32') chmodSync(file, 0o600);
}

function readKey(file: string): KeyObject {
  const key = createPrivateKey(readFileSync(file, 'utf8'));
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${file}: not an Ed25519 private key`);
  if (process.platform !== 'win32') chmodSync(file, 0o600);
  return key;
}

/**
 * The hall's key from the data folder, made there if it has none. A next key
 * left by a rotation is put in place when the database already names it
 * (`recorded`), and dropped when the rotation did not commit. A key the
 * database names as retired (a rotation's old key put back) never signs
 * again: it is set aside and a new key made.
 */
export function readOrCreateHallKey(
  dataDir: string,
  name: string,
  o: { recorded: (verifierKey: string) => boolean; retired: (verifierKey: string) => boolean },
): { signer: Signer; created: boolean } {
  const file = join(dataDir, HALL_KEY_FILE);
  // Next keys left by rotations that stopped half-way: the one the database names goes in place, the rest are dropped.
  for (const f of readdirSync(dataDir).filter((n) => n.startsWith(HALL_KEY_FILE + NEXT_SUFFIX))) {
    const next = join(dataDir, f);
    const candidate = ed25519Signer(name, readKey(next));
    if (o.recorded(candidate.verifierKey)) renameSync(next, file);
    else rmSync(next);
  }
  if (existsSync(file)) {
    const found = ed25519Signer(name, readKey(file));
    if (!o.retired(found.verifierKey)) return { signer: found, created: false };
    renameSync(file, `${file}.retired-${found.keyId}`);
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  writeKey(file, privateKey);
  return { signer: ed25519Signer(name, privateKey), created: true };
}

/** A rotation's first step: the next key written beside the current one, under a name of its own (its record is the caller's, in its transaction). */
export function prepareNextHallKey(dataDir: string, name: string): Signer & { file: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const signer = ed25519Signer(name, privateKey);
  const file = join(dataDir, `${HALL_KEY_FILE}${NEXT_SUFFIX}-${signer.keyId}`);
  rmSync(file, { force: true });
  writeKey(file, privateKey);
  return { ...signer, file };
}

/**
 * The hall's key from a data folder, read only (never made, its mode left as it is): an export's, from the folder
 * beside the hall's file; null when the folder holds none.
 */
export function readHallSigner(dataDir: string, name: string): Signer | null {
  const file = join(dataDir, HALL_KEY_FILE);
  return existsSync(file) ? ed25519Signer(name, createPrivateKey(readFileSync(file, 'utf8'))) : null;
}

/** A rotation's last step, after its record committed: the next key replaces the old one, which is gone. */
export function adoptNextHallKey(dataDir: string, next: { file: string }): void {
  renameSync(next.file, join(dataDir, HALL_KEY_FILE));
}

/** The audit row of a hall key recorded (made at the first start, found anew in the data folder, or rotated). */
export const HALL_KEY_CHANNEL = 'hall.key';

/** An Ed25519 private key from `file` (owner-only), made there when there is none: the group's witness key. */
export function readOrCreateKeyFile(file: string): KeyObject {
  if (existsSync(file)) return readKey(file);
  const { privateKey } = generateKeyPairSync('ed25519');
  writeKey(file, privateKey);
  return privateKey;
}
