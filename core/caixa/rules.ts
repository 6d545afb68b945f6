/**
 * The caixa's rules (Portaria 1441/95, slot-machine rules n.º 2-14; SPEC 7):
 * jackpot and superjackpot funds and their names, the split of a guia into
 * cash and cheques, meter readings, contributions in basis points, the
 * return-to-player ratio and the machines file. Pure functions, integer cents.
 */
import type { Params } from '../catalogue.js';
import { KioskError } from '../refusal.js';

/** What a guia pays: a machine's jackpot, a group's superjackpot, a hand pay or a credits claim. */
export const GUIA_KINDS = ['jackpot', 'superjackpot', 'hand_pay', 'credits_claim'] as const;
export type GuiaKind = (typeof GUIA_KINDS)[number];

/** Slot-machine rules n.º 2: a machine returns at least 80 % of the amounts played. */
export const MIN_RETURN_BASIS_POINTS = 8000;

/** Machine numbers and group codes: what a label, a file and a fund name can all carry. */
const CODE = /^[A-Za-z0-9._-]{1,20}$/;

// ---------------------------------------------------------------- funds

/** A jackpot fund belongs to one machine (n.º 3), a superjackpot fund to a group of machines (n.º 4). */
export type FundRef = { kind: 'machine'; number: string } | { kind: 'group'; code: string };

/**
 * A fund's name as typed and stored: 'machine:<number>' or 'group:<code>',
 * so one text field names either kind. Exact spelling: lower-case prefix, no
 * blanks; anything else is refused with what was typed (cut to 40 characters).
 */
export function parseFund(name: string): FundRef {
  const m = /^(machine|group):(.*)$/s.exec(name);
  if (m && CODE.test(m[2]!)) return m[1] === 'machine' ? { kind: 'machine', number: m[2]! } : { kind: 'group', code: m[2]! };
  throw new KioskError('FUND_NAME_INVALID', { fund: name.slice(0, 40) });
}

/** The name of a fund, the inverse of parseFund. */
export function fundName(ref: FundRef): string {
  return ref.kind === 'machine' ? `machine:${ref.number}` : `group:${ref.code}`;
}

/** The ledger account holding a fund's amounts (a liability: the money belongs to the players). */
export function fundAccount(ref: FundRef): string {
  return `liability:jackpot:${fundName(ref)}`;
}

// ---------------------------------------------------------------- guias

/**
 * A guia's split judged, never thrown: the caixa's form asks at each key what
 * is left to split, the service refuses with checkSplit. `remainingCents` is
 * the amount less the parts (negative: too much); 'cash' or 'cheque' when a
 * part is not whole cents (cash may be nothing, a cheque may not).
 */
type SplitVerdict =
  | { ok: true; remainingCents: 0 }
  | { ok: false; reason: 'cash' | 'cheque' | 'over' | 'under'; remainingCents: number };

/** A guia is paid in cash, cheques or both (n.º 13); the parts must add up to the cent, so nothing is paid twice or left unpaid. */
export function splitVerdict(amountCents: number, cashCents: number, cheques: readonly { amountCents: number }[]): SplitVerdict {
  const remainingCents = cheques.reduce((left, c) => left - c.amountCents, amountCents - cashCents);
  if (!Number.isSafeInteger(cashCents) || cashCents < 0) return { ok: false, reason: 'cash', remainingCents };
  if (cheques.some((c) => !Number.isSafeInteger(c.amountCents) || c.amountCents <= 0)) return { ok: false, reason: 'cheque', remainingCents };
  if (remainingCents < 0) return { ok: false, reason: 'over', remainingCents };
  if (remainingCents > 0) return { ok: false, reason: 'under', remainingCents };
  return { ok: true, remainingCents: 0 };
}

/**
 * The service's check of splitVerdict. A part that is not whole cents (a
 * negative, a fraction, a cheque of nothing) is a RangeError: the contract
 * validates them; a sum off by a cent is GUIA_SPLIT_MISMATCH.
 */
export function checkSplit(amountCents: number, cashCents: number, cheques: readonly { amountCents: number }[]): void {
  const verdict = splitVerdict(amountCents, cashCents, cheques);
  if (verdict.ok) return;
  if (verdict.reason === 'cash' || verdict.reason === 'cheque') {
    const parts = [cashCents, ...cheques.map((c) => c.amountCents)].join(', ');
    throw new RangeError(`a guia's part must be whole cents, a cheque more than nothing: ${parts}`);
  }
  throw new KioskError('GUIA_SPLIT_MISMATCH', { sumCents: amountCents - verdict.remainingCents, amountCents });
}

