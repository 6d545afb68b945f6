/**
 * PIN guards that cannot be turned into a weapon, and that survive a stolen
 * file (issue 21): a block is the account's at one terminal, never its login
 * everywhere; an admin always gets back in (another admin's unlock, or the
 * recovery code made at setup); PIN hashes are sealed under the data
 * folder's pin.key; the hall may require 6-digit PINs of those who approve.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../kiosk.js';
import { PIN_KEY_FILE } from '../shared/access/pin-key.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { createHarness, snapshot, type Harness } from '../../../test/harness.js';

const open: Harness[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const h of open.splice(0)) h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function hall() {
  const t = await createTestHall();
  open.push(t.h);
  return t;
}

async function refusedUnchanged(h: Harness, channel: string, input: unknown, token?: string) {
  const before = snapshot(h.kiosk);
  const e = await h.refused(channel as never, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return e;
}

const blockAt = async (h: Harness, username: string) => {
  for (let i = 0; i < 5; i++) await h.refused('auth.login', { username, pin: '0000' });
};

/** The same data folder opened as another terminal (the budgets are kept in the file, by terminal). */
async function asTerminal(h: Harness, terminalId: string): Promise<Harness> {
  h.kiosk.close();
  return createHarness({ dataDir: h.dataDir, terminalId });
}

