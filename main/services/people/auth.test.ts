/**
 * Setup, PIN login with lock-out, idle lock, roles checked by the dispatcher,
 * operators, and the secrets that must never be stored or logged (SPEC 10).
 */
import { describe, it, expect, afterEach } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { CHANNELS, contract, type Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { verifyAudit } from '../../../db/audit.js';
import { DATABASE_FILE } from '../../kiosk.js';
import { PIN_COST } from '../shared/access/pin.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { createHarness, snapshot, type Harness } from '../../../test/harness.js';


let h: Harness | undefined;
/** Set by the test that breaks the chain on purpose. */
let tampered = false;

afterEach(() => {
  if (!h) return;
  try {
    if (!tampered) expect(verifyAudit(h.kiosk.db).valid).toBe(true);
  } finally {
    h.close();
    h = undefined;
    tampered = false;
  }
});

async function hall(options: Parameters<typeof createTestHall>[0] = {}) {
  const x = await createTestHall(options);
  h = x.h;
  return { h: x.h, manager: x.manager, cashier: x.cashier };
}

async function refusedUnchanged(hh: Harness, channel: Channel | string, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(hh.kiosk);
  const error = await hh.refused(channel as Channel, input, token);
  expect(snapshot(hh.kiosk)).toEqual(before);
  return error;
}

function changedTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string[] {
  return Object.keys(after)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort();
}

const operatorRow = (hh: Harness, username: string) =>
  hh.kiosk.db.prepare(`SELECT * FROM operators WHERE username = ?`).get(username) as {
    id: number;
    pin_hash: string;
    short_pin: number;
  };

/** The wrong-PIN budget of an account at terminal T1, as kept in the file (none: a fresh one). */
const budget = (hh: Harness, username: string) =>
  (hh.kiosk.db
    .prepare(`SELECT failures, blocks, blocked_until FROM pin_budgets WHERE scope = 'account:' || (SELECT id FROM operators WHERE username = ?) || '@T1'`)
    .get(username) as { failures: number; blocks: number; blocked_until: string | null } | undefined) ?? { failures: 0, blocks: 0, blocked_until: null };

describe('setup on an empty database', () => {
  it('reports the empty hall, refuses login, and sets up once', async () => {
    h = await createHarness({ terminalId: 'T7' });
    expect(await h.ok('setup.status', {})).toEqual({ initialized: false, hallName: null, timeZone: 'Europe/Lisbon', terminalId: 'T7', pinKey: 'ok' });
    expect(await refusedUnchanged(h, 'auth.login', { username: 'admin', pin: '1111' })).toEqual({
      code: 'NOT_INITIALIZED',
      message: 'A sala ainda não está configurada: faça a configuração inicial.',
    });
    // A bad PIN leaves the database empty (the hall row is rolled back too).
    const bad = await refusedUnchanged(h, 'setup.init', { hallName: 'Sala', admin: { username: 'admin', name: 'Admin', pin: '12' } });
    expect(bad).toEqual({ code: 'INVALID_PIN_FORMAT', message: 'O PIN deve ter entre 4 e 8 algarismos.' });
    expect((await h.ok('setup.status', {})).initialized).toBe(false);
    // A hall name with NUL or a bidi override is refused as input, nothing written (it used to end in INTERNAL).
    for (const hallName of ['Sala\u0000', 'Sala \u202eoãçivaD']) {
      expect((await refusedUnchanged(h, 'setup.init', { hallName, admin: { username: 'admin', name: 'Admin', pin: '1111' } })).code).toBe('VALIDATION_FAILED');
    }

    const init = await h.ok('setup.init', {
      hallName: '  Bingo do Porto ',
      licence: 'L-42',
      admin: { username: 'admin', name: 'Administradora', pin: '1111' },
    });
    expect(init).toEqual({ hallName: 'Bingo do Porto', adminId: 1, recoveryCode: expect.stringMatching(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/) });
    expect(await h.ok('setup.status', {})).toEqual({ initialized: true, hallName: 'Bingo do Porto', timeZone: 'Europe/Lisbon', terminalId: 'T7', pinKey: 'ok' });
    const again = await refusedUnchanged(h, 'setup.init', { hallName: 'Outra', admin: { username: 'root', name: 'Root', pin: '2222' } });
    expect(again).toEqual({
      code: 'ALREADY_INITIALIZED',
      message: 'A sala já está configurada: a configuração inicial só se faz com a base de dados vazia.',
    });
    const admin = await h.login('admin', '1111');
    expect(await h.ok('auth.me', {}, admin)).toEqual({ id: 1, username: 'admin', name: 'Administradora', roles: ['admin'] });
    expect(await h.ok('settings.get', {}, admin)).toEqual({
      hallName: 'Bingo do Porto',
      licence: 'L-42',
      timeZone: 'Europe/Lisbon',
      maxCardsPerSale: 100,
      chipsAllowed: false,
      stampDutyBasisPoints: null,
      specialPrize: null,
      drawerVarianceThresholdCents: 500,
      backupsKept: 40,
      backupCopyDir: null,
      backupCopiesKept: 14,
      guiaApprovalThresholdCents: 100_000,
      shiftHours: 12,
      longManagerPins: false,
      identificationMoment: 'entry',
      entryRegister: false,
      identificationThresholdCents: 200_000,
    });
  });
});

describe('login', () => {
  it('returns a token and the operator; the token works until logout', async () => {
    const { h } = await hall();
    const r = await h.ok('auth.login', { username: 'caixa1', pin: '3333' });
    expect(r.operator).toEqual({ id: 3, username: 'caixa1', name: 'Caixa Um', roles: ['cashier'] });
    expect(r.operatorToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await h.ok('auth.me', {}, r.operatorToken)).toEqual(r.operator);
    await h.ok('auth.logout', {}, r.operatorToken);
    expect((await refusedUnchanged(h, 'auth.me', {}, r.operatorToken)).code).toBe('NOT_AUTHENTICATED');
  });

  it('refuses a PIN that is not 4 to 8 digits as a wrong PIN, without hashing it (a megabyte of digits included)', async () => {
    const { h } = await hall();
    for (const pin of ['1'.repeat(1_000_000), '123', '33 33', '']) {
      expect((await h.refused('auth.login', { username: 'caixa1', pin })).code).toBe('INVALID_CREDENTIALS');
    }
    expect(budget(h, 'caixa1').failures).toBe(4);
    expect((await h.refused('auth.login', { username: 'ninguem', pin: '9'.repeat(100_000) })).code).toBe('INVALID_CREDENTIALS');
  });

  it('matches the username without regard to case', async () => {
    const { h } = await hall();
    expect((await h.ok('auth.login', { username: 'GERENTE', pin: '2222' })).operator.username).toBe('gerente');
  });

  it('a wrong PIN is refused with the attempts left; only the count and the audit log change', async () => {
    const { h } = await hall();
    const before = snapshot(h.kiosk);
    const e = await h.refused('auth.login', { username: 'caixa1', pin: '9999' });
    expect(e).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Utilizador ou PIN incorretos. Tentativas restantes neste terminal antes de uma pausa: 4.' });
    expect(changedTables(before, snapshot(h.kiosk))).toEqual(['audit_log', 'pin_budgets']);
    const op = operatorRow(h, 'caixa1');
    expect(budget(h, 'caixa1')).toEqual({ failures: 1, blocks: 0, blocked_until: null });
    const audit = h.kiosk.db.prepare(`SELECT * FROM audit_log ORDER BY id DESC LIMIT 1`).get() as Record<string, string | number>;
    expect(audit).toMatchObject({ channel: 'auth.login', outcome: 'refused', operator_id: op.id });
    expect(JSON.parse(String(audit.input))).toEqual({ username: 'caixa1', pin: '***' });
    expect(JSON.parse(String(audit.after))).toEqual({
      username: 'caixa1',
      budgets: { [`account:${op.id}@T1`]: { failures: 1, blockedUntil: null } },
      refused: 'INVALID_CREDENTIALS',
    });
    // A right PIN starts the count again.
    await h.login('caixa1', '3333');
    expect(budget(h, 'caixa1')).toEqual({ failures: 0, blocks: 0, blocked_until: null });
    expect((await h.refused('auth.login', { username: 'caixa1', pin: '9999' })).message).toContain('antes de uma pausa: 4.');
  });

  it('an unknown user is refused like a wrong PIN; only the audit log changes', async () => {
    const { h } = await hall();
    const before = snapshot(h.kiosk);
    const e = await h.refused('auth.login', { username: 'ninguem', pin: '1234' });
    expect(e).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Utilizador ou PIN incorretos. Tentativas restantes neste terminal antes de uma pausa: 5.' });
    expect(changedTables(before, snapshot(h.kiosk))).toEqual(['audit_log']);
  });

  it('the 5th wrong PIN blocks the user at this terminal for 5 minutes, even against the right PIN', async () => {
    const { h, manager } = await hall();
    for (let i = 1; i <= 4; i++) {
      const e = await h.refused('auth.login', { username: 'caixa1', pin: '0000' });
      expect(e.message).toContain(`antes de uma pausa: ${5 - i}.`);
    }
    const fifth = await h.refused('auth.login', { username: 'caixa1', pin: '0000' });
    expect(fifth.code).toBe('USER_LOCKED');
    expect(fifth.message).toMatch(/^PIN errados seguidos: este utilizador só pode tentar de novo neste terminal a partir das \d\d:\d\d\. Noutro terminal/);
    expect(fifth.details).toEqual({ lockedUntil: '2026-11-30T20:05:00.000Z' });
    expect(budget(h, 'caixa1')).toEqual({ failures: 5, blocks: 1, blocked_until: '2026-11-30T20:05:00.000Z' });
    expect((await h.ok('users.list', {}, manager)).find((u) => u.username === 'caixa1')).toMatchObject({
      lockedUntil: '2026-11-30T20:05:00.000Z',
    });

    // Blocked: the right PIN is refused too, unhashed, and nothing is written.
    const locked = await refusedUnchanged(h, 'auth.login', { username: 'caixa1', pin: '3333' });
    expect(locked.code).toBe('USER_LOCKED');
    expect(locked.details).toEqual({ lockedUntil: '2026-11-30T20:05:00.000Z' });
    h.clock.advanceMinutes(4);
    expect((await refusedUnchanged(h, 'auth.login', { username: 'caixa1', pin: '3333' })).code).toBe('USER_LOCKED');
    // Other users are not affected.
    await h.login('gerente', '2222');

    h.clock.advanceMinutes(1);
    const token = await h.login('caixa1', '3333');
    expect((await h.ok('auth.me', {}, token)).username).toBe('caixa1');
    expect(budget(h, 'caixa1')).toEqual({ failures: 0, blocks: 0, blocked_until: null });
  });

  it('after the first block, one guess at a time, each wrong one blocking twice as long (5, 10, 20 minutes… 4 hours), until a right PIN starts over', async () => {
    const { h } = await hall();
    for (let i = 0; i < 5; i++) await h.refused('auth.login', { username: 'caixa1', pin: '0000' });
    expect(budget(h, 'caixa1')).toMatchObject({ blocked_until: '2026-11-30T20:05:00.000Z', blocks: 1 });
    h.clock.advanceMinutes(5);
    expect((await h.refused('auth.login', { username: 'caixa1', pin: '0000' })).code).toBe('USER_LOCKED');
    expect(budget(h, 'caixa1')).toMatchObject({ blocked_until: '2026-11-30T20:15:00.000Z', blocks: 2 });
    h.clock.advanceMinutes(10);
    expect((await h.refused('auth.login', { username: 'caixa1', pin: '0000' })).code).toBe('USER_LOCKED');
    expect(budget(h, 'caixa1')).toMatchObject({ blocked_until: '2026-11-30T20:35:00.000Z', blocks: 3 });
    for (let i = 0; i < 6; i++) {
      h.clock.advanceMinutes(240);
      await h.refused('auth.login', { username: 'caixa1', pin: '0000' });
    }
    expect(budget(h, 'caixa1').blocks).toBe(9);
    const at = h.clock.now().getTime();
    expect(Date.parse(budget(h, 'caixa1').blocked_until!) - at).toBe(4 * 3_600_000);
    h.clock.advanceMinutes(240);
    await h.login('caixa1', '3333');
    expect(budget(h, 'caixa1')).toEqual({ failures: 0, blocks: 0, blocked_until: null });
    for (let i = 0; i < 5; i++) await h.refused('auth.login', { username: 'caixa1', pin: '0000' });
    expect(Date.parse(budget(h, 'caixa1').blocked_until!) - h.clock.now().getTime()).toBe(5 * 60_000);
  });

  it('refuses malformed input with a pt-PT message (and English on request)', async () => {
    const { h } = await hall();
    const e = await refusedUnchanged(h, 'auth.login', { username: 'caixa1' });
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.message).toMatch(/^Dados inválidos: pin: .+\.$/);
    expect(e.message).not.toMatch(/expected|required|Invalid/i);
    expect(Array.isArray(e.details)).toBe(true);
    const extra = await refusedUnchanged(h, 'auth.login', { username: 'caixa1', pin: '3333', admin: true });
    expect(extra.code).toBe('VALIDATION_FAILED');
    expect(extra.message).toContain('admin');
    const en = await h.kiosk.dispatch('auth.login', { username: 'x' }, { lang: 'en' });
    expect(en.ok).toBe(false);
    if (!en.ok) {
      expect(en.error.code).toBe('VALIDATION_FAILED');
      expect(en.error.message).toMatch(/^Invalid input: /);
    }
    expect((await refusedUnchanged(h, 'auth.login', null)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged(h, 'auth.login', 'caixa1:3333')).code).toBe('VALIDATION_FAILED');
  });
});

