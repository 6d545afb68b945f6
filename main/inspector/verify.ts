/**
 * The inspector's check of an export in Node (the command line, the tests):
 * check.ts with node:crypto's SHA-256 and Ed25519.
 */
import { sha256 } from '../../db/transparency.js';
import { ed25519Verify } from '../services/shared/hall-key.js';
import { checkExport, type CheckCrypto, type ExportCheck } from './check.js';

export type { ExportCheck, ExportFailure } from './check.js';

export const nodeCrypto: CheckCrypto = {
  sha256,
  ed25519: ed25519Verify,
};

/** `key`: a verifier key the inspector trusts (from the acta, the Z, the hall's settings screen); without it, the export's own. */
export function verifyExport(zip: Uint8Array, o: { key?: string; witness?: string } = {}): ExportCheck {
  return checkExport(zip, o, nodeCrypto);
}