/** A large guia needs a second person: strictly over the hall's threshold (null: never). */
export function guiaNeedsApproval(amountCents: number, thresholdCents: number | null): boolean {
  return thresholdCents !== null && amountCents > thresholdCents;
}

/** The amounts held in a fund never go negative (n.º 5): a payout larger than the fund is refused. */
export function checkFundPayout(fund: string, amountCents: number, heldCents: number): void {
  if (amountCents > heldCents) {
    throw new KioskError('FUND_INSUFFICIENT', { fund, heldCents, amountCents });
  }
}

/**
 * n.º 6: the amounts held that cannot be awarded "serão transferidos para
 * outra máquina ou grupo de máquinas do mesmo modelo e apostas ou, na sua
 * falta, para as máquinas que vierem a ser autorizadas pela Inspecção-Geral
 * de Jogos". The first branch ('same_model') needs another machine or group
 * of the same model and bet in the hall; the second ('inspectorate') applies
 * only where there is none, to the machines the inspectorate authorised (any
 * model), with that authorisation's reference. **Decision**: in both the
 * fund moves whole to one fund (a machine's jackpot or a group's
 * superjackpot: machines authorised together are a group), with a second
 * manager's approval.
 */
export const TRANSFER_BRANCHES = ['same_model', 'inspectorate'] as const;
export type TransferBranch = (typeof TRANSFER_BRANCHES)[number];

/** A fund, the machines behind it (their numbers) and their model and bet (null: no machine is). */
interface FundBehind {
  fund: string;
  model: string | null;
  betCents: number | null;
  machines: readonly string[];
}

/**
 * A fund behind none but the source's own machines (a group's member, or the
 * group of a machine alone in it): moved there, the amounts held would stay
 * behind the machines that cannot award them, so it is not "outra máquina ou
 * grupo" (n.º 6). A machine's group with other machines in it is.
 */
function onlyBehindSource(target: Pick<FundBehind, 'machines'>, source: Pick<FundBehind, 'machines'>): boolean {
  return target.machines.length > 0 && target.machines.every((m) => source.machines.includes(m));
}

/**
 * The hall's funds behind machines: each machine's jackpot and each group's
 * superjackpot (a group's machines share model and bet: its first one's), in
 * the machines' order.
 */
export function fundsOfMachines(machines: readonly { number: string; model: string; betCents: number; group: string | null }[]): FundBehind[] {
  const funds: FundBehind[] = machines.map((m) => ({ fund: fundName({ kind: 'machine', number: m.number }), model: m.model, betCents: m.betCents, machines: [m.number] }));
  const groups = new Map<string, FundBehind>();
  for (const m of machines) {
    if (m.group === null) continue;
    const numbers = machines.filter((x) => x.group === m.group).map((x) => x.number);
    if (!groups.has(m.group)) groups.set(m.group, { fund: fundName({ kind: 'group', code: m.group }), model: m.model, betCents: m.betCents, machines: numbers });
  }
  return [...funds, ...groups.values()];
}

/** n.º 6, first branch: the other funds (behind some machine not the fund's own) whose machines are of its model (exact spelling) and bet. */
export function sameModelTargets<T extends FundBehind>(funds: readonly T[], from: FundBehind): T[] {
  if (from.model === null || from.betCents === null) return [];
  return funds.filter((f) => f.fund !== from.fund && !onlyBehindSource(f, from) && f.model === from.model && f.betCents === from.betCents);
}

/** n.º 6, second branch: any other fund with machines behind it, not all of them the source's own. */
export function inspectorateTargets<T extends FundBehind>(funds: readonly T[], from: FundBehind): T[] {
  return funds.filter((f) => f.fund !== from.fund && f.model !== null && !onlyBehindSource(f, from));
}

/** Refuses a transfer to the fund itself, or to one behind none but its own machines: the amounts would stay where they cannot be awarded (n.º 6). */
function checkOtherMachines(from: Pick<FundBehind, 'fund' | 'machines'>, to: Pick<FundBehind, 'fund' | 'machines'>): void {
  if (from.fund === to.fund) throw new KioskError('FUND_TRANSFER_SAME', {});
  if (onlyBehindSource(to, from)) throw new KioskError('FUND_TRANSFER_SAME_MACHINES', { from: from.fund, to: to.fund, machines: to.machines.join(', ') });
}

