-- The direction of each launch of the ball (Portaria 1441/95, X.15: "alternada
-- e obrigatoriamente da esquerda para a direita e da direita para a
-- esquerda"), in the table's log: every spin and every golpe nulo (X.16) from
-- now on records it; the hourly changes have none. Launches logged before this
-- migration keep NULL (their direction was not recorded).
ALTER TABLE roulette_log ADD COLUMN direction TEXT CHECK (direction IS NULL OR direction IN ('left_to_right', 'right_to_left'));

CREATE TRIGGER roulette_log_launch_has_direction BEFORE INSERT ON roulette_log
  WHEN (NEW.kind IN ('spin', 'null_spin')) <> (NEW.direction IS NOT NULL)
BEGIN SELECT RAISE(ABORT, 'roulette_log: a launch (spin or golpe nulo) records its direction, nothing else does (X.15)'); END;

-- The launches alternate: the other way after a spin; after a golpe nulo the
-- ball is launched again the same way (X.16). A first launch, or one after a
-- launch logged without a direction, may go either way.
CREATE TRIGGER roulette_log_launches_alternate BEFORE INSERT ON roulette_log
  WHEN NEW.direction IS NOT NULL AND EXISTS (
    SELECT 1 FROM (SELECT kind, direction FROM roulette_log
                    WHERE table_id = NEW.table_id AND kind IN ('spin', 'null_spin') ORDER BY id DESC LIMIT 1) l
     WHERE l.direction IS NOT NULL
       AND NEW.direction <> CASE WHEN l.kind = 'null_spin' THEN l.direction
                                 WHEN l.direction = 'left_to_right' THEN 'right_to_left' ELSE 'left_to_right' END)
BEGIN SELECT RAISE(ABORT, 'roulette_log: launches alternate direction (X.15), a golpe nulo is launched again the same way (X.16)'); END;
