import { createHash, generateKeyPairSync, sign, verify, createPublicKey, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkpointBody,
  cosignature,
  cosignedMessage,
  noteCosignedBy,
  parseWitnessKey,
  witnessVerifierKey,
  keyIdHex,
  keyIdOf,
  noteSignedBy,
  parseCheckpoint,
  parseSignedNote,
  parseVerifierKey,
  signedNote,
  verifierKey,
  type Checkpoint,
} from './checkpoint.js';
import type { Sha256 } from './merkle.js';

const sha256: Sha256 = (data) => new Uint8Array(createHash('sha256').update(data).digest());

function ed25519() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(12));
  return { publicKey: raw, privateKey };
}
const signWith = (k: KeyObject, body: string) => new Uint8Array(sign(null, Buffer.from(body), k));
const rawToKey = (raw: Uint8Array) => createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]), format: 'der', type: 'spki' });
const ed25519Verify = (pub: Uint8Array, msg: Uint8Array, sig: Uint8Array) => verify(null, msg, rawToKey(pub), sig);

const root = sha256(new TextEncoder().encode('root'));
const checkpoint: Checkpoint = { origin: 'bingo-kiosk/0b7a5c1e-1111-4222-8333-444455556666', size: 1234, rootHash: root, extensions: ['session 7'] };

describe('the checkpoint body (C2SP tlog-checkpoint)', () => {
  it('is origin, size, base64 root and extensions, each on its line, and reads back the same', () => {
    const body = checkpointBody(checkpoint);
    expect(body).toBe(`bingo-kiosk/0b7a5c1e-1111-4222-8333-444455556666\n1234\n${Buffer.from(root).toString('base64')}\nsession 7\n`);
    expect(parseCheckpoint(body)).toEqual(checkpoint);
  });

  it('refuses what is not one', () => {
    expect(parseCheckpoint('origin\n12\n')).toBeNull();
    expect(parseCheckpoint(`origin\n012\n${Buffer.from(root).toString('base64')}\n`)).toBeNull();
    expect(parseCheckpoint(`origin\n12\n${Buffer.from(root.slice(1)).toString('base64')}\n`)).toBeNull();
    expect(parseCheckpoint(`origin\n12\n${Buffer.from(root).toString('base64')}`)).toBeNull();
    expect(() => checkpointBody({ ...checkpoint, origin: 'a\nb' })).toThrow(RangeError);
    expect(() => checkpointBody({ ...checkpoint, size: -1 })).toThrow(RangeError);
  });
});

