/**
 * The caixa's rules (slot-machine rules n.º 2-14; SPEC 7): fund names, the
 * split of a guia, approvals, fund payouts and transfers, meter deltas,
 * contributions, the return to players and the machines file.
 */
import { describe, expect, it } from 'vitest';
import { errorMessage, KioskError, type ErrorCode } from '../errors.js';
import type { Params } from '../catalogue.js';
import {
  checkFundPayout,
  checkInspectorateTransfer,
  checkSplit,
  splitVerdict,
  checkTransfer,
  contributionCents,
  creditsToCents,
  fundAccount,
  fundName,
  fundsOfMachines,
  inspectorateTargets,
  GUIA_KINDS,
  guiaNeedsApproval,
  meterDelta,
  MIN_RETURN_BASIS_POINTS,
  parseFund,
  parseMachinesCsv,
  returnToPlayer,
  sameModelTargets,
  transferBranchFor,
  type FundRef,
  type MachineInput,
  type MeterValues,
} from './rules.js';

/** The KioskError a call throws (fails if it does not throw one). */
const refusal = (fn: () => unknown): KioskError => {
  expect(fn).toThrow(KioskError);
  try {
    fn();
  } catch (e) {
    if (e instanceof KioskError) return e;
    throw e;
  }
  throw new Error('not refused');
};

/** Refused with exactly this code and these message parameters. */
const expectRefusal = (fn: () => unknown, code: ErrorCode, params: Params): KioskError => {
  const e = refusal(fn);
  expect(e).toMatchObject({ code });
  expect(e.params).toEqual(params);
  expect(e.message).toBe(errorMessage(code, params));
  return e;
};

const en = (e: KioskError) => errorMessage(e.code, e.params, 'en');

describe('constants', () => {
  it('lists the four kinds of guia', () => {
    expect(GUIA_KINDS).toEqual(['jackpot', 'superjackpot', 'hand_pay', 'credits_claim']);
  });
  it('a machine returns at least 80 % (n.º 2)', () => {
    expect(MIN_RETURN_BASIS_POINTS).toBe(8000);
  });
});

describe('fund names', () => {
  it('parses a machine fund and a group fund', () => {
    expect(parseFund('machine:12')).toEqual({ kind: 'machine', number: '12' });
    expect(parseFund('group:SJ-A')).toEqual({ kind: 'group', code: 'SJ-A' });
    expect(parseFund('machine:a.B_c-9')).toEqual({ kind: 'machine', number: 'a.B_c-9' });
  });

  it('accepts a number or code of 1 and of 20 characters, not 21', () => {
    expect(parseFund('machine:7')).toEqual({ kind: 'machine', number: '7' });
    expect(parseFund(`group:${'x'.repeat(20)}`)).toEqual({ kind: 'group', code: 'x'.repeat(20) });
    expectRefusal(() => parseFund(`group:${'x'.repeat(21)}`), 'FUND_NAME_INVALID', { fund: `group:${'x'.repeat(21)}` });
  });

  it('refuses anything else, quoting what was typed', () => {
    for (const name of ['', 'machine:', 'group:', 'machine', '12', 'Machine:12', 'GROUP:A', ' machine:12', 'machine:12 ', 'machine: 12', 'machine:1/2', 'machine:1:2', 'fund:12', 'machine:nº1', 'group:A\n']) {
      const e = refusal(() => parseFund(name));
      expect(e.code, JSON.stringify(name)).toBe('FUND_NAME_INVALID');
      expect(e.params, JSON.stringify(name)).toEqual({ fund: name });
    }
  });

  it('cuts the typed name to 40 characters in the refusal', () => {
    const long = `machine:${'9'.repeat(50)}`;
    const e = expectRefusal(() => parseFund(long), 'FUND_NAME_INVALID', { fund: long.slice(0, 40) });
    expect(e.params.fund).toHaveLength(40);
    expect(e.message).toBe(
      `Fundo «${long.slice(0, 40)}» inválido: use machine:<n.º da máquina> (jackpot) ou group:<código do grupo> (superjackpot).`,
    );
    expect(en(e)).toBe(`Invalid fund "${long.slice(0, 40)}": use machine:<machine no.> (jackpot) or group:<group code> (superjackpot).`);
  });

  it('names a fund, the inverse of parseFund', () => {
    const refs: FundRef[] = [
      { kind: 'machine', number: '12' },
      { kind: 'group', code: 'SJ-A' },
      { kind: 'machine', number: 'A.1_b-2' },
    ];
    expect(fundName(refs[0]!)).toBe('machine:12');
    expect(fundName(refs[1]!)).toBe('group:SJ-A');
    for (const ref of refs) expect(parseFund(fundName(ref))).toEqual(ref);
    for (const name of ['machine:1', 'group:g.2']) expect(fundName(parseFund(name))).toBe(name);
  });

  it('holds a fund in a jackpot liability account', () => {
    expect(fundAccount({ kind: 'machine', number: '12' })).toBe('liability:jackpot:machine:12');
    expect(fundAccount({ kind: 'group', code: 'SJ-A' })).toBe('liability:jackpot:group:SJ-A');
  });
});

describe('checkSplit (n.º 13)', () => {
  it('accepts parts that add up exactly: cash only, cheques only, both', () => {
    expect(() => checkSplit(50000, 50000, [])).not.toThrow();
    expect(() => checkSplit(50000, 0, [{ amountCents: 50000 }])).not.toThrow();
    expect(() => checkSplit(50000, 0, [{ amountCents: 30000 }, { amountCents: 20000 }])).not.toThrow();
    expect(() => checkSplit(123457, 3457, [{ amountCents: 100000 }, { amountCents: 20000 }])).not.toThrow();
    expect(() => checkSplit(0, 0, [])).not.toThrow();
  });

  it('refuses a cent short, with the sum and the amount', () => {
    const e = expectRefusal(() => checkSplit(50000, 9999, [{ amountCents: 40000 }]), 'GUIA_SPLIT_MISMATCH', { sumCents: 49999, amountCents: 50000 });
    expect(e.message).toBe('Numerário e cheques somam 499,99 €, mas a guia é de 500,00 €: as partes têm de somar exatamente o valor (n.º 13).');
    expect(en(e)).toBe('Cash and cheques add up to €499.99, but the guia is for €500.00: the parts must add up exactly to the amount (no. 13).');
  });

  it('refuses a cent over', () => {
    expectRefusal(() => checkSplit(50000, 10001, [{ amountCents: 40000 }]), 'GUIA_SPLIT_MISMATCH', { sumCents: 50001, amountCents: 50000 });
  });

  it('refuses nothing paid for a guia with an amount', () => {
    expectRefusal(() => checkSplit(1, 0, []), 'GUIA_SPLIT_MISMATCH', { sumCents: 0, amountCents: 1 });
  });

  it('a negative or fractional part is a programming error, not a split', () => {
    expect(() => checkSplit(100, 200, [{ amountCents: -100 }])).toThrow(RangeError);
    expect(() => checkSplit(100, -1, [{ amountCents: 101 }])).toThrow(RangeError);
    expect(() => checkSplit(100, 50.5, [{ amountCents: 49.5 }])).toThrow(RangeError);
    expect(() => checkSplit(100, Number.NaN, [])).toThrow(RangeError);
  });
});

