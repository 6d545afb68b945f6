import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { useHallLinkDown, useOffline } from '../../components/LinkBanner.js';
import { useKioskQuery } from '../../hooks.js';
import type { Done, PaidDoc, Paying } from './payout.js';
import { PayoutDone } from './PayoutDone.js';
import { PrizeList } from './PrizeList.js';
import { PrizePayDialog } from './PrizePayDialog.js';
import { RefundDialog } from './RefundDialog.js';
import { RefundsPanel } from './RefundsPanel.js';

/**
 * Cashier: pay the session's prizes in cash against the winning card (art.
 * 15.3, 15.5: typed or its receipt scanned) and refund in full the sales of
 * annulled games (art. 16.3), from the list or from the receipt (its number
 * typed or its QR scanned). A manager sees the same lists; the cashier pays
 * (`canPay` false: no pay buttons).
 */
export function PrizesScreen({ canPay = true }: { canPay?: boolean }) {
  const { t } = useTranslation();
  const current = useKioskQuery('session.current', {});
  const prizes = useKioskQuery('prize.list', {});
  const refunds = useKioskQuery('refund.list', {});
  const [paying, setPaying] = useState<Paying | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [paidDoc, setPaidDoc] = useState<PaidDoc | null>(null);
  const [saleText, setSaleText] = useState('');
  // The link to the hall down: the banner says it (once); the lists keep what they showed, every payout is off and points to it.
  const linkDown = useHallLinkDown();
  const offline = useOffline();

  const reload = () => {
    void prizes.reload();
    void refunds.reload();
  };
  const noSession = current.data !== undefined && current.data.session === null;
  const ask = (p: Paying | null) => {
    setDone(null);
    if (p) setPaying(p);
  };

  const refunded = (r: ChannelOutput<'refund.pay'>) => {
    setPaying(null);
    setSaleText('');
    setPaidDoc({ type: 'refund', id: r.saleId });
    setDone({ type: 'refund', r });
    reload();
  };

  return (
    <main className="screen prizes-screen" aria-labelledby="prizes-title">
      <h1 id="prizes-title" className="visually-hidden">
        {t('prizes.screenTitle')}
      </h1>
      {noSession ? <p className="notice">{t('prizes.noSession')}</p> : null}
      {canPay ? null : (
        <p className="notice" data-testid="prizes-view-only">
          {t('prizes.viewOnly')}
        </p>
      )}
      <PayoutDone done={done} paidDoc={paidDoc} />
      <div className="columns">
        <PrizeList prizes={prizes.data} error={linkDown ? null : prizes.error} canPay={canPay} offline={offline} onPay={(w) => ask({ type: 'prize', winner: w })} />

        <RefundsPanel
          refunds={refunds.data}
          error={linkDown ? null : refunds.error}
          canPay={canPay}
          offline={offline}
          saleText={saleText}
          onSaleText={setSaleText}
          onAsk={ask}
          onCardRefunded={reload}
        />
      </div>

      {paying?.type === 'prize' ? (
        <PrizePayDialog
          winner={paying.winner}
          onPaid={(w) => {
            setPaying(null);
            setPaidDoc({ type: 'winner', id: w.winnerId });
            setDone({ type: 'prize', w });
            reload();
          }}
          onClose={() => setPaying(null)}
        />
      ) : null}
      {paying?.type === 'refund' ? <RefundDialog paying={paying} onDone={refunded} onClose={() => setPaying(null)} /> : null}
    </main>
  );
}
