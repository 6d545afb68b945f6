/**
 * The table sheet of the fiscal de banca (SPEC 8; Portaria 1441/95, sections
 * IX and X): the roulette tables with their limits (X.27), the colour chips
 * marked at the table (IX.6-9), the settlement of a spin (X.20-X.22, X.25;
 * a bet in colour chips counted in chips of a colour marked here, IX.7), and
 * the table's log of spins, null spins (X.16), the hourly changes of the
 * balls (X.12) and of the dealer (X.28), and the next launch's direction (X.15).
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

/** How many colour chips one bet may hold (core/roulette/contract.ts). */
const MAX_CHIPS = 10_000;
/** A null spin's reason (core/roulette/contract.ts: 3 to 200 characters; the picker's words keep the maximum). */
const MIN_REASON = 3;

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
  // The number drawn: settled by "Liquidar" and written in the log by "Registar número".
  const [numberText, setNumberText] = useState('');
  const chosen = list.find((x) => x.code === chosenCode) ?? list[0];
  // The colours marked at the chosen table (IX.7): listed, and offered to the bets in colour chips.
  const colours = useKioskQuery('table.colourChips', chosen ? { tableCode: chosen.code } : null);

  return (
    <section className="panel table-sheet" aria-labelledby="table-sheet-title">
      {/* The table chosen in the head: the sheet's own work starts at once below it. */}
      <div className="panel-head table-sheet-head">
        <h2 id="table-sheet-title">{t('tableSheet.title')}</h2>
        <p className="meta">{t('tableSheet.subtitle')}</p>
        <ErrorAlert error={tables.error} testId="tables-load-error" />
        {tables.data === undefined ? (
          tables.error ? null : <p className="loading">{t('tableSheet.loading')}</p>
        ) : list.length === 0 ? (
          <p className="empty" data-testid="tables-empty">
            {t('tableSheet.noTables')}
          </p>
        ) : (
          <div className="form form-row">
            <label>
              {t('tableSheet.table')}
              <select data-testid="tables-select" value={chosen?.code ?? ''} onChange={(e) => setChosenCode(e.target.value)}>
                {list.map((x) => (
                  <option key={x.code} value={x.code}>
                    {t('tableSheet.tableOption', { code: x.code, wheel: t(`tableSheet.wheel.${x.wheel}`) })}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </div>
      {/* The play on the left (the cloth, the bets, the number drawn, the log); the table's limits and colours beside it, its registration folded. */}
      <div className="table-sheet-grid">
        <div className="table-sheet-play">
          {chosen ? (
            <Settle key={`settle-${chosen.code}`} table={chosen} colours={colours.data?.chips ?? []} numberText={numberText} setNumberText={setNumberText} />
          ) : null}
          {chosen ? <SpinLog key={`log-${chosen.code}`} table={chosen} numberText={numberText} /> : null}
        </div>
        <div className="table-sheet-side">
          {chosen ? <LimitsTable table={chosen} /> : null}
          {chosen ? <ColourChips key={`colours-${chosen.code}`} code={chosen.code} chips={colours} /> : null}
          <details className="table-register" open={list.length === 0 ? true : undefined} data-testid="table-register">
            <summary>{t('tableSheet.registerTitle')}</summary>
            <RegisterTable
              onRegistered={(code) => {
                setChosenCode(code);
                void tables.reload();
              }}
            />
          </details>
        </div>
      </div>
    </section>
  );
}

/** The table's chips without face value: each colour's value (IX.6), a late chip at the minimum (IX.9). */
function ColourChips({ code, chips }: { code: string; chips: QueryState<ChannelOutput<'table.colourChips'>> }) {
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

interface NumberProps {
  table: Table;
  numberText: string;
  setNumberText: (text: string) => void;
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

/** Bet entry on the drawn cloth, the number drawn and the settlement (X.20-X.22, X.25). */
function Settle({ table, colours, numberText, setNumberText }: NumberProps & { colours: Colours }) {
  const { t } = useTranslation();
  const f = useFormat();
  const chanceLabel = useChanceLabel();
  // The bet being marked on the cloth: numbers, or one simple chance.
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [simplePick, setSimplePick] = useState<SimpleChance | null>(null);
  const [amount, setAmount] = useState('');
  // The player's chips: '' for face-value chips (IX.8), else a colour marked at this table, counted in chips (IX.7).
  const [colour, setColour] = useState('');
  const [chipCount, setChipCount] = useState('');
  const [bets, setBets] = useState<BetInput[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Settlement | null>(null);
  const [error, setError] = useState<ClientError | string | null>(null);

  const marked = simplePick ? { chance: simplePick as Chance, numbers: undefined } : betOfNumbers([...picked]);
  const chipColour = colours.find((c) => c.colour === colour);
  const chips = parseChips(chipCount);
  /** A colour's value now (the settlement uses the value marked when it runs). */
  const valueOf = (name: string | undefined) => colours.find((c) => c.colour === name)?.valueCents ?? null;
  /** What a bet entered stakes: its chips at their colour's value, or its amount. */
  const stakeOf = (b: BetInput): number | null => {
    if (b.chips === undefined) return b.amountCents ?? null;
    const value = valueOf(b.colour);
    return value === null ? null : value * b.chips;
  };
  /** The stake column of a bet entered: "2 × 5,00 € = 10,00 €" in colour chips, "10,00 €" otherwise. */
  const stakeText = (b: BetInput): string => {
    const stake = stakeOf(b);
    const money = stake === null ? '—' : f.money(stake);
    return b.chips === undefined ? money : `${t('tableSheet.chipsLine', { count: b.chips, value: f.money(valueOf(b.colour) ?? 0) })} = ${money}`;
  };
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

  const betText = (b: { chance: string; numbers?: readonly number[] | undefined }) =>
    // A simple chance is named alone (the settlement lists the 18 numbers it covers).
    b.numbers && b.numbers.length > 0 && !isSimpleChance(b.chance as Chance) ? t('tableSheet.betText', { chance: chanceLabel(b.chance), numbers: numbersText(b.numbers) }) : chanceLabel(b.chance);

  /** A settled bet, with its colour chips when it was in them ("pleno 17 · 2 × 5,00 € verde"). */
  const betTextWithChips = (b: Settlement['bets'][number]) =>
    b.colourChips
      ? t('tableSheet.betWithChips', { bet: betText(b), chips: t('tableSheet.chipsLine', { count: b.colourChips.chips, value: f.money(b.colourChips.valueCents) }), colour: b.colourChips.colour })
      : betText(b);

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
    setResult(null);
    setBets((bs) => [...bs, bet]);
    setAmount('');
    setChipCount('');
    setPicked(new Set());
    setSimplePick(null);
  };

  const settle = async () => {
    if (busy) return;
    const number = parseNumber(numberText);
    if (number === null) {
      setError(t('tableSheet.numberInvalid'));
      return;
    }
    if (bets.length === 0) {
      setError(t('tableSheet.betsMissing'));
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    const r = await invoke('roulette.settle', { tableCode: table.code, number, bets });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setResult(r.value);
  };

  const lost = result ? result.bets.map((b, i) => ({ b, i })).filter(({ i }) => !result.paymentOrder.includes(i)) : [];

  return (
    <div className="table-settle">
      <form className="form form-grid table-sheet-form" onSubmit={add} aria-labelledby="bet-title" noValidate>
        <h3 id="bet-title">{t('tableSheet.betTitle')}</h3>
        <Cloth
          picked={picked}
          simple={simplePick}
          covered={covered}
          drawn={result?.number ?? null}
          onNumbers={toggleNumbers}
          onSimple={toggleSimple}
          chanceLabel={chanceLabel}
        />
        <p className="cloth-marked" data-testid="bet-marked" aria-live="polite">
          {marked
            ? t('tableSheet.marked', { bet: betText(marked) })
            : picked.size > 0
              ? t('tableSheet.notABet', { numbers: numbersText([...picked].sort((a, b) => a - b)) })
              : t('tableSheet.markHint')}
        </p>
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
        <div className="form-actions">
          <p className="hint">{colours.length === 0 ? t('tableSheet.noColours') : t('tableSheet.colourHint')}</p>
          <button type="submit" className="btn" data-testid="bet-add">
            {t('tableSheet.add')}
          </button>
        </div>
      </form>

      {bets.length === 0 ? (
        <p className="empty" data-testid="bets-list">
          {t('tableSheet.noBets')}
        </p>
      ) : (
        <TableRegion name={t('tableSheet.betsTitle')}>
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
                    <button
                      type="button"
                      className="btn btn-small"
                      data-testid={`bet-remove-${i}`}
                      aria-label={t('tableSheet.removeBet', { bet: betText(b) })}
                      onClick={() => {
                        setResult(null);
                        setBets((bs) => bs.filter((_, j) => j !== i));
                      }}
                    >
                      {t('tableSheet.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}

      <div className="form form-row">
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
        <button type="button" className="btn btn-primary" data-testid="settle" onClick={() => void settle()} disabled={busy}>
          {busy ? t('tableSheet.working') : t('tableSheet.settle')}
        </button>
      </div>
      <ErrorAlert error={error} testId="settle-error" />

      {result ? (
        <div className="settle-result" data-testid="settle-result" role="status">
          <h3>{t('tableSheet.resultTitle', { number: result.number, colour: t(`tableSheet.colourName.${result.colour}`, { defaultValue: result.colour }) })}</h3>
          {result.paymentOrder.length === 0 ? <p className="empty">{t('tableSheet.noWinners')}</p> : null}
          <TableRegion name={t('tableSheet.resultTableTitle')}>
            <table className="table settle-table">
              <caption className="visually-hidden">{t('tableSheet.resultTableTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tableSheet.col.order')}</th>
                  <th scope="col">{t('tableSheet.col.bet')}</th>
                  <th scope="col">{t('tableSheet.col.announcement')}</th>
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
                      <td>{betTextWithChips(b)}</td>
                      <td>{b.announcement ?? '—'}</td>
                      <td className="num">{f.money(b.amountCents)}</td>
                      <td className="num">{f.money(b.prizeCents)}</td>
                      <td className="num">{f.money(b.returnedCents)}</td>
                    </tr>
                  );
                })}
                {lost.map(({ b, i }) => (
                  <tr key={`lost-${i}`} className="lost" data-testid={`settle-lost-${i}`} style={{ opacity: 0.55 }}>
                    <th scope="row">—</th>
                    <td>{betTextWithChips(b)}</td>
                    <td>{t('tableSheet.lost')}</td>
                    <td className="num">{f.money(b.amountCents)}</td>
                    <td className="num">{f.money(b.prizeCents)}</td>
                    <td className="num">{f.money(b.returnedCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={4}>
                    {t('tableSheet.totalPrize')}
                  </th>
                  <td className="num" data-testid="settle-total">
                    {f.money(result.totalPrizeCents)}
                  </td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </TableRegion>
        </div>
      ) : null}
    </div>
  );
}

/** The table's log (newest first), its commands and the hourly warnings (X.12, X.28). */
function SpinLog({ table, numberText }: Omit<NumberProps, 'setNumberText'>) {
  const { t } = useTranslation();
  const f = useFormat();
  const log = useKioskQuery('roulette.log', { tableCode: table.code });
  const entries: LogEntry[] = log.data?.entries ?? [];
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<ClientError | string | null>(null);
  // X.15: the kiosk knows the next launch's way from the last one; the table's first is the fiscal's to give.
  const [firstDirection, setFirstDirection] = useState<LaunchDirection | ''>('');
  const expected = log.data?.nextLaunch.direction ?? null;
  const direction: LaunchDirection | null = expected ?? (firstDirection === '' ? null : firstDirection);
  const directionWords = (d: LaunchDirection) => t(`tableSheet.direction.${d}`);

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

  // The direction shown is sent: if another terminal logged a launch meanwhile, the kiosk refuses it, saying the way expected.
  const spin = () => {
    const number = parseNumber(numberText);
    if (number === null) {
      setError(t('tableSheet.numberMissing'));
      return;
    }
    if (direction === null) {
      setError(t('tableSheet.directionMissing'));
      return;
    }
    void run('roulette.spin', () => invoke('roulette.spin', { tableCode: table.code, number, direction }));
  };

  const askNull = () => {
    if (direction === null) {
      setError(t('tableSheet.directionMissing'));
      return;
    }
    setError(null);
    setReasonError(null);
    setAsking(true);
  };

  const nullSpin = async (e: FormEvent) => {
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
  };

  const numberCell = (x: LogEntry) =>
    x.number === null ? '—' : x.colour ? t('tableSheet.numberWithColour', { number: x.number, colour: t(`tableSheet.colourName.${x.colour}`, { defaultValue: x.colour }) }) : String(x.number);

  return (
    <div className="table-log">
      <h3>{t('tableSheet.logTitle', { code: table.code })}</h3>
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
      {log.data ? (
        expected ? (
          <p className="next-launch" role="status" data-testid="next-launch">
            <strong>{t('tableSheet.nextLaunch', { direction: directionWords(expected) })}</strong>{' '}
            <span className="meta">{t(log.data.nextLaunch.after === 'null_spin' ? 'tableSheet.nextLaunchAfterNull' : 'tableSheet.nextLaunchAfterSpin')}</span>
          </p>
        ) : (
          <div className="form form-row">
            <label>
              {t('tableSheet.firstLaunch')}
              <select data-testid="launch-direction" value={firstDirection} onChange={(e) => setFirstDirection(LAUNCH_DIRECTIONS.find((d) => d === e.target.value) ?? '')}>
                <option value="">{t('tableSheet.directionChoose')}</option>
                {LAUNCH_DIRECTIONS.map((d) => (
                  <option key={d} value={d}>
                    {directionWords(d)}
                  </option>
                ))}
              </select>
            </label>
            <p className="hint" data-testid="next-launch">
              {t('tableSheet.firstLaunchHint')}
            </p>
          </div>
        )
      ) : null}
      <div className="form form-row">
        <button type="button" className="btn btn-primary" data-testid="log-spin" onClick={spin} disabled={busy}>
          {t('tableSheet.logSpin')}
        </button>
        <button type="button" className="btn btn-warning" data-testid="log-null" onClick={askNull} disabled={busy}>
          {t('tableSheet.logNull')}
        </button>
        <button
          type="button"
          className="btn"
          data-testid="log-ball"
          onClick={() => void run('roulette.change', () => invoke('roulette.change', { tableCode: table.code, kind: 'ball' }))}
          disabled={busy}
        >
          {t('tableSheet.logBall')}
        </button>
        <button
          type="button"
          className="btn"
          data-testid="log-dealer"
          onClick={() => void run('roulette.change', () => invoke('roulette.change', { tableCode: table.code, kind: 'dealer' }))}
          disabled={busy}
        >
          {t('tableSheet.logDealer')}
        </button>
      </div>
      <p className="hint">{t('tableSheet.logHint')}</p>
      <ErrorAlert error={log.error} testId="log-load-error" />
      <ErrorAlert error={error} testId="log-error" />
      {log.data === undefined ? (
        log.error ? null : <p className="loading">{t('tableSheet.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="empty" data-testid="log-list">
          {t('tableSheet.logEmpty')}
        </p>
      ) : (
        <TableRegion name={t('tableSheet.logTitle', { code: table.code })}>
          <table className="table log-table" data-testid="log-list">
            <caption className="visually-hidden">{t('tableSheet.logTitle', { code: table.code })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tableSheet.col.time')}</th>
                <th scope="col">{t('tableSheet.col.kind')}</th>
                <th scope="col" className="num">
                  {t('tableSheet.col.number')}
                </th>
                <th scope="col">{t('tableSheet.col.direction')}</th>
                <th scope="col">{t('tableSheet.col.note')}</th>
                <th scope="col">{t('tableSheet.col.operator')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((x) => (
                <tr key={x.id} data-testid={`log-row-${x.id}`}>
                  <td>{f.time(x.at)}</td>
                  <td>
                    <span className="badge">{t(`tableSheet.kind.${x.kind}`)}</span>
                  </td>
                  <td className="num">{numberCell(x)}</td>
                  <td title={x.direction ? directionWords(x.direction) : undefined}>{x.direction ? t(`tableSheet.directionShort.${x.direction}`) : '—'}</td>
                  <td>{x.note ?? '—'}</td>
                  <td>{x.operator}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}

      {asking ? (
        <Dialog title={t('tableSheet.nullTitle')} onClose={() => setAsking(false)} testId="log-null-dialog">
          <form className="form" onSubmit={nullSpin} noValidate>
            <ReasonPicker act="roulette.nullSpin" label={t('tableSheet.nullReason')} value={reason} onChange={setReason} testId="log-null-reason" disabled={busy} />
            <p className="hint">{t('tableSheet.nullHint')}</p>
            {direction ? (
              <p className="hint" data-testid="log-null-direction">
                {t('tableSheet.nullLaunch', { direction: directionWords(direction) })}
              </p>
            ) : null}
            <ErrorAlert error={reasonError} testId="log-null-error" />
            <div className="dialog-actions">
              <button type="button" className="btn" onClick={() => setAsking(false)}>
                {t('tableSheet.cancel')}
              </button>
              <button type="submit" className="btn btn-warning" data-testid="log-null-confirm" disabled={busy}>
                {busy ? t('tableSheet.working') : t('tableSheet.nullConfirm')}
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </div>
  );
}
