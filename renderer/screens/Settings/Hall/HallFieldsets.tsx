import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../core/contract.js';
import { IDENTIFICATION_MOMENTS, type IdentificationMoment } from '../../../../core/compliance/moments.js';
import { HALL_TIME_ZONES, type HallTimeZone } from '../../../../core/time.js';
import { useFormat } from '../../../format.js';
import type { HallFieldsState } from './useHallFields.js';

/** The words of each zone's option (i18n keys have no '/'). */
const ZONE_KEYS: Record<HallTimeZone, string> = { 'Europe/Lisbon': 'lisbon', 'Atlantic/Azores': 'azores', 'Atlantic/Madeira': 'madeira' };

/** The hall: its name (on every slip), its licence, its time zone (an admin's to change). */
export function HallIdentityFields({ form, isAdmin }: { form: HallFieldsState; isAdmin: boolean }) {
  const { t } = useTranslation();
  const { fields, set } = form;
  return (
    <fieldset>
      <legend>{t('settings.hallTitle')}</legend>
      <label>
        {t('settings.hallName')}
        <input data-testid="settings-hall-name" value={fields.hallName} onChange={(e) => set('hallName')(e.target.value)} maxLength={80} aria-describedby="hall-name-hint" />
      </label>
      <p className="hint field-hint" id="hall-name-hint">
        {t('settings.hallNameHint')}
      </p>
      <label>
        {t('settings.licence')}
        <input data-testid="settings-licence" value={fields.licence} onChange={(e) => set('licence')(e.target.value)} maxLength={80} />
      </label>
      <label>
        {t('settings.timeZone')}
        {/* An admin's to change (the kiosk says so too); a manager sees the hall's zone. */}
        <select
          data-testid="settings-time-zone"
          value={fields.timeZone}
          disabled={!isAdmin}
          onChange={(e) => set('timeZone')(e.target.value as HallTimeZone)}
          aria-describedby="time-zone-hint"
        >
          {HALL_TIME_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {t(`settings.timeZones.${ZONE_KEYS[zone]}`)}
            </option>
          ))}
        </select>
      </label>
      <p className="hint field-hint" id="time-zone-hint" data-testid="settings-time-zone-hint">
        {t(isAdmin ? 'settings.timeZoneHint' : 'settings.timeZoneAdminOnly')}
      </p>
    </fieldset>
  );
}

