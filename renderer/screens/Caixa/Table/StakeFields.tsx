import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../format.js';
import { MAX_CHIPS } from './parse.js';
import type { Colours } from './types.js';

/**
 * The player's chips and what the bet stakes: face-value chips (IX.8) and an amount, or a colour marked at this
 * table counted in chips (IX.7), its stake shown beside the count.
 */
export function StakeFields({
  colours,
  chipColour,
  onColour,
  chipCount,
  chips,
  onChipCount,
  amount,
  onAmount,
}: {
  colours: Colours;
  chipColour: Colours[number] | undefined;
  onColour: (colour: string) => void;
  chipCount: string;
  chips: number | null;
  onChipCount: (text: string) => void;
  amount: string;
  onAmount: (text: string) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <>
      <label className="bet-chips-kind">
        {t('tableSheet.chipsKind')}
        <select data-testid="bet-colour" value={chipColour ? chipColour.colour : ''} onChange={(e) => onColour(e.target.value)}>
          <option value="">{t('tableSheet.faceValue')}</option>
          {colours.map((c) => (
            <option key={c.colour} value={c.colour}>
              {t(c.late ? 'tableSheet.colourOptionLate' : 'tableSheet.colourOption', { colour: c.colour, value: f.money(c.valueCents) })}
            </option>
          ))}
        </select>
      </label>
      {chipColour ? (
        <label>
          {t('tableSheet.chipCount')}
          <span className="input-suffix">
            <input
              data-testid="bet-chip-count"
              type="number"
              min={1}
              max={MAX_CHIPS}
              step={1}
              inputMode="numeric"
              placeholder="1"
              value={chipCount}
              onChange={(e) => onChipCount(e.target.value)}
              autoComplete="off"
            />
            <span className="chip-stake" data-testid="bet-stake" aria-live="polite">
              {chips === null
                ? t('tableSheet.chipValue', { value: f.money(chipColour.valueCents) })
                : t('tableSheet.chipStake', { amount: f.money(chips * chipColour.valueCents), count: chips, value: f.money(chipColour.valueCents) })}
            </span>
          </span>
        </label>
      ) : (
        <label>
          {t('tableSheet.amount')}
          <span className="input-suffix">
            <input data-testid="bet-amount" inputMode="decimal" placeholder="5,00" value={amount} onChange={(e) => onAmount(e.target.value)} autoComplete="off" />
            <span aria-hidden="true">€</span>
          </span>
        </label>
      )}
    </>
  );
}
