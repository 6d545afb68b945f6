/**
 * The PIN key: 32 random bytes in the data folder's pin.key, readable by its
 * owner only, never in the database nor in its backups. Made at the first
 * start, and only while no PIN is sealed: a new key in place of a lost or
 * swapped one would make every right PIN wrong (and lock the operators out),
 * so such a start is refused in words instead, unless the hall says the key
 * is lost for good (its admin's recovery code then gets it back in).
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { KioskError } from '../../../../core/refusal.js';
import type { ReadableDb } from '../../../../db/connection.js';
import { listOperators, metaValue } from '../../../../db/people.js';
import { createPins, isSealed } from './pin.js';

export const PIN_KEY_FILE = 'pin.key';
/** The kiosk_meta key of the PIN key's check value: a PIN key that is not the PINs' own is named at start. */
export const PIN_KEY_CHECK = 'pin_key_check';

interface PinKey {
  key: Buffer;
  /** Made now (there was none): hashes sealed under another key can no longer be checked. */
  created: boolean;
  file: string;
}

interface PinKeyOptions {
  /**
   * The key is lost for good (`--new-pin-key`): a missing one is made anew and
   * another one taken as it is; no PIN verifies until the admin's recovery code.
   */
  replaceLost?: boolean;
}

/** The key in the file, or null when there is none; anything else there is refused by name. */
function readKey(file: string): Buffer | null {
  let text: string;
  try {
    if (statSync(file).isDirectory()) throw new KioskError('PIN_KEY_UNREADABLE', { file, detail: 'directory' });
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof KioskError) throw e;
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOENT') return null;
    throw new KioskError('PIN_KEY_UNREADABLE', { file, detail: typeof code === 'string' ? code : String(e) });
  }
  const hex = text.trim();
  const key = Buffer.from(hex, 'hex');
  if (key.length < 32 || key.length * 2 !== hex.length) throw new KioskError('PIN_KEY_UNREADABLE', { file, detail: 'format' });
  return key;
}

/**
 * The data folder's PIN key, checked against the database: made only when no
 * operator's PIN is sealed yet; one that is missing while PINs are sealed
 * (PIN_KEY_MISSING), or whose check value is not the one the database kept
 * when its PINs were sealed (PIN_KEY_OTHER), stops the start.
 */
export function openPinKey(dataDir: string, db: ReadableDb, options: PinKeyOptions = {}): PinKey {
  const file = join(dataDir, PIN_KEY_FILE);
  const sealedPins = listOperators(db).some((op) => isSealed(op.pinHash));
  const key = readKey(file);
  if (key) {
    const check = metaValue(db, PIN_KEY_CHECK);
    if (sealedPins && check !== null && createPins(key).keyCheck !== check && !options.replaceLost) throw new KioskError('PIN_KEY_OTHER', { file });
    // Owner only, even if it was copied in with looser rights.
    if (process.platform !== 'win32') chmodSync(file, 0o600);
    return { key, created: false, file };
  }
  if (sealedPins && !options.replaceLost) throw new KioskError('PIN_KEY_MISSING', { file });
  const made = randomBytes(32);
  writeFileSync(file, `${made.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return { key: made, created: true, file };
}
