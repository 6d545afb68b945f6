/**
 * The audit log as a Merkle tree (RFC 6962, as restated in RFC 9162 section
 * 2.1): the tree head commits the hall to one history of every entry; an
 * inclusion proof shows one entry is in it, a consistency proof that a later
 * tree extends an earlier one, each in about log2(n) hashes, without the
 * rest of the log. Pure: the SHA-256 is given (node:crypto in the kiosk, a
 * small one in the verifier's offline page), and the hashes of subtrees come
 * from whoever holds the leaves (a store that caches them, or the leaves).
 */

export type Sha256 = (data: Uint8Array) => Uint8Array;

/** MTH(D[start:end]) of the leaves held by the caller: whole subtrees of a power of two may come from a cache. */
type SubtreeHash = (start: number, end: number) => Uint8Array;

const LEAF = Uint8Array.of(0x00);
const NODE = Uint8Array.of(0x01);

function concat(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function leafHash(h: Sha256, data: Uint8Array): Uint8Array {
  return h(concat(LEAF, data));
}

export function nodeHash(h: Sha256, left: Uint8Array, right: Uint8Array): Uint8Array {
  return h(concat(NODE, left, right));
}

/** The largest power of two smaller than n (n > 1): where RFC 6962 splits a tree of n leaves. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH of leaf hashes already computed (leafHash of each entry), by the recursive definition. */
export function rootOfLeafHashes(h: Sha256, leaves: readonly Uint8Array[], start = 0, end = leaves.length): Uint8Array {
  const n = end - start;
  if (n === 0) return h(new Uint8Array(0));
  if (n === 1) return leaves[start]!;
  const k = splitPoint(n);
  return nodeHash(h, rootOfLeafHashes(h, leaves, start, start + k), rootOfLeafHashes(h, leaves, start + k, end));
}

/** PATH(m, D[start:end]) (RFC 6962 2.1.1): the audit path of leaf m, leaf first. */
export function inclusionProof(m: number, size: number, subtree: SubtreeHash): Uint8Array[] {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(size) || m < 0 || m >= size) throw new RangeError(`inclusion of leaf ${m} in a tree of ${size}`);
  const path: Uint8Array[] = [];
  const walk = (index: number, start: number, end: number) => {
    const n = end - start;
    if (n === 1) return;
    const k = splitPoint(n);
    if (index < k) {
      walk(index, start, start + k);
      path.push(subtree(start + k, end));
    } else {
      walk(index - k, start + k, end);
      path.push(subtree(start, start + k));
    }
  };
  walk(m, 0, size);
  return path;
}

/** PROOF(m, D[n]) (RFC 6962 2.1.2): that the tree of the first m leaves is a prefix of the tree of n. */
export function consistencyProof(m: number, n: number, subtree: SubtreeHash): Uint8Array[] {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || m < 0 || m > n) throw new RangeError(`consistency of ${m} with ${n}`);
  const proof: Uint8Array[] = [];
  if (m === 0 || m === n) return proof;
  const sub = (mm: number, start: number, end: number, whole: boolean) => {
    const size = end - start;
    if (mm === size) {
      if (!whole) proof.push(subtree(start, end));
      return;
    }
    const k = splitPoint(size);
    if (mm <= k) {
      sub(mm, start, start + k, whole);
      proof.push(subtree(start + k, end));
    } else {
      sub(mm - k, start + k, end, false);
      proof.push(subtree(start, start + k));
    }
  };
  sub(m, 0, n, true);
  return proof;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** RFC 9162 2.1.3.2: whether `leaf` (a leaf hash) is entry `index` of the tree of `size` whose root is `root`. */
export function verifyInclusion(h: Sha256, leaf: Uint8Array, index: number, size: number, proof: readonly Uint8Array[], root: Uint8Array): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(h, p, r);
      [fn, sn] = shiftWhileEven(fn, sn);
    } else {
      r = nodeHash(h, r, p);
    }
    [fn, sn] = [Math.floor(fn / 2), Math.floor(sn / 2)];
  }
  return sn === 0 && equal(r, root);
}

