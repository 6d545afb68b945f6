/**
 * The one contract between the screens (or any script) and the main process,
 * merged from the domains' slices (core/<domain>/contract.ts). Every channel
 * has an input schema, an output schema, the roles allowed and its topics.
 * Values are JSON only (integer cents, ISO-8601 strings) so the same calls
 * cross Electron IPC and HTTP unchanged.
 */
import type { z } from 'zod';
import { mergeUnique } from './merge.js';
import { auditContract } from './audit/contract.js';
import { bingoContract } from './bingo/contract.js';
import { stockContract } from './bingo/stock-contract.js';
import { sellersContract } from './bingo/sellers-contract.js';
import { caixaContract } from './caixa/contract.js';
import { complianceContract } from './compliance/contract.js';
import { backupsContract } from './drawers/backups.js';
import { dayCloseContract } from './drawers/close.js';
import { drawersContract } from './drawers/contract.js';
import { approvalsContract } from './people/approvals.js';
import { peopleContract } from './people/contract.js';
import { printingContract } from './printing/contract.js';
import { reasonsContract } from './reasons/contract.js';
import { rouletteContract } from './roulette/contract.js';
import { terminalsContract } from './terminals/contract.js';
import { postContract } from './terminals/post.js';
import { transparencyContract } from './transparency/contract.js';

// A channel two slices define stops the kiosk as this module loads (never the last one silently kept).
export const contract = mergeUnique('channel', {
  peopleContract,
  approvalsContract,
  bingoContract,
  stockContract,
  sellersContract,
  drawersContract,
  backupsContract,
  dayCloseContract,
  caixaContract,
  complianceContract,
  rouletteContract,
  printingContract,
  reasonsContract,
  auditContract,
  terminalsContract,
  postContract,
  transparencyContract,
});

type Contract = typeof contract;
export type Channel = keyof Contract;
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
export type ParsedInput<C extends Channel> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>;

export const CHANNELS = Object.keys(contract) as Channel[];

export function isChannel(name: string): name is Channel {
  return Object.hasOwn(contract, name);
}

/**
 * Whether the hall keeps a command's answer under its Idempotency-Key: every command but those whose answer is a
 * secret or that are unkeyed. The one rule for the dispatcher, the counter's link, command.outcome and the renderer.
 */
export function keepsKey(name: string): name is Channel {
  if (!isChannel(name)) return false;
  const def: { kind: 'command' | 'query'; secretAnswer?: true; unkeyed?: true } = contract[name];
  return def.kind === 'command' && def.secretAnswer !== true && def.unkeyed !== true;
}

export type { ChangedEvent, KioskEvent, ProgressEvent, Topic } from './events.js';
export type { Settings } from './settings.js';
export type { OperatorView } from './people/contract.js';
export type {
  ActaGame,
  BoardView,
  ClaimView,
  GameView,
  IncidentView,
  SaleView,
  SeriesView,
  SessionView,
  WinnerView,
} from './bingo/contract.js';
export { ANNUL_REASONS, CLAIM_KINDS, GAME_STATES } from './bingo/contract.js';
export { PRINTER_ROLES } from './printing/contract.js';
