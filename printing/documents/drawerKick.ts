import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import type { PrintDocument } from '../layout.js';
import { formatHallDateTime, hallHeader, heading, pair, softwareFooter } from './format.js';

/** The drawer opened without a sale: a slip that opens it and says who, when, why and who allowed it. */
export interface DrawerKickData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  hallName: string;
  licence: string | null;
  terminalId: string;
  operator: string;
  /** The manager who approved, when the operator is not one. */
  approvedBy: string | null;
  reason: string;
  at: string;
}

export function drawerKickSlip(data: DrawerKickData): PrintDocument {
  return {
    kind: 'drawer_kick',
    title: `Abertura da gaveta sem venda (${data.terminalId})`,
    titleParams: { terminalId: data.terminalId } satisfies TitleParams<'drawer_kick'>,
    openDrawer: true,
    blocks: [
      ...hallHeader(data.hallName, data.licence),
      { kind: 'rule' },
      heading('ABERTURA DA GAVETA SEM VENDA'),
      pair('Terminal', data.terminalId),
      pair('Data', formatHallDateTime(data.at, data.timeZone)),
      pair('Operador', data.operator),
      ...(data.approvedBy ? [pair('Autorizado por', data.approvedBy)] : []),
      { kind: 'text', text: `Motivo: ${data.reason}` },
      ...softwareFooter(data.software),
    ],
  };
}
