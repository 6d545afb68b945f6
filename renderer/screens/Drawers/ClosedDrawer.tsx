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
      <OutsideDrawer outside={closed.outsideDrawer} />
      {closed.acceptedBy ? (
        <p className="meta" data-testid="drawer-accepted-by">
          {t('drawer.acceptedBy', { manager: closed.acceptedBy })}
        </p>
      ) : null}
      <ReprintZButton drawerId={closed.drawerId} zNumber={closed.zNumber!} />
    </section>
  );
}

const OUTSIDE_LINES = ['chipsByCardCents', 'chipsByChequeCents', 'chipChequesPaidCents', 'guiaChequesPaidCents'] as const;

/** The card slips and cheques to hand over with the Z beside the cash (its «Fora da gaveta»), on screen should the Z not print. */
export function OutsideDrawer({ outside }: { outside: Closed['outsideDrawer'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const lines = outside ? OUTSIDE_LINES.filter((k) => (outside[k] ?? 0) > 0) : [];
  if (!outside || lines.length === 0) return null;
  return (
    <section className="drawer-outside" data-testid="drawer-outside" aria-labelledby="drawer-outside-title">
      <h3 id="drawer-outside-title">{t('drawer.outside.title')}</h3>
      <table className="table drawer-result">
        <tbody>
          {lines.map((k) => (
            <tr key={k}>
              <th scope="row">{t(`drawer.outside.${k}`)}</th>
              <td className="num" data-testid={`drawer-outside-${k}`}>
                {f.money(outside[k] ?? 0)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
