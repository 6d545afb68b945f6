/** Refusals of the drawers domain. */
import { errors } from '../catalogue.js';

export const drawersErrors = errors({});
