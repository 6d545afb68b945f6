import { useState } from 'react';
import type { Settings } from '../../../../core/contract.js';
import type { IdentificationMoment } from '../../../../core/compliance/moments.js';
import type { HallTimeZone } from '../../../../core/time.js';
import { euroFieldText } from '../../../lib/money.js';
import { formatPercent } from '../../../lib/settings.js';

/** The hall's settings as typed in the form, started from the kiosk's values. */
interface HallFields {
  hallName: string;
  licence: string;
  timeZone: HallTimeZone;
  stamp: string;
  specialOn: boolean;
  share: string;
  balls: string;
  starting: string;
  maxCards: string;
  chips: boolean;
  guiaThreshold: string;
  shiftHours: string;
  longManagerPins: boolean;
  identificationMoment: IdentificationMoment;
  entryRegister: boolean;
  identificationThreshold: string;
}

function fieldsOf(settings: Settings): HallFields {
  return {
    hallName: settings.hallName,
    licence: settings.licence ?? '',
    timeZone: settings.timeZone,
    stamp: settings.stampDutyBasisPoints === null ? '' : formatPercent(settings.stampDutyBasisPoints),
    specialOn: settings.specialPrize?.enabled ?? false,
    share: settings.specialPrize ? formatPercent(settings.specialPrize.shareBasisPoints) : '',
    balls: settings.specialPrize ? String(settings.specialPrize.baseBalls) : '',
    starting: settings.specialPrize ? euroFieldText(settings.specialPrize.startingCents) : '',
    maxCards: String(settings.maxCardsPerSale),
    chips: settings.chipsAllowed,
    guiaThreshold: settings.guiaApprovalThresholdCents === null ? '' : euroFieldText(settings.guiaApprovalThresholdCents),
    shiftHours: String(settings.shiftHours),
    longManagerPins: settings.longManagerPins,
    identificationMoment: settings.identificationMoment,
    entryRegister: settings.entryRegister,
    identificationThreshold: euroFieldText(settings.identificationThresholdCents),
  };
}

/** The form's fields and a setter for each: `set('share')(text)`. */
export function useHallFields(settings: Settings) {
  const [fields, setFields] = useState(() => fieldsOf(settings));
  const set =
    <K extends keyof HallFields>(key: K) =>
    (value: HallFields[K]) =>
      setFields((x) => ({ ...x, [key]: value }));
  return { fields, set };
}
export type HallFieldsState = ReturnType<typeof useHallFields>;
