/**
 * PINs are stored only as scrypt hashes (a slow, memory-hard KDF) sealed
 * with a key kept outside the database (the data folder's pin.key, owner
 * only): the stored value is an HMAC, under that key, of the scrypt output.
 * A copy of the database alone gives nothing to check a guess against; with
 * 10,000 four-digit PINs, scrypt alone would fall in minutes.
 *
 * Hashing runs on libuv's thread pool and always before a command's
 * transaction opens: a login or an approval never holds the write lock for
 * its ~40 ms, nor the main thread.
 */
import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost for a new PIN's hash: 16 MB of memory, ~40 ms of one core. A stored hash names its own (verified with it). */
export const PIN_COST: PinCost = { N: 16384, r: 8, p: 1 };
export interface PinCost {
  N: number;
  r: number;
  p: number;
}
const KEY_LENGTH = 32;
/** Hashes of before the key: scrypt alone. Never verified: sealed at the first start with the key (sealPinHashes), refused after. */
const LEGACY = 'scrypt';
const SEALED = 'scrypt-hmac';

/**
 * The process's one budget for slow hashing: at most KDF_CONCURRENCY scrypt
 * runs at once, the rest wait their turn in order. Only hashes that a budget
 * already admitted get here (a known operator's counted attempt, a new PIN set
 * by an operator): an unknown username or a wrong recovery code costs none.
 */
const KDF_CONCURRENCY = 2;
let kdfRunning = 0;
const kdfQueue: (() => void)[] = [];

async function withKdf<T>(work: () => Promise<T>): Promise<T> {
  if (kdfRunning >= KDF_CONCURRENCY) await new Promise<void>((resolve) => kdfQueue.push(resolve));
  else kdfRunning++;
  try {
    return await work();
  } finally {
    const next = kdfQueue.shift();
    // The slot passes to the next in line as it is; only when none waits is it freed.
    if (next) next();
    else kdfRunning--;
  }
}

function derive(pin: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return withKdf(() => new Promise((resolve, reject) => scrypt(pin, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)))));
}

export interface Pins {
  hash(pin: string): Promise<string>;
  verify(pin: string, stored: string): Promise<boolean>;
  /** Spend the same time on an unknown user as on a known one, without hashing (a burst of unknown users holds no CPU). */
  burn(pin: string): Promise<void>;
  /** A hash of before the key, sealed under it (no PIN needed); null when it is sealed already. */
  seal(stored: string): string | null;
  /** A value that tells this key from another without revealing it (kept in the database). */
  readonly keyCheck: string;
}

/** `cost`: PIN_COST; a test kiosk may hash its PINs cheaper (KioskOptions.pinCost), never a hall's. */
export function createPins(key: Buffer, cost: PinCost = PIN_COST): Pins {
  if (key.length < 32) throw new Error('the PIN key must have 32 bytes at least');
  const mac = (derived: Buffer) => createHmac('sha256', key).update(derived).digest();
  const keyCheck = createHmac('sha256', key).update('bingo-kiosk pin key check').digest('base64');
  let calibrating: Promise<void> | undefined;
  /** How long a PIN check takes here (its turn for the KDF included), smoothed: what an unknown user waits. */
  let verifyMs: number | null = null;
  const noteVerifyTime = (ms: number) => {
    verifyMs = verifyMs === null ? ms : verifyMs * 0.8 + ms * 0.2;
  };
  const pins: Pins = {
    async hash(pin) {
      const salt = randomBytes(16);
      const { N, r, p } = cost;
      const derived = await derive(pin, salt, KEY_LENGTH, { N, r, p });
      return `${SEALED}$${N}$${r}$${p}$${salt.toString('base64')}$${mac(derived).toString('base64')}`;
    },
    async verify(pin, stored) {
      const [scheme, n, r, p, salt, value] = stored.split('$');
      // A hash of scrypt alone lets no one in: every one the hall had was sealed at its first start with the key
      // (sealPinHashes, which needs no PIN), so one met now was written into the file by hand (issue 37).
      if (scheme !== SEALED || !salt || !value) {
        // As long as a check: a planted or damaged hash must not answer faster than a PIN checked.
        await pins.burn(pin);
        return false;
      }
      const expected = Buffer.from(value, 'base64');
      const started = performance.now();
      const derived = await derive(pin, Buffer.from(salt, 'base64'), KEY_LENGTH, { N: Number(n), r: Number(r), p: Number(p) });
      noteVerifyTime(performance.now() - started);
      const actual = mac(derived);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    async burn() {
      // The time a check takes here: measured by one real hash, shared by every caller, if no check was made yet; then waited, not computed.
      if (verifyMs === null) {
        calibrating ??= (async () => {
          const started = performance.now();
          await pins.hash('0000');
          noteVerifyTime(performance.now() - started);
        })();
        await calibrating;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, verifyMs!));
    },
    seal(stored) {
      const [scheme, n, r, p, salt, value] = stored.split('$');
      if (scheme !== LEGACY || !salt || !value) return null;
      return `${SEALED}$${n}$${r}$${p}$${salt}$${mac(Buffer.from(value, 'base64')).toString('base64')}`;
    },
    keyCheck,
  };
  return pins;
}

/** Whether a stored hash is sealed under a key (or scrypt alone, from before the key). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(`${SEALED}$`);
}

// ---- recovery codes -------------------------------------------------------------

/** Crockford's base32: no I, L, O, U to misread on paper. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 100 random bits as 4 groups of 5 letters and digits (XXXXX-XXXXX-XXXXX-XXXXX): written down at setup. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(13);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  bits >>= 4n; // 104 bits read, 100 kept
  let code = '';
  for (let i = 0; i < 20; i++) {
    code = ALPHABET[Number(bits & 31n)]! + code;
    bits >>= 5n;
  }
  return code.match(/.{5}/g)!.join('-');
}

/** As typed: case, spaces and dashes do not matter; O is 0, I and L are 1. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/**
 * A recovery code has 100 random bits: a salted SHA-256 is enough to keep
 * it (no guess list can reach it), and it needs no key, so it still works
 * when pin.key is lost.
 */
export function hashRecoveryCode(code: string): string {
  const salt = randomBytes(16);
  const digest = createHash('sha256').update(salt).update(normalizeRecoveryCode(code)).digest('base64');
  return `sha256$${salt.toString('base64')}$${digest}`;
}

export function recoveryCodeMatches(typed: string, stored: string | null): boolean {
  if (!stored) return false;
  const [scheme, salt, digest] = stored.split('$');
  if (scheme !== 'sha256' || !salt || !digest) return false;
  const actual = createHash('sha256').update(Buffer.from(salt, 'base64')).update(normalizeRecoveryCode(typed)).digest();
  const expected = Buffer.from(digest, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
