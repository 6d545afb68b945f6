/**
 * The table sheet of the fiscal de banca (SPEC 8; Portaria 1441/95, sections
 * IX and X): the roulette tables with their limits (X.27), the colour chips
 * marked at the table (IX.6-9), the settlement of a spin (X.20-X.22, X.25;
 * a bet in colour chips counted in chips of a colour marked here, IX.7), and
 * the table's log of spins, null spins (X.16), the hourly changes of the
 * balls (X.12) and of the dealer (X.28), and the next launch's direction (X.15).
 *
 * Laid out in the window's height (issue 38): the cloth and the bet's entry on
 * the left, the spin's acts on the right, each in a place of its own; the bets
 * (or the settlement), the log, the limits and the colours are lists that
 * scroll in fixed boxes, so recording a spin or a settlement moves no key.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useKioskQuery } from '../../../hooks.js';
import { RegisterTable } from './RegisterTable.js';
import { TablePlay } from './TablePlay.js';

/** Fiscal de banca: tables, settlement of a spin and the table's log. */
export function TableSheet() {
  const { t } = useTranslation();
  const tables = useKioskQuery('table.list', {});
  const list = tables.data ?? [];
  const [chosenCode, setChosenCode] = useState('');
  const chosen = list.find((x) => x.code === chosenCode) ?? list[0];
  const registered = (code: string) => {
    setChosenCode(code);
    void tables.reload();
  };

  return (
    <section className="panel table-sheet" aria-labelledby="table-sheet-title">
      {/* The title, what the sheet is for and the table's choice on one row: the sheet's own work starts at once below it. */}
      <div className="panel-head table-sheet-head">
        <h2 id="table-sheet-title">{t('tableSheet.title')}</h2>
        <p className="meta">{t('tableSheet.subtitle')}</p>
        {list.length > 0 ? (
          <label className="table-sheet-choice">
            {t('tableSheet.table')}
            <select data-testid="tables-select" value={chosen?.code ?? ''} onChange={(e) => setChosenCode(e.target.value)}>
              {list.map((x) => (
                <option key={x.code} value={x.code}>
                  {t('tableSheet.tableOption', { code: x.code, wheel: t(`tableSheet.wheel.${x.wheel}`) })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <ErrorAlert error={tables.error} testId="tables-load-error" />
      {tables.data === undefined ? (
        tables.error ? null : <p className="loading">{t('tableSheet.loading')}</p>
      ) : chosen ? (
        <TablePlay key={chosen.code} table={chosen} onRegistered={registered} />
      ) : (
        <div className="table-sheet-first">
          <p className="empty" data-testid="tables-empty">
            {t('tableSheet.noTables')}
          </p>
          <h3>{t('tableSheet.registerTitle')}</h3>
          <RegisterTable onRegistered={registered} />
        </div>
      )}
    </section>
  );
}
