/**
 * The inspector's check of an export in Node (the command line, the tests):
 * check.ts with node:crypto's SHA-256 and Ed25519.
 */
import { verify as ed25519Verify } from 'node:crypto';
import { sha256 } from '../../db/transparency.js';
import { publicKeyFromRaw } from '../services/shared/hall-key.js';
import { checkExport, type CheckCrypto, type ExportCheck } from './check.js';

export type { ExportCheck, ExportFailure } from './check.js';

export const nodeCrypto: CheckCrypto = {
  sha256,
  ed25519: (pub, message, signature) => ed25519Verify(null, message, publicKeyFromRaw(pub), signature),
};

/** `key`: a verifier key the inspector trusts (from the acta, the Z, the hall's settings screen); without it, the export's own. */
export function verifyExport(zip: Uint8Array, o: { key?: string; witness?: string } = {}): ExportCheck {
  return checkExport(zip, o, nodeCrypto);
}
