/** Slot machines (SPEC 7; n.º 9, 10): registered, edited, imported from a CSV file, listed with their jackpot fund. */
import type { MachineView } from '../../../core/caixa/contract.js';
import { fundName, parseMachinesCsv, type MachineInput } from '../../../core/caixa/rules.js';
import { KioskError } from '../../../core/errors.js';
import { allMachines, fundBalances, insertMachine, lastReading, machineByNumber, machinesOfGroup, updateMachine, type MachineFields, type MachineRow } from '../../../db/caixa.js';
import type { ReadableDb, WritableDb } from '../../../db/connection.js';
import { command, done, query, type HandlerSlice } from '../shared/context.js';
import { assertPrintable, printedText } from '../shared/printable.js';

function machineView(db: ReadableDb, m: MachineRow, held = fundBalances(db)): MachineView {
  return {
    number: m.number,
    model: m.model,
    betCents: m.betCents,
    location: m.location,
    group: m.group,
    jackpotShareBasisPoints: m.jackpotShareBasisPoints,
    superjackpotShareBasisPoints: m.superjackpotShareBasisPoints,
    jackpotHeldCents: held.get(fundName({ kind: 'machine', number: m.number })) ?? 0,
    lastReadingAt: lastReading(db, m.id)?.at ?? null,
  };
}

/** A superjackpot group's machines share model and bet (n.º 4, 6): a machine joining one must match. */
function checkGroup(db: ReadableDb, fields: Pick<MachineFields, 'group' | 'model' | 'betCents' | 'number'>): void {
  if (fields.group === null) return;
  const other = machinesOfGroup(db, fields.group).find((m) => m.number !== fields.number && (m.model !== fields.model || m.betCents !== fields.betCents));
  if (other) throw new KioskError('GROUP_MIXED', { group: fields.group, model: other.model, betCents: other.betCents });
}

function fieldsOf(input: {
  number: string;
  model: string;
  betCents: number;
  location?: string | null;
  group?: string | null;
  jackpotShareBasisPoints?: number;
  superjackpotShareBasisPoints?: number;
}): MachineFields {
  return {
    number: input.number,
    model: input.model,
    betCents: input.betCents,
    location: input.location ?? null,
    group: input.group ?? null,
    jackpotShareBasisPoints: input.jackpotShareBasisPoints ?? 0,
    superjackpotShareBasisPoints: input.group ? (input.superjackpotShareBasisPoints ?? 0) : 0,
  };
}

/** Model and location are printed on the machine's guias. */
function checkPrintable(db: ReadableDb, fields: MachineFields): void {
  assertPrintable(db, [...printedText('machineModel', fields.model, fields.number), ...printedText('machineLocation', fields.location, fields.number)]);
}

function register(db: WritableDb, fields: MachineFields, at: string): MachineRow {
  if (machineByNumber(db, fields.number)) throw new KioskError('MACHINE_NUMBER_TAKEN', { number: fields.number });
  checkGroup(db, fields);
  checkPrintable(db, fields);
  insertMachine(db, fields, at);
  return machineByNumber(db, fields.number)!;
}

export const machineHandlers: HandlerSlice<'machine.register' | 'machine.update' | 'machine.import' | 'machine.list'> = {
  'machine.register': command((ctx, input) => {
    const view = machineView(ctx.db, register(ctx.db, fieldsOf(input), ctx.at));
    return done(view, { after: view });
  }),

  'machine.update': command((ctx, input) => {
    const before = machineByNumber(ctx.db, input.number);
    if (!before) throw new KioskError('MACHINE_NOT_FOUND', { number: input.number });
    const fields = fieldsOf(input);
    checkGroup(ctx.db, fields);
    checkPrintable(ctx.db, fields);
    updateMachine(ctx.db, before.id, fields, ctx.at);
    const view = machineView(ctx.db, machineByNumber(ctx.db, input.number)!);
    return done(view, { before: machineView(ctx.db, before), after: view });
  }),

  // The whole file or nothing: a bad row (parseMachinesCsv) or a number already registered refuses it all.
  'machine.import': command((ctx, input) => {
    const rows: MachineInput[] = parseMachinesCsv(input.csv);
    for (const row of rows) register(ctx.db, fieldsOf(row), ctx.at);
    const result = { imported: rows.length, numbers: rows.map((r) => r.number) };
    return done(result, { after: result });
  }),

  'machine.list': query((ctx) => {
    const held = fundBalances(ctx.db);
    return allMachines(ctx.db).map((m) => machineView(ctx.db, m, held));
  }),
};
