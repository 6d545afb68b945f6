import { useTranslation } from 'react-i18next';
import type { ClientError } from '../../../client.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { SubTabs } from '../../../components/SubTabs.js';
import { ColourChips } from './ColourChips.js';
import { LimitsTable } from './LimitsTable.js';
import { LogList } from './LogList.js';
import { RegisterTable } from './RegisterTable.js';
import type { ColoursQuery, Table } from './types.js';
import type { SpinLog } from './useSpinLog.js';

/** What the side's box shows under the spin's acts: the log while playing, the rest on demand. */
const SIDE = ['log', 'limits', 'colours', 'register'] as const;
export type Side = (typeof SIDE)[number];

/** The tabs under the spin's acts (Registo, Limites, Cores, Nova mesa) and their box, which scrolls inside. */
export function SideBox({
  table,
  log,
  colours,
  side,
  onSide,
  settleError,
  onRegistered,
}: {
  table: Table;
  log: SpinLog;
  colours: ColoursQuery;
  side: Side;
  onSide: (side: Side) => void;
  settleError: ClientError | string | null;
  onRegistered: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SubTabs prefix="table-side" label={t('tableSheet.side.label', { code: table.code })} subs={SIDE} current={side} nameOf={(x) => t(`tableSheet.side.${x}`)} onChoose={onSide} />
      {/* The box under the tabs; what the acts have to say is laid over its foot, once: no key moves for it. */}
      <div className="table-side-box">
        <div role="tabpanel" id="table-side-panel" className="table-side-panel" aria-labelledby={`table-side-${side}-tab`} tabIndex={0} data-testid={`table-side-panel-${side}`}>
          {side === 'log' ? <LogList table={table} log={log} /> : null}
          {side === 'limits' ? <LimitsTable table={table} /> : null}
          {side === 'colours' ? <ColourChips code={table.code} chips={colours} /> : null}
          {side === 'register' ? <RegisterTable onRegistered={onRegistered} /> : null}
        </div>
        <div className="table-sheet-notices">
          <ErrorAlert error={settleError} testId="settle-error" />
          <ErrorAlert error={log.error} testId="log-error" />
          <ErrorAlert error={log.loadError} testId="log-load-error" />
          {log.data?.ballChangeDue ? (
            <p className="hint hint-warn" role="status" data-testid="ball-due">
              {t('tableSheet.ballDue')}
            </p>
          ) : null}
          {log.data?.dealerChangeDue ? (
            <p className="hint hint-warn" role="status" data-testid="dealer-due">
              {t('tableSheet.dealerDue')}
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}
