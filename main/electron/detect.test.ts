import { describe, it, expect } from 'vitest';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { electronBinaryPath } from './detect.js';

describe('electronBinaryPath', () => {
  it('returns the path require("electron") gives when that file exists', () => {
    const seen: string[] = [];
    const result = electronBinaryPath({
      loadElectron: () => '/opt/electron/electron',
      isFile: (p) => {
        seen.push(p);
        return true;
      },
    });
    expect(result).toBe('/opt/electron/electron');
    expect(seen).toEqual(['/opt/electron/electron']);
  });

  it('returns null when the path does not exist', () => {
    expect(electronBinaryPath({ loadElectron: () => '/nowhere/electron', isFile: () => false })).toBeNull();
  });

  it('returns null when require("electron") throws (binary download skipped)', () => {
    expect(
      electronBinaryPath({
        loadElectron: () => {
          throw new Error('Electron failed to install correctly');
        },
        isFile: () => true,
      }),
    ).toBeNull();
  });

  it('returns null when the package is not installed at all', () => {
    const err = Object.assign(new Error("Cannot find module 'electron'"), { code: 'MODULE_NOT_FOUND' });
    expect(
      electronBinaryPath({
        loadElectron: () => {
          throw err;
        },
      }),
    ).toBeNull();
  });

  it('returns null for anything that is not a non-empty string (e.g. inside Electron)', () => {
    for (const value of [{ app: {} }, undefined, null, 42, '']) {
      expect(electronBinaryPath({ loadElectron: () => value, isFile: () => true })).toBeNull();
    }
  });

  it('returns null when checking the file throws', () => {
    expect(
      electronBinaryPath({
        loadElectron: () => '/opt/electron/electron',
        isFile: () => {
          throw new Error('EACCES');
        },
      }),
    ).toBeNull();
  });

  it('uses a real file check by default: a folder is not a binary, a file is', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'detect-'));
    try {
      const folder = path.join(dir, 'electron');
      mkdirSync(folder);
      expect(electronBinaryPath({ loadElectron: () => folder })).toBeNull();
      const file = path.join(dir, 'electron-bin');
      writeFileSync(file, '');
      expect(electronBinaryPath({ loadElectron: () => file })).toBe(file);
      expect(electronBinaryPath({ loadElectron: () => path.join(dir, 'missing') })).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('agrees with the installed electron package on this machine', () => {
    // The npm package records a downloaded binary in path.txt; without it there is no binary.
    const require = createRequire(import.meta.url);
    const pathTxt = path.join(path.dirname(require.resolve('electron/package.json')), 'path.txt');
    const result = electronBinaryPath();
    if (!existsSync(pathTxt)) {
      expect(result).toBeNull();
    } else {
      expect(result === null || existsSync(result)).toBe(true);
    }
  });
});
