/**
 * Roulette tables (SPEC 8; Portaria 1441/95, sections IX and X): registered
 * with their wheel and minima (maxima from X.27); spins settled for the table
 * inspector by the rules in core/roulette; each table's log of spins, null
 * spins (X.16) and the hourly ball (X.12) and dealer (X.28) changes.
 */
import { approves } from '../../../core/people/rules.js';
import { checkTenderedNotTooLarge } from '../../../core/cash.js';
import { checkPayout, drawerCashShown } from '../../../core/drawers/rules.js';
import { KioskError } from '../../../core/errors.js';
import { chipLedger as ledger } from '../../../core/roulette/money.js';
import { checkChipsInStock, chipStock, chipsTotal, redemptionSplit, saleSplit, type ChipSplit } from '../../../core/chips.js';
import {
  announcement,
  changeDue,
  checkBet,
  checkStake,
  checkWheel,
  colourChipStake,
  colourChipValue,
  colourOf,
  launchDirection,
  limitsFor,
  nextLaunchDirection,
  paymentOrder,
  settleBet,
  LIMIT_GROUPS,
  WHEELS,
  type LimitGroup,
  type TableLimits,
} from '../../../core/roulette/rules.js';
import type { ReadableDb } from '../../../db/connection.js';
import { chipCountOf, drawerChipFlows, drawerExpectedCash, drawerChipsByKind, drawerExpectedChips, insertChipMovement, openDrawers, type DrawerRow } from '../../../db/drawers.js';
import { requireOwnDrawer } from '../shared/drawer.js';
import { post } from '../../../db/ledger.js';
import {
  allTables,
  colourChipsOf,
  firstEntry,
  insertChipExchange,
  insertChipHandover,
  insertColourChip,
  insertLog,
  insertTable,
  lastLaunch,
  lastOfKind,
  tableByCode,
  tableLog,
  type TableRow,
} from '../../../db/roulette.js';
import { findOperator, hallRow, hallTimeZone, type HallRow, type OperatorRow } from '../../../db/people.js';
import { chipChequeRoom, personById } from '../../../db/compliance.js';
import { gamingDayOf } from '../../../core/compliance/rules.js';
import { chipChequeSlip, limitsSign, type LimitsSignData } from '../../../printing/documents/index.js';
import { checkChequesPrintable } from '../shared/printable.js';
import { command, commandWith, done, operatorOf, query, queryWaiting, type HandlerSlice, type Operator } from '../shared/context.js';
import { checkLogin, confirmCredentials } from '../shared/credentials.js';
import { CAIXA_DESK } from '../../../core/schema.js';
import { identifiedFor, recordIdentifiedAct, refusingBarredPerson } from '../shared/identification.js';
import { enqueue } from '../shared/print.js';
import { softwareLabel } from '../../version.js';

/** How the sign names each group of chances (X.18). */
const LIMIT_LABELS: Record<LimitGroup, string> = {
  pleno: 'Pleno',
  cavalo: 'Cavalo',
  rua: 'Rua',
  quadro: 'Quadro',
  linha: 'Linha',
  duzia: 'Dúzia',
  coluna: 'Coluna',
  cavaloDuzia: 'Cavalo de dúzia',
  cavaloColuna: 'Cavalo de coluna',
  simples: 'Chances simples',
};

function tableView(t: TableRow) {
  return {
    code: t.code,
    wheel: t.wheel,
    minimumsCents: t.minimums,
    limits: limitsFor(t.minimums as Record<LimitGroup, number>) as TableLimits,
    registeredAt: t.registeredAt,
  };
}

/** The sign's rows: each group of chances with its minimum and maximum (X.27). */
function signData(table: TableRow, hall: HallRow, at: string): LimitsSignData {
  const limits = limitsFor(table.minimums as Record<LimitGroup, number>);
  return {
    hallName: hall.hallName,
    timeZone: hall.timeZone,
    software: softwareLabel(),
    tableCode: table.code,
    wheelName: table.wheel === 'french' ? 'Roleta francesa' : 'Roleta americana',
    rows: LIMIT_GROUPS.map((g) => ({ chance: LIMIT_LABELS[g], ...limits[g] })),
    at,
  };
}

function requireTable(db: ReadableDb, code: string): TableRow {
  const t = tableByCode(db, code);
  if (!t) throw new KioskError('ROULETTE_TABLE_NOT_FOUND', { code });
  return t;
}

