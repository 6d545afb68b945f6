import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawerView, XReportAnswer } from '../../../core/drawers/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useOffline } from '../../components/LinkBanner.js';
import { useFormat } from '../../format.js';
import type { Closed } from './drawer.js';
import { Kick } from './Kick.js';
import { Movement } from './Movement.js';
import { XReport } from './XReport.js';
import { BlindClose } from './BlindClose.js';
import { ChipHandover } from './ChipHandover.js';

/** The open drawer: who, since when, its float; movements, the X report and the blind close. */
export function OpenedDrawer({ drawer, onClosed }: { drawer: DrawerView; onClosed: (closed: Closed) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  // A count on record goes straight to the acceptance it waits for.
  const [closing, setClosing] = useState(drawer.recordedCount !== null);
  const [xReport, setXReport] = useState<XReportAnswer | null>(null);
  const [xBusy, setXBusy] = useState(false);
  const [xError, setXError] = useState<ClientError | null>(null);
  const offline = useOffline();

  const printX = async () => {
    if (xBusy) return;
    setXBusy(true);
    setXError(null);
    const r = await invoke('report.x', {});
    setXBusy(false);
    if (r.ok) setXReport(r.value);
    else setXError(r.error);
  };

  return (
    <>
      {closing ? null : (
        <section className="panel drawer-status" aria-labelledby="drawer-status-title">
          <div className="panel-head">
            <div>
              <h2 id="drawer-status-title">{t('drawer.openState', { id: drawer.drawerId })}</h2>
              <p className="meta" data-testid="drawer-status">
                {t('drawer.openedBy', { operator: drawer.openedBy, at: f.dateTime(drawer.openedAt), terminal: drawer.terminalId })} ·{' '}
                {t('drawer.float')} <strong data-testid="drawer-float">{f.money(drawer.floatCents)}</strong>
                {drawer.chipFloatCents > 0 ? (
                  <>
                    {' · '}
                    {t('drawer.chipFloat')} <strong data-testid="drawer-chip-float">{f.money(drawer.chipFloatCents)}</strong>
                  </>
                ) : null}
              </p>
            </div>
            <div className="check-buttons">
              <button type="button" className="btn btn-large" data-testid="drawer-x-report" disabled={xBusy} onClick={() => void printX()} {...offline}>
                {xBusy ? t('common.working') : t('drawer.xReport')}
              </button>
              <button
                type="button"
                className="btn btn-danger btn-large"
                data-testid="drawer-close-start"
                {...offline}
                onClick={() => {
                  setXReport(null);
                  setClosing(true);
                }}
              >
                {t('drawer.closeStart')}
              </button>
            </div>
          </div>
        </section>
      )}
      {closing ? (
        <BlindClose drawer={drawer} onClosed={onClosed} onCancel={() => setClosing(false)} />
      ) : (
        // The movement's form on the left, the rest on the right: a refusal under the form moves no other act.
        <div className="columns drawer-columns">
          <Movement />
          <div>
            <Kick />
            {/* Chips taken for cards (art. 19.º) go from here to the caixa (issue 41). */}
            {drawer.holdsChips ? <ChipHandover /> : null}
            {/* The X's refusal where the X shows, under the acts: said there, it moves none of them. */}
            <ErrorAlert error={xError} testId="drawer-x-error" />
            {xReport ? <XReport report={xReport} onHide={() => setXReport(null)} /> : null}
          </div>
        </div>
      )}
    </>
  );
}
