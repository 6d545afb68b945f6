/**
 * A pole display on a serial port (issue 38, the customer display's other
 * form): two lines of 20 characters, driven by one of the two command sets
 * such displays speak. Pure: the customer's view becomes two lines of text
 * (poleLinesOf), the lines become bytes (encodePoleInit, encodePoleLines);
 * writing them to a port is the caller's.
 *
 * - 'epson' (ESC/POS for customer displays, Epson DM-D and its clones):
 *   ESC @ initialises, ESC t n picks the code page, CLR (0x0C) clears, US $ x y
 *   puts the cursor at column x of line y.
 * - 'cd5220': ESC @ initialises, CLR clears, ESC Q A <text> CR writes the
 *   upper line and ESC Q B <text> CR the lower. Its code page is the one set on
 *   the display (its switches): no command picks it.
 *
 * A character the code page lacks is written without its accent (ã → a), a
 * dash as '-', the euro sign as 'E' (cp437 and cp850 have none), anything
 * else as '?': a pole display never shows a wrong byte's glyph.
 */
import { codepageTable, ESC_T, NO_CHAR, type Codepage } from './codepages.js';

const POLE_COLUMNS = 20;

type PoleDialect = 'epson' | 'cd5220';

interface PoleOptions {
  dialect: PoleDialect;
  /** The display's code page (cp858 has the euro sign). */
  codepage: Codepage;
}

/** The customer's view as the pole display reads it (renderer/lib/customerDisplay.ts's CustomerView is one). */
type PoleView =
  | { kind: 'idle'; hallName: string; welcome: string }
  | {
      kind: 'sale' | 'sold';
      lines: readonly { quantity: number; unitPrice: string; amount: string }[];
      amounts: readonly { key: string; label: string; value: string }[];
      cards: { ranges: readonly string[] } | null;
    };

type PoleLines = readonly [string, string];

const ESC = 0x1b;
const US = 0x1f;
const CLR = 0x0c;
const CR = 0x0d;

/** `label` on the left and `value` on the right of one line; the label is cut first when both do not fit. */
export function poleRow(label: string, value: string): string {
  const room = POLE_COLUMNS - value.length - 1;
  if (room <= 0) return value.slice(0, POLE_COLUMNS);
  return `${label.slice(0, room).padEnd(room)} ${value}`;
}

function centred(text: string): string {
  const t = text.slice(0, POLE_COLUMNS);
  return ' '.repeat(Math.floor((POLE_COLUMNS - t.length) / 2)) + t;
}

/**
 * The two lines: idle, the hall's name over the welcome; while selling, the
 * cards (`3 x 1,00 €` and their amount) over the total, then, once money is
 * tendered, the total over the change (or what is still due); after the sale,
 * the cards sold over the change.
 */
export function poleLinesOf(view: PoleView): PoleLines {
  if (view.kind === 'idle') return [centred(view.hallName), centred(view.welcome)];
  const row = (key: string) => {
    const a = view.amounts.find((x) => x.key === key);
    return a ? poleRow(a.label, a.value) : '';
  };
  const due = row('change') || row('missing');
  if (view.kind === 'sold') return [(view.cards?.ranges ?? []).join(' ').slice(0, POLE_COLUMNS), due];
  if (due) return [row('total'), due];
  const line = view.lines[0];
  return [line ? poleRow(`${line.quantity} x ${line.unitPrice}`, line.amount) : '', row('total')];
}

const byteOf = new Map<Codepage, Map<string, number>>();

function bytesOf(codepage: Codepage): Map<string, number> {
  let map = byteOf.get(codepage);
  if (!map) {
    map = new Map();
    const table = codepageTable(codepage);
    for (let b = 0x20; b < 0x100; b++) if (table[b] !== NO_CHAR && !map.has(table[b]!)) map.set(table[b]!, b);
    byteOf.set(codepage, map);
  }
  return map;
}

const STAND_INS: Readonly<Record<string, string>> = { '\u2013': '-', '\u2014': '-', '€': 'E', '\u00a0': ' ', '\u202f': ' ' };

/** One line as exactly 20 bytes of the code page (cut or padded with spaces). */
export function poleBytes(text: string, codepage: Codepage): number[] {
  const bytes = bytesOf(codepage);
  const out: number[] = [];
  for (const ch of text) {
    if (out.length === POLE_COLUMNS) break;
    const direct = bytes.get(ch);
    if (direct !== undefined) {
      out.push(direct);
      continue;
    }
    const stand = STAND_INS[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out.push(stand.length === 1 ? (bytes.get(stand) ?? 0x3f) : 0x3f);
  }
  while (out.length < POLE_COLUMNS) out.push(0x20);
  return out;
}

/** What the display is sent once, when the port opens: initialise, and (Epson) the code page. */
export function encodePoleInit(options: PoleOptions): Uint8Array {
  return Uint8Array.from(options.dialect === 'epson' ? [ESC, 0x40, ESC, 0x74, ESC_T[options.codepage]] : [ESC, 0x40]);
}

/** Two lines, the whole display written again (cleared first). */
export function encodePoleLines(lines: PoleLines, options: PoleOptions): Uint8Array {
  const [upper, lower] = lines.map((l) => poleBytes(l, options.codepage)) as [number[], number[]];
  if (options.dialect === 'epson') return Uint8Array.from([CLR, US, 0x24, 1, 1, ...upper, US, 0x24, 1, 2, ...lower]);
  return Uint8Array.from([CLR, ESC, 0x51, 0x41, ...upper, CR, ESC, 0x51, 0x42, ...lower, CR]);
}
