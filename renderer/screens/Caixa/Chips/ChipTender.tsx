/**
 * How an exchange is paid beyond the drawer's cash (Lei n.º 83/2017, art. 76.º, n.º 4): a sale in cash, by bank
 * card or by the player's cheque; a redemption partly by the house's cheque, to the identified player only and up
 * to the chips they bought today by card or cheque (said beside it).
 */
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../format.js';
import type { ChipExchangeState, Tender } from './useChipExchange.js';

const TENDERS: readonly Tender[] = ['cash', 'card', 'cheque'];

function ChequeFields({ x, withAmount }: { x: ChipExchangeState; withAmount: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-row chip-cheque-fields">
      {withAmount ? (
        <label>
          {t('chips.chequePart')}
          <input data-testid="chips-cheque-amount" inputMode="decimal" value={x.cheque.amount} onChange={(e) => x.setCheque({ amount: e.target.value })} />
        </label>
      ) : null}
      <label>
        {t('caixa.chequeNumber')}
        <input data-testid="chips-cheque-number" value={x.cheque.number} onChange={(e) => x.setCheque({ number: e.target.value })} />
      </label>
      <label>
        {t('caixa.chequeBank')}
        <input data-testid="chips-cheque-bank" value={x.cheque.bank} onChange={(e) => x.setCheque({ bank: e.target.value })} />
      </label>
    </div>
  );
}

/** The sale's tender: cash (the change said above), a card or the player's cheque for the whole amount. */
export function SaleTender({ x }: { x: ChipExchangeState }) {
  const { t } = useTranslation();
  return (
    <div className="form chip-tender">
      <fieldset className="segmented">
        <legend>{t('chips.tenderLabel')}</legend>
        {TENDERS.map((m) => (
          <label key={m} className={`segment${x.tender === m ? ' active' : ''}`}>
            <input type="radio" name="chips-tender" value={m} checked={x.tender === m} data-testid={`chips-tender-${m}`} onChange={() => x.setTender(m)} />
            {t(`chips.tender.${m}`)}
          </label>
        ))}
      </fieldset>
      {x.tender === 'cheque' ? <ChequeFields x={x} withAmount={false} /> : null}
      {x.tender !== 'cash' ? <p className="hint">{t('chips.tenderHint')}</p> : null}
    </div>
  );
}

/** The redemption's cheque part: offered once the player is identified, within what they may still be paid by cheque. */
export function RedeemCheque({ x }: { x: ChipExchangeState }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (x.payee === null) return <p className="hint">{t('chips.chequeNeedsPlayer')}</p>;
  const room = x.room;
  if (room === null) return null;
  if (room.leftCents === 0 && x.cheque.amount.trim() === '') {
    return (
      <p className="hint" data-testid="chips-cheque-room">
        {t('chips.chequeRoomNone', { bought: f.money(room.boughtCents) })}
      </p>
    );
  }
  const over = x.chequeCents === null || x.chequeCents > room.leftCents || x.chequeCents > x.total;
  return (
    <div className="form chip-tender">
      <p className={over ? 'warning' : 'hint'} data-testid="chips-cheque-room">
        {t('chips.chequeRoom', { left: f.money(room.leftCents), bought: f.money(room.boughtCents), chequed: f.money(room.chequedCents) })}
      </p>
      <ChequeFields x={x} withAmount />
    </div>
  );
}
