import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../core/roles.js';
import { SubTabs } from '../../components/SubTabs.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { ChipExchange } from './ChipExchange.js';
import { FundsPanel } from './FundsPanel.js';
import { GuiaCard, GuiaFinder, type Guia } from './GuiaDesk.js';
import { GuiasPanel } from './GuiasPanel.js';
import { IdentificationsPanel } from './Identifications.js';
import { ReturnReport } from './ReturnReport.js';
import { TableSheet } from './Table/TableSheet.js';
import { IssueGuiaForm } from './IssueGuiaForm.js';
import { MeterForm } from './MeterForm.js';
import { UnpaidGuias } from './UnpaidGuias.js';
import { NoDrawerNotice } from './NoDrawerNotice.js';

/** The caixa's sub-screens, in the order of the bar: the funds, the tables and the identified players only for a manager. */
const CAIXA_SUBS = ['guias', 'machines', 'funds', 'chips', 'tables', 'identifications'] as const;
type CaixaSub = (typeof CAIXA_SUBS)[number];

/**
 * The sub-screens a user of these roles works in (the caixa: guias, meters and chips; a manager all six, or in a
 * hall with neither slot machines nor tables, `casino` false, the identified players alone).
 */
export function caixaSubsFor(roles: readonly Role[], casino = true): CaixaSub[] {
  const manages = roles.includes('manager') || roles.includes('admin');
  // The compliance officer reads the record and the barred list, and handles no cash.
  if (!manages && !roles.includes('caixa')) return roles.includes('compliance') ? ['identifications'] : [];
  if (manages && !casino && !roles.includes('caixa')) return ['identifications'];
  // Personal data (Lei n.º 83/2017) is the managers' to read: the caixa identifies a player, never lists them.
  return CAIXA_SUBS.filter((sub) => manages || (sub !== 'funds' && sub !== 'tables' && (sub !== 'identifications' || roles.includes('compliance'))));
}

/**
 * The casino caixa in sub-screens, each fitting a 1024x768 counter: the
 * guias (find one by number or QR, pay it in cash and cheques, void or
 * reprint it; issue one; those still to pay; for a manager those of a
 * period), the machines (their meters; for a manager their return), the
 * funds held (manager), the face-value chips, the roulette tables
 * (manager), and the identified players and the barred list (manager).
 */
export function CaixaScreen({ roles, onOpenDrawer }: { roles: readonly Role[]; onOpenDrawer?: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  // The guia on the card, and whether it was just issued or paid here (its print state is then said).
  const [shownGuia, setShownGuia] = useState<{ guia: Guia; acted: boolean } | null>(null);
  const pick = (g: Guia) => setShownGuia({ guia: g, acted: false });
  const acted = (g: Guia) => setShownGuia({ guia: g, acted: true });
  const guia = shownGuia?.guia ?? null;
  const [sub, setSub] = useState<CaixaSub>('guias');
  const manages = roles.includes('manager') || roles.includes('admin');
  // The compliance officer alone has no drawer to ask about.
  const cash = useKioskQuery('drawer.cash', manages || roles.includes('caixa') ? {} : null);
  // A casino (slot machines or roulette tables) until both lists say otherwise: a bingo hall's manager then has the record alone.
  const machines = useKioskQuery('machine.list', manages ? {} : null);
  const tables = useKioskQuery('table.list', manages ? {} : null);
  const casino = machines.data === undefined || tables.data === undefined || machines.data.length > 0 || tables.data.length > 0;
  const subs = caixaSubsFor(roles, casino);
  const shown = subs.includes(sub) ? sub : subs[0]!;
  // null: no drawer open; its cashCents null: open, and blind for a counter role.
  const drawer = cash.data === undefined ? null : cash.data;
  // Known to have none (not merely still asking): the notice comes before any key.
  const noDrawer = cash.data === null;
  const notice = noDrawer ? <NoDrawerNotice onOpenDrawer={onOpenDrawer} /> : null;
  return (
    <main className={`screen caixa-screen caixa-sub-${shown}-screen`} aria-labelledby="caixa-title">
      <h1 id="caixa-title" className="visually-hidden">
        {t('caixa.screenTitle')}
      </h1>
      <SubTabs prefix="caixa-sub" label={t('caixa.sub.label')} subs={subs} current={shown} nameOf={(x) => t(`caixa.sub.${x}`)} onChoose={setSub} />
      <div role="tabpanel" id="caixa-sub-panel" className="caixa-sub-panel" aria-labelledby={`caixa-sub-${shown}-tab`} data-testid={`caixa-panel-${shown}`}>
        {shown === 'guias' ? (
          <>
            <div className="columns guia-desk">
              <div className="column-main">
                <section className="panel guia-find-panel" aria-label={t('caixa.find')}>
                  <h2>{t('caixa.findTitle')}</h2>
                  {notice}
                  {/* The drawer's line, or in its place a guia the hall could not find. */}
                  {/* A guia shown (found or picked) clears what the finder said before. */}
                  <GuiaFinder
                    key={guia?.guiaId ?? 'none'}
                    onFound={pick}
                    idle={
                      <p className="meta drawer-cash" data-testid="drawer-cash">
                        {drawer === null ? '' : drawer.cashCents === null ? t('caixa.drawerOpenBlind') : t('caixa.drawerCash', { amount: f.money(drawer.cashCents) })}
                      </p>
                    }
                  />
                </section>
                {guia ? <GuiaCard key={`${guia.guiaId}-${guia.status}`} guia={guia} acted={shownGuia!.acted} drawer={drawer} onChanged={acted} /> : null}
                <IssueGuiaForm onIssued={acted} />
              </div>
              <div className="column-side">
                <UnpaidGuias onPick={pick} />
              </div>
            </div>
            {manages ? <GuiasPanel /> : null}
          </>
        ) : null}
        {shown === 'machines' ? (
          <>
            <MeterForm />
            {manages ? <ReturnReport /> : null}
          </>
        ) : null}
        {shown === 'funds' ? <FundsPanel /> : null}
        {shown === 'chips' ? <ChipExchange notice={notice} noDrawer={noDrawer} /> : null}
        {shown === 'tables' ? <TableSheet /> : null}
        {shown === 'identifications' ? <IdentificationsPanel isAdmin={roles.includes('admin')} /> : null}
      </div>
    </main>
  );
}
