import { useTranslation } from 'react-i18next';
import type { XReportAnswer } from '../../../core/drawers/contract.js';
import type { DrawerLine } from '../../../core/money-kinds.js';
import { CASH_LINES, CHIP_LINES } from '../../../core/money-registry.js';
import { ReceiptStatus } from '../../components/ReceiptStatus.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { useFormat } from '../../format.js';
import { drawerJobOf } from './drawer.js';

/** Lines of the X report: each amount under its label (`x-<key>` test ids). */
/** A row of the X on screen: worded by the screen's language, else by its line's printed words (a line a domain added). */
interface XRow {
  key: string;
  label: string;
  cents: number;
}

function XRows({ rows }: { rows: readonly XRow[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <table className="table compact">
      <tbody>
        {rows.map(({ key, label, cents }) => (
          <tr key={key} data-testid={`x-${key}`}>
            <th scope="row">{t(`drawer.x.${key}`, { defaultValue: label || key })}</th>
            <td className="num">{f.money(cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The X report just printed: the drawer now, without closing it; a counter role's is blind (no amount). */
export function XReport({ report, onHide }: { report: XReportAnswer; onHide: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const printing = usePrintState();
  return (
    <section className="panel" data-testid="x-report" aria-labelledby="x-report-title">
      <div className="panel-head">
        <h2 id="x-report-title">{t('drawer.xTitle', { id: report.drawerId })}</h2>
        <button type="button" className="btn" data-testid="x-report-hide" onClick={onHide}>
          {t('drawer.hide')}
        </button>
      </div>
      <p className="meta">{t('drawer.xAt', { at: f.dateTime(report.at), operator: report.operator })}</p>
      <ReceiptStatus job={drawerJobOf(printing.jobs, report.drawerId, 'x_report', report.at)} hasPrinter={printing.receiptPrinter} testId="x-print" ns="drawer.xPrint" />
      {report.blind ? (
        <p className="hint" data-testid="x-blind">
          {t('drawer.xBlind')}
        </p>
      ) : (
        <XFigures report={report} />
      )}
    </section>
  );
}

/** A manager's X: what the drawer should hold, and each line it is the sum of. */
function XFigures({ report }: { report: Extract<XReportAnswer, { blind: false }> }) {
  const { t } = useTranslation();
  const f = useFormat();
  // Each line as its domain declares it (core/money-registry.ts): money out with its sign; nothing out is 0,00 €, not -0,00 €.
  const signed = (line: DrawerLine, cents: number) => (line.side === 'in' || cents === 0 ? cents : -cents);
  const lineRows = (lines: readonly DrawerLine[], values: Readonly<Record<string, number>>, key: (line: DrawerLine) => string): XRow[] =>
    lines
      .filter((l) => l.shown === 'always' || (values[l.key] ?? 0) !== 0)
      .map((l) => ({ key: key(l), label: l.label, cents: signed(l, values[l.key] ?? 0) }));
  const rows: XRow[] = [{ key: 'openingFloat', label: '', cents: report.openingFloatCents }, ...lineRows(CASH_LINES, report.movements, (l) => l.key)];
  const c = report.chips;
  const chipRows: XRow[] = c
    ? [{ key: 'chipFloat', label: '', cents: c.floatCents }, ...lineRows(CHIP_LINES, c.movements, (l) => `chip${l.key[0]!.toUpperCase()}${l.key.slice(1)}`)]
    : [];
  return (
    <>
      <p className="x-expected" data-testid="x-expected">
        {t('drawer.expected')}: <strong>{f.money(report.expectedCents)}</strong>
      </p>
      <XRows rows={rows} />
      {c ? (
        <>
          <p className="x-expected" data-testid="x-chips-expected">
            {t('drawer.chipsExpected')}: <strong>{f.money(c.expectedCents)}</strong>
          </p>
          <XRows rows={chipRows} />
        </>
      ) : null}
    </>
  );
}
