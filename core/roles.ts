export const ROLES = ['cashier', 'caixa', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may approve what needs "autorização do gerente". */
export const APPROVER_ROLES: readonly Role[] = ['manager', 'admin'];
