import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { parseEuroText } from '../../../lib/money.js';
import { Cloth } from './Cloth.js';
import { MAX_CHIPS, checkBetQuietly, parseChips } from './parse.js';
import { StakeFields } from './StakeFields.js';
import type { BetInput, Colours } from './types.js';
import { useBetWords } from './useBetWords.js';
import { useClothMark } from './useClothMark.js';

/** A bet marked on the drawn cloth, in face-value or colour chips (IX.7, IX.8), added to the spin's bets. */
export function BetEntry({ colours, bets, drawn, onAdd }: { colours: Colours; bets: readonly BetInput[]; drawn: number | null; onAdd: (bet: BetInput) => void }) {
  const { t } = useTranslation();
  const { chanceLabel, betText } = useBetWords(colours);
  const [error, setError] = useState<string | null>(null);
  const mark = useClothMark(() => setError(null));
  const [amount, setAmount] = useState('');
  // The player's chips: '' for face-value chips (IX.8), else a colour marked at this table, counted in chips (IX.7).
  const [colour, setColour] = useState('');
  const [chipCount, setChipCount] = useState('');

  const { marked } = mark;
  const chipColour = colours.find((c) => c.colour === colour);
  const chips = parseChips(chipCount);
  // Each number covered by the bets entered, and how many times: a dot on the cloth.
  const covered = new Map<number, number>();
  for (const b of bets) for (const n of checkBetQuietly(b)) covered.set(n, (covered.get(n) ?? 0) + 1);

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!marked) {
      setError(t(mark.picked.size === 0 ? 'tableSheet.numbersMissing' : 'tableSheet.notABet', { numbers: mark.pickedText }));
      return;
    }
    let bet: BetInput;
    if (chipColour) {
      if (chips === null) {
        setError(t('tableSheet.chipCountInvalid', { max: MAX_CHIPS }));
        return;
      }
      bet = { chance: marked.chance, colour: chipColour.colour, chips };
    } else {
      const cents = parseEuroText(amount);
      if (cents === null || cents <= 0) {
        setError(t('tableSheet.amountInvalid'));
        return;
      }
      bet = { chance: marked.chance, amountCents: cents };
    }
    if (marked.numbers) bet.numbers = marked.numbers;
    setError(null);
    onAdd(bet);
    setAmount('');
    setChipCount('');
    mark.clear();
  };

  return (
    <form className="bet-entry" onSubmit={add} aria-labelledby="bet-title" noValidate>
      <h3 id="bet-title" className="visually-hidden">
        {t('tableSheet.betTitle')}
      </h3>
      <Cloth picked={mark.picked} simple={mark.simple} covered={covered} drawn={drawn} onNumbers={mark.toggleNumbers} onSimple={mark.toggleSimple} chanceLabel={chanceLabel} />
      {/* One line of fixed height under the cloth: the bet marked, or what is wrong with it. */}
      <div className="cloth-marked">
        {error ? (
          <ErrorAlert error={error} testId="bet-error" />
        ) : (
          <p data-testid="bet-marked" className={marked ? 'bet-marked' : undefined} aria-live="polite">
            {marked ? t('tableSheet.marked', { bet: betText(marked) }) : mark.picked.size > 0 ? t('tableSheet.notABet', { numbers: mark.pickedText }) : t('tableSheet.markHint')}
          </p>
        )}
      </div>
      <div className="form form-row bet-entry-row">
        <StakeFields
          colours={colours}
          chipColour={chipColour}
          onColour={setColour}
          chipCount={chipCount}
          chips={chips}
          onChipCount={setChipCount}
          amount={amount}
          onAmount={setAmount}
        />
        <button type="submit" className="btn" data-testid="bet-add">
          {t('tableSheet.add')}
        </button>
      </div>
    </form>
  );
}
