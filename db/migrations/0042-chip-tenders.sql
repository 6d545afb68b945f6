-- Chips bought by bank card or by the player's cheque, and chips paid back by
-- the concessionaire's cheque (issue 41; Lei n.º 83/2017, art. 76.º, n.º 4: a
-- cheque for chips only to an identified visitor who bought them by card or
-- cheque that day, up to those purchases). What the exchange did not take or
-- pay in cash: a sale is one tender for the whole amount (card_cents or
-- cheque_cents = total_cents), a redemption pays cheques and the rest in cash;
-- cheques lists them ([{"amountCents", "number", "bank"}]): the player's cheque
-- taken for a sale, the concessionaire's paid for a redemption. Rows before
-- this were cash only.
ALTER TABLE chip_exchanges ADD COLUMN card_cents INTEGER NOT NULL DEFAULT 0 CHECK (card_cents >= 0);
ALTER TABLE chip_exchanges ADD COLUMN cheque_cents INTEGER NOT NULL DEFAULT 0 CHECK (cheque_cents >= 0);
ALTER TABLE chip_exchanges ADD COLUMN cheques TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(cheques) AND json_type(cheques) = 'array');

-- The parts never pass the whole, and a card is taken only for a sale: refused by the database as well as by the rules.
CREATE TRIGGER chip_exchanges_tenders BEFORE INSERT ON chip_exchanges
  WHEN NEW.card_cents + NEW.cheque_cents > NEW.total_cents OR (NEW.kind = 'redeem' AND NEW.card_cents > 0)
BEGIN
  SELECT RAISE(ABORT, 'chip_exchanges: card and cheque parts exceed the exchange, or a card paid out');
END;
