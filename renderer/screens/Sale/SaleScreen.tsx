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

/** Cashier: sell cards of the selling game, cash only, all day long. */
export function SaleScreen({ cashier, terminalId, onOpenDrawer }: Props) {
  const { t } = useTranslation();
  const s = useSaleScreen(cashier, terminalId);
  const { game } = s;

  if (!game) return <SaleWithoutGame s={s} />;

  return (
    <main className="screen sale-screen" aria-labelledby="sale-title">
      <h1 id="sale-title" className="visually-hidden">{t('sale.screenTitle')}</h1>
      <GameStrip game={game} />

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