/** The accumulated special prize (art. 10): on or off (or its fund frozen, to carry), what its fund holds, its share, N and start. */
export function SpecialPrizeFields({
  form,
  held,
  frozen,
  active,
  onCarry,
}: {
  form: HallFieldsState;
  held: number;
  frozen: boolean;
  /** The fund is running: what it holds is said. */
  active: boolean;
  onCarry: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const { fields, set } = form;
  return (
    <fieldset>
      <legend>{t('settings.specialTitle')}</legend>
      {frozen ? (
        <div className="alert alert-warn" role="status" data-testid="special-frozen">
          <p>{t('settings.specialFrozen', { amount: f.money(held) })}</p>
          <button type="button" className="btn btn-primary" data-testid="special-carry" onClick={onCarry}>
            {t('settings.specialCarry')}
          </button>
        </div>
      ) : (
        <label className="check-label">
          <input type="checkbox" data-testid="special-enabled" checked={fields.specialOn} onChange={(e) => set('specialOn')(e.target.checked)} />
          {t('settings.specialEnabled')}
        </label>
      )}
      {!frozen && active ? (
        <p className="hint" data-testid="special-held">
          {t('settings.specialHeld', { amount: f.money(held) })}
        </p>
      ) : null}
      <div className="settings-pair">
        <label>
          {t('settings.specialShare')}
          <span className="input-suffix">
            <input data-testid="special-share" inputMode="decimal" placeholder="5" value={fields.share} onChange={(e) => set('share')(e.target.value)} />
            <span aria-hidden="true">%</span>
          </span>
        </label>
        <label>
          {t('settings.specialBalls')}
          <input data-testid="special-balls" inputMode="numeric" placeholder="40" value={fields.balls} onChange={(e) => set('balls')(e.target.value.replace(/\D/g, '').slice(0, 2))} />
        </label>
        <label>
          {t('settings.specialStarting')}
          <span className="input-suffix">
            <input data-testid="special-starting" inputMode="decimal" placeholder="0" value={fields.starting} onChange={(e) => set('starting')(e.target.value)} />
            <span aria-hidden="true">€</span>
          </span>
        </label>
      </div>
      <p className="hint">{t('settings.specialHint')}</p>
    </fieldset>
  );
}

/** The sale: the most cards one sale may hold, and whether chips are taken. */
export function SaleFields({ form }: { form: HallFieldsState }) {
  const { t } = useTranslation();
  const { fields, set } = form;
  return (
    <fieldset>
      <legend>{t('settings.saleTitle')}</legend>
      <div className="settings-pair">
        <label>
          {t('settings.maxCards')}
          <input data-testid="max-cards" inputMode="numeric" value={fields.maxCards} onChange={(e) => set('maxCards')(e.target.value.replace(/\D/g, '').slice(0, 5))} />
        </label>
        <label className="check-label">
          <input type="checkbox" data-testid="chips-allowed" checked={fields.chips} onChange={(e) => set('chips')(e.target.checked)} />
          {t('settings.chips')}
        </label>
      </div>
    </fieldset>
  );
}

/** The stamp duty's rate (unset until the manager gives it). */
export function StampDutyFields({ form, settings }: { form: HallFieldsState; settings: Settings }) {
  const { t } = useTranslation();
  const { fields, set } = form;
  return (
    <fieldset>
      <legend>{t('settings.stampDutyTitle')}</legend>
      <label>
        {t('settings.stampDuty')}
        <span className="input-suffix">
          <input data-testid="stamp-duty" inputMode="decimal" placeholder="25" value={fields.stamp} onChange={(e) => set('stamp')(e.target.value)} />
          <span aria-hidden="true">%</span>
        </span>
      </label>
      <p className="hint">{settings.stampDutyBasisPoints === null ? t('settings.stampDutyUnset') : t('settings.stampDutyHint')}</p>
    </fieldset>
  );
}

/** The guias over which a manager approves. */
export function GuiaFields({ form }: { form: HallFieldsState }) {
  const { t } = useTranslation();
  const { fields, set } = form;
  return (
    <fieldset>
      <legend>{t('settings.guiaTitle')}</legend>
      <label>
        {t('settings.guiaThreshold')}
        <span className="input-suffix">
          <input data-testid="guia-threshold" inputMode="decimal" value={fields.guiaThreshold} onChange={(e) => set('guiaThreshold')(e.target.value)} />
          <span aria-hidden="true">€</span>
        </span>
      </label>
      <p className="hint">{t('settings.guiaHint')}</p>
    </fieldset>
  );
}

/**
 * Identified players (Lei n.º 83/2017, art. 76.º): the moment the hall identifies its bingo players (n.º 5; the
 * inspectorate may fix it) and the gaming day's amount from which anyone paid or exchanging is identified.
 */
export function IdentificationFields({ form }: { form: HallFieldsState }) {
  const { t } = useTranslation();
  const { fields, set } = form;
  return (
    <fieldset>
      <legend>{t('settings.identificationTitle')}</legend>
      <div className="settings-pair">
        <label>
          {t('settings.identificationMoment')}
          <select data-testid="identification-moment" value={fields.identificationMoment} onChange={(e) => set('identificationMoment')(e.target.value as IdentificationMoment)}>
            {IDENTIFICATION_MOMENTS.map((m) => (
              <option key={m} value={m}>
                {t(`settings.identificationMoments.${m}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('settings.identificationThreshold')}
          <span className="input-suffix">
            <input data-testid="identification-threshold" inputMode="decimal" value={fields.identificationThreshold} onChange={(e) => set('identificationThreshold')(e.target.value)} />
            <span aria-hidden="true">€</span>
          </span>
        </label>
      </div>
      {/* At the entrance: recorded here (the counter's and the caixa's «Entrada» tab), or by the hall's own system at the
          door; the box says the moment's words itself, so the fieldset grows by nothing. */}
      {fields.identificationMoment === 'entry' ? (
        <label className="check-label hint" data-testid="identification-hint">
          <input type="checkbox" data-testid="entry-register" checked={fields.entryRegister} onChange={(e) => set('entryRegister')(e.target.checked)} />
          {t('settings.entryRegister')}
        </label>
      ) : (
        <p className="hint" data-testid="identification-hint">
          {t(`settings.identificationHints.${fields.identificationMoment}`)}
        </p>
      )}
    </fieldset>
  );
}

/** The shifts: how long a login lasts, and whether managers need 6-digit PINs. */
export function ShiftFields({ form }: { form: HallFieldsState }) {
  const { t } = useTranslation();
  const { fields, set } = form;
  return (
    <fieldset>
      <legend>{t('settings.shiftTitle')}</legend>
      <label>
        {t('settings.shiftHours')}
        <span className="input-suffix">
          <input data-testid="shift-hours" inputMode="numeric" value={fields.shiftHours} onChange={(e) => set('shiftHours')(e.target.value.replace(/\D/g, '').slice(0, 2))} />
          <span aria-hidden="true">h</span>
        </span>
      </label>
      <p className="hint">{t('settings.shiftHint')}</p>
      <label className="check-label">
        <input type="checkbox" data-testid="long-manager-pins" checked={fields.longManagerPins} onChange={(e) => set('longManagerPins')(e.target.checked)} />
        {t('settings.longManagerPins')}
      </label>
      <p className="hint">{t('settings.longManagerPinsHint')}</p>
    </fieldset>
  );
}
