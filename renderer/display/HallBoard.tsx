/**
 * The hall board (DN art. 7.1, 10.3, 11.2, 13, 14.5) on the hall's large
 * display: read-only, no pointer, very large type in high contrast, always in
 * Portuguese (art. 18.1). It reads `display.state` again on every pushed event
 * that touches it and after the stream comes back, so it recovers by itself
 * from a network or server restart.
 */
import type { DisplayState } from '../../core/bingo/contract.js';
import { formatCents } from '../../core/money.js';
import { useConnection, useKioskQuery } from '../hooks.js';

const STATE_WORDS: Record<string, string> = {
  selling: 'Venda de cartões',
  sale_closed: 'Venda encerrada',
  drawing: 'Extração',
  finished: 'Jogada terminada',
  suspended: 'Jogada suspensa',
  annulled: 'Jogada anulada',
};

const KIND_WORDS = { line: 'Linha', bingo: 'Bingo', special: 'Prémio especial' } as const;
const NUMBERS = Array.from({ length: 90 }, (_, i) => i + 1);

export function HallBoard() {
  // Within 200 ms of a commit (art. 7.1: the numbers "à medida que vão sendo extraídos"): events gathered 10 ms only.
  const state = useKioskQuery('display.state', {}, { debounceMs: 10 });
  const connection = useConnection();
  const s = state.data;
  return (
    <main className="board" data-testid="board" aria-live="off">
      {connection === 'lost' ? (
        <p className="board-offline" data-testid="board-offline">
          Sem ligação ao servidor: a tentar de novo…
        </p>
      ) : null}
      {s ? <Board s={s} /> : <p className="board-waiting">{state.error ? state.error.message : 'A ligar…'}</p>}
    </main>
  );
}

function Board({ s }: { s: DisplayState }) {
  const game = s.game;
  const drawn = new Set(s.balls);
  return (
    <>
      <header className="board-head">
        <h1 className="board-hall">{s.hallName}</h1>
        {game ? (
          <span className="board-game" data-testid="board-game">
            Jogada n.º {game.number} · <span data-testid="board-state">{STATE_WORDS[game.state] ?? game.state}</span>
          </span>
        ) : (
          <span className="board-game">Sem jogada</span>
        )}
        {game?.isLast ? (
          <span className="board-flag" data-testid="board-last">
            Última jogada da sessão
          </span>
        ) : null}
        {game?.manualDraw ? (
          <span className="board-flag" data-testid="board-manual">
            Extração manual (art. 16.º, n.º 2)
          </span>
        ) : null}
      </header>

      <section className="board-main">
        <div className="board-last-ball" aria-label="Última bola">
          <span className="board-last-number" data-testid="board-last-ball">
            {s.lastBall ?? '—'}
          </span>
          <span className="board-count" data-testid="board-count">
            {s.ballCount === 1 ? '1 bola extraída' : `${s.ballCount} bolas extraídas`}
          </span>
        </div>
        <ol className="board-grid" data-testid="board-grid" aria-label="Números extraídos">
          {NUMBERS.map((n) => (
            <li key={n} className={drawn.has(n) ? (n === s.lastBall ? 'out last' : 'out') : undefined} data-testid={drawn.has(n) ? `board-out-${n}` : undefined}>
              {n}
            </li>
          ))}
        </ol>
      </section>

      {game ? (
        <section className="board-figures" aria-label="Preço, cartões e prémios">
          <Figure label="Preço do cartão" value={formatCents(game.priceCents)} testId="board-price" />
          <Figure label="Cartões vendidos" value={String(game.cardsSold)} testId="board-sold" />
          <Figure label="Prémio de linha" value={formatCents(game.linePrizeCents)} testId="board-line" />
          <Figure label="Prémio de bingo" value={formatCents(game.bingoPrizeCents)} testId="board-bingo" />
          {s.special ? <SpecialFigure special={s.special} /> : null}
        </section>
      ) : s.special ? (
        // A frozen fund is still the players' money: on the board even with no game (art. 10).
        <section className="board-figures" aria-label="Prémio especial acumulado">
          <SpecialFigure special={s.special} />
        </section>
      ) : null}

      <Messages s={s} />
    </>
  );
}

function Figure({ label, value, testId, strong = false }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={`board-figure${strong ? ' strong' : ''}`}>
      <span className="board-figure-label">{label}</span>
      <span className="board-figure-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** The accumulated special prize (art. 10.3): the ball within which a bingo wins it, or frozen while the prize is off. */
function SpecialFigure({ special }: { special: NonNullable<DisplayState['special']> }) {
  return (
    <Figure
      label={special.frozen || special.balls === null ? 'Prémio especial acumulado (congelado)' : `Prémio especial: bingo até à bola ${special.balls}`}
      value={formatCents(special.amountCents)}
      testId="board-special"
      strong={special.eligible}
    />
  );
}

/** What the hall must read now, most urgent first: a suspension, the claim window, winners, the announcements, the checks. */
function Messages({ s }: { s: DisplayState }) {
  const game = s.game;
  const lines: { text: string; testId: string; tone: 'alert' | 'call' | 'info' }[] = [];
  if (game?.state === 'suspended') lines.push({ text: 'JOGADA SUSPENSA (art. 16.º)', testId: 'board-suspended', tone: 'alert' });
  if (s.claimWindow) lines.push({ text: s.claimWindow === 'line' ? 'MAIS ALGUMA LINHA?' : 'MAIS ALGUM BINGO?', testId: 'board-claim-window', tone: 'call' });
  for (const w of s.winners) {
    lines.push({
      text: `${KIND_WORDS[w.kind]}: série ${w.seriesCode}, cartão n.º ${w.card} · ${formatCents(w.prizeCents)}`,
      testId: `board-winner-${w.kind}-${w.seriesCode}-${w.card}`,
      tone: 'info',
    });
  }
  if (game?.saleOpening && game.state === 'selling') lines.push({ text: game.saleOpening, testId: 'board-sale-opening', tone: 'info' });
  if (s.announcement && (game?.state === 'sale_closed' || (game?.state === 'drawing' && s.ballCount === 0))) {
    lines.push({ text: s.announcement, testId: 'board-announcement', tone: 'info' });
  }
  if (s.selling && game?.state !== 'selling') lines.push({ text: `Em venda · ${s.selling.saleOpening.split('\n').join(' ')}`, testId: 'board-next-sale', tone: 'info' });
  if (s.session && !game) {
    const c = s.session.checks;
    lines.push({
      text: `Verificação das bolas no início da sessão: ${c.startBalls ? 'feita' : 'por fazer'} · material: ${c.startMaterial ? 'verificado' : 'por verificar'}`,
      testId: 'board-start-checks',
      tone: 'info',
    });
  }
  if (s.session?.checks.endBalls) lines.push({ text: 'Verificação das bolas no fim da sessão: feita', testId: 'board-end-check', tone: 'info' });
  if (lines.length === 0) return null;
  return (
    <section className="board-messages" aria-label="Avisos">
      {lines.map((l) => (
        <p key={l.testId} className={`board-message ${l.tone}`} data-testid={l.testId}>
          {l.text}
        </p>
      ))}
    </section>
  );
}
