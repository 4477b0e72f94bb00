-- Who dealt each round (issue 21, item 5: the reports per table, dealer and shift): floor.rounds.dealer is
-- the dealer signed in at the table when the round opened, NULL when nobody was. The station's own rule
-- (table/state.py): dealer_signed_in names who deals from then on, a dealer_signed_out of that dealer
-- (not another's) leaves the table without one, and a station_started forgets who dealt (the croupier
-- signs in again after a restart). dealer_station/floor/facts.py applies the same rule to a journal file.
--
-- Its own trigger, like 0012's: every other rule stays as it is. The dealer is read from the table's
-- events before the round_opened (0004's events_live_marks index finds those few), so no state is kept
-- beside the events; the rounds a floor already holds are filled below by the same function, every other
-- figure as before. A flagged record (0007) is never read.

ALTER TABLE floor.rounds ADD COLUMN dealer text;

-- The dealer signed in at a table just before its record p_seq: the last sign-in since the station last
-- started, unless that dealer signed out since.
CREATE FUNCTION floor.dealer_at(p_table_id text, p_seq bigint) RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN m.kind = 'dealer_signed_in' AND NOT EXISTS (
                    SELECT 1 FROM floor.events o
                    WHERE o.table_id = p_table_id AND o.kind = 'dealer_signed_out' AND o.seq > m.seq
                      AND o.seq < p_seq AND o.flagged IS NULL
                      AND o.payload::jsonb->>'dealer' IS NOT DISTINCT FROM m.payload::jsonb->>'dealer')
                THEN nullif(m.payload::jsonb->>'dealer', '') END
    FROM floor.events m
    WHERE m.table_id = p_table_id AND m.kind IN ('station_started', 'dealer_signed_in') AND m.seq < p_seq
      AND m.flagged IS NULL
    ORDER BY m.seq DESC LIMIT 1
$$;

CREATE FUNCTION floor.derive_round_dealer() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    BEGIN
        UPDATE floor.rounds SET dealer = floor.dealer_at(NEW.table_id, NEW.seq)
            WHERE table_id = NEW.table_id AND round_id = coalesce(NEW.round_id, NEW.payload::jsonb->>'round_id');
    EXCEPTION WHEN OTHERS THEN
        INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (NEW.table_id, NEW.seq, NEW.kind, SQLERRM)
        ON CONFLICT DO NOTHING;
    END;
    RETURN NULL;
END $$;

-- After events_derive_facts (triggers fire in name order), which opened the round's row.
CREATE TRIGGER events_round_dealer AFTER INSERT ON floor.events FOR EACH ROW
    WHEN (CASE WHEN NEW.flagged IS NOT NULL THEN false ELSE NEW.kind = 'round_opened' END)
    EXECUTE FUNCTION floor.derive_round_dealer();

-- The rounds a floor already holds: who was signed in when each opened (a floor without sign-ins: none).
UPDATE floor.rounds r SET dealer = floor.dealer_at(r.table_id, r.opened_seq)
    WHERE r.opened_seq IS NOT NULL
      AND EXISTS (SELECT 1 FROM floor.events e WHERE e.table_id = r.table_id AND e.kind = 'dealer_signed_in');

REVOKE ALL ON FUNCTION floor.dealer_at(text, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.derive_round_dealer() FROM PUBLIC;
