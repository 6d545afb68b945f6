import { useTranslation } from 'react-i18next';
import { LAUNCH_DIRECTIONS, type LaunchDirection } from '../../../../core/roulette/rules.js';
import type { SpinLog } from './useSpinLog.js';

/** X.15: the way the next ball goes, where the fiscal records the spin; the table's first asked of him. */
export function LaunchWay({ log }: { log: SpinLog }) {
  const { t } = useTranslation();
  const directionWords = (d: LaunchDirection) => t(`tableSheet.direction.${d}`);
  return (
    <div className="form launch-way">
      {log.data === undefined ? null : log.expected ? (
        <p className="next-launch" role="status" data-testid="next-launch">
          <strong>{t('tableSheet.nextLaunch', { direction: directionWords(log.expected) })}</strong>{' '}
          <span className="meta">{t(log.data.nextLaunch.after === 'null_spin' ? 'tableSheet.nextLaunchAfterNull' : 'tableSheet.nextLaunchAfterSpin')}</span>
        </p>
      ) : (
        <label className="first-launch">
          <span data-testid="next-launch">{t('tableSheet.firstLaunchHint')}</span>
          <select data-testid="launch-direction" value={log.firstDirection} onChange={(e) => log.setFirstDirection(LAUNCH_DIRECTIONS.find((d) => d === e.target.value) ?? '')}>
            <option value="">{t('tableSheet.directionChoose')}</option>
            {LAUNCH_DIRECTIONS.map((d) => (
              <option key={d} value={d}>
                {directionWords(d)}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
