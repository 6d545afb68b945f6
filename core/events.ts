/**
 * Events pushed to every screen after a command commits. Each names the
 * topics the command changed, so that a screen fetches again only the
 * queries that read one of them (a query's topics are in the contract).
 */
export const TOPICS = [
  /** The hall itself: set up, its name and licence. */
  'hall',
  /** Operators, their roles and lock-outs. */
  'users',
  /** Hall settings and the ball set in use. */
  'settings',
  /** Card series: registered, faces imported, next numbers. */
  'series',
  /** The session: opened, closed, its checks. */
  'session',
  /** Games: opened, sale closed, suspended, resumed, annulled, finished. */
  'game',
  /** Card sales and voids. */
  'sales',
  /** The draw: balls drawn and recalled, claims and their windows. */
  'draw',
  /** Prizes awarded and paid. */
  'prizes',
  /** Refunds of annulled games. */
  'refunds',
  /** Cash drawers: opened, cash moved by hand, closed (X and Z reports). */
  'drawer',
  /** The casino caixa: machines, guias, jackpot funds, meter readings. */
  'caixa',
  /** The acta's own entries and the incident book. */
  'acta',
  /** Printers configured. */
  'printers',
  /** The print queue's jobs: queued, printed, failed, reprinted. */
  'print',
  /** The kiosk's own health: the disk full or failing, and back. */
  'health',
  /** Wrong manager PINs at a terminal: its approvals paused, and the managers' alert of it. */
  'approvals',
  /** A counter's link to the hall server: down (since when), up again, its clock off (link.status). */
  'link',
  /** The hall's enrolled terminals: enrolment codes, enrolled, revoked, last seen. */
  'terminals',
  /** This post's role: chosen at the installed program's first run (post.status). */
  'post',
  /** Identified persons and their payments and exchanges (Lei n.º 83/2017): recorded, erased, the barred list imported. */
  'identification',
] as const;
export type Topic = (typeof TOPICS)[number];

/** A command committed (or the print queue moved): the screens fetch again what reads its topics. */
export interface ChangedEvent {
  type: 'changed';
  /** The command that committed (or `print.queue` for the print queue's own progress). */
  channel: string;
  topics: readonly Topic[];
  at: string;
}

/** Long work under way (a backup, the books check, a large CSV file): how far it is, for a progress bar. It changes no data. */
export interface ProgressEvent {
  type: 'progress';
  task: 'backup' | 'books' | 'export' | 'barred';
  done: number;
  total: number;
  at: string;
}

export type KioskEvent = ChangedEvent | ProgressEvent;
