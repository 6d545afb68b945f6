import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import type { Block, PrintDocument } from '../layout.js';
import { formatHallDateTime, hallHeader, heading, pair, softwareFooter } from './format.js';

/** An announcement to the hall: the art. 13 one at the close of sale (text as written by game.closeSale), or the art. 11.2 one before the sale. */
export interface AnnouncementData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  hallName: string;
  sessionId: number;
  gameNumber: number;
  /** The announcement, possibly several lines ('\n'). */
  text: string;
  at: string;
  /** The session's last game (art. 14.5). */
  isLast?: boolean;
  /** The article it is made under: art. 13.º (default), art. 11.º, n.º 2 (before the sale) or art. 14.º, n.º 5 (a game become the last at its draw). */
  article?: 'art. 13.º' | 'art. 11.º, n.º 2' | 'art. 14.º, n.º 5';
}

export function announcementSlip(data: AnnouncementData): PrintDocument {
  const blocks: Block[] = [
    ...hallHeader(data.hallName, null),
    { kind: 'rule' },
    heading(`ANÚNCIO (${data.article ?? 'art. 13.º'})`),
    pair('Sessão n.º', data.sessionId),
    pair('Jogada n.º', data.gameNumber),
    pair('Data', formatHallDateTime(data.at, data.timeZone)),
    ...(data.isLast ? [{ kind: 'text', text: 'ÚLTIMA JOGADA', align: 'center', bold: true, large: true } as Block] : []),
    { kind: 'rule' },
    { kind: 'text', text: data.text },
    ...softwareFooter(data.software),
  ];
  const moment = data.article === 'art. 11.º, n.º 2' ? 'before_sale' : data.article === 'art. 14.º, n.º 5' ? 'last_game' : 'close_of_sale';
  const title = {
    before_sale: `Anúncio da venda da jogada n.º ${data.gameNumber}`,
    close_of_sale: `Anúncio da jogada n.º ${data.gameNumber}`,
    last_game: `Anúncio da última jogada (n.º ${data.gameNumber})`,
  }[moment];
  return {
    kind: 'announcement',
    title,
    titleParams: { gameNumber: data.gameNumber, moment } satisfies TitleParams<'announcement'>,
    blocks,
  };
}
