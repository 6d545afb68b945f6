/**
 * Guias (P, slot-machine rules n.º 13, 14; SPEC 7): issued with the next
 * number, paid once in cash from the caixa's drawer and/or the
 * concessionaire's cheques, voided by a manager while unpaid, reprinted as
 * 2.ª VIA. A jackpot or superjackpot guia draws on its fund at issue, so the
 * fund can never pay out more than it holds; a void gives it back.
 */
import { approves } from '../../../core/people/rules.js';
import type { GuiaView } from '../../../core/caixa/contract.js';
import { guiaNumberOf } from '../../../core/caixa/guia-code.js';
import { checkFundPayout, checkSplit, fundName, guiaNeedsApproval } from '../../../core/caixa/rules.js';
import { checkPayout } from '../../../core/drawers/rules.js';
import { KioskError } from '../../../core/errors.js';
import { caixaLedger as ledger } from '../../../core/caixa/money.js';
import { checkPeriod, pageLimit, pageOf } from '../../../core/paging.js';
import {
  fundHeld,
  guiaById,
  guiaByNumber,
  guiasCount,
  guiasPage,
  insertGuia,
  insertGuiaPayment,
  insertGuiaVoid,
  machineByNumber,
  nextGuiaNumber,
  type GuiaRow,
} from '../../../db/caixa.js';
import type { ReadableDb } from '../../../db/connection.js';
import { drawerExpectedCash } from '../../../db/drawers.js';
import { requireOwnDrawer } from '../shared/drawer.js';
import { post, postingsOf } from '../../../db/ledger.js';
import { hallRow, hallSettings } from '../../../db/people.js';
import { asReprint, type PrintDocument } from '../../../printing/layout.js';
import { guiaCopies, type GuiaData } from '../../../printing/documents/guia.js';
import { command, done, operatorOf, query, type CommandContext, type HandlerSlice } from '../shared/context.js';
import { confirmCredentials, withApproval } from '../shared/credentials.js';
import { enqueue } from '../shared/print.js';
import { identifiedFor, recordIdentifiedAct, refusingBarredPerson } from '../shared/identification.js';
import { personOfAct } from '../../../db/compliance.js';
import { checkChequesPrintable } from '../shared/printable.js';
import { softwareLabel } from '../../version.js';

type Meters = { coinsIn?: number; prizesPaid?: number; coinsCollected?: number };
type Cheque = { number: string; bank: string; amountCents: number };

function statusOf(g: GuiaRow): GuiaView['status'] {
  return g.paidAt ? 'paid' : g.voidedAt ? 'void' : 'unpaid';
}

export function guiaView(g: GuiaRow, printJobId: number | null = null): GuiaView {
  return {
    guiaId: g.id,
    number: g.number,
    machineNumber: g.machineNumber,
    model: g.model,
    kind: g.kind,
    amountCents: g.amountCents,
    fund: g.fund,
    meters: g.meters === null ? null : (JSON.parse(g.meters) as Meters),
    notes: g.notes,
    issuedAt: g.issuedAt,
    issuedBy: g.issuedBy,
    status: statusOf(g),
    payment:
      g.paidAt === null
        ? null
        : { cashCents: g.cashCents!, cheques: JSON.parse(g.cheques!) as Cheque[], paidAt: g.paidAt, paidBy: g.paidBy! },
    voidReason: g.voidReason,
    printJobId,
  };
}

function requireGuia(db: ReadableDb, guiaId: number): GuiaRow {
  const g = guiaById(db, guiaId);
  if (!g) throw new KioskError('GUIA_NOT_FOUND', { guiaId });
  return g;
}

/** Paid or void: nothing more can happen to it. */
function requireUnpaid(g: GuiaRow): void {
  if (g.paidAt) throw new KioskError('GUIA_ALREADY_PAID', { number: g.number, paidAt: g.paidAt, paidBy: g.paidBy! });
  if (g.voidedAt) throw new KioskError('GUIA_VOIDED', { number: g.number, reason: g.voidReason! });
}

