/**
 * The roving sellers at the rush (issue 42; DN 80/85, art. 12.º, n.º 2, and 13.º): the sellers as tiles with what
 * each holds, one touch to hand out the usual block, the return of a block with the seller's cash counted, the
 * returns and settlements of the game in one view, and the cards left in the middle of the order in red, with the
 * words the close of sale would refuse with.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardsLabel } from '../../../../core/bingo/sellers.js';
import type { SellerBlockView } from '../../../../core/bingo/sellers-contract.js';
import type { GameView } from '../../../../core/contract.js';
import { errorMessage, type Lang } from '../../../../core/errors.js';
import { invoke } from '../../../client.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useOffline } from '../../../components/LinkBanner.js';
import { usePrintState } from '../../../components/PrintJobs.js';
import { documentJobOf, ReceiptStatus } from '../../../components/ReceiptStatus.js';
import { useFormat, useHallZone } from '../../../format.js';
import { useKioskQuery } from '../../../hooks.js';
import { formatRanges, type CardRange } from '../../../lib/ranges.js';
import { loadUsualBlock, predictBlock, saveUsualBlock, sellerFigures, sellerTiles, USUAL_BLOCKS } from '../../../lib/sellers.js';
import { GameStrip } from '../GameStrip.js';
import { NoGame } from '../NoGame.js';
import { ReturnPanel } from './ReturnPanel.js';
import { Settlements } from './Settlements.js';
import './sellers.css';

type Seller = { id: number; username: string; name: string };

/** What the screen last did, said under the tiles: a block handed out (its real cards), or one collected. */
type Done = { kind: 'handedOut' | 'collected'; block: SellerBlockView };

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function SellersScreen({ onCounter }: { onCounter: () => void }) {
  const { t } = useTranslation();
  const current = useKioskQuery('session.current', {});
  const game: GameView | undefined = current.data?.games.find((g) => g.state === 'selling');
  const back = (
    <button type="button" className="btn btn-small strip-switch" data-testid="sellers-back" onClick={onCounter}>
      {t('sellers.back')}
    </button>
  );
  if (!game) {
    return (
      <main className="screen sale-screen sellers-screen" aria-labelledby="sellers-title">
        <h1 id="sellers-title" className="visually-hidden">{t('sellers.title')}</h1>
        <ErrorAlert error={current.error} />
        {current.data === undefined ? <p className="loading">{t('common.loading')}</p> : <NoGame noSession={current.data.session === null} />}
        <p>{back}</p>
      </main>
    );
  }
  return <SellersOfGame key={game.id} game={game} back={back} />;
}

function SellersOfGame({ game, back }: { game: GameView; back: ReactNode }) {
  const { t, i18n } = useTranslation();
  const zone = useHallZone();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'pt-PT';
  const list = useKioskQuery('seller.list', { gameId: game.id });
  const staff = useKioskQuery('auth.staff', {});
  const me = useKioskQuery('auth.me', {});
  const [usual, setUsual] = useState(() => loadUsualBlock(storage()));
  const [handing, setHanding] = useState<Seller | null>(null);
  const [collecting, setCollecting] = useState<SellerBlockView | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const blocks = list.data?.blocks ?? [];
  const toSellFirst = list.data?.toSellFirst ?? [];
  const sellers = sellerTiles(staff.data ?? [], me.data?.username, blocks);
  const holding = [...new Set(blocks.filter((b) => b.returned === null).map((b) => b.seller.name))];

  const choose = (n: number) => {
    setUsual(n);
    saveUsualBlock(storage(), n);
  };

  return (
    <main className="screen sale-screen sellers-screen" aria-labelledby="sellers-title">
      <h1 id="sellers-title" className="visually-hidden">
        {t('sellers.title')}
      </h1>
      <GameStrip game={game} action={back} />
      {toSellFirst.length > 0 ? (
        <div className="sellers-gap" role="alert" data-testid="sellers-gap">
          <strong className="sellers-gap-cards" data-testid="sellers-gap-cards">
            {t('sellers.gapTitle', { cards: formatRanges(toSellFirst), count: countOf(toSellFirst) })}
          </strong>
          <span className="sellers-gap-text" data-testid="sellers-gap-text">{errorMessage('SALE_CLOSE_CARDS_TO_RESELL', { cards: cardsLabel(toSellFirst) }, lang, zone)}</span>
        </div>
      ) : null}
      <ErrorAlert error={list.error ?? staff.error} testId="sellers-load-error" />
      {collecting ? (
        <ReturnPanel
          key={collecting.blockId}
          block={collecting}
          game={game}
          onCancel={() => setCollecting(null)}
          onDone={(c) => {
            setCollecting(null);
            setDone({ kind: 'collected', block: c });
          }}
        />
      ) : (
        <div className="sellers-grid">
          <section className="panel sellers-left" aria-labelledby="sellers-tiles-title">
            <div className="sellers-head">
              <h2 id="sellers-tiles-title">{t('sellers.tilesTitle')}</h2>
              <div className="usual-block" role="group" aria-label={t('sellers.usualLabel')}>
                <span className="usual-label">{t('sellers.usual')}</span>
                {USUAL_BLOCKS.map((n) => (
                  <button key={n} type="button" className={`btn btn-small${n === usual ? ' btn-primary' : ''}`} aria-pressed={n === usual} data-testid={`sellers-usual-${n}`} onClick={() => choose(n)}>
                    {n}
                  </button>
                ))}
              </div>
            </div>
            <div className="seller-tiles" data-testid="seller-tiles">
              {sellers.map((s) => (
                <SellerTile key={s.id} seller={s} blocks={blocks} usual={usual} onHandOut={() => setHanding(s)} onCollect={setCollecting} />
              ))}
              {staff.data !== undefined && sellers.length === 0 ? <p className="hint">{t('sellers.none')}</p> : null}
            </div>
          </section>
          <Settlements game={game} blocks={blocks} holding={holding.length > 0 ? errorMessage('SALE_CLOSE_BLOCKS_OUT', { sellers: holding.join(', ') }, lang, zone) : null}>
            <DoneLine done={done} />
          </Settlements>
        </div>
      )}
      {handing ? (
        <HandOutDialog
          game={game}
          seller={handing}
          quantity={usual}
          toSellFirst={toSellFirst}
          onClose={() => setHanding(null)}
          onDone={(b) => {
            setHanding(null);
            setDone({ kind: 'handedOut', block: b });
          }}
        />
      ) : null}
    </main>
  );
}

