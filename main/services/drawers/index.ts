/**
 * The drawers domain (SPEC 9): a cash drawer per terminal, operator and
 * shift, its pay-ins, pay-outs and drops, the blind close with its Z report,
 * the X report.
 *
 * Decision (issue 38): a drawer belongs to its operator. Each operator who
 * moves cash on a terminal opens (float counted) and closes his own there, so
 * a cashier and the caixa sharing a terminal never pay out of each other's; a
 * counter role's sale, guia or chip exchange goes through his own drawer only
 * (DRAWER_NOT_YOURS otherwise). A manager without one of his own acts on the
 * terminal's only open drawer (its X, its count and close, a pay-out), as the
 * drawers screen lets him; he never pays a guia or exchanges chips out of it
 * (issue 41: the caixa's payments come out of the payer's own drawer). A drawer is always the caller's terminal's
 * (ctx.terminalId): no channel names another terminal's drawer.
 */
import { countChips, toChipMap } from '../../../core/chips.js';
import type { DrawerChipsView, XReportView, ZReportView } from '../../../core/drawers/contract.js';
import { checkPayout, countDenominations, drawerCashShown, needsAcceptance, sameCount, toDenominationMap, varianceCents } from '../../../core/drawers/rules.js';
import { KioskError } from '../../../core/errors.js';
import { approves } from '../../../core/people/rules.js';
import { drawerLedger as ledger } from '../../../core/drawers/money.js';
import { drawerLineAmounts, lineValues, type DrawerLineAmount } from '../../../core/money-kinds.js';
import { CASH_LINES, CHIP_LINES, MONEY_KINDS } from '../../../core/money-registry.js';
import type { ReadableDb } from '../../../db/connection.js';
import {
  chipCountOf,
  drawerById,
  drawerCashByKind,
  drawerChipsByKind,
  insertChipCount,
  drawerCloseOf,
  drawerExpectedCash,
  insertDrawer,
  insertDrawerClose,
  insertMovement,
  insertRecordedCount,
  nextZNumber,
  openDrawersAt,
  recordedCountOf,
  reportJobOf,
  type DrawerRow,
} from '../../../db/drawers.js';
import { auditHead } from '../../../db/audit.js';
import { sellerFiguresOfDrawer } from '../../../db/bingo/sellers.js';
import { chipTendersOfDrawer } from '../../../db/roulette.js';
import { guiaChequesOfDrawer } from '../../../db/caixa.js';
import { signCheckpoint } from '../shared/signing/checkpoint.js';
import { post } from '../../../db/ledger.js';
import { hallSettings } from '../../../db/people.js';
import { printerForRole } from '../../../db/printing.js';
import { blindXReport, drawerKickSlip, xReport, zReport } from '../../../printing/documents/index.js';
import { command, done, operatorOf, query, type HandlerSlice, type Operator } from '../shared/context.js';
import { confirmCredentials, withApproval } from '../shared/credentials.js';
import { enqueue } from '../shared/print.js';
import { drawerShownTo, requireDrawerOf } from '../shared/drawer.js';

/** The caller's own open drawer on this terminal (a manager: the one he supervises there). */
function requireOpenDrawer(ctx: { db: ReadableDb; terminalId: string; operator: Operator | null }): DrawerRow {
  return requireDrawerOf(ctx.db, ctx.terminalId, operatorOf(ctx));
}

function drawerView(db: ReadableDb, d: DrawerRow) {
  const chipFloat = chipCountOf(db, d.id, 'open');
  return {
    drawerId: d.id,
    terminalId: d.terminalId,
    openedAt: d.openedAt,
    openedBy: d.openedBy,
    floatCents: d.floatCents,
    floatByDenomination: d.floatCounts,
    chipFloatByValue: chipFloat ? toChipMap(chipFloat.chips) : null,
    chipFloatCents: chipFloat?.cents ?? 0,
    holdsChips: chipsData(db, d) !== null,
    recordedCount: recordedCountView(db, d.id),
  };
}

