/**
 * The managers' alert of wrong approval PINs (issue 12, part 5): three wrong
 * manager PINs in a void dialog pause the terminal's approvals; managers and
 * admins read it (approvals.alert) while it lasts and after, until one marks
 * it seen; each failure pushes an event so open screens fetch it again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KioskEvent } from '../../../core/events.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import type { Harness } from '../../../test/harness.js';

let h: Harness;
let t: { manager: string; cashier: string };
let events: KioskEvent[];
let gameId: number;

beforeEach(async () => {
  const hall = await createTestHall();
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  gameId = (await h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
  await h.ok('sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, t.cashier);
  events = [];
  h.kiosk.onEvent((e) => events.push(e));
});

afterEach(() => h.close());

const voidWith = (username: string, pin: string) => ({ gameId, approval: { username, pin } });
const wrongVoid = () => h.refused('sale.voidLast', voidWith('gerente', '9999'), t.cashier);
const approvalEvents = () => events.filter((e) => e.type === 'changed' && e.topics.includes('approvals'));

describe('the managers’ alert of wrong approval PINs', () => {
  it('reports the pause after 3 wrong PINs with their count and times, and keeps it after the pause until a manager has seen it', async () => {
    expect(await h.ok('approvals.alert', {}, t.manager)).toBeNull();
    // 20:00:00 and 20:00:10: typos, no pause, nothing to alert.
    expect((await wrongVoid()).code).toBe('APPROVAL_INVALID');
    h.clock.advanceSeconds(10);
    expect((await wrongVoid()).code).toBe('APPROVAL_INVALID');
    expect(await h.ok('approvals.alert', {}, t.manager)).toBeNull();
    // 20:00:25: the third pauses approvals for 30 s.
    h.clock.advanceSeconds(15);
    expect((await wrongVoid()).code).toBe('APPROVALS_PAUSED');
    const alert = { terminalId: 'T1', failures: 3, pausedUntil: '2026-11-30T20:00:55.000Z', lastFailureAt: '2026-11-30T20:00:25.000Z' };
    expect(await h.ok('approvals.alert', {}, t.manager)).toEqual(alert);
    expect(await h.ok('approvals.alert', {}, await h.login('admin', '1111'))).toEqual(alert);
    // Each wrong PIN told the screens at once, though its command was refused.
    expect(approvalEvents()).toEqual([1, 2, 3].map(() => expect.objectContaining({ type: 'changed', channel: 'sale.voidLast', topics: ['approvals', 'users'] })));
    // Refused while paused: not a PIN tried, nothing new.
    expect((await h.refused('sale.voidLast', voidWith('gerente', '2222'), t.cashier)).code).toBe('APPROVALS_PAUSED');
    expect(approvalEvents()).toHaveLength(3);

    // After the pause, and after a right PIN (it may be the guess that worked), the alert stays.
    h.clock.advanceMinutes(1);
    expect(await h.ok('approvals.alert', {}, t.manager)).toEqual(alert);
    expect((await h.ok('sale.voidLast', voidWith('gerente', '2222'), t.cashier)).saleId).toBe(1);
    expect(await h.ok('approvals.alert', {}, t.manager)).toEqual(alert);
    // A wrong PIN while it is open counts on (the pause's count started again: no new pause).
    await h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
    expect((await wrongVoid()).code).toBe('APPROVAL_INVALID');
    const later = { ...alert, failures: 4, lastFailureAt: '2026-11-30T20:01:25.000Z' };
    expect(await h.ok('approvals.alert', {}, t.manager)).toEqual(later);

    // Marked seen: only the alert as last read (a newer failure is not acknowledged unseen), audited.
    expect(await h.ok('approvals.acknowledge', { lastFailureAt: alert.lastFailureAt }, t.manager)).toEqual({ acknowledged: false });
    expect(await h.ok('approvals.alert', {}, t.manager)).toEqual(later);
    const before = approvalEvents().length;
    expect(await h.ok('approvals.acknowledge', { lastFailureAt: later.lastFailureAt }, t.manager)).toEqual({ acknowledged: true });
    expect(approvalEvents()).toHaveLength(before + 1);
    expect(await h.ok('approvals.alert', {}, t.manager)).toBeNull();
    const audit = h.kiosk.db.prepare(`SELECT before, outcome FROM audit_log WHERE channel = 'approvals.acknowledge' ORDER BY id DESC LIMIT 1`).get() as { before: string; outcome: string };
    expect({ ...audit, before: JSON.parse(audit.before) }).toEqual({ before: later, outcome: 'ok' });
  });

  it('is for managers and admins: a cashier is refused it', async () => {
    for (let i = 0; i < 3; i++) await wrongVoid();
    expect((await h.refused('approvals.alert', {}, t.cashier)).code).toBe('FORBIDDEN');
    expect((await h.refused('approvals.acknowledge', { lastFailureAt: '2026-11-30T20:00:00.000Z' }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await h.ok('approvals.alert', {}, t.manager))?.failures).toBe(3);
  });

  it('a cashier’s own right PIN between guesses does not start the count again', async () => {
    await wrongVoid();
    await wrongVoid();
    expect((await h.refused('sale.voidLast', voidWith('caixa1', '3333'), t.cashier)).code).toBe('APPROVER_NOT_MANAGER');
    expect((await wrongVoid()).code).toBe('APPROVALS_PAUSED');
    expect((await h.ok('approvals.alert', {}, t.manager))?.failures).toBe(3);
  });

  it('a wrong login PIN tells the screens that read operators (its lock-out count changed)', async () => {
    expect((await h.refused('auth.login', { username: 'gerente', pin: '9999' })).code).toBe('INVALID_CREDENTIALS');
    expect(events).toEqual([expect.objectContaining({ type: 'changed', channel: 'auth.login', topics: ['users'] })]);
  });
});
