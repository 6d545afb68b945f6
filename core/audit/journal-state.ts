/**
 * The journal shipper's state in words (issue 37), as the command line prints
 * it and the screens say it (renderer i18n dayClose.journal.*): a fact or
 * "unknown", never "em dia" without the group's answer. Times on the hall's
 * clock.
 */
import type { JournalState } from './contract.js';
import { hallClock, type HallTimeZone } from '../time.js';

const entries = (n: number, lang: 'pt' | 'en') => (lang === 'pt' ? `${n} ${n === 1 ? 'entrada' : 'entradas'} por enviar` : `${n} ${n === 1 ? 'entry' : 'entries'} to send`);

export function journalStateText(s: JournalState, zone: HallTimeZone, lang: 'pt' | 'en' = 'pt'): string {
  const at = s.since ? hallClock(s.since, zone) : '--:--';
  const pt = lang === 'pt';
  switch (s.state) {
    case 'starting':
      return pt ? 'a ligar ao grupo…' : 'connecting to the group…';
    case 'shipping':
      return pt ? `a enviar ao grupo: ${entries(s.backlog, lang)}` : `shipping to the group: ${entries(s.backlog, lang)}`;
    case 'caught-up':
      return pt ? `em dia: o grupo tem todas as entradas desta sala (a última n.º ${s.groupHead ?? 0})` : `up to date: the group holds every entry of this hall (the last, no. ${s.groupHead ?? 0})`;
    case 'unreachable':
      return pt ? `sem ligação ao grupo desde ${at}, ${entries(s.backlog, lang)}` : `no link to the group since ${at}, ${entries(s.backlog, lang)}`;
    case 'diverged':
      return pt
        ? `parado: a partir da entrada n.º ${s.divergedSeq ?? 0} esta sala tem outra história que a do grupo, ${entries(s.backlog, lang)}`
        : `stopped: from entry no. ${s.divergedSeq ?? 0} on this hall has another history than the group's, ${entries(s.backlog, lang)}`;
    case 'behind':
      return pt ? 'este ficheiro é mais antigo do que a cópia do grupo: nada por enviar' : "this file is older than the group's copy: nothing to send";
  }
}