/** The close's count on record, without what the drawer should hold. */
function recordedCountView(db: ReadableDb, drawerId: number) {
  const r = recordedCountOf(db, drawerId);
  return r ? { at: r.recordedAt, countedBy: r.countedBy, countedByDenomination: r.counts, countedCents: r.cents, countedChipsByValue: r.chipCounts } : null;
}

/**
 * The drawer's chips now (a casino caixa's chip float, IX.7): the float
 * counted at the opening plus every chip entry through the drawer, and its
 * lines as the X and Z print them. Null when it never held chips.
 */
function chipsNow(db: ReadableDb, drawer: DrawerRow): { view: DrawerChipsView; lines: DrawerLineAmount[] } | null {
  const float = chipCountOf(db, drawer.id, 'open');
  const byKind = drawerChipsByKind(db, drawer);
  if (!float && Object.keys(byKind).length === 0) return null;
  const floatCents = float?.cents ?? 0;
  // Each line from the money kinds that move it (core/<domain>/money.ts).
  const lines = drawerLineAmounts(CHIP_LINES, MONEY_KINDS, 'chipLine', byKind);
  return {
    view: {
      floatCents,
      float: float?.chips ?? [],
      movements: lineValues(lines) as DrawerChipsView['movements'],
      expectedCents: floatCents + Object.values(byKind).reduce((s, c) => s + (c ?? 0), 0),
    },
    lines,
  };
}

const chipsData = (db: ReadableDb, drawer: DrawerRow): DrawerChipsView | null => chipsNow(db, drawer)?.view ?? null;

/**
 * The drawer now, by line of its report (cash in and out as non-negative
 * cents; sales net of voids), each line from the money kinds that move it;
 * with the lines the printed X and Z take, read once.
 */
function xNow(db: ReadableDb, drawer: DrawerRow, at: string) {
  const lines = drawerLineAmounts(CASH_LINES, MONEY_KINDS, 'cashLine', drawerCashByKind(db, drawer));
  const chips = chipsNow(db, drawer);
  const view: XReportView = {
    drawerId: drawer.id,
    terminalId: drawer.terminalId,
    operator: drawer.openedByName,
    openedAt: drawer.openedAt,
    at,
    openingFloatCents: drawer.floatCents,
    movements: lineValues(lines) as XReportView['movements'],
    expectedCents: drawerExpectedCash(db, drawer),
    chips: chips?.view ?? null,
  };
  return { view, lines, chipLines: chips?.lines ?? null };
}

/**
 * The chips counted at the close, by value: required once the drawer has held
 * chips; a count of none on a drawer that never did is no count at all.
 */
function chipsCounted(db: ReadableDb, drawer: DrawerRow, map: Readonly<Record<string, number>> | undefined) {
  const count = map ? countChips(map) : null;
  if (chipsData(db, drawer) !== null) {
    if (!count) throw new KioskError('CHIPS_COUNT_REQUIRED');
    return count;
  }
  return count && count.cents > 0 ? count : null;
}

/** What the drawer's chip exchanges and guias took or paid outside its cash, for its Z (none: no field, the Z as before). */
function outsideOf(db: ReadableDb, drawer: DrawerRow, until: string): Pick<ZReportView, 'outsideDrawer'> {
  const outside = { ...chipTendersOfDrawer(db, drawer.id), guiaChequesPaidCents: guiaChequesOfDrawer(db, drawer, until) };
  return Object.values(outside).some((c) => c > 0) ? { outsideDrawer: outside } : {};
}

/** The sellers whose cash the drawer collected, for its Z (none: no field, the Z as before). */
function sellersOf(db: ReadableDb, drawerId: number): Pick<ZReportView, 'sellers'> {
  const sellers = sellerFiguresOfDrawer(db, drawerId);
  return sellers.length > 0 ? { sellers } : {};
}

const emptyChips = (): DrawerChipsView => ({ floatCents: 0, float: [], movements: { cards: 0, sold: 0, redeemed: 0, fills: 0, credits: 0 }, expectedCents: 0 });

export const drawersHandlers: HandlerSlice<
  'drawer.open' | 'drawer.kick' | 'drawer.move' | 'drawer.close' | 'drawer.current' | 'drawer.cash' | 'report.x' | 'report.z'
