/**
 * The hall's key at start: read (or made) from the data folder and recorded
 * in hall_keys with its audit row when the database does not already name
 * it as the key in use. A key found with no record (a data folder restored
 * without its key, a copied database) is recorded as it is, unsigned by the
 * one before: the inspector sees the change of key and that it was not a
 * rotation.
 */
import { storageFailureOf, type WritableDb } from '../../../../db/connection.js';
import { hallIdentity } from '../../../../db/journal.js';
import { currentHallKey, hallKeys, insertHallKey } from '../../../../db/transparency.js';
import type { AppendAudit, AuditedWrite } from '../audit-write.js';
import type { Signer } from '../../../../core/transparency/checkpoint.js';
import { HALL_KEY_CHANNEL, logOrigin, readOrCreateHallKey } from './hall-key.js';

export interface HallKeyring {
  current(): Signer;
  /** After a rotation committed: the next key signs from now on. */
  replace(next: Signer): void;
}

export function recordHallKey(
  audit: AppendAudit,
  db: WritableDb,
  signer: Signer,
  o: { at: string; terminalId: string; operatorId: number | null; rotationNote: string | null; reason: 'first' | 'found' | 'rotation' },
): void {
  const auditSeq = audit({
    at: o.at,
    operatorId: o.operatorId,
    terminalId: o.terminalId,
    channel: HALL_KEY_CHANNEL,
    outcome: 'ok',
    input: { reason: o.reason },
    before: undefined,
    after: { keyId: signer.keyId, verifierKey: signer.verifierKey, rotationNote: o.rotationNote },
  });
  insertHallKey(db, { name: signer.name, keyId: signer.keyId, verifierKey: signer.verifierKey, at: o.at, auditSeq, rotationNote: o.rotationNote });
}

/** The hall's key for a kiosk opening `db` in `dataDir`; recorded now if the database does not name it as the one in use. */
export function openHallKeyring(audited: AuditedWrite, db: WritableDb, dataDir: string, o: { at: string; terminalId: string }): HallKeyring {
  const name = logOrigin(hallIdentity(db).hallId);
  const known = new Set(hallKeys(db).map((k) => k.verifierKey));
  const current = currentHallKey(db)?.verifierKey;
  let { signer } = readOrCreateHallKey(dataDir, name, { recorded: (k) => known.has(k), retired: (k) => known.has(k) && k !== current });
  if (current !== signer.verifierKey) {
    try {
      audited((audit) => recordHallKey(audit, db, signer, { ...o, operatorId: null, rotationNote: null, reason: known.size === 0 ? 'first' : 'found' }));
    } catch (e) {
      // A full disk: recorded at the next start; the kiosk starts to be read.
      if (storageFailureOf(e) === null) throw e;
    }
  }
  return {
    current: () => signer,
    replace(next) {
      signer = next;
    },
  };
}