describe('keys and signed notes (C2SP signed-note, Ed25519)', () => {
  it('a verifier key carries its name, key id and public key, and a changed byte is no key', () => {
    const k = ed25519();
    const text = verifierKey(sha256, 'sala-001', k.publicKey);
    expect(text).toMatch(/^sala-001\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    const parsed = parseVerifierKey(sha256, text)!;
    expect(parsed.name).toBe('sala-001');
    expect(keyIdHex(parsed.keyId)).toBe(text.split('+')[1]);
    expect(Array.from(parsed.publicKey)).toEqual(Array.from(k.publicKey));
    expect(parseVerifierKey(sha256, text.replace('sala-001', 'sala-002'))).toBeNull();
    expect(() => verifierKey(sha256, 'sala 1', k.publicKey)).toThrow(RangeError);
  });

  it('the key id is the first four bytes of SHA-256(name, newline, 0x01, key)', () => {
    const pub = new Uint8Array(32).fill(7);
    const d = sha256(new Uint8Array([...new TextEncoder().encode('x'), 0x0a, 0x01, ...pub]));
    expect(keyIdHex(keyIdOf(sha256, 'x', pub))).toBe(Buffer.from(d.slice(0, 4)).toString('hex'));
  });

  it('a note signed by the hall and a witness verifies for each, and for no other key or body', () => {
    const hall = ed25519();
    const group = ed25519();
    const other = ed25519();
    const body = checkpointBody(checkpoint);
    const hallKey = { name: 'sala-001', keyId: keyIdOf(sha256, 'sala-001', hall.publicKey), publicKey: hall.publicKey };
    const groupKey = { name: 'grupo', keyId: keyIdOf(sha256, 'grupo', group.publicKey), publicKey: group.publicKey };
    const note = signedNote(body, [
      { name: hallKey.name, keyId: hallKey.keyId, signature: signWith(hall.privateKey, body) },
      { name: groupKey.name, keyId: groupKey.keyId, signature: signWith(group.privateKey, body) },
    ]);
    expect(note.startsWith(`${body}\n\u2014 sala-001 `)).toBe(true);
    const parsed = parseSignedNote(note)!;
    expect(parsed.body).toBe(body);
    expect(parsed.signatures.map((s) => s.name)).toEqual(['sala-001', 'grupo']);
    expect(noteSignedBy(parsed, hallKey, ed25519Verify)).toBe(true);
    expect(noteSignedBy(parsed, groupKey, ed25519Verify)).toBe(true);
    expect(noteSignedBy(parsed, { ...hallKey, publicKey: other.publicKey }, ed25519Verify)).toBe(false);
    const changed = parseSignedNote(note.replace('\n1234\n', '\n1235\n'))!;
    expect(noteSignedBy(changed, hallKey, ed25519Verify)).toBe(false);
  });

  it('refuses a note that is not well formed', () => {
    expect(parseSignedNote('body\n')).toBeNull();
    expect(parseSignedNote('body\n\n- sala AAAA\n')).toBeNull();
    expect(parseSignedNote('body\n\n\u2014 sala !!!!\n')).toBeNull();
    expect(() => signedNote('body', [])).toThrow(RangeError);
  });
});

describe('a witness cosignature (C2SP tlog-cosignature, cosignature/v1)', () => {
  it("adds the group's timestamped signature line beside the hall's; each checks with its own key, and a changed time or body fails", () => {
    const hall = ed25519();
    const witness = ed25519();
    const body = checkpointBody(checkpoint);
    const hallName = checkpoint.origin;
    const hallSig = { name: hallName, keyId: keyIdOf(sha256, hallName, hall.publicKey), signature: signWith(hall.privateKey, body) };
    const witnessKey = parseWitnessKey(sha256, witnessVerifierKey(sha256, 'grupo-exemplo', witness.publicKey))!;
    // A witness key id is its own: type 0x04, not the 0x01 of a signer's key.
    expect(witnessKey.keyId).toBe(keyIdOf(sha256, 'grupo-exemplo', witness.publicKey, 0x04));
    expect(witnessKey.keyId).not.toBe(keyIdOf(sha256, 'grupo-exemplo', witness.publicKey));
    expect(parseVerifierKey(sha256, witnessVerifierKey(sha256, 'grupo-exemplo', witness.publicKey))).toBeNull();
    const time = 1_796_000_000;
    expect(new TextDecoder().decode(cosignedMessage(body, time))).toBe(`cosignature/v1\ntime ${time}\n${body}`);
    const line = cosignature('grupo-exemplo', witnessKey.keyId, time, new Uint8Array(sign(null, cosignedMessage(body, time), witness.privateKey)));
    const note = parseSignedNote(signedNote(body, [hallSig, line]))!;
    expect(noteSignedBy(note, { name: hallName, keyId: hallSig.keyId, publicKey: hall.publicKey }, ed25519Verify)).toBe(true);
    expect(noteCosignedBy(note, witnessKey, ed25519Verify)).toBe(time);
    // The line's time moved by a second: the signature no longer holds.
    const moved = { ...note, signatures: note.signatures.map((s) => (s.name === 'grupo-exemplo' ? { ...s, signature: Uint8Array.of(...s.signature.slice(0, 7), s.signature[7]! + 1, ...s.signature.slice(8)) } : s)) };
    expect(noteCosignedBy(moved, witnessKey, ed25519Verify)).toBeNull();
    // Another body (a different size) under the same lines.
    expect(noteCosignedBy({ ...note, body: checkpointBody({ ...checkpoint, size: 1235 }) }, witnessKey, ed25519Verify)).toBeNull();
    // The hall's own key is no witness: its plain signature is not a cosignature.
    expect(noteCosignedBy(note, { name: hallName, keyId: hallSig.keyId, publicKey: hall.publicKey }, ed25519Verify)).toBeNull();
  });
});