/** Which branch of n.º 6 applies to a fund: the first while the hall has a fund of its model and bet, else the inspectorate's. */
export function transferBranchFor(funds: readonly FundBehind[], from: FundBehind): TransferBranch {
  return sameModelTargets(funds, from).length > 0 ? 'same_model' : 'inspectorate';
}

/**
 * n.º 6, second branch: to the machines the inspectorate authorised, of any
 * model and bet, but only "na sua falta": refused while the hall has another
 * fund of the same model and bet (`sameModel`, sameModelTargets), naming the
 * first, FUND_TRANSFER_SAME_MODEL_EXISTS {from, model, betCents, existing, count}.
 * Checked in this order: another fund, no same-model fund, something held.
 */
export function checkInspectorateTransfer(
  from: { fund: string; model: string; betCents: number; heldCents: number; machines: readonly string[] },
  to: { fund: string; machines: readonly string[] },
  sameModel: readonly { fund: string }[],
): void {
  checkOtherMachines(from, to);
  const [existing] = sameModel;
  if (existing) {
    throw new KioskError('FUND_TRANSFER_SAME_MODEL_EXISTS', {
      from: from.fund,
      model: from.model,
      betCents: from.betCents,
      existing: existing.fund,
      count: sameModel.length,
    });
  }
  if (from.heldCents <= 0) throw new KioskError('FUND_EMPTY', { fund: from.fund });
}

/**
 * n.º 6, first branch: the amounts held may move only to another fund whose
 * machines are of the same model and bet, so the players of that model keep
 * them. Checked in this order: another fund, same model (exact spelling) and
 * bet, something held. Never to a fund behind none but the source's own
 * machines (a group's member, a lone machine's group).
 */
export function checkTransfer(
  from: { fund: string; model: string; betCents: number; heldCents: number; machines: readonly string[] },
  to: { fund: string; model: string; betCents: number; machines: readonly string[] },
): void {
  checkOtherMachines(from, to);
  if (from.model !== to.model || from.betCents !== to.betCents) {
    throw new KioskError('FUND_TRANSFER_MISMATCH', {
      from: from.fund,
      to: to.fund,
      fromModel: from.model,
      toModel: to.model,
      fromBetCents: from.betCents,
      toBetCents: to.betCents,
    });
  }
  if (from.heldCents <= 0) throw new KioskError('FUND_EMPTY', { fund: from.fund });
}

// ---------------------------------------------------------------- meters

export interface MeterValues {
  coinsIn: number;
  prizesPaid: number;
  coinsCollected: number;
}
type MeterKind = 'reading' | 'rollover' | 'reset';

/** The counters, in the order they are checked (METER_BACKWARDS names the first that went down by its key). */
const COUNTERS = ['coinsIn', 'prizesPaid', 'coinsCollected'] as const;

