/**
 * Guias by status (slot-machine rules n.º 13: each guia numbered, paid in
 * cash and cheques or voided, never deleted): how many and for how much, a
 * paid one split into its cash and its cheques. The inspector recomputes them from the rows and compares them with
 * what the hall's books give.
 */
type GuiaStatus = 'unpaid' | 'paid' | 'void';

interface GuiaFigures {
  count: number;
  amountCents: number;
  cashCents: number;
  chequeCents: number;
}

export type GuiasByStatus = Record<GuiaStatus, GuiaFigures>;

export function guiasByStatus(guias: readonly { status: GuiaStatus; amountCents: number; cashCents: number; cheques: readonly { amountCents: number }[] }[]): GuiasByStatus {
  const empty = (): GuiaFigures => ({ count: 0, amountCents: 0, cashCents: 0, chequeCents: 0 });
  const out: GuiasByStatus = { unpaid: empty(), paid: empty(), void: empty() };
  for (const g of guias) {
    const f = out[g.status];
    f.count += 1;
    f.amountCents += g.amountCents;
    f.cashCents += g.cashCents;
    f.chequeCents += g.cheques.reduce((s, c) => s + c.amountCents, 0);
  }
  return out;
}
