-- A cloned chip is a counterfeit catch (issue 38 item 3, docs/bet-sensing.md "Cloned tags"): one chip id
-- seen on more than one spot in one inventory round (or twice on one antenna) is a cloned or duplicated
-- tag. The station holds the round and journals the catch as it journals the others, a sensor_held whose
-- spots have kind 'clone' (command 'round', written by the sensor, one record per seat the id was seen
-- at). Counted as the croupier's shift tally counts it (dealer_station/table/sensing.py, CATCHES and
-- count_catches): a counterfeit, once per round and chip id - the same key as a chip the inventory does not
-- know, so the same id caught both ways counts once.
--
-- 0013's floor.held_catches learns the kind; every caller (0013's trigger, 0015's batch ingest) reads
-- through it. The sensor_held events a floor already holds with a clone in them (a newer station that
-- forwarded before this migration) are read again through 0013's own rule, record by record in their
-- order: what a round caught is a row of floor.sensor_catches (its key makes a repeat a no-op), so only
-- the clones are added and nothing is counted twice. Nothing of an earlier migration is edited.

CREATE OR REPLACE FUNCTION floor.held_catches(p jsonb) RETURNS TABLE (ord bigint, what text, key text, amount numeric)
LANGUAGE sql IMMUTABLE AS $$
    SELECT s.ord, c.what,
           CASE WHEN c.what = 'counterfeit' THEN coalesce(s.spot->>'chip', '')
                ELSE format('%s/%s', p->>'seat', s.spot->>'spot') END,
           CASE WHEN c.what = 'mispay' THEN coalesce(nullif(s.spot->>'amount', ''), '0')::numeric ELSE 0 END
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p->'spots') = 'array' THEN p->'spots' ELSE '[]' END)
         WITH ORDINALITY AS s(spot, ord),
         LATERAL (SELECT CASE CASE WHEN jsonb_typeof(s.spot) = 'object' THEN s.spot->>'kind' END
                         WHEN 'short' THEN 'mispay' WHEN 'over' THEN 'mispay'
                         WHEN 'not_collected' THEN 'losing_left' WHEN 'unknown_chip' THEN 'counterfeit'
                         WHEN 'clone' THEN 'counterfeit' END) AS c(what)
    WHERE c.what IS NOT NULL
$$;

DO $$
DECLARE
    e record;
BEGIN
    FOR e IN SELECT table_id, seq, round_id, kind, payload FROM floor.events
             WHERE kind = 'sensor_held' AND round_id IS NOT NULL AND flagged IS NULL
               AND payload::text LIKE '%"clone"%' ORDER BY table_id, seq LOOP
        BEGIN
            IF EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(e.payload::jsonb->'spots') = 'array'
                                                          THEN e.payload::jsonb->'spots' ELSE '[]' END) AS s(spot)
                       WHERE jsonb_typeof(s.spot) = 'object' AND s.spot->>'kind' = 'clone') THEN
                PERFORM floor.fact_sensor_held(e.table_id, e.round_id, e.seq, e.payload::jsonb);
            END IF;
        EXCEPTION WHEN OTHERS THEN
            INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (e.table_id, e.seq, e.kind, SQLERRM)
            ON CONFLICT DO NOTHING;
        END;
    END LOOP;
END $$;

REVOKE ALL ON FUNCTION floor.held_catches(jsonb) FROM PUBLIC;
