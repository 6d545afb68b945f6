/**
 * The roles, in the order the screens list them. `compliance`: the officer of the prevention of money laundering
 * (Lei n.º 83/2017): reads the identified players' record and the barred list, and nothing of the floor's cash.
 */
export const ROLES = ['cashier', 'caixa', 'manager', 'admin', 'compliance'] as const;
export type Role = (typeof ROLES)[number];

/** Who works the floor and its cash (a drawer, a sale, a payment): every role but the compliance officer's. */
export const STAFF_ROLES: readonly Role[] = ['cashier', 'caixa', 'manager', 'admin'];

/** Roles that may approve what needs "autorização do gerente". */
export const APPROVER_ROLES: readonly Role[] = ['manager', 'admin'];
