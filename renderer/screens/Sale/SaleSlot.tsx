import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../core/contract.js';
import type { ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LastSale, type SaleResult } from './LastSale.js';
import { SaleOutcome } from './SaleOutcome.js';
import type { UnknownSale } from './useUnknownSale.js';
import { VoidNotice, type VoidResult } from './VoidNotice.js';

interface Props {
  game: GameView;
  noDrawer: boolean;
  /** To the drawer screen, to open this terminal's drawer. */
  onOpenDrawer?: () => void;
  soldOut: boolean;
  unknownSale: UnknownSale | null;
  hallSaid: 'done' | 'not_done' | null;
  /** The sale's refusal, as it is said here (null when another place says it). */
  shownError: ClientError | string | null;
  loadError: ClientError | null;
  voided: VoidResult | null;
  last: SaleResult | null;
  pristine: boolean;
}

/**
 * One region of fixed height under "Vender" for what the sale has to say (why it cannot sell, a refusal, the
 * last sale): whatever it holds, the keys, "Vender" and "Anular última venda" stay where they are.
 */
export function SaleSlot({ game, noDrawer, onOpenDrawer, soldOut, unknownSale, hallSaid, shownError, loadError, voided, last, pristine }: Props) {
  const { t } = useTranslation();
  // Art. 14.5: a game that can no longer be played (another is the last, or the closing time has passed) sells nothing more.
  const notPlayable = game.unplayable && !soldOut ? game.unplayable : null;
  // A game that is no longer played sells nothing, drawer or not: only that is said, the slot keeps room for the last sale.
  const showNoDrawer = noDrawer && !notPlayable;
  return (
    <div className="sale-slot" data-testid="sale-slot">
      {showNoDrawer ? (
        <div id="sale-no-drawer" className="alert no-drawer-notice" role="status" data-testid="sale-no-drawer">
          <span>{t('sale.noDrawer')}</span>
          {onOpenDrawer ? (
            <button type="button" className="btn btn-small" data-testid="sale-open-drawer" onClick={onOpenDrawer}>
              {t('sale.openDrawer')}
            </button>
          ) : null}
        </div>
      ) : null}
      {notPlayable ? (
        <p id="sale-not-playable" className="alert" role="status" data-testid="sale-not-playable">
          {t(notPlayable.reason === 'closing_time_passed' ? 'sale.afterClosingTime' : 'sale.notPlayable', { number: game.number })}
        </p>
      ) : null}
      {/* One of these at a time, the latest first: each is in the last sale's place, which it makes stale. */}
      {unknownSale || hallSaid ? (
        <SaleOutcome unknownSale={unknownSale} hallSaid={hallSaid} />
      ) : shownError ? (
        <ErrorAlert error={shownError} testId="sale-error" />
      ) : loadError ? (
        <ErrorAlert error={loadError} testId="load-error" />
      ) : voided ? (
        <VoidNotice voided={voided} />
      ) : last ? (
        <LastSale last={last} fresh={pristine} />
      ) : null}
    </div>
  );
}
