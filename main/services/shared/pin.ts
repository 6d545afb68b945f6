/**
 * PINs are stored only as scrypt hashes (a slow, memory-hard KDF). Hashing
 * runs on libuv's thread pool and always before a command's transaction
 * opens: a login or an approval never holds the write lock for its ~40 ms,
 * nor the main thread.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(pin: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(pin, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, KEY_LENGTH, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(pin, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/** Spend the same time on an unknown user as on a known one. */
export async function burnPinCheck(pin: string): Promise<void> {
  dummy ??= hashPin('0000');
  await verifyPin(pin, await dummy);
}
