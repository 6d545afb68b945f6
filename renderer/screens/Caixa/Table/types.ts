/** The table sheet's shapes, as the contract gives them. */
import type { ChannelInput, ChannelOutput } from '../../../../core/contract.js';
import type { QueryState } from '../../../hooks.js';

export type Table = ChannelOutput<'table.list'>[number];
export type Wheel = ChannelInput<'table.register'>['wheel'];
export type BetInput = ChannelInput<'roulette.settle'>['bets'][number];
export type Settlement = ChannelOutput<'roulette.settle'>;
export type Log = ChannelOutput<'roulette.log'>;
export type LogEntry = Log['entries'][number];
export type Colours = ChannelOutput<'table.colourChips'>['chips'];
export type ColoursQuery = QueryState<ChannelOutput<'table.colourChips'>>;
