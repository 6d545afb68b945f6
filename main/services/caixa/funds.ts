/**
 * Jackpot and superjackpot funds (n.º 3-6), meter readings (n.º 9, 14) and
 * the return-to-player report (n.º 2). A fund is a ledger account
 * (`liability:jackpot:<fund>`): the players' money held in custody, fed from
 * the amounts played (each reading's coins in at the machine's shares) or by
 * a manager, paid out only through guias, moved whole to a fund of the same
 * model and bet or, where the hall has none, to the machines the inspectorate
 * authorised, with the authorisation's reference (n.º 6).
 */
import {
  checkInspectorateTransfer,
  checkTransfer,
  contributionCents,
  creditsToCents,
  fundName,
  fundsOfMachines,
  meterDelta,
  MIN_RETURN_BASIS_POINTS,
  parseFund,
  returnToPlayer,
  sameModelTargets,
  type FundRef,
} from '../../../core/caixa/rules.js';
import { KioskError } from '../../../core/errors.js';
import { caixaLedger as ledger } from '../../../core/caixa/money.js';
import {
  allMachines,
  fundBalances,
  fundHeld,
  insertContribution,
  insertReading,
  insertTransfer,
  lastReading,
  machineByNumber,
  machinePeriod,
  machinesOfGroup,
  recentTransfers,
  type MachineRow,
} from '../../../db/caixa.js';
import type { ReadableDb, WritableDb } from '../../../db/connection.js';
import { post } from '../../../db/ledger.js';
import { command, done, operatorOf, query, type HandlerSlice } from '../shared/context.js';
import { confirmCredentials, withApproval } from '../shared/credentials.js';
import { specialFundState } from '../../../core/bingo/prizes.js';
import { specialFundHeld } from '../../../db/bingo/special.js';
import { hallSettings } from '../../../db/people.js';

/** The machines behind a fund: the machine of a jackpot, the group of a superjackpot. Refused when none. */
function machinesOf(db: ReadableDb, ref: FundRef): MachineRow[] {
  const machines = ref.kind === 'machine' ? [machineByNumber(db, ref.number)].filter((m): m is MachineRow => m !== undefined) : machinesOfGroup(db, ref.code);
  if (machines.length === 0) throw new KioskError('FUND_NOT_FOUND', { fund: fundName(ref) });
  return machines;
}

function contribute(
  db: WritableDb,
  c: { fund: string; amountCents: number; source: 'meters' | 'manual'; readingId: number | null },
  by: { at: string; operatorId: number; terminalId: string },
): void {
  const id = insertContribution(db, { ...c, at: by.at, operatorId: by.operatorId });
  post(db, ledger.fundContribution(id, c.fund, c.amountCents), by);
}

