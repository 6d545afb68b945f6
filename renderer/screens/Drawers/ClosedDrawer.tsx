import { useTranslation } from 'react-i18next';
import { ReceiptStatus } from '../../components/ReceiptStatus.js';
import { ReprintZButton } from '../../components/ReprintZButton.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { useFormat } from '../../format.js';
import { type Closed, drawerJobOf } from './drawer.js';
import { ResultTable } from './ResultRows.js';

/** After the close, and only now: expected, counted, variance and the Z report's number. */
export function ClosedDrawer({ closed }: { closed: Closed }) {
  const { t } = useTranslation();
  const f = useFormat();
  const printing = usePrintState();
  return (
    <section className="panel" data-testid="drawer-closed" aria-labelledby="drawer-closed-title">
      <h2 id="drawer-closed-title">{t('drawer.closedTitle', { id: closed.drawerId })}</h2>
      <p role="status" className="success" data-testid="drawer-z">
        {t('drawer.closedZ', { z: closed.zNumber, at: f.dateTime(closed.closedAt!) })}
      </p>
      <ReceiptStatus job={drawerJobOf(printing.jobs, closed.drawerId, 'z_report')} hasPrinter={printing.receiptPrinter} testId="drawer-z-print" ns="drawer.zPrint" />
      <ResultTable prefix="drawer" result={closed} />
      {closed.acceptedBy ? (
        <p className="meta" data-testid="drawer-accepted-by">
          {t('drawer.acceptedBy', { manager: closed.acceptedBy })}
        </p>
      ) : null}
      <ReprintZButton drawerId={closed.drawerId} zNumber={closed.zNumber!} />
    </section>
  );
}
