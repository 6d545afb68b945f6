import { useTranslation } from 'react-i18next';
import type { SeriesView } from '../../../../core/contract.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { TableRegion } from '../../../components/TableRegion.js';
import { useFormat } from '../../../format.js';
import type { FacesImport } from './useFacesImport.js';

/** The registered series: price, next card, cards left, and each one's faces to import. */
export function SeriesTable({ series, faces }: { series: readonly SeriesView[]; faces: FacesImport }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { importing, importFaces } = faces;
  return (
    series.length === 0 ? (
      <p className="empty">{t('series.none')}</p>
    ) : (
      <TableRegion name={t('series.title')}>
        <table className="table compact">
          <thead>
            <tr>
              <th scope="col">{t('series.code')}</th>
              <th scope="col" className="num">{t('series.price')}</th>
              <th scope="col" className="num">{t('series.next')}</th>
              <th scope="col" className="num">{t('series.left')}</th>
              <th scope="col">{t('faces.title')}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((s) => (
              <tr key={s.id} data-testid={`series-row-${s.code}`}>
                <th scope="row">
                  {s.code}
                  {s.colour ? <span className="series-colour">{s.colour}</span> : null}
                </th>
                <td className="num">{f.money(s.priceCents)}</td>
                <td className="num">{s.cardsLeft > 0 ? s.nextNumber : '—'}</td>
                <td className="num" title={t('series.ofSize', { size: s.size })}>
                  {s.cardsLeft}
                </td>
                <td>
                  <label className={`btn btn-file${importing === s.code ? ' busy' : ''}`}>
                    <input
                      type="file"
                      className="visually-hidden"
                      accept=".json,.csv,application/json,text/csv"
                      data-testid={`faces-file-${s.code}`}
                      disabled={importing !== null}
                      onChange={(e) => void importFaces(s.code, e)}
                    />
                    <span aria-hidden="true">{importing === s.code ? t('common.working') : t('faces.import')}</span>
                    <span className="visually-hidden">{t('faces.importLabel', { code: s.code })}</span>
                  </label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    )
  );
}

/** Whether the strips of 6 are checked, what the file should be, and what the import said. */
export function FacesNote({ faces: imp }: { faces: FacesImport }) {
  const { t } = useTranslation();
  const { strips, setStrips, faces } = imp;
  return (
    <>
      <label className="check-label">
        <input type="checkbox" data-testid="faces-strips" checked={strips} onChange={(e) => setStrips(e.target.checked)} />
        {t('faces.strips')}
      </label>
      <p className="hint">{t('faces.hint')}</p>
      <div aria-live="polite" data-testid="faces-result">
        {faces?.ok ? <p className="success">{faces.text}</p> : null}
        {faces && !faces.ok ? <ErrorAlert error={faces.error} testId="faces-error" /> : null}
      </div>
    </>
  );
}