const countOf = (ranges: readonly CardRange[]) => ranges.reduce((n, r) => n + r.to - r.from + 1, 0);

/** One seller: what they hold now (each block with its return), what their collected blocks sold and settled, and the usual block in one touch. */
function SellerTile({ seller, blocks, usual, onHandOut, onCollect }: { seller: Seller; blocks: readonly SellerBlockView[]; usual: number; onHandOut: () => void; onCollect: (b: SellerBlockView) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const offline = useOffline();
  const fig = sellerFigures(blocks, seller.id);
  return (
    <article className={`seller-tile${fig.held.length > 0 ? ' holding' : ''}`} data-testid={`sellers-tile-${seller.username}`} aria-label={seller.name}>
      <h3 className="seller-name">{seller.name}</h3>
      {/* Under the name, where it stays: what the tiles hold grows below it as the list refreshes, never under a finger on its way. */}
      <button type="button" className="btn btn-primary seller-handout" data-testid={`sellers-handout-${seller.username}`} onClick={onHandOut} {...offline}>
        {t('sellers.handOut', { n: usual })}
      </button>
      {fig.held.length > 0 ? (
        <ul className="seller-held" aria-label={t('sellers.holds')}>
          {fig.held.map((b) => (
            <li key={b.blockId}>
              <span className="seller-held-cards" data-testid={`sellers-held-${b.blockId}`}>
                {t('sellers.heldBlock', { cards: formatRanges(b.ranges), count: b.cards })}
              </span>
              <button type="button" className="btn btn-small" data-testid={`sellers-collect-${b.blockId}`} onClick={() => onCollect(b)} {...offline}>
                {t('sellers.collect')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="seller-idle">{t('sellers.holdsNothing')}</p>
      )}
      {fig.returnedBlocks > 0 ? (
        <p className="seller-settled" data-testid={`sellers-settled-${seller.username}`}>
          {t('sellers.settled', { count: fig.soldCards, owed: f.money(fig.owedCents), counted: f.money(fig.countedCents) })}
          {fig.differenceCents !== 0 ? <span className={fig.differenceCents < 0 ? 'short' : 'over'}>{` ${t('sellers.differenceShort', { difference: f.money(fig.differenceCents) })}`}</span> : null}
        </p>
      ) : null}
    </article>
  );
}

/** A block handed out says first which cards it will take (the caixa pulls them from the stack), then what the kiosk gave. */
function HandOutDialog({ game, seller, quantity, toSellFirst, onClose, onDone }: { game: GameView; seller: Seller; quantity: number; toSellFirst: readonly CardRange[]; onClose: () => void; onDone: (b: SellerBlockView) => void }) {
  const { t } = useTranslation();
  const cards = predictBlock(game, toSellFirst, quantity);
  return (
    <ConfirmDialog
      title={t('sellers.handOutTitle', { name: seller.name })}
      confirmLabel={t('sellers.handOutConfirm', { n: quantity })}
      testId="sellers-handout-dialog"
      confirmTestId="sellers-handout-confirm"
      onConfirm={() => invoke('seller.handOut', { gameId: game.id, sellerId: seller.id, quantity })}
      onDone={onDone}
      onClose={onClose}
    >
      <p className="confirm-amount" data-testid="sellers-handout-cards">
        {cards ? formatRanges(cards) : t('sellers.notEnough', { n: game.cardsAvailable })}
      </p>
      <p data-testid="sellers-handout-what">{t('sellers.handOutText', { name: seller.name, n: quantity, number: game.number })}</p>
      {toSellFirst.length > 0 ? <p className="hint">{t('sellers.handOutGapFirst', { cards: formatRanges(toSellFirst) })}</p> : null}
    </ConfirmDialog>
  );
}

/** The last act, in words: the cards a block really holds, or a return's figures and its slip. */
function DoneLine({ done }: { done: Done | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!done) return null;
  if (done.kind === 'handedOut') {
    const b = done.block;
    return (
      <p className="success sellers-done" role="status" data-testid="sellers-done">
        {t('sellers.handedOut', { name: b.seller.name, cards: formatRanges(b.ranges), count: b.cards })}
      </p>
    );
  }
  const block = done.block;
  const r = block.returned!;
  return (
    <div className="sellers-done">
      <p className="success" role="status" data-testid="sellers-done">
        {t('sellers.collected', { name: block.seller.name, count: r.soldCards, owed: f.money(r.owedCents), counted: f.money(r.countedCents), difference: f.money(r.differenceCents) })}
      </p>
      <SlipStatus blockId={block.blockId} />
    </div>
  );
}

/** The settlement slip both sign (printed with the return): printed, on its way, or why not, as every receipt. */
function SlipStatus({ blockId }: { blockId: number }) {
  const printing = usePrintState();
  return <ReceiptStatus key={blockId} job={documentJobOf(printing.jobs, { type: 'seller_return', id: blockId })} hasPrinter={printing.receiptPrinter} testId="sellers-slip" ns="sellers.slip" />;
}