export const fundHandlers: HandlerSlice<'jackpot.contribute' | 'jackpot.transfer' | 'jackpot.transfers' | 'meters.record' | 'report.machineReturn' | 'report.fundsHeld'> = {
  'jackpot.contribute': command((ctx, input) => {
    const ref = parseFund(input.fund);
    machinesOf(ctx.db, ref);
    const fund = fundName(ref);
    contribute(ctx.db, { fund, amountCents: input.amountCents, source: 'manual', readingId: null }, { at: ctx.at, operatorId: operatorOf(ctx).id, terminalId: ctx.terminalId });
    const result = { fund, heldCents: fundHeld(ctx.db, fund) };
    return done(result, { after: { ...result, amountCents: input.amountCents } });
  }),

  'jackpot.transfer': withApproval(
    (ctx, input) => {
      parseFund(input.from);
      parseFund(input.to);
      return input.approval;
    },
    (ctx, input, checked) => {
      const fromRef = parseFund(input.from);
      const toRef = parseFund(input.to);
      const fromMachines = machinesOf(ctx.db, fromRef);
      const toMachines = machinesOf(ctx.db, toRef);
      const [fromMachine] = fromMachines;
      const [toMachine] = toMachines;
      const from = fundName(fromRef);
      const to = fundName(toRef);
      const held = fundHeld(ctx.db, from);
      const source = { fund: from, model: fromMachine!.model, betCents: fromMachine!.betCents, heldCents: held, machines: fromMachines.map((m) => m.number) };
      const target = { fund: to, model: toMachine!.model, betCents: toMachine!.betCents, machines: toMachines.map((m) => m.number) };
      if (input.branch === 'same_model') {
        checkTransfer(source, target);
      } else {
        // The inspectorate's machines only where the hall has no other machine or group of the same model and bet.
        checkInspectorateTransfer(source, target, sameModelTargets(fundsOfMachines(allMachines(ctx.db)), source));
      }
      const approver = confirmCredentials(ctx, checked!);
      if (approver.id === operatorOf(ctx).id) throw new KioskError('APPROVER_IS_OPERATOR', { act: 'fund_transfer' });
      const operator = operatorOf(ctx);
      const { branch, authorisationRef } = input;
      const id = insertTransfer(ctx.db, { from, to, branch, amountCents: held, authorisationRef, at: ctx.at, operatorId: operator.id, approvedBy: approver.id });
      post(ctx.db, ledger.fundTransfer(id, from, to, held), { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId });
      const result = { from, to, branch, authorisationRef, amountCents: held, toHeldCents: fundHeld(ctx.db, to) };
      return done(result, { after: { ...result, transferId: id, approvedBy: approver.username } });
    },
  ),

  'jackpot.transfers': query((ctx) => recentTransfers(ctx.db, 50)),

  'meters.record': command((ctx, input) => {
    const machine = machineByNumber(ctx.db, input.machineNumber);
    if (!machine) throw new KioskError('MACHINE_NOT_FOUND', { number: input.machineNumber });
    const previous = lastReading(ctx.db, machine.id) ?? null;
    const values = { coinsIn: input.coinsIn, prizesPaid: input.prizesPaid, coinsCollected: input.coinsCollected };
    const delta = meterDelta(machine.number, previous, values, input.kind, input.modulus);
    const operator = operatorOf(ctx);
    const readingId = insertReading(ctx.db, {
      machineId: machine.id,
      at: ctx.at,
      operatorId: operator.id,
      kind: input.kind,
      modulus: input.kind === 'rollover' ? (input.modulus ?? null) : null,
      values,
      delta,
    });
    // The funds' shares of what was played since the last reading (n.º 3, 4).
    const played = creditsToCents(delta.coinsIn, machine.betCents);
    const shares: { fund: string; amountCents: number }[] = [
      { fund: fundName({ kind: 'machine', number: machine.number }), amountCents: contributionCents(played, machine.jackpotShareBasisPoints) },
      ...(machine.group ? [{ fund: fundName({ kind: 'group', code: machine.group }), amountCents: contributionCents(played, machine.superjackpotShareBasisPoints) }] : []),
    ];
    const contributions = shares.filter((s) => s.amountCents > 0);
    for (const c of contributions) contribute(ctx.db, { ...c, source: 'meters', readingId }, { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId });
    const result = { readingId, delta, contributions };
    return done(result, { after: { ...result, machineNumber: machine.number, kind: input.kind, values } });
  }),

  'report.machineReturn': query((ctx, input) => machineReturn(ctx.db, input.from, input.to)),

  'report.fundsHeld': query((ctx) => {
    const held = fundBalances(ctx.db);
    const machines = allMachines(ctx.db);
    // Every fund a machine or group has, even empty, and any other that holds money.
    const names = new Set<string>(held.keys());
    for (const m of machines) {
      names.add(fundName({ kind: 'machine', number: m.number }));
      if (m.group) names.add(fundName({ kind: 'group', code: m.group }));
    }
    const funds = [...names]
      .map((name) => {
        const ref = parseFund(name);
        const behind = ref.kind === 'machine' ? machines.filter((m) => m.number === ref.number) : machines.filter((m) => m.group === ref.code);
        return {
          fund: name,
          kind: ref.kind === 'machine' ? ('jackpot' as const) : ('superjackpot' as const),
          heldCents: held.get(name) ?? 0,
          machines: behind.map((m) => m.number),
          model: behind[0]?.model ?? null,
          betCents: behind[0]?.betCents ?? null,
        };
      })
      .sort((a, b) => (a.kind === b.kind ? a.fund.localeCompare(b.fund, 'pt', { numeric: true }) : a.kind === 'jackpot' ? -1 : 1));
    const specialHeld = specialFundHeld(ctx.db);
    const specialState = specialFundState(hallSettings(ctx.db).specialPrize, specialHeld);
    return {
      funds,
      totalCents: funds.reduce((s, f) => s + f.heldCents, 0),
      // The bingo's special prize fund is money held for the players too (DN art. 10), frozen or not.
      specialFund: specialState === 'none' ? null : { heldCents: specialHeld, frozen: specialState === 'frozen' },
    };
  }),
};

/**
 * Each machine's return to players over [from, to) (n.º 2): what report.machineReturn
 * answers and export.machineReturn writes, the same figures.
 */
export function machineReturn(db: ReadableDb, fromIso: string, toIso: string) {
  if (!(new Date(fromIso).getTime() < new Date(toIso).getTime())) throw new KioskError('REPORT_PERIOD_INVALID');
  const from = new Date(fromIso).toISOString();
  const to = new Date(toIso).toISOString();
  const machines = new Map(allMachines(db).map((m) => [m.id, m]));
  return {
    from,
    to,
    minimumBasisPoints: MIN_RETURN_BASIS_POINTS,
    machines: machinePeriod(db, from, to).map((p) => {
      const m = machines.get(p.machineId)!;
      const playedCents = creditsToCents(p.coinsIn, m.betCents);
      const machinePrizesCents = creditsToCents(p.prizesPaid, m.betCents);
      const r = returnToPlayer({ playedCents, machinePrizesCents, guiasCents: p.guiasCents });
      return {
        number: m.number,
        model: m.model,
        playedCents,
        machinePrizesCents,
        guiasCents: p.guiasCents,
        readings: p.readings,
        returnBasisPoints: r.basisPoints,
        below: r.below,
      };
    }),
  };
}
