-- What the bet sensor caught at the croupier's commands (issue 21, docs/bet-sensing.md): per round, the
-- mispays caught (mispays, and mispaid: the amounts short or over), the losing bets left on the layout
-- (losing_left) and the counterfeit chips (counterfeits), from its sensor_held events: a "Paid" refused
-- because the chips on a spot were short, over or a losing bet not collected, a "No more bets" refused
-- over a chip the inventory does not know. The reports sum them as measures (floor/measures.py).
--
-- Counted as the croupier's shift tally counts them (dealer_station/table/sensing.py, count_catches):
-- per round a mispay once per seat and spot (short or over: the first amount), a losing bet left once
-- per seat and spot, a counterfeit once per chip id, however often the command was pressed. What a
-- round caught is one row of floor.sensor_catches (its primary key: a repeat is a no-op), and the
-- round's counters move only on a new row.
--
-- Its own trigger, like 0012's: every other rule stays as it is, and only a sensor_held reaches it. The
-- events a floor already holds are read below, record by record in their order as ingest would, so a
-- floor filled before this migration reports the catches too, every other figure as before. Nothing of
-- an earlier migration is replaced. A mispay's amount a table cannot hold ("NaN", 10^18 and beyond) makes
-- its record a derive error (kept, not read): sensor_held is not among 0011's floor.reads_amounts, whose
-- check would also take a long numeric chip id for such an amount and flag a counterfeit's record.

ALTER TABLE floor.rounds
    ADD COLUMN mispays integer NOT NULL DEFAULT 0,       -- mispays caught (short or over), once per seat and spot
    ADD COLUMN mispaid numeric NOT NULL DEFAULT 0,       -- the amounts those spots were short or over by
    ADD COLUMN losing_left integer NOT NULL DEFAULT 0,   -- losing bets left on the layout, once per seat and spot
    ADD COLUMN counterfeits integer NOT NULL DEFAULT 0;  -- chips the inventory does not know, once per chip id

CREATE TABLE floor.sensor_catches (
    table_id text NOT NULL,
    round_id text NOT NULL,
    what     text NOT NULL,     -- mispay, losing_left, counterfeit
    key      text NOT NULL,     -- seat/spot (a mispay, a losing bet left) or the chip id (a counterfeit)
    amount   numeric NOT NULL,  -- a mispay's: what the spot was short or over by; else 0
    seq      bigint NOT NULL,   -- the sensor_held that caught it first
    PRIMARY KEY (table_id, round_id, what, key)
);

-- What one sensor_held payload caught, spot by spot in its order (table.sensing.held_catches; a kind it
-- does not know: nothing).
CREATE FUNCTION floor.held_catches(p jsonb) RETURNS TABLE (ord bigint, what text, key text, amount numeric)
LANGUAGE sql IMMUTABLE AS $$
    SELECT s.ord, c.what,
           CASE WHEN c.what = 'counterfeit' THEN coalesce(s.spot->>'chip', '')
                ELSE format('%s/%s', p->>'seat', s.spot->>'spot') END,
           CASE WHEN c.what = 'mispay' THEN coalesce(nullif(s.spot->>'amount', ''), '0')::numeric ELSE 0 END
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p->'spots') = 'array' THEN p->'spots' ELSE '[]' END)
         WITH ORDINALITY AS s(spot, ord),
         LATERAL (SELECT CASE CASE WHEN jsonb_typeof(s.spot) = 'object' THEN s.spot->>'kind' END
                         WHEN 'short' THEN 'mispay' WHEN 'over' THEN 'mispay'
                         WHEN 'not_collected' THEN 'losing_left' WHEN 'unknown_chip' THEN 'counterfeit' END) AS c(what)
    WHERE c.what IS NOT NULL
$$;

-- What one sensor_held adds to its round: its catches the round has not caught yet.
CREATE FUNCTION floor.fact_sensor_held(p_table_id text, p_round_id text, p_seq bigint, p jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    bad numeric;
BEGIN
    SELECT c.amount INTO bad FROM floor.held_catches(p) c WHERE abs(c.amount) >= 1e18 LIMIT 1;  -- NaN too
    IF FOUND THEN
        RAISE EXCEPTION '% is not an amount a table can hold', bad;
    END IF;
    PERFORM floor.ensure_round(p_table_id, p_round_id);
    WITH caught AS (
        INSERT INTO floor.sensor_catches (table_id, round_id, what, key, amount, seq)
        SELECT DISTINCT ON (c.what, c.key) p_table_id, p_round_id, c.what, c.key, c.amount, p_seq
        FROM floor.held_catches(p) c ORDER BY c.what, c.key, c.ord
        ON CONFLICT DO NOTHING
        RETURNING what, amount)
    UPDATE floor.rounds r SET
        mispays = r.mispays + n.mispays, mispaid = r.mispaid + n.mispaid,
        losing_left = r.losing_left + n.losing_left, counterfeits = r.counterfeits + n.counterfeits
        FROM (SELECT count(*) FILTER (WHERE what = 'mispay') AS mispays,
                     coalesce(sum(amount) FILTER (WHERE what = 'mispay'), 0) AS mispaid,
                     count(*) FILTER (WHERE what = 'losing_left') AS losing_left,
                     count(*) FILTER (WHERE what = 'counterfeit') AS counterfeits
              FROM caught) n
        WHERE r.table_id = p_table_id AND r.round_id = p_round_id AND (n.mispays + n.losing_left + n.counterfeits) > 0;
END $$;

CREATE FUNCTION floor.derive_sensor_catches() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    BEGIN
        PERFORM floor.fact_sensor_held(NEW.table_id, NEW.round_id, NEW.seq, NEW.payload::jsonb);
    EXCEPTION WHEN OTHERS THEN
        INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (NEW.table_id, NEW.seq, NEW.kind, SQLERRM)
        ON CONFLICT DO NOTHING;
    END;
    RETURN NULL;
END $$;

-- A flagged record is never read (0007); a sensor_held names its round (none: nothing to add it to).
CREATE TRIGGER events_sensor_catches AFTER INSERT ON floor.events FOR EACH ROW
    WHEN (CASE WHEN NEW.flagged IS NOT NULL THEN false ELSE NEW.kind = 'sensor_held' AND NEW.round_id IS NOT NULL END)
    EXECUTE FUNCTION floor.derive_sensor_catches();

-- The sensor_held events already held, in each table's order, through the trigger's own rule (one the
-- floor cannot read is a derive error, as at ingest). A floor without a sensor holds none.
DO $$
DECLARE
    e record;
BEGIN
    FOR e IN SELECT table_id, seq, round_id, kind, payload FROM floor.events
             WHERE kind = 'sensor_held' AND round_id IS NOT NULL AND flagged IS NULL ORDER BY table_id, seq LOOP
        BEGIN
            PERFORM floor.fact_sensor_held(e.table_id, e.round_id, e.seq, e.payload::jsonb);
        EXCEPTION WHEN OTHERS THEN
            INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (e.table_id, e.seq, e.kind, SQLERRM)
            ON CONFLICT DO NOTHING;
        END;
    END LOOP;
END $$;

REVOKE ALL ON FUNCTION floor.held_catches(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.fact_sensor_held(text, text, bigint, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.derive_sensor_catches() FROM PUBLIC;
