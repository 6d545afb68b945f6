/**
 * The table sheet of the fiscal de banca (SPEC 8; Portaria 1441/95, sections
 * IX and X): the roulette tables with their limits (X.27), the colour chips
 * marked at the table (IX.6-9), the settlement of a spin (X.20-X.22, X.25;
 * a bet in colour chips counted in chips of a colour marked here, IX.7), and
 * the table's log of spins, null spins (X.16), the hourly changes of the
 * balls (X.12) and of the dealer (X.28), and the next launch's direction (X.15).
 *
 * Laid out in the window's height (issue 38): the cloth and the bet's entry on
 * the left, the spin's acts on the right, each in a place of its own; the bets
 * (or the settlement), the log, the limits and the colours are lists that
 * scroll in fixed boxes, so recording a spin or a settlement moves no key.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput, ChannelOutput } from '../../../core/contract.js';
import { CHANCE_WORDS } from '../../../core/roulette/errors.js';
import {
  LAUNCH_DIRECTIONS,
  LIMIT_GROUPS,
  betOfNumbers,
  checkBet,
  isSimpleChance,
  type Chance,
  type LaunchDirection,
  type LimitGroup,
  type SimpleChance,
} from '../../../core/roulette/rules.js';
import { invoke, type ClientError, type ClientResult } from '../../client.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ReasonPicker } from '../../components/ReasonPicker.js';
import { SubTabs } from '../../components/SubTabs.js';
import { useFormat } from '../../format.js';
import { useKioskQuery, type QueryState } from '../../hooks.js';
import { downloadBase64 } from '../../lib/download.js';
import { parseEuroText } from '../../lib/money.js';
import { Cloth } from './Cloth.js';
import { TableRegion } from '../../components/TableRegion.js';

type Table = ChannelOutput<'table.list'>[number];
type Wheel = ChannelInput<'table.register'>['wheel'];
type BetInput = ChannelInput<'roulette.settle'>['bets'][number];
type Settlement = ChannelOutput<'roulette.settle'>;
type Log = ChannelOutput<'roulette.log'>;
type LogEntry = Log['entries'][number];
type Colours = ChannelOutput<'table.colourChips'>['chips'];
type ColoursQuery = QueryState<ChannelOutput<'table.colourChips'>>;

/** How many colour chips one bet may hold (core/roulette/contract.ts). */
const MAX_CHIPS = 10_000;
/** A null spin's reason (core/roulette/contract.ts: 3 to 200 characters; the picker's words keep the maximum). */
const MIN_REASON = 3;
/** What the side's box shows under the spin's acts: the log while playing, the rest on demand. */
const SIDE = ['log', 'limits', 'colours', 'register'] as const;
type Side = (typeof SIDE)[number];

const emptyMinima = (): Record<LimitGroup, string> => Object.fromEntries(LIMIT_GROUPS.map((g) => [g, ''])) as Record<LimitGroup, string>;

/** `7` -> 7; anything but a whole number 0-36 -> null. */
function parseNumber(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,2}$/.test(s)) return null;
  const n = Number(s);
  return n <= 36 ? n : null;
}

const numbersText = (ns: readonly number[]) => ns.join('-');

/** A chance's (or limit group's) name: the translation, else the Portuguese word of core. */
function useChanceLabel() {
  const { t } = useTranslation();
  return (chance: string) => t(`tableSheet.chance.${chance}`, { defaultValue: CHANCE_WORDS[chance]?.pt ?? chance });
}

