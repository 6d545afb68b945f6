/** The one handler map: every channel of the contract has exactly one service. */
import * as annulment from './annulment.js';
import * as auth from './auth.js';
import * as ballSets from './ballsets.js';
import * as checks from './checks.js';
import type { HandlerMap } from './context.js';
import * as games from './games.js';
import * as play from './play.js';
import * as printing from './printing.js';
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
  'series.importFaces': series.importFaces,
  'series.list': series.listSeries,
  'ballSet.register': ballSets.registerBallSet,
  'ballSet.current': ballSets.currentBallSetHandler,
  'session.open': sessions.openSessionHandler,
  'session.current': sessions.currentSession,
  'session.acta': sessions.acta,
  'session.recordCheck': sessions.recordCheck,
  'incident.add': sessions.addIncidentHandler,
  'game.open': games.openGame,
  'game.get': games.getGame,
  'game.closeSale': games.closeSale,
  'game.drawBall': play.drawBall,
  'game.recallBall': play.recallBall,
  'game.claim': play.claim,
  'game.closeClaims': play.closeClaims,
  'game.board': play.board,
  'game.suspend': annulment.suspendGame,
  'game.resume': annulment.resumeGame,
  'game.annul': annulment.annulGame,
  'prize.pay': annulment.payPrize,
  'prize.list': annulment.listPrizes,
  'refund.pay': annulment.payRefund,
  'refund.list': annulment.listRefunds,
  'printer.configure': printing.configurePrinter,
  'printer.list': printing.listPrinters,
  'printer.test': printing.testPrinter,
  'printer.status': printing.statusOfPrinter,
  'print.jobs': printing.listJobs,
  'print.retry': printing.retryJob,
  'print.reprint': printing.reprintJob,
  'report.actaPdf': printing.actaPdf,
  'report.sessionPdf': printing.sessionPdf,
  'sale.create': sales.createSale,
  'sale.voidLast': sales.voidLastSale,
  'sale.list': sales.listSales,
  'audit.verify': checks.auditVerify,
  'ledger.verify': checks.ledgerVerify,
};