describe('idle lock', () => {
  it('a token idle for more than 15 minutes is refused; use keeps it alive', async () => {
    const { h, cashier } = await hall();
    h.clock.advanceMinutes(14);
    await h.ok('auth.me', {}, cashier);
    h.clock.advanceMinutes(15);
    await h.ok('auth.me', {}, cashier); // exactly 15 minutes idle: still alive
    h.clock.advanceMinutes(15.5);
    expect(await refusedUnchanged(h, 'auth.me', {}, cashier)).toEqual({
      code: 'NOT_AUTHENTICATED',
      message: 'Sessão de operador inexistente ou expirada: introduza o PIN.',
    });
    // Gone for good: going back in time does not revive it.
    h.clock.advanceMinutes(-30);
    expect((await refusedUnchanged(h, 'auth.me', {}, cashier)).code).toBe('NOT_AUTHENTICATED');
  });

  it('follows the idle time the kiosk was started with', async () => {
    const { h, manager } = await hall({ idleMs: 60_000 });
    h.clock.advanceMinutes(2);
    const e = await refusedUnchanged(h, 'series.register', { code: 'A', priceCents: 100, size: 10 }, manager);
    expect(e.code).toBe('NOT_AUTHENTICATED');
  });
});

describe('shift length (issue 12)', () => {
  it('ends an operator session a shift after its login, however busy; the shift is a hall setting', async () => {
    const { h, manager } = await hall();
    expect((await h.ok('settings.update', { shiftHours: 8 }, manager)).shiftHours).toBe(8);
    const token = await h.login('caixa1', '3333');
    // Busy all night: a call every 10 minutes keeps the idle lock away, not the shift's end.
    for (let minutes = 10; minutes < 8 * 60; minutes += 10) {
      h.clock.advanceMinutes(10);
      await h.ok('auth.me', {}, token);
    }
    h.clock.advanceMinutes(10);
    expect((await h.refused('auth.me', {}, token)).code).toBe('NOT_AUTHENTICATED');
    expect((await h.refused('settings.update', { shiftHours: 0 }, await h.login('gerente', '2222'))).code).toBe('VALIDATION_FAILED');
  });
});

