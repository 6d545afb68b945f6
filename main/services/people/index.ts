/** The people domain: setup of an empty hall, PIN login with lock-out, operators, hall settings. */
import type { OperatorView } from '../../../core/contract.js';
import { KioskError } from '../../../core/errors.js';
import { isValidPin } from '../../../core/people/rules.js';
import type { Role } from '../../../core/roles.js';
import {
  activeOperatorsWithRole,
  findOperator,
  hallRow,
  hallSettings,
  insertHall,
  insertOperator,
  listOperators,
  operatorById,
  recordPinSuccess,
  saveSetting,
  setOperatorPin,
  updateHall,
  updateOperator,
  type OperatorRow,
} from '../../../db/people.js';
import type { ReadableDb } from '../../../db/connection.js';
import type { Settings } from '../../../core/settings.js';
import { command, commandWith, done, operatorOf, query, type CommandContext, type HandlerSlice, type Operator } from '../shared/context.js';
import { checkCredentials, confirmCredentials } from '../shared/credentials.js';
import { hashPin } from '../shared/pin.js';
import { assertPrintable, printedText } from '../shared/printable.js';
import { checkSpecialPrizeChange } from '../../../core/bingo/prizes.js';
import { specialFundHeld } from '../../../db/bingo/special.js';

const view = (o: OperatorRow | Operator): OperatorView => ({ id: o.id, username: o.username, name: o.name, roles: o.roles });

/** The PIN's format is checked and its hash made before the transaction (scrypt is slow). */
async function pinHashOf(pin: string): Promise<string> {
  if (!isValidPin(pin)) throw new KioskError('INVALID_PIN_FORMAT');
  return hashPin(pin);
}

function createOperator(ctx: CommandContext, o: { username: string; name: string; roles: Role[] }, pinHash: string): OperatorView {
  if (findOperator(ctx.db, o.username)) throw new KioskError('USERNAME_TAKEN', { username: o.username });
  // The name goes on every receipt the operator issues.
  assertPrintable(ctx.db, printedText('operatorName', o.name, o.username));
  const roles = [...new Set(o.roles)];
  const id = insertOperator(ctx.db, { username: o.username, name: o.name, roles, pinHash, createdAt: ctx.at });
  return { id, username: o.username, name: o.name, roles };
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
  return { hallName: hall.hallName, licence: hall.licence, ...hallSettings(db) };
}

export const peopleHandlers: HandlerSlice<
  | 'setup.status'
  | 'setup.init'
  | 'auth.login'
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
    return { initialized: hall !== undefined, hallName: hall?.hallName ?? null, terminalId: ctx.terminalId };
  }),

  'setup.init': commandWith(
    (_ctx, input) => pinHashOf(input.admin.pin),
    (ctx, input, pinHash) => {
      if (hallRow(ctx.db)) throw new KioskError('ALREADY_INITIALIZED');
      insertHall(ctx.db, { hallName: input.hallName, licence: input.licence ?? null, at: ctx.at });
      const admin = createOperator(ctx, { ...input.admin, roles: ['admin'] }, pinHash);
      return done({ hallName: input.hallName, adminId: admin.id }, { after: { hallName: input.hallName, admin } });
    },
  ),

  'auth.login': commandWith(
    async (ctx, input) => {
      if (!hallRow(ctx.db)) throw new KioskError('NOT_INITIALIZED');
      return checkCredentials(ctx, input.username, input.pin, 'INVALID_CREDENTIALS');
    },
    (ctx, _input, checked) => {
      const operator = view(confirmCredentials(ctx, checked));
      // The session lasts a shift at most (hall setting, as it stands at the login), however busy the counter.
      const token = ctx.sessions.start(operator, ctx.now, hallSettings(ctx.db).shiftHours * 3_600_000);
      return done({ operatorToken: token, operator }, { operatorId: operator.id, after: { operator } });
    },
  ),

  'auth.logout': command((ctx) => {
    ctx.sessions.end(ctx.meta.operatorToken);
    return done({});
  }),

  'auth.me': query((ctx) => view(operatorOf(ctx))),

  'users.create': commandWith(
    (_ctx, input) => pinHashOf(input.pin),
    (ctx, input, pinHash) => {
      const created = createOperator(ctx, input, pinHash);
      return done(created, { after: created });
    },
  ),

  'users.list': query((ctx) =>
    listOperators(ctx.db).map((o) => ({ ...managedView(o), lockedUntil: o.lockedUntil && o.lockedUntil > ctx.at ? o.lockedUntil : null })),
  ),

  'users.update': command((ctx, input) => {
    const o = operatorToManage(ctx, input.operatorId);
    const roles = input.roles ? [...new Set(input.roles)] : o.roles;
    requireAnotherAdmin(ctx, o, { roles, active: input.active ?? o.active });
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
    (_ctx, input) => pinHashOf(input.pin),
    (ctx, input, pinHash) => {
      const o = operatorToManage(ctx, input.operatorId);
      setOperatorPin(ctx.db, o.id, pinHash);
      ctx.sessions.endAllOf(o.id);
      const after = managedView(o);
      return done(after, { after: { ...after, pinChanged: true } });
    },
  ),

  'users.unlock': command((ctx, input) => {
    const o = operatorToManage(ctx, input.operatorId);
    recordPinSuccess(ctx.db, o.id);
    const after = managedView(o);
    return done(after, { before: { ...after, lockedUntil: o.lockedUntil, failedAttempts: o.failedAttempts }, after });
  }),

  'settings.get': query((ctx) => readSettings(ctx.db)),

  'settings.update': command((ctx, input) => {
    const before = readSettings(ctx.db);
    const { hallName, licence, ...rest } = input;
    // Both head every document: refused now rather than on every later receipt. Only a change is
    // checked: the screen sends them with every save, and a name saved before a printer was must not block the rest.
    assertPrintable(ctx.db, [
      ...printedText('hallName', hallName !== before.hallName ? hallName : undefined),
      ...printedText('licence', licence !== before.licence ? licence : undefined),
    ]);
    // Art. 10: a frozen fund is played again only by a manager's recorded decision (specialPrize.carry), never by a setting.
    checkSpecialPrizeChange(before.specialPrize, rest.specialPrize, specialFundHeld(ctx.db));
    updateHall(ctx.db, { ...(hallName !== undefined ? { hallName } : {}), ...(licence !== undefined ? { licence } : {}) });
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined) saveSetting(ctx.db, key, value);
    }
    const after = readSettings(ctx.db);
    return done(after, { before, after });
  }),
};
