import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compress, createStaticFiles, pickEncoding } from './static.js';

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['BR', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0, *;q=0.1', 'br'],
    ['br;q=nonsense, gzip', 'gzip'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it('reads a header sent twice', () => {
    expect(pickEncoding(['gzip', 'br'])).toBe('br');
  });
});

describe('createStaticFiles', () => {
  let dir: string;
  const text = `export const t = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `ção ${i % 13}`))};\n`;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kiosk-static-files-'));
    mkdirSync(join(dir, 'folder.js'));
    writeFileSync(join(dir, 'a.js'), text);
    writeFileSync(join(dir, 'tiny.js'), 'x');
    writeFileSync(join(dir, 'a.png'), Buffer.alloc(2000, 1));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the file in each encoding, decoding to the same bytes', async () => {
    const files = createStaticFiles();
    const br = await files.read(join(dir, 'a.js'), 'br');
    const gz = await files.read(join(dir, 'a.js'), 'gzip');
    const id = await files.read(join(dir, 'a.js'), undefined);
    expect([br.encoding, gz.encoding, id.encoding]).toEqual(['br', 'gzip', 'identity']);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text);
    expect(gunzipSync(gz.body).toString('utf8')).toBe(text);
    expect(id.body.toString('utf8')).toBe(text);
  });

  it('compresses each file once, also for requests at the same moment', async () => {
    const files = createStaticFiles();
    const [a, b] = await Promise.all([files.read(join(dir, 'a.js'), 'br'), files.read(join(dir, 'a.js'), 'br')]);
    const c = await files.read(join(dir, 'a.js'), 'br');
    expect(a.body).toBe(b.body);
    expect(c.body).toBe(a.body);
  });

  it('sends a file as it is when compressing would not make it smaller, and images always', async () => {
    const files = createStaticFiles();
    expect(await files.read(join(dir, 'tiny.js'), 'br')).toEqual({ body: Buffer.from('x'), encoding: 'identity' });
    const png = await files.read(join(dir, 'a.png'), 'br, gzip');
    expect(png.encoding).toBe('identity');
    expect(png.body.equals(Buffer.alloc(2000, 1))).toBe(true);
  });

  it('rejects a missing file and a folder, as readFile does, and finds the file once it exists', async () => {
    const files = createStaticFiles();
    await expect(files.read(join(dir, 'later.js'), 'br')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(files.read(join(dir, 'folder.js'), 'br')).rejects.toMatchObject({ code: 'EISDIR' });
    writeFileSync(join(dir, 'later.js'), text);
    expect((await files.read(join(dir, 'later.js'), 'br')).encoding).toBe('br');
  });

  it('reads and compresses a rewritten file again', async () => {
    const files = createStaticFiles();
    writeFileSync(join(dir, 'b.js'), text);
    const first = await files.read(join(dir, 'b.js'), 'br');
    writeFileSync(join(dir, 'b.js'), text + text);
    const second = await files.read(join(dir, 'b.js'), 'br');
    expect(brotliDecompressSync(second.body).toString('utf8')).toBe(text + text);
    expect(second.body).not.toBe(first.body);
  });

  it('compress() is brotli and gzip that node:zlib reads back', async () => {
    const body = Buffer.from(text);
    expect(brotliDecompressSync(await compress(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(await compress(body, 'gzip')).equals(body)).toBe(true);
  });
});