describe('roles (checked in the main process)', () => {
  it('a cashier cannot open a game', async () => {
    const { h, cashier } = await hall();
    const e = await refusedUnchanged(h, 'game.open', { seriesCode: 'A' }, cashier);
    expect(e).toEqual({
      code: 'FORBIDDEN',
      message: 'O seu perfil não permite esta operação (game.open); perfis autorizados: manager, admin.',
    });
  });

  it('a manager cannot sell, nor create users', async () => {
    const { h, manager } = await hall();
    const sale = await refusedUnchanged(h, 'sale.create', { gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, manager);
    expect(sale).toEqual({ code: 'FORBIDDEN', message: 'O seu perfil não permite esta operação (sale.create); perfis autorizados: cashier.' });
    expect((await refusedUnchanged(h, 'users.create', { username: 'x1', name: 'Xis', roles: ['cashier'], pin: '1234' }, manager)).code).toBe('FORBIDDEN');
  });

  it('an admin can register a series and create users, but not sell', async () => {
    const { h } = await hall();
    const admin = await h.login('admin', '1111');
    expect(await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, admin)).toMatchObject({ code: 'A', nextNumber: 1 });
    expect(await h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['cashier'], pin: '4444' }, admin)).toEqual({
      id: 4,
      username: 'caixa2',
      name: 'Caixa Dois',
      roles: ['cashier'],
    });
    expect((await refusedUnchanged(h, 'sale.create', { gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, admin)).code).toBe(
      'FORBIDDEN',
    );
  });

  it('no token, or an unknown token, is not authenticated, for every channel that needs an operator', async () => {
    const { h } = await hall();
    for (const channel of CHANNELS) {
      if (contract[channel].roles === 'public') continue;
      expect((await refusedUnchanged(h, channel, {})).code, channel).toBe('NOT_AUTHENTICATED');
      expect((await refusedUnchanged(h, channel, {}, 'not-a-token')).code, channel).toBe('NOT_AUTHENTICATED');
    }
    // The role check comes before the input is even read.
    expect((await refusedUnchanged(h, 'game.open', { seriesCode: 42 })).code).toBe('NOT_AUTHENTICATED');
  });

  it('an operator with two roles has the rights of both', async () => {
    const { h } = await hall();
    const admin = await h.login('admin', '1111');
    await h.ok('users.create', { username: 'chefe', name: 'Chefe', roles: ['manager', 'cashier', 'manager'], pin: '5555' }, admin);
    const both = await h.login('chefe', '5555');
    expect((await h.ok('auth.me', {}, both)).roles).toEqual(['manager', 'cashier']);
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, both);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, both);
    const g = await h.ok('game.open', { seriesCode: 'A' }, both);
    expect((await h.ok('sale.create', { gameId: g.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, both)).ranges).toEqual([
      { seriesCode: 'A', from: 1, to: 2 },
    ]);
  });

  it('an unknown channel is refused by name', async () => {
    const { h, manager } = await hall();
    for (const name of ['nope.nothing', '__proto__', 'constructor', 'toString', '']) {
      const r = await h.kiosk.dispatch(name, {}, { operatorToken: manager });
      expect(r).toEqual({ ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `Operação desconhecida: ${name}.` } });
    }
    expect(await h.kiosk.dispatch('nope', {}, { lang: 'en' })).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', message: 'Unknown operation: nope.' },
    });
  });
});