describe('splitVerdict (n.º 13, never thrown)', () => {
  it('says what is left to split or too much, and which part is not whole cents', () => {
    expect(splitVerdict(50000, 10000, [{ amountCents: 40000 }])).toEqual({ ok: true, remainingCents: 0 });
    expect(splitVerdict(50000, 10000, [{ amountCents: 30000 }])).toEqual({ ok: false, reason: 'under', remainingCents: 10000 });
    expect(splitVerdict(50000, 20000, [{ amountCents: 40000 }])).toEqual({ ok: false, reason: 'over', remainingCents: -10000 });
    expect(splitVerdict(50000, -1, [])).toMatchObject({ ok: false, reason: 'cash' });
    expect(splitVerdict(50000, 50000, [{ amountCents: 0 }])).toMatchObject({ ok: false, reason: 'cheque' });
    expect(() => checkSplit(50000, 50000, [{ amountCents: 0 }])).toThrow(RangeError);
  });
});

describe('guiaNeedsApproval', () => {
  it('is needed strictly over the threshold', () => {
    expect(guiaNeedsApproval(100000, 100000)).toBe(false);
    expect(guiaNeedsApproval(100001, 100000)).toBe(true);
    expect(guiaNeedsApproval(99999, 100000)).toBe(false);
    expect(guiaNeedsApproval(0, 0)).toBe(false);
    expect(guiaNeedsApproval(1, 0)).toBe(true);
  });

  it('is never needed without a threshold', () => {
    expect(guiaNeedsApproval(0, null)).toBe(false);
    expect(guiaNeedsApproval(Number.MAX_SAFE_INTEGER, null)).toBe(false);
  });
});

describe('checkFundPayout (n.º 5)', () => {
  it('pays up to everything held', () => {
    expect(() => checkFundPayout('machine:12', 25000, 25000)).not.toThrow();
    expect(() => checkFundPayout('machine:12', 24999, 25000)).not.toThrow();
    expect(() => checkFundPayout('machine:12', 0, 0)).not.toThrow();
  });

  it('refuses a cent more than held, naming the fund and both amounts', () => {
    const e = expectRefusal(() => checkFundPayout('machine:12', 25001, 25000), 'FUND_INSUFFICIENT', { fund: 'machine:12', heldCents: 25000, amountCents: 25001 });
    expect(e.message).toBe('O fundo machine:12 tem 250,00 €: não pode pagar 250,01 € (os valores cativos nunca ficam negativos, n.º 5).');
    expect(en(e)).toBe('Fund machine:12 holds €250.00: it cannot pay €250.01 (the amounts held never go negative, no. 5).');
  });

  it('refuses any payout from an empty fund', () => {
    expectRefusal(() => checkFundPayout('group:SJ', 1, 0), 'FUND_INSUFFICIENT', { fund: 'group:SJ', heldCents: 0, amountCents: 1 });
  });
});

describe('checkTransfer (n.º 6)', () => {
  const from = { fund: 'machine:1', model: 'Lucky 7', betCents: 50, heldCents: 12345, machines: ['1'] };
  const to = { fund: 'machine:2', model: 'Lucky 7', betCents: 50, machines: ['2'] };

  it('moves to another fund of the same model and bet', () => {
    expect(() => checkTransfer(from, to)).not.toThrow();
    expect(() => checkTransfer({ ...from, heldCents: 1 }, { ...to, fund: 'group:SJ' })).not.toThrow();
  });

  it('refuses the fund itself', () => {
    const e = expectRefusal(() => checkTransfer(from, { ...to, fund: 'machine:1' }), 'FUND_TRANSFER_SAME', {});
    expect(e.message).toBe('A transferência tem de ser para outra máquina ou outro grupo (n.º 6).');
    expect(en(e)).toBe('The transfer must go to another machine or group (no. 6).');
  });

  it('refuses the fund itself before anything else, even empty and of another model', () => {
    expectRefusal(() => checkTransfer({ ...from, heldCents: 0 }, { fund: 'machine:1', model: 'Other', betCents: 100, machines: ['1'] }), 'FUND_TRANSFER_SAME', {});
  });

  it('refuses another model, naming both funds, models and bets', () => {
    const e = expectRefusal(() => checkTransfer(from, { ...to, model: 'Lucky 8' }), 'FUND_TRANSFER_MISMATCH', {
      from: 'machine:1',
      to: 'machine:2',
      fromModel: 'Lucky 7',
      toModel: 'Lucky 8',
      fromBetCents: 50,
      toBetCents: 50,
    });
    expect(e.message).toBe(
      'Transferência recusada: machine:1 (Lucky 7, aposta 0,50 €) e machine:2 (Lucky 8, aposta 0,50 €) não são do mesmo modelo e aposta (n.º 6).',
    );
    expect(en(e)).toBe('Transfer refused: machine:1 (Lucky 7, bet €0.50) and machine:2 (Lucky 8, bet €0.50) are not of the same model and bet (no. 6).');
  });

  it('compares models by their exact spelling', () => {
    expect(refusal(() => checkTransfer(from, { ...to, model: 'lucky 7' })).code).toBe('FUND_TRANSFER_MISMATCH');
  });

  it('refuses another bet, by one cent', () => {
    expectRefusal(() => checkTransfer(from, { ...to, betCents: 51 }), 'FUND_TRANSFER_MISMATCH', {
      from: 'machine:1',
      to: 'machine:2',
      fromModel: 'Lucky 7',
      toModel: 'Lucky 7',
      fromBetCents: 50,
      toBetCents: 51,
    });
  });

  it('refuses a mismatch before an empty fund', () => {
    expect(refusal(() => checkTransfer({ ...from, heldCents: 0 }, { ...to, betCents: 100 })).code).toBe('FUND_TRANSFER_MISMATCH');
  });

  it("refuses a fund behind none but the source's own machines: a group's member, a lone machine's group", () => {
    const group = { fund: 'group:SJ', model: 'Lucky 7', betCents: 50, machines: ['1', '2'] };
    const e = expectRefusal(() => checkTransfer({ ...group, heldCents: 500 }, to), 'FUND_TRANSFER_SAME_MACHINES', { from: 'group:SJ', to: 'machine:2', machines: '2' });
    expect(e.message).toBe(
      'O fundo machine:2 está só em máquinas do fundo group:SJ (2): transferido para lá, o montante ficaria onde não se pode atribuir; a Portaria n.º 1441/95 (regras das máquinas, n.º 6) manda-o para outra máquina ou grupo.',
    );
    expect(refusal(() => checkTransfer(from, { ...to, fund: 'group:ALONE', machines: ['1'] })).code).toBe('FUND_TRANSFER_SAME_MACHINES');
    // A machine's group with other machines in it can still award the amounts: allowed.
    expect(() => checkTransfer(from, group)).not.toThrow();
  });

  it('refuses an empty fund', () => {
    const e = expectRefusal(() => checkTransfer({ ...from, heldCents: 0 }, to), 'FUND_EMPTY', { fund: 'machine:1' });
    expect(e.message).toBe('O fundo machine:1 está vazio: não há valores cativos a transferir.');
    expect(en(e)).toBe('Fund machine:1 is empty: there is nothing held to transfer.');
  });
});

