/**
 * Crash-safety child: opens the kiosk on a data folder (argv[2]), makes sure a
 * hall, users, series, a session and a selling game exist (through the
 * dispatcher, like any operator), then sells in a tight loop until it is
 * killed. Now and then it voids the last sale with a manager's approval or
 * closes the sale and opens the next game; when a game runs out of cards it
 * closes it and opens the next one on the series that still has cards.
 *
 * Every committed command is reported on stdout as one JSON line, written
 * synchronously right after the dispatcher returns, so the parent knows what
 * the database must hold after a SIGKILL:
 *   {"t":"ready"}
 *   {"t":"sale","saleId":..,"gameId":..,"ranges":[..],"quantity":..,"totalCents":..}
 *   {"t":"void","saleId":..,"ranges":[..]}
 *   {"t":"close","gameId":..} / {"t":"game","gameId":..,"series":..,"start":..}
 *
 * Run: node --import tsx test/crash/sell-loop.ts <dataDir>
 */
import { writeSync } from 'node:fs';
import type { Channel, ChannelInput, ChannelOutput, GameView } from '../../core/contract.js';
import { openKiosk, type Kiosk } from '../../main/kiosk.js';

export const CRASH_PRICE_CENTS = 100;
/** Small series so that games run out often and the second series takes over. */
export const CRASH_SERIES_SIZE = 45;
export const CRASH_USERS = {
  admin: { username: 'admin', name: 'Admin', pin: '1111' },
  manager: { username: 'gerente', name: 'Gerente', pin: '2222' },
  cashier: { username: 'caixa1', name: 'Caixa Um', pin: '3333' },
} as const;

