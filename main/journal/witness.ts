/**
 * The group as a witness (issue 26): for each hall, each checkpoint it signed
 * and shipped is checked against the journal the group holds of it (the
 * checkpoint names this hall's log, is signed by a key the hall's journal
 * recorded, and its root is the RFC 6962 root of the entries the group holds
 * up to its size, grown from the last checkpoint witnessed), then cosigned
 * with the group's key (C2SP tlog-cosignature). One that does not hold is
 * refused, with why, and never cosigned: a hall cannot then show the group
 * one history and an inspector another under the same signed root.
 */
import { sign, type KeyObject } from 'node:crypto';
import {
  cosignature,
  cosignedMessage,
  noteSignedBy,
  parseCheckpoint,
  parseSignedNote,
  parseVerifierKey,
  parseWitnessKey,
  signatureLine,
  witnessVerifierKey,
} from '../../core/transparency/checkpoint.js';
import { bytesToHex, EMPTY_FRONTIER, extendFrontier, frontierRoot, hexToBytes, leafHash, type Frontier } from '../../core/transparency/merkle.js';
import type { GroupPool } from '../../db/group/client.js';
import { groupHalls } from '../../db/group/journal.js';
import { checkpointsToWitness, insertCosignature, journalHallKeys, journalHashesBetween, saveWitnessFrontier, witnessFrontier, type ShippedCheckpoint } from '../../db/group/witness.js';
import { sha256 } from '../../db/transparency.js';
import { ed25519Verify, logOrigin, rawPublicKey, readOrCreateKeyFile } from '../services/shared/hall-key.js';

/** Entries read from PostgreSQL at a time while a frontier grows. */
const WINDOW = 20_000;

export interface WitnessKey {
  name: string;
  verifierKey: string;
  keyId: number;
  privateKey: KeyObject;
}

/** The group's witness key from `file` (made there, owner-only, when there is none), named `name`. */
export function witnessKeyFrom(file: string, name: string): WitnessKey {
  const privateKey = readOrCreateKeyFile(file);
  const verifierKey = witnessVerifierKey(sha256, name, rawPublicKey(privateKey));
  return { name, privateKey, verifierKey, keyId: parseWitnessKey(sha256, verifierKey)!.keyId };
}

export interface HallWitness {
  hallId: string;
  name: string;
  cosigned: number[];
  refused: { checkpointId: number; reason: string }[];
}

/** Every hall's checkpoints not yet witnessed by `key`, checked and cosigned (or refused); what was done, hall by hall. */
export async function witnessGroup(pool: GroupPool, key: WitnessKey, now: () => Date = () => new Date()): Promise<HallWitness[]> {
  const out: HallWitness[] = [];
  for (const hall of await groupHalls(pool)) {
    const pending = await checkpointsToWitness(pool, hall.hallId, key.verifierKey, hall.headSeq);
    if (pending.length === 0) continue;
    const done: HallWitness = { hallId: hall.hallId, name: hall.name, cosigned: [], refused: [] };
    const keys = (await journalHallKeys(pool, hall.hallId)).map((k) => parseVerifierKey(sha256, k.verifierKey)).filter((k) => k !== null);
    let frontier: Frontier = (await witnessFrontier(pool, hall.hallId, key.verifierKey)) ?? EMPTY_FRONTIER;
    for (const checkpoint of pending) {
      // A checkpoint below the frontier (shipped late): its root is grown again from the first entry.
      if (checkpoint.size < frontier.size) frontier = EMPTY_FRONTIER;
      frontier = await grow(pool, hall.hallId, frontier, checkpoint.size);
      const reason = refusalOf(checkpoint, logOrigin(hall.hallId), bytesToHex(frontierRoot(sha256, frontier)), keys);
      const at = now();
      if (reason !== null) {
        await insertCosignature(pool, hall.hallId, { checkpointId: checkpoint.checkpointId, witnessKey: key.verifierKey, line: null, refusal: reason, witnessedAt: at });
        done.refused.push({ checkpointId: checkpoint.checkpointId, reason });
        continue;
      }
      const body = parseSignedNote(checkpoint.note)!.body;
      const time = Math.floor(at.getTime() / 1000);
      const signature = new Uint8Array(sign(null, cosignedMessage(body, time), key.privateKey));
      const line = signatureLine(cosignature(key.name, key.keyId, time, signature));
      await insertCosignature(pool, hall.hallId, { checkpointId: checkpoint.checkpointId, witnessKey: key.verifierKey, line, refusal: null, witnessedAt: at });
      done.cosigned.push(checkpoint.checkpointId);
    }
    await saveWitnessFrontier(pool, hall.hallId, key.verifierKey, frontier);
    out.push(done);
  }
  return out;
}

async function grow(pool: GroupPool, hallId: string, frontier: Frontier, size: number): Promise<Frontier> {
  let f = frontier;
  while (f.size < size) {
    const rows = await journalHashesBetween(pool, hallId, f.size + 1, Math.min(size, f.size + WINDOW));
    // Contiguous from the frontier on (group:verify names any gap): else the root would be another tree's.
    const gap = rows.findIndex((r, i) => r.seq !== f.size + 1 + i);
    if (rows.length === 0 || gap >= 0) throw new Error(`journal of hall ${hallId}: entry ${f.size + 1 + Math.max(gap, 0)} missing`);
    f = extendFrontier(
      sha256,
      f,
      rows.map((r) => leafHash(sha256, hexToBytes(r.hash))),
    );
  }
  return f;
}

/** Why a checkpoint is not cosigned (in the group's words), or null when it holds. */
function refusalOf(c: ShippedCheckpoint, origin: string, root: string, keys: readonly { name: string; keyId: number; publicKey: Uint8Array }[]): string | null {
  const note = parseSignedNote(c.note);
  const parsed = note ? parseCheckpoint(note.body) : null;
  if (!note || !parsed) return 'não é um ponto de verificação assinado';
  if (parsed.origin !== origin) return `o ponto de verificação é do registo ${parsed.origin}, não desta sala`;
  if (parsed.size !== c.size || bytesToHex(parsed.rootHash) !== c.rootHash) return 'a nota assinada não diz o tamanho e a raiz com que foi enviada';
  if (!keys.some((k) => noteSignedBy(note, k, ed25519Verify))) return 'não está assinado por nenhuma chave que o diário da sala registou';
  if (c.rootHash !== root) return `a raiz assinada sobre ${c.size} entradas não é a das entradas que o grupo tem desta sala: a sala mostrou outra história`;
  return null;
}
