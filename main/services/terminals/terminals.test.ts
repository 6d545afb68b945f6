/**
 * The terminals domain on a real SQLite file: terminal.enroll (admin only; a
 * code shown once, kept hashed, 10 minutes), terminal.list, terminal.revoke;
 * a code's redemption once, even when two redeem it at once; each refusal
 * changes nothing; enrolment, redemption and revocation are audited (the
 * code itself never).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, type NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage } from '../../../core/errors.js';
import { KioskError } from '../../../core/refusal.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot } from '../../../test/harness.js';
import { runningPost } from '../../../core/terminals/post.js';
import { terminalsAddresses } from '../../hall/hall-post.js';
import { generateP256, openHallPki, spkiBase64, type HallPki } from '../../hall/pki.js';
import { codeHash, redeemEnrolmentCode } from './index.js';

let t: TestHall;
let admin: string;
let pkiDir: string;
let pki: HallPki;
let publicKey: string;

beforeEach(async () => {
  t = await createTestHall();
  admin = await t.h.login('admin', '1111');
  pkiDir = mkdtempSync(join(tmpdir(), 'hall-pki-'));
  pki = await openHallPki(pkiDir);
  publicKey = await spkiBase64((await generateP256()).publicKey);
});
afterEach(() => {
  t.h.close();
  rmSync(pkiDir, { recursive: true, force: true });
});

const redeem = (code: string, key = publicKey) =>
  redeemEnrolmentCode(t.h.kiosk.db, { now: t.h.clock.now, issue: (id, k, at) => pki.issueTerminalCertificate(id, k, at), machine: t.h.kiosk.machine }, { code, publicKey: key });

async function refusedWith(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof KioskError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('not refused');
}

const auditRows = () =>
  t.h.kiosk.db.prepare(`SELECT channel, terminal_id AS terminalId, operator_id AS operatorId, input, after FROM audit_log WHERE channel LIKE 'terminal.%' ORDER BY id`).all() as {
    channel: string;
    terminalId: string;
    operatorId: number | null;
    input: string;
    after: string;
  }[];

describe('terminal.enroll', () => {
  it('answers a one-time code for 10 minutes, kept only as its hash and never in the audit log', async () => {
    const enrolled = await t.h.ok('terminal.enroll', { name: 'BALCAO2' }, admin);
    expect(enrolled).toMatchObject({ name: 'BALCAO2', expiresAt: '2026-11-30T20:10:00.000Z', hallFingerprint: null });
    expect(enrolled.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const rows = t.h.kiosk.db.prepare(`SELECT code_hash AS codeHash, terminal_name AS name, expires_at AS expiresAt, used_at AS usedAt FROM enrolment_codes`).all();
    expect(rows).toEqual([{ codeHash: codeHash(enrolled.code), name: 'BALCAO2', expiresAt: '2026-11-30T20:10:00.000Z', usedAt: null }]);
    const audit = auditRows();
    expect(audit.map((r) => [r.channel, JSON.parse(r.after)])).toEqual([['terminal.enroll', { name: 'BALCAO2', expiresAt: '2026-11-30T20:10:00.000Z' }]]);
    expect(JSON.stringify(snapshot(t.h.kiosk))).not.toContain(enrolled.code.replace(/-/g, ''));
    expect(JSON.stringify(snapshot(t.h.kiosk))).not.toContain(enrolled.code);
  });

  it("gives the addresses the hall's terminals port listens on and a data folder of the counter's own, for a command copied as is", async () => {
    // A standalone kiosk runs no terminals port: no address to give.
    expect(await t.h.ok('terminal.enroll', { name: 'T2' }, admin)).toMatchObject({ hallUrls: [], counterDataDir: '.kiosk-counter-T2' });
    const lan = {
      lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
      eth0: [
        { address: '192.168.1.10', netmask: '255.255.255.0', family: 'IPv4', mac: '02:42:ac:11:00:02', internal: false, cidr: '192.168.1.10/24' },
        { address: 'fe80::42:acff:fe11:2', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:42:ac:11:00:02', internal: false, cidr: 'fe80::42:acff:fe11:2/64', scopeid: 2 },
      ],
      wlan0: [{ address: '10.0.0.5', netmask: '255.255.255.0', family: 'IPv4', mac: '02:42:ac:11:00:03', internal: false, cidr: '10.0.0.5/24' }],
    } as const satisfies NodeJS.Dict<NetworkInterfaceInfo[]>;
    const hallAt = async (bind: string) => {
      const info = { terminalsPort: 7443, bind, addresses: terminalsAddresses(bind, 7443, lan), fingerprint: `sha256:${'ab'.repeat(32)}` };
      const hall = await createTestHall({ post: () => runningPost('hall', { hall: info }) });
      try {
        return await hall.h.ok('terminal.enroll', { name: 'BALCAO2' }, await hall.h.login('admin', '1111'));
      } finally {
        hall.h.close();
      }
    };
    expect(await hallAt('0.0.0.0')).toMatchObject({ hallUrls: ['https://192.168.1.10:7443', 'https://10.0.0.5:7443'], counterDataDir: '.kiosk-counter-BALCAO2' });
    expect((await hallAt('::')).hallUrls).toEqual(['https://192.168.1.10:7443', 'https://10.0.0.5:7443']);
    expect((await hallAt('192.168.1.10')).hallUrls).toEqual(['https://192.168.1.10:7443']);
    expect((await hallAt('sala.local')).hallUrls).toEqual(['https://sala.local:7443']);
    // The code is still shown once: neither the addresses' answer nor anything else keeps it.
    expect(JSON.parse(auditRows().at(-1)!.after)).toEqual({ name: 'T2', expiresAt: '2026-11-30T20:10:00.000Z' });
  });

  it("names the hall server's fingerprint once its terminals port has made its certificate", async () => {
    const own = await openHallPki(t.h.kiosk.dataDir);
    expect((await t.h.ok('terminal.enroll', { name: 'T2' }, admin)).hallFingerprint).toBe(own.serverFingerprint);
  });

  it("refuses an invalid name, the hall's own terminal, a live terminal, and a manager; nothing changes", async () => {
    await t.h.ok('terminal.enroll', { name: 'T2' }, admin);
    const r = await redeem((await t.h.ok('terminal.enroll', { name: 'T3' }, admin)).code);
    expect(r.terminalId).toBe('T3');
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('terminal.enroll', { name: 'caixa 1' }, admin)).toEqual({
      code: 'TERMINAL_NAME_INVALID',
      message: errorMessage('TERMINAL_NAME_INVALID', { name: 'caixa 1' }),
    });
    expect(await t.h.refused('terminal.enroll', { name: 'T1' }, admin)).toEqual({
      code: 'TERMINAL_IS_HALL',
      message: 'T1 é o terminal do próprio servidor da sala (os seus ecrãs): um posto inscrito leva outro nome.',
    });
    expect((await t.h.refused('terminal.enroll', { name: 'T3' }, admin)).code).toBe('TERMINAL_ALREADY_ENROLLED');
    expect((await t.h.refused('terminal.enroll', { name: 'T4' }, t.manager)).code).toBe('FORBIDDEN');
    expect((await t.h.refused('terminal.enroll', { name: 'T4' }, t.cashier)).code).toBe('FORBIDDEN');
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });
});

describe('redeeming a code', () => {
  it('enrols the terminal once, with its certificate; list shows it; audited without the code', async () => {
    const { code } = await t.h.ok('terminal.enroll', { name: 'BALCAO2' }, admin);
    t.h.clock.advanceMinutes(3);
    const r = await redeem(code.toLowerCase());
    expect(r.terminalId).toBe('BALCAO2');
    expect(r.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await t.h.ok('terminal.list', {}, t.manager)).toEqual([
      // No terminals port started in this folder: no server fingerprint, no confirmation code.
      { name: 'BALCAO2', fingerprint: r.fingerprint, enrolledAt: '2026-11-30T20:03:00.000Z', lastSeenAt: null, revokedAt: null, confirmation: null },
    ]);
    const redeemed = auditRows().at(-1)!;
    expect(redeemed).toMatchObject({ channel: 'terminal.redeem', terminalId: 'BALCAO2', operatorId: null });
    expect(JSON.parse(redeemed.after)).toEqual({ name: 'BALCAO2', fingerprint: r.fingerprint, serial: r.serial });
    expect(redeemed.input).not.toContain(code.replace(/-/g, ''));

    const before = snapshot(t.h.kiosk);
    expect(await refusedWith(redeem(code))).toEqual({
      code: 'ENROLMENT_CODE_USED',
      message: 'Este código de inscrição já foi usado: cada código serve uma vez. Peça um novo no servidor da sala.',
    });
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('refuses an unknown code, an expired one (at its expiry), and a key that is not P-256; nothing changes', async () => {
    const { code } = await t.h.ok('terminal.enroll', { name: 'T2' }, admin);
    const before = snapshot(t.h.kiosk);
    expect((await refusedWith(redeem('0000-0000-0000'))).code).toBe('ENROLMENT_CODE_UNKNOWN');
    expect((await refusedWith(redeem(code, 'AAAA'))).code).toBe('ENROLMENT_KEY_INVALID');
    t.h.clock.advanceMinutes(10);
    expect(await refusedWith(redeem(code))).toEqual({
      code: 'ENROLMENT_CODE_EXPIRED',
      message: errorMessage('ENROLMENT_CODE_EXPIRED', { expiresAt: '2026-11-30T20:10:00.000Z' }),
    });
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('works once when two redeem one code at once: one terminal, the other refused', async () => {
    const { code } = await t.h.ok('terminal.enroll', { name: 'T2' }, admin);
    const other = await spkiBase64((await generateP256()).publicKey);
    const results = await Promise.allSettled([redeem(code), redeem(code, other), redeem(code)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => ((r as PromiseRejectedResult).reason as KioskError).code)).toEqual([
      'ENROLMENT_CODE_USED',
      'ENROLMENT_CODE_USED',
    ]);
    const winner = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ fingerprint: string }>).value;
    expect((await t.h.ok('terminal.list', {}, admin)).map((x) => x.fingerprint)).toEqual([winner.fingerprint]);
    expect(auditRows().filter((r) => r.channel === 'terminal.redeem')).toHaveLength(1);
  });

  it('two codes for one name enrol it once', async () => {
    const a = await t.h.ok('terminal.enroll', { name: 'T2' }, admin);
    const b = await t.h.ok('terminal.enroll', { name: 'T2' }, admin);
    await redeem(a.code);
    expect((await refusedWith(redeem(b.code))).code).toBe('TERMINAL_ALREADY_ENROLLED');
    expect(await t.h.ok('terminal.list', {}, admin)).toHaveLength(1);
  });
});

describe('terminal.revoke', () => {
  it('revokes once, by an admin; the name can be enrolled again, a new row beside the revoked one', async () => {
    const first = await redeem((await t.h.ok('terminal.enroll', { name: 'T2' }, admin)).code);
    t.h.clock.advanceMinutes(1);
    expect(await t.h.ok('terminal.revoke', { name: 'T2' }, admin)).toEqual({ name: 'T2', revokedAt: '2026-11-30T20:01:00.000Z' });
    const row = t.h.kiosk.db.prepare(`SELECT revoked_at AS revokedAt, revoked_by AS revokedBy FROM terminals WHERE fingerprint = ?`).get(first.fingerprint);
    const adminId = t.h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = 'admin'`).pluck().get();
    expect(row).toEqual({ revokedAt: '2026-11-30T20:01:00.000Z', revokedBy: adminId });
    expect(JSON.parse(auditRows().at(-1)!.after)).toEqual({ name: 'T2', fingerprint: first.fingerprint, revokedAt: '2026-11-30T20:01:00.000Z' });

    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('terminal.revoke', { name: 'T2' }, admin)).toEqual({
      code: 'TERMINAL_ALREADY_REVOKED',
      message: errorMessage('TERMINAL_ALREADY_REVOKED', { name: 'T2', revokedAt: '2026-11-30T20:01:00.000Z' }),
    });
    expect(await t.h.refused('terminal.revoke', { name: 'T9' }, admin)).toEqual({ code: 'TERMINAL_NOT_FOUND', message: 'Não há terminal inscrito com o nome T9.' });
    expect((await t.h.refused('terminal.revoke', { name: 'T2' }, t.manager)).code).toBe('FORBIDDEN');
    expect(snapshot(t.h.kiosk)).toEqual(before);

    const again = await redeem((await t.h.ok('terminal.enroll', { name: 'T2' }, admin)).code);
    expect((await t.h.ok('terminal.list', {}, admin)).map((x) => [x.name, x.fingerprint, x.revokedAt])).toEqual([
      ['T2', first.fingerprint, '2026-11-30T20:01:00.000Z'],
      ['T2', again.fingerprint, null],
    ]);
  });

  it("ends the sessions opened at the revoked terminal, and only those, for good (the name enrolled again starts with none)", async () => {
    await redeem((await t.h.ok('terminal.enroll', { name: 'T2' }, admin)).code);
    const atT2 = t.h.at('T2');
    const there = await atT2.login('caixa1', '3333');
    expect((await atT2.ok('auth.me', {}, there)).username).toBe('caixa1');
    await t.h.ok('terminal.revoke', { name: 'T2' }, admin);
    expect((await atT2.refused('auth.me', {}, there)).code).toBe('NOT_AUTHENTICATED');
    expect((await t.h.ok('auth.me', {}, t.manager)).username).toBe('gerente');
    await redeem((await t.h.ok('terminal.enroll', { name: 'T2' }, admin)).code);
    await t.h.reopen();
    expect((await atT2.refused('auth.me', {}, there)).code).toBe('NOT_AUTHENTICATED');
    expect(t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM operator_sessions WHERE terminal_id = 'T2'`).pluck().get()).toBe(0);
  });
});
