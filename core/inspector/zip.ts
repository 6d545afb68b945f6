/**
 * The export's ZIP read strictly (issue 37), in Node and in the offline page
 * alike: one canonical form, anything else refused and named. The central
 * directory is read by hand (fflate's unzipSync keeps the last of two entries
 * of one name, accepts names out of the folder and inflates a bomb whole):
 * the end record exactly at the end with no comment, the entries laid end to
 * end from byte 0 with the directory right after them (no bytes hidden
 * between), each local header agreeing with its directory entry, no
 * encryption, no data descriptor, no extra fields, no ZIP64, names flat and
 * each expected once, declared sizes within the limits before anything is
 * inflated, then each entry inflated as a stream that stops as soon as it
 * passes its declared size and must end on its last byte, its CRC checked.
 */
import { Inflate } from 'fflate';

/** A structural refusal: the file it concerns (the ZIP itself: '(zip)') and what is wrong, in pt-PT. */
export class ZipRefused extends Error {
  constructor(
    readonly file: string,
    readonly what: string,
  ) {
    super(what);
  }
}

export interface ZipLimits {
  /** The most bytes each expected name may inflate to; a name not here is not expected. */
  perFile: Readonly<Record<string, number>>;
  /** The most bytes all entries may inflate to together. */
  total: number;
}

const ZIP = '(zip)';
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
/** Flag bit 11: the name is UTF-8 (the only flag a canonical entry may carry). */
const UTF8_FLAG = 0x0800;
/** Inflated in steps this small, so no one step can grow by more than about 1 000 times it. */
const INFLATE_STEP = 4096;

