/** The people domain: setup of an empty hall, PIN login with lock-out, operators, hall settings. */
import type { OperatorView } from '../../../core/contract.js';
import { KioskError } from '../../../core/errors.js';
import { approves, checkTimeZoneChange, isValidPin, LONG_PIN_DIGITS, needsLongPin } from '../../../core/people/rules.js';
import { APPROVER_ROLES, type Role } from '../../../core/roles.js';
import {
  activeOperatorsWithRole,
  findOperator,
  hallRow,
  hallSettings,
  hallTimeZone,
  insertHall,
  insertOperator,
  listOperators,
  operatorById,
  saveMeta,
  saveSetting,
  setOperatorPin,
  setRecoveryHash,
  shortPinApprovers,
  updateHall,
  updateOperator,
  type OperatorRow,
} from '../../../db/people.js';
import type { ReadableDb } from '../../../db/connection.js';
import type { Settings } from '../../../core/settings.js';
import { command, commandWith, done, operatorOf, query, type CommandContext, type HandlerSlice, type Operator } from '../shared/context.js';
import {
  accountBlockedUntil,
  checkLogin,
  checkRecoveryCode,
  clearAccountBudgets,
  confirmCredentials,
  pinKeyState,
} from '../shared/credentials.js';
import { PIN_KEY_CHECK } from '../shared/access/pin-key.js';
import { hashRecoveryCode, newRecoveryCode, recoveryCodeMatches } from '../shared/access/pin.js';
import { assertPrintable, printedText } from '../shared/printable.js';
import { checkSpecialPrizeChange } from '../../../core/bingo/prizes.js';
import { specialFundHeld } from '../../../db/bingo/special.js';
import { openSession } from '../../../db/bingo/sessions.js';
import { openDrawers } from '../../../db/drawers.js';

const view = (o: OperatorRow | Operator): OperatorView => ({ id: o.id, username: o.username, name: o.name, roles: o.roles });

/** A new PIN: its format checked and its hash made before the transaction (scrypt is slow). */
interface NewPin {
  hash: string;
  digits: number;
}
async function newPinOf(ctx: { pins: { hash(pin: string): Promise<string> } }, pin: string): Promise<NewPin> {
  if (!isValidPin(pin)) throw new KioskError('INVALID_PIN_FORMAT');
  return { hash: await ctx.pins.hash(pin), digits: pin.length };
}

/** The hall may require 6 digits of the PINs that approve (managers, admins). */
function requireLongPin(ctx: CommandContext, roles: readonly Role[], digits: number): void {
  if (needsLongPin(hallSettings(ctx.db).longManagerPins, roles, digits)) throw new KioskError('PIN_TOO_SHORT_FOR_ROLE', { digits: LONG_PIN_DIGITS });
}

function createOperator(ctx: CommandContext, o: { username: string; name: string; roles: Role[] }, pin: NewPin): OperatorView {
  if (findOperator(ctx.db, o.username)) throw new KioskError('USERNAME_TAKEN', { username: o.username });
  // The name goes on every receipt the operator issues.
  assertPrintable(ctx.db, printedText('operatorName', o.name, o.username));
  const roles = [...new Set(o.roles)];
  requireLongPin(ctx, roles, pin.digits);
  const id = insertOperator(ctx.db, { username: o.username, name: o.name, roles, pinHash: pin.hash, shortPin: pin.digits < LONG_PIN_DIGITS, createdAt: ctx.at });
  return { id, username: o.username, name: o.name, roles };
}

/** A new recovery code for an admin: kept hashed, shown once. */
function issueRecoveryCode(ctx: CommandContext, operatorId: number): string {
  const code = newRecoveryCode();
  setRecoveryHash(ctx.db, operatorId, hashRecoveryCode(code));
  return code;
}

const managedView = (o: OperatorRow) => ({ ...view(o), active: o.active });

function operatorToManage(ctx: CommandContext, operatorId: number): OperatorRow {
  const o = operatorById(ctx.db, operatorId);
  if (!o) throw new KioskError('USER_NOT_FOUND', { operatorId });
  return o;
}

/** The hall always keeps an active admin: nobody else can create users or give roles. */
function requireAnotherAdmin(ctx: CommandContext, o: OperatorRow, next: { roles: Role[]; active: boolean }): void {
  const stillAdmin = next.active && next.roles.includes('admin');
  if (o.active && o.roles.includes('admin') && !stillAdmin && activeOperatorsWithRole(ctx.db, 'admin') <= 1) {
    throw new KioskError('LAST_ADMIN', { username: o.username });
  }
}

