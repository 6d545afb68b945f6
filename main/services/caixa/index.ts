/** The caixa domain (SPEC 7): machines, guias, jackpot funds and meters, merged into one slice of the handler map. */
import { mergeUnique } from '../../../core/merge.js';
import type { HandlerSlice } from '../shared/context.js';
import { caixaExportHandlers } from './exports.js';
import { fundHandlers } from './funds.js';
import { guiaHandlers } from './guias.js';
import { machineHandlers } from './machines.js';

type CaixaChannel = keyof typeof machineHandlers | keyof typeof guiaHandlers | keyof typeof fundHandlers | keyof typeof caixaExportHandlers;

// A channel two rooms handle is refused as this module loads.
export const caixaHandlers: HandlerSlice<CaixaChannel> = mergeUnique('handler', { machineHandlers, guiaHandlers, fundHandlers, caixaExportHandlers });
