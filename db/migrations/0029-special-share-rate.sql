-- The special prize's share rate in force at each close of sale (DN art. 10),
-- beside the share it gave: the inspector's check recomputes each game's
-- share of V from the rows (issue 26). Null for closes made before it was
-- recorded (0 where the prize was off: no share).
ALTER TABLE game_closures ADD COLUMN special_share_basis_points INTEGER CHECK (special_share_basis_points IS NULL OR special_share_basis_points >= 0);
