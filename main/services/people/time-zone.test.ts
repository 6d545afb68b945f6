/**
 * The hall's time zone as a setting: one of Portugal's three, the mainland's
 * by default; changed by an admin, audited, never while a session or a drawer
 * is open (days of operation, art. 10.º, n.º 2, are counted in it); the day of
 * a session, its acta and its refusals follow it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pdfPages } from '../../../test/pdf.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { createHarness, snapshot, type Harness } from '../../../test/harness.js';

const open: Harness[] = [];
afterEach(() => {
  for (const h of open.splice(0)) h.close();
});

async function refusedUnchanged(h: Harness, input: unknown, token: string) {
  const before = snapshot(h.kiosk);
  const e = await h.refused('settings.update', input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return e;
}

/** A hall just set up: its admin, no drawer open, no session. */
async function bareHall(at?: string): Promise<{ h: Harness; admin: string }> {
  const h = await createHarness();
  open.push(h);
  if (at) h.clock.current = new Date(at);
  await h.ok('setup.init', { hallName: 'Sala', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  return { h, admin: await h.login('admin', '1111') };
}

const auditRows = (h: Harness) =>
  h.kiosk.db.prepare(`SELECT channel, before, after FROM audit_log WHERE channel = 'settings.update' ORDER BY id`).all() as { channel: string; before: string; after: string }[];

describe("the hall's time zone", () => {
  it('is the mainland’s until changed, before and after setup', async () => {
    const h = await createHarness();
    open.push(h);
    expect((await h.ok('setup.status', {})).timeZone).toBe('Europe/Lisbon');
    await h.ok('setup.init', { hallName: 'Sala', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
    const admin = await h.login('admin', '1111');
    expect((await h.ok('settings.get', {}, admin)).timeZone).toBe('Europe/Lisbon');
  });

  it('an admin changes it; the change is audited, read back everywhere, and kept across a restart', async () => {
    const { h, admin } = await bareHall();
    const saved = await h.ok('settings.update', { timeZone: 'Atlantic/Azores' }, admin);
    expect(saved.timeZone).toBe('Atlantic/Azores');
    expect((await h.ok('setup.status', {})).timeZone).toBe('Atlantic/Azores');
    const row = auditRows(h).at(-1)!;
    expect(JSON.parse(row.before)).toMatchObject({ timeZone: 'Europe/Lisbon' });
    expect(JSON.parse(row.after)).toMatchObject({ timeZone: 'Atlantic/Azores' });
    await h.reopen();
    expect((await h.ok('setup.status', {})).timeZone).toBe('Atlantic/Azores');
    await h.ok('settings.update', { timeZone: 'Atlantic/Madeira' }, await h.login('admin', '1111'));
    expect((await h.ok('setup.status', {})).timeZone).toBe('Atlantic/Madeira');
  });

  it('refuses any zone but the three, whatever else the save holds, and changes nothing', async () => {
    const { h, admin } = await bareHall();
    for (const zone of ['Europe/Madrid', 'UTC', '', 'europe/lisbon', 'Atlantic/Canary']) {
      expect(await refusedUnchanged(h, { timeZone: zone, licence: 'IGJ-9' }, admin)).toEqual({
        code: 'TIME_ZONE_NOT_ALLOWED',
        message: `Fuso horário "${zone}" não permitido: a sala conta os dias de funcionamento num dos fusos de Portugal (Europe/Lisbon, Atlantic/Azores, Atlantic/Madeira). Nada foi alterado.`,
      });
    }
    expect((await h.ok('setup.status', {})).timeZone).toBe('Europe/Lisbon');
  });

  it('only an admin changes it; a manager’s save that leaves it as it is goes through', async () => {
    const t = await createTestHall();
    open.push(t.h);
    expect(await refusedUnchanged(t.h, { timeZone: 'Atlantic/Madeira' }, t.manager)).toEqual({
      code: 'TIME_ZONE_ADMIN_ONLY',
      message: 'Só um administrador muda o fuso horário da sala (para Madeira (Atlantic/Madeira)): os dias de funcionamento contam-se nele. Nada foi alterado.',
    });
    // The settings screen sends every field with every save.
    expect((await t.h.ok('settings.update', { timeZone: 'Europe/Lisbon', maxCardsPerSale: 50 }, t.manager)).maxCardsPerSale).toBe(50);
  });

  it('is not changed while a drawer is open: each shift’s day is counted in it', async () => {
    // The test hall's terminal T1 has its drawer open.
    const t = await createTestHall();
    open.push(t.h);
    const admin = await t.h.login('admin', '1111');
    expect(await refusedUnchanged(t.h, { timeZone: 'Atlantic/Azores' }, admin)).toEqual({
      code: 'TIME_ZONE_DRAWERS_OPEN',
      message: expect.stringContaining('O fuso horário não muda com gavetas abertas (terminal(is) T1)'),
    });
  });

  it('is not changed while a session is open: its day would move midway (art. 10.º, n.º 2)', async () => {
    const t = await createTestHall();
    open.push(t.h);
    const admin = await t.h.login('admin', '1111');
    const session = await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    expect(await refusedUnchanged(t.h, { timeZone: 'Atlantic/Azores' }, admin)).toEqual({
      code: 'TIME_ZONE_SESSION_OPEN',
      message: expect.stringContaining(`O fuso horário não muda com a sessão n.º ${session.id} aberta`),
    });
    expect((await t.h.refused('settings.update', { timeZone: 'Atlantic/Azores' }, admin)).message).toContain('Encerre a sessão e mude-o para Açores (Atlantic/Azores) depois.');
  });
});

describe("a session's day follows the hall's zone", () => {
  const SPECIAL = { enabled: true, shareBasisPoints: 1000, baseBalls: 40 };

  /** A hall in `zone`, its special prize on, a session opened at 23:30 UTC on 5 December, then another an hour later. */
  async function twoSessions(zone: 'Europe/Lisbon' | 'Atlantic/Azores') {
    const { h, admin } = await bareHall('2026-12-05T23:30:00.000Z');
    await h.ok('settings.update', { timeZone: zone, stampDutyBasisPoints: 2500, specialPrize: SPECIAL }, admin);
    await h.ok('ballSet.register', { serial: 'BOLAS-1' }, admin);
    const closeAt = (hours: number) => new Date(h.clock.now().getTime() + hours * 3_600_000).toISOString();
    const first = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: closeAt(6) }, admin);
    // Closed in SQL: what matters here is the day each opened on.
    h.kiosk.db.prepare(`UPDATE sessions SET closed_at = ? WHERE closed_at IS NULL`).run(h.clock.now().toISOString());
    h.clock.advanceMinutes(60);
    const again = await h.login('admin', '1111');
    const second = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: closeAt(6) }, again);
    return { h, admin: again, first, second };
  }

  it('00:30 UTC on 6 December is a new day in Lisbon (N grows by one) and still 5 December in the Azores (N stays)', async () => {
    const lisbon = await twoSessions('Europe/Lisbon');
    expect([lisbon.first.specialBalls, lisbon.second.specialBalls]).toEqual([40, 41]);
    const azores = await twoSessions('Atlantic/Azores');
    expect([azores.first.specialBalls, azores.second.specialBalls]).toEqual([40, 40]);
  });

  it('the acta carries the zone and prints its hours on the hall’s clock', async () => {
    const { h, admin, second } = await twoSessions('Atlantic/Azores');
    const acta = await h.ok('session.acta', { sessionId: second.id }, admin);
    expect(acta.timeZone).toBe('Atlantic/Azores');
    const pdf = await h.ok('report.actaPdf', { sessionId: second.id }, admin);
    // Opened at 00:30 UTC on 6 December: 23:30 on the 5th in the Azores.
    expect(pdfPages(Buffer.from(pdf.base64, 'base64')).flat().join('\n')).toContain('Abertura: 05/12/2026 23:30');
  });

  it("a refusal names a time on the hall's clock", async () => {
    const { h, admin, first } = await twoSessions('Atlantic/Azores');
    // The first session was closed at 23:30 UTC on 5 December: 22:30 in the Azores (23:30 in Lisbon).
    const e = await h.refused('session.close', { sessionId: first.id }, admin);
    expect(e).toEqual({ code: 'SESSION_CLOSED', message: `A sessão n.º ${first.id} já foi encerrada às 22:30: nada dela pode ser alterado (art. 17.º, n.º 3).` });
  });
});