function logOf(db: ReadableDb, t: TableRow, now: Date) {
  const first = firstEntry(db, t.id);
  const last = lastLaunch(db, t.id);
  return {
    tableCode: t.code,
    entries: tableLog(db, t.id, 100).map((e) => ({ ...e, colour: e.number === null ? null : colourOf(e.number) })),
    ballChangeDue: changeDue(lastOfKind(db, t.id, 'ball_change'), first, now),
    dealerChangeDue: changeDue(lastOfKind(db, t.id, 'dealer_change'), first, now),
    nextLaunch: { direction: nextLaunchDirection(last), after: last?.kind ?? null },
  };
}

type Slice =
  | 'report.tableLimitsPdf'
  | 'table.colourChip'
  | 'table.colourChips'
  | 'table.printLimits'
  | 'table.register'
  | 'table.list'
  | 'roulette.wheel'
  | 'roulette.settle'
  | 'roulette.spin'
  | 'roulette.nullSpin'
  | 'roulette.change'
  | 'roulette.log'
  | 'chips.sell'
  | 'chips.redeem'
  | 'chips.chequeRoom'
  | 'chips.move'
  | 'chips.handover';

/** The chips leaving the caixa must be in its float, value by value (its opening count and every flow since). */
function checkInFloat(db: ReadableDb, drawer: DrawerRow, leaving: readonly { valueCents: number; count: number }[]): void {
  checkChipsInStock(chipStock(chipCountOf(db, drawer.id, 'open')?.chips ?? [], drawerChipFlows(db, drawer.id)), leaving);
}

/**
 * A handover of chips taken for cards (DN 80/85, art. 19.º; issue 41) as it stands: the chips by value, out of the
 * caller's own drawer, which must have taken at least that much in chips (blind: never what it holds), into the
 * receiver's only open drawer; the receiver is at the caixa (caixa staff or a manager) and not the caller. A receiver
 * unknown or inactive is left to the PIN check, which refuses it as a wrong PIN.
 */
function handoverOf(db: ReadableDb, terminalId: string, operator: Operator, input: { chips: readonly { valueCents: number; count: number }[] }, receiver: OperatorRow | null) {
  const { chips, cents } = chipsTotal(input.chips);
  const from = requireOwnDrawer(db, terminalId, operator);
  const took = drawerChipsByKind(db, from);
  if (!took.card_sale && !took.card_sale_void) throw new KioskError('CHIPS_HANDOVER_NONE_HELD');
  if (cents > drawerExpectedChips(db, from)) throw new KioskError('CHIPS_HANDOVER_EXCEEDS_DRAWER', { totalCents: cents });
  if (!receiver?.active) return { chips, cents, from, to: null };
  if (receiver.id === operator.id || !receiver.roles.some((r) => CAIXA_DESK.includes(r))) throw new KioskError('CHIPS_HANDOVER_NOT_CAIXA', { name: receiver.name });
  const open = openDrawers(db).filter((d) => d.openedById === receiver.id);
  if (open.length === 0) throw new KioskError('CHIPS_HANDOVER_NO_DRAWER', { name: receiver.name });
  if (open.length > 1) throw new KioskError('CHIPS_HANDOVER_DRAWERS', { name: receiver.name, terminals: open.map((d) => d.terminalId).join(', ') });
  return { chips, cents, from, to: open[0]! };
}


/** An exchange as answered: its chips and amount, how it was paid, and the drawer's cash after it. */
function exchangeResult(exchangeId: number, kind: 'sell' | 'redeem', chips: { valueCents: number; count: number }[], totalCents: number, split: ChipSplit, drawerCashCents: number) {
  const sale = kind === 'sell';
  return {
    exchangeId,
    kind,
    chips,
    totalCents,
    tenderedCents: sale ? split.tenderedCents : null,
    changeCents: sale ? split.tenderedCents - totalCents : null,
    cashCents: split.cashCents,
    cardCents: split.cardCents,
    chequeCents: split.chequeCents,
    cheques: split.cheques,
    drawerCashCents,
  };
}

