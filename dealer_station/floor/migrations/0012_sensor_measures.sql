-- The bet sensor's figures (issue 21, docs/bet-sensing.md): per round, whether its stakes were locked
-- by the sensor (bets_sensed), the past-posting and pinching alarms raised after "no more bets"
-- (bet_alarm, by cause) and the payouts a supervisor let through although the chips on the layout were
-- not what was due (payout_overridden). The reports sum them as measures (floor/measures.py).
--
-- Its own trigger, like 0005's pool meter: floor.derive_facts() and its trigger stay as they are, and an
-- event of any other kind never reaches this one (its WHEN). A table without a sensor journals none of
-- these events: its rounds keep 0. The facts a floor already holds are re-derived below from the events
-- it holds, so a floor filled before this migration reports the sensor's figures too, and every other
-- figure as before. dealer_station/floor/facts.py applies the same rules to a journal file.

ALTER TABLE floor.rounds
    ADD COLUMN sensed integer NOT NULL DEFAULT 0,      -- 1: the sensor locked the round's stakes (bets_sensed)
    ADD COLUMN past_posts integer NOT NULL DEFAULT 0,  -- bet_alarm, cause past_post: chips added after no more bets
    ADD COLUMN pinches integer NOT NULL DEFAULT 0,     -- bet_alarm, cause pinch: chips taken after no more bets
    ADD COLUMN overrides integer NOT NULL DEFAULT 0;   -- payout_overridden: paid although the chips were not what is due

-- What one sensor event adds to its round.
CREATE FUNCTION floor.fact_sensor(p_table_id text, p_round_id text, p_kind text, p jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM floor.ensure_round(p_table_id, p_round_id);
    UPDATE floor.rounds r SET
        sensed = CASE WHEN p_kind = 'bets_sensed' THEN 1 ELSE r.sensed END,
        past_posts = r.past_posts + CASE WHEN p_kind = 'bet_alarm' AND p->>'cause' = 'past_post' THEN 1 ELSE 0 END,
        pinches = r.pinches + CASE WHEN p_kind = 'bet_alarm' AND p->>'cause' = 'pinch' THEN 1 ELSE 0 END,
        overrides = r.overrides + CASE WHEN p_kind = 'payout_overridden' THEN 1 ELSE 0 END
        WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
END $$;

CREATE FUNCTION floor.derive_sensor_facts() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    BEGIN
        PERFORM floor.fact_sensor(NEW.table_id, NEW.round_id, NEW.kind, NEW.payload::jsonb);
    EXCEPTION WHEN OTHERS THEN
        INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (NEW.table_id, NEW.seq, NEW.kind, SQLERRM)
        ON CONFLICT DO NOTHING;
    END;
    RETURN NULL;
END $$;

-- A flagged record is never read (0007); a sensor event names its round (none: nothing to add it to).
CREATE TRIGGER events_sensor_facts AFTER INSERT ON floor.events FOR EACH ROW
    WHEN (CASE WHEN NEW.flagged IS NOT NULL THEN false
               ELSE NEW.kind IN ('bets_sensed', 'bet_alarm', 'payout_overridden') AND NEW.round_id IS NOT NULL END)
    EXECUTE FUNCTION floor.derive_sensor_facts();

-- Re-derive, from the events already held, what these rules add (a floor without a sensor: nothing).
UPDATE floor.rounds r SET sensed = s.sensed, past_posts = s.past_posts, pinches = s.pinches, overrides = s.overrides
    FROM (SELECT table_id, round_id,
                 max(CASE WHEN kind = 'bets_sensed' THEN 1 ELSE 0 END) AS sensed,
                 count(*) FILTER (WHERE kind = 'bet_alarm' AND payload::jsonb->>'cause' = 'past_post') AS past_posts,
                 count(*) FILTER (WHERE kind = 'bet_alarm' AND payload::jsonb->>'cause' = 'pinch') AS pinches,
                 count(*) FILTER (WHERE kind = 'payout_overridden') AS overrides
          FROM floor.events
          WHERE kind IN ('bets_sensed', 'bet_alarm', 'payout_overridden') AND round_id IS NOT NULL AND flagged IS NULL
          GROUP BY table_id, round_id) s
    WHERE s.table_id = r.table_id AND s.round_id = r.round_id;

REVOKE ALL ON FUNCTION floor.fact_sensor(text, text, text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.derive_sensor_facts() FROM PUBLIC;
