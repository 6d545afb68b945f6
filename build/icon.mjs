#!/usr/bin/env node
// Draws build/icon.png, the placeholder application icon electron-builder packs (512x512; it makes the
// Windows .ico from it): a bingo ball on a dark rounded square. Drawn here rather than kept as a design
// file, so the icon is a few kilobytes anyone can regenerate: `node build/icon.mjs`. Replace it with the
// hall's real icon (same name, at least 512x512) when there is one.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
/** Samples per pixel side: smooth edges without a drawing library. */
const SS = 4;

/** The colour at a point of the unit square [0, 1)², or null outside the icon. */
function colourAt(x, y) {
  const r = 0.18;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if (Math.hypot(x - cx, y - cy) > r) return null;
  const d = Math.hypot(x - 0.5, y - 0.5);
  if (d < 0.16) return [255, 255, 255];
  if (d < 0.24) return [214, 40, 57];
  if (d < 0.36) return [255, 255, 255];
  return [12, 59, 46];
}

const rows = [];
for (let py = 0; py < SIZE; py++) {
  const row = Buffer.alloc(1 + SIZE * 4);
  for (let px = 0; px < SIZE; px++) {
    let [r, g, b, a] = [0, 0, 0, 0];
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const c = colourAt((px + (sx + 0.5) / SS) / SIZE, (py + (sy + 0.5) / SS) / SIZE);
        if (c === null) continue;
        r += c[0];
        g += c[1];
        b += c[2];
        a += 1;
      }
    }
    if (a > 0) row.set([Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((255 * a) / (SS * SS))], 1 + px * 4);
  }
  rows.push(row);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'icon.png');
writeFileSync(out, png);
console.log(`${out}: ${SIZE}x${SIZE}, ${png.length} bytes`);
