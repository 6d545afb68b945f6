import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  consistencyProof,
  EMPTY_FRONTIER,
  extendFrontier,
  frontierRoot,
  hexToBytes,
  inclusionProof,
  leafHash,
  rootOfLeafHashes,
  verifyConsistency,
  verifyInclusion,
  type Sha256,
} from './merkle.js';

const sha256: Sha256 = (data) => new Uint8Array(createHash('sha256').update(data).digest());
const hex = bytesToHex;

// The leaves of the Certificate Transparency reference implementation's tests, and the tree heads it expects.
const CT_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(hexToBytes);
const CT_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const leavesOf = (n: number) => Array.from({ length: n }, (_, i) => leafHash(sha256, new TextEncoder().encode(`entry ${i}`)));
const subtreeOf = (leaves: Uint8Array[]) => (start: number, end: number) => rootOfLeafHashes(sha256, leaves, start, end);

describe('the tree head (RFC 6962 2.1)', () => {
  it('is the reference implementation’s for 1 to 8 leaves, and SHA-256 of nothing for none', () => {
    const leaves = CT_LEAVES.map((d) => leafHash(sha256, d));
    for (let n = 1; n <= 8; n++) expect(hex(rootOfLeafHashes(sha256, leaves.slice(0, n))), `${n} leaves`).toBe(CT_ROOTS[n - 1]);
    expect(hex(rootOfLeafHashes(sha256, []))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('is the same from a frontier grown in any steps as from all the leaves at once', () => {
    const leaves = leavesOf(300);
    let f = EMPTY_FRONTIER;
    for (const step of [1, 2, 5, 64, 1, 100, 127]) {
      f = extendFrontier(sha256, f, leaves.slice(f.size, f.size + step));
      expect(hex(frontierRoot(sha256, f)), `${f.size} leaves`).toBe(hex(rootOfLeafHashes(sha256, leaves.slice(0, f.size))));
      expect(f.peaks.length).toBe(f.size.toString(2).replace(/0/g, '').length);
    }
    expect(() => extendFrontier(sha256, { size: 3, peaks: [f.peaks[0]!] }, [])).toThrow(RangeError);
  });
});

describe('inclusion proofs (RFC 9162 2.1.3)', () => {
  it('verify for every leaf of every tree up to 40 leaves, and only at their own place', () => {
    const all = leavesOf(40);
    for (let n = 1; n <= 40; n++) {
      const leaves = all.slice(0, n);
      const root = rootOfLeafHashes(sha256, leaves);
      for (let m = 0; m < n; m++) {
        const proof = inclusionProof(m, n, subtreeOf(leaves));
        expect(verifyInclusion(sha256, leaves[m]!, m, n, proof, root), `${m} of ${n}`).toBe(true);
        if (n > 1) {
          expect(verifyInclusion(sha256, leaves[(m + 1) % n]!, m, n, proof, root)).toBe(false);
          expect(verifyInclusion(sha256, leaves[m]!, (m + 1) % n, n, proof, root)).toBe(false);
        }
        // The size is the checkpoint's, signed with its root: a proof of the tree of n does not show the tree of n + 1.
        if (n < 40) expect(verifyInclusion(sha256, leaves[m]!, m, n + 1, proof, rootOfLeafHashes(sha256, all.slice(0, n + 1)))).toBe(false);
        expect(verifyInclusion(sha256, leaves[m]!, m, n, [...proof, root], root)).toBe(false);
      }
    }
  });

  it('refuse an index outside the tree', () => {
    const leaves = leavesOf(4);
    expect(() => inclusionProof(4, 4, subtreeOf(leaves))).toThrow(RangeError);
    expect(verifyInclusion(sha256, leaves[0]!, 4, 4, [], rootOfLeafHashes(sha256, leaves))).toBe(false);
    expect(verifyInclusion(sha256, leaves[0]!, -1, 4, [], rootOfLeafHashes(sha256, leaves))).toBe(false);
  });

  it('for leaf 5 of 8 is the path RFC 6962 2.1.3 draws: d, (g h), (a b c d)', () => {
    const leaves = leavesOf(8);
    const s = subtreeOf(leaves);
    expect(inclusionProof(5, 8, s).map(hex)).toEqual([s(4, 5), s(6, 8), s(0, 4)].map(hex));
  });
});

describe('consistency proofs (RFC 9162 2.1.4)', () => {
  it('verify between every pair of sizes up to 40, and fail against another history', () => {
    const all = leavesOf(40);
    const other = [...all];
    other[2] = leafHash(sha256, new TextEncoder().encode('rewritten'));
    for (let n = 1; n <= 40; n++) {
      const newRoot = rootOfLeafHashes(sha256, all.slice(0, n));
      for (let m = 1; m <= n; m++) {
        const oldRoot = rootOfLeafHashes(sha256, all.slice(0, m));
        const proof = consistencyProof(m, n, subtreeOf(all.slice(0, n)));
        expect(verifyConsistency(sha256, m, n, oldRoot, newRoot, proof), `${m} to ${n}`).toBe(true);
        if (m > 2) {
          // The same sizes, but the earlier tree held another entry 2: the later one does not extend it.
          const forged = rootOfLeafHashes(sha256, other.slice(0, m));
          expect(verifyConsistency(sha256, m, n, forged, newRoot, proof), `forged ${m} to ${n}`).toBe(false);
        }
        if (m < n) expect(verifyConsistency(sha256, m, n, oldRoot, newRoot, proof.slice(1))).toBe(false);
      }
    }
  });

  it('for 3 to 7 is RFC 6962 2.1.3’s example: c, d, (a b), (e f g)', () => {
    const leaves = leavesOf(7);
    const s = subtreeOf(leaves);
    expect(consistencyProof(3, 7, s).map(hex)).toEqual([s(2, 3), s(3, 4), s(0, 2), s(4, 7)].map(hex));
    expect(consistencyProof(4, 7, s).map(hex)).toEqual([s(4, 7)].map(hex));
    expect(consistencyProof(7, 7, s)).toEqual([]);
  });

  it('of a tree with itself is empty, and any tree extends the empty one', () => {
    const leaves = leavesOf(5);
    const root = rootOfLeafHashes(sha256, leaves);
    expect(verifyConsistency(sha256, 5, 5, root, root, [])).toBe(true);
    expect(verifyConsistency(sha256, 5, 5, root, rootOfLeafHashes(sha256, leaves.slice(0, 4)), [])).toBe(false);
    expect(verifyConsistency(sha256, 0, 5, sha256(new Uint8Array(0)), root, [])).toBe(true);
    expect(verifyConsistency(sha256, 6, 5, root, root, [])).toBe(false);
    expect(() => consistencyProof(6, 5, subtreeOf(leaves))).toThrow(RangeError);
  });
});