function printData(db: ReadableDb, g: GuiaRow): GuiaData {
  const hall = hallRow(db)!;
  const view = guiaView(g);
  return {
    hallName: hall.hallName,
    licence: hall.licence,
    timeZone: hall.timeZone,
    software: softwareLabel(),
    guiaNumber: g.number,
    machine: { id: g.machineNumber, model: g.model, location: g.location },
    kind: g.kind,
    amountCents: g.amountCents,
    issuedBy: g.issuedByName,
    issuedAt: g.issuedAt,
    meters: view.meters,
    payment: view.payment && {
      cashCents: view.payment.cashCents,
      cheques: view.payment.cheques,
      paidBy: g.paidByName!,
      paidAt: view.payment.paidAt,
      // The cheques' payee (Lei n.º 83/2017, art. 76.º, n.º 3), on the caixa's copy only (printing/documents/guia.ts).
      payee: view.payment.cheques.length > 0 ? (personOfAct(db, 'guia_payment', g.id)?.name ?? null) : null,
    },
  };
}

/** The printer role the guias are queued on. */
const GUIA_PRINTER = 'receipts';

/** Both copies on the receipts printer, the caixa's first; the first job's id (null without a printer). */
function printCopies(ctx: CommandContext, g: GuiaRow, transform: (doc: PrintDocument) => PrintDocument = (d) => d): number[] {
  const data = printData(ctx.db, g);
  return guiaCopies(data)
    .map((doc) => enqueue(ctx, GUIA_PRINTER, () => transform(doc), { type: 'guia', id: g.id }))
    .filter((id): id is number => id !== null);
}

/** A guia's payment as the identification rules see it (Lei n.º 83/2017, art. 76.º). */
function paymentCase(g: GuiaRow, input: { cheques: readonly Cheque[]; personId?: number | undefined }) {
  const chequeCents = input.cheques.reduce((s, c) => s + c.amountCents, 0);
  return { act: 'guia_payment' as const, cents: g.amountCents, personId: input.personId, chequeCents, chequeCount: input.cheques.length };
}