describe('n.º 6, second branch: the machines the inspectorate authorised', () => {
  // Machines 7 and 8 (Lucky 7, 0,50 €, group SJ1), 9 (Fruit Party, 1,00 €), 10 (Lucky 7 at 1,00 €: another bet).
  const HALL = fundsOfMachines([
    { number: '7', model: 'Lucky 7', betCents: 50, group: 'SJ1' },
    { number: '8', model: 'Lucky 7', betCents: 50, group: 'SJ1' },
    { number: '9', model: 'Fruit Party', betCents: 100, group: null },
    { number: '10', model: 'Lucky 7', betCents: 100, group: null },
  ]);
  const fund = (name: string) => HALL.find((f) => f.fund === name)!;

  it('the hall\'s funds: each machine\'s jackpot and each group\'s superjackpot, with their model and bet', () => {
    expect(HALL).toEqual([
      { fund: 'machine:7', model: 'Lucky 7', betCents: 50, machines: ['7'] },
      { fund: 'machine:8', model: 'Lucky 7', betCents: 50, machines: ['8'] },
      { fund: 'machine:9', model: 'Fruit Party', betCents: 100, machines: ['9'] },
      { fund: 'machine:10', model: 'Lucky 7', betCents: 100, machines: ['10'] },
      { fund: 'group:SJ1', model: 'Lucky 7', betCents: 50, machines: ['7', '8'] },
    ]);
  });

  it('the first branch while the hall has another fund of the same model and bet; the second where it has none', () => {
    // Machine 7's group holds machine 8 too: "another" fund; the group's own members are not, for the group.
    expect(sameModelTargets(HALL, fund('machine:7')).map((f) => f.fund)).toEqual(['machine:8', 'group:SJ1']);
    expect(sameModelTargets(HALL, fund('group:SJ1'))).toEqual([]);
    expect(transferBranchFor(HALL, fund('group:SJ1'))).toBe('inspectorate');
    expect(transferBranchFor(HALL, fund('machine:7'))).toBe('same_model');
    // Same model, another bet: no target.
    expect(sameModelTargets(HALL, fund('machine:10'))).toEqual([]);
    expect(transferBranchFor(HALL, fund('machine:10'))).toBe('inspectorate');
    expect(transferBranchFor(HALL, fund('machine:9'))).toBe('inspectorate');
    // A fund with no machine behind it has no target of its own model.
    expect(sameModelTargets(HALL, { fund: 'group:OLD', model: null, betCents: null, machines: [] })).toEqual([]);
  });

  it("a group whose only funds of its model are its own members' takes the second branch, to other machines", () => {
    // Machine 9 is the hall's only Fruit Party, in group SJ2: neither fund is "another" for the other.
    const hall = fundsOfMachines([
      { number: '7', model: 'Lucky 7', betCents: 50, group: null },
      { number: '9', model: 'Fruit Party', betCents: 100, group: 'SJ2' },
    ]);
    const sj2 = hall.find((f) => f.fund === 'group:SJ2')!;
    expect(sameModelTargets(hall, sj2)).toEqual([]);
    expect(transferBranchFor(hall, sj2)).toBe('inspectorate');
    expect(inspectorateTargets(hall, sj2).map((f) => f.fund)).toEqual(['machine:7']);
    const from = { ...sj2, model: 'Fruit Party', betCents: 100, heldCents: 5_000 };
    expect(() => checkInspectorateTransfer(from, { fund: 'machine:7', machines: ['7'] }, [])).not.toThrow();
    expect(refusal(() => checkInspectorateTransfer(from, { fund: 'machine:9', machines: ['9'] }, [])).code).toBe('FUND_TRANSFER_SAME_MACHINES');
  });

  it('goes to any model where the hall has none of the same model and bet', () => {
    const from = { fund: 'machine:9', model: 'Fruit Party', betCents: 100, heldCents: 5_000, machines: ['9'] };
    expect(() => checkInspectorateTransfer(from, { fund: 'machine:7', machines: ['7'] }, sameModelTargets(HALL, from))).not.toThrow();
    expect(() => checkInspectorateTransfer(from, { fund: 'group:SJ1', machines: ['7', '8'] }, [])).not.toThrow();
    // A superjackpot whose only funds of its model are its members': to the inspectorate's machines, never to a member.
    const sj1 = { ...fund('group:SJ1'), model: 'Lucky 7', betCents: 50, heldCents: 9_000 };
    expect(() => checkInspectorateTransfer(sj1, { fund: 'machine:9', machines: ['9'] }, sameModelTargets(HALL, sj1))).not.toThrow();
    expect(refusal(() => checkInspectorateTransfer(sj1, { fund: 'machine:8', machines: ['8'] }, [])).code).toBe('FUND_TRANSFER_SAME_MACHINES');
  });

  it('is refused while a fund of the same model and bet exists, naming it', () => {
    const from = { fund: 'machine:7', model: 'Lucky 7', betCents: 50, heldCents: 5_000, machines: ['7'] };
    expect(sameModelTargets(HALL, from).map((f) => f.fund)).toEqual(['machine:8', 'group:SJ1']);
    const two = sameModelTargets(HALL, from);
    const e = expectRefusal(() => checkInspectorateTransfer(from, { fund: 'machine:9', machines: ['9'] }, two), 'FUND_TRANSFER_SAME_MODEL_EXISTS', {
      from: 'machine:7',
      model: 'Lucky 7',
      betCents: 50,
      existing: 'machine:8',
      count: 2,
    });
    expect(e.message).toBe(
      'Transferência para máquinas autorizadas pela Inspecção-Geral de Jogos recusada: essa via só se usa na falta de máquina ou grupo do mesmo modelo e aposta, e machine:8 é, como machine:7, do modelo Lucky 7 com aposta 0,50 € (há 2 fundos assim): transfira para um deles (n.º 6).',
    );
    expect(en(e)).toBe(
      'Transfer to machines authorised by the Inspecção-Geral de Jogos refused: that way is used only where no machine or group of the same model and bet exists, and machine:8 is, like machine:7, of model Lucky 7 with a €0.50 bet (there are 2 such funds): transfer to one of them (no. 6).',
    );
    const one = refusal(() => checkInspectorateTransfer(from, { fund: 'machine:9', machines: ['9'] }, [{ fund: 'group:SJ1' }]));
    expect(one.message).toBe(
      'Transferência para máquinas autorizadas pela Inspecção-Geral de Jogos recusada: essa via só se usa na falta de máquina ou grupo do mesmo modelo e aposta, e group:SJ1 é, como machine:7, do modelo Lucky 7 com aposta 0,50 €: transfira para group:SJ1 (n.º 6).',
    );
  });

  it('refuses the fund itself first, then a same-model fund, then an empty fund', () => {
    const from = { fund: 'machine:9', model: 'Fruit Party', betCents: 100, heldCents: 0, machines: ['9'] };
    expect(refusal(() => checkInspectorateTransfer(from, { fund: 'machine:9', machines: ['9'] }, [{ fund: 'machine:8' }])).code).toBe('FUND_TRANSFER_SAME');
    expect(refusal(() => checkInspectorateTransfer(from, { fund: 'machine:7', machines: ['7'] }, [{ fund: 'machine:8' }])).code).toBe('FUND_TRANSFER_SAME_MODEL_EXISTS');
    expectRefusal(() => checkInspectorateTransfer(from, { fund: 'machine:7', machines: ['7'] }, []), 'FUND_EMPTY', { fund: 'machine:9' });
  });
});

