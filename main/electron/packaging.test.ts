/**
 * The packaged kiosk's fuses (electron-builder.yml), read as text: the build
 * machines cannot run electron-builder, so the configuration itself is what
 * is checked. Each fuse closes a way of turning the kiosk binary into a
 * general-purpose Node or Chromium, or of running an edited program.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const config = readFileSync(join(import.meta.dirname, '..', '..', 'electron-builder.yml'), 'utf8');
const fuses = (() => {
  const block = /^electronFuses:\n((?:[ ]{2}.*\n|[ ]*#.*\n)+)/m.exec(config)?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/^ {2}(\w+): (true|false)$/gm)].map((m) => [m[1], m[2] === 'true']));
})();

describe('the packaged kiosk', () => {
  it('sets its fuses: no Node mode, no NODE_OPTIONS or --inspect, only its own asar, checked against its hash, no file:// privileges', () => {
    expect(fuses).toMatchObject({
      runAsNode: false,
      grantFileProtocolExtraPrivileges: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
    });
  });

  it('packs the program in an asar and leaves the sources, tests and demo out', () => {
    expect(config).toMatch(/^asar: true$/m);
    expect(config).toContain('"!dist/main/demo/**"');
    expect(config).toContain('"!dist/tools/**"');
    expect(config).toContain('"!dist/**/*.test.*"');
  });
});
