/**
 * Operators change only through audited commands (issue 12, part 3):
 * users.update, users.resetPin, users.unlock; the hall always keeps an
 * active admin, and a changed operator logs in again to take the change.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { snapshot, type Harness } from '../../../test/harness.js';

let h: Harness;
let t: { admin: string; manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall();
  h = hall.h;
  t = { admin: await h.login('admin', '1111'), manager: hall.manager, cashier: hall.cashier };
});

afterEach(() => h.close());

const idOf = (username: string) => h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = ?`).pluck().get(username) as number;
const lastAudit = () => h.kiosk.db.prepare(`SELECT channel, operator_id AS operatorId, input, before, after FROM audit_log ORDER BY id DESC LIMIT 1`).get() as Record<string, string>;

async function refusedUnchanged(channel: Parameters<Harness['refused']>[0], input: unknown, token: string) {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

describe('users.update', () => {
  it("changes name and roles in one audited step; the operator's open session ends and the next login carries the new roles", async () => {
    const id = idOf('caixa1');
    const updated = await h.ok('users.update', { operatorId: id, name: 'Caixa Principal', roles: ['cashier', 'caixa', 'cashier'] }, t.admin);
    expect(updated).toEqual({ id, username: 'caixa1', name: 'Caixa Principal', roles: ['cashier', 'caixa'], active: true });
    const audit = lastAudit();
    expect(audit.channel).toBe('users.update');
    expect(JSON.parse(audit.before!)).toEqual({ id, username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], active: true });
    // With the digest of the credential it wrote (issue 37): the books compare the operator with it.
    expect(JSON.parse(audit.after!)).toEqual({ ...updated, credentials: { [id]: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect((await h.refused('auth.me', {}, t.cashier)).code).toBe('NOT_AUTHENTICATED');
    const again = await h.login('caixa1', '3333');
    expect((await h.ok('auth.me', {}, again)).roles).toEqual(['cashier', 'caixa']);
    // Others' sessions go on.
    expect((await h.ok('auth.me', {}, t.manager)).username).toBe('gerente');
  });

  it('deactivates an operator: they cannot log in, stay listed, and come back when reactivated', async () => {
    const id = idOf('caixa1');
    await h.ok('users.update', { operatorId: id, active: false }, t.admin);
    expect((await h.refused('auth.login', { username: 'caixa1', pin: '3333' })).code).toBe('INVALID_CREDENTIALS');
    expect((await h.ok('users.list', {}, t.manager)).find((o) => o.id === id)).toEqual({
      id,
      username: 'caixa1',
      name: 'Caixa Um',
      roles: ['cashier'],
      active: false,
      lockedUntil: null,
      shortPin: true,
    });
    await h.ok('users.update', { operatorId: id, active: true }, t.admin);
    expect(await h.login('caixa1', '3333')).toEqual(expect.any(String));
  });

  it('never leaves the hall without an active admin (LAST_ADMIN), changing nothing', async () => {
    const admin = idOf('admin');
    for (const input of [
      { operatorId: admin, roles: ['manager' as const] },
      { operatorId: admin, active: false },
    ]) {
      const e = await refusedUnchanged('users.update', input, t.admin);
      expect(e.code).toBe('LAST_ADMIN');
      expect(e.message).toContain('"admin" é o último administrador ativo');
    }
    // With a second admin, the first may step down.
    await h.ok('users.update', { operatorId: idOf('gerente'), roles: ['manager', 'admin'] }, t.admin);
    expect((await h.ok('users.update', { operatorId: admin, roles: ['manager'] }, t.admin)).roles).toEqual(['manager']);
  });

  it('refuses an unknown operator, a manager or a cashier calling it, and a bad name', async () => {
    expect((await refusedUnchanged('users.update', { operatorId: 999, name: 'Ninguém' }, t.admin)).code).toBe('USER_NOT_FOUND');
    expect((await refusedUnchanged('users.update', { operatorId: idOf('caixa1'), roles: ['admin'] }, t.manager)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('users.update', { operatorId: idOf('caixa1'), roles: ['admin'] }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('users.update', { operatorId: idOf('caixa1'), name: 'Caixa\u202eUm' }, t.admin)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('users.update', { operatorId: idOf('caixa1'), roles: [] }, t.admin)).code).toBe('VALIDATION_FAILED');
  });
});

describe('users.resetPin and users.unlock', () => {
  it('a new PIN replaces the old at once, ends the lock-out and the sessions, and is never logged', async () => {
    const id = idOf('caixa1');
    for (let i = 0; i < 5; i += 1) await h.refused('auth.login', { username: 'caixa1', pin: '9999' });
    expect((await h.refused('auth.login', { username: 'caixa1', pin: '3333' })).code).toBe('USER_LOCKED');
    await h.ok('users.resetPin', { operatorId: id, pin: '4321' }, t.admin);
    const audit = lastAudit();
    expect(audit.channel).toBe('users.resetPin');
    expect(audit.input).not.toContain('4321');
    expect(JSON.parse(audit.after!)).toEqual({
      id,
      username: 'caixa1',
      name: 'Caixa Um',
      roles: ['cashier'],
      active: true,
      pinChanged: true,
      credentials: { [id]: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect((await h.refused('auth.me', {}, t.cashier)).code).toBe('NOT_AUTHENTICATED');
    expect((await h.refused('auth.login', { username: 'caixa1', pin: '3333' })).code).toBe('INVALID_CREDENTIALS');
    expect(await h.login('caixa1', '4321')).toEqual(expect.any(String));
  });

  it('refuses a PIN that is not 4-8 digits, an unknown operator, and anyone but an admin', async () => {
    expect((await refusedUnchanged('users.resetPin', { operatorId: idOf('caixa1'), pin: '12' }, t.admin)).code).toBe('INVALID_PIN_FORMAT');
    expect((await refusedUnchanged('users.resetPin', { operatorId: 999, pin: '4321' }, t.admin)).code).toBe('USER_NOT_FOUND');
    expect((await refusedUnchanged('users.resetPin', { operatorId: idOf('caixa1'), pin: '4321' }, t.manager)).code).toBe('FORBIDDEN');
  });

  it('a manager ends a lock-out before it runs out; a cashier cannot', async () => {
    for (let i = 0; i < 5; i += 1) await h.refused('auth.login', { username: 'caixa1', pin: '9999' });
    expect((await h.ok('users.list', {}, t.manager)).find((o) => o.username === 'caixa1')?.lockedUntil).toBe('2026-11-30T20:05:00.000Z');
    expect((await refusedUnchanged('users.unlock', { operatorId: idOf('caixa1') }, t.cashier)).code).toBe('FORBIDDEN');
    await h.ok('users.unlock', { operatorId: idOf('caixa1') }, t.manager);
    expect(JSON.parse(lastAudit().before!)).toMatchObject({ username: 'caixa1', lockedUntil: '2026-11-30T20:05:00.000Z' });
    expect((await h.ok('users.list', {}, t.manager)).find((o) => o.username === 'caixa1')?.lockedUntil).toBeNull();
    expect(await h.login('caixa1', '3333')).toEqual(expect.any(String));
    expect((await h.ok('books.verify', {}, t.manager)).findings).toEqual([]);
  });
});

describe('auth.staff', () => {
  it('lists the active staff as tiles without a token: names, and who approves; a deactivated operator leaves the tiles', async () => {
    const staff = await h.ok('auth.staff', {});
    expect(staff.map((s) => s.username)).toEqual(h.kiosk.db.prepare(`SELECT username FROM operators WHERE active = 1 ORDER BY id`).pluck().all());
    expect(staff.find((s) => s.username === 'caixa1')).toEqual({ id: idOf('caixa1'), username: 'caixa1', name: 'Caixa Um', approver: false });
    expect(staff.find((s) => s.username === 'admin')).toMatchObject({ approver: true });
    expect(Object.keys(staff[0]!).sort()).toEqual(['approver', 'id', 'name', 'username']);
    await h.ok('users.update', { operatorId: idOf('caixa1'), active: false }, t.admin);
    expect((await h.ok('auth.staff', {})).some((s) => s.username === 'caixa1')).toBe(false);
  });
});