function readSettings(db: ReadableDb): Settings {
  const hall = hallRow(db);
  if (!hall) throw new KioskError('NOT_INITIALIZED');
  return { hallName: hall.hallName, licence: hall.licence, timeZone: hall.timeZone, ...hallSettings(db) };
}

export const peopleHandlers: HandlerSlice<
  | 'setup.status'
  | 'auth.staff'
  | 'setup.init'
  | 'auth.login'
  | 'auth.recover'
  | 'users.newRecoveryCode'
  | 'auth.logout'
  | 'auth.me'
  | 'users.create'
  | 'users.list'
  | 'users.update'
  | 'users.resetPin'
  | 'users.unlock'
  | 'settings.get'
  | 'settings.update'
> = {
  'setup.status': query((ctx) => {
    const hall = hallRow(ctx.db);
    return {
      initialized: hall !== undefined,
      hallName: hall?.hallName ?? null,
      timeZone: hallTimeZone(ctx.db),
      terminalId: ctx.terminalId,
      pinKey: pinKeyState(ctx.db, ctx.pins),
    };
  }),

  'auth.staff': query((ctx) =>
    listOperators(ctx.db)
      .filter((o) => o.active)
      .map((o) => ({ id: o.id, username: o.username, name: o.name, approver: approves(o.roles) })),
  ),

  'setup.init': commandWith(
    (ctx, input) => newPinOf(ctx, input.admin.pin),
    (ctx, input, pin) => {
      if (hallRow(ctx.db)) throw new KioskError('ALREADY_INITIALIZED');
      insertHall(ctx.db, { hallName: input.hallName, licence: input.licence ?? null, at: ctx.at });
      saveMeta(ctx.db, PIN_KEY_CHECK, ctx.pins.keyCheck);
      const admin = createOperator(ctx, { ...input.admin, roles: ['admin'] }, pin);
      // Written down by the admin now: the way back in when every admin is blocked or the PIN key is lost.
      const recoveryCode = issueRecoveryCode(ctx, admin.id);
      return done({ hallName: input.hallName, adminId: admin.id, recoveryCode }, { after: { hallName: input.hallName, admin, recoveryCodeIssued: true } });
    },
  ),

  'auth.recover': commandWith(
    async (ctx, input) => {
      if (!hallRow(ctx.db)) throw new KioskError('NOT_INITIALIZED');
      if (!isValidPin(input.pin)) throw new KioskError('INVALID_PIN_FORMAT');
      // The code first (fast, counted): a wrong code costs no hashing, so a burst of them cannot hold the KDF.
      const admin = await checkRecoveryCode(ctx, input.username, (op) => recoveryCodeMatches(input.recoveryCode, op.recoveryHash));
      const pin = await newPinOf(ctx, input.pin);
      return { admin, pin };
    },
    (ctx, _input, { admin, pin }) => {
      const op = operatorById(ctx.db, admin.id);
      // Used meanwhile (another recovery, a new code): this one is spent.
      if (!op || !op.active || op.recoveryHash !== admin.recoveryHash) throw new KioskError('RECOVERY_INVALID', { remaining: 0 });
      requireLongPin(ctx, op.roles, pin.digits);
      setOperatorPin(ctx.db, op.id, pin.hash, pin.digits < LONG_PIN_DIGITS);
      const blocked = clearAccountBudgets(ctx, op.id);
      // A lost key: the PINs from now on are sealed under this one (the others are set again by this admin).
      saveMeta(ctx.db, PIN_KEY_CHECK, ctx.pins.keyCheck);
      ctx.sessions.endAllOf(op.id);
      const recoveryCode = issueRecoveryCode(ctx, op.id);
      const operator = view(op);
      return done(
        { operator, recoveryCode },
        { operatorId: op.id, before: blocked ?? undefined, after: { ...managedView(op), pinChanged: true, recoveryCodeIssued: true } },
      );
    },
  ),

  'users.newRecoveryCode': command((ctx) => {
    const me = operatorOf(ctx);
    const recoveryCode = issueRecoveryCode(ctx, me.id);
    return done({ recoveryCode }, { after: { operatorId: me.id, recoveryCodeIssued: true } });
  }),

  'auth.login': commandWith(
    async (ctx, input) => {
      if (!hallRow(ctx.db)) throw new KioskError('NOT_INITIALIZED');
      return checkLogin(ctx, input.username, input.pin);
    },
    (ctx, _input, checked) => {
      const operator = view(confirmCredentials(ctx, checked));
      // The session lasts a shift at most (hall setting, as it stands at the login), however busy the counter.
      const token = ctx.sessions.start(operator, ctx.now, ctx.terminalId, hallSettings(ctx.db).shiftHours * 3_600_000);
      return done({ operatorToken: token, operator }, { operatorId: operator.id, after: { operator } });
    },
  ),

  'auth.logout': command((ctx) => {
    ctx.sessions.end(ctx.meta.operatorToken, ctx.terminalId);
    return done({});
  }),

  'auth.me': query((ctx) => view(operatorOf(ctx))),

  'users.create': commandWith(
    (ctx, input) => newPinOf(ctx, input.pin),
    (ctx, input, pin) => {
      const created = createOperator(ctx, input, pin);
      return done(created, { after: created });
    },
  ),

  'users.list': query((ctx) =>
    listOperators(ctx.db).map((o) => ({ ...managedView(o), lockedUntil: accountBlockedUntil(ctx, o.id), shortPin: o.shortPin })),
  ),

  'users.update': command((ctx, input) => {
    const o = operatorToManage(ctx, input.operatorId);
    const roles = input.roles ? [...new Set(input.roles)] : o.roles;
    requireAnotherAdmin(ctx, o, { roles, active: input.active ?? o.active });
    // A role that approves asks for a 6-digit PIN where the hall requires it: set it first (users.resetPin).
    if (hallSettings(ctx.db).longManagerPins && o.shortPin && !approves(o.roles) && approves(roles)) {
      throw new KioskError('PIN_TOO_SHORT_FOR_ROLE', { digits: LONG_PIN_DIGITS });
    }
    assertPrintable(ctx.db, printedText('operatorName', input.name, o.username));
    updateOperator(ctx.db, o.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.roles ? { roles } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    });
    // A session carries the roles it was opened with: the change takes effect at the next login.
    ctx.sessions.endAllOf(o.id);
    const after = managedView(operatorToManage(ctx, o.id));
    return done(after, { before: managedView(o), after });
  }),

  'users.resetPin': commandWith(
    (ctx, input) => newPinOf(ctx, input.pin),
    (ctx, input, pin) => {
      const o = operatorToManage(ctx, input.operatorId);
      requireLongPin(ctx, o.roles, pin.digits);
      setOperatorPin(ctx.db, o.id, pin.hash, pin.digits < LONG_PIN_DIGITS);
      clearAccountBudgets(ctx, o.id);
      ctx.sessions.endAllOf(o.id);
      const after = managedView(o);
      return done(after, { after: { ...after, pinChanged: true } });
    },
  ),

  'users.unlock': command((ctx, input) => {
    const o = operatorToManage(ctx, input.operatorId);
    const blocked = clearAccountBudgets(ctx, o.id);
    const after = managedView(o);
    return done(after, { before: { ...after, lockedUntil: blocked?.blockedUntil ?? null, failedAttempts: blocked?.failures ?? 0 }, after });
  }),

  'settings.get': query((ctx) => readSettings(ctx.db)),

  'settings.update': command((ctx, input) => {
    const before = readSettings(ctx.db);
    const { hallName, licence, timeZone: askedZone, ...rest } = input;
    // Judged first: a zone refused leaves every other field of the save unwritten too.
    const timeZone = checkTimeZoneChange({
      current: before.timeZone,
      next: askedZone,
      admin: operatorOf(ctx).roles.includes('admin'),
      openSessionId: openSession(ctx.db)?.id ?? null,
      openDrawerTerminals: openDrawers(ctx.db).map((d) => d.terminalId),
    });
    // Both head every document: refused now rather than on every later receipt. Only a change is
    // checked: the screen sends them with every save, and a name saved before a printer was must not block the rest.
    assertPrintable(ctx.db, [
      ...printedText('hallName', hallName !== before.hallName ? hallName : undefined),
      ...printedText('licence', licence !== before.licence ? licence : undefined),
    ]);
    // Art. 10: a frozen fund is played again only by a manager's recorded decision (specialPrize.carry), never by a setting.
    checkSpecialPrizeChange(before.specialPrize, rest.specialPrize, specialFundHeld(ctx.db));
    // 6-digit PINs for those who approve: only once each of them has one (else they could no longer be given, nor changed by the rules).
    if (rest.longManagerPins && !before.longManagerPins) {
      const short = shortPinApprovers(ctx.db, APPROVER_ROLES);
      if (short.length > 0) throw new KioskError('LONG_PINS_NOT_SET', { count: short.length, usernames: short.slice(0, 5).join(', '), digits: LONG_PIN_DIGITS });
    }
    updateHall(ctx.db, { ...(hallName !== undefined ? { hallName } : {}), ...(licence !== undefined ? { licence } : {}), ...(timeZone !== undefined ? { timeZone } : {}) });
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined) saveSetting(ctx.db, key, value);
    }
    const after = readSettings(ctx.db);
    return done(after, { before, after });
  }),
};
