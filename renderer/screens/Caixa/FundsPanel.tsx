/**
 * The jackpot and superjackpot funds: what each holds for the players
 * ("valores cativos", Portaria 1441/95, n.º 5), a manager's contribution to
 * one, and the transfer of a fund whole (n.º 6) to another machine or group
 * of the same model and bet or, where the hall has none, to the machines the
 * Inspecção-Geral de Jogos authorised (any model), with the authorisation's
 * reference and a second manager's approval; the transfers made.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useOffline } from '../../components/LinkBanner.js';
import { useKioskQuery } from '../../hooks.js';
import { ContributeDialog, ContributeForm, useContribution } from './Funds/Contribution.js';
import { FundsHeld } from './Funds/FundsHeld.js';
import { TransferApproval, TransferForm, useTransfer } from './Funds/Transfer.js';
import { TransfersMade } from './Funds/TransfersMade.js';
import { useLoadError } from './ListNotGiven.js';

/** Manager: "Valores cativos" (n.º 5), the contribution and the transfer (n.º 6). */
export function FundsPanel() {
  const { t } = useTranslation();
  const held = useKioskQuery('report.fundsHeld', {});
  const transfers = useKioskQuery('jackpot.transfers', {});
  const funds = held.data?.funds ?? [];
  const heldError = useLoadError(held.error);
  // What needs the hall is off while the link is down, pointing to the banner for why.
  const offline = useOffline();
  const transfersError = useLoadError(transfers.error);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const say = { done: setDone, error: setError };
  const contribution = useContribution(funds, say, () => void held.reload());
  const transfer = useTransfer(funds, say, () => {
    void held.reload();
    void transfers.reload();
  });

  return (
    <section className="panel funds-panel" aria-labelledby="funds-title">
      <div className="panel-head">
        <h2 id="funds-title">{t('funds.title')}</h2>
        {held.data ? <p className="meta">{t('funds.subtitle')}</p> : null}
      </div>
      {/* The funds and the transfers made on the left, each scrolling in its box; the two forms and what they said on the right: no page scroll at 768 px. */}
      <div className="funds-layout">
        <div className="funds-lists">
          <ErrorAlert error={heldError} testId="funds-load-error" />
          <FundsHeld held={held.data} error={held.error} />

          <ErrorAlert error={transfersError} testId="transfers-load-error" />
          <TransfersMade transfers={transfers.data} />
        </div>
        <div className="funds-acts">
          <div className="funds-forms">
            <ContributeForm c={contribution} funds={funds} offline={offline} />

            <TransferForm tr={transfer} funds={funds} offline={offline} />
          </div>
          {done ? (
            <p className="success" role="status" data-testid="funds-done">
              {done}
            </p>
          ) : null}
          <ErrorAlert error={error} testId="funds-error" />
        </div>
      </div>
      <ContributeDialog c={contribution} />
      <TransferApproval tr={transfer} />
    </section>
  );
}
