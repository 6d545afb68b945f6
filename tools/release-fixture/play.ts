/**
 * A small played hall, written by the code of the checkout it runs in (a
 * release's worktree, see make.ts): the demo hall, then a session's worth of
 * play through the dispatcher like any operator: sales (one voided), a line
 * and a bingo paid, a guia paid, the cashier's drawer closed (its Z signs a
 * checkpoint), a checkpoint on demand. Only channels of the contract and
 * `openKiosk`/`seedDemo`, so that it runs on an older release unchanged.
 *
 *   tsx tools/release-fixture/play.ts <data folder>
 */
import { openKiosk } from '../../main/kiosk.js';
import { seedDemo } from '../../main/demo/seed.js';

type Kiosk = Awaited<ReturnType<typeof openKiosk>>;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: play.ts <data folder>');

/** Cash counted as notes and coins, the largest first. */
function countOf(cents: number): Record<string, number> {
  const out: Record<string, number> = {};
  let left = cents;
  for (const d of [2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) {
    const k = Math.floor(left / d);
    if (k > 0) out[String(d)] = k;
    left -= k * d;
  }
  return out;
}

async function must<T = Record<string, unknown>>(kiosk: Kiosk, channel: string, input: unknown, operatorToken?: string): Promise<T> {
  const r = await kiosk.dispatch(channel, input, operatorToken ? { operatorToken } : {});
  if (!r.ok) throw new Error(`${channel} refused: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

async function play(kiosk: Kiosk): Promise<void> {
  const login = async (username: string, pin: string) => (await must<{ operatorToken: string }>(kiosk, 'auth.login', { username, pin })).operatorToken;
  const admin = await login('admin', '1111');
  const manager = await login('gerente', '2222');
  const cashier = await login('caixa1', '3333');
  const caixa = await login('tesouraria', '5555');
  const gameId = kiosk.db.prepare(`SELECT id FROM games ORDER BY id DESC LIMIT 1`).pluck().get() as number;
  // Four sales at 1,00 € a card, the third voided by the manager: 6 + 12 + 2 cards sold.
  await must(kiosk, 'sale.create', { gameId, quantity: 6, payment: { method: 'cash', tenderedCents: 1_000 } }, cashier);
  await must(kiosk, 'sale.create', { gameId, quantity: 12, payment: { method: 'cash', tenderedCents: 1_200 } }, cashier);
  await must(kiosk, 'sale.create', { gameId, quantity: 3, payment: { method: 'cash', tenderedCents: 500 } }, cashier);
  await must(kiosk, 'sale.voidLast', { gameId, approval: { username: 'gerente', pin: '2222' } }, cashier);
  await must(kiosk, 'sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, cashier);
  await must(kiosk, 'game.closeSale', { gameId }, manager);
  // Card 1's face (sold first): its first row makes the line, all fifteen the bingo.
  const face = (kiosk.db.prepare(`SELECT f.numbers FROM card_faces f JOIN series s ON s.id = f.series_id WHERE s.code = 'A' AND f.card = 1`).pluck().get() as string)
    .split(',')
    .map(Number);
  for (const n of face.slice(0, 5)) await must(kiosk, 'game.drawBall', { gameId, number: n }, manager);
  await must(kiosk, 'game.claim', { gameId, kind: 'line', seriesCode: 'A', card: 1 }, manager);
  const line = await must<{ winners: { winnerId: number; seriesCode: string; card: number }[] }>(kiosk, 'game.closeClaims', { gameId, kind: 'line' }, manager);
  for (const n of face.slice(5)) await must(kiosk, 'game.drawBall', { gameId, number: n }, manager);
  await must(kiosk, 'game.claim', { gameId, kind: 'bingo', seriesCode: 'A', card: 1 }, manager);
  const bingo = await must<{ winners: { winnerId: number; seriesCode: string; card: number }[] }>(kiosk, 'game.closeClaims', { gameId, kind: 'bingo' }, manager);
  let prizes = 0;
  for (const w of [...line.winners, ...bingo.winners]) {
    prizes += (await must<{ prizeCents: number }>(kiosk, 'prize.pay', { winnerId: w.winnerId, card: { seriesCode: w.seriesCode, number: w.card } }, cashier)).prizeCents;
  }
  // The caixa: a hand pay of machine 9 issued and paid in cash.
  const guia = await must<{ guiaId: number }>(kiosk, 'guia.issue', { machineNumber: '9', amountCents: 2_500, kind: 'hand_pay' }, caixa);
  await must(kiosk, 'guia.pay', { guiaId: guia.guiaId, cashCents: 2_500 }, caixa);
  // The cashier's drawer counted and closed: its Z signs a checkpoint.
  // Its close is blind: the count is the float, the cards sold and the prizes paid, as the cashier counts them.
  const cash = 10_000 + (6 + 12 + 2) * 100 - prizes;
  const closed = await must<{ status: string; varianceCents: number }>(kiosk, 'drawer.close', { countedByDenomination: countOf(cash) }, cashier);
  if (closed.status !== 'closed' || closed.varianceCents !== 0) throw new Error(`drawer.close: ${JSON.stringify(closed)}`);
  // The caixa's drawer likewise (its chips as opened), then the session's end check and its close.
  const caixaClosed = await must<{ status: string; varianceCents: number }>(
    kiosk,
    'drawer.close',
    { countedByDenomination: countOf(10_000 - 2_500), countedChipsByValue: { '100': 50, '500': 40, '1000': 20, '2500': 20, '10000': 10 } },
    caixa,
  );
  if (caixaClosed.status !== 'closed' || caixaClosed.varianceCents !== 0) throw new Error(`drawer.close: ${JSON.stringify(caixaClosed)}`);
  const sessionId = kiosk.db.prepare(`SELECT id FROM sessions ORDER BY id DESC LIMIT 1`).pluck().get() as number;
  await must(kiosk, 'session.recordCheck', { phase: 'end', kind: 'balls' }, manager);
  await must(kiosk, 'session.close', { sessionId }, manager);
  // And one on demand, the newest.
  await must(kiosk, 'audit.checkpoint', {}, admin);
  for (const token of [cashier, caixa, manager, admin]) await must(kiosk, 'auth.logout', {}, token);
}

const kiosk = await openKiosk({ dataDir, seed: seedDemo, logError: (e, channel) => console.error(channel, e) });
try {
  await play(kiosk);
  await kiosk.printQueue.idle();
} finally {
  kiosk.close();
}
