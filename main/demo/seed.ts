/**
 * The demo hall (`--demo` on an empty database): three series, one user per
 * role, a session and a game already selling, so a newcomer sells at once;
 * three slot machines with their funds, so the caixa can issue and pay guias.
 * It goes through the dispatcher like any operator, so every rule applies.
 */
import { formatFacesCsv, generateSeries } from './faces.js';
import type { CallMeta } from '../../core/bridge.js';
import type { Result } from '../../core/errors.js';

/** What the seed needs of a kiosk: its dispatch, like any caller. */
interface Dispatcher {
  dispatch(channel: string, input: unknown, meta?: CallMeta): Promise<Result<unknown>>;
}

const DEMO_USERS = [
  { username: 'admin', name: 'Administrador', roles: ['admin'], pin: '1111' },
  { username: 'gerente', name: 'Gerente de Sala', roles: ['manager'], pin: '2222' },
  { username: 'caixa1', name: 'Ana Caixa', roles: ['cashier'], pin: '3333' },
  { username: 'caixa2', name: 'Rui Caixa', roles: ['cashier'], pin: '4444' },
  // The casino caixa's staff: guias of the slot machines (SPEC 7).
  { username: 'tesouraria', name: 'Sofia Tesouraria', roles: ['caixa'], pin: '5555' },
] as const;

/** Three slot machines: two of one model and bet in superjackpot group SJ1, one other. */
const DEMO_MACHINES = [
  { number: '7', model: 'Lucky 7', betCents: 50, location: 'Sala de máquinas', group: 'SJ1', jackpotShareBasisPoints: 500, superjackpotShareBasisPoints: 100 },
  { number: '8', model: 'Lucky 7', betCents: 50, location: 'Sala de máquinas', group: 'SJ1', jackpotShareBasisPoints: 500, superjackpotShareBasisPoints: 100 },
  { number: '9', model: 'Fruit Party', betCents: 100, location: 'Entrada', jackpotShareBasisPoints: 300 },
] as const;

const DEMO_TABLE_MINIMUMS = {
  pleno: 500,
  cavalo: 500,
  rua: 500,
  quadro: 500,
  linha: 500,
  duzia: 1000,
  coluna: 1000,
  cavaloDuzia: 1000,
  cavaloColuna: 1000,
  simples: 1000,
} as const;

/** The demo caixa's chips at the opening, by face value in cents: 1 950,00 € from 1 € to 100 € chips. */
export const DEMO_CHIP_FLOAT = { '100': 50, '500': 40, '1000': 20, '2500': 20, '10000': 10 } as const;

const DEMO_SERIES = [
  { code: 'A', priceCents: 100, size: 300, colour: 'azul' },
  { code: 'B', priceCents: 100, size: 300, colour: 'verde' },
  { code: 'C', priceCents: 200, size: 300, colour: 'vermelho' },
] as const;

/**
 * A session's usual closing, 02:00 (local time), at least an hour ahead so the
 * demo can play; sessions close within 24 hours of now (docs/decisions/sessions.md), so
 * started within the hour before 02:00 the demo closes 12 hours later instead.
 */
export function nextClosingTime(now: Date): Date {
  const close = new Date(now);
  close.setHours(2, 0, 0, 0);
  if (close.getTime() <= now.getTime()) close.setDate(close.getDate() + 1);
  if (close.getTime() - now.getTime() < 3_600_000) return new Date(now.getTime() + 12 * 3_600_000);
  return close;
}

async function must(kiosk: Dispatcher, channel: string, input: unknown, operatorToken?: string): Promise<unknown> {
  const r = await kiosk.dispatch(channel, input, operatorToken ? { operatorToken } : {});
  if (!r.ok) throw new Error(`demo seed: ${channel} refused: ${r.error.code} ${r.error.message}`);
  return r.value;
}

