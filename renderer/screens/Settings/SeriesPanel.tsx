import { useTranslation } from 'react-i18next';
import type { SeriesView } from '../../../core/contract.js';
import { RegisterSeries } from './Series/RegisterSeries.js';
import { FacesNote, SeriesTable } from './Series/SeriesTable.js';
import { useFacesImport } from './Series/useFacesImport.js';

interface Props {
  series: readonly SeriesView[];
  onRegistered: () => void;
}

/**
 * The registered series, the import of each series' card faces (the card
 * printer's .json or .csv file, SPEC 2) and a small form to register a series
 * (price typed in euros: 1,00).
 */
export function SeriesPanel({ series, onRegistered }: Props) {
  const { t } = useTranslation();
  const faces = useFacesImport();
  return (
    <section className="panel series-panel" aria-labelledby="series-title">
      <h2 id="series-title">{t('series.title')}</h2>
      <SeriesTable series={series} faces={faces} />
      <FacesNote faces={faces} />
      <RegisterSeries onRegistered={onRegistered} />
    </section>
  );
}
