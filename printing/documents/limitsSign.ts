import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import type { Block, PrintDocument } from '../layout.js';
import { checkCents, euros, formatHallDateTime, hallHeader, heading, pair, softwareFooter } from './format.js';

/** A roulette table's limits, as posted at the table (X.27): minimum and maximum stake per chance. */
export interface LimitsSignData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  hallName: string;
  tableCode: string;
  /** 'Roleta francesa' or 'Roleta americana'. */
  wheelName: string;
  /** In the order printed: the chance's name, its minimum and maximum. */
  rows: { chance: string; minimumCents: number; maximumCents: number }[];
  at: string;
}

export function limitsSign(data: LimitsSignData): PrintDocument {
  for (const r of data.rows) {
    checkCents('minimumCents', r.minimumCents);
    checkCents('maximumCents', r.maximumCents);
  }
  const blocks: Block[] = [
    ...hallHeader(data.hallName, null),
    { kind: 'rule' },
    heading(`MESA ${data.tableCode}`),
    { kind: 'text', text: data.wheelName, align: 'center' },
    { kind: 'text', text: 'Limites das apostas (X.27)', align: 'center', bold: true },
    { kind: 'rule' },
    ...data.rows.map((r) => pair(r.chance, `${euros(r.minimumCents)} a ${euros(r.maximumCents)}`)),
    { kind: 'rule' },
    pair('Data', formatHallDateTime(data.at, data.timeZone)),
    ...softwareFooter(data.software),
  ];
  return { kind: 'limits_sign', title: `Limites da mesa ${data.tableCode}`, titleParams: { tableCode: data.tableCode } satisfies TitleParams<'limits_sign'>, blocks };
}
