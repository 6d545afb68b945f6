/** The one handler map: every channel of the contract has exactly one service. */
import * as auth from './auth.js';
import * as checks from './checks.js';
import type { HandlerMap } from './context.js';
import * as games from './games.js';
import * as sales from './sales.js';
import * as series from './series.js';
import * as sessions from './sessions.js';
import * as settings from './settings.js';

export const handlers: HandlerMap = {
  'setup.status': auth.setupStatus,
  'setup.init': auth.setupInit,
  'auth.login': auth.login,
  'auth.logout': auth.logout,
  'auth.me': auth.me,
  'users.create': auth.createUser,
  'users.list': auth.listUsers,
  'settings.get': settings.getSettings,
  'settings.update': settings.updateSettings,
  'series.register': series.registerSeries,
  'series.list': series.listSeries,
  'session.open': sessions.openSessionHandler,
  'session.current': sessions.currentSession,
  'game.open': games.openGame,
  'game.get': games.getGame,
  'game.closeSale': games.closeSale,
  'sale.create': sales.createSale,
  'sale.voidLast': sales.voidLastSale,
  'sale.list': sales.listSales,
  'audit.verify': checks.auditVerify,
  'ledger.verify': checks.ledgerVerify,
};
