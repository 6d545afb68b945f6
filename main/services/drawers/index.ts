/** The drawers domain: cash drawers of the terminals, X and Z reports (issue 8). */
import type { HandlerSlice } from '../shared/context.js';

export const drawersHandlers: HandlerSlice<never> = {};
