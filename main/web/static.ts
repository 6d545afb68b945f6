/**
 * The built renderer's files for browser mode, compressed once and kept in
 * memory: the build does not change while the kiosk runs, and it is about a
 * megabyte. Each file is compressed on its first request, off the event loop
 * (node:zlib's thread pool); a file changed on disk (a new `vite build`) is
 * read and compressed again. Compressing at run time rather than in the build
 * keeps one way to serve any folder (tests' too) and adds nothing to ship.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Text formats worth compressing; images and fonts already are. */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json']);

/** Larger files are served as they are (none of the build's is near this). */
const MAX_CACHED_BYTES = 8_000_000;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The Accept-Encoding weight of each coding (RFC 9110 §12.5.3): absent 0, `*` covers those not named. */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (coding === '') continue;
    // A weight that is not a number accepts nothing.
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2).trim() || NaN);
    named.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  return named;
}

/** Brotli when the client takes it, else gzip, else the bytes as they are; a higher q wins, brotli on a tie. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const w = weights(header);
  const any = w.get('*') ?? 0;
  const br = w.get('br') ?? any;
  const gz = w.get('gzip') ?? w.get('x-gzip') ?? any;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/**
 * Brotli quality 5: the vendor chunk (270 kB) in 15 ms, 10 % larger than at
 * quality 11, which takes 0.8 s, a wait the first page after each start
 * would feel (on 127.0.0.1 the bytes cost less than that).
 */
const BROTLI_QUALITY = 5;

export function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body);
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

interface Entry {
  mtimeMs: number;
  size: number;
  raw: Buffer;
  encoded: Map<Encoding, Promise<Buffer>>;
}

export interface StaticBody {
  body: Buffer;
  /** `identity` also when compressing would not make the file smaller. */
  encoding: Encoding;
}

interface StaticFiles {
  /** The file's bytes in the best encoding the client accepts; rejects as readFile does (ENOENT, EISDIR). */
  read(file: string, acceptEncoding: string | string[] | undefined): Promise<StaticBody>;
}

export function createStaticFiles(): StaticFiles {
  const cache = new Map<string, Promise<Entry>>();

  /** Stat before reading: a file rewritten in between is then seen as changed on the next request. */
  async function entry(file: string, info: { mtimeMs: number; size: number }): Promise<Entry> {
    const cached = cache.get(file);
    if (cached) {
      const e = await cached.catch(() => null);
      if (e && e.mtimeMs === info.mtimeMs && e.size === info.size) return e;
    }
    const next = readFile(file).then((raw): Entry => ({ mtimeMs: info.mtimeMs, size: info.size, raw, encoded: new Map() }));
    cache.set(file, next);
    next.catch(() => {
      if (cache.get(file) === next) cache.delete(file);
    });
    return next;
  }

  return {
    async read(file, acceptEncoding) {
      if (!COMPRESSIBLE.has(extname(file))) return { body: await readFile(file), encoding: 'identity' };
      const info = await stat(file);
      if (info.size > MAX_CACHED_BYTES) return { body: await readFile(file), encoding: 'identity' };
      const e = await entry(file, info);
      const encoding = pickEncoding(acceptEncoding);
      if (encoding === 'identity') return { body: e.raw, encoding };
      let pending = e.encoded.get(encoding);
      if (!pending) {
        const made = compress(e.raw, encoding);
        made.catch(() => e.encoded.delete(encoding));
        e.encoded.set(encoding, made);
        pending = made;
      }
      const body = await pending;
      return body.length < e.raw.length ? { body, encoding } : { body: e.raw, encoding: 'identity' };
    },
  };
}