describe('operators', () => {
  it('refuses a PIN that is not 4 to 8 digits', async () => {
    const { h } = await hall();
    const admin = await h.login('admin', '1111');
    for (const pin of ['123', '123456789', 'abcd', '12 34', '', '١٢٣٤']) {
      const e = await refusedUnchanged(h, 'users.create', { username: 'novo', name: 'Novo', roles: ['cashier'], pin }, admin);
      expect(e, pin).toEqual({ code: 'INVALID_PIN_FORMAT', message: 'O PIN deve ter entre 4 e 8 algarismos.' });
    }
    await h.ok('users.create', { username: 'quatro', name: 'Quatro', roles: ['cashier'], pin: '0000' }, admin);
    await h.ok('users.create', { username: 'oito', name: 'Oito', roles: ['cashier'], pin: '12345678' }, admin);
  });

  it('refuses a username already taken, whatever its case', async () => {
    const { h } = await hall();
    const admin = await h.login('admin', '1111');
    for (const username of ['caixa1', 'CAIXA1']) {
      const e = await refusedUnchanged(h, 'users.create', { username, name: 'Outra', roles: ['cashier'], pin: '4321' }, admin);
      expect(e).toEqual({ code: 'USERNAME_TAKEN', message: `Já existe um utilizador "${username}".` });
    }
  });

  it('refuses malformed operators', async () => {
    const { h } = await hall();
    const admin = await h.login('admin', '1111');
    for (const bad of [
      { username: 'x', name: 'Xis', roles: ['cashier'], pin: '1234' },
      { username: 'com espaço', name: 'Xis', roles: ['cashier'], pin: '1234' },
      { username: 'xis', name: 'Xis', roles: [], pin: '1234' },
      { username: 'xis', name: 'Xis', roles: ['boss'], pin: '1234' },
      { username: 'xis', name: 'Xis', roles: ['cashier'] },
    ]) {
      const e = await refusedUnchanged(h, 'users.create', bad, admin);
      expect(e.code).toBe('VALIDATION_FAILED');
      expect(e.message.startsWith('Dados inválidos: ')).toBe(true);
    }
  });

  it('lists operators for managers, without their PIN hashes', async () => {
    const { h, manager } = await hall();
    const list = await h.ok('users.list', {}, manager);
    expect(list).toEqual([
      { id: 1, username: 'admin', name: 'Admin', roles: ['admin'], active: true, lockedUntil: null, shortPin: true },
      { id: 2, username: 'gerente', name: 'Gerente', roles: ['manager'], active: true, lockedUntil: null, shortPin: true },
      { id: 3, username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], active: true, lockedUntil: null, shortPin: true },
    ]);
  });
});