function checkCounters(values: MeterValues, what: string): void {
  for (const key of COUNTERS) {
    const v = values[key];
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${what} ${key} must be a whole non-negative number: ${v}`);
  }
}

/**
 * What the counters counted since the previous reading (n.º 9). 'reading':
 * each counter >= previous, else METER_BACKWARDS for the first counter (in the
 * order coinsIn, prizesPaid, coinsCollected) that went down. 'rollover': a
 * counter that went down wrapped at `modulus` (delta = modulus - previous +
 * value); modulus must be an integer > every previous value, else
 * METER_ROLLOVER_MODULUS {previous: the largest previous}; counters that did
 * not go down count normally. 'reset': the meter was set to zero, delta = the
 * new values. No previous reading: all zeros, whatever the kind (the first
 * reading is the baseline). `number` is the machine number, used only in the
 * error. Counter values are whole non-negative numbers (a RangeError otherwise).
 */
export function meterDelta(number: string, previous: MeterValues | null, current: MeterValues, kind: MeterKind, modulus?: number): MeterValues {
  checkCounters(current, 'current');
  if (previous === null) return { coinsIn: 0, prizesPaid: 0, coinsCollected: 0 };
  checkCounters(previous, 'previous');
  if (kind === 'reset') return { coinsIn: current.coinsIn, prizesPaid: current.prizesPaid, coinsCollected: current.coinsCollected };
  if (kind === 'rollover') {
    const largest = Math.max(previous.coinsIn, previous.prizesPaid, previous.coinsCollected);
    if (modulus === undefined || !Number.isSafeInteger(modulus) || modulus <= largest) {
      throw new KioskError('METER_ROLLOVER_MODULUS', { previous: largest });
    }
  }
  const delta: MeterValues = { coinsIn: 0, prizesPaid: 0, coinsCollected: 0 };
  for (const key of COUNTERS) {
    const before = previous[key];
    const value = current[key];
    if (value >= before) delta[key] = value - before;
    else if (kind === 'rollover') delta[key] = modulus! - before + value;
    else throw new KioskError('METER_BACKWARDS', { number, counter: key, previous: before, value });
  }
  return delta;
}

/** Meter units are credits of the machine's bet value: credits x betCents. */
export function creditsToCents(credits: number, betCents: number): number {
  const cents = credits * betCents;
  if (!Number.isSafeInteger(credits) || !Number.isSafeInteger(betCents) || !Number.isSafeInteger(cents)) {
    throw new RangeError(`credits x bet must be whole cents: ${credits} x ${betCents}`);
  }
  return cents;
}

/**
 * A fund's contribution from the amounts played: floor(played x share /
 * 10 000), in integers (BigInt once the product passes 2^53) so no cent is
 * lost or invented. Played is whole non-negative cents, share 0-10 000.
 */
export function contributionCents(playedCents: number, shareBasisPoints: number): number {
  if (!Number.isSafeInteger(playedCents) || playedCents < 0) throw new RangeError(`played must be whole non-negative cents: ${playedCents}`);
  if (!Number.isInteger(shareBasisPoints) || shareBasisPoints < 0 || shareBasisPoints > 10_000) {
    throw new RangeError(`share must be 0 to 10 000 basis points: ${shareBasisPoints}`);
  }
  const product = playedCents * shareBasisPoints;
  if (Number.isSafeInteger(product)) return Math.floor(product / 10_000);
  return Number((BigInt(playedCents) * BigInt(shareBasisPoints)) / 10_000n);
}

/**
 * The return to players over a period (n.º 2): (machine prizes + guias) /
 * amounts played, floored to basis points; null when nothing was played;
 * `below` when under MIN_RETURN_BASIS_POINTS (false when null). Amounts are
 * whole non-negative cents.
 */
export function returnToPlayer(p: { playedCents: number; machinePrizesCents: number; guiasCents: number }): {
  basisPoints: number | null;
  below: boolean;
} {
  for (const [name, v] of Object.entries(p)) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be whole non-negative cents: ${v}`);
  }
  if (p.playedCents === 0) return { basisPoints: null, below: false };
  const returned = BigInt(p.machinePrizesCents) + BigInt(p.guiasCents);
  const basisPoints = Number((returned * 10_000n) / BigInt(p.playedCents));
  return { basisPoints, below: basisPoints < MIN_RETURN_BASIS_POINTS };
}

// ---------------------------------------------------------------- machines file

export interface MachineInput {
  number: string;
  model: string;
  betCents: number;
  location: string | null;
  group: string | null;
}

// The two headers a file may have; MACHINES_CSV_INVALID words them (core/caixa/errors.ts), with the file's separator.
const HEADER_EN = ['number', 'model', 'bet', 'location', 'group'];
const HEADER_PT = ['numero', 'modelo', 'aposta', 'localizacao', 'grupo'];
const MAX_BET_CENTS = 1_000_000;
const MAX_TEXT = 60;
// C0 and C1 control characters (a tab or a stray CR inside a name).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A refusal of the whole file, naming the physical line: why, as a code
 * (worded per language in ./errors.ts, MACHINES_CSV_INVALID), and its data.
 */
class CsvRefusal {
  constructor(
    readonly reason: string,
    readonly params: Params = {},
  ) {}
}

/** A value quoted back in a reason: control characters shown as '?', cut to `max` characters. */
function shown(value: string, max = 30): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/**
 * The fields of one line: split at `sep` outside double quotes, "" inside
 * quotes is a quote, blanks around a field (and around its quotes) dropped.
 * A quote inside an unquoted field is kept as text.
 */
function splitFields(line: string, sep: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
    let field: string;
    if (line[i] === '"') {
      field = '';
      i++;
      for (;;) {
        if (i >= line.length) throw new CsvRefusal('unclosed_quotes');
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += line[i];
        i++;
      }
      while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
      if (i < line.length && line[i] !== sep) throw new CsvRefusal('text_after_quotes');
    } else {
      const end = line.indexOf(sep, i);
      field = line.slice(i, end === -1 ? line.length : end);
      i = end === -1 ? line.length : end;
    }
    fields.push(field.trim());
    if (i >= line.length) return fields;
    i++; // the separator
  }
}