/** RFC 9162 2.1.4.2: whether the tree of `second` leaves (root `secondRoot`) extends the tree of `first` (root `firstRoot`). */
export function verifyConsistency(
  h: Sha256,
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 0 || first > second) return false;
  if (first === second) return proof.length === 0 && equal(firstRoot, secondRoot);
  // Every tree extends the empty one.
  if (first === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  // A first tree of a power of two is a whole subtree of the second: its root begins the path.
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(h, c, fr);
      sr = nodeHash(h, c, sr);
      [fn, sn] = shiftWhileEven(fn, sn);
    } else {
      sr = nodeHash(h, sr, c);
    }
    [fn, sn] = [Math.floor(fn / 2), Math.floor(sn / 2)];
  }
  return equal(fr, firstRoot) && equal(sr, secondRoot) && sn === 0;
}

/**
 * RFC 9162's "right-shift both fn and sn equally until either LSB(fn) is set or fn is 0", by halving: sizes up
 * to 2^53 are beyond JavaScript's 32-bit shifts.
 */
function shiftWhileEven(fn: number, sn: number): [number, number] {
  while (fn % 2 === 0 && fn !== 0) [fn, sn] = [Math.floor(fn / 2), Math.floor(sn / 2)];
  return [fn, sn];
}

function isPowerOfTwo(n: number): boolean {
  while (n > 1) {
    if (n % 2 !== 0) return false;
    n /= 2;
  }
  return n === 1;
}

/**
 * The tree's right edge (a "compact range" from leaf 0): the roots of its
 * whole power-of-two subtrees, largest first. Kept with a checkpoint, it lets
 * the next checkpoint's root be computed from the entries since alone.
 */
export interface Frontier {
  size: number;
  /** Hex of each whole subtree's root, largest (leftmost) first: one per bit set in `size`. */
  peaks: string[];
}

export const EMPTY_FRONTIER: Frontier = { size: 0, peaks: [] };

const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new RangeError('not lowercase hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
export { fromHex as hexToBytes, toHex as bytesToHex };

/** The frontier after appending leaf hashes, without the leaves before. */
export function extendFrontier(h: Sha256, frontier: Frontier, leaves: Iterable<Uint8Array>): Frontier {
  // Peaks as a stack of [height, hash]; merging two of equal height is a carry in binary addition.
  const stack: { height: number; hash: Uint8Array }[] = [];
  let size = frontier.size;
  const heights: number[] = [];
  for (let rest = size, bit = 0; rest > 0; bit++, rest = Math.floor(rest / 2)) if (rest % 2 === 1) heights.unshift(bit);
  if (heights.length !== frontier.peaks.length) throw new RangeError(`a frontier of ${size} leaves has ${heights.length} peaks, not ${frontier.peaks.length}`);
  frontier.peaks.forEach((p, i) => stack.push({ height: heights[i]!, hash: fromHex(p) }));
  for (const leaf of leaves) {
    let node = { height: 0, hash: leaf };
    while (stack.length > 0 && stack[stack.length - 1]!.height === node.height) {
      const left = stack.pop()!;
      node = { height: node.height + 1, hash: nodeHash(h, left.hash, node.hash) };
    }
    stack.push(node);
    size++;
  }
  return { size, peaks: stack.map((p) => toHex(p.hash)) };
}

/** The root of the tree a frontier ends: its peaks folded right to left (MTH of an unbalanced tree). */
export function frontierRoot(h: Sha256, frontier: Frontier): Uint8Array {
  if (frontier.size === 0) return h(new Uint8Array(0));
  let root = fromHex(frontier.peaks[frontier.peaks.length - 1]!);
  for (let i = frontier.peaks.length - 2; i >= 0; i--) root = nodeHash(h, fromHex(frontier.peaks[i]!), root);
  return root;
}
