/** The checks screen's pure parts: the anchor typed from a Z report or the acta, postings in words, the accounts worth a chart. */

type AnchorEntry = { ok: true; anchor: { seq: number; hash: string } | undefined } | { ok: false; field: 'seq' | 'hash' };

/**
 * The anchor as typed: N (the audit row's number, "n.º 123" or "123") and its
 * 64-hex hash (spaces and line breaks of a copied print ignored, upper case
 * accepted). Both empty: no anchor.
 */
export function parseAnchor(seqText: string, hashText: string): AnchorEntry {
  const seqRaw = seqText.replace(/^\s*n\.?\s*º?\s*/i, '').trim();
  const hash = hashText.replace(/\s+/g, '').replace(/^(cadeia|chain):?/i, '').toLowerCase();
  if (seqRaw === '' && hash === '') return { ok: true, anchor: undefined };
  if (!/^[1-9]\d{0,14}$/.test(seqRaw)) return { ok: false, field: 'seq' };
  if (!/^[0-9a-f]{64}$/.test(hash)) return { ok: false, field: 'hash' };
  return { ok: true, anchor: { seq: Number(seqRaw), hash } };
}

interface PostingLike {
  account: string;
  amountCents: number;
}

/** Postings in words: "cash:T1 +50,00 €; equity:pay_in −50,00 €" (debits positive), or "—" when there are none. */
export function postingsText(postings: readonly PostingLike[] | null, money: (cents: number) => string, accountName: (account: string) => string = (a) => a): string {
  if (!postings || postings.length === 0) return '—';
  return postings.map((p) => `${accountName(p.account)} ${p.amountCents < 0 ? '−' : '+'}${money(Math.abs(p.amountCents))}`).join('; ');
}

/** The accounts with the largest balances (by size, whatever their sign), at most `n`, none at zero: what a small chart compares. */
export function mainAccounts(balances: Readonly<Record<string, number>>, n = 6): { account: string; cents: number }[] {
  return Object.entries(balances)
    .filter(([, cents]) => cents !== 0)
    .map(([account, cents]) => ({ account, cents }))
    .sort((a, b) => Math.abs(b.cents) - Math.abs(a.cents) || a.account.localeCompare(b.account))
    .slice(0, n);
}