export const guiaHandlers: HandlerSlice<'guia.issue' | 'guia.pay' | 'guia.void' | 'guia.reprint' | 'guia.find' | 'guia.list'> = {
  'guia.issue': command((ctx, input) => {
    const machine = machineByNumber(ctx.db, input.machineNumber);
    if (!machine) throw new KioskError('MACHINE_NOT_FOUND', { number: input.machineNumber });
    let fund: string | null = null;
    if (input.kind === 'jackpot') fund = fundName({ kind: 'machine', number: machine.number });
    if (input.kind === 'superjackpot') {
      if (!machine.group) throw new KioskError('GUIA_NEEDS_FUND_MACHINE', { number: machine.number });
      fund = fundName({ kind: 'group', code: machine.group });
    }
    if (fund !== null) checkFundPayout(fund, input.amountCents, fundHeld(ctx.db, fund));
    const number = nextGuiaNumber(ctx.db);
    const operator = operatorOf(ctx);
    const id = insertGuia(ctx.db, {
      number,
      machineId: machine.id,
      kind: input.kind,
      amountCents: input.amountCents,
      fund,
      meters: input.meters && Object.keys(input.meters).length > 0 ? input.meters : null,
      notes: input.notes ?? null,
      at: ctx.at,
      issuedBy: operator.id,
      terminalId: ctx.terminalId,
    });
    post(ctx.db, ledger.guiaIssued(id, input.amountCents, fund), { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId });
    const row = guiaById(ctx.db, id)!;
    const jobs = printCopies(ctx, row);
    const view = guiaView(row, jobs[0] ?? null);
    return done(view, { after: view });
  }),

  'guia.pay': refusingBarredPerson(
    (input) => input.personId,
    withApproval(
      (ctx, input) => {
        // The cheap refusals first: no PIN is checked (or counted) for a guia that cannot be paid.
        const g = requireGuia(ctx.db, input.guiaId);
        requireUnpaid(g);
        checkSplit(g.amountCents, input.cashCents, input.cheques);
        checkChequesPrintable(ctx.db, ctx.terminalId, GUIA_PRINTER, input.cheques);
        identifiedFor(ctx, paymentCase(g, input));
        const threshold = hallSettings(ctx.db).guiaApprovalThresholdCents;
        if (!guiaNeedsApproval(g.amountCents, threshold)) return null;
        if (!input.approval) throw new KioskError('GUIA_APPROVAL_REQUIRED', { thresholdCents: threshold! });
        return input.approval;
      },
      (ctx, input, checked) => {
        // Again inside the transaction: two caixas paying the same guia at once, one wins.
        const g = requireGuia(ctx.db, input.guiaId);
        requireUnpaid(g);
        checkSplit(g.amountCents, input.cashCents, input.cheques);
        checkChequesPrintable(ctx.db, ctx.terminalId, GUIA_PRINTER, input.cheques);
        const approver = checked ? confirmCredentials(ctx, checked) : null;
        const operator = operatorOf(ctx);
        if (approver?.id === operator.id) throw new KioskError('APPROVER_IS_OPERATOR', { act: 'guia_pay' });
        // Lei n.º 83/2017, art. 76.º: the winner identified when the day's payments reach the threshold, and for any cheque.
        const payee = identifiedFor(ctx, paymentCase(g, input));
        let drawerId: number | null = null;
        if (input.cashCents > 0) {
          // The payer's own drawer, a manager's too: on a shared terminal never the cashier's (SPEC 9; issue 41).
          const drawer = requireOwnDrawer(ctx.db, ctx.terminalId, operator);
          checkPayout(input.cashCents, drawerExpectedCash(ctx.db, drawer), !approves(operator.roles));
          drawerId = drawer.id;
        }
        insertGuiaPayment(ctx.db, {
          guiaId: g.id,
          at: ctx.at,
          paidBy: operator.id,
          terminalId: ctx.terminalId,
          drawerId,
          cashCents: input.cashCents,
          cheques: input.cheques,
          approvedBy: approver?.id ?? null,
        });
        const chequeCents = input.cheques.reduce((s, c) => s + c.amountCents, 0);
        recordIdentifiedAct(ctx, payee, { act: 'guia_payment', refId: g.id, cashCents: input.cashCents, chequeCents, cardCents: 0 });
        post(ctx.db, ledger.guiaPaid(g.id, { cashCents: input.cashCents, chequeCents }, ctx.terminalId), {
          at: ctx.at,
          operatorId: operator.id,
          terminalId: ctx.terminalId,
          drawerId,
        });
        const row = guiaById(ctx.db, g.id)!;
        // The paid guia, both copies: the caixa's opens the drawer when cash was paid, the player's never.
        const jobs = printCopies(ctx, row);
        const view = guiaView(row, jobs[0] ?? null);
        return done(view, { before: { status: 'unpaid' }, after: { ...view, approvedBy: approver?.username ?? null } });
      },
    ),
  ),

  'guia.void': withApproval(
    (ctx, input) => {
      const g = requireGuia(ctx.db, input.guiaId);
      if (g.paidAt) throw new KioskError('GUIA_PAID_NO_VOID', { number: g.number });
      requireUnpaid(g);
      return input.approval;
    },
    (ctx, input, checked) => {
      const g = requireGuia(ctx.db, input.guiaId);
      if (g.paidAt) throw new KioskError('GUIA_PAID_NO_VOID', { number: g.number });
      requireUnpaid(g);
      const approver = confirmCredentials(ctx, checked!);
      const operator = operatorOf(ctx);
      if (approver.id === operator.id) throw new KioskError('APPROVER_IS_OPERATOR', { act: 'guia_void' });
      insertGuiaVoid(ctx.db, { guiaId: g.id, at: ctx.at, voidedBy: operator.id, approvedBy: approver.id, reason: input.reason });
      // What the issue took (from its fund or the house) goes back.
      post(ctx.db, ledger.guiaVoided(g.id, postingsOf(ctx.db, { type: 'guia', id: g.id }, 'guia_issued')), {
        at: ctx.at,
        operatorId: operator.id,
        terminalId: ctx.terminalId,
      });
      const view = guiaView(guiaById(ctx.db, g.id)!);
      return done(view, { before: { status: 'unpaid' }, after: { ...view, approvedBy: approver.username } });
    },
  ),

  'guia.reprint': command((ctx, input) => {
    const g = requireGuia(ctx.db, input.guiaId);
    const printJobIds = printCopies(ctx, g, asReprint);
    if (printJobIds.length === 0) throw new KioskError('GUIA_NO_PRINTER');
    const result = { guiaId: g.id, printJobIds };
    return done(result, { after: result });
  }),

  'guia.find': query((ctx, input) => {
    const number = guiaNumberOf(input.query);
    const g = number === null ? undefined : guiaByNumber(ctx.db, number);
    if (!g) throw new KioskError('GUIA_NOT_FOUND', { query: input.query.slice(0, 40) });
    return guiaView(g);
  }),

  'guia.list': query((ctx, input) => {
    const limit = pageLimit(input.limit);
    const filter = { status: input.status, ...checkPeriod(input.from, input.to) };
    const page = pageOf(guiasPage(ctx.db, { ...filter, before: input.cursor ?? null, limit: limit + 1 }), limit, (g) => g.number);
    return { guias: page.items.map((g) => guiaView(g)), nextCursor: page.nextCursor, total: guiasCount(ctx.db, filter) };
  }),
};
