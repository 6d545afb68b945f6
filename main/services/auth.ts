/** Setup of an empty hall, PIN login with lock-out, operators, manager approval. */
import { KioskError } from '../../core/errors.js';
import { APPROVER_ROLES, type Role } from '../../core/roles.js';
import { isValidPin, PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS } from '../../core/settings.js';
import type { OperatorView } from '../../core/contract.js';
import { findOperator, insertOperator, listOperators, recordPinFailure, recordPinSuccess, type OperatorRow } from '../../db/operators.js';
import { stmt } from '../../db/connection.js';
import { burnPinCheck, hashPin, verifyPin } from '../auth/pin.js';
import type { Operator } from '../auth/sessions.js';
import { operatorOf, Refusal, type Handler, type ServiceContext } from './context.js';

const view = (o: OperatorRow | Operator): OperatorView => ({ id: o.id, username: o.username, name: o.name, roles: o.roles });

export function isInitialized(ctx: ServiceContext): boolean {
  return stmt(ctx.db, `SELECT 1 FROM hall WHERE id = 1`).get() !== undefined;
}

function requirePinFormat(pin: string): void {
  if (!isValidPin(pin)) throw new KioskError('INVALID_PIN_FORMAT');
}

function createOperator(ctx: ServiceContext, o: { username: string; name: string; roles: Role[]; pin: string }): OperatorView {
  requirePinFormat(o.pin);
  if (findOperator(ctx.db, o.username)) throw new KioskError('USERNAME_TAKEN', { username: o.username });
  const roles = [...new Set(o.roles)];
  const id = insertOperator(ctx.db, { username: o.username, name: o.name, roles, pinHash: hashPin(o.pin), createdAt: ctx.at });
  return { id, username: o.username, name: o.name, roles };
}

export const setupStatus: Handler<'setup.status'> = (ctx) => {
  const hall = stmt<[], { name: string }>(ctx.db, `SELECT name FROM hall WHERE id = 1`).get();
  return { initialized: hall !== undefined, hallName: hall?.name ?? null, terminalId: ctx.terminalId };
};

export const setupInit: Handler<'setup.init'> = (ctx, input) => {
  if (isInitialized(ctx)) throw new KioskError('ALREADY_INITIALIZED');
  stmt(ctx.db, `INSERT INTO hall (id, name, licence, created_at) VALUES (1, ?, ?, ?)`).run(input.hallName, input.licence ?? null, ctx.at);
  const admin = createOperator(ctx, { ...input.admin, roles: ['admin'] });
  ctx.audit.after = { hallName: input.hallName, admin };
  return { hallName: input.hallName, adminId: admin.id };
};

/**
 * Check a username + PIN, counting failures towards the lock-out. Returns the
 * operator, or a Refusal whose failure count must be committed.
 */
function checkPin(ctx: ServiceContext, username: string, pin: string, wrong: 'INVALID_CREDENTIALS' | 'APPROVAL_INVALID'): OperatorRow | Refusal {
  const op = findOperator(ctx.db, username);
  if (!op || !op.active) {
    burnPinCheck(pin);
    return new Refusal(new KioskError(wrong, { remaining: PIN_MAX_ATTEMPTS }));
  }
  if (op.lockedUntil && op.lockedUntil > ctx.at) {
    const until = new Date(op.lockedUntil).toLocaleTimeString('pt-PT', { hour: '2-digit', minute: '2-digit' });
    throw new KioskError('USER_LOCKED', { attempts: PIN_MAX_ATTEMPTS, until }, { lockedUntil: op.lockedUntil });
  }
  if (verifyPin(pin, op.pinHash)) {
    recordPinSuccess(ctx.db, op.id);
    return op;
  }
  const failures = op.failedAttempts + 1;
  const locks = failures >= PIN_MAX_ATTEMPTS;
  const lockedUntil = locks ? new Date(ctx.now.getTime() + PIN_LOCK_MINUTES * 60_000).toISOString() : null;
  recordPinFailure(ctx.db, op.id, locks ? 0 : failures, lockedUntil);
  // A failed login is the operator's own act; a failed approval is the act of
  // the operator asking for it (the approver is named in `after`).
  if (wrong === 'INVALID_CREDENTIALS') ctx.audit.operatorId = op.id;
  ctx.audit.after = { username: op.username, failedAttempts: failures, lockedUntil };
  if (locks) {
    const until = new Date(lockedUntil!).toLocaleTimeString('pt-PT', { hour: '2-digit', minute: '2-digit' });
    return new Refusal(new KioskError('USER_LOCKED', { attempts: PIN_MAX_ATTEMPTS, until }, { lockedUntil }));
  }
  return new Refusal(new KioskError(wrong, { remaining: PIN_MAX_ATTEMPTS - failures }));
}

export const login: Handler<'auth.login'> = (ctx, input) => {
  if (!isInitialized(ctx)) throw new KioskError('NOT_INITIALIZED');
  const op = checkPin(ctx, input.username, input.pin, 'INVALID_CREDENTIALS');
  if (op instanceof Refusal) return op;
  const operator = view(op);
  ctx.audit.operatorId = op.id;
  ctx.audit.after = { operator };
  return { operatorToken: ctx.sessions.start(operator, ctx.now), operator };
};

export const logout: Handler<'auth.logout'> = (ctx) => {
  ctx.sessions.end(ctx.meta.operatorToken);
  return {};
};

export const me: Handler<'auth.me'> = (ctx) => view(operatorOf(ctx));

/** A manager's username + PIN given at the counter for an act that needs approval. */
export function approve(ctx: ServiceContext, approval: { username: string; pin: string }): OperatorRow | Refusal {
  const op = checkPin(ctx, approval.username, approval.pin, 'APPROVAL_INVALID');
  if (op instanceof Refusal) return op;
  if (!op.roles.some((r) => APPROVER_ROLES.includes(r))) {
    throw new KioskError('APPROVER_NOT_MANAGER', { username: op.username });
  }
  return op;
}

export const createUser: Handler<'users.create'> = (ctx, input) => {
  const created = createOperator(ctx, input);
  ctx.audit.after = created;
  return created;
};

export const listUsers: Handler<'users.list'> = (ctx) =>
  listOperators(ctx.db).map((o) => ({ ...view(o), lockedUntil: o.lockedUntil && o.lockedUntil > ctx.at ? o.lockedUntil : null }));
