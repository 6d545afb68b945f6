/** Actas built by hand for the tests and the sample PDF (docs/acta-sample.pdf). */
import { type ActaGame } from '../../core/contract.js';
import { type Acta } from './acta.js';

function game(over: Partial<ActaGame> & Pick<ActaGame, 'number' | 'openedAt'>): ActaGame {
  return {
    state: 'finished',
    isLast: false,
    priceCents: 250,
    series: [],
    cardsSold: 0,
    totalCents: 0,
    linePrizeCents: 0,
    bingoPrizeCents: 0,
    linePaidCents: 0,
    bingoPaidCents: 0,
    specialPaidCents: 0,
    stampDutyCents: 0,
    roundingHundredths: { line: 0, bingo: 0 },
    ballSet: 'JB-2025-07',
    balls: 90,
    saleClosedAt: null,
    endedAt: null,
    annulReason: null,
    refundedCents: 0,
    ...over,
  };
}

/** Session n.º 3 of 'Bingo São João': one game played, one annulled (times in UTC, summer time in Lisbon). */
export function sampleActa(): Acta {
  const games: ActaGame[] = [
    game({
      number: 1,
      priceCents: 250,
      series: [
        { order: 1, seriesCode: 'AB', from: 1, to: 600 },
        { order: 2, seriesCode: 'AC', from: 1, to: 200 },
      ],
      cardsSold: 800,
      totalCents: 200_000,
      linePrizeCents: 20_000,
      bingoPrizeCents: 110_000,
      linePaidCents: 20_000,
      bingoPaidCents: 110_000,
      stampDutyCents: 1_250,
      openedAt: '2025-07-14T13:00:00.000Z',
      saleClosedAt: '2025-07-14T13:15:00.000Z',
      endedAt: '2025-07-14T13:40:00.000Z',
    }),
    game({
      number: 2,
      state: 'annulled',
      isLast: true,
      priceCents: 300,
      series: [{ order: 1, seriesCode: 'AD', from: 1, to: 150 }],
      cardsSold: 150,
      totalCents: 45_000,
      openedAt: '2025-07-14T13:45:00.000Z',
      saleClosedAt: '2025-07-14T13:55:00.000Z',
      endedAt: '2025-07-14T14:10:00.000Z',
      annulReason: 'failure_before_draw',
      refundedCents: 30_000,
      balls: 0,
    }),
  ];
  return {
    hallName: 'Bingo São João',
    licence: '7/2019',
    sessionId: 3,
    openedAt: '2025-07-14T12:55:00.000Z',
    scheduledCloseAt: '2025-07-15T01:00:00.000Z',
    closedAt: '2025-07-15T00:47:00.000Z',
    specialBalls: 48,
    checks: [
      { at: '2025-07-14T12:56:00.000Z', phase: 'start', kind: 'material', by: 'ana.silva' },
      { at: '2025-07-14T12:58:00.000Z', phase: 'start', kind: 'balls', by: 'ana.silva' },
      { at: '2025-07-15T00:45:00.000Z', phase: 'end', kind: 'material', by: 'rui.costa' },
    ],
    games,
    totals: { cardsSold: 800, totalCents: 200_000, prizesPaidCents: 130_000, stampDutyCents: 1_250, refundedCents: 30_000 },
    incidents: [
      {
        id: 1,
        at: '2025-07-14T13:20:00.000Z',
        gameNumber: 1,
        author: 'ana.silva',
        kind: 'manual',
        text: 'Reclamação do jogador da mesa 4 (cartão n.º 123, 1.ª série): verificação feita, sem irregularidade; as decisões foram explicadas e foi entregue a 2.ª via do recibo de 12,50 €.',
      },
      {
        id: 2,
        at: '2025-07-14T14:10:00.000Z',
        gameNumber: 2,
        author: 'rui.costa',
        kind: 'annulment',
        text: 'Jogada n.º 2 anulada: avaria antes da primeira bola, não resolvida em 15 minutos (art. 16.º, n.º 1).',
      },
      {
        id: 3,
        at: '2025-07-14T23:30:00.000Z',
        gameNumber: null,
        author: 'rui.costa',
        kind: 'ball_set',
        text: 'Novo jogo de bolas registado: JB-2025-08.',
      },
    ],
  };
}

/** A long session: `count` games played one after the other, every one finished. */
export function longActa(count: number): Acta {
  const start = Date.parse('2025-01-10T14:00:00.000Z');
  const games: ActaGame[] = [];
  for (let n = 1; n <= count; n++) {
    const at = (minutes: number) => new Date(start + ((n - 1) * 12 + minutes) * 60_000).toISOString();
    const cards = 100 + n;
    games.push(
      game({
        number: n,
        isLast: n === count,
        priceCents: 200,
        series: [{ order: 1, seriesCode: 'B', from: (n - 1) * 200 + 1, to: (n - 1) * 200 + cards }],
        cardsSold: cards,
        totalCents: cards * 200,
        linePaidCents: cards * 20,
        bingoPaidCents: cards * 100,
        stampDutyCents: cards * 2,
        openedAt: at(0),
        saleClosedAt: at(4),
        endedAt: at(11),
      }),
    );
  }
  const sum = (f: (g: ActaGame) => number) => games.reduce((s, g) => s + f(g), 0);
  return {
    hallName: 'Bingo Estrela d’Ouro',
    licence: null,
    sessionId: 41,
    openedAt: '2025-01-10T13:50:00.000Z',
    scheduledCloseAt: '2025-01-11T02:00:00.000Z',
    closedAt: null,
    specialBalls: null,
    checks: [],
    games,
    totals: {
      cardsSold: sum((g) => g.cardsSold),
      totalCents: sum((g) => g.totalCents),
      prizesPaidCents: sum((g) => g.linePaidCents + g.bingoPaidCents),
      stampDutyCents: sum((g) => g.stampDutyCents),
      refundedCents: 0,
    },
    incidents: [],
  };
}
