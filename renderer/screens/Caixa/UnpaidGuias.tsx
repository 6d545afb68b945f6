import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import type { Guia } from './GuiaDesk.js';
import { ListNotGiven, useLoadError } from './ListNotGiven.js';

/** The guias still to pay: a tap shows one. */
export function UnpaidGuias({ onPick }: { onPick: (g: Guia) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const unpaid = useKioskQuery('guia.list', { status: 'unpaid', limit: 200 });
  const list = unpaid.data?.guias ?? [];
  // The link to the hall down: said by the banner alone.
  const loadError = useLoadError(unpaid.error);
  return (
    <section className="panel unpaid-panel" aria-labelledby="unpaid-title">
      <h2 id="unpaid-title">{unpaid.data ? t('caixa.unpaidTitle', { count: unpaid.data.total }) : t('caixa.unpaidTitleUnknown')}</h2>
      {/* Not given by the hall (yet) is not "none": loading, or unknown (the link's fault said by the banner alone). */}
      {unpaid.data === undefined ? (
        <ListNotGiven error={unpaid.error} testId="unpaid" />
      ) : list.length === 0 ? (
        <p className="empty">{t('caixa.unpaidNone')}</p>
      ) : (
        <ul className="plain-list guia-list" data-testid="unpaid-guias">
          {list.map((g) => (
            <li key={g.guiaId}>
              <button type="button" className="btn guia-pick" data-testid={`unpaid-${g.number}`} onClick={() => onPick(g)}>
                {t('caixa.unpaidLine', { number: g.number, machine: g.machineNumber, kind: t(`caixa.kinds.${g.kind}`), amount: f.money(g.amountCents) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {unpaid.data && unpaid.data.total > list.length ? (
        <p className="hint" data-testid="unpaid-more">
          {t('caixa.unpaidMore', { shown: list.length, count: unpaid.data.total })}
        </p>
      ) : null}
      <ErrorAlert error={loadError} testId="unpaid-error" />
    </section>
  );
}