describe('secrets', () => {
  it('PINs are stored as salted scrypt hashes sealed under the PIN key, that never contain the PIN', async () => {
    // At the hall's own cost (the unit project's kiosks hash cheaper: test/harness.ts).
    const { h } = await hall({ pinCost: PIN_COST });
    const admin = await h.login('admin', '1111');
    await h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['cashier'], pin: '3333' }, admin);
    const rows = h.kiosk.db.prepare(`SELECT username, pin_hash FROM operators ORDER BY id`).all() as { username: string; pin_hash: string }[];
    const pins: Record<string, string> = { admin: '1111', gerente: '2222', caixa1: '3333', caixa2: '3333' };
    for (const r of rows) {
      expect(r.pin_hash).toMatch(/^scrypt-hmac\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
      expect(r.pin_hash).not.toContain(pins[r.username]);
    }
    // The same PIN, two different hashes (salted).
    expect(rows[2]!.pin_hash).not.toBe(rows[3]!.pin_hash);
  });

  it('the audit log never holds a PIN or an operator token', async () => {
    const { h, manager, cashier } = await hall();
    const admin = await h.login('admin', '1111');
    await h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['cashier'], pin: '586204' }, admin);
    await h.refused('auth.login', { username: 'caixa2', pin: '918273' });
    const token = await h.login('caixa2', '586204');
    // caixa2's own drawer beside caixa1's: a cashier sells only into their own.
    await h.ok('drawer.open', { floatByDenomination: { '2000': 5 } }, token);
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, manager);
    const g = await h.ok('game.open', { seriesCode: 'A' }, manager);
    await h.ok('sale.create', { gameId: g.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, token);
    await h.refused('sale.voidLast', { gameId: g.id, approval: { username: 'gerente', pin: '736251' } }, token);
    await h.ok('sale.voidLast', { gameId: g.id, approval: { username: 'gerente', pin: '2222' } }, token);
    await h.ok('auth.logout', {}, cashier);

    const rows = h.kiosk.db.prepare(`SELECT channel, input, before, after FROM audit_log ORDER BY id`).all() as Record<string, string | null>[];
    expect(rows.map((r) => r.channel)).toEqual(
      expect.arrayContaining(['setup.init', 'users.create', 'auth.login', 'sale.create', 'sale.voidLast', 'auth.logout']),
    );
    const text = rows.map((r) => [r.input, r.before, r.after].join('|')).join('\n');
    for (const secret of ['1111', '2222', '3333', '586204', '918273', '736251', manager, cashier, admin, token]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('"pin":"***"');
    expect(JSON.parse(rows.find((r) => r.channel === 'setup.init')!.input!)).toEqual({
      hallName: 'Sala de Teste',
      admin: { username: 'admin', name: 'Admin', pin: '***' },
    });
    expect(verifyAudit(h.kiosk.db)).toMatchObject({ valid: true, entries: rows.length });
    expect(await h.ok('audit.verify', {}, manager)).toMatchObject({ valid: true, entries: rows.length, brokenAt: null, head: { seq: rows.length }, anchor: null });
  });

  it('audit.verify finds a row tampered with behind the kiosk’s back', async () => {
    const { h, manager } = await hall();
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
    tampered = true;
    const other = new Database(join(h.dataDir, DATABASE_FILE));
    other.exec(`DROP TRIGGER audit_log_no_update`);
    other.prepare(`UPDATE audit_log SET input = ? WHERE channel = 'series.register'`).run('{"code":"A","priceCents":1,"size":300}');
    const id = other.prepare(`SELECT id FROM audit_log WHERE channel = 'series.register'`).pluck().get() as number;
    other.close();
    expect(await h.ok('audit.verify', {}, manager)).toMatchObject({ valid: false, brokenAt: id });
  });
});
