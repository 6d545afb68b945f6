/**
 * The PIN key: 32 random bytes in the data folder's pin.key, readable by its
 * owner only, never in the database nor in its backups. Made at the first
 * start; a database copied without it has PIN hashes nobody can check.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export const PIN_KEY_FILE = 'pin.key';

export interface PinKey {
  key: Buffer;
  /** Made now (there was none): hashes sealed under another key can no longer be checked. */
  created: boolean;
  file: string;
}

export function readOrCreatePinKey(dataDir: string): PinKey {
  const file = join(dataDir, PIN_KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length < 32) throw new Error(`${file}: not a PIN key (32 bytes in hexadecimal expected)`);
    // Owner only, even if it was copied in with looser rights.
    if (process.platform !== 'win32') chmodSync(file, 0o600);
    return { key, created: false, file };
  }
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return { key, created: true, file };
}