describe('meterDelta (n.º 9)', () => {
  const m = (coinsIn: number, prizesPaid: number, coinsCollected: number): MeterValues => ({ coinsIn, prizesPaid, coinsCollected });
  const ZERO = m(0, 0, 0);

  it('the first reading is the baseline, whatever its kind', () => {
    expect(meterDelta('12', null, m(5000, 4000, 800), 'reading')).toEqual(ZERO);
    expect(meterDelta('12', null, m(5000, 4000, 800), 'reset')).toEqual(ZERO);
    expect(meterDelta('12', null, m(5000, 4000, 800), 'rollover')).toEqual(ZERO);
    expect(meterDelta('12', null, ZERO, 'reading')).toEqual(ZERO);
  });

  it('a reading counts what each counter moved', () => {
    expect(meterDelta('12', m(1000, 800, 150), m(1600, 1250, 150), 'reading')).toEqual(m(600, 450, 0));
    expect(meterDelta('12', m(1000, 800, 150), m(1000, 800, 150), 'reading')).toEqual(ZERO);
    expect(meterDelta('12', ZERO, m(1, 2, 3), 'reading')).toEqual(m(1, 2, 3));
  });

  it('refuses a counter that went down, naming the first one (coins in)', () => {
    const e = expectRefusal(() => meterDelta('12', m(1000, 800, 150), m(999, 700, 100), 'reading'), 'METER_BACKWARDS', {
      number: '12',
      counter: 'coinsIn',
      previous: 1000,
      value: 999,
    });
    expect(e.message).toBe('O contador de entradas da máquina n.º 12 desceu (1000 → 999): registe a leitura como volta do contador ou reposição a zero (n.º 9).');
    expect(en(e)).toBe("Machine no. 12's coins in meter went down (1000 → 999): record the reading as a rollover or a reset (no. 9).");
  });

  it('refuses prizes paid going down, then coins collected', () => {
    expectRefusal(() => meterDelta('A-7', m(1000, 800, 150), m(1000, 799, 100), 'reading'), 'METER_BACKWARDS', {
      number: 'A-7',
      counter: 'prizesPaid',
      previous: 800,
      value: 799,
    });
    expectRefusal(() => meterDelta('A-7', m(1000, 800, 150), m(2000, 900, 0), 'reading'), 'METER_BACKWARDS', {
      number: 'A-7',
      counter: 'coinsCollected',
      previous: 150,
      value: 0,
    });
  });

  it('a rollover wraps the counter that went down at the modulus, the others count normally', () => {
    // coins in: 99 999 950 -> 30 on a 100 000 000 meter: 50 to the top, then 30.
    expect(meterDelta('12', m(99_999_950, 500, 40), m(30, 520, 40), 'rollover', 100_000_000)).toEqual(m(80, 20, 0));
    // all three wrap.
    expect(meterDelta('12', m(9990, 9000, 9999), m(10, 100, 0), 'rollover', 10_000)).toEqual(m(20, 1100, 1));
    // wrapped to exactly zero.
    expect(meterDelta('12', m(9999, 0, 0), m(0, 0, 0), 'rollover', 10_000)).toEqual(m(1, 0, 0));
    // nothing went down: a rollover counts like a reading.
    expect(meterDelta('12', m(100, 50, 5), m(150, 60, 5), 'rollover', 10_000)).toEqual(m(50, 10, 0));
  });

  it('a rollover back to the same value counted nothing (the counter did not go down)', () => {
    expect(meterDelta('12', m(500, 0, 0), m(500, 0, 0), 'rollover', 1000)).toEqual(ZERO);
  });

  it('a rollover needs a whole modulus above every previous value', () => {
    const prev = m(9990, 9000, 9999);
    const cur = m(10, 100, 0);
    expect(meterDelta('12', prev, cur, 'rollover', 10_000)).toEqual(m(20, 1100, 1));
    for (const modulus of [undefined, 9999, 9998, 0, -10_000, 10_000.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      const e = refusal(() => meterDelta('12', prev, cur, 'rollover', modulus));
      expect(e.code, String(modulus)).toBe('METER_ROLLOVER_MODULUS');
      expect(e.params, String(modulus)).toEqual({ previous: 9999 });
    }
    const e = expectRefusal(() => meterDelta('12', m(5, 70, 3), m(6, 71, 4), 'rollover', 70), 'METER_ROLLOVER_MODULUS', { previous: 70 });
    expect(e.message).toBe('Uma volta do contador precisa da capacidade do contador (por exemplo 100000000), maior do que a leitura anterior 70.');
    expect(en(e)).toBe("A rollover needs the meter's capacity (e.g. 100000000), greater than the previous reading 70.");
  });

  it('the modulus is not needed for a reading or a reset', () => {
    expect(meterDelta('12', m(10, 10, 10), m(20, 20, 20), 'reading', 5)).toEqual(m(10, 10, 10));
    expect(meterDelta('12', m(10, 10, 10), m(3, 2, 1), 'reset', 5)).toEqual(m(3, 2, 1));
  });

  it('a reset counts the new values from zero', () => {
    expect(meterDelta('12', m(123_456, 100_000, 20_000), m(300, 250, 0), 'reset')).toEqual(m(300, 250, 0));
    expect(meterDelta('12', m(123_456, 100_000, 20_000), ZERO, 'reset')).toEqual(ZERO);
    // even when a counter is above its previous value.
    expect(meterDelta('12', m(100, 100, 100), m(200, 50, 0), 'reset')).toEqual(m(200, 50, 0));
  });

  it('returns a fresh object, never the input', () => {
    const cur = m(1, 2, 3);
    const d = meterDelta('12', ZERO, cur, 'reset');
    expect(d).toEqual(cur);
    expect(d).not.toBe(cur);
  });

  it('a counter that is not a whole non-negative number is a programming error', () => {
    expect(() => meterDelta('12', null, m(-1, 0, 0), 'reading')).toThrow(RangeError);
    expect(() => meterDelta('12', null, m(0, 1.5, 0), 'reading')).toThrow(RangeError);
    expect(() => meterDelta('12', m(0, 0, Number.NaN), m(0, 0, 0), 'reading')).toThrow(RangeError);
  });
});

describe('creditsToCents', () => {
  it('multiplies credits by the bet', () => {
    expect(creditsToCents(1234, 50)).toBe(61700);
    expect(creditsToCents(0, 50)).toBe(0);
    expect(creditsToCents(1, 1)).toBe(1);
    expect(creditsToCents(3, 200)).toBe(600);
  });

  it('refuses what would not be whole, safe cents', () => {
    expect(() => creditsToCents(1.5, 50)).toThrow(RangeError);
    expect(() => creditsToCents(10, 0.5)).toThrow(RangeError);
    expect(() => creditsToCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});

describe('contributionCents', () => {
  it('floors played x share / 10 000', () => {
    expect(contributionCents(100_000, 250)).toBe(2500); // 2.5 % of 1000 €
    expect(contributionCents(12_345, 250)).toBe(308); // 308.625
    expect(contributionCents(39, 250)).toBe(0); // 0.975
    expect(contributionCents(40, 250)).toBe(1); // exactly 1
    expect(contributionCents(9_999, 1)).toBe(0);
    expect(contributionCents(10_000, 1)).toBe(1);
  });

  it('gives nothing from nothing or at a zero share, everything at 100 %', () => {
    expect(contributionCents(0, 250)).toBe(0);
    expect(contributionCents(12_345, 0)).toBe(0);
    expect(contributionCents(12_345, 10_000)).toBe(12_345);
  });

  it('stays exact when the product passes 2^53', () => {
    // MAX_SAFE_INTEGER x 7777 / 10 000: in floats the product rounds up to ...069; in integers it is ...068.
    expect(Math.floor((Number.MAX_SAFE_INTEGER * 7777) / 10_000)).toBe(7_004_898_860_412_069);
    expect(contributionCents(Number.MAX_SAFE_INTEGER, 7777)).toBe(7_004_898_860_412_068);
    expect(contributionCents(9_007_199_254_740_990, 7777)).toBe(7_004_898_860_412_067);
    expect(contributionCents(Number.MAX_SAFE_INTEGER, 9999)).toBe(9_006_298_534_815_516);
    expect(contributionCents(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(contributionCents(Number.MAX_SAFE_INTEGER, 1)).toBe(900_719_925_474);
    expect(contributionCents(1_000_000_000_000_007, 3333)).toBe(Number((1_000_000_000_000_007n * 3333n) / 10_000n));
  });

  it('just below and just above 2^53 agree with integer arithmetic', () => {
    for (const played of [36_028_797_018_963, 36_028_797_018_964, 36_028_797_018_965, 900_719_925_474_099, 900_719_925_474_100]) {
      for (const share of [250, 1234, 9999]) {
        expect(contributionCents(played, share), `${played} x ${share}`).toBe(Number((BigInt(played) * BigInt(share)) / 10_000n));
      }
    }
  });

  it('refuses negative or fractional cents and a share outside 0-10 000', () => {
    expect(() => contributionCents(-1, 250)).toThrow(RangeError);
    expect(() => contributionCents(1.5, 250)).toThrow(RangeError);
    expect(() => contributionCents(2 ** 53, 250)).toThrow(RangeError);
    expect(() => contributionCents(100, -1)).toThrow(RangeError);
    expect(() => contributionCents(100, 10_001)).toThrow(RangeError);
    expect(() => contributionCents(100, 2.5)).toThrow(RangeError);
  });
});

describe('returnToPlayer (n.º 2)', () => {
  it('is (machine prizes + guias) / played, floored to basis points', () => {
    expect(returnToPlayer({ playedCents: 100_000, machinePrizesCents: 70_000, guiasCents: 15_000 })).toEqual({ basisPoints: 8500, below: false });
    expect(returnToPlayer({ playedCents: 3, machinePrizesCents: 2, guiasCents: 0 })).toEqual({ basisPoints: 6666, below: true });
    expect(returnToPlayer({ playedCents: 30_000, machinePrizesCents: 0, guiasCents: 24_001 })).toEqual({ basisPoints: 8000, below: false });
  });

  it('exactly 80 % is not below; a hair under is', () => {
    expect(returnToPlayer({ playedCents: 100_000, machinePrizesCents: 80_000, guiasCents: 0 })).toEqual({ basisPoints: 8000, below: false });
    expect(returnToPlayer({ playedCents: 100_000, machinePrizesCents: 79_999, guiasCents: 0 })).toEqual({ basisPoints: 7999, below: true });
    expect(returnToPlayer({ playedCents: 1_000_000, machinePrizesCents: 799_999, guiasCents: 0 })).toEqual({ basisPoints: 7999, below: true });
    expect(returnToPlayer({ playedCents: 100_000, machinePrizesCents: 79_999, guiasCents: 1 })).toEqual({ basisPoints: 8000, below: false });
  });

  it('nothing returned is 0 and below; more than played is over 100 %', () => {
    expect(returnToPlayer({ playedCents: 5000, machinePrizesCents: 0, guiasCents: 0 })).toEqual({ basisPoints: 0, below: true });
    expect(returnToPlayer({ playedCents: 10_000, machinePrizesCents: 5_000, guiasCents: 50_000 })).toEqual({ basisPoints: 55_000, below: false });
  });

  it('is null and not below when nothing was played', () => {
    expect(returnToPlayer({ playedCents: 0, machinePrizesCents: 0, guiasCents: 0 })).toEqual({ basisPoints: null, below: false });
    expect(returnToPlayer({ playedCents: 0, machinePrizesCents: 100, guiasCents: 5000 })).toEqual({ basisPoints: null, below: false });
  });

  it('stays exact with huge amounts', () => {
    expect(returnToPlayer({ playedCents: Number.MAX_SAFE_INTEGER, machinePrizesCents: Number.MAX_SAFE_INTEGER, guiasCents: Number.MAX_SAFE_INTEGER })).toEqual({
      basisPoints: 20_000,
      below: false,
    });
    expect(returnToPlayer({ playedCents: Number.MAX_SAFE_INTEGER, machinePrizesCents: Number.MAX_SAFE_INTEGER - 1, guiasCents: 0 })).toEqual({
      basisPoints: 9999,
      below: false,
    });
  });

  it('refuses negative or fractional cents', () => {
    expect(() => returnToPlayer({ playedCents: -1, machinePrizesCents: 0, guiasCents: 0 })).toThrow(RangeError);
    expect(() => returnToPlayer({ playedCents: 100, machinePrizesCents: 0.5, guiasCents: 0 })).toThrow(RangeError);
    expect(() => returnToPlayer({ playedCents: 100, machinePrizesCents: 0, guiasCents: -5 })).toThrow(RangeError);
  });
});

describe('parseMachinesCsv', () => {
  const HEADER = 'number,model,bet,location,group';
  const machine = (number: string, model: string, betCents: number, location: string | null = null, group: string | null = null): MachineInput => ({
    number,
    model,
    betCents,
    location,
    group,
  });
  /** The refusal of a file: its line, and why in pt-PT and in English (the messages; the parameters are a reason code and its data). */
  const csvRefusal = (text: string, line: number, reason: string, reasonEn: string) => {
    const e = refusal(() => parseMachinesCsv(text));
    expect(e.code).toBe('MACHINES_CSV_INVALID');
    expect(e.params.line).toBe(line);
    expect(e.message).toBe(`Ficheiro de máquinas recusado, nada foi importado: linha ${line}: ${reason}.`);
    expect(en(e)).toBe(`Machines file refused, nothing was imported: line ${line}: ${reasonEn}.`);
    return e;
  };

  it('reads a file, in file order', () => {
    expect(parseMachinesCsv(`${HEADER}\n12,Lucky 7,0.50,Sala 1,SJ-A\n13,Lucky 7,0.50,Sala 1,SJ-A\n7,Fruit Bonus,1,,\n`)).toEqual([
      machine('12', 'Lucky 7', 50, 'Sala 1', 'SJ-A'),
      machine('13', 'Lucky 7', 50, 'Sala 1', 'SJ-A'),
      machine('7', 'Fruit Bonus', 100),
    ]);
  });

  it('reads a file without a final line break', () => {
    expect(parseMachinesCsv(`${HEADER}\n1,M,2,,`)).toEqual([machine('1', 'M', 200)]);
  });

  it('takes CRLF line ends and a byte order mark', () => {
    expect(parseMachinesCsv(`\uFEFF${HEADER}\r\n1,Lucky 7,0.5,Sala 1,\r\n2,Lucky 7,2,,G1\r\n`)).toEqual([machine('1', 'Lucky 7', 50, 'Sala 1'), machine('2', 'Lucky 7', 200, null, 'G1')]);
  });

  it("takes ';' from the header, with decimal commas in the bets", () => {
    expect(parseMachinesCsv('number;model;bet;location;group\n1;Lucky 7;0,50;Sala 1;SJ\n2;Fruit, deluxe;2,5;;\n')).toEqual([
      machine('1', 'Lucky 7', 50, 'Sala 1', 'SJ'),
      machine('2', 'Fruit, deluxe', 250),
    ]);
  });

  it("with ',' as the separator, a ';' is text", () => {
    expect(parseMachinesCsv(`${HEADER}\n1,Lucky;7,1,,\n`)).toEqual([machine('1', 'Lucky;7', 100)]);
  });

  it('takes the Portuguese header, with or without accents, in any case', () => {
    const rows = '\n1,M,1,,\n';
    for (const header of ['numero,modelo,aposta,localizacao,grupo', 'número,modelo,aposta,localização,grupo', 'NÚMERO,Modelo,APOSTA,Localização,Grupo', 'Numero,modelo,aposta,localizaçao,grupo']) {
      expect(parseMachinesCsv(header + rows), header).toEqual([machine('1', 'M', 100)]);
    }
    expect(parseMachinesCsv('Número;Modelo;Aposta;Localização;Grupo\r\n1;M;0,50;Sala;G\r\n')).toEqual([machine('1', 'M', 50, 'Sala', 'G')]);
  });

  it('takes the English header in any case, with blanks around the names, or quoted', () => {
    expect(parseMachinesCsv(' NUMBER , Model ,BET,Location,GROUP \n1,M,1,,\n')).toEqual([machine('1', 'M', 100)]);
    expect(parseMachinesCsv('"number","model","bet","location","group"\n1,M,1,,\n')).toEqual([machine('1', 'M', 100)]);
  });

  it('trims the fields; an empty location or group is null', () => {
    expect(parseMachinesCsv(`${HEADER}\n  12 ,  Lucky 7  , 1.00 ,   ,  \n`)).toEqual([machine('12', 'Lucky 7', 100)]);
  });

  it('reads quoted fields: the separator and "" inside quotes, blanks around them', () => {
    expect(parseMachinesCsv(`${HEADER}\n"12","Lucky 7, deluxe","2,5","Sala ""VIP""",""\n13, "Fruit" ,"1", "" ,"G.1"\n`)).toEqual([
      machine('12', 'Lucky 7, deluxe', 250, 'Sala "VIP"'),
      machine('13', 'Fruit', 100, null, 'G.1'),
    ]);
    expect(parseMachinesCsv('number;model;bet;location;group\n1;"A; B";"0,50";"x""";\n')).toEqual([machine('1', 'A; B', 50, 'x"')]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(parseMachinesCsv(`${HEADER}\n1,Screen 27" Gold,1,,\n`)).toEqual([machine('1', 'Screen 27" Gold', 100)]);
  });

  it('skips blank lines and lines of separators only, counting them as lines', () => {
    expect(parseMachinesCsv(`\n\n${HEADER}\n\n1,M,1,,\n   \n,,,,\n\t\n2,M,1,,\n\n`)).toEqual([machine('1', 'M', 100), machine('2', 'M', 100)]);
    expect(parseMachinesCsv('number;model;bet;location;group\r\n1;M;1;;\r\n;;;;\r\n;;;;\r\n')).toEqual([machine('1', 'M', 100)]);
    csvRefusal(`\n\n${HEADER}\n\n1,M,1,,\n   \n,,,,\n2,M,x,,\n`, 8, 'aposta «x» inválida', 'invalid bet "x"');
  });

  it('reads the bet in euros to exact cents', () => {
    const bets: [string, number][] = [
      ['1', 100],
      ['0.50', 50],
      ['0.5', 50],
      ['2.5', 250],
      ['0.01', 1],
      ['0.10', 10],
      ['0.1', 10],
      ['1.00', 100],
      ['007', 700],
      ['0000000000001.99', 199],
      ['9999.99', 999_999],
      ['10000', 1_000_000],
      ['10000.00', 1_000_000],
      ['1.15', 115], // 1.15 * 100 is 114.99999999999999 in floats
      ['4.35', 435], // 434.99999999999994
      ['0.29', 29], // 28.999999999999996
    ];
    for (const [bet, cents] of bets) expect(parseMachinesCsv(`${HEADER}\n1,M,${bet},,\n`)[0]!.betCents, bet).toBe(cents);
    for (const [bet, cents] of [['0,50', 50], ['2,5', 250], ['1,15', 115], ['10000,00', 1_000_000]] as const) {
      expect(parseMachinesCsv(`number;model;bet;location;group\n1;M;${bet};;\n`)[0]!.betCents, bet).toBe(cents);
      expect(parseMachinesCsv(`${HEADER}\n1,M,"${bet}",,\n`)[0]!.betCents, bet).toBe(cents);
    }
  });

  it('refuses a bet that is not euros with at most 2 decimals', () => {
    for (const bet of ['abc', '0.505', '1.', '.50', '-1', '+1', '1 000', '1.000.00', '€1', '1€', '1e2', '0x10', '1,5.0', 'Infinity', 'NaN']) {
      csvRefusal(`number;model;bet;location;group\n1;M;${bet};;\n`, 2, `aposta «${bet}» inválida`, `invalid bet "${bet}"`);
    }
    const e = csvRefusal(`${HEADER}\n1,M,1,,\n2,M,abc,,\n`, 3, 'aposta «abc» inválida', 'invalid bet "abc"');
    expect(e.message).toBe('Ficheiro de máquinas recusado, nada foi importado: linha 3: aposta «abc» inválida.');
    expect(en(e)).toBe('Machines file refused, nothing was imported: line 3: invalid bet "abc".');
  });

  it('refuses a missing bet and a bet of zero', () => {
    csvRefusal(`${HEADER}\n1,M,,,\n`, 2, 'aposta em falta', 'bet missing');
    csvRefusal(`${HEADER}\n1,M,0,,\n`, 2, 'aposta «0» inválida: tem de ser maior do que zero', 'invalid bet "0": it must be more than zero');
    csvRefusal(`${HEADER}\n1,M,0.00,,\n`, 2, 'aposta «0.00» inválida: tem de ser maior do que zero', 'invalid bet "0.00": it must be more than zero');
  });

  it('passes the reason as a code with its data, worded by each language', () => {
    expect(refusal(() => parseMachinesCsv(`${HEADER}\n1,M,10000.01,,\n`)).params).toEqual({ line: 2, reason: 'bet_over_maximum', value: '10000.01', maxCents: 1_000_000 });
    expect(refusal(() => parseMachinesCsv(`${HEADER}\n1,,1,,\n`)).params).toEqual({ line: 2, reason: 'missing', field: 'model' });
    expect(refusal(() => parseMachinesCsv('number;model;bet;location;group\n1,M,1,,\n')).params).toEqual({ line: 2, reason: 'field_count', count: 1, sep: ';' });
    expect(refusal(() => parseMachinesCsv(`${HEADER}\n12,M,1,,\n12,N,2,,\n`)).params).toEqual({ line: 3, reason: 'number_repeated', number: '12', first: 2 });
  });

  it('refuses a bet over 10 000 €, by a cent', () => {
    csvRefusal(`${HEADER}\n1,M,10000.01,,\n`, 2, 'aposta «10000.01» acima do máximo de 10 000,00 €', 'bet "10000.01" over the maximum of €10,000.00');
    csvRefusal(`${HEADER}\n1,M,123456,,\n`, 2, 'aposta «123456» acima do máximo de 10 000,00 €', 'bet "123456" over the maximum of €10,000.00');
    const huge = '9'.repeat(400);
    csvRefusal(`${HEADER}\n1,M,${huge},,\n`, 2, `aposta «${'9'.repeat(29)}…» acima do máximo de 10 000,00 €`, `bet "${'9'.repeat(29)}…" over the maximum of €10,000.00`);
  });

  const NUMBER_RULE = '(1 a 20 letras sem acentos, algarismos, «.», «_» ou «-»)';
  const NUMBER_RULE_EN = '(1 to 20 unaccented letters, digits, ".", "_" or "-")';

  it('takes machine numbers of 1 to 20 letters, digits, ".", "_" or "-"', () => {
    expect(parseMachinesCsv(`${HEADER}\n7,M,1,,\n${'a'.repeat(20)},M,1,,\nA.b_C-9,M,1,,A.b_C-9\n`).map((m) => m.number)).toEqual(['7', 'a'.repeat(20), 'A.b_C-9']);
  });

  it('refuses a missing or invalid machine number', () => {
    csvRefusal(`${HEADER}\n,M,1,,\n`, 2, 'n.º de máquina em falta', 'machine number missing');
    for (const n of ['A 1', 'nº1', '1/2', 'máq1', '#1', 'a'.repeat(21)]) {
      csvRefusal(`${HEADER}\n${n},M,1,,\n`, 2, `n.º de máquina «${n}» inválido ${NUMBER_RULE}`, `invalid machine number "${n}" ${NUMBER_RULE_EN}`);
    }
    const long = 'x'.repeat(40);
    csvRefusal(`${HEADER}\n${long},M,1,,\n`, 2, `n.º de máquina «${'x'.repeat(29)}…» inválido ${NUMBER_RULE}`, `invalid machine number "${'x'.repeat(29)}…" ${NUMBER_RULE_EN}`);
  });

  it('shows control characters in a quoted value as ?', () => {
    csvRefusal(`${HEADER}\n"1\u00072",M,1,,\n`, 2, `n.º de máquina «1?2» inválido ${NUMBER_RULE}`, `invalid machine number "1?2" ${NUMBER_RULE_EN}`);
  });

  it('takes a model of up to 60 characters and refuses a missing, longer or control-character model', () => {
    expect(parseMachinesCsv(`${HEADER}\n1,${'m'.repeat(60)},1,,\n`)[0]!.model).toBe('m'.repeat(60));
    expect(parseMachinesCsv(`${HEADER}\n1,Máquina «Ouro» ção,1,,\n`)[0]!.model).toBe('Máquina «Ouro» ção');
    csvRefusal(`${HEADER}\n1,,1,,\n`, 2, 'modelo em falta', 'model missing');
    csvRefusal(`${HEADER}\n1,   ,1,,\n`, 2, 'modelo em falta', 'model missing');
    csvRefusal(`${HEADER}\n1,"",1,,\n`, 2, 'modelo em falta', 'model missing');
    csvRefusal(`${HEADER}\n1,${'m'.repeat(61)},1,,\n`, 2, 'modelo com mais de 60 caracteres', 'model longer than 60 characters');
    csvRefusal(`${HEADER}\n1,Lucky\t7,1,,\n`, 2, 'modelo com caracteres de controlo', 'model contains control characters');
    csvRefusal(`${HEADER}\n1,Lucky\u00857,1,,\n`, 2, 'modelo com caracteres de controlo', 'model contains control characters');
    csvRefusal(`${HEADER}\n1,Lucky\r7,1,,\n`, 2, 'modelo com caracteres de controlo', 'model contains control characters');
  });

  it('takes a location of up to 60 characters and refuses a longer or control-character location', () => {
    expect(parseMachinesCsv(`${HEADER}\n1,M,1,${'l'.repeat(60)},\n`)[0]!.location).toBe('l'.repeat(60));
    csvRefusal(`${HEADER}\n1,M,1,${'l'.repeat(61)},\n`, 2, 'localização com mais de 60 caracteres', 'location longer than 60 characters');
    csvRefusal(`${HEADER}\n1,M,1,Sala\u00001,\n`, 2, 'localização com caracteres de controlo', 'location contains control characters');
  });

  it('refuses an invalid group', () => {
    expect(parseMachinesCsv(`${HEADER}\n1,M,1,,${'g'.repeat(20)}\n`)[0]!.group).toBe('g'.repeat(20));
    for (const g of ['S J', 'grupo/1', 'ção', 'g'.repeat(21)]) {
      csvRefusal(`${HEADER}\n1,M,1,,${g}\n`, 2, `grupo «${g}» inválido ${NUMBER_RULE}`, `invalid group "${g}" ${NUMBER_RULE_EN}`);
    }
  });

  it('reports the first bad field of a row, in column order', () => {
    csvRefusal(`${HEADER}\nA 1,,abc,,S J\n`, 2, `n.º de máquina «A 1» inválido ${NUMBER_RULE}`, `invalid machine number "A 1" ${NUMBER_RULE_EN}`);
    csvRefusal(`${HEADER}\n1,,abc,,S J\n`, 2, 'modelo em falta', 'model missing');
    csvRefusal(`${HEADER}\n1,M,abc,,S J\n`, 2, 'aposta «abc» inválida', 'invalid bet "abc"');
    csvRefusal(`${HEADER}\n1,M,1,${'l'.repeat(61)},S J\n`, 2, 'localização com mais de 60 caracteres', 'location longer than 60 characters');
  });

  it('reports the first bad row of the file', () => {
    csvRefusal(`${HEADER}\n1,M,1,,\n2,M,x,,\n3,,1,,\n`, 3, 'aposta «x» inválida', 'invalid bet "x"');
  });

  it('refuses a row without exactly five fields', () => {
    csvRefusal(`${HEADER}\n1,M,1\n`, 2, 'tem 3 campos em vez de 5 (numero,modelo,aposta,localizacao,grupo)', 'has 3 fields instead of 5 (number,model,bet,location,group)');
    csvRefusal(`${HEADER}\n1,M,1,,,\n`, 2, 'tem 6 campos em vez de 5 (numero,modelo,aposta,localizacao,grupo)', 'has 6 fields instead of 5 (number,model,bet,location,group)');
    csvRefusal(`${HEADER}\njust text\n`, 2, 'tem 1 campo em vez de 5 (numero,modelo,aposta,localizacao,grupo)', 'has 1 field instead of 5 (number,model,bet,location,group)');
    csvRefusal('number;model;bet;location;group\n1,M,1,,\n', 2, 'tem 1 campo em vez de 5 (numero;modelo;aposta;localizacao;grupo)', 'has 1 field instead of 5 (number;model;bet;location;group)');
  });

  it('refuses badly quoted fields', () => {
    csvRefusal(`${HEADER}\n1,"Lucky,1,,\n`, 2, 'aspas por fechar', 'unclosed double quotes');
    csvRefusal(`${HEADER}\n1,"Lucky 7""",1,,\n2,"M,1,,\n`, 3, 'aspas por fechar', 'unclosed double quotes');
    csvRefusal(`${HEADER}\n1,"Lucky"7,1,,\n`, 2, 'texto depois das aspas de fecho', 'text after the closing double quote');
    // A quoted field does not run over a line break.
    csvRefusal(`${HEADER}\n1,"Lucky\n7",1,,\n`, 2, 'aspas por fechar', 'unclosed double quotes');
  });

  it('refuses a machine number repeated in the file, naming both lines', () => {
    const e = csvRefusal(`${HEADER}\n12,M,1,,\n13,M,1,,\n\n12,N,2,,\n`, 5, 'n.º de máquina «12» repetido (já na linha 2)', 'machine number "12" repeated (already on line 2)');
    expect(e.message).toBe('Ficheiro de máquinas recusado, nada foi importado: linha 5: n.º de máquina «12» repetido (já na linha 2).');
    // Trimmed and quoted spellings are the same number.
    csvRefusal(`${HEADER}\n12,M,1,,\n "12" ,M,1,,\n`, 3, 'n.º de máquina «12» repetido (já na linha 2)', 'machine number "12" repeated (already on line 2)');
  });

  it('numbers differing in case or leading zeros are different machines', () => {
    expect(parseMachinesCsv(`${HEADER}\nA1,M,1,,\na1,M,1,,\n7,M,1,,\n007,M,1,,\n`).map((m) => m.number)).toEqual(['A1', 'a1', '7', '007']);
  });

  it('refuses an empty file at line 1', () => {
    for (const text of ['', '\uFEFF', '\n', '\r\n\r\n', '  \n\t\n']) csvRefusal(text, 1, 'o ficheiro está vazio', 'the file is empty');
    const e = refusal(() => parseMachinesCsv(''));
    expect(e.message).toBe('Ficheiro de máquinas recusado, nada foi importado: linha 1: o ficheiro está vazio.');
    expect(en(e)).toBe('Machines file refused, nothing was imported: line 1: the file is empty.');
  });

  it('refuses a file without machines at line 1', () => {
    for (const text of [HEADER, `${HEADER}\n`, `${HEADER}\r\n\r\n`, `\n\n${HEADER}\n,,,,\n\n`, 'numero;modelo;aposta;localizacao;grupo\r\n;;;;\r\n']) {
      csvRefusal(text, 1, 'o ficheiro não tem nenhuma máquina', 'the file has no machines');
    }
  });

  const headerRefusal = (header: string, line: number, shownHeader = header, sep = ',') =>
    csvRefusal(
      `${'\n'.repeat(line - 1)}${header}\n1,M,1,,\n`,
      line,
      `cabeçalho «${shownHeader}» inválido: tem de ser «${['number', 'model', 'bet', 'location', 'group'].join(sep)}» ou «${['numero', 'modelo', 'aposta', 'localizacao', 'grupo'].join(sep)}»`,
      `invalid header "${shownHeader}": it must be "${['number', 'model', 'bet', 'location', 'group'].join(sep)}" or "${['numero', 'modelo', 'aposta', 'localizacao', 'grupo'].join(sep)}"`,
    );

  it('refuses another header, naming its line', () => {
    headerRefusal('number,model,bet,location', 1);
    headerRefusal('number,model,bet,location,group,notes', 1);
    headerRefusal('model,number,bet,location,group', 1);
    headerRefusal('number,modelo,aposta,localizacao,grupo', 1); // one language throughout
    headerRefusal('numero,modelo,aposta,local,grupo', 1);
    headerRefusal('1,M,1,,', 1);
    headerRefusal('number;model;bet;location', 3, 'number;model;bet;location', ';');
    const long = `number,model,bet,location,group,${'x'.repeat(60)}`;
    headerRefusal(long, 1, `${long.slice(0, 59)}…`);
  });

  it('returns plain values: trimmed strings, integer cents, nulls', () => {
    const [m] = parseMachinesCsv(`\uFEFF${HEADER}\r\n"  X-1  ", Gold ,"9999.99"," Sala 2 ",\r\n`);
    expect(m).toEqual(machine('X-1', 'Gold', 999_999, 'Sala 2'));
    expect(Number.isSafeInteger(m!.betCents)).toBe(true);
  });
});