/** Fiscal de banca: tables, settlement of a spin and the table's log. */
export function TableSheet() {
  const { t } = useTranslation();
  const tables = useKioskQuery('table.list', {});
  const list = tables.data ?? [];
  const [chosenCode, setChosenCode] = useState('');
  const chosen = list.find((x) => x.code === chosenCode) ?? list[0];
  const registered = (code: string) => {
    setChosenCode(code);
    void tables.reload();
  };

  return (
    <section className="panel table-sheet" aria-labelledby="table-sheet-title">
      {/* The title, what the sheet is for and the table's choice on one row: the sheet's own work starts at once below it. */}
      <div className="panel-head table-sheet-head">
        <h2 id="table-sheet-title">{t('tableSheet.title')}</h2>
        <p className="meta">{t('tableSheet.subtitle')}</p>
        {list.length > 0 ? (
          <label className="table-sheet-choice">
            {t('tableSheet.table')}
            <select data-testid="tables-select" value={chosen?.code ?? ''} onChange={(e) => setChosenCode(e.target.value)}>
              {list.map((x) => (
                <option key={x.code} value={x.code}>
                  {t('tableSheet.tableOption', { code: x.code, wheel: t(`tableSheet.wheel.${x.wheel}`) })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <ErrorAlert error={tables.error} testId="tables-load-error" />
      {tables.data === undefined ? (
        tables.error ? null : <p className="loading">{t('tableSheet.loading')}</p>
      ) : chosen ? (
        <TablePlay key={chosen.code} table={chosen} onRegistered={registered} />
      ) : (
        <div className="table-sheet-first">
          <p className="empty" data-testid="tables-empty">
            {t('tableSheet.noTables')}
          </p>
          <h3>{t('tableSheet.registerTitle')}</h3>
          <RegisterTable onRegistered={registered} />
        </div>
      )}
    </section>
  );
}

/**
 * One table's sheet: the play (cloth, bet, bets or settlement) beside the spin's acts (the launch's way, the number
 * drawn, settle, record) and a box of the log, the limits, the colours or a new table. Keyed by the table: its
 * bets and number are that table's.
 */
function TablePlay({ table, onRegistered }: { table: Table; onRegistered: (code: string) => void }) {
  const { t } = useTranslation();
  // The colours marked at the table (IX.7): listed, and offered to the bets in colour chips.
  const colours = useKioskQuery('table.colourChips', { tableCode: table.code });
  const chips = colours.data?.chips ?? [];
  const log = useSpinLog(table);
  const [bets, setBets] = useState<BetInput[]>([]);
  // The number drawn: settled by "Liquidar" and written in the log by "Registar número".
  const [numberText, setNumberText] = useState('');
  const [result, setResult] = useState<Settlement | null>(null);
  const [settling, setSettling] = useState(false);
  const [settleError, setSettleError] = useState<ClientError | string | null>(null);
  const [side, setSide] = useState<Side>('log');
  const changeBets = (next: (bs: BetInput[]) => BetInput[]) => {
    setResult(null);
    setBets(next);
  };

  const settle = async () => {
    if (settling) return;
    const number = parseNumber(numberText);
    if (number === null) {
      setSettleError(t('tableSheet.numberInvalid'));
      return;
    }
    if (bets.length === 0) {
      setSettleError(t('tableSheet.betsMissing'));
      return;
    }
    setSettling(true);
    setSettleError(null);
    setResult(null);
    const r = await invoke('roulette.settle', { tableCode: table.code, number, bets });
    setSettling(false);
    if (!r.ok) {
      setSettleError(r.error);
      return;
    }
    setResult(r.value);
  };

  const record = async () => {
    setSettleError(null);
    // The new line is shown where it is written.
    if (await log.spin(numberText)) setSide('log');
  };

  return (
    <div className="table-sheet-grid">
      <div className="table-sheet-play">
        <BetEntry colours={chips} bets={bets} drawn={result?.number ?? null} onAdd={(b) => changeBets((bs) => [...bs, b])} />
        <BetsBox colours={chips} bets={bets} result={result} onRemove={(i) => changeBets((bs) => bs.filter((_, j) => j !== i))} onBack={() => setResult(null)} />
      </div>
      <div className="table-sheet-side">
        <LaunchWay log={log} />
        <div className="form form-row spin-number-row">
          <label>
            {t('tableSheet.numberDrawn')}
            <input
              type="number"
              data-testid="spin-number"
              min={0}
              max={36}
              step={1}
              inputMode="numeric"
              value={numberText}
              onChange={(e) => {
                setNumberText(e.target.value);
                setResult(null);
              }}
            />
          </label>
          <button type="button" className="btn btn-primary" data-testid="settle" onClick={() => void settle()} disabled={settling}>
            {settling ? t('tableSheet.working') : t('tableSheet.settle')}
          </button>
        </div>
        <div className="spin-acts">
          <button type="button" className="btn btn-primary" data-testid="log-spin" onClick={() => void record()} disabled={log.busy}>
            {t('tableSheet.logSpin')}
          </button>
          <button type="button" className="btn btn-warning" data-testid="log-null" onClick={log.askNull} disabled={log.busy}>
            {t('tableSheet.logNull')}
          </button>
          <button type="button" className={`btn${log.data?.ballChangeDue ? ' due' : ''}`} data-testid="log-ball" onClick={() => void log.change('ball')} disabled={log.busy}>
            {t('tableSheet.logBall')}
          </button>
          <button type="button" className={`btn${log.data?.dealerChangeDue ? ' due' : ''}`} data-testid="log-dealer" onClick={() => void log.change('dealer')} disabled={log.busy}>
            {t('tableSheet.logDealer')}
          </button>
        </div>
        <SubTabs prefix="table-side" label={t('tableSheet.side.label', { code: table.code })} subs={SIDE} current={side} nameOf={(x) => t(`tableSheet.side.${x}`)} onChoose={setSide} />
        {/* The box under the tabs; what the acts have to say is laid over its foot, once: no key moves for it. */}
        <div className="table-side-box">
          <div role="tabpanel" id="table-side-panel" className="table-side-panel" aria-labelledby={`table-side-${side}-tab`} tabIndex={0} data-testid={`table-side-panel-${side}`}>
            {side === 'log' ? <LogList table={table} log={log} /> : null}
            {side === 'limits' ? <LimitsTable table={table} /> : null}
            {side === 'colours' ? <ColourChips code={table.code} chips={colours} /> : null}
            {side === 'register' ? <RegisterTable onRegistered={onRegistered} /> : null}
          </div>
          <div className="table-sheet-notices">
            <ErrorAlert error={settleError} testId="settle-error" />
            <ErrorAlert error={log.error} testId="log-error" />
            <ErrorAlert error={log.loadError} testId="log-load-error" />
            {log.data?.ballChangeDue ? (
              <p className="hint hint-warn" role="status" data-testid="ball-due">
                {t('tableSheet.ballDue')}
              </p>
            ) : null}
            {log.data?.dealerChangeDue ? (
              <p className="hint hint-warn" role="status" data-testid="dealer-due">
                {t('tableSheet.dealerDue')}
              </p>
            ) : null}
          </div>
        </div>
      </div>
      {log.asking ? <NullSpinDialog log={log} /> : null}
    </div>
  );
}
/** The table's chips without face value: each colour's value (IX.6), a late chip at the minimum (IX.9). */
function ColourChips({ code, chips }: { code: string; chips: ColoursQuery }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [colour, setColour] = useState('');
  const [value, setValue] = useState('');
  const [late, setLate] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const valueCents = late ? null : parseEuroText(value);
    if (colour.trim() === '' || (!late && (valueCents === null || valueCents === 0))) {
      setError(t('tableSheet.colourMissing'));
      return;
    }
    setError(null);
    const r = await invoke('table.colourChip', { tableCode: code, colour: colour.trim(), late, ...(valueCents ? { valueCents } : {}) });
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setColour('');
    setValue('');
    setLate(false);
    void chips.reload();
  };
  return (
    <div className="colour-chips">
      <h3>{t('tableSheet.colourTitle')}</h3>
      <p className="hint">{(chips.data?.chips ?? []).length === 0 ? t('tableSheet.noColours') : t('tableSheet.colourHint')}</p>
      <ul className="plain-list" data-testid="colour-chips">
        {(chips.data?.chips ?? []).map((c) => (
          <li key={c.colour}>
            {t('tableSheet.colourLine', { colour: c.colour, value: f.money(c.valueCents) })}
            {c.late ? ` (${t('tableSheet.colourLate')})` : ''}
          </li>
        ))}
      </ul>
      <form className="form form-row" onSubmit={submit} noValidate>
        <label>
          {t('tableSheet.colourName')}
          <input data-testid="colour-name" value={colour} maxLength={20} onChange={(e) => setColour(e.target.value)} />
        </label>
        <label>
          {t('tableSheet.colourValue')}
          <input data-testid="colour-value" inputMode="decimal" value={value} disabled={late} onChange={(e) => setValue(e.target.value)} />
        </label>
        <label className="check-label">
          <input type="checkbox" data-testid="colour-late" checked={late} onChange={(e) => setLate(e.target.checked)} />
          {t('tableSheet.colourLateLabel')}
        </label>
        <button type="submit" className="btn" data-testid="colour-submit">
          {t('tableSheet.colourSubmit')}
        </button>
      </form>
      <ErrorAlert error={error ?? chips.error} testId="colour-error" />
    </div>
  );
}

/** The limits sign (X.27) on the receipts printer, to post at the table. */
function PrintLimits({ code }: { code: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  return (
    <div className="button-row">
      <button
        type="button"
        className="btn"
        data-testid="table-print-limits"
        onClick={async () => {
          setDone(false);
          setError(null);
          const r = await invoke('table.printLimits', { tableCode: code });
          if (r.ok) setDone(true);
          else setError(r.error);
        }}
      >
        {t('tableSheet.printLimits')}
      </button>
      <button
        type="button"
        className="btn"
        data-testid="table-limits-pdf"
        onClick={async () => {
          setError(null);
          const r = await invoke('report.tableLimitsPdf', { tableCode: code });
          if (r.ok) downloadBase64(r.value.base64, r.value.filename);
          else setError(r.error);
        }}
      >
        {t('tableSheet.limitsPdf')}
      </button>
      {done ? (
        <span className="success-inline" role="status" data-testid="table-printed-limits">
          {t('tableSheet.printedLimits', { code })}
        </span>
      ) : null}
      <ErrorAlert error={error} testId="table-print-error" />
    </div>
  );
}

/** The chosen table's minimum and maximum of each group (X.27). */
function LimitsTable({ table }: { table: Table }) {
  const { t } = useTranslation();
  const f = useFormat();
  const chanceLabel = useChanceLabel();
  return (
    <TableRegion name={t('tableSheet.limitsTitle', { code: table.code })}>
      <table className="table table-limits" data-testid="table-limits">
        <caption>{t('tableSheet.limitsTitle', { code: table.code })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('tableSheet.col.group')}</th>
            <th scope="col" className="num">
              {t('tableSheet.col.minimum')}
            </th>
            <th scope="col" className="num">
              {t('tableSheet.col.maximum')}
            </th>
          </tr>
        </thead>
        <tbody>
          {LIMIT_GROUPS.map((g) => {
            const limit = table.limits[g];
            return (
              <tr key={g} data-testid={`table-limit-${g}`}>
                <th scope="row">{chanceLabel(g)}</th>
                <td className="num">{limit ? f.money(limit.minimumCents) : '—'}</td>
                <td className="num">{limit ? f.money(limit.maximumCents) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <PrintLimits code={table.code} />
    </TableRegion>
  );
}

/** "Registar mesa": code, wheel and the ten minima (the maxima follow X.27). */
function RegisterTable({ onRegistered }: { onRegistered: (code: string) => void }) {
  const { t } = useTranslation();
  const chanceLabel = useChanceLabel();
  const [code, setCode] = useState('');
  const [wheel, setWheel] = useState<Wheel>('french');
  const [minima, setMinima] = useState(emptyMinima);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    const trimmed = code.trim();
    if (!/^[A-Za-z0-9-]{1,12}$/.test(trimmed)) {
      setError(t('tableSheet.codeInvalid'));
      return;
    }
    const minimumsCents: Partial<Record<LimitGroup, number>> = {};
    for (const g of LIMIT_GROUPS) {
      const cents = parseEuroText(minima[g]);
      if (cents === null || cents <= 0) {
        setError(t('tableSheet.minimumInvalid', { group: chanceLabel(g) }));
        return;
      }
      minimumsCents[g] = cents;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('table.register', { code: trimmed, wheel, minimumsCents: minimumsCents as Record<LimitGroup, number> });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setCode('');
    setMinima(emptyMinima());
    setDone(t('tableSheet.registered', { code: r.value.code }));
    onRegistered(r.value.code);
  };

  return (
    <form className="form form-grid table-sheet-form" onSubmit={submit} aria-labelledby="table-register-title" noValidate>
      <h3 id="table-register-title" className="visually-hidden">{t('tableSheet.registerTitle')}</h3>
      <label>
        {t('tableSheet.code')}
        <input data-testid="table-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={12} autoComplete="off" spellCheck={false} />
      </label>
      <label>
        {t('tableSheet.wheelLabel')}
        <select data-testid="table-wheel" value={wheel} onChange={(e) => setWheel(e.target.value === 'american' ? 'american' : 'french')}>
          <option value="french">{t('tableSheet.wheel.french')}</option>
          <option value="american">{t('tableSheet.wheel.american')}</option>
        </select>
      </label>
      {LIMIT_GROUPS.map((g) => (
        <label key={g}>
          {t('tableSheet.minimumOf', { group: chanceLabel(g) })}
          <span className="input-suffix">
            <input
              data-testid={`table-min-${g}`}
              inputMode="decimal"
              placeholder="1,00"
              value={minima[g]}
              onChange={(e) => {
                const value = e.target.value;
                setMinima((m) => ({ ...m, [g]: value }));
              }}
              autoComplete="off"
            />
            <span aria-hidden="true">€</span>
          </span>
        </label>
      ))}
      <div className="form-actions">
        <p className="hint">{t('tableSheet.registerHint')}</p>
        <button type="submit" className="btn btn-primary" data-testid="table-register" disabled={busy}>
          {busy ? t('tableSheet.working') : t('tableSheet.register')}
        </button>
      </div>
      {done ? (
        <p className="success" role="status" data-testid="table-registered">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="table-register-error" />
    </form>
  );
}

/** `3` -> 3; anything but a whole number of chips 1-10 000 -> null. */
function parseChips(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,5}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= MAX_CHIPS ? n : null;
}

/** The numbers a bet entered covers (its own, or a simple chance's 18); none if it is not legal (the kiosk will say why). */
function checkBetQuietly(b: BetInput): number[] {
  try {
    return checkBet(b);
  } catch {
    return [];
  }
}

/** The words of a bet: its chance and numbers, what it stakes, and a settled bet with its colour chips. */
function useBetWords(colours: Colours) {
  const { t } = useTranslation();
  const f = useFormat();
  const chanceLabel = useChanceLabel();
  /** A colour's value now (the settlement uses the value marked when it runs). */
  const valueOf = (name: string | undefined) => colours.find((c) => c.colour === name)?.valueCents ?? null;
  /** What a bet entered stakes: its chips at their colour's value, or its amount. */
  const stakeOf = (b: BetInput): number | null => {
    if (b.chips === undefined) return b.amountCents ?? null;
    const value = valueOf(b.colour);
    return value === null ? null : value * b.chips;
  };
  const betText = (b: { chance: string; numbers?: readonly number[] | undefined }) =>
    // A simple chance is named alone (the settlement lists the 18 numbers it covers).
    b.numbers && b.numbers.length > 0 && !isSimpleChance(b.chance as Chance) ? t('tableSheet.betText', { chance: chanceLabel(b.chance), numbers: numbersText(b.numbers) }) : chanceLabel(b.chance);
  return {
    chanceLabel,
    betText,
    /** The stake column of a bet entered: "2 × 5,00 € = 10,00 €" in colour chips, "10,00 €" otherwise. */
    stakeText: (b: BetInput): string => {
      const stake = stakeOf(b);
      const money = stake === null ? '—' : f.money(stake);
      return b.chips === undefined ? money : `${t('tableSheet.chipsLine', { count: b.chips, value: f.money(valueOf(b.colour) ?? 0) })} = ${money}`;
    },
    /** A settled bet, with its colour chips when it was in them ("pleno 17 · 2 × 5,00 € verde"). */
    withChips: (b: Settlement['bets'][number]) =>
      b.colourChips
        ? t('tableSheet.betWithChips', { bet: betText(b), chips: t('tableSheet.chipsLine', { count: b.colourChips.chips, value: f.money(b.colourChips.valueCents) }), colour: b.colourChips.colour })
        : betText(b),
  };
}

/** A bet marked on the drawn cloth, in face-value or colour chips (IX.7, IX.8), added to the spin's bets. */
function BetEntry({ colours, bets, drawn, onAdd }: { colours: Colours; bets: readonly BetInput[]; drawn: number | null; onAdd: (bet: BetInput) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { chanceLabel, betText } = useBetWords(colours);
  // The bet being marked on the cloth: numbers, or one simple chance.
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [simplePick, setSimplePick] = useState<SimpleChance | null>(null);
  const [amount, setAmount] = useState('');
  // The player's chips: '' for face-value chips (IX.8), else a colour marked at this table, counted in chips (IX.7).
  const [colour, setColour] = useState('');
  const [chipCount, setChipCount] = useState('');
  const [error, setError] = useState<string | null>(null);

  const marked = simplePick ? { chance: simplePick as Chance, numbers: undefined } : betOfNumbers([...picked]);
  const chipColour = colours.find((c) => c.colour === colour);
  const chips = parseChips(chipCount);
  // Each number covered by the bets entered, and how many times: a dot on the cloth.
  const covered = new Map<number, number>();
  for (const b of bets) for (const n of checkBetQuietly(b)) covered.set(n, (covered.get(n) ?? 0) + 1);

  const toggleNumbers = (ns: readonly number[]) => {
    setSimplePick(null);
    setError(null);
    setPicked((p) => {
      const next = new Set(p);
      if (ns.every((n) => p.has(n))) ns.forEach((n) => next.delete(n));
      else ns.forEach((n) => next.add(n));
      return next;
    });
  };
  const toggleSimple = (c: SimpleChance) => {
    setPicked(new Set());
    setError(null);
    setSimplePick((x) => (x === c ? null : c));
  };

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!marked) {
      setError(t(picked.size === 0 ? 'tableSheet.numbersMissing' : 'tableSheet.notABet', { numbers: numbersText([...picked].sort((a, b) => a - b)) }));
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
    setPicked(new Set());
    setSimplePick(null);
  };

  return (
    <form className="bet-entry" onSubmit={add} aria-labelledby="bet-title" noValidate>
      <h3 id="bet-title" className="visually-hidden">
        {t('tableSheet.betTitle')}
      </h3>
      <Cloth picked={picked} simple={simplePick} covered={covered} drawn={drawn} onNumbers={toggleNumbers} onSimple={toggleSimple} chanceLabel={chanceLabel} />
      {/* One line of fixed height under the cloth: the bet marked, or what is wrong with it. */}
      <div className="cloth-marked">
        {error ? (
          <ErrorAlert error={error} testId="bet-error" />
        ) : (
          <p data-testid="bet-marked" className={marked ? 'bet-marked' : undefined} aria-live="polite">
            {marked
              ? t('tableSheet.marked', { bet: betText(marked) })
              : picked.size > 0
                ? t('tableSheet.notABet', { numbers: numbersText([...picked].sort((a, b) => a - b)) })
                : t('tableSheet.markHint')}
          </p>
        )}
      </div>
      <div className="form form-row bet-entry-row">
        <label className="bet-chips-kind">
          {t('tableSheet.chipsKind')}
          <select data-testid="bet-colour" value={chipColour ? chipColour.colour : ''} onChange={(e) => setColour(e.target.value)}>
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
                onChange={(e) => setChipCount(e.target.value)}
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
              <input data-testid="bet-amount" inputMode="decimal" placeholder="5,00" value={amount} onChange={(e) => setAmount(e.target.value)} autoComplete="off" />
              <span aria-hidden="true">€</span>
            </span>
          </label>
        )}
        <button type="submit" className="btn" data-testid="bet-add">
          {t('tableSheet.add')}
        </button>
      </div>
    </form>
  );
}

/** The spin's bets (each to remove), or once settled the payments in the X.22 order; a list that scrolls in its box. */
function BetsBox({
  colours,
  bets,
  result,
  onRemove,
  onBack,
}: {
  colours: Colours;
  bets: readonly BetInput[];
  result: Settlement | null;
  onRemove: (index: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const { betText, stakeText, withChips } = useBetWords(colours);
  const lost = result ? result.bets.map((b, i) => ({ b, i })).filter(({ i }) => !result.paymentOrder.includes(i)) : [];
  const name = result ? t('tableSheet.resultTableTitle') : t('tableSheet.betsTitle');
  return (
    <TableRegion name={name} className="bets-box">
      {result ? (
        <div className="settle-result" data-testid="settle-result" role="status">
          <div className="settle-result-head">
            <h3>{t('tableSheet.resultTitle', { number: result.number, colour: t(`tableSheet.colourName.${result.colour}`, { defaultValue: result.colour }) })}</h3>
            <p className="settle-total">
              {t('tableSheet.totalPrize')} <strong data-testid="settle-total">{f.money(result.totalPrizeCents)}</strong>
            </p>
            <button type="button" className="btn btn-small" data-testid="settle-back" onClick={onBack}>
              {t('tableSheet.settleBack')}
            </button>
          </div>
          {result.paymentOrder.length === 0 ? <p className="empty">{t('tableSheet.noWinners')}</p> : null}
          <table className="table settle-table">
            <caption className="visually-hidden">{t('tableSheet.resultTableTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tableSheet.col.order')}</th>
                <th scope="col">{t('tableSheet.col.betAnnouncement')}</th>
                <th scope="col" className="num">
                  {t('tableSheet.col.amount')}
                </th>
                <th scope="col" className="num">
                  {t('tableSheet.col.prize')}
                </th>
                <th scope="col" className="num">
                  {t('tableSheet.col.returned')}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.paymentOrder.map((index, i) => {
                const b = result.bets[index];
                if (!b) return null;
                return (
                  <tr key={`won-${index}`} data-testid={`settle-line-${i}`}>
                    <th scope="row">{i + 1}</th>
                    <td>
                      {withChips(b)}
                      <span className="log-sub">{b.announcement ?? '—'}</span>
                    </td>
                    <td className="num">{f.money(b.amountCents)}</td>
                    <td className="num">{f.money(b.prizeCents)}</td>
                    <td className="num">{f.money(b.returnedCents)}</td>
                  </tr>
                );
              })}
              {lost.map(({ b, i }) => (
                <tr key={`lost-${i}`} className="lost" data-testid={`settle-lost-${i}`} style={{ opacity: 0.55 }}>
                  <th scope="row">—</th>
                  <td>
                    {withChips(b)}
                    <span className="log-sub">{t('tableSheet.lost')}</span>
                  </td>
                  <td className="num">{f.money(b.amountCents)}</td>
                  <td className="num">{f.money(b.prizeCents)}</td>
                  <td className="num">{f.money(b.returnedCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : bets.length === 0 ? (
        <p className="empty" data-testid="bets-list">
          {t('tableSheet.noBets')}
        </p>
      ) : (
        <table className="table bets-table" data-testid="bets-list">
          <caption className="visually-hidden">{t('tableSheet.betsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tableSheet.col.bet')}</th>
              <th scope="col">{t('tableSheet.col.colour')}</th>
              <th scope="col" className="num">
                {t('tableSheet.col.amount')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('tableSheet.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {bets.map((b, i) => (
              <tr key={`${i}-${b.chance}-${numbersText(b.numbers ?? [])}`} data-testid={`bet-row-${i}`}>
                <th scope="row">{betText(b)}</th>
                <td>{b.colour ?? '—'}</td>
                <td className="num">{stakeText(b)}</td>
                <td>
                  <button type="button" className="btn btn-small" data-testid={`bet-remove-${i}`} aria-label={t('tableSheet.removeBet', { bet: betText(b) })} onClick={() => onRemove(i)}>
                    {t('tableSheet.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TableRegion>
  );
}

/** The table's log (newest first) and its commands: a spin, a null spin, the hourly changes (X.12, X.28), the next launch's way (X.15). */
function useSpinLog(table: Table) {
  const { t } = useTranslation();
  const log = useKioskQuery('roulette.log', { tableCode: table.code });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<ClientError | string | null>(null);
  // X.15: the kiosk knows the next launch's way from the last one; the table's first is the fiscal's to give.
  const [firstDirection, setFirstDirection] = useState<LaunchDirection | ''>('');
  const expected = log.data?.nextLaunch.direction ?? null;
  const direction: LaunchDirection | null = expected ?? (firstDirection === '' ? null : firstDirection);

  const run = async (command: 'roulette.spin' | 'roulette.change', call: () => Promise<ClientResult<Log>>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return false;
    }
    const value = r.value;
    log.apply(command, () => value);
    return true;
  };

  return {
    data: log.data,
    loadError: log.error,
    entries: log.data?.entries ?? [],
    busy,
    error,
    expected,
    direction,
    firstDirection,
    setFirstDirection,
    asking,
    reason,
    setReason,
    reasonError,
    // The direction shown is sent: if another terminal logged a launch meanwhile, the kiosk refuses it, saying the way expected.
    spin: async (numberText: string): Promise<boolean> => {
      const number = parseNumber(numberText);
      if (number === null) {
        setError(t('tableSheet.numberMissing'));
        return false;
      }
      if (direction === null) {
        setError(t('tableSheet.directionMissing'));
        return false;
      }
      return run('roulette.spin', () => invoke('roulette.spin', { tableCode: table.code, number, direction }));
    },
    change: (kind: 'ball' | 'dealer') => run('roulette.change', () => invoke('roulette.change', { tableCode: table.code, kind })),
    askNull: () => {
      if (direction === null) {
        setError(t('tableSheet.directionMissing'));
        return;
      }
      setError(null);
      setReasonError(null);
      setAsking(true);
    },
    closeNull: () => setAsking(false),
    nullSpin: async (e: FormEvent) => {
      e.preventDefault();
      const text = reason.trim();
      if (text.length < MIN_REASON) {
        setReasonError(t('tableSheet.reasonShort', { min: MIN_REASON }));
        return;
      }
      if (busy || direction === null) return;
      setBusy(true);
      setReasonError(null);
      const r = await invoke('roulette.nullSpin', { tableCode: table.code, reason: text, direction });
      setBusy(false);
      if (!r.ok) {
        setReasonError(r.error);
        return;
      }
      const value = r.value;
      log.apply('roulette.nullSpin', () => value);
      setAsking(false);
      setReason('');
    },
  };
}
type SpinLog = ReturnType<typeof useSpinLog>;

/** X.15: the way the next ball goes, where the fiscal records the spin; the table's first asked of him. */
function LaunchWay({ log }: { log: SpinLog }) {
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

/** The table's log, newest first. */
function LogList({ table, log }: { table: Table; log: SpinLog }) {
  const { t } = useTranslation();
  const f = useFormat();
  const numberCell = (x: LogEntry) =>
    x.number === null ? '—' : x.colour ? t('tableSheet.numberWithColour', { number: x.number, colour: t(`tableSheet.colourName.${x.colour}`, { defaultValue: x.colour }) }) : String(x.number);
  if (log.data === undefined) return log.loadError ? null : <p className="loading">{t('tableSheet.loading')}</p>;
  if (log.entries.length === 0)
    return (
      <p className="empty" data-testid="log-list">
        {t('tableSheet.logEmpty')}
      </p>
    );
  // Four columns for the side's narrow box: whose line under its time, a null spin's reason under its kind.
  return (
    <table className="table log-table" data-testid="log-list">
      <caption className="visually-hidden">{t('tableSheet.logTitle', { code: table.code })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tableSheet.col.timeOperator')}</th>
          <th scope="col">{t('tableSheet.col.kindNote')}</th>
          <th scope="col" className="num">
            {t('tableSheet.col.number')}
          </th>
          <th scope="col">{t('tableSheet.col.direction')}</th>
        </tr>
      </thead>
      <tbody>
        {log.entries.map((x) => (
          <tr key={x.id} data-testid={`log-row-${x.id}`}>
            <td>
              {f.time(x.at)}
              <span className="log-sub">{x.operator}</span>
            </td>
            <td>
              <span className="badge">{t(`tableSheet.kind.${x.kind}`)}</span>
              {x.note ? <span className="log-sub">{x.note}</span> : null}
            </td>
            <td className="num">{numberCell(x)}</td>
            <td className="nowrap" title={x.direction ? t(`tableSheet.direction.${x.direction}`) : undefined}>
              {x.direction ? t(`tableSheet.directionShort.${x.direction}`) : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A golpe nulo (X.16): its reason from the hall's list or in words; the ball is launched again the same way. */
function NullSpinDialog({ log }: { log: SpinLog }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('tableSheet.nullTitle')} onClose={log.closeNull} testId="log-null-dialog">
      <form className="form" onSubmit={(e) => void log.nullSpin(e)} noValidate>
        <ReasonPicker act="roulette.nullSpin" label={t('tableSheet.nullReason')} value={log.reason} onChange={log.setReason} testId="log-null-reason" disabled={log.busy} />
        <p className="hint">{t('tableSheet.nullHint')}</p>
        {log.direction ? (
          <p className="hint" data-testid="log-null-direction">
            {t('tableSheet.nullLaunch', { direction: t(`tableSheet.direction.${log.direction}`) })}
          </p>
        ) : null}
        <ErrorAlert error={log.reasonError} testId="log-null-error" />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={log.closeNull}>
            {t('tableSheet.cancel')}
          </button>
          <button type="submit" className="btn btn-warning" data-testid="log-null-confirm" disabled={log.busy}>
            {log.busy ? t('tableSheet.working') : t('tableSheet.nullConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
