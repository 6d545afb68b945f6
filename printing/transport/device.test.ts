import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceErrorCode, deviceTransport } from './device.js';
import { sendWithStatusCheck } from './status.js';
import { PrinterError } from './types.js';

async function caught(p: Promise<unknown>): Promise<PrinterError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof PrinterError) return e;
    throw e;
  }
  throw new Error('expected a PrinterError');
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const JOB = Uint8Array.from([0x1b, 0x40, 0x1b, 0x74, 19, 0x4f, 0x6c, 0xa0, 0x0a, 0x1b, 0x70, 0, 50, 250, 0x1d, 0x56, 0]);

describe('deviceTransport with a temp file standing in for /dev/usb/lp0', () => {
  it('writes the job into the file, byte-exact; a second job follows it', async () => {
    const lp = path.join(dir, 'lp0');
    fs.writeFileSync(lp, '');
    const t = deviceTransport({ path: lp, writeTimeoutMs: 1000 });
    expect(t.path).toBe(lp);
    await t.send(JOB);
    expect(new Uint8Array(fs.readFileSync(lp))).toEqual(JOB);
    await t.send(Uint8Array.of(0x41, 0x0a));
    expect(new Uint8Array(fs.readFileSync(lp))).toEqual(Uint8Array.from([...JOB, 0x41, 0x0a]));
  });

  it('writes a large job whole', async () => {
    const lp = path.join(dir, 'big');
    fs.writeFileSync(lp, '');
    const big = new Uint8Array(256 * 1024).map((_, i) => i & 0xff);
    await deviceTransport({ path: lp }).send(big);
    expect(Buffer.from(fs.readFileSync(lp)).equals(Buffer.from(big))).toBe(true);
  });

  it('a missing device is OFFLINE and is never created as a file', async () => {
    const lp = path.join(dir, 'absent');
    const t = deviceTransport({ path: lp });
    const e = await caught(t.send(JOB));
    expect(e.code).toBe('OFFLINE');
    expect(e.maybeDelivered).toBe(false);
    expect(fs.existsSync(lp)).toBe(false);
    expect((await caught(t.status())).code).toBe('OFFLINE');
  });

  it('a path that cannot be written is DEVICE_ERROR naming the path', async () => {
    const e = await caught(deviceTransport({ path: dir }).send(JOB));
    expect(e.code).toBe('DEVICE_ERROR');
    expect(e.message).toContain(dir);
  });

  it('status of a regular file is assumed online and flagged unverified; nothing is written to it', async () => {
    const lp = path.join(dir, 'lp-status');
    fs.writeFileSync(lp, 'x');
    const t = deviceTransport({ path: lp });
    expect(await t.status()).toEqual({ online: true, coverOpen: false, paperNearEnd: false, paperOut: false, unverified: true });
    expect(fs.readFileSync(lp, 'latin1')).toBe('x');
    // and a status-checked send goes through
    await expect(sendWithStatusCheck(t, JOB)).resolves.toMatchObject({ unverified: true });
    expect(fs.readFileSync(lp).length).toBe(1 + JOB.length);
  });

  it('maps errno by phase', () => {
    expect(deviceErrorCode('ENOENT', 'open')).toBe('OFFLINE');
    expect(deviceErrorCode('ENODEV', 'write')).toBe('CONNECTION_LOST');
    expect(deviceErrorCode('ENOSPC', 'write')).toBe('PAPER_OUT');
    expect(deviceErrorCode('EACCES', 'open')).toBe('DEVICE_ERROR');
    expect(deviceErrorCode('EIO', 'write')).toBe('DEVICE_ERROR');
  });
});

// A character device with a back channel: the slave side of a pseudo-terminal
// in raw mode, with a small python3 printer on the master side that answers
// DLE EOT n and records every other byte. Skipped where python3 is missing.
const hasPython =
  process.platform === 'linux' &&
  (process.env.PATH ?? '').split(path.delimiter).some((d) => d !== '' && fs.existsSync(path.join(d, 'python3')));

const PTY_PRINTER = String.raw`
import os, pty, sys, tty, select
replies = {1: int(sys.argv[1], 16), 2: int(sys.argv[2], 16), 4: int(sys.argv[3], 16)}
master, slave = pty.openpty()
tty.setraw(slave)
print(os.ttyname(slave), flush=True)
got = bytearray()
paused = False
while True:
    r, _, _ = select.select([sys.stdin] if paused else [master, sys.stdin], [], [], 5)
    if not r:
        break
    if sys.stdin in r:
        if sys.stdin.readline().strip() == 'pause':
            paused = True
        print(got.hex(), flush=True)
        continue
    got += os.read(master, 4096)
    while True:
        i = got.find(b'\x10\x04')
        if i < 0 or len(got) < i + 3:
            break
        n = got[i + 2]
        del got[i:i + 3]
        os.write(master, bytes([replies.get(n, 0x12)]))
`;

describe.skipIf(!hasPython)('deviceTransport on a character device (pty)', () => {
  let child: ChildProcess;
  let tty = '';
  const lines: string[] = [];
  let waiters: ((l: string) => void)[] = [];
  const nextLine = () =>
    new Promise<string>((resolve) => {
      const l = lines.shift();
      if (l !== undefined) resolve(l);
      else waiters.push(resolve);
    });

  beforeAll(async () => {
    // paper near end and paper out: 1A 32 7E
    child = spawn('python3', ['-c', PTY_PRINTER, '1a', '32', '7e'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += String(d);
      let k;
      while ((k = buf.indexOf('\n')) >= 0) {
        const l = buf.slice(0, k);
        buf = buf.slice(k + 1);
        const w = waiters.shift();
        if (w) w(l);
        else lines.push(l);
      }
    });
    tty = await nextLine();
  });
  afterAll(() => {
    waiters = [];
    child.kill('SIGKILL');
  });

  it('reads DLE EOT 1, 2, 4 back from the device', async () => {
    expect(fs.statSync(tty).isCharacterDevice()).toBe(true);
    const t = deviceTransport({ path: tty, statusTimeoutMs: 1000 });
    expect(await t.status()).toEqual({ online: false, coverOpen: false, paperNearEnd: true, paperOut: true });
    const e = await caught(sendWithStatusCheck(t, JOB));
    expect(e.code).toBe('PAPER_OUT');
  });

  it('writes a job to the device, byte-exact', async () => {
    await deviceTransport({ path: tty }).send(JOB);
    await new Promise((r) => setTimeout(r, 50));
    child.stdin!.write('dump\n');
    expect(await nextLine()).toBe(Buffer.from(JOB).toString('hex'));
  });

  it('a device that stops taking data -> WRITE_TIMEOUT after writeTimeoutMs without progress', async () => {
    child.stdin!.write('pause\n');
    await nextLine();
    const t0 = Date.now();
    const e = await caught(deviceTransport({ path: tty, writeTimeoutMs: 150 }).send(new Uint8Array(1024 * 1024).fill(0x41)));
    expect(e.code).toBe('WRITE_TIMEOUT');
    expect(e.maybeDelivered).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
