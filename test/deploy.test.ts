/**
 * The systemd units in deploy/ (docs/installing.md): the hall server and the
 * group's witness run as the dedicated user, with the data folder the only
 * writable path and the usual hardening, and they start the installed
 * package's own command. Where systemd-analyze exists, systemd itself reads
 * them (verify: every line understood; security: the exposure it scores).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DEPLOY = join(ROOT, 'deploy');
const DATA = '/var/lib/bingo-caixa-kiosk';
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; bin: Record<string, string> };
const CLI = `/opt/${pkg.name}/node_modules/${pkg.name}/${pkg.bin[pkg.name]}`;

/** A unit file's settings: section → key → the values given, in order (comments and continuation-free lines only). */
function unit(name: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let section = '';
  for (const raw of readFileSync(join(DEPLOY, name), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[(.+)\]$/.exec(line);
    if (head) {
      section = head[1]!;
      sections[section] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    const key = line.slice(0, eq).trim();
    ((sections[section] ??= {})[key] ??= []).push(line.slice(eq + 1).trim());
  }
  return sections;
}

/** The hardening both services share. */
const HARDENING: Record<string, string> = {
  User: 'bingo',
  Group: 'bingo',
  ProtectSystem: 'strict',
  ProtectHome: 'yes',
  PrivateTmp: 'yes',
  PrivateDevices: 'yes',
  NoNewPrivileges: 'yes',
  CapabilityBoundingSet: '',
  AmbientCapabilities: '',
  ProtectKernelTunables: 'yes',
  ProtectKernelModules: 'yes',
  ProtectControlGroups: 'yes',
  RestrictSUIDSGID: 'yes',
  RestrictNamespaces: 'yes',
  LockPersonality: 'yes',
  SystemCallArchitectures: 'native',
  SystemCallFilter: '@system-service',
  UMask: '0077',
};

const UNITS = readdirSync(DEPLOY).filter((f) => /\.(service|timer)$/.test(f));
const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const hasAnalyze = analyze.status === 0;
if (!hasAnalyze) console.warn('deploy: systemd-analyze verify skipped: systemd-analyze is not installed on this machine (Debian: apt-get install systemd)');

describe('deploy/: the systemd units', () => {
  it('holds the hall server, the witness and its timer', () => {
    expect(UNITS.sort()).toEqual(['bingo-hall.service', 'bingo-witness.service', 'bingo-witness.timer']);
  });

  it('runs the hall server as bingo, its data folder the only writable path, hardened, started again after a failure', () => {
    const s = unit('bingo-hall.service').Service!;
    for (const [key, value] of Object.entries(HARDENING)) expect(s[key], key).toEqual([value]);
    expect(s.ReadWritePaths).toEqual([DATA]);
    expect(s.StateDirectory).toEqual(['bingo-caixa-kiosk']);
    expect(s.StateDirectoryMode).toEqual(['0700']);
    expect(s.WorkingDirectory).toEqual([DATA]);
    expect(s.Restart).toEqual(['on-failure']);
    // V8's JIT writes the code it runs: MemoryDenyWriteExecute would stop node.
    expect(s.MemoryDenyWriteExecute).toBeUndefined();
    expect(s.ExecStart).toHaveLength(1);
    expect(s.ExecStart![0]!.startsWith(`/usr/bin/node ${CLI} hall --data-dir ${DATA} `)).toBe(true);
    expect(unit('bingo-hall.service').Install!.WantedBy).toEqual(['multi-user.target']);
  });

  it('runs the witness once per timer tick as bingo, writing nothing on the machine, its key handed as a credential', () => {
    const s = unit('bingo-witness.service').Service!;
    for (const [key, value] of Object.entries(HARDENING)) expect(s[key], key).toEqual([value]);
    expect(s.Type).toEqual(['oneshot']);
    expect(s.ReadWritePaths).toBeUndefined();
    expect(s.StateDirectory).toBeUndefined();
    expect(s.LoadCredential).toEqual(['witness.key:/etc/bingo-caixa-kiosk/witness.key']);
    expect(s.ExecStart).toEqual([`/usr/bin/node ${CLI} group:witness --key-file \${CREDENTIALS_DIRECTORY}/witness.key`]);
    const t = unit('bingo-witness.timer');
    expect(t.Timer!.Unit).toEqual(['bingo-witness.service']);
    expect(t.Timer!.Persistent).toEqual(['yes']);
    expect(t.Timer!.OnCalendar).toHaveLength(1);
    expect(t.Install!.WantedBy).toEqual(['timers.target']);
  });

  it.skipIf(!hasAnalyze)('is read by systemd-analyze verify without a word, and scored OK by systemd-analyze security', () => {
    // A copy: verify reads the folder's other units too, and names problems by path.
    const dir = mkdtempSync(join(tmpdir(), 'deploy-units-'));
    try {
      for (const f of UNITS) copyFileSync(join(DEPLOY, f), join(dir, f));
      const verify = spawnSync('systemd-analyze', ['verify', '--man=no', ...UNITS.map((f) => `./${f}`)], { cwd: dir, encoding: 'utf8' });
      // verify exits 0 on a line it ignores ("Unknown key", "Failed to parse"): what it says about our units is the test.
      const said = `${verify.stdout}${verify.stderr}`.split('\n').filter((l) => UNITS.some((f) => l.includes(f)));
      expect(said).toEqual([]);
      expect(verify.status, verify.stderr).toBe(0);
      for (const service of UNITS.filter((f) => f.endsWith('.service'))) {
        const security = spawnSync('systemd-analyze', ['security', '--offline=yes', '--no-pager', `./${service}`], { cwd: dir, encoding: 'utf8' });
        const exposure = /Overall exposure level for \S+: ([\d.]+)/.exec(security.stdout)?.[1];
        // systemd's scale: 0 is fully shut in, 10 is nothing at all; below 2 it says OK.
        if (exposure !== undefined) expect(Number(exposure), `${service}\n${security.stdout}`).toBeLessThan(2);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