/** Euros as typed ('1', '0,50', '0.50', '2,5') to cents, without floats. */
function parseBet(raw: string): number {
  if (raw === '') throw new CsvRefusal('missing', { field: 'bet' });
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(raw);
  if (!m) throw new CsvRefusal('bet_invalid', { value: shown(raw) });
  const euros = m[1]!.replace(/^0+(?=\d)/, '');
  const cents = euros.length > 5 ? Number.POSITIVE_INFINITY : Number(euros) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents === 0) throw new CsvRefusal('bet_zero', { value: shown(raw) });
  if (cents > MAX_BET_CENTS) throw new CsvRefusal('bet_over_maximum', { value: shown(raw), maxCents: MAX_BET_CENTS });
  return cents;
}

/** The fields of a row, as MACHINES_CSV_INVALID names them (`field`). */
type CsvField = 'number' | 'model' | 'bet' | 'location' | 'group';

function parseText(raw: string, field: CsvField, required: boolean): string | null {
  if (raw === '') {
    if (required) throw new CsvRefusal('missing', { field });
    return null;
  }
  if (raw.length > MAX_TEXT) throw new CsvRefusal('too_long', { field, max: MAX_TEXT });
  if (CONTROL.test(raw)) throw new CsvRefusal('control_characters', { field });
  return raw;
}

function parseCode(raw: string, field: CsvField, required: boolean): string | null {
  if (raw === '') {
    if (required) throw new CsvRefusal('missing', { field });
    return null;
  }
  if (!CODE.test(raw)) throw new CsvRefusal('code_invalid', { field, value: shown(raw) });
  return raw;
}

const headerKey = (h: string) =>
  h
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * A machines file (CSV, UTF-8, optional BOM, LF or CRLF; ',' or ';' from the
 * header line: ';' when it has a ';' and no ','). Header `number,model,bet,
 * location,group` or `numero,modelo,aposta,localizacao,grupo` (case and
 * accents optional, one language throughout). One machine per line, exactly
 * five fields; bet in euros with at most 2 decimals, > 0 and up to 10 000 €.
 * Blank lines, and lines of separators only, are skipped; quoted fields may
 * hold the separator but not a line break. Any bad row refuses the whole
 * file, naming its physical line (the header is line 1), so a file is
 * imported whole or not at all.
 */
export function parseMachinesCsv(text: string): MachineInput[] {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  let lineNo = 0;
  try {
    const headerIndex = lines.findIndex((l) => l.trim() !== '');
    if (headerIndex === -1) {
      lineNo = 1;
      throw new CsvRefusal('empty_file');
    }
    lineNo = headerIndex + 1;
    const headerLine = lines[headerIndex]!;
    const sep = headerLine.includes(';') && !headerLine.includes(',') ? ';' : ',';
    const header = splitFields(headerLine, sep).map(headerKey);
    const matches = (expected: string[]) => header.length === expected.length && header.every((h, i) => h === expected[i]);
    if (!matches(HEADER_EN) && !matches(HEADER_PT)) {
      throw new CsvRefusal('header_invalid', { header: shown(headerLine, 60), sep });
    }
    const machines: MachineInput[] = [];
    const seen = new Map<string, number>();
    for (let i = headerIndex + 1; i < lines.length; i++) {
      const line = lines[i]!;
      lineNo = i + 1;
      if (line.trim() === '') continue;
      const fields = splitFields(line, sep);
      if (fields.every((f) => f === '')) continue;
      if (fields.length !== 5) {
        throw new CsvRefusal('field_count', { count: fields.length, sep });
      }
      const number = parseCode(fields[0]!, 'number', true)!;
      const model = parseText(fields[1]!, 'model', true)!;
      const betCents = parseBet(fields[2]!);
      const location = parseText(fields[3]!, 'location', false);
      const group = parseCode(fields[4]!, 'group', false);
      const first = seen.get(number);
      if (first !== undefined) throw new CsvRefusal('number_repeated', { number, first });
      seen.set(number, lineNo);
      machines.push({ number, model, betCents, location, group });
    }
    if (machines.length === 0) {
      lineNo = 1;
      throw new CsvRefusal('no_machines');
    }
    return machines;
  } catch (e) {
    if (e instanceof CsvRefusal) throw new KioskError('MACHINES_CSV_INVALID', { line: lineNo, reason: e.reason, ...e.params });
    throw e;
  }
}