const MiB = 1024 * 1024;
export const sizeText = (bytes: number) => (bytes >= MiB && bytes % MiB === 0 ? `${bytes / MiB} MiB` : bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`);

/** A name as shown in a finding: control and bidi characters escaped so none can disguise it. */
export function shownName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Why a name is not a plain file name at the root of the ZIP, or null. */
export function badName(name: string): string | null {
  const shown = shownName(name);
  if (name === '') return 'nome de ficheiro vazio no ZIP';
  if (name.includes('\\')) return `nome de ficheiro com barra invertida: ${shown}`;
  if (/^[A-Za-z]:/.test(name)) return `nome de ficheiro com letra de unidade: ${shown}`;
  if (name.startsWith('/')) return `nome de ficheiro absoluto: ${shown}`;
  const segments = name.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return `nome de ficheiro fora da pasta: ${shown}`;
  if (name.endsWith('/')) return `pasta no ZIP: ${shown}`;
  if (segments.some((s) => s === '')) return `nome de ficheiro com um segmento vazio: ${shown}`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return `nome de ficheiro com caracteres de controlo: ${shown}`;
  return null;
}

let crcTable: Uint32Array | undefined;
export function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = crcTable[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  nameBytes: Uint8Array;
  /** The version needed and the DOS time and date: the local header must repeat them. */
  needed: number;
  time: number;
}

const names = new TextDecoder('utf-8', { fatal: true });

/**
 * The entries of `zip`, each inflated within its limit; refused (ZipRefused) at the first thing that is not the
 * canonical form. Entries come back in the ZIP's order.
 */
export function readZip(zip: Uint8Array, limits: ZipLimits): Map<string, Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  if (zip.length < EOCD_SIZE) throw new ZipRefused(ZIP, 'não é um ficheiro ZIP');

  // The end record: exactly the last 22 bytes, with no comment. Else say why: a comment (which may hold a
  // second ZIP whose own end record is then last), bytes after it, or not a ZIP at all.
  const end = zip.length - EOCD_SIZE;
  const fits = (at: number) => at >= 0 && u32(at) === EOCD && u16(at + 20) === 0 && u16(at + 4) === 0 && u32(at + 12) + u32(at + 16) === at;
  if (!fits(end)) {
    let last = -1;
    for (let at = end; at >= Math.max(0, end - 65_535); at--) {
      if (u32(at) !== EOCD) continue;
      const comment = u16(at + 20);
      if (comment > 0 && at + EOCD_SIZE + comment === zip.length) throw new ZipRefused(ZIP, `o ZIP tem um comentário de ${comment} bytes (que pode esconder outro conteúdo)`);
      if (last < 0 && at !== end) last = at;
    }
    if (last >= 0) throw new ZipRefused(ZIP, `há ${zip.length - last - EOCD_SIZE} bytes depois do fim do ZIP`);
    throw new ZipRefused(ZIP, u32(end) === EOCD ? 'o diretório central não acaba onde começa o registo de fim do ZIP' : 'não é um ficheiro ZIP (sem registo de fim)');
  }
  const count = u16(end + 10);
  const cdSize = u32(end + 12);
  const cdOffset = u32(end + 16);
  if (u16(end + 6) !== 0 || u16(end + 8) !== count) throw new ZipRefused(ZIP, 'ZIP em vários volumes, não aceite');
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw new ZipRefused(ZIP, 'ZIP64, não aceite');

  // The central directory: every entry's name and sizes judged before anything is inflated.
  const entries: Entry[] = [];
  const seen = new Set<string>();
  let at = cdOffset;
  let declaredTotal = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(at) !== CENTRAL) throw new ZipRefused(ZIP, `a entrada ${i + 1} do diretório central não é válida`);
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    const compressedSize = u32(at + 20);
    const size = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    const disk = u16(at + 34);
    const needed = u16(at + 6);
    const time = u32(at + 12);
    const attributes = u16(at + 36) + u32(at + 38);
    const offset = u32(at + 42);
    if (at + 46 + nameLength + extraLength + commentLength > end) throw new ZipRefused(ZIP, `a entrada ${i + 1} do diretório central sai do diretório`);
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    let name: string;
    try {
      name = names.decode(nameBytes);
    } catch {
      throw new ZipRefused(ZIP, `o nome da entrada ${i + 1} não é UTF-8 válido`);
    }
    const bad = badName(name);
    if (bad) throw new ZipRefused(ZIP, bad);
    const shown = shownName(name);
    if (seen.has(name)) throw new ZipRefused(name in limits.perFile ? name : ZIP, `o ficheiro ${shown} aparece duas vezes no ZIP`);
    seen.add(name);
    const limit = Object.prototype.hasOwnProperty.call(limits.perFile, name) ? limits.perFile[name]! : undefined;
    if (limit === undefined) throw new ZipRefused(ZIP, `ficheiro inesperado no ZIP: ${shown}`);
    if (flags & 1) throw new ZipRefused(name, 'está cifrado no ZIP');
    if (flags & 8) throw new ZipRefused(name, 'usa um descritor de dados no ZIP (tamanhos fora do cabeçalho), não aceite');
    if ((flags & ~UTF8_FLAG) !== 0) throw new ZipRefused(name, `tem marcas de ZIP não aceites (0x${flags.toString(16)})`);
    if (method !== 0 && method !== 8) throw new ZipRefused(name, `método de compressão ${method} não aceite (só guardado ou deflate)`);
    if (extraLength !== 0 || commentLength !== 0) throw new ZipRefused(name, 'tem campos extra ou um comentário no diretório central do ZIP');
    if (disk !== 0) throw new ZipRefused(name, 'está noutro volume do ZIP');
    // External attributes could make an unzip tool write a link or an executable: a plain file has none.
    if (attributes !== 0) throw new ZipRefused(name, 'tem atributos de ficheiro no ZIP (ligação, permissões), não aceites');
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw new ZipRefused(name, 'tamanho ZIP64, não aceite');
    if (size > limit) throw new ZipRefused(name, `declara ${size} bytes: excede o limite de ${sizeText(limit)}`);
    if (method === 0 && compressedSize !== size) throw new ZipRefused(name, `guardado sem compressão com ${compressedSize} bytes, mas declara ${size}`);
    declaredTotal += size;
    if (declaredTotal > limits.total) throw new ZipRefused(name, `o ZIP declara mais de ${sizeText(limits.total)} descomprimidos: excede o limite total`);
    entries.push({ name, method, flags, crc, compressedSize, size, offset, nameBytes, needed, time });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== end) throw new ZipRefused(ZIP, 'o diretório central tem bytes a mais');

  // The entries themselves: end to end from byte 0 up to the directory, each local header the same as its entry.
  const files = new Map<string, Uint8Array>();
  let next = 0;
  for (const e of entries) {
    if (e.offset !== next) throw new ZipRefused(e.name, `começa no byte ${e.offset} do ZIP, não no ${next} (bytes escondidos entre entradas ou entradas sobrepostas)`);
    if (e.offset + 30 > cdOffset || u32(e.offset) !== LOCAL) throw new ZipRefused(e.name, 'o seu cabeçalho local no ZIP não é válido');
    const localName = u16(e.offset + 26);
    const localExtra = u16(e.offset + 28);
    const dataAt = e.offset + 30 + localName + localExtra;
    if (dataAt > cdOffset) throw new ZipRefused(e.name, 'o seu cabeçalho local no ZIP sai do ficheiro');
    const localNameBytes = zip.subarray(e.offset + 30, e.offset + 30 + localName);
    if (localName !== e.nameBytes.length || localNameBytes.some((b, i) => b !== e.nameBytes[i])) {
      let shown: string;
      try {
        shown = shownName(names.decode(localNameBytes));
      } catch {
        shown = '(não UTF-8)';
      }
      throw new ZipRefused(e.name, `o nome no cabeçalho local do ZIP (${shown}) difere do diretório central`);
    }
    if (u16(e.offset + 4) !== e.needed || u32(e.offset + 10) !== e.time) throw new ZipRefused(e.name, 'a versão ou a data do cabeçalho local do ZIP diferem do diretório central');
    if (u16(e.offset + 6) !== e.flags) throw new ZipRefused(e.name, 'as marcas do cabeçalho local do ZIP diferem do diretório central');
    if (u16(e.offset + 8) !== e.method) throw new ZipRefused(e.name, `o método de compressão do cabeçalho local do ZIP (${u16(e.offset + 8)}) difere do diretório central (${e.method})`);
    if (u32(e.offset + 14) !== e.crc || u32(e.offset + 18) !== e.compressedSize || u32(e.offset + 22) !== e.size) {
      throw new ZipRefused(e.name, 'o CRC ou os tamanhos do cabeçalho local do ZIP diferem do diretório central');
    }
    if (localExtra !== 0) throw new ZipRefused(e.name, 'tem campos extra no cabeçalho local do ZIP');
    if (dataAt + e.compressedSize > cdOffset) throw new ZipRefused(e.name, 'os seus dados comprimidos saem do ZIP');
    const data = zip.subarray(dataAt, dataAt + e.compressedSize);
    const content = e.method === 0 ? data : inflateBounded(e.name, data, e.size);
    if (crc32(content) !== e.crc) throw new ZipRefused(e.name, 'o CRC do conteúdo não confere com o declarado no ZIP');
    files.set(e.name, content);
    next = dataAt + e.compressedSize;
  }
  if (next !== cdOffset) throw new ZipRefused(ZIP, `há ${cdOffset - next} bytes escondidos antes do diretório central`);
  return files;
}

/**
 * A deflated entry inflated in small steps into its declared size: stopped the moment it would pass it. Its stream
 * must end on the last of its bytes: fflate stops at the final block and ignores whatever follows, so bytes put after
 * the stream (the sizes in both headers raised to cover them) would ride along unread.
 */
function inflateBounded(name: string, data: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let got = 0;
  // No DEFLATE stream is empty (the shortest, one empty fixed block, takes 2 bytes), and fflate would take none as ended.
  if (data.length === 0) throw new ZipRefused(name, 'os seus dados comprimidos no ZIP estão corrompidos');
  try {
    inflateAll(data, (chunk) => {
      if (got + chunk.length > size) throw new ZipRefused(name, `descomprime para mais do que os ${size} bytes que declara no ZIP`);
      out.set(chunk, got);
      got += chunk.length;
    });
  } catch (e) {
    if (e instanceof ZipRefused) throw e;
    throw new ZipRefused(name, 'os seus dados comprimidos no ZIP estão corrompidos');
  }
  if (got !== size) throw new ZipRefused(name, `descomprime para ${got} bytes, mas declara ${size} no ZIP`);
  // The same stream without its last byte must fall short: a final push of an unfinished stream throws. Decoding a
  // prefix reads the very bits the whole does (Huffman codes are prefix-free; every read past the end is refused),
  // so it ends within those bytes exactly when the whole stream does, and then at least one byte follows its end.
  // Its output is a prefix of what was just inflated within `size`, so this second pass is bounded too.
  let endsEarly = true;
  try {
    inflateAll(data.subarray(0, data.length - 1), () => {});
  } catch {
    endsEarly = false;
  }
  if (endsEarly) throw new ZipRefused(name, 'tem bytes escondidos depois do fim dos seus dados comprimidos no ZIP');
  return out;
}

/** `data` pushed through fflate's Inflate in steps, the last step final: throws if the stream is corrupt or unfinished. */
function inflateAll(data: Uint8Array, onChunk: (chunk: Uint8Array) => void): void {
  const inflate = new Inflate((chunk) => onChunk(chunk));
  if (data.length === 0) inflate.push(data, true);
  for (let i = 0; i < data.length; i += INFLATE_STEP) inflate.push(data.subarray(i, i + INFLATE_STEP), i + INFLATE_STEP >= data.length);
}
