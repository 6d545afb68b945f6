/**
 * The machine form's fields as typed, and their check (core/caixa/contract.ts
 * holds the same limits) into the channel's input.
 */
import type { ChannelInput, ChannelOutput } from '../../../../core/contract.js';
import { euroFieldText, parseEuroText } from '../../../lib/money.js';
import { formatPercent, parsePercent } from '../../../lib/settings.js';

export type Machine = ChannelOutput<'machine.list'>[number];
type MachineInput = ChannelInput<'machine.register'>;

export interface MachineFields {
  number: string;
  model: string;
  bet: string;
  location: string;
  group: string;
  jackpotShare: string;
  superjackpotShare: string;
}

export const EMPTY_MACHINE: MachineFields = { number: '', model: '', bet: '', location: '', group: '', jackpotShare: '', superjackpotShare: '' };

/** A machine number or a group code (core/caixa/contract.ts): 1 to 20 letters, digits, `.`, `_`, `-`. */
const CODE = /^[A-Za-z0-9._-]{1,20}$/;
export const MAX_TEXT = 60;
/** The largest bet (core/caixa/rules.ts): 10 000,00 €. */
const MAX_BET_CENTS = 1_000_000;

export function fieldsOf(m: Machine): MachineFields {
  return {
    number: m.number,
    model: m.model,
    bet: euroFieldText(m.betCents),
    location: m.location ?? '',
    group: m.group ?? '',
    jackpotShare: formatPercent(m.jackpotShareBasisPoints),
    superjackpotShare: formatPercent(m.superjackpotShareBasisPoints),
  };
}

type Field = keyof MachineFields;

/** The form as typed, checked and turned into the channel's input (or the first bad field). Empty shares are 0 %. */
export function machineInput(x: MachineFields): { ok: true; input: MachineInput } | { ok: false; field: Field } {
  const number = x.number.trim();
  if (!CODE.test(number)) return { ok: false, field: 'number' };
  const model = x.model.trim();
  if (model === '' || model.length > MAX_TEXT) return { ok: false, field: 'model' };
  const betCents = parseEuroText(x.bet);
  if (betCents === null || betCents <= 0 || betCents > MAX_BET_CENTS) return { ok: false, field: 'bet' };
  const location = x.location.trim();
  if (location.length > MAX_TEXT) return { ok: false, field: 'location' };
  const group = x.group.trim();
  if (group !== '' && !CODE.test(group)) return { ok: false, field: 'group' };
  const jackpot = x.jackpotShare.trim() === '' ? 0 : parsePercent(x.jackpotShare);
  if (jackpot === null) return { ok: false, field: 'jackpotShare' };
  const superjackpot = x.superjackpotShare.trim() === '' ? 0 : parsePercent(x.superjackpotShare);
  if (superjackpot === null) return { ok: false, field: 'superjackpotShare' };
  return {
    ok: true,
    input: {
      number,
      model,
      betCents,
      location: location === '' ? null : location,
      group: group === '' ? null : group,
      jackpotShareBasisPoints: jackpot,
      superjackpotShareBasisPoints: superjackpot,
    },
  };
}
