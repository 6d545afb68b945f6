-- Which branch of Portaria 1441/95, slot-machine rules n.º 6, a fund transfer
-- took: 'same_model', to another machine or group of the same model and bet
-- (authorisation_ref: the transfer's authorisation), or 'inspectorate', where
-- the hall had none, to the machines the Inspecção-Geral de Jogos authorised
-- (any model; authorisation_ref: that authorisation's reference). Both with a
-- second manager's approval (approved_by, never the operator). Transfers made
-- before this migration could only be of the first branch.
ALTER TABLE fund_transfers ADD COLUMN branch TEXT NOT NULL DEFAULT 'same_model' CHECK (branch IN ('same_model', 'inspectorate'));