export async function seedDemo(kiosk: Dispatcher, now: Date): Promise<boolean> {
  const status = (await must(kiosk, 'setup.status', {})) as { initialized: boolean };
  if (status.initialized) return false;
  const [admin, ...others] = DEMO_USERS;
  const { recoveryCode } = (await must(kiosk, 'setup.init', {
    hallName: 'Bingo Demonstração',
    licence: 'DEMO-001',
    admin: { username: admin.username, name: admin.name, pin: admin.pin },
  })) as { recoveryCode: string };
  // A real hall writes it down from the setup screen; the demo's is shown once, here.
  console.log(`Código de recuperação do administrador da demonstração (${admin.username}): ${recoveryCode}`);
  const login = async (username: string, pin: string) =>
    ((await must(kiosk, 'auth.login', { username, pin })) as { operatorToken: string }).operatorToken;
  const adminToken = await login(admin.username, admin.pin);
  for (const u of others) await must(kiosk, 'users.create', { ...u, roles: [...u.roles] }, adminToken);
  const manager = await login('gerente', '2222');
  // Stamp duty must be set before the first game (art. 17.3); the demo uses 25 %.
  await must(kiosk, 'settings.update', { stampDutyBasisPoints: 2500 }, manager);
  await must(kiosk, 'ballSet.register', { serial: 'DEMO-BOLAS-1' }, manager);
  for (const s of DEMO_SERIES) {
    await must(kiosk, 'series.register', s, manager);
    // Faces as the card printer would deliver them, so claims are checked automatically.
    const content = formatFacesCsv(generateSeries(s.size, `demo-${s.code}`));
    await must(kiosk, 'series.importFaces', { seriesCode: s.code, format: 'csv', content, strips: true }, manager);
    // Its edition as authorised and its cards received in one box (DN 80/85, art. 3.º): the receipts, the acta and the
    // inspector's export carry its emission number, and every card sold is found among those received.
    const year = now.getUTCFullYear();
    await must(kiosk, 'stock.recordEdition', { seriesCode: s.code, authorisationRef: `DEMO-${s.code}/${year}`, authorisationDate: now.toISOString().slice(0, 10), emission: `${s.code}-${year}/1` }, manager);
    await must(kiosk, 'stock.receive', { seriesCode: s.code, from: 1, to: s.size, receivedBy: 'Gerente de Sala', box: `CX-${s.code}1` }, manager);
  }
  // The caixa: machines with their funds held (a jackpot of 1 250,00 €, a superjackpot of 3 000,00 €).
  for (const m of DEMO_MACHINES) await must(kiosk, 'machine.register', m, manager);
  await must(kiosk, 'jackpot.contribute', { fund: 'machine:7', amountCents: 125_000 }, manager);
  await must(kiosk, 'jackpot.contribute', { fund: 'group:SJ1', amountCents: 300_000 }, manager);
  // A French roulette table, 5 € minimum on the numbers, 10 € on the dozens, columns and simple chances.
  await must(kiosk, 'table.register', { code: 'R1', wheel: 'french', minimumsCents: DEMO_TABLE_MINIMUMS }, manager);
  await must(kiosk, 'session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: nextClosingTime(now).toISOString() }, manager);
  await must(kiosk, 'game.open', { seriesCode: 'A' }, manager);
  // The demo cashier's drawer is open with a float of 100,00 € (5 x 20 €), so a
  // newcomer sells at once (SPEC 9: no cash moves without an open drawer).
  const cashier = await login('caixa1', '3333');
  await must(kiosk, 'drawer.open', { floatByDenomination: { '2000': 5 } }, cashier);
  await must(kiosk, 'auth.logout', {}, cashier);
  // The casino caixa's own drawer beside it (a drawer belongs to its operator, SPEC 9), with
  // 100,00 € in cash and face-value chips to sell (IX.7): a chip sale is refused without them.
  const caixa = await login('tesouraria', '5555');
  await must(kiosk, 'drawer.open', { floatByDenomination: { '2000': 5 }, chipFloatByValue: DEMO_CHIP_FLOAT }, caixa);
  await must(kiosk, 'auth.logout', {}, caixa);
  await must(kiosk, 'auth.logout', {}, manager);
  await must(kiosk, 'auth.logout', {}, adminToken);
  return true;
}
