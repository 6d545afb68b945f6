/**
 * The group as a witness (issue 26): for each hall, each checkpoint it signed
 * and shipped is checked against the journal the group holds of it (the
 * checkpoint names this hall's log, is signed by a key the hall's journal
 * recorded, and its root is the RFC 6962 root of the entries the group holds
 * up to its size, grown from the last checkpoint witnessed), then cosigned
 * with the group's key (C2SP tlog-cosignature). One that does not hold is
 * refused, with why, and never cosigned: a hall cannot then show the group
 * one history and an inspector another under the same signed root.
 *
 * Every leaf is recomputed from the entries' payloads (issue 37), never taken
 * from the stored hash column: a copy edited in PostgreSQL is found at its
 * entry and named as the group's fault (nothing cosigned, nothing refused:
 * the checkpoint waits for the copy to be put right), told apart from a hall
 * whose signed root is not the one of a journal that recomputes whole.
 */
import { sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
import { groupHalls, groupPrevHashAt, journalSeqs, type GroupHall } from '../../db/group/journal.js';
import { GENESIS } from '../../db/group/schema.js';
import { checkpointsToWitness, insertCosignature, journalHallKeys, saveWitnessFrontier, witnessFrontier, type ShippedCheckpoint } from '../../db/group/witness.js';
import { ALTERED_WORDS, alteredPart, documentsHold, factsBreak, payloadColumnsHold, payloadHash, type AlteredPart } from './recompute.js';
import { sha256 } from '../../db/transparency.js';
import { ed25519Verify, logOrigin, rawPublicKey, readOrCreateKeyFile } from '../services/shared/signing/hall-key.js';

/**
 * Entries read from PostgreSQL at a time while a frontier grows: whole entries (payloads, documents) to recompute,
 * so a window bounds the memory (measured: 50,000 entries recomputed and grown in 2.5 s, 51 µs each).
 */
const WINDOW = 5_000;

export interface WitnessKey {
  name: string;
  verifierKey: string;
  keyId: number;
  privateKey: KeyObject;
  /**
   * The witness's own memory of what it cosigned, beside its key (issue 43): each hall's frontier as it grew it.
   * The group's database can be lost and a replica promoted that lacks its last entries: the witness then knows it
   * had cosigned further, and never cosigns another history in the place of the one it cosigned.
   */
  memoryFile?: string;
}

/** The group's witness key from `file` (made there, owner-only, when there is none), named `name`; its memory beside it. */
export function witnessKeyFrom(file: string, name: string): WitnessKey {
  const privateKey = readOrCreateKeyFile(file);
  const verifierKey = witnessVerifierKey(sha256, name, rawPublicKey(privateKey));
  return { name, privateKey, verifierKey, keyId: parseWitnessKey(sha256, verifierKey)!.keyId, memoryFile: `${file}.cosigned.json` };
}

/** A hall's frontier as the witness grew it, and the hash of the entry it ends on. */
interface Remembered {
  size: number;
  peaks: string[];
  lastHash: string;
}

function readMemory(file: string | undefined): Record<string, Remembered> {
  if (!file || !existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Remembered>;
}

/** Written beside, then renamed: a witness stopped midway keeps its last whole memory. */
function writeMemory(file: string, memory: Record<string, Remembered>): void {
  writeFileSync(`${file}.next`, JSON.stringify(memory), { mode: 0o600 });
  renameSync(`${file}.next`, file);
}

export interface HallWitness {
  hallId: string;
  name: string;
  cosigned: number[];
  refused: { checkpointId: number; reason: string }[];
  /**
   * The group's own copy of the hall's journal found altered (an entry whose payload does not give its hash...):
   * the checkpoint is neither cosigned nor refused (the hall is not at fault); it waits, with the later ones.
   */
  altered?: { checkpointId: number; seq: number; part: AlteredPart; reason: string };
  /** The group holds fewer of the hall's entries than this witness cosigned (its database lost and a replica promoted): nothing is cosigned until the hall ships them again. */
  behind?: { cosigned: number; held: number };
  /** The group holds, where this witness cosigned, another history whose entries recompute whole: every checkpoint of it refused. */
  rewritten?: { seq: number; reason: string };
}

/** A frontier and the entry hash it ends on, both recomputed from the payloads. */
interface Grown {
  frontier: Frontier;
  lastHash: string;
}

/**
 * The witness's words for an entry that does not hold. Facts that are not the ones their documents give (the
 * digest binding them holds) cannot be told apart: the group's copy altered, facts and digest together, or the
 * hall's shipper sending facts that differ from its own documents. A hall schema the group's contract does not
 * know (the digest binding it holds) is the entry as shipped: a hall newer than the group's program, which must be
 * upgraded, not the group's copy altered. Every other part is the group's copy altered.
 */
export function alteredReason(at: { seq: number; part: AlteredPart; words?: string }): string {
  if (at.part === 'hall_schema') return `a entrada n.º ${at.seq} foi ${at.words ?? ALTERED_WORDS.hall_schema}`;
  const what = `${ALTERED_WORDS[at.part]}${at.words ? `: ${at.words}` : ''}`;
  if (at.part === 'facts') {
    return `os factos da entrada n.º ${at.seq} não batem com os seus documentos (${what}): a testemunha não sabe dizer se a cópia do grupo foi alterada ou se a sala enviou factos diferentes dos seus documentos`;
  }
  return `a cópia do grupo foi alterada (entrada n.º ${at.seq}: ${what})`;
}

/**
 * Every hall's checkpoints not yet witnessed by `key`, checked and cosigned (or refused); what was done, hall by hall.
 * `read`: a streaming replica the entries are read from (issue 43, item 3), the primary left to the shippers; the
 * checkpoints, the frontier and the cosignatures stay on the primary (`pool`). A checkpoint over entries the replica
 * has not replayed yet waits for the next run: never taken for entries missing.
 */
export async function witnessGroup(pool: GroupPool, key: WitnessKey, now: () => Date = () => new Date(), options: { read?: GroupPool } = {}): Promise<HallWitness[]> {
  const out: HallWitness[] = [];
  const memory = readMemory(key.memoryFile);
  const read = options.read ?? pool;
  const replayed = read === pool ? null : new Map((await groupHalls(read)).map((h) => [h.hallId, h]));
  for (const hall of await groupHalls(pool)) {
    const remembered = memory[hall.hallId];
    if (remembered && hall.headSeq < remembered.size) {
      // What this witness cosigned is no longer all in the group: it waits for the hall to ship it again.
      out.push({ hallId: hall.hallId, name: hall.name, cosigned: [], refused: [], behind: { cosigned: remembered.size, held: hall.headSeq } });
      continue;
    }
    // The hall as the entries are read: the replica's head (its last entries may not be replayed yet).
    const source = replayed ? replayed.get(hall.hallId) : hall;
    if (!source) continue;
    const pending = await checkpointsToWitness(pool, hall.hallId, key.verifierKey, Math.min(hall.headSeq, source.headSeq));
    if (pending.length === 0) continue;
    const done: HallWitness = { hallId: hall.hallId, name: hall.name, cosigned: [], refused: [] };
    if (remembered && remembered.size > 0) {
      const rewritten = await rewrittenAt(pool, hall, remembered);
      if (rewritten) {
        // Another history where this witness cosigned one: never cosigned, each of its checkpoints refused for good.
        done.rewritten = rewritten;
        for (const checkpoint of pending) {
          await insertCosignature(pool, hall.hallId, { checkpointId: checkpoint.checkpointId, witnessKey: key.verifierKey, line: null, refusal: rewritten.reason, witnessedAt: now() });
          done.refused.push({ checkpointId: checkpoint.checkpointId, reason: rewritten.reason });
        }
        out.push(done);
        continue;
      }
    }
    const keys = (await journalHallKeys(read, hall.hallId)).map((k) => parseVerifierKey(sha256, k.verifierKey)).filter((k) => k !== null);
    const start: Grown = { frontier: EMPTY_FRONTIER, lastHash: hall.genesis ?? GENESIS };
    // Its own memory first (the group's copy of a frontier may be an older one, restored with its database).
    const kept = remembered ?? (await witnessFrontier(pool, hall.hallId, key.verifierKey));
    let grown: Grown = kept ? { frontier: { size: kept.size, peaks: kept.peaks }, lastHash: kept.lastHash } : start;
    for (const checkpoint of pending) {
      // A checkpoint below the frontier (shipped late): its root is grown again from the first entry.
      const next = await grow(read, source, checkpoint.size < grown.frontier.size ? start : grown, checkpoint.size);
      if ('part' in next) {
        done.altered = {
          checkpointId: checkpoint.checkpointId,
          seq: next.seq,
          part: next.part,
          reason: alteredReason(next),
        };
        break;
      }
      grown = next.frontier.size >= grown.frontier.size ? next : grown;
      const reason = refusalOf(checkpoint, logOrigin(hall.hallId), bytesToHex(frontierRoot(sha256, next.frontier)), keys);
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
    // Only ever a frontier whose every leaf was recomputed (an altered copy leaves it where the last good checkpoint put it).
    if (grown.frontier.size > 0) {
      const f = { ...grown.frontier, lastHash: grown.lastHash };
      await saveWitnessFrontier(pool, hall.hallId, key.verifierKey, f);
      if (key.memoryFile && grown.frontier.size > (remembered?.size ?? 0)) {
        memory[hall.hallId] = { size: f.size, peaks: [...f.peaks], lastHash: f.lastHash };
        writeMemory(key.memoryFile, memory);
      }
    }
    out.push(done);
  }
  return out;
}

/**
 * Whether the group now holds another history where this witness cosigned: the entry its memory ends on, whole
 * (its payload gives its stored hash, and its link holds), but not the one it grew its frontier to. An entry whose
 * payload does not give its hash is the group's copy altered, found as such by the growth; null then.
 */
async function rewrittenAt(pool: GroupPool, hall: GroupHall, remembered: Remembered): Promise<{ seq: number; reason: string } | null> {
  const [r] = await journalSeqs(pool, hall.hallId, remembered.size, remembered.size);
  if (!r || r.seq !== remembered.size || r.hash === remembered.lastHash || payloadHash(r.prevHash, r) !== r.hash) return null;
  return {
    seq: remembered.size,
    reason: `a história que o grupo tem desta sala não é a que esta testemunha cossinou até à entrada n.º ${remembered.size}: recuou e foi escrita outra no seu lugar`,
  };
}

/**
 * The frontier grown to `size` from the entries' payloads: each hash recomputed from the one before (the
 * frontier's last, as recomputed then), checked against the stored hash, prev_hash, columns and documents. The
 * first entry that does not hold is named with the part altered.
 */
async function grow(pool: GroupPool, hall: GroupHall, from: Grown, size: number): Promise<Grown | { seq: number; part: AlteredPart; words?: string }> {
  let { frontier, lastHash } = from;
  while (frontier.size < size) {
    const first = frontier.size + 1;
    const last = Math.min(size, frontier.size + WINDOW);
    const rows = await journalSeqs(pool, hall.hallId, first, last);
    const leaves: Uint8Array[] = [];
    for (const [i, r] of rows.entries()) {
      const seq = first + i;
      // Contiguous from the frontier on: else the root would be another tree's.
      if (r.seq !== seq) return r.seq < seq ? { seq: r.seq, part: 'duplicate' } : { seq, part: 'missing' };
      const recomputed = payloadHash(lastHash, r);
      if (recomputed !== r.hash) {
        // The payload, or the stored hash? The chain's other copy of it (the next entry's prev_hash, or the head) tells.
        const nextPrev = (await groupPrevHashAt(pool, hall.hallId, seq + 1)) ?? (seq === hall.headSeq ? hall.headHash : undefined);
        return { seq, part: r.prevHash === lastHash ? alteredPart(recomputed, r.hash, nextPrev) : 'link' };
      }
      if (r.prevHash !== lastHash) return { seq, part: 'link' };
      if (!payloadColumnsHold(r)) return { seq, part: 'payload' };
      if (!documentsHold(r, recomputed, hall.documentsFrom !== null && seq >= hall.documentsFrom)) return { seq, part: 'documents' };
      // The facts, derived again from the entry's documents (by the hall schema it shipped from) and compared.
      const facts = factsBreak(r, hall.factsFrom !== null && seq >= hall.factsFrom);
      if (facts) return { seq, part: facts.part, words: facts.words };
      leaves.push(leafHash(sha256, hexToBytes(recomputed)));
      lastHash = recomputed;
    }
    // A window short of its end (its last entries deleted).
    if (first + leaves.length <= last) return { seq: first + leaves.length, part: 'missing' };
    frontier = extendFrontier(sha256, frontier, leaves);
  }
  return { frontier, lastHash };
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