/** Series codes A, B, ..., Z, AA, AB, ... (one to three capital letters). */
export function seriesCode(index: number): string {
  let n = index;
  let code = '';
  do {
    code = String.fromCharCode(65 + (n % 26)) + code;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return code;
}

function report(line: Record<string, unknown>): void {
  // Synchronous: the line is in the pipe before the next command starts.
  writeSync(1, `${JSON.stringify(line)}\n`);
}

class Refused extends Error {
  constructor(readonly channel: string, readonly code: string, message: string) {
    super(`${channel} refused: ${code}: ${message}`);
  }
}

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: sell-loop.ts <dataDir>');
  const kiosk: Kiosk = await openKiosk({
    dataDir,
    logError: (e, channel) => writeSync(2, `[sell-loop] ${channel} failed: ${String((e as Error)?.stack ?? e)}\n`),
  });

  async function call<C extends Channel>(channel: C, input: ChannelInput<C>, token?: string): Promise<ChannelOutput<C>> {
    const r = await kiosk.dispatch(channel, input, token ? { operatorToken: token } : {});
    if (!r.ok) throw new Refused(channel, r.error.code, r.error.message);
    return r.value as ChannelOutput<C>;
  }
  const login = async (u: { username: string; pin: string }) =>
    (await call('auth.login', { username: u.username, pin: u.pin })).operatorToken;

  // --- first run: hall and users -------------------------------------------
  const status = await call('setup.status', {});
  if (!status.initialized) {
    await call('setup.init', { hallName: 'Sala de Ensaio', admin: CRASH_USERS.admin });
  }
  const existing = new Set(kiosk.db.prepare(`SELECT username FROM operators`).pluck().all() as string[]);
  if (!existing.has(CRASH_USERS.manager.username) || !existing.has(CRASH_USERS.cashier.username)) {
    const admin = await login(CRASH_USERS.admin);
    if (!existing.has(CRASH_USERS.manager.username)) await call('users.create', { ...CRASH_USERS.manager, roles: ['manager'] }, admin);
    if (!existing.has(CRASH_USERS.cashier.username)) await call('users.create', { ...CRASH_USERS.cashier, roles: ['cashier'] }, admin);
  }
  const manager = await login(CRASH_USERS.manager);
  const cashier = await login(CRASH_USERS.cashier);
  // Before the first game: stamp duty (art. 17.3) and a ball set (art. 5.3).
  if ((await call('settings.get', {}, manager)).stampDutyBasisPoints === null) {
    await call('settings.update', { stampDutyBasisPoints: 2500 }, manager);
  }
  if (!(await call('ballSet.current', {}, manager))) await call('ballSet.register', { serial: 'CRASH-1' }, manager);
  // Cash sales go into the terminal's open drawer (SPEC 9): open it once, with a float of 100,00 €.
  if (!(await call('drawer.current', {}, cashier))) await call('drawer.open', { floatByDenomination: { '2000': 5 } }, cashier);

  /** Keep at least two fresh series of the price registered, for takeovers and new games. */
  async function ensureSeriesPool(): Promise<void> {
    const all = await call('series.list', {}, manager);
    let fresh = all.filter((s) => s.priceCents === CRASH_PRICE_CENTS && s.nextNumber === 1).length;
    let index = all.length;
    while (fresh < 2) {
      const created = await call('series.register', { code: seriesCode(index), priceCents: CRASH_PRICE_CENTS, size: CRASH_SERIES_SIZE }, manager);
      report({ t: 'series', code: created.code });
      index++;
      fresh++;
    }
  }

  /** The selling game, or a new one on the first series (by registration) that still has cards. */
  async function ensureGame(): Promise<GameView> {
    let current = await call('session.current', {}, manager);
    if (!current.session) {
      await call('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 12 * 3_600_000).toISOString() }, manager);
      current = await call('session.current', {}, manager);
    }
    const selling = current.games.find((g) => g.state === 'selling');
    if (selling) return selling;
    await ensureSeriesPool();
    const next = (await call('series.list', {}, manager)).find((s) => s.cardsLeft > 0);
    if (!next) throw new Error('no series with cards left');
    const game = await call('game.open', { seriesCode: next.code }, manager);
    report({ t: 'game', gameId: game.id, series: next.code, start: game.firstSeries.start });
    return game;
  }

  async function closeAndReopen(game: GameView): Promise<GameView> {
    await call('game.closeSale', { gameId: game.id }, manager);
    report({ t: 'close', gameId: game.id });
    return ensureGame();
  }

  await ensureSeriesPool();
  let game = await ensureGame();
  report({ t: 'ready', gameId: game.id });

  const rand = (n: number) => Math.floor(Math.random() * n);
  for (;;) {
    const roll = Math.random();
    if (roll < 0.03) {
      try {
        const v = await call('sale.voidLast', { gameId: game.id, approval: { username: CRASH_USERS.manager.username, pin: CRASH_USERS.manager.pin } }, cashier);
        report({ t: 'void', saleId: v.saleId, ranges: v.ranges });
      } catch (e) {
        // Nothing (left) to void in this game: a refusal changes nothing.
        if (!(e instanceof Refused && (e.code === 'NOTHING_TO_VOID' || e.code === 'SALE_ALREADY_VOIDED'))) throw e;
      }
      continue;
    }
    if (roll < 0.1) {
      game = await call('game.get', { gameId: game.id }, cashier);
      if (game.cardsSold > 0) game = await closeAndReopen(game);
      continue;
    }
    let quantity = 1 + rand(5);
    const fresh = await call('game.get', { gameId: game.id }, cashier);
    const mayTakeOver = fresh.secondSeries === null && fresh.firstSeries.start > 1;
    if (!mayTakeOver) {
      if (fresh.cardsAvailable === 0) {
        game = fresh.cardsSold > 0 ? await closeAndReopen(fresh) : await ensureGame();
        continue;
      }
      quantity = Math.min(quantity, fresh.cardsAvailable);
    }
    // Otherwise a sale larger than what is left of the first series takes the
    // second series over (art. 12.3) and may span both: ask for the full quantity.
    const totalCents = quantity * fresh.priceCents;
    const tenderedCents = Math.ceil((totalCents + rand(300)) / 500) * 500;
    try {
      const sale = await call('sale.create', { gameId: game.id, quantity, payment: { method: 'cash', tenderedCents } }, cashier);
      report({ t: 'sale', saleId: sale.saleId, gameId: game.id, ranges: sale.ranges, quantity: sale.quantity, totalCents: sale.totalCents });
    } catch (e) {
      // No fresh series could take over: close this game and go on with the next.
      if (!(e instanceof Refused && e.code === 'NOT_ENOUGH_CARDS')) throw e;
      game = fresh.cardsSold > 0 ? await closeAndReopen(fresh) : await ensureGame();
    }
  }
}

main().catch((e: unknown) => {
  writeSync(2, `[sell-loop] ${String((e as Error)?.stack ?? e)}\n`);
  process.exit(1);
});
