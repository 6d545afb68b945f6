/**
 * Whether Electron's binary is installed, for the start script: on machines
 * where it was never downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD=1) the kiosk
 * runs in browser mode instead.
 *
 * Under plain Node, require('electron') returns the binary's path (the npm
 * package's index.js), or throws when the download was skipped.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';

interface DetectDeps {
  /** What require('electron') gives; may throw. */
  loadElectron?: () => unknown;
  /** Whether a path is an existing file; may throw. */
  isFile?: (path: string) => boolean;
}

/** The Electron executable's path, or null if it is missing; never throws. */
export function electronBinaryPath(deps: DetectDeps = {}): string | null {
  const load = deps.loadElectron ?? requireElectron;
  const isFile = deps.isFile ?? existingFile;
  try {
    const value = load();
    // Inside Electron itself require('electron') is the API object, not a path.
    if (typeof value !== 'string' || value === '') return null;
    return isFile(value) ? value : null;
  } catch {
    return null;
  }
}

function requireElectron(): unknown {
  return createRequire(import.meta.url)('electron');
}

function existingFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}
