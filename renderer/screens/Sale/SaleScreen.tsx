import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../core/contract.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { withVoidedSale } from '../../lib/sale.js';
import { GameStrip } from './GameStrip.js';
import { LastSale } from './LastSale.js';
import { NoGame } from './NoGame.js';
import { ReprintDialog } from './Receipt.js';
import { SaleLeft, SaleRight } from './SaleSides.js';
import { useSaleScreen, type SaleScreenState } from './useSaleScreen.js';
import { VoidDialog } from './VoidDialog.js';
import { VoidNotice } from './VoidNotice.js';

interface Props {
  /** The operator selling (username, as the kiosk records it on the sale). */
  cashier: string;
  terminalId: string;
  /** To the drawer screen, to open this terminal's drawer (no sale without it). */
  onOpenDrawer?: () => void;
}

/** The roving sellers' view, its own chunk: a counter that never hands out a block never loads it. */
const SellersScreen = lazy(() => import('./Sellers/SellersScreen.js').then((m) => ({ default: m.SellersScreen })));

/**
 * Cashier: sell cards of the selling game, cash only, all day long; or, one touch away on the game's strip, hand
 * blocks to the roving sellers and collect them (DN 80/85, art. 12.º, n.º 2, and 13.º). Only the view shown runs:
 * the counter's keys listen only while the counter's sale is on screen.
 */
export function SaleScreen(props: Props) {
  const { t } = useTranslation();
  const [sellers, setSellers] = useState(false);
  if (sellers) {
    return (
      <Suspense
        fallback={
          <main className="screen sale-screen">
            <p className="loading">{t('common.loading')}</p>
          </main>
        }
      >
        <SellersScreen onCounter={() => setSellers(false)} />
      </Suspense>
    );
  }
  return <CounterSale {...props} onSellers={() => setSellers(true)} />;
}

/** The counter's sale of the game on sale. */
function CounterSale({ cashier, terminalId, onOpenDrawer, onSellers }: Props & { onSellers: () => void }) {
  const { t } = useTranslation();
  const s = useSaleScreen(cashier, terminalId);
  const { game } = s;

  if (!game) return <SaleWithoutGame s={s} />;

  return (
    <main className="screen sale-screen" aria-labelledby="sale-title">
      <h1 id="sale-title" className="visually-hidden">{t('sale.screenTitle')}</h1>
      <GameStrip
        game={game}
        action={
          <button type="button" className="btn btn-small strip-switch" data-testid="sellers-open" onClick={onSellers}>
            {t('sellers.open')}
          </button>
        }
      />

      <form ref={s.formRef} className="sale-grid" onSubmit={s.submit} aria-label={t('sale.formLabel')} noValidate>
        <SaleLeft s={s} game={game} />
        <SaleRight s={s} game={game} onOpenDrawer={onOpenDrawer} />
      </form>

      <SaleDialogs s={s} game={game} />
    </main>
  );
}

/** No game on sale: why (no session, or none selling yet), and what was last done here. */
function SaleWithoutGame({ s }: { s: SaleScreenState }) {
  const { t } = useTranslation();
  const { current, last } = s;
  const noSession = current.data !== undefined && current.data.session === null;
  return (
    <main className="screen sale-screen" aria-labelledby="sale-title">
      <h1 id="sale-title" className="visually-hidden">{t('sale.screenTitle')}</h1>
      {current.error ? <ErrorAlert error={current.error} /> : null}
      {current.data === undefined ? (current.loading ? <p className="loading">{t('common.loading')}</p> : null) : <NoGame noSession={noSession} />}
      {s.voids.voided ? <VoidNotice voided={s.voids.voided} /> : null}
      {last ? <LastSale last={last} fresh={s.form.pristine} /> : null}
    </main>
  );
}

/** The void of the last sale, and the reprint of this terminal's latest sale that stands ("2.ª via do recibo"). */
function SaleDialogs({ s, game }: { s: SaleScreenState; game: GameView }) {
  const { voids, reprint, last, sales } = s;
  const { mySale, mySaleJob } = reprint;
  return (
    <>
      {voids.voiding ? (
        <VoidDialog
          gameId={game.id}
          gameNumber={game.number}
          sale={voids.voidSale}
          onClose={() => voids.setVoiding(false)}
          onVoided={(r) => {
            voids.setVoiding(false);
            voids.setVoided(r);
            if (last && last.saleId === r.saleId) s.setLast(null);
            sales.apply('sale.voidLast', (list) => withVoidedSale(list, r.saleId));
          }}
        />
      ) : null}
      {reprint.reprinting && mySale && mySaleJob ? (
        <ReprintDialog sale={mySale} job={mySaleJob} onClose={() => reprint.setReprinting(false)} onDone={() => reprint.done(mySale.saleId)} />
      ) : null}
    </>
  );
}