> = {
  // What the caixa pays from: the caller's own drawer, a manager's too (issue 41), never one he supervises.
  'drawer.cash': query((ctx) => {
    const drawer = openDrawersAt(ctx.db, ctx.terminalId).find((d) => d.openedById === operatorOf(ctx).id);
    return drawer ? { drawerId: drawer.id, cashCents: drawerCashShown(drawerExpectedCash(ctx.db, drawer), !approves(operatorOf(ctx).roles)) } : null;
  }),

  /**
   * The drawer opened without a sale: its own permission (a manager, or an
   * operator with a manager's approval, never their own), in the audit log,
   * and on paper: the slip that opens it names who, when, why and who allowed it.
   */
  'drawer.kick': withApproval(
    (ctx, input) => {
      const operator = operatorOf(ctx);
      if (approves(operator.roles)) return null;
      if (!input.approval) throw new KioskError('DRAWER_KICK_NEEDS_APPROVAL');
      return input.approval;
    },
    (ctx, input, checked) => {
      const drawer = requireOpenDrawer(ctx);
      if (!printerForRole(ctx.db, ctx.terminalId, 'receipts')) throw new KioskError('DRAWER_KICK_NO_PRINTER');
      const approver = checked ? confirmCredentials(ctx, checked) : null;
      const operator = operatorOf(ctx);
      if (approver?.id === operator.id) throw new KioskError('APPROVER_IS_OPERATOR', { act: 'drawer_kick' });
      const jobId = enqueue(
        ctx,
        'receipts',
        (hall) =>
          drawerKickSlip({ ...hall, terminalId: ctx.terminalId, operator: operator.name, approvedBy: approver?.name ?? null, reason: input.reason, at: ctx.at }),
        { type: 'drawer', id: drawer.id },
      )!;
      const result = { drawerId: drawer.id, jobId, at: ctx.at, approvedBy: approver?.username ?? null };
      return done(result, { after: { ...result, reason: input.reason } });
    },
  ),

  'drawer.open': command((ctx, input) => {
    const operator = operatorOf(ctx);
    // One open drawer per operator here: a cashier's open drawer on a shared terminal leaves the caixa free to open his.
    const open = openDrawersAt(ctx.db, ctx.terminalId).find((d) => d.openedById === operator.id);
    if (open) throw new KioskError('DRAWER_ALREADY_OPEN', { drawerId: open.id, operator: open.openedBy });
    const float = countDenominations(input.floatByDenomination);
    const chipFloat = input.chipFloatByValue ? countChips(input.chipFloatByValue) : null;
    const id = insertDrawer(ctx.db, {
      terminalId: ctx.terminalId,
      openedBy: operator.id,
      at: ctx.at,
      floatCounts: toDenominationMap(float.counts),
      floatCents: float.cents,
    });
    if (chipFloat && chipFloat.cents > 0) {
      insertChipCount(ctx.db, { drawerId: id, stage: 'open', chips: chipFloat.chips, cents: chipFloat.cents, expectedCents: null, varianceCents: null });
    }
    const view = drawerView(ctx.db, drawerById(ctx.db, id)!);
    return done(view, { after: view });
  }),

  'drawer.move': command((ctx, input) => {
    const operator = operatorOf(ctx);
    const drawer = requireOpenDrawer(ctx);
    if (input.kind !== 'pay_in') checkPayout(input.amountCents, drawerExpectedCash(ctx.db, drawer), !approves(operator.roles));
    const movementId = insertMovement(ctx.db, { drawerId: drawer.id, kind: input.kind, amountCents: input.amountCents, reason: input.reason, at: ctx.at, operatorId: operator.id });
    const build = { pay_in: ledger.payIn, pay_out: ledger.payOut, drop: ledger.drop }[input.kind];
    post(ctx.db, build(movementId, input.amountCents, ctx.terminalId), { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId, drawerId: drawer.id });
    const result = { movementId, drawerId: drawer.id, kind: input.kind, amountCents: input.amountCents, reason: input.reason, at: ctx.at };
    return done(result, { after: result });
  }),

  /**
   * The blind close: the operator gives the count only; expected, counted and
   * the variance come back once the count is on record. Within the hall's
   * threshold the drawer closes. Over it, the count is recorded as final and
   * the figures answered, for the manager who accepts the variance (never the
   * closer himself) with a reason; the close then takes that count, and
   * another count needs the manager's approval.
   */
  'drawer.close': withApproval(
    (ctx, input) => {
      // The cheap refusals first, so that no PIN is checked (or counted) for nothing.
      const drawer = requireOpenDrawer(ctx);
      countDenominations(input.countedByDenomination);
      chipsCounted(ctx.db, drawer, input.countedChipsByValue);
      if (!input.approval) return null;
      if (!input.reason) throw new KioskError('VARIANCE_REASON_REQUIRED');
      return input.approval;
    },
    (ctx, input, checked) => {
      const operator = operatorOf(ctx);
      const drawer = requireOpenDrawer(ctx);
      const count = countDenominations(input.countedByDenomination);
      const chipCount = chipsCounted(ctx.db, drawer, input.countedChipsByValue);
      const now = xNow(ctx.db, drawer, ctx.at);
      const data = now.view;
      const variance = varianceCents(count.cents, data.expectedCents);
      const chipsExpected = data.chips?.expectedCents ?? 0;
      const chips = chipCount ? { counted: chipCount.chips, countedCents: chipCount.cents, varianceCents: varianceCents(chipCount.cents, chipsExpected) } : null;
      const threshold = hallSettings(ctx.db).drawerVarianceThresholdCents;
      const recorded = recordedCountOf(ctx.db, drawer.id);
      // A count recorded as final is the close's count: another one only with a manager's approval.
      if (recorded && !checked) {
        const same = sameCount(toDenominationMap(count.counts), recorded.counts) && sameCount(chipCount ? toChipMap(chipCount.chips) : {}, recorded.chipCounts ?? {});
        if (!same) throw new KioskError('DRAWER_COUNT_RECORDED', { at: recorded.recordedAt, countedCents: recorded.cents });
      }
      const chipsResult = chips ? { expectedCents: chipsExpected, countedCents: chips.countedCents, varianceCents: chips.varianceCents } : null;
      // Chips are money at the caixa: a variance in either needs the manager's acceptance.
      const overThreshold = needsAcceptance(variance, threshold) || (chips !== null && needsAcceptance(chips.varianceCents, threshold));
      if (overThreshold && !checked) {
        // Recorded before any figure is shown, so the count cannot be redone to match.
        if (!recorded) {
          insertRecordedCount(ctx.db, {
            drawerId: drawer.id,
            at: ctx.at,
            countedBy: operator.id,
            counted: count.counts,
            cents: count.cents,
            expectedCents: data.expectedCents,
            chips: chips ? { counted: chips.counted, cents: chips.countedCents, expectedCents: chipsExpected } : null,
            thresholdCents: threshold,
          });
        }
        const awaiting = {
          status: 'awaiting_acceptance' as const,
          drawerId: drawer.id,
          zNumber: null,
          expectedCents: data.expectedCents,
          countedCents: count.cents,
          varianceCents: variance,
          thresholdCents: threshold,
          closedAt: null,
          acceptedBy: null,
          chips: chipsResult,
        };
        return done(awaiting, { before: { drawerId: drawer.id, recorded: recorded !== undefined }, after: awaiting });
      }
      const approver = checked ? confirmCredentials(ctx, checked) : null;
      if (approver?.id === operator.id) throw new KioskError('APPROVER_IS_OPERATOR', { act: 'drawer_close' });
      const reason = approver ? input.reason! : null;
      const zNumber = nextZNumber(ctx.db);
      const z: ZReportView = {
        ...data,
        zNumber,
        closedBy: operator.name,
        counted: count.counts,
        countedCents: count.cents,
        varianceCents: variance,
        varianceAcceptedBy: approver?.name ?? null,
        varianceReason: reason,
        chips: data.chips ?? (chips ? emptyChips() : null),
        chipsCount: chips,
        auditHead: auditHead(ctx.db),
        // Signed by the hall's key: the log up to the Z, which the inspector checks offline against its key.
        checkpoint: signCheckpoint(ctx, ctx.keys.current(), { reason: 'z', ref: { type: 'drawer', id: drawer.id }, extensions: [`Z ${zNumber}`] }),
        // The roving sellers settled into this drawer, each apart (issue 42): only on a Z that collected some.
        ...sellersOf(ctx.db, drawer.id),
        // Card slips and cheques handed over with the Z (Lei n.º 83/2017, art. 76.º, n.º 3 and 4): only on a Z that took some.
        ...outsideOf(ctx.db, drawer, ctx.at),
      };
      insertDrawerClose(ctx.db, {
        drawerId: drawer.id,
        zNumber,
        at: ctx.at,
        closedBy: operator.id,
        counted: count.counts,
        countedCents: count.cents,
        expectedCents: data.expectedCents,
        varianceCents: variance,
        thresholdCents: threshold,
        acceptedBy: approver?.id ?? null,
        reason,
        report: z,
      });
      if (chips) {
        insertChipCount(ctx.db, { drawerId: drawer.id, stage: 'close', chips: chips.counted, cents: chips.countedCents, expectedCents: chipsExpected, varianceCents: chips.varianceCents });
      }
      const printedChips = z.chips ? { ...z.chips, lines: now.chipLines ?? [] } : null;
      enqueue(ctx, 'receipts', (hall) => zReport({ ...z, lines: now.lines, chips: printedChips, hallName: hall.hallName, timeZone: hall.timeZone, software: hall.software, shift: null }), { type: 'drawer', id: drawer.id });
      const result = {
        status: 'closed' as const,
        drawerId: drawer.id,
        zNumber,
        expectedCents: data.expectedCents,
        countedCents: count.cents,
        varianceCents: variance,
        thresholdCents: threshold,
        closedAt: ctx.at,
        acceptedBy: approver?.username ?? null,
        chips: chipsResult,
        ...(z.outsideDrawer ? { outsideDrawer: z.outsideDrawer } : {}),
      };
      return done(result, { before: { drawerId: drawer.id, closed: false }, after: { ...result, reason } });
    },
  ),

  'drawer.current': query((ctx) => {
    const drawer = drawerShownTo(ctx.db, ctx.terminalId, operatorOf(ctx));
    return drawer ? drawerView(ctx.db, drawer) : null;
  }),

  /**
   * The X report of the open drawer, printed; it changes nothing but the print
   * queue. A counter role's is blind, on screen and on paper alike: no amount
   * (see blindXReportSchema for why not even the lines); its figures come with
   * its count (drawer.close), then on the Z. A manager's shows everything.
   */
  'report.x': command((ctx) => {
    const drawer = requireOpenDrawer(ctx);
    if (!approves(operatorOf(ctx).roles)) {
      const blind = { blind: true as const, drawerId: drawer.id, terminalId: drawer.terminalId, operator: drawer.openedByName, openedAt: drawer.openedAt, at: ctx.at };
      enqueue(ctx, 'receipts', (hall) => blindXReport({ ...blind, hallName: hall.hallName, timeZone: hall.timeZone, software: hall.software, shift: null }), { type: 'drawer', id: drawer.id });
      return done(blind, { after: blind });
    }
    const now = xNow(ctx.db, drawer, ctx.at);
    const data = now.view;
    const printedChips = data.chips ? { ...data.chips, lines: now.chipLines ?? [] } : null;
    enqueue(ctx, 'receipts', (hall) => xReport({ ...data, lines: now.lines, chips: printedChips, hallName: hall.hallName, timeZone: hall.timeZone, software: hall.software, shift: null }), { type: 'drawer', id: drawer.id });
    return done({ ...data, blind: false as const }, { after: { drawerId: drawer.id, expectedCents: data.expectedCents, blind: false } });
  }),

  'report.z': query((ctx, input) => {
    if (!drawerById(ctx.db, input.drawerId)) throw new KioskError('DRAWER_NOT_FOUND', { drawerId: input.drawerId });
    const close = drawerCloseOf(ctx.db, input.drawerId);
    if (!close) throw new KioskError('DRAWER_NOT_CLOSED', { drawerId: input.drawerId });
    return { ...(close.report as ZReportView), printJobId: reportJobOf(ctx.db, input.drawerId, 'z_report') };
  }),
};
