/**
 * Guias over the real HTTP server of browser mode (SPEC 7; slot-machine rules
 * n.º 13, 14): three caixa operators, each with his own drawer on the same
 * terminal, paying the same guia at the same moment pay it once (one payment
 * row, one ledger transaction, the winner's drawer down by his cash part
 * only, the others' untouched), and guia numbers run 1..N with no gap and no
 * repeat through voids, refused payments, refused issues and a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GuiaView } from '../../core/caixa/contract.js';
import type { Channel, ChannelInput, ChannelOutput } from '../../core/contract.js';
import type { Result } from '../../core/errors.js';
import { startWebServer, type WebServer } from '../../main/web/server.js';
import { expectBooksHold } from '../books.js';
import { createTestHall } from '../fixtures/faces.js';
import { createHall, createHarness, TEST_FLOAT, TEST_FLOAT_CENTS, type Harness } from '../harness.js';
import { drawerExpectedCash, openDrawersAt } from '../../db/drawers.js';
import { identified } from '../fixtures/persons.js';

const TOKEN = 'guia-race-token';
const MANAGER = { username: 'gerente', pin: '2222' };
const CAIXAS = [
  { username: 'caixa2', pin: '4444' },
  { username: 'caixa3', pin: '5555' },
  { username: 'caixa4', pin: '6666' },
] as const;

/** POST /rpc/<channel> as an operator, the envelope parsed. */
async function rpc<C extends Channel>(server: WebServer, channel: C, input: ChannelInput<C>, operatorToken: string): Promise<Result<ChannelOutput<C>>> {
  const res = await fetch(`${server.url}/rpc/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'X-Operator-Token': operatorToken, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Result<ChannelOutput<C>>;
}

async function rpcOk<C extends Channel>(server: WebServer, channel: C, input: ChannelInput<C>, operatorToken: string): Promise<ChannelOutput<C>> {
  const r = await rpc(server, channel, input, operatorToken);
  if (!r.ok) throw new Error(`${channel} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function rpcRefused<C extends Channel>(server: WebServer, channel: C, input: unknown, operatorToken: string): Promise<string> {
  const r = await rpc(server, channel, input as ChannelInput<C>, operatorToken);
  if (r.ok) throw new Error(`${channel} was expected to be refused but returned ${JSON.stringify(r.value)}`);
  return r.error.code;
}

/** The caixa operators caixa2..caixa4 (role 'caixa'), created by the admin and logged in, each with his own drawer on T1 (beside the cashier's). */
async function caixaOperators(h: Harness, floatByDenomination: Record<string, number> = TEST_FLOAT): Promise<string[]> {
  const admin = await h.login('admin', '1111');
  const tokens: string[] = [];
  for (const c of CAIXAS) {
    await h.ok('users.create', { username: c.username, name: `Caixa ${c.username.slice(-1)}`, roles: ['caixa'], pin: c.pin }, admin);
    const token = await h.login(c.username, c.pin);
    await h.ok('drawer.open', { floatByDenomination }, token);
    tokens.push(token);
  }
  return tokens;
}

/** What each open drawer on T1 holds by the books, by whose it is (a counter role's own view is blind). */
function cashByOperator(h: Harness): Record<string, number> {
  return Object.fromEntries(openDrawersAt(h.kiosk.db, 'T1').map((d) => [d.openedBy, drawerExpectedCash(h.kiosk.db, d)]));
}

function guiaNumbers(h: Harness): number[] {
  return h.kiosk.db.prepare(`SELECT number FROM guias ORDER BY id`).pluck().all() as number[];
}

const CAIXA_FLOAT = { '5000': 10 };
const CAIXA_FLOAT_CENTS = 50_000;

describe('three caixas paying the same guia at once', () => {
  let h: Harness;
  let manager: string;
  let caixas: string[];
  let server: WebServer;
  // The winner the cheques are made out to (Lei n.º 83/2017, art. 76.º, n.º 3).
  let personId: number;

  beforeEach(async () => {
    const hall = await createTestHall();
    h = hall.h;
    manager = hall.manager;
    // Enough cash in each caixa's drawer for him to win every round with the all-cash split.
    caixas = await caixaOperators(h, CAIXA_FLOAT);
    personId = await identified(h, manager);
    // Over 50,00 € a guia needs a manager's approval: those payments check a PIN
    // (a slow KDF, outside the write lock) before their transaction opens.
    await h.ok('settings.update', { guiaApprovalThresholdCents: 5_000 }, await h.login('admin', '1111'));
    server = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0 });
  });

  afterEach(async () => {
    await server.close();
    h.close();
  });

  it('10 races: exactly one payment wins each, the others are refused as already paid; drawer and ledger move once', async () => {
    await h.ok('machine.register', { number: '9', model: 'Fruit Party', betCents: 100 }, manager);
    expect(cashByOperator(h)).toEqual({ caixa1: TEST_FLOAT_CENTS, caixa2: CAIXA_FLOAT_CENTS, caixa3: CAIXA_FLOAT_CENTS, caixa4: CAIXA_FLOAT_CENTS });

    const winners = new Map<string, number>();
    for (let round = 0; round < 10; round++) {
      // Half under the threshold (straight to the transaction), half over it (a PIN check first).
      const amount = round % 2 === 0 ? 3_000 : 6_000;
      const approval = amount > 5_000 ? { approval: MANAGER } : {};
      const guia = await rpcOk(server, 'guia.issue', { machineNumber: '9', amountCents: amount, kind: 'hand_pay' }, caixas[round % 3]!);
      expect(guia).toMatchObject({ number: round + 1, status: 'unpaid', amountCents: amount });
      // Three splits that each add up: all cash, a third cash and a cheque, two cheques.
      const splits = [
        { cashCents: amount, cheques: [] },
        { cashCents: amount / 3, cheques: [{ amountCents: (amount * 2) / 3, number: `C${round}-1`, bank: 'CGD' }] },
        {
          cashCents: 0,
          cheques: [
            { amountCents: amount / 2, number: `C${round}-2`, bank: 'BCP' },
            { amountCents: amount / 2, number: `C${round}-3`, bank: 'BPI' },
          ],
        },
      ];
      const before = cashByOperator(h);
      // Each round rotates which operator has which split and who is fired first.
      const order = [0, 1, 2].map((i) => (i + round) % 3);
      const results = await Promise.all(
        order.map((i) => rpc(server, 'guia.pay', { guiaId: guia.guiaId, ...splits[(i + round) % 3]!, ...approval, personId }, caixas[i]!)),
      );

      const won = results.filter((r): r is { ok: true; value: GuiaView } => r.ok);
      const lost = results.filter((r) => !r.ok);
      expect(won, `round ${round}: one winner`).toHaveLength(1);
      expect(lost).toHaveLength(2);
      const winner = won[0]!.value;
      for (const r of lost) {
        expect(r.error.code).toBe('GUIA_ALREADY_PAID');
        expect(r.error.message).toContain(`A guia n.º ${guia.number} já foi paga`);
        expect(r.error.message).toContain(`por ${winner.payment!.paidBy}`);
      }
      const winnerIndex = order[results.findIndex((r) => r.ok)]!;
      const split = splits[(winnerIndex + round) % 3]!;
      expect(winner).toMatchObject({ guiaId: guia.guiaId, status: 'paid', payment: { cashCents: split.cashCents, cheques: split.cheques, paidBy: CAIXAS[winnerIndex]!.username } });
      winners.set(winner.payment!.paidBy, (winners.get(winner.payment!.paidBy) ?? 0) + 1);

      const db = h.kiosk.db;
      const payments = db.prepare(`SELECT cash_cents AS cash, cheques FROM guia_payments WHERE guia_id = ?`).all(guia.guiaId) as { cash: number; cheques: string }[];
      expect(payments).toHaveLength(1);
      expect(payments[0]!.cash).toBe(split.cashCents);
      expect(JSON.parse(payments[0]!.cheques)).toEqual(split.cheques);
      // Out of the winner's own drawer alone.
      const paidBy = CAIXAS[winnerIndex]!.username;
      expect(cashByOperator(h)).toEqual({ ...before, [paidBy]: before[paidBy]! - split.cashCents });
      expect(
        db.prepare(`SELECT COUNT(*) FROM ledger_transactions WHERE kind = 'guia_paid' AND ref_type = 'guia' AND ref_id = ?`).pluck().get(guia.guiaId),
      ).toBe(1);
      expect((await rpcOk(server, 'guia.find', { query: String(guia.number) }, caixas[0]!)).status).toBe('paid');
    }

    const db = h.kiosk.db;
    expect(db.prepare(`SELECT COUNT(*) FROM guia_payments`).pluck().get()).toBe(10);
    expect(db.prepare(`SELECT COUNT(*) FROM ledger_transactions WHERE kind = 'guia_paid'`).pluck().get()).toBe(10);
    expect(guiaNumbers(h)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    // Every guia is paid; what left each caixa's drawer is the sum of his wins' cash parts; the cashier's is untouched.
    const cashPaidBy = (username: string) =>
      db.prepare(`SELECT COALESCE(SUM(p.cash_cents), 0) FROM guia_payments p JOIN drawers d ON d.id = p.drawer_id JOIN operators o ON o.id = d.opened_by WHERE o.username = ?`).pluck().get(username) as number;
    expect(cashByOperator(h)).toEqual({
      caixa1: TEST_FLOAT_CENTS,
      ...Object.fromEntries(CAIXAS.map((c) => [c.username, CAIXA_FLOAT_CENTS - cashPaidBy(c.username)])),
    });
    expect(CAIXAS.reduce((sum, c) => sum + cashPaidBy(c.username), 0)).toBe(db.prepare(`SELECT SUM(cash_cents) FROM guia_payments`).pluck().get());
    expect((await rpcOk(server, 'guia.list', { status: 'unpaid' }, caixas[0]!)).guias).toEqual([]);
    expect([...winners.values()].reduce((a, b) => a + b, 0)).toBe(10);
    expectBooksHold(db);
  });
});

describe('guia numbers', () => {
  let dataDir: string;
  let h: Harness | undefined;
  let server: WebServer | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kiosk-guia-race-'));
  });

  afterEach(async () => {
    await server?.close();
    h?.close();
    server = undefined;
    h = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stay 1..N with no gap and no repeat through voids, refused payments and issues, and a restart', async () => {
    h = await createHarness({ dataDir });
    const hall = await createHall(h);
    const caixas = await caixaOperators(h);
    const personId = await identified(h, hall.manager);
    await h.ok('machine.register', { number: '7', model: 'Lucky 7', betCents: 50, group: 'SJ1' }, hall.manager);
    await h.ok('machine.register', { number: '9', model: 'Fruit Party', betCents: 100 }, hall.manager);
    server = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0 });

    const issued: GuiaView[] = [];
    /** Issue one guia; its number is the one after the last issued. */
    const issue = async (s: WebServer, token: string, amountCents: number): Promise<GuiaView> => {
      const g = await rpcOk(s, 'guia.issue', { machineNumber: '9', amountCents, kind: 'hand_pay' }, token);
      expect(g.number).toBe((issued.at(-1)?.number ?? 0) + 1);
      issued.push(g);
      return g;
    };
    /** Every refused issue and payment a caixa can make; none takes a number. */
    const refusals = async (s: WebServer, token: string, cashierToken: string, unpaid: GuiaView, voided: GuiaView, paid: GuiaView) => {
      expect(await rpcRefused(s, 'guia.issue', { machineNumber: '9', amountCents: 0, kind: 'hand_pay' }, token)).toBe('VALIDATION_FAILED');
      expect(await rpcRefused(s, 'guia.issue', { machineNumber: '99', amountCents: 1_000, kind: 'hand_pay' }, token)).toBe('MACHINE_NOT_FOUND');
      expect(await rpcRefused(s, 'guia.issue', { machineNumber: '7', amountCents: 1_000, kind: 'jackpot' }, token)).toBe('FUND_INSUFFICIENT');
      expect(await rpcRefused(s, 'guia.issue', { machineNumber: '9', amountCents: 1_000, kind: 'superjackpot' }, token)).toBe('GUIA_NEEDS_FUND_MACHINE');
      expect(await rpcRefused(s, 'guia.issue', { machineNumber: '9', amountCents: 1_000, kind: 'hand_pay' }, cashierToken)).toBe('FORBIDDEN');
      const split = { guiaId: unpaid.guiaId, cashCents: 1_000, cheques: [{ amountCents: 1_000, number: '1', bank: 'CGD' }] };
      expect(await rpcRefused(s, 'guia.pay', split, token)).toBe('GUIA_SPLIT_MISMATCH');
      expect(await rpcRefused(s, 'guia.pay', { guiaId: unpaid.guiaId, cashCents: unpaid.amountCents, cheques: [] }, token)).toBe('PAYOUT_EXCEEDS_DRAWER');
      expect(await rpcRefused(s, 'guia.pay', { guiaId: voided.guiaId, cashCents: voided.amountCents, cheques: [] }, token)).toBe('GUIA_VOIDED');
      expect(await rpcRefused(s, 'guia.pay', { guiaId: paid.guiaId, cashCents: paid.amountCents, cheques: [] }, token)).toBe('GUIA_ALREADY_PAID');
      expect(await rpcRefused(s, 'guia.void', { guiaId: paid.guiaId, reason: 'Tarde demais', approval: MANAGER }, token)).toBe('GUIA_PAID_NO_VOID');
    };

    // Before the restart: issue 1..6, void 2 and 5, pay 3 (cash) and 4 (cheque); 1 and 6 stay unpaid.
    for (const amount of [15_000, 1_000, 2_000, 3_000, 1_000, 20_000]) await issue(server, caixas[issued.length % 3]!, amount);
    for (const n of [2, 5]) {
      expect(await rpcOk(server, 'guia.void', { guiaId: issued[n - 1]!.guiaId, reason: 'Máquina errada', approval: MANAGER }, caixas[0]!)).toMatchObject({
        number: n,
        status: 'void',
      });
    }
    await rpcOk(server, 'guia.pay', { guiaId: issued[2]!.guiaId, cashCents: 2_000, cheques: [] }, caixas[1]!);
    await rpcOk(server, 'guia.pay', { guiaId: issued[3]!.guiaId, cashCents: 0, cheques: [{ amountCents: 3_000, number: '0012345', bank: 'CGD' }], personId }, caixas[2]!);
    await refusals(server, caixas[0]!, hall.cashier, issued[0]!, issued[1]!, issued[2]!);
    // A burst of issues at once: distinct numbers, continuing the sequence.
    const burst = await Promise.all([0, 1, 2].map((i) => rpcOk(server!, 'guia.issue', { machineNumber: '9', amountCents: 500 + i, kind: 'credits_claim' }, caixas[i]!)));
    expect(burst.map((g) => g.number).sort((a, b) => a - b)).toEqual([7, 8, 9]);
    issued.push(...[...burst].sort((a, b) => a.number - b.number));
    // Guia 3's cash left caixa3's own drawer (he paid it), no other.
    const cashBefore = cashByOperator(h);
    expect(cashBefore).toEqual({ caixa1: TEST_FLOAT_CENTS, caixa2: TEST_FLOAT_CENTS, caixa3: TEST_FLOAT_CENTS - 2_000, caixa4: TEST_FLOAT_CENTS });
    expect(guiaNumbers(h)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expectBooksHold(h.kiosk.db);

    // The restart: the server and the kiosk go, a new kiosk opens the same folder.
    await server.close();
    server = undefined;
    h.close();
    h = await createHarness({ dataDir });
    h.clock.advanceMinutes(30);
    expect(guiaNumbers(h)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    server = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0 });
    const cashier = await h.login('caixa1', '3333');
    const after = await Promise.all(CAIXAS.map((c) => h!.login(c.username, c.pin)));
    // The drawers are still open with the same cash.
    expect(cashByOperator(h)).toEqual(cashBefore);

    await refusals(server, after[1]!, cashier, issued[5]!, issued[4]!, issued[3]!);
    const tenth = await issue(server, after[0]!, 4_000);
    expect(tenth.number).toBe(10);
    await rpcOk(server, 'guia.void', { guiaId: tenth.guiaId, reason: 'Leitura errada', approval: MANAGER }, after[1]!);
    await issue(server, after[2]!, 4_000);
    await rpcOk(server, 'guia.pay', { guiaId: issued[0]!.guiaId, cashCents: 5_000, cheques: [{ amountCents: 10_000, number: '0012346', bank: 'BPI' }], personId }, after[2]!);
    await refusals(server, after[2]!, cashier, issued[5]!, tenth, issued[0]!);
    for (let i = 0; i < 3; i++) await issue(server, after[i]!, 700);

    const numbers = guiaNumbers(h);
    expect(numbers).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(issued.map((g) => g.number)).toEqual(numbers);
    expect(new Set(issued.map((g) => g.guiaId)).size).toBe(14);
    const statuses = (await rpcOk(server, 'guia.list', { status: 'all' }, after[0]!)).guias.map((g) => [g.number, g.status]);
    expect(statuses).toEqual(
      [
        [1, 'paid'],
        [2, 'void'],
        [3, 'paid'],
        [4, 'paid'],
        [5, 'void'],
        [6, 'unpaid'],
        [7, 'unpaid'],
        [8, 'unpaid'],
        [9, 'unpaid'],
        [10, 'void'],
        [11, 'unpaid'],
        [12, 'unpaid'],
        [13, 'unpaid'],
        [14, 'unpaid'],
      ].reverse(),
    );
    expect(cashByOperator(h)).toEqual({ ...cashBefore, caixa4: TEST_FLOAT_CENTS - 5_000 });
    expectBooksHold(h.kiosk.db);
  });
});
