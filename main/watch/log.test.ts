/**
 * The log's safety net: a secret handed to it by mistake (a call's input with its PIN, a request's headers, an
 * error whose message carries a key or a bearer token, a URL with its password) is not written.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorFields, openLog, scrub } from './log.js';

const dir = mkdtempSync(join(tmpdir(), 'log-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PEM = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgSECRETSECRETSECRET\n-----END PRIVATE KEY-----';

describe('the log', () => {
  it('writes JSON lines with a level, and no secret that was handed to it', async () => {
    const opened = await openLog({ dir, name: 'probe', stdout: false });
    const { log } = opened;
    log.info({ channel: 'auth.login', input: { username: 'ana', pin: '493817' } }, 'call');
    log.warn({ approval: { username: 'chefe', pin: '604713' }, pin: '111999' }, 'approval');
    log.info({ headers: { authorization: 'Bearer tok-abcdef0123456789', cookie: 'sid=zzz' }, operatorToken: 'op-7c3e9a' }, 'request');
    log.info({ recoveryCode: 'TRHND-Z18DQ-3NCPN-QGAZ6', enrolmentCode: 'ENR-7781', privateKey: 'raw-key-bytes' }, 'codes');
    log.error(errorFields(new Error(`signing failed with ${PEM}`)), 'key');
    log.error({ message: 'sent Authorization: Bearer abc.def-ghi' }, 'bearer');
    log.info({ group: 'postgres://kiosk:s3cretpw@db.example:5432/group' }, 'url');
    opened.close();
    const text = readdirSync(dir)
      .filter((f) => f.startsWith('probe.') && f.endsWith('.log'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('');
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(7);
    for (const l of lines) expect(JSON.parse(l)).toMatchObject({ post: 'probe', level: expect.stringMatching(/^(info|warn|error)$/) });
    for (const secret of ['493817', '604713', '111999', 'tok-abcdef', 'sid=zzz', 'op-7c3e9a', 'TRHND', 'ENR-7781', 'raw-key-bytes', 'SECRETSECRET', 'abc.def-ghi', 's3cretpw']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('"channel":"auth.login"');
  });

  it('rolls to a new file at its size, current.log following', async () => {
    const rolled = join(dir, 'rolled');
    const opened = await openLog({ dir: rolled, name: 'hall', stdout: false, size: '1k' });
    for (let i = 0; i < 40; i++) {
      opened.log.info({ i, filler: 'x'.repeat(100) }, 'line');
      // Rolling waits for the stream to drain: give it its turn.
      await new Promise((r) => setTimeout(r, 2));
    }
    opened.close();
    const files = readdirSync(rolled).filter((f) => /^hall\.\d+\.log$/.test(f));
    expect(files.length).toBeGreaterThan(2);
    const lines = files.flatMap((f) => readFileSync(join(rolled, f), 'utf8').trim().split('\n')).filter((l) => l !== '');
    expect(lines).toHaveLength(40);
    expect(readdirSync(rolled)).toContain('current.log');
  });

  it('has each line on disk when the call returns, so a post that exits right after its last line loses none', async () => {
    const now = join(dir, 'now');
    const opened = await openLog({ dir: now, name: 'counter', stdout: false });
    const onDisk = () => readFileSync(join(now, 'current.log'), 'utf8').trim().split('\n').filter((l) => l !== '').length;
    // Written one after another with no turn given to the event loop: an asynchronous writer has the first in flight
    // and the rest in its buffer, and a process.exit() here would lose them.
    for (let i = 1; i <= 5; i++) {
      opened.log.info({ i }, 'counter stopping');
      expect(onDisk()).toBe(i);
    }
    opened.close();
  });

  it('never stops the program: a folder that cannot be written logs to stderr', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const opened = await openLog({ dir: join(file, 'logs'), name: 'hall', stdout: false });
    expect(opened.file()).toBe('stderr');
    expect(() => opened.log.info('still running')).not.toThrow();
    opened.close();
  });

  it('scrubs a PEM block, a bearer token and a URL password from any line', () => {
    expect(scrub(`a ${PEM.replace(/\n/g, '\\n')} b`)).toBe('a [PEM] b');
    expect(scrub('Authorization: Bearer xyz.123')).toBe('Authorization: Bearer [Redacted]');
    expect(scrub('"postgres://u:pw@h/db"')).toBe('"postgres://u:***@h/db"');
  });
});
