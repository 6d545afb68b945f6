/**
 * The group's key of the documents' digests (Lei n.º 83/2017, art. 76.º;
 * SPEC 11): a hall digests each identity document under a key, and the group
 * adds one person up across its halls only when every hall digests under the
 * same one. The group gives its halls one file (32 bytes in base64); an
 * admin installs it before the hall's first identification. Its fingerprint
 * is shown to compare by eye; the key itself is never answered nor logged
 * (db/audit.ts redacts `identityKey`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { checkGroupKeyInstall, type IdentityKeySource } from '../../../core/compliance/rules.js';
import { KioskError } from '../../../core/errors.js';
import { identityKeyState, installGroupIdentityKey } from '../../../db/compliance.js';
import type { ReadableDb } from '../../../db/connection.js';
import { command, done, query, type HandlerSlice } from '../shared/context.js';

/** `ab12 cd34 ef56 7890`: the first 16 hex digits of the key's SHA-256. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The key in its file: base64 of exactly 32 bytes, spaces and line ends around it allowed. */
function keyOfFile(text: string): Buffer {
  const b64 = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(b64)) throw new KioskError('IDENTITY_KEY_FILE_INVALID');
  return Buffer.from(b64, 'base64');
}

function statusOf(db: ReadableDb) {
  const s = identityKeyState(db);
  const source: IdentityKeySource = s.source ?? 'none';
  return { source, fingerprint: s.key ? keyFingerprint(s.key) : null, setAt: s.setAt, keyed: s.keyed };
}

export const identityKeyHandlers: HandlerSlice<'identityKey.status' | 'identityKey.install'> = {
  'identityKey.status': query((ctx) => statusOf(ctx.db)),

  'identityKey.install': command((ctx, input) => {
    const key = keyOfFile(input.identityKey);
    const state = identityKeyState(ctx.db);
    const sameKey = state.key !== null && timingSafeEqual(state.key, key);
    const what = checkGroupKeyInstall({ source: state.source ?? 'none', sameKey, keyed: state.keyed });
    if (what === 'install') installGroupIdentityKey(ctx.db, key, ctx.at);
    const status = statusOf(ctx.db);
    // The log keeps whose key and its fingerprint: the key is redacted from the input.
    return done(status, { after: { source: status.source, fingerprint: status.fingerprint, installed: what === 'install' } });
  }),
};
