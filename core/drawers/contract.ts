/** The drawers domain's slice of the contract: cash drawers, X and Z reports (issue 8). */
export const drawersContract = {} as const;
