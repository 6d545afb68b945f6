import type { Block, PrintDocument } from '../layout.js';
import { formatHallDateTime, hallHeader, heading, pair } from './format.js';

/** The art. 13 announcement made at the close of sale (text as written by game.closeSale). */
export interface AnnouncementData {
  hallName: string;
  sessionId: number;
  gameNumber: number;
  /** The announcement, possibly several lines ('\n'). */
  text: string;
  at: string;
  /** The session's last game (art. 14.5). */
  isLast?: boolean;
}

export function announcementSlip(data: AnnouncementData): PrintDocument {
  const blocks: Block[] = [
    ...hallHeader(data.hallName, null),
    { kind: 'rule' },
    heading('ANÚNCIO (art. 13.º)'),
    pair('Sessão n.º', data.sessionId),
    pair('Jogada n.º', data.gameNumber),
    pair('Data', formatHallDateTime(data.at)),
    ...(data.isLast ? [{ kind: 'text', text: 'ÚLTIMA JOGADA', align: 'center', bold: true, large: true } as Block] : []),
    { kind: 'rule' },
    { kind: 'text', text: data.text },
  ];
  return { kind: 'announcement', title: `Anúncio da jogada n.º ${data.gameNumber}`, blocks };
}
