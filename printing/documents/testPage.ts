import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import { columnsFor, type Block, type PrintDocument, type PrinterProfile } from '../layout.js';
import { ESC_T } from '../codepages.js';
import { formatHallDateTime, heading, pair, softwareFooter } from './format.js';

/** Every character Portuguese paper needs, on one line. */
export const SPECIAL_CHARACTERS = '€ ç Ç ã õ á é í ó ú à º ª';

export interface TestPageData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  printerName: string;
  profile: PrinterProfile;
  at: string;
}

const CODEPAGE_NAMES: Readonly<Record<PrinterProfile['codepage'], string>> = {
  cp1252: 'WPC1252',
  cp858: 'PC858',
};

/** `.........1.........2...` and `1234567890123...`: a ruler of the paper's columns. */
export function columnRuler(columns: number): [string, string] {
  let tens = '';
  let units = '';
  for (let c = 1; c <= columns; c += 1) {
    tens += c % 10 === 0 ? String((c / 10) % 10) : '.';
    units += String(c % 10);
  }
  return [tens, units];
}

export function testPage(data: TestPageData): PrintDocument {
  const columns = columnsFor(data.profile.widthMm);
  const [tens, units] = columnRuler(columns);
  const drawer = data.profile.drawer;
  const blocks: Block[] = [
    heading('PÁGINA DE TESTE'),
    { kind: 'rule', style: 'double' },
    pair('Impressora', data.printerName),
    pair('Página de código', CODEPAGE_NAMES[data.profile.codepage]),
    pair('Comando', `ESC t ${ESC_T[data.profile.codepage]}`),
    pair('Papel', `${data.profile.widthMm} mm, ${columns} colunas`),
    pair('Gaveta', drawer ? `pino ${drawer.pin}, ${drawer.onMs}/${drawer.offMs} ms` : 'não'),
    pair('Data', formatHallDateTime(data.at, data.timeZone)),
    { kind: 'rule' },
    { kind: 'text', text: SPECIAL_CHARACTERS },
    { kind: 'text', text: tens },
    { kind: 'text', text: units },
    { kind: 'rule' },
    { kind: 'text', text: 'Esquerda' },
    { kind: 'text', text: 'Centro', align: 'center' },
    { kind: 'text', text: 'Direita', align: 'right' },
    { kind: 'text', text: 'Negrito', bold: true },
    { kind: 'text', text: 'Grande', large: true },
    { kind: 'rule' },
    { kind: 'qr', data: `TESTE|${data.printerName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '')}|${data.profile.codepage}` },
    ...softwareFooter(data.software),
    { kind: 'text', text: 'Fim da página de teste', align: 'center' },
  ];
  return { kind: 'test_page', title: `Página de teste: ${data.printerName}`, titleParams: { printerName: data.printerName } satisfies TitleParams<'test_page'>, blocks };
}