export const rouletteHandlers: HandlerSlice<Slice> = {
  'table.register': command((ctx, input) => {
    if (tableByCode(ctx.db, input.code)) throw new KioskError('ROULETTE_TABLE_TAKEN', { code: input.code });
    // The limits first: an odd minimum of a half-paying cavalo is refused before anything is written (X.20).
    limitsFor(input.minimumsCents);
    insertTable(ctx.db, { code: input.code, wheel: input.wheel, minimums: input.minimumsCents, at: ctx.at, by: operatorOf(ctx).id });
    const view = tableView(tableByCode(ctx.db, input.code)!);
    return done(view, { after: view });
  }),

  'table.list': query((ctx) => allTables(ctx.db).map(tableView)),

  'table.colourChip': command((ctx, input) => {
    const table = requireTable(ctx.db, input.tableCode);
    const pleno = limitsFor(table.minimums as Record<LimitGroup, number>).pleno;
    const valueCents = colourChipValue(input.late ? 'late' : input.valueCents!, pleno.minimumCents, pleno.maximumCents);
    insertColourChip(ctx.db, { tableId: table.id, colour: input.colour, valueCents, late: input.late, at: ctx.at, operatorId: operatorOf(ctx).id });
    const result = { tableCode: table.code, chips: colourChipsOf(ctx.db, table.id) };
    return done(result, { after: { tableCode: table.code, colour: input.colour, valueCents, late: input.late } });
  }),

  'table.colourChips': query((ctx, input) => {
    const table = requireTable(ctx.db, input.tableCode);
    return { tableCode: table.code, chips: colourChipsOf(ctx.db, table.id) };
  }),

  'table.printLimits': command((ctx, input) => {
    const table = requireTable(ctx.db, input.tableCode);
    const printJobId = enqueue(ctx, 'receipts', (hall) => limitsSign(signData(table, hall, ctx.at)), null);
    if (printJobId === null) throw new KioskError('LIMITS_NO_PRINTER');
    return done({ printJobId }, { after: { tableCode: table.code, printJobId } });
  }),

  // The data is read here; the PDF is rendered off the main thread (ctx.io.pdf).
  'report.tableLimitsPdf': queryWaiting(async (ctx, input) => {
    const data = signData(requireTable(ctx.db, input.tableCode), hallRow(ctx.db)!, ctx.at);
    const pdf = await ctx.io.pdf.limitsSign(data);
    return { filename: `limites-mesa-${data.tableCode}.pdf`, base64: pdf.toString('base64') };
  }),

  'roulette.wheel': query((_ctx, input) => {
    const sequence = [...WHEELS[input.wheel]];
    checkWheel(sequence);
    return { wheel: input.wheel, sequence };
  }),

  // Every bet is checked (legal, its colour chips marked at this table and a whole number of them, within the table's limits)
  // before any is settled: one bad bet refuses the whole settlement, naming it.
  'roulette.settle': query((ctx, input) => {
    const table = requireTable(ctx.db, input.tableCode);
    const limits = limitsFor(table.minimums as Record<LimitGroup, number>);
    const marked = colourChipsOf(ctx.db, table.id);
    const bets = input.bets.map((b) => {
      const numbers = checkBet(b);
      // Colour chips at the value marked now (IX.6, IX.7; a late chip's, IX.9); face-value chips at their stake (IX.8).
      const chips = b.colour === undefined ? null : colourChipStake({ colour: b.colour, chips: b.chips, amountCents: b.amountCents }, marked, table.code);
      const amountCents = chips ? chips.amountCents : b.amountCents!;
      checkStake(b.chance, amountCents, limits);
      const s = settleBet(b, amountCents, input.number);
      return {
        chance: b.chance,
        numbers,
        amountCents,
        colourChips: chips ? { colour: chips.colour, chips: chips.chips, valueCents: chips.valueCents, late: chips.late } : null,
        won: s.won,
        prizeCents: s.prizeCents,
        returnedCents: s.returnedCents,
        announcement: s.won ? announcement(b, amountCents, chips?.colour ?? null, s.prizeCents) : null,
      };
    });
    const order = paymentOrder(input.bets).filter((i) => bets[i]!.won);
    return {
      number: input.number,
      colour: colourOf(input.number),
      bets,
      paymentOrder: order,
      totalPrizeCents: bets.reduce((s, b) => s + b.prizeCents, 0),
    };
  }),

  // Each launch goes the way X.15 expects (the other way from the last spin, the same as a golpe nulo's); the first is the fiscal's to give.
  'roulette.spin': command((ctx, input) => {
    const table = requireTable(ctx.db, input.tableCode);
    const direction = launchDirection(lastLaunch(ctx.db, table.id), input.direction);
    insertLog(ctx.db, { tableId: table.id, at: ctx.at, kind: 'spin', number: input.number, direction, note: null, operatorId: operatorOf(ctx).id });
    const log = logOf(ctx.db, table, ctx.now);
    return done(log, { after: { tableCode: table.code, number: input.number, direction } });
  }),

  'roulette.nullSpin': command((ctx, input) => {
    const table = requireTable(ctx.db, input.tableCode);
    const direction = launchDirection(lastLaunch(ctx.db, table.id), input.direction);
    insertLog(ctx.db, { tableId: table.id, at: ctx.at, kind: 'null_spin', number: null, direction, note: input.reason, operatorId: operatorOf(ctx).id });
    return done(logOf(ctx.db, table, ctx.now), { after: { tableCode: table.code, nullSpin: input.reason, direction } });
  }),

  'roulette.change': command((ctx, input) => {
    const table = requireTable(ctx.db, input.tableCode);
    const kind = input.kind === 'ball' ? 'ball_change' : 'dealer_change';
    insertLog(ctx.db, { tableId: table.id, at: ctx.at, kind, number: null, direction: null, note: input.note ?? null, operatorId: operatorOf(ctx).id });
    return done(logOf(ctx.db, table, ctx.now), { after: { tableCode: table.code, change: input.kind } });
  }),

  'roulette.log': query((ctx, input) => logOf(ctx.db, requireTable(ctx.db, input.tableCode), ctx.now)),

  'chips.sell': refusingBarredPerson((input) => input.personId, command((ctx, input) => {
    const { chips, cents } = chipsTotal(input.chips);
    if (input.payment.method === 'cash') checkTenderedNotTooLarge(input.payment.tenderedCents, cents);
    const split = saleSplit(cents, input.payment);
    // The caixa's own drawer, a manager's too: on a terminal shared with a cashier, never the cashier's (SPEC 9; issue 41).
    const operator = operatorOf(ctx);
    // Lei n.º 83/2017, art. 76.º: the buyer identified where the day's exchanges and payments reach the threshold.
    const buyer = identifiedFor(ctx, { act: 'chip_sale', cents, personId: input.personId, chequeCents: 0, chequeCount: 0 });
    const drawer = requireOwnDrawer(ctx.db, ctx.terminalId, operator);
    checkInFloat(ctx.db, drawer, chips);
    const id = insertChipExchange(ctx.db, {
      at: ctx.at,
      kind: 'sell',
      chips,
      totalCents: cents,
      tenderedCents: split.tenderedCents,
      cardCents: split.cardCents,
      cheques: split.cheques,
      operatorId: operator.id,
      terminalId: ctx.terminalId,
      drawerId: drawer.id,
    });
    // Bought by card or cheque, kept with the buyer: it opens the room for a chip cheque this gaming day (art. 76.º, n.º 4).
    recordIdentifiedAct(ctx, buyer, { act: 'chip_sale', refId: id, cashCents: split.cashCents, chequeCents: split.chequeCents, cardCents: split.cardCents });
    post(ctx.db, ledger.chipsSold(id, split, ctx.terminalId), { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId, drawerId: drawer.id });
    const result = exchangeResult(id, 'sell', chips, cents, split, drawerExpectedCash(ctx.db, drawer));
    return done({ ...result, drawerCashCents: drawerCashShown(result.drawerCashCents, !approves(operator.roles)) }, { after: result });
  })),

  // Only face-value chips are paid at the caixa (IX.7): a colour chip refuses the whole redemption.
  'chips.redeem': refusingBarredPerson((input) => input.personId, command((ctx, input) => {
    const { chips, cents } = chipsTotal(input.chips);
    const split = redemptionSplit(cents, input.cheques);
    checkChequesPrintable(ctx.db, ctx.terminalId, 'receipts', split.cheques);
    // The caixa's own drawer, a manager's too: on a terminal shared with a cashier, never the cashier's (SPEC 9; issue 41).
    const operator = operatorOf(ctx);
    // Art. 76.º, n.º 3 and 4: a cheque only to an identified player, within the chips they bought today by card or cheque.
    const player = identifiedFor(ctx, { act: 'chip_redemption', cents, personId: input.personId, chequeCents: split.chequeCents, chequeCount: split.cheques.length });
    const drawer = requireOwnDrawer(ctx.db, ctx.terminalId, operator);
    if (split.cashCents > 0) checkPayout(split.cashCents, drawerExpectedCash(ctx.db, drawer), !approves(operator.roles));
    const id = insertChipExchange(ctx.db, {
      at: ctx.at,
      kind: 'redeem',
      chips,
      totalCents: cents,
      tenderedCents: null,
      cardCents: 0,
      cheques: split.cheques,
      operatorId: operator.id,
      terminalId: ctx.terminalId,
      drawerId: drawer.id,
    });
    recordIdentifiedAct(ctx, player, { act: 'chip_redemption', refId: id, cashCents: split.cashCents, chequeCents: split.chequeCents, cardCents: 0 });
    post(ctx.db, ledger.chipsRedeemed(id, split, ctx.terminalId), { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId, drawerId: drawer.id });
    // The caixa's slip of the cheques, naming their payee (kept with the stubs; art. 76.º, n.º 3 and 4).
    if (split.cheques.length > 0) {
      // A cheque has its identified payee (checkChequePayee), never an erased record (PERSON_ERASED).
      const slip = { exchangeId: id, chips, totalCents: cents, cashCents: split.cashCents, cheques: split.cheques, payee: player!.row.name!, paidBy: operator.name, at: ctx.at };
      enqueue(ctx, 'receipts', (hall) => chipChequeSlip({ ...slip, timeZone: hall.timeZone, software: hall.software, hallName: hall.hallName, licence: hall.licence }), { type: 'chip_exchange', id });
    }
    const result = exchangeResult(id, 'redeem', chips, cents, split, drawerExpectedCash(ctx.db, drawer));
    return done({ ...result, drawerCashCents: drawerCashShown(result.drawerCashCents, !approves(operator.roles)) }, { after: result });
  })),

  'chips.chequeRoom': query((ctx, input) => {
    const person = personById(ctx.db, input.personId);
    if (!person) throw new KioskError('PERSON_NOT_FOUND', { personId: input.personId });
    const gamingDay = gamingDayOf(ctx.now, hallTimeZone(ctx.db));
    const room = chipChequeRoom(ctx.db, person.personKey, gamingDay);
    return { personId: person.id, gamingDay, ...room, leftCents: Math.max(0, room.boughtCents - room.chequedCents) };
  }),

  'chips.move': command((ctx, input) => {
    const { chips, cents } = chipsTotal(input.chips);
    // The caixa's own drawer, a manager's too: on a terminal shared with a cashier, never the cashier's (SPEC 9; issue 41).
    const operator = operatorOf(ctx);
    const drawer = requireOwnDrawer(ctx.db, ctx.terminalId, operator);
    if (input.kind === 'credit') checkInFloat(ctx.db, drawer, chips);
    const movementId = insertChipMovement(ctx.db, { drawerId: drawer.id, kind: input.kind, chips, totalCents: cents, reason: input.reason, at: ctx.at, operatorId: operator.id });
    const build = input.kind === 'fill' ? ledger.chipsFilled : ledger.chipsCredited;
    post(ctx.db, build(movementId, cents, ctx.terminalId), { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId, drawerId: drawer.id });
    const result = { movementId, kind: input.kind, chips, totalCents: cents, reason: input.reason, at: ctx.at };
    return done(result, { after: result });
  }),

  /**
   * Chips taken for cards handed to the caixa (issue 41): the giver records it at his terminal, the caixa types his
   * own PIN there; the chips leave the giver's drawer and enter the caixa's, each on its own transaction, so each
   * drawer's X, Z and close count them. The PIN is checked last, after the cheap refusals.
   */
  'chips.handover': commandWith(
    async (ctx, input) => {
      handoverOf(ctx.db, ctx.terminalId, operatorOf(ctx), input, findOperator(ctx.db, input.receiver.username));
      return checkLogin(ctx, input.receiver.username, input.receiver.pin);
    },
    (ctx, input, checked) => {
      const operator = operatorOf(ctx);
      const receiver = confirmCredentials(ctx, checked);
      const { chips, cents, from, to } = handoverOf(ctx.db, ctx.terminalId, operator, input, receiver);
      if (!to) throw new KioskError('CHIPS_HANDOVER_NO_DRAWER', { name: receiver.name });
      const id = insertChipHandover(ctx.db, {
        at: ctx.at,
        fromDrawerId: from.id,
        fromTerminalId: from.terminalId,
        toDrawerId: to.id,
        toTerminalId: to.terminalId,
        chips,
        totalCents: cents,
        operatorId: operator.id,
        receivedBy: receiver.id,
      });
      post(ctx.db, ledger.chipsHandedOver(id, cents, from.terminalId), { at: ctx.at, operatorId: operator.id, terminalId: from.terminalId, drawerId: from.id });
      post(ctx.db, ledger.chipsReceived(id, cents, to.terminalId), { at: ctx.at, operatorId: receiver.id, terminalId: to.terminalId, drawerId: to.id });
      const result = { handoverId: id, chips, totalCents: cents, fromTerminal: from.terminalId, toTerminal: to.terminalId, receivedBy: receiver.username, at: ctx.at };
      return done(result, { after: result });
    },
  ),
};
