-- Ingest a batch as a batch (issue 23, item 4): the same answers, rows, facts, statuses and alarms as
-- 0011-0014, for about a quarter less of the server's time per record (docs/performance-floor.md).
--
-- 1. The fast path. floor.ingest_staged first offers the staged batch to floor.ingest_batch: one statement
--    over the stage itself (no DELETE ... RETURNING into eight arrays and no unnest of them) checks that the
--    batch extends what the floor holds - every seq the next one, every hash recomputed from its record's own
--    text (floor.record_hash), every prev_hash the hash before it (the first: the floor's record at the
--    held seq, 64 zeros at seq 1), every time in the journal's format, the batch within the tail its sender
--    claims - then one INSERT ... SELECT puts it in. Whatever that check does not pass, and any error of
--    the insert, goes on to 0011's exact path (floor.ingest_stage_exact: floor.ingest with the staged rows as arrays), which answers
--    every other case as before and raises the alarm: the fast path never refuses, it only declines.
-- 2. The record check without a jsonb parse of every payload: jsonb refuses only what json accepts with a
--    \u escape (\u0000, a lone surrogate) or a number numeric cannot hold (an exponent, or more digits
--    than a 16 KiB text can hold); a batch holding such a payload (floor.may_refuse_jsonb) goes the exact
--    path, record by record as 0011 did. The amounts of the records the reports read are checked as 0011's
--    insert checks them (floor.amount_flag).
-- 3. The facts from one statement-level trigger (events_derive_facts, REFERENCING NEW TABLE) instead of five
--    row triggers whose WHEN clauses ran for every record: it reads the batch's records that a rule reads
--    (floor.event_rules: the five WHEN clauses), in seq order, and applies each of its rules in the order the
--    row triggers fired (by name: derive_facts, pool_meter, round_dealer, sensor_catches, sensor_facts),
--    each in its own subtransaction as each trigger had (floor.derive_rule: a rule that fails is a derive
--    error, the others still apply). The rules themselves are 0009-0014's functions, unchanged.
-- 4. floor.dealer_at by two index probes (0004's events_live_marks, one kind each) instead of a walk back
--    through the table's events: 0.6 ms a round_opened on a floor without sign-ins, now about 0.05 ms;
--    and 0005's pool meter rule finds its round by key (below), not by reading the table's every round.

-- 2. Whether jsonb could refuse a payload json takes (see above); false for almost every record.
CREATE FUNCTION floor.may_refuse_jsonb(p_payload text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT octet_length(p_payload) > 16384 OR strpos(p_payload, '\u') > 0 OR p_payload ~ '[0-9][eE]'
$$;

-- A journal time as the exact path's check wants it (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z): the
-- separators in their places and nothing but ASCII digits between them, without a regular expression.
CREATE FUNCTION floor.is_journal_time(p_at text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT (p_at LIKE '____-__-__T__:__:__Z' OR (p_at LIKE '____-__-__T__:__:__._%Z' AND length(p_at) <= 27))
           AND translate(p_at, '0123456789', '') IN ('--T::Z', '--T::.Z')
$$;

-- 1. The staged batch when it extends the floor's chain: inserted, and the floor's answer; else no row (the
-- caller takes the exact path). Called by floor.ingest_staged only, under its SECURITY DEFINER.
CREATE FUNCTION floor.ingest_batch(p_table_id text, p_journal_last_seq bigint)
RETURNS TABLE (status text, acked_seq bigint, acked_hash text, inserted integer, bad_seq bigint, reason text)
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    held_seq bigint;
    held_hash text;
    records bigint;
    extends boolean;
    careful boolean;
    top_seq bigint;
    top_hash text;
    added integer;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_temp.floor_ingest_stage) THEN
        RETURN;  -- a claim without a record: the exact path answers it and writes nothing (0007)
    END IF;
    INSERT INTO floor.stations (table_id) VALUES (p_table_id) ON CONFLICT DO NOTHING;
    SELECT s.last_seq INTO held_seq FROM floor.stations s WHERE s.table_id = p_table_id FOR UPDATE;
    IF held_seq = 0 THEN
        held_hash := repeat('0', 64);
    ELSE
        SELECT e.hash INTO held_hash FROM floor.events e WHERE e.table_id = p_table_id AND e.seq = held_seq;
    END IF;
    SELECT count(*), coalesce(bool_and(coalesce(c.ok, false)), false), coalesce(bool_or(c.careful), true),
           max(c.seq)
      INTO records, extends, careful, top_seq
    FROM (SELECT b.seq,
                 b.seq = held_seq + b.n AND b.seq <= p_journal_last_seq AND floor.is_journal_time(b.at)
                 AND b.prev_hash = coalesce(b.before, held_hash)
                 AND floor.record_hash(b.seq, b.at, p_table_id, b.round_id, b.kind, b.actor, b.payload,
                                       b.prev_hash) = b.hash AS ok,
                 coalesce(floor.may_refuse_jsonb(b.payload), true) AS careful
          FROM (SELECT t.seq, t.at, t.round_id, t.kind, t.actor, t.payload, t.prev_hash, t.hash,
                       row_number() OVER (ORDER BY t.o) AS n, lag(t.hash) OVER (ORDER BY t.o) AS before
                FROM pg_temp.floor_ingest_stage t) b) c;
    IF records = 0 OR NOT extends OR careful THEN
        RETURN;
    END IF;
    SELECT t.hash INTO top_hash FROM pg_temp.floor_ingest_stage t ORDER BY t.o DESC LIMIT 1;
    PERFORM set_config('floor.ingesting', 'on', true);  -- checked here: events_check skips these records
    BEGIN
        WITH ins AS (
            INSERT INTO floor.events (table_id, seq, at, round_id, kind, actor, payload, prev_hash, hash,
                                      received_at, flagged)
            SELECT p_table_id, t.seq, t.at, t.round_id, t.kind, t.actor, t.payload::json, t.prev_hash, t.hash,
                   clock_timestamp(),
                   CASE WHEN floor.reads_amounts(t.kind) THEN floor.amount_flag(t.kind, t.payload, t.payload::jsonb) END
            FROM pg_temp.floor_ingest_stage t ORDER BY t.o
            RETURNING seq, kind, flagged)
        SELECT count(*)::integer
               + 0 * count(CASE WHEN i.flagged IS NOT NULL THEN floor.flag_alarm(p_table_id, i.seq, i.kind, i.flagged) END)
          INTO added
        FROM (SELECT * FROM ins ORDER BY seq) i;
    EXCEPTION WHEN OTHERS THEN  -- not JSON, a time PostgreSQL cannot read, ...: the exact path says which
        PERFORM set_config('floor.ingesting', '', true);
        RETURN;
    END;
    PERFORM set_config('floor.ingesting', '', true);
    DELETE FROM pg_temp.floor_ingest_stage;
    UPDATE floor.stations s SET last_seq = top_seq, last_hash = top_hash, last_ingest = now()
        WHERE s.table_id = p_table_id;
    RETURN QUERY SELECT 'ok'::text, top_seq, top_hash, added, NULL::bigint, NULL::text;
END $$;

-- 0011's floor.ingest_staged, kept whole as the exact path under another name (its grants go with it: the
-- new floor.ingest_staged below gets them, and the station keeps none on the old one), behind the fast path.
ALTER FUNCTION floor.ingest_staged(text, bigint, text) RENAME TO ingest_stage_exact;

CREATE FUNCTION floor.ingest_staged(p_table_id text, p_journal_last_seq bigint, p_journal_last_hash text)
RETURNS TABLE (status text, acked_seq bigint, acked_hash text, inserted integer, bad_seq bigint, reason text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF to_regclass('pg_temp.floor_ingest_stage') IS NOT NULL
       AND p_table_id IS NOT NULL AND p_table_id <> '' AND p_journal_last_seq >= 0
       AND (NOT EXISTS (SELECT 1 FROM floor.station_logins l WHERE l.role_name = session_user)
            OR EXISTS (SELECT 1 FROM floor.station_logins l WHERE l.role_name = session_user AND l.table_id = p_table_id))
    THEN
        RETURN QUERY SELECT * FROM floor.ingest_batch(p_table_id, p_journal_last_seq);
        IF FOUND THEN
            RETURN;
        END IF;
    END IF;
    RETURN QUERY SELECT * FROM floor.ingest_stage_exact(p_table_id, p_journal_last_seq, p_journal_last_hash);
END $$;

REVOKE ALL ON FUNCTION floor.ingest_staged(text, bigint, text) FROM PUBLIC;
DO $$
DECLARE
    who text;
BEGIN
    FOR who IN SELECT a.grantee::regrole::text
               FROM pg_proc p, aclexplode(p.proacl) a
               WHERE p.oid = 'floor.ingest_stage_exact(text, bigint, text)'::regprocedure
                 AND a.privilege_type = 'EXECUTE' AND a.grantee <> 0 AND a.grantee <> p.proowner LOOP
        EXECUTE format('GRANT EXECUTE ON FUNCTION floor.ingest_staged(text, bigint, text) TO %s', who);
        EXECUTE format('REVOKE EXECUTE ON FUNCTION floor.ingest_stage_exact(text, bigint, text) FROM %s', who);
    END LOOP;
END $$;

-- 3. The rules that read an event, in the order their row triggers fired (0007's, 0005's, 0012-0014's WHEN).
CREATE FUNCTION floor.event_rules(p_kind text, p_round_id text, p_payload json) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
    SELECT array_remove(ARRAY[
        CASE WHEN p_kind IN ('round_opened', 'settled', 'round_paid', 'round_voided', 'round_adjusted',
                             'device_fault', 'halted', 'supervisor_auth', 'halt_cleared', 'card_corrected',
                             'jackpot_contribution', 'jackpot_award', 'jackpot_seed', 'jackpot_reversal')
                  OR (p_kind = 'device_status' AND (p_payload->>'state') LIKE 'fault:%') THEN 'facts' END,
        CASE WHEN (p_kind = 'jackpot_contribution' AND p_round_id IS NOT NULL) OR p_kind IN ('settled', 'round_voided')
             THEN 'pool_meter' END,
        CASE WHEN p_kind = 'round_opened' THEN 'round_dealer' END,
        CASE WHEN p_kind = 'sensor_held' AND p_round_id IS NOT NULL THEN 'sensor_catches' END,
        CASE WHEN p_kind IN ('bets_sensed', 'bet_alarm', 'payout_overridden') AND p_round_id IS NOT NULL
             THEN 'sensor_facts' END], NULL)
$$;

-- 0009's floor.derive_facts() rule for one event (the trigger's body, NEW now e).
CREATE FUNCTION floor.event_facts(e floor.events) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    p jsonb := e.payload::jsonb;
    ts timestamptz := e.at::timestamptz;
    rid text := coalesce(e.round_id, p->>'round_id');
BEGIN
    CASE e.kind
    WHEN 'round_opened' THEN
        PERFORM floor.fact_round_opened(e.table_id, rid, e.seq, ts, p);
    WHEN 'settled' THEN
        PERFORM floor.fact_settled(e.table_id, rid, e.seq, p);
    WHEN 'round_paid' THEN
        PERFORM floor.fact_round_paid(e.table_id, rid, e.seq, ts, p);
    WHEN 'round_voided' THEN
        PERFORM floor.fact_round_voided(e.table_id, rid, e.seq, ts, p);
    WHEN 'round_adjusted' THEN
        PERFORM floor.apply_adjustment(e.table_id, e.seq, ts, e.actor, e.round_id, p);
    WHEN 'device_fault', 'halted', 'device_status' THEN
        PERFORM floor.fact_fault(e.table_id, e.seq, ts, e.round_id, e.kind, p);
    WHEN 'supervisor_auth' THEN
        PERFORM floor.fact_supervisor_auth(e.table_id, e.seq, ts, e.round_id, p);
    WHEN 'jackpot_contribution', 'jackpot_award', 'jackpot_seed', 'jackpot_reversal' THEN
        PERFORM floor.fact_jackpot(e.table_id, e.seq, ts, e.round_id, e.kind, p);
    ELSE
        NULL;
    END CASE;
    IF e.actor LIKE 'supervisor:%' AND e.kind IN ('round_voided', 'halt_cleared', 'card_corrected')
       AND coalesce(p->>'reason', '') <> '' THEN
        PERFORM floor.supervisor_reason(e.table_id, e.seq, e.actor, p);
    END IF;
END $$;

-- 0005's floor.derive_pool_meter() rule for one event. The round whose record this is is found by its key
-- (the round the record was applied to: event_facts' rid), not by record_seq alone, which no index of a
-- table's rounds serves: 0005's UPDATE read every round of the table at every settlement.
CREATE FUNCTION floor.event_pool_meter(e floor.events) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    p jsonb := e.payload::jsonb;
BEGIN
    IF e.kind = 'jackpot_contribution' THEN
        PERFORM floor.ensure_round(e.table_id, e.round_id);
        UPDATE floor.rounds r SET pool_to_meter = r.pool_to_meter + coalesce((p->>'to_meter')::numeric, 0)
            WHERE r.table_id = e.table_id AND r.round_id = e.round_id;
    ELSIF jsonb_typeof(p->'record') = 'object' THEN
        UPDATE floor.rounds r SET stakes = r.stakes || floor.pool_meter_stakes(p->'record', r.pool_to_meter)
            WHERE r.table_id = e.table_id AND r.round_id = coalesce(e.round_id, p->>'round_id') AND r.record_seq = e.seq;
    END IF;
END $$;

-- One rule for one event in its own subtransaction, as each row trigger was: a rule that fails leaves a
-- derive error and the event held, and the event's other rules still apply.
CREATE FUNCTION floor.derive_rule(e floor.events, p_rule text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    CASE p_rule
    WHEN 'facts' THEN
        PERFORM floor.event_facts(e);
    WHEN 'pool_meter' THEN
        PERFORM floor.event_pool_meter(e);
    WHEN 'round_dealer' THEN  -- 0014
        UPDATE floor.rounds SET dealer = floor.dealer_at(e.table_id, e.seq)
            WHERE table_id = e.table_id AND round_id = coalesce(e.round_id, e.payload::jsonb->>'round_id');
    WHEN 'sensor_catches' THEN  -- 0013
        PERFORM floor.fact_sensor_held(e.table_id, e.round_id, e.seq, e.payload::jsonb);
    WHEN 'sensor_facts' THEN  -- 0012
        PERFORM floor.fact_sensor(e.table_id, e.round_id, e.kind, e.payload::jsonb);
    END CASE;
EXCEPTION WHEN OTHERS THEN
    INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (e.table_id, e.seq, e.kind, SQLERRM)
    ON CONFLICT DO NOTHING;
END $$;

-- The statement's new events that a rule reads (a flagged record never: 0007), table by table in seq order.
CREATE FUNCTION floor.derive_added() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    r record;
    rule text;
BEGIN
    FOR r IN SELECT a::floor.events AS e, x.rules
             FROM added a, LATERAL (SELECT floor.event_rules(a.kind, a.round_id, a.payload)) x(rules)
             WHERE a.flagged IS NULL AND cardinality(x.rules) > 0 ORDER BY a.table_id, a.seq LOOP
        FOREACH rule IN ARRAY r.rules LOOP
            PERFORM floor.derive_rule(r.e, rule);
        END LOOP;
    END LOOP;
    RETURN NULL;
END $$;

DROP TRIGGER events_derive_facts ON floor.events;
DROP TRIGGER events_pool_meter ON floor.events;
DROP TRIGGER events_round_dealer ON floor.events;
DROP TRIGGER events_sensor_catches ON floor.events;
DROP TRIGGER events_sensor_facts ON floor.events;
DROP FUNCTION floor.derive_facts();
DROP FUNCTION floor.derive_pool_meter();
DROP FUNCTION floor.derive_round_dealer();
DROP FUNCTION floor.derive_sensor_catches();
DROP FUNCTION floor.derive_sensor_facts();
CREATE TRIGGER events_derive_facts AFTER INSERT ON floor.events REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION floor.derive_added();

-- 4. 0014's rule: the last sign-in since the station last started, unless that dealer signed out since.
CREATE OR REPLACE FUNCTION floor.dealer_at(p_table_id text, p_seq bigint) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
    started bigint;
    signed_in floor.events;
BEGIN
    SELECT e.seq INTO started FROM floor.events e
        WHERE e.table_id = p_table_id AND e.kind = 'station_started' AND e.seq < p_seq AND e.flagged IS NULL
        ORDER BY e.seq DESC LIMIT 1;
    SELECT e.* INTO signed_in FROM floor.events e
        WHERE e.table_id = p_table_id AND e.kind = 'dealer_signed_in' AND e.seq < p_seq AND e.flagged IS NULL
          AND e.seq > coalesce(started, 0)
        ORDER BY e.seq DESC LIMIT 1;
    IF signed_in.seq IS NULL OR EXISTS (
            SELECT 1 FROM floor.events o
            WHERE o.table_id = p_table_id AND o.kind = 'dealer_signed_out' AND o.seq > signed_in.seq
              AND o.seq < p_seq AND o.flagged IS NULL
              AND o.payload::jsonb->>'dealer' IS NOT DISTINCT FROM signed_in.payload::jsonb->>'dealer') THEN
        RETURN NULL;
    END IF;
    RETURN nullif(signed_in.payload::jsonb->>'dealer', '');
END $$;

REVOKE ALL ON FUNCTION floor.may_refuse_jsonb(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.is_journal_time(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.ingest_batch(text, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.event_rules(text, text, json) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.event_facts(floor.events) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.event_pool_meter(floor.events) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.derive_rule(floor.events, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.derive_added() FROM PUBLIC;
