-- A theoretical win for Texas Hold'em Bonus's Pool. A Pool stake's expected result is the stake
-- less a share of the meter it is paid from, so a round's par needs that meter: the meter as the
-- round found it (the record's jackpot.meter) plus what the round's own contributions put in it
-- (their to_meter, journaled before the flop). Round facts gain both, and the stakes a round record
-- shows gain the basis "pool_meter": per Pool stake, that meter (sum and sum of squares, as every
-- stake). dealer_station/floor/facts.py applies the same rules to a journal file.

ALTER TABLE floor.rounds ADD COLUMN pool_to_meter numeric NOT NULL DEFAULT 0;

-- {"pool_meter": [n x M, n x M^2]} for n Pool stakes paid from meter M; {} without either.
CREATE FUNCTION floor.pool_meter_stakes(p_record jsonb, p_to_meter numeric) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN n > 0 AND m IS NOT NULL THEN jsonb_build_object('pool_meter', jsonb_build_array(n * m, n * m * m))
                ELSE '{}' END
    FROM (SELECT (p_record->'jackpot'->>'meter')::numeric + p_to_meter AS m,
                 (SELECT count(*) FROM jsonb_array_elements(p_record->'seats') s WHERE (s->'bets') ? 'pool') AS n) t
$$;

-- A contribution's to_meter, added to its round; a round record's pool_meter, added to the stakes
-- floor.apply_record() took from it (this trigger's name sorts after events_derive_facts, so
-- PostgreSQL fires it second). derive_facts keeps the contribution and the record themselves.
CREATE FUNCTION floor.derive_pool_meter() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    p jsonb;
BEGIN
    BEGIN
        p := NEW.payload::jsonb;
        IF NEW.kind = 'jackpot_contribution' THEN
            PERFORM floor.ensure_round(NEW.table_id, NEW.round_id);
            UPDATE floor.rounds r SET pool_to_meter = r.pool_to_meter + coalesce((p->>'to_meter')::numeric, 0)
                WHERE r.table_id = NEW.table_id AND r.round_id = NEW.round_id;
        ELSIF jsonb_typeof(p->'record') = 'object' THEN
            UPDATE floor.rounds r SET stakes = r.stakes || floor.pool_meter_stakes(p->'record', r.pool_to_meter)
                WHERE r.table_id = NEW.table_id AND r.record_seq = NEW.seq;
        END IF;
    EXCEPTION WHEN OTHERS THEN
        INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (NEW.table_id, NEW.seq, NEW.kind, SQLERRM)
        ON CONFLICT DO NOTHING;
    END;
    RETURN NULL;
END $$;

CREATE TRIGGER events_pool_meter AFTER INSERT ON floor.events FOR EACH ROW
    WHEN ((NEW.kind = 'jackpot_contribution' AND NEW.round_id IS NOT NULL) OR NEW.kind IN ('settled', 'round_voided'))
    EXECUTE FUNCTION floor.derive_pool_meter();

-- Re-derive, from the events already held, what these rules add.
UPDATE floor.rounds r SET pool_to_meter = c.to_meter
    FROM (SELECT table_id, round_id, sum(coalesce((payload::jsonb->>'to_meter')::numeric, 0)) AS to_meter
          FROM floor.events WHERE kind = 'jackpot_contribution' AND round_id IS NOT NULL
          GROUP BY table_id, round_id) c
    WHERE c.table_id = r.table_id AND c.round_id = r.round_id;
UPDATE floor.rounds r SET stakes = r.stakes || floor.pool_meter_stakes(e.payload::jsonb->'record', r.pool_to_meter)
    FROM floor.events e
    WHERE e.table_id = r.table_id AND e.seq = r.record_seq AND e.kind IN ('settled', 'round_voided')
      AND jsonb_typeof(e.payload::jsonb->'record') = 'object';

REVOKE ALL ON FUNCTION floor.pool_meter_stakes(jsonb, numeric) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.derive_pool_meter() FROM PUBLIC;