describe('a block is the account’s at one terminal', () => {
  it('5 wrong PINs at T1 block the manager at T1 only: at T2 he logs in; an admin ends the block everywhere', async () => {
    const t = await hall();
    await blockAt(t.h, 'gerente');
    expect((await t.h.refused('auth.login', { username: 'gerente', pin: '2222' })).code).toBe('USER_LOCKED');
    const t2 = await asTerminal(t.h, 'T2');
    expect(await t2.login('gerente', '2222')).toEqual(expect.any(String));
    // Back at T1 the block holds (kept in the file), until an admin ends it.
    t2.close();
    await t.h.reopen();
    expect((await t.h.refused('auth.login', { username: 'gerente', pin: '2222' })).code).toBe('USER_LOCKED');
    const admin = await t.h.login('admin', '1111');
    const list = await t.h.ok('users.list', {}, admin);
    expect(list.find((u) => u.username === 'gerente')!.lockedUntil).toBe('2026-11-30T20:05:00.000Z');
    await t.h.ok('users.unlock', { operatorId: 2 }, admin);
    expect(t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM pin_budgets WHERE scope LIKE 'account:2@%'`).pluck().get()).toBe(0);
    expect(await t.h.login('gerente', '2222')).toEqual(expect.any(String));
  });
});

describe('an admin always gets back in', () => {
  it('every admin blocked: the recovery code made at setup sets a new PIN, ends the block, and is spent (a new one replaces it)', async () => {
    const h = await createHarness();
    open.push(h);
    const init = await h.ok('setup.init', { hallName: 'Sala', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
    await blockAt(h, 'admin');
    expect((await h.refused('auth.login', { username: 'admin', pin: '1111' })).code).toBe('USER_LOCKED');

    // A wrong code, another user's name, a cashier: refused and counted, nothing else changes.
    const wrong = await h.refused('auth.recover', { username: 'admin', recoveryCode: '00000-00000-00000-00000', pin: '5678' });
    expect(wrong).toEqual({
      code: 'RECOVERY_INVALID',
      message: 'Utilizador ou código de recuperação incorretos (só um administrador tem código). Tentativas restantes antes de uma pausa: 4.',
    });
    expect((await h.refused('auth.recover', { username: 'ninguem', recoveryCode: init.recoveryCode, pin: '5678' })).code).toBe('RECOVERY_INVALID');
    expect((await refusedUnchanged(h, 'auth.recover', { username: 'admin', recoveryCode: init.recoveryCode, pin: '12' })).code).toBe('INVALID_PIN_FORMAT');

    const recovered = await h.ok('auth.recover', { username: 'ADMIN', recoveryCode: init.recoveryCode.toLowerCase().replace(/-/g, ' '), pin: '5678' });
    expect(recovered.operator).toEqual({ id: 1, username: 'admin', name: 'Admin', roles: ['admin'] });
    expect(recovered.recoveryCode).not.toBe(init.recoveryCode);
    expect(await h.login('admin', '5678')).toEqual(expect.any(String));
    expect((await h.refused('auth.login', { username: 'admin', pin: '1111' })).code).toBe('INVALID_CREDENTIALS');
    // The code is spent: the old one no longer works, the new one does.
    expect((await h.refused('auth.recover', { username: 'admin', recoveryCode: init.recoveryCode, pin: '4321' })).code).toBe('RECOVERY_INVALID');
    await h.ok('auth.recover', { username: 'admin', recoveryCode: recovered.recoveryCode, pin: '4321' });
    // Audited without the code or the PIN.
    const rows = h.kiosk.db.prepare(`SELECT input, after FROM audit_log WHERE channel = 'auth.recover' AND outcome = 'ok'`).all() as { input: string; after: string }[];
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(JSON.parse(r.input)).toEqual({ username: expect.any(String), recoveryCode: '***', pin: '***' });
      expect(JSON.parse(r.after)).toMatchObject({ id: 1, pinChanged: true, recoveryCodeIssued: true });
      expect(r.after).not.toContain(recovered.recoveryCode);
    }
  });

  it('an admin makes a new recovery code for himself; the one before stops working', async () => {
    const h = await createHarness();
    open.push(h);
    const init = await h.ok('setup.init', { hallName: 'Sala', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
    const admin = await h.login('admin', '1111');
    const { recoveryCode } = await h.ok('users.newRecoveryCode', {}, admin);
    expect(recoveryCode).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    expect((await h.refused('auth.recover', { username: 'admin', recoveryCode: init.recoveryCode, pin: '2468' })).code).toBe('RECOVERY_INVALID');
    await h.ok('auth.recover', { username: 'admin', recoveryCode, pin: '2468' });
    // A cashier or a manager has none to make.
    await h.ok('users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, await h.login('admin', '2468'));
    expect((await h.refused('users.newRecoveryCode', {}, await h.login('gerente', '2222'))).code).toBe('FORBIDDEN');
  });
});

describe('PINs that survive a stolen file', () => {
  it('the key is the data folder’s pin.key, owner only; the database copied alone checks no PIN, and says why', async () => {
    const t = await hall();
    const keyFile = join(t.h.dataDir, PIN_KEY_FILE);
    expect(existsSync(keyFile)).toBe(true);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    t.h.kiosk.close();

    // The thief's folder: the database, not the key.
    const stolen = mkdtempSync(join(tmpdir(), 'kiosk-stolen-'));
    dirs.push(stolen);
    // One consistent copy, whatever the WAL holds: after the close, the checkpoint thread may still be folding it into the file.
    const copy = new Database(join(t.h.dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
    copy.exec(`VACUUM INTO '${join(stolen, DATABASE_FILE).replaceAll("'", "''")}'`);
    copy.close();
    // Without the key the kiosk does not start on it (pin-key.ts); told the key is lost, it starts and checks nothing.
    await expect(createHarness({ dataDir: stolen })).rejects.toMatchObject({ code: 'PIN_KEY_MISSING' });
    const thief = await createHarness({ dataDir: stolen, newPinKey: true });
    open.push(thief);
    expect((await thief.ok('setup.status', {})).pinKey).toBe('other');
    // Every right PIN is wrong there.
    for (const [username, pin] of [['admin', '1111'], ['gerente', '2222'], ['caixa1', '3333']] as const) {
      expect((await thief.refused('auth.login', { username, pin })).code).toBe('INVALID_CREDENTIALS');
    }
    // No hash was sealed again under the thief's key.
    const hashes = thief.kiosk.db.prepare(`SELECT pin_hash FROM operators ORDER BY id`).pluck().all();
    expect(thief.kiosk.db.prepare(`SELECT COUNT(*) FROM audit_log WHERE channel = 'pins.sealed'`).pluck().get()).toBe(0);
    expect(hashes.every((x) => String(x).startsWith('scrypt-hmac$'))).toBe(true);
  });

  it('a hall whose key was lost gets back in with the admin’s recovery code; its PINs are sealed under the new key from then on', async () => {
    const first = await createHarness();
    dirs.push(first.dataDir);
    const init = await first.ok('setup.init', { hallName: 'Sala', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
    first.kiosk.close();
    rmSync(join(first.dataDir, PIN_KEY_FILE));
    // Lost for good (--new-pin-key): a plain start is refused (pin-key.test.ts).
    const h = await createHarness({ dataDir: first.dataDir, newPinKey: true });
    open.push(h);
    expect((await h.ok('setup.status', {})).pinKey).toBe('other');
    expect((await h.refused('auth.login', { username: 'admin', pin: '1111' })).code).toBe('INVALID_CREDENTIALS');
    await h.ok('auth.recover', { username: 'admin', recoveryCode: init.recoveryCode, pin: '9753' });
    expect((await h.ok('setup.status', {})).pinKey).toBe('ok');
    await h.reopen();
    expect(await h.login('admin', '9753')).toEqual(expect.any(String));
  });
});

describe('6-digit PINs for managers and admins', () => {
  it('turned on only once every manager and admin has one; then a short PIN is refused for them, not for cashiers', async () => {
    const t = await hall();
    const admin = await t.h.login('admin', '1111');
    expect(await refusedUnchanged(t.h, 'settings.update', { longManagerPins: true }, admin)).toEqual({
      code: 'LONG_PINS_NOT_SET',
      message: expect.stringContaining('Ainda há 2 gerente(s) ou administrador(es) sem PIN de 6 algarismos conhecido (admin, gerente)'),
    });
    await t.h.ok('users.resetPin', { operatorId: 2, pin: '246810' }, admin);
    // A right 6-digit PIN at login tells its length too (a PIN set before the kiosk knew).
    await t.h.ok('users.resetPin', { operatorId: 1, pin: '135790' }, admin);
    t.h.kiosk.db.prepare(`UPDATE operators SET short_pin = 1 WHERE id = 1`).run();
    const admin6 = await t.h.login('admin', '135790');
    expect(t.h.kiosk.db.prepare(`SELECT short_pin FROM operators WHERE id = 1`).pluck().get()).toBe(0);
    expect((await t.h.ok('settings.update', { longManagerPins: true }, admin6)).longManagerPins).toBe(true);

    const tooShort = { code: 'PIN_TOO_SHORT_FOR_ROLE', message: expect.stringContaining('A sala exige PIN de 6 algarismos, pelo menos, a gerentes e administradores') };
    expect(await refusedUnchanged(t.h, 'users.resetPin', { operatorId: 2, pin: '2222' }, admin6)).toEqual(tooShort);
    expect(await refusedUnchanged(t.h, 'users.create', { username: 'gerente2', name: 'Gerente Dois', roles: ['manager'], pin: '12345' }, admin6)).toEqual(tooShort);
    // A cashier with a 4-digit PIN is not made a manager until a 6-digit PIN is set.
    expect(await refusedUnchanged(t.h, 'users.update', { operatorId: 3, roles: ['cashier', 'manager'] }, admin6)).toEqual(tooShort);
    await t.h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['cashier'], pin: '4444' }, admin6);
    await t.h.ok('users.resetPin', { operatorId: 3, pin: '333333' }, admin6);
    await t.h.ok('users.update', { operatorId: 3, roles: ['cashier', 'manager'] }, admin6);
  });
});
