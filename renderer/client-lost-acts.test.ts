/**
 * The client's acts of unknown outcome (issue 37, point 1): a command whose
 * answer was lost is sent again, when the operator presses the same act, with
 * the same Idempotency-Key (the hall then answers what it did, never does it
 * twice); another input is another act with a key of its own; the hall's
 * answer for the key (or link.status saying it settled) makes a later press a
 * new act. The bridge stands for the kiosk: it answers by the key as the hall
 * does (the first answer again for a key it has done).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallMeta, KioskBridge } from '../core/bridge.js';
import { forgetLostAct, invoke, LOST_ACTS_MAX, lostActs, onLostActs } from './client.js';

interface Sent {
  channel: string;
  input: unknown;
  key: string | undefined;
}
const sent: Sent[] = [];
/** What the "hall" did under each key, and whether the next answer is cut on the way back. */
const done = new Map<string, { movementId: number }>();
let cut = false;
let nextId = 1;

const LOST = { ok: false, error: { code: 'HALL_UNREACHABLE', message: 'Sem ligação ao servidor da sala.', details: { since: '2026-12-06T14:03:00.000Z', answer: 'lost' } } };

const bridge: Partial<KioskBridge> = {
  invoke: (channel: string, input: unknown, meta: CallMeta) => {
    sent.push({ channel, input, key: meta.idempotencyKey });
    if (channel === 'auth.login') return Promise.resolve({ ok: true, value: { operatorToken: 't', operator: { username: (input as { username: string }).username } } } as never);
    const key = meta.idempotencyKey!;
    let value = done.get(key);
    if (!value) {
      value = { movementId: nextId++ };
      done.set(key, value);
    }
    return Promise.resolve((cut ? LOST : { ok: true, value }) as never);
  },
  onEvent: () => () => undefined,
};

beforeAll(() => {
  (globalThis as { window?: unknown }).window = { kiosk: bridge };
});
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});
beforeEach(() => {
  for (const a of lostActs()) forgetLostAct(a.key);
  sent.length = 0;
  cut = false;
});

const payIn = (amountCents: number) => ({ kind: 'pay_in' as const, amountCents, reason: 'Reforço de caixa' });

describe('a command whose answer was lost', () => {
  it('pressed again with the same input is sent with the same key and answered what was done once', async () => {
    cut = true;
    const first = await invoke('drawer.move', payIn(5000));
    expect(first.ok).toBe(false);
    expect(lostActs()).toHaveLength(1);
    expect(lostActs()[0]).toMatchObject({ key: sent[0]!.key, channel: 'drawer.move', input: payIn(5000) });
    // Still lost: still the same key, still one act remembered.
    await invoke('drawer.move', { reason: 'Reforço de caixa', amountCents: 5000, kind: 'pay_in' });
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(lostActs()).toHaveLength(1);
    cut = false;
    const again = await invoke('drawer.move', payIn(5000));
    expect(sent[2]!.key).toBe(sent[0]!.key);
    expect(again).toEqual({ ok: true, value: done.get(sent[0]!.key!) });
    expect(done.size).toBe(1);
    // Answered: the act is known, the next press is a new pay-in.
    expect(lostActs()).toEqual([]);
    await invoke('drawer.move', payIn(5000));
    expect(sent[3]!.key).not.toBe(sent[0]!.key);
    expect(done.size).toBe(2);
  });

  it('another input is another act: a key of its own', async () => {
    cut = true;
    await invoke('drawer.move', payIn(5000));
    await invoke('drawer.move', payIn(4000));
    await invoke('drawer.move', { ...payIn(5000), kind: 'pay_out' });
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    expect(lostActs().map((a) => (a.input as { amountCents: number }).amountCents)).toEqual([5000, 4000, 5000]);
  });

  it("another operator's same input is another act; the same operator logged in again keeps it", async () => {
    await invoke('auth.login', { username: 'caixa1', pin: '3333' });
    cut = true;
    await invoke('drawer.move', payIn(300));
    await invoke('auth.login', { username: 'caixa2', pin: '4444' });
    await invoke('drawer.move', payIn(300));
    await invoke('auth.login', { username: 'caixa1', pin: '3333' });
    await invoke('drawer.move', payIn(300));
    const moves = sent.filter((s) => s.channel === 'drawer.move');
    expect(moves[1]!.key).not.toBe(moves[0]!.key);
    expect(moves[2]!.key).toBe(moves[0]!.key);
    expect(lostActs()).toHaveLength(2);
  });

  it('a refusal for the key settles it too', async () => {
    cut = true;
    await invoke('drawer.move', payIn(700));
    const refusing = bridge.invoke!;
    bridge.invoke = (channel, input, meta) => {
      sent.push({ channel, input, key: meta.idempotencyKey });
      return Promise.resolve({ ok: false, error: { code: 'COMMAND_GIVEN_UP', message: 'A sala não fez esta operação.' } });
    };
    try {
      const r = await invoke('drawer.move', payIn(700));
      expect(r.ok).toBe(false);
      expect(sent[1]!.key).toBe(sent[0]!.key);
      expect(lostActs()).toEqual([]);
    } finally {
      bridge.invoke = refusing;
    }
  });

  it('settled elsewhere (link.status), the next press is a new act; listeners are told', async () => {
    let told = 0;
    const off = onLostActs(() => told++);
    cut = true;
    await invoke('drawer.move', payIn(900));
    expect(told).toBe(1);
    forgetLostAct(sent[0]!.key!);
    expect(told).toBe(2);
    off();
    await invoke('drawer.move', payIn(900));
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('keeps no PIN, leaves a screen that keeps its own key alone, and stays bounded', async () => {
    cut = true;
    await invoke('prize.pay', { claimId: 4, approval: { username: 'gerente', pin: '2222' } } as never);
    expect(JSON.stringify(lostActs())).not.toContain('2222');
    // Another PIN is the same act.
    await invoke('prize.pay', { claimId: 4, approval: { username: 'gerente', pin: '9999' } } as never);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    // The sale screen's own key: its own account, not the client's.
    await invoke('sale.create', { gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, { key: 'sale-screen-key-1' });
    expect(sent[2]!.key).toBe('sale-screen-key-1');
    expect(lostActs().map((a) => a.channel)).toEqual(['prize.pay']);
    for (let i = 1; i <= LOST_ACTS_MAX + 3; i++) await invoke('drawer.move', payIn(i));
    expect(lostActs()).toHaveLength(LOST_ACTS_MAX);
    // The oldest went first.
    expect(lostActs().some((a) => a.channel === 'prize.pay')).toBe(false);
  });
});
