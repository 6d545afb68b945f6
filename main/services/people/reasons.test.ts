/** The hall's reason lists: read by every role, edited by a manager, audited, kept across a restart, refused whole. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_REASONS } from '../../../core/reasons/rules.js';
import { createHarness, snapshot, type Harness } from '../../../test/harness.js';

const open: Harness[] = [];
afterEach(() => {
  for (const h of open.splice(0)) h.close();
});

async function hall() {
  const h = await createHarness();
  open.push(h);
  await h.ok('setup.init', { hallName: 'Sala', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  const admin = await h.login('admin', '1111');
  await h.ok('users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, admin);
  await h.ok('users.create', { username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], pin: '3333' }, admin);
  await h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['caixa'], pin: '4444' }, admin);
  return { h, manager: await h.login('gerente', '2222'), cashier: await h.login('caixa1', '3333'), caixa: await h.login('caixa2', '4444') };
}

const auditRows = (h: Harness) =>
  h.kiosk.db.prepare(`SELECT before, after FROM audit_log WHERE channel = 'reasons.update' ORDER BY id`).all() as { before: string; after: string }[];

describe("the hall's reasons", () => {
  it('every counter role reads the defaults; a manager replaces a list, audited before and after, kept across a restart; null brings the default back', async () => {
    const { h, manager, cashier, caixa } = await hall();
    expect((await h.ok('reasons.get', {}, cashier))['drawer.kick']).toEqual(DEFAULT_REASONS['drawer.kick']);
    expect((await h.ok('reasons.get', {}, caixa))['guia.void']).toEqual(DEFAULT_REASONS['guia.void']);
    const saved = await h.ok('reasons.update', { act: 'guia.void', reasons: ['  Máquina avariada ', 'Cliente desistiu'] }, manager);
    expect(saved['guia.void']).toEqual(['Máquina avariada', 'Cliente desistiu']);
    expect(saved['drawer.kick']).toEqual(DEFAULT_REASONS['drawer.kick']);
    const [row] = auditRows(h);
    expect(JSON.parse(row!.before)).toEqual({ act: 'guia.void', reasons: DEFAULT_REASONS['guia.void'] });
    expect(JSON.parse(row!.after)).toEqual({ act: 'guia.void', reasons: ['Máquina avariada', 'Cliente desistiu'], default: false });
    // The settings are untouched by the lists sharing their table.
    const settings = await h.ok('settings.get', {}, manager);
    expect(Object.keys(settings).some((k) => k.startsWith('reasons'))).toBe(false);
    await h.reopen();
    const again = await h.login('gerente', '2222');
    expect((await h.ok('reasons.get', {}, again))['guia.void']).toEqual(['Máquina avariada', 'Cliente desistiu']);
    expect((await h.ok('reasons.update', { act: 'guia.void', reasons: null }, again))['guia.void']).toEqual(DEFAULT_REASONS['guia.void']);
    expect(JSON.parse(auditRows(h).at(-1)!.after)).toEqual({ act: 'guia.void', reasons: DEFAULT_REASONS['guia.void'], default: true });
  });

  it('a cashier or a caixa may not edit them (FORBIDDEN); a bad entry refuses the whole list and changes nothing', async () => {
    const { h, manager, cashier, caixa } = await hall();
    for (const token of [cashier, caixa]) expect((await h.refused('reasons.update', { act: 'drawer.kick', reasons: ['Troco'] }, token)).code).toBe('FORBIDDEN');
    const before = snapshot(h.kiosk);
    for (const [reasons, code] of [
      [['Troco', ''], 'REASON_EMPTY'],
      [['Troco', 'x'.repeat(61)], 'REASON_TOO_LONG'],
      [['Troco', 'troco'], 'REASON_DUPLICATE'],
    ] as const) {
      const e = await h.refused('reasons.update', { act: 'drawer.kick', reasons }, manager);
      expect(e.code).toBe(code);
      expect(snapshot(h.kiosk)).toEqual(before);
    }
    expect((await h.refused('reasons.update', { act: 'sale.void', reasons: ['Troco'] }, manager)).code).toBe('VALIDATION_FAILED');
  });
});
