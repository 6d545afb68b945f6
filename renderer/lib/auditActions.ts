/**
 * What the audit log's rows are called on screen: each channel that writes a
 * row (every command of the contract, and the few rows the kiosk writes of
 * itself) has a label in each language (i18n `auditAction.<channel>`), and
 * belongs to a group of the filter. auditActions.test.ts holds every such
 * channel to a label in pt-PT and in English.
 */
import type { Channel } from '../../core/contract.js';
import { CHANNEL_TABLE } from './channels.js';

/** Rows written outside the contract's commands (a counter's enrolment redeemed, the PIN key's seal, the hall key, the operators' baseline, a jump of the clock). */
export const AUDITED_OUTSIDE_CONTRACT = ['terminal.redeem', 'pins.sealed', 'hall.key', 'operators.baseline', 'clock.jump'] as const;

/** Every channel the audit log may hold: the commands (a query writes no row) and those above. */
export const AUDITED_CHANNELS: readonly string[] = [
  ...(Object.keys(CHANNEL_TABLE) as Channel[]).filter((c) => CHANNEL_TABLE[c].kind === 'command'),
  ...AUDITED_OUTSIDE_CONTRACT,
];

/** The screen's translate function (react-i18next's `t`). */
type Translate = (key: string, options?: { defaultValue?: string }) => string;

export const AUDIT_GROUPS = ['bingo', 'caixa', 'roulette', 'drawers', 'people', 'system'] as const;
type AuditGroup = (typeof AUDIT_GROUPS)[number];

/** The group of a channel's domain (its first word). */
export const GROUP_OF_DOMAIN: Readonly<Record<string, AuditGroup>> = {
  ballSet: 'bingo',
  display: 'bingo',
  game: 'bingo',
  incident: 'bingo',
  prize: 'bingo',
  refund: 'bingo',
  sale: 'bingo',
  seller: 'bingo',
  series: 'bingo',
  stock: 'bingo',
  session: 'bingo',
  specialPrize: 'bingo',
  guia: 'caixa',
  person: 'caixa',
  barred: 'caixa',
  identityKey: 'caixa',
  jackpot: 'caixa',
  machine: 'caixa',
  meters: 'caixa',
  chips: 'roulette',
  roulette: 'roulette',
  table: 'roulette',
  drawer: 'drawers',
  report: 'drawers',
  approvals: 'people',
  auth: 'people',
  operators: 'people',
  pins: 'people',
  reasons: 'people',
  settings: 'people',
  setup: 'people',
  users: 'people',
  audit: 'system',
  backup: 'system',
  clock: 'system',
  command: 'system',
  hall: 'system',
  post: 'system',
  print: 'system',
  printer: 'system',
  terminal: 'system',
};

/** A channel's group; one of a domain not listed yet goes with the system's. */
const auditGroupOf = (channel: string): AuditGroup => GROUP_OF_DOMAIN[channel.split('.')[0]!] ?? 'system';

/** A channel's label in the screen's language; its name when it has none yet (a new command). */
export const auditActionLabel = (t: Translate, channel: string): string => t(`auditAction.${channel}`, { defaultValue: channel });

/** The filter's choices: by group (in AUDIT_GROUPS' order), each sorted by its label in the screen's language. */
export function auditFilterGroups(t: Translate, lang: string): { group: AuditGroup; label: string; channels: { channel: string; label: string }[] }[] {
  const collator = new Intl.Collator(lang, { sensitivity: 'base' });
  return AUDIT_GROUPS.map((group) => ({
    group,
    label: t(`auditLog.group.${group}`),
    channels: AUDITED_CHANNELS.filter((c) => auditGroupOf(c) === group)
      .map((channel) => ({ channel, label: auditActionLabel(t, channel) }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  })).filter((g) => g.channels.length > 0);
}
