/**
 * The inspector's check of an export in Node (the command line, the tests):
 * check.ts with node:crypto's SHA-256 and Ed25519.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { sha256 } from '../../db/transparency.js';
import { ed25519Verify } from '../services/shared/signing/hall-key.js';
import { checkExport, EXPORT_LIMITS, type CheckCrypto, type ExportCheck } from '../../core/inspector/check.js';
import { sizeText } from '../../core/inspector/zip.js';

export type { ExportCheck, ExportFailure } from '../../core/inspector/check.js';

export const nodeCrypto: CheckCrypto = {
  sha256,
  ed25519: ed25519Verify,
};

/** `key`: a verifier key the inspector trusts (from the acta, the Z, the hall's settings screen); without it, the export's own. */
export function verifyExport(zip: Uint8Array, o: { key?: string; witness?: string } = {}): ExportCheck {
  return checkExport(zip, o, nodeCrypto);
}

/**
 * The ZIP at `path` checked (the command line): one larger than all its files may inflate to is refused before
 * it is read, and a file that cannot be read is a finding too, so the command never fails with an error of Node's.
 */
export function verifyExportFile(path: string, o: { key?: string; witness?: string } = {}): ExportCheck {
  let zip: Uint8Array;
  try {
    const size = statSync(path).size;
    if (size > EXPORT_LIMITS.total) return { ok: false, failure: { file: '(zip)', what: `o ficheiro tem ${size} bytes: excede o limite de ${sizeText(EXPORT_LIMITS.total)}` } };
    zip = new Uint8Array(size);
    const fd = openSync(path, 'r');
    try {
      for (let at = 0; at < size; ) {
        const n = readSync(fd, zip, at, size - at, at);
        if (n === 0) break;
        at += n;
      }
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    return { ok: false, failure: { file: '(zip)', what: `o ficheiro não pôde ser lido (${(e as NodeJS.ErrnoException).code ?? 'erro de leitura'})` } };
  }
  return verifyExport(zip, o);
}
