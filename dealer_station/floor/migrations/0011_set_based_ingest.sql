-- The ingest's chain check and record check, set-based (issue 23): the same answers, statuses,
-- reasons and alarms as 0007's floor.ingest, without a PL/pgSQL step per record.
--
-- 1. floor.ingest checks a batch in one statement: every record's hash recomputed from its own
--    text (floor.record_hash, sha256 over the canonical JSON), its prev_hash against the hash of
--    the record before it in the batch (lag() over the batch's order) or, for the batch's first
--    record, against what the floor holds (the hash at seq - 1, or 64 zeros at seq 1); the first
--    record that fails, in batch order, is the one the alarm names, with the reason the record-by-
--    record loop gave. Then the new records go in with one INSERT ... SELECT.
-- 2. The record check of 0006/0007 (payload over 1 MiB, one jsonb cannot hold, an amount the reports
--    cannot hold) is two small functions, floor.payload_flag and floor.amount_flag: floor.ingest
--    computes `flagged` with them in its INSERT (a payload parsed once, no subtransaction per record;
--    only a batch with a payload jsonb refuses is checked again record by record), and
--    floor.check_event, the BEFORE INSERT trigger, calls the same two for any other insert (the
--    owner's own). The ingest marks its insert (`floor.ingesting`, local to its transaction) so
--    that trigger, a PL/pgSQL call per record, is skipped for records already checked.
-- 3. A station sends a batch by COPY (its forwarder: floor/ingest.py): floor.open_stage() gives its
--    session a temporary table it may only INSERT into (created by the floor's owner: the station role
--    has no TEMPORARY privilege, 0006), the batch is copied in, and floor.ingest_staged() hands the
--    staged rows, in the order they came, to floor.ingest, emptying the stage (the rows go at commit
--    in any case: ON COMMIT DELETE ROWS). The stage is the session's own: no other login sees it.
-- 4. floor.record_hash is STABLE, as what it calls (to_json, convert_to) is: PostgreSQL then inlines it
--    into the statement instead of running an SQL function per record. Same text, same hash.
-- 5. floor.ensure_round and floor.fact_round_opened (an INSERT each) in PL/pgSQL: the same rules,
--    planned once per session instead of at every call.
-- 6. Reports find a table's game (its latest round record, queries.table_games) and the pay tables
--    behind a par_key by index, instead of reading every round of the floor.

CREATE OR REPLACE FUNCTION floor.record_hash(
    p_seq bigint, p_at text, p_table_id text, p_round_id text, p_kind text, p_actor text,
    p_payload text, p_prev_hash text
) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT encode(sha256(convert_to(
        '{"actor":' || to_json(p_actor)::text
        || ',"at":' || to_json(p_at)::text
        || ',"kind":' || to_json(p_kind)::text
        || ',"payload":' || p_payload
        || ',"prev_hash":' || to_json(p_prev_hash)::text
        || ',"round_id":' || coalesce(to_json(p_round_id)::text, 'null')
        || ',"seq":' || p_seq::text
        || ',"table_id":' || to_json(p_table_id)::text
        || '}', 'UTF8')), 'hex')
$$;

-- Why a payload cannot be read at all (over 1 MiB, or refused by jsonb: a \u0000 escape, a lone
-- surrogate), else NULL. Its EXCEPTION block is a subtransaction: the ingest calls it only for a
-- batch whose payloads jsonb did not all take.
CREATE FUNCTION floor.payload_flag(p_payload text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    body jsonb;
BEGIN
    IF octet_length(p_payload) > 1048576 THEN
        RETURN format('payload of %s bytes (at most 1 MiB)', octet_length(p_payload));
    END IF;
    BEGIN
        body := p_payload::jsonb;
    EXCEPTION WHEN OTHERS THEN
        RETURN format('payload the floor cannot read (%s)', SQLERRM);
    END;
    RETURN NULL;
END $$;

-- The records the reports compute amounts from (an SQL expression: inlined, no call per record).
CREATE FUNCTION floor.reads_amounts(p_kind text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT p_kind IN ('settled', 'round_paid', 'round_voided', 'round_adjusted', 'jackpot_contribution',
                      'jackpot_award', 'jackpot_seed', 'jackpot_overflow', 'jackpot_reversal')
$$;

-- In the records the reports are computed from (floor.reads_amounts), a number that is not a finite amount the station
-- could have written ("NaN", "Infinity", 10^18 and beyond, as a string or a number), else NULL.
-- p_payload is the payload's text: one without "nan", "inf", 19 digits in a row, a digit before an
-- exponent or a \u escape cannot hold such a number, and its tree is not walked at all.
CREATE FUNCTION floor.amount_flag(p_kind text, p_payload text, p_body jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    bad text;
BEGIN
    IF NOT floor.reads_amounts(p_kind) OR p_payload !~* '(nan|inf|[0-9]{19}|[0-9][e]|\\u)' THEN
        RETURN NULL;
    END IF;
    SELECT v #>> '{}' INTO bad
    FROM jsonb_path_query(p_body, 'strict $.**') AS v
    WHERE (jsonb_typeof(v) = 'string' AND (
               (v #>> '{}') ~* '^\s*[+-]?(nan|inf|infinity)\s*$'
               OR ((v #>> '{}') ~ '^[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$'
                   AND length(v #>> '{}') < 400 AND abs((v #>> '{}')::numeric) >= 1e18)))
       OR (jsonb_typeof(v) = 'number' AND abs((v #>> '{}')::numeric) >= 1e18)
    LIMIT 1;
    RETURN CASE WHEN bad IS NULL THEN NULL ELSE format('%s is not an amount a table can hold', left(bad, 40)) END;
END $$;

-- The alarm a record held flagged raises (0007's words).
CREATE FUNCTION floor.flag_alarm(p_table_id text, p_seq bigint, p_kind text, p_why text) RETURNS void
LANGUAGE sql AS $$
    SELECT floor.raise_alarm(p_table_id, p_seq,
        format('record %s (%s) held but flagged, not read: %s; what it says is missing from the reports',
               p_seq, left(p_kind, 40), p_why))
$$;

-- 0007's trigger for an insert that does not come through floor.ingest, with the same two checks.
CREATE OR REPLACE FUNCTION floor.check_event() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    why text := floor.payload_flag(NEW.payload::text);
BEGIN
    IF why IS NULL THEN
        why := floor.amount_flag(NEW.kind, NEW.payload::text, NEW.payload::jsonb);
    END IF;
    IF why IS NOT NULL THEN
        NEW.flagged := why;
        PERFORM floor.flag_alarm(NEW.table_id, NEW.seq, NEW.kind, why);
    END IF;
    RETURN NEW;
END $$;

DROP TRIGGER events_check ON floor.events;
CREATE TRIGGER events_check BEFORE INSERT ON floor.events FOR EACH ROW
    WHEN (current_setting('floor.ingesting', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION floor.check_event();

-- 5. The two fact rules that write a row for every round, in PL/pgSQL: an SQL function holding an
--    INSERT is never inlined, so PostgreSQL planned its statement again at every call (0009's reason
--    for the rules that read rows of a payload). The rules are 0002's and 0009's, unchanged.
CREATE OR REPLACE FUNCTION floor.ensure_round(p_table_id text, p_round_id text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO floor.rounds (table_id, round_id) VALUES (p_table_id, p_round_id) ON CONFLICT DO NOTHING;
END $$;

CREATE OR REPLACE FUNCTION floor.fact_round_opened(p_table_id text, p_round_id text, p_seq bigint, p_at timestamptz,
                                                   p jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO floor.rounds (table_id, round_id, number, opened_seq, opened_at)
    VALUES (p_table_id, p_round_id, (p->>'number')::bigint, p_seq, p_at)
    ON CONFLICT (table_id, round_id) DO UPDATE
        SET number = EXCLUDED.number, opened_seq = EXCLUDED.opened_seq, opened_at = EXCLUDED.opened_at;
END $$;

-- The first record of a batch that fails the chain check, in batch order, and why: the loop of 0007
-- in one statement. Each condition is the loop's, in the loop's order; "the record before it" is the
-- batch's previous record (every record before the first failing one passed, so the loop's running
-- prev_hash was that record's hash), or for the first record what the floor holds (p_prev_hash).
CREATE FUNCTION floor.first_bad_record(
    p_table_id text, p_held_seq bigint, p_prev_hash text,
    p_seq bigint[], p_at text[], p_round_id text[], p_kind text[], p_actor text[], p_payload text[],
    p_prev_hashes text[], p_hash text[]
) RETURNS TABLE (bad_seq bigint, reason text)
LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN c.fault = 1 THEN c.expect ELSE c.s END,
           CASE c.fault
               WHEN 1 THEN format('record %s missing from the batch (got seq %s)', c.expect, c.s)
               WHEN 2 THEN 'malformed record (time, payload or hash missing or not in the journal format)'
               WHEN 3 THEN CASE WHEN c.ph IS NOT DISTINCT FROM c.prev
                   THEN 'record differs from the one the floor holds (journal edited, rewritten or replaced)'
                   ELSE 'record does not link to the one before it that the floor holds (diverged at or before this seq)' END
               WHEN 4 THEN CASE WHEN c.s = p_held_seq + 1
                   THEN 'prev_hash does not match the last record the floor holds (journal rewritten or replaced at or before this seq)'
                   ELSE 'prev_hash does not match the record before it (chain broken)' END
               ELSE 'hash does not match the record (record edited, or the journal of another table)' END
    FROM (
        SELECT b.o, b.s, b.expect, b.ph, b.prev,
               CASE WHEN b.s IS DISTINCT FROM b.expect THEN 1
                    WHEN b.a IS NULL OR b.a !~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$' OR b.pl IS NULL
                         OR b.computed IS NULL OR b.h IS NULL THEN 2
                    WHEN b.held IS NOT NULL AND b.held <> b.h THEN 3
                    WHEN b.ph IS DISTINCT FROM b.prev THEN 4
                    WHEN b.computed <> b.h THEN 5 END AS fault
        FROM (
            SELECT u.o, u.s, u.a, u.pl, u.ph, u.h, p_seq[1] + u.o - 1 AS expect,
                   CASE WHEN u.o = 1 THEN p_prev_hash ELSE lag(u.h) OVER (ORDER BY u.o) END AS prev,
                   floor.record_hash(u.s, u.a, p_table_id, u.r, u.k, u.ac, u.pl, u.ph) AS computed,
                   CASE WHEN u.s <= p_held_seq
                        THEN (SELECT e.hash FROM floor.events e WHERE e.table_id = p_table_id AND e.seq = u.s) END AS held
            FROM unnest(p_seq, p_at, p_round_id, p_kind, p_actor, p_payload, p_prev_hashes, p_hash)
                 WITH ORDINALITY AS u(s, a, r, k, ac, pl, ph, h, o)
        ) b
    ) c
    WHERE c.fault IS NOT NULL
    ORDER BY c.o
    LIMIT 1
$$;

-- 0007's ingest with the loop replaced by floor.first_bad_record and the record check done in the
-- INSERT. Everything else (authorisation, the tail claims, statuses, alarms) is 0007's, unchanged.
CREATE OR REPLACE FUNCTION floor.ingest(
    p_table_id text,
    p_journal_last_seq bigint,
    p_journal_last_hash text,
    p_seq bigint[],
    p_at text[],
    p_round_id text[],
    p_kind text[],
    p_actor text[],
    p_payload text[],
    p_prev_hash text[],
    p_hash text[]
) RETURNS TABLE (status text, acked_seq bigint, acked_hash text, inserted integer, bad_seq bigint, reason text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    n integer := coalesce(cardinality(p_seq), 0);
    held_seq bigint;
    held_hash text;
    prev_hash text;
    bad bigint;
    why text;
    floor_hash text;
    added integer := 0;
BEGIN
    IF EXISTS (SELECT 1 FROM floor.station_logins l WHERE l.role_name = session_user)
       AND NOT EXISTS (SELECT 1 FROM floor.station_logins l WHERE l.role_name = session_user AND l.table_id = p_table_id)
    THEN
        why := format('login %s may not send table %s (it is pinned to other tables)', session_user, left(p_table_id, 64));
        PERFORM floor.raise_login_alarm(session_user, p_table_id);
        RETURN QUERY SELECT 'refused'::text, NULL::bigint, NULL::text, 0, NULL::bigint, why;
        RETURN;
    END IF;
    IF p_table_id IS NULL OR p_table_id = '' OR p_journal_last_seq IS NULL OR p_journal_last_seq < 0 THEN
        RETURN QUERY SELECT 'bad'::text, NULL::bigint, NULL::text, 0, NULL::bigint, 'table_id and journal tail required';
        RETURN;
    END IF;
    IF n <> coalesce(cardinality(p_at), 0) OR n <> coalesce(cardinality(p_round_id), 0)
       OR n <> coalesce(cardinality(p_kind), 0) OR n <> coalesce(cardinality(p_actor), 0)
       OR n <> coalesce(cardinality(p_payload), 0) OR n <> coalesce(cardinality(p_prev_hash), 0)
       OR n <> coalesce(cardinality(p_hash), 0) THEN
        RETURN QUERY SELECT 'bad'::text, NULL::bigint, NULL::text, 0, NULL::bigint, 'batch columns differ in length';
        RETURN;
    END IF;

    IF n > 0 THEN
        INSERT INTO floor.stations (table_id) VALUES (p_table_id) ON CONFLICT DO NOTHING;
    END IF;
    SELECT s.last_seq, s.last_hash INTO held_seq, held_hash
        FROM floor.stations s WHERE s.table_id = p_table_id FOR UPDATE;
    held_seq := coalesce(held_seq, 0);
    held_hash := coalesce(held_hash, repeat('0', 64));

    IF n = 0 THEN  -- a claim without a record proves nothing: answer where the floor is, write nothing
        IF p_journal_last_seq < held_seq THEN
            RETURN QUERY SELECT 'refused'::text, held_seq, held_hash, 0, p_journal_last_seq + 1,
                format('journal ends at seq %s but the floor holds up to %s: send its last record to show it',
                       p_journal_last_seq, held_seq);
        ELSE
            RETURN QUERY SELECT 'ok'::text, held_seq, held_hash, 0, NULL::bigint, NULL::text;
        END IF;
        RETURN;
    END IF;

    IF p_seq[1] > held_seq + 1 THEN  -- a sender bug, not tampering: tell it where to resume
        RETURN QUERY SELECT 'gap'::text, held_seq, held_hash, 0, held_seq + 1,
            format('batch starts at seq %s but the floor holds up to %s', p_seq[1], held_seq);
        RETURN;
    END IF;

    IF p_seq[1] < 1 THEN
        bad := p_seq[1]; why := 'seq must start at 1';
    ELSE
        IF p_seq[1] = 1 THEN
            prev_hash := repeat('0', 64);
        ELSE
            SELECT e.hash INTO prev_hash FROM floor.events e WHERE e.table_id = p_table_id AND e.seq = p_seq[1] - 1;
        END IF;
        SELECT f.bad_seq, f.reason INTO bad, why
        FROM floor.first_bad_record(p_table_id, held_seq, prev_hash, p_seq, p_at, p_round_id, p_kind, p_actor,
                                    p_payload, p_prev_hash, p_hash) f;
    END IF;

    IF bad IS NULL AND p_seq[n] > p_journal_last_seq THEN
        bad := p_journal_last_seq + 1; why := 'batch goes past the journal tail its sender claims';
    END IF;
    IF bad IS NULL AND p_journal_last_seq < held_seq THEN
        SELECT e.hash INTO floor_hash FROM floor.events e WHERE e.table_id = p_table_id AND e.seq = p_journal_last_seq;
        IF floor_hash = p_journal_last_hash THEN
            bad := p_journal_last_seq + 1;
            why := format('journal ends at seq %s but the floor holds up to %s (journal truncated or replaced by an older copy)',
                          p_journal_last_seq, held_seq);
        ELSE
            bad := p_journal_last_seq;
            why := format('journal ends at seq %s with a record the floor holds differently (journal rewritten or replaced; diverged at or before this seq)',
                          p_journal_last_seq);
        END IF;
    END IF;

    IF bad IS NOT NULL THEN
        PERFORM floor.raise_alarm(p_table_id, bad, why);
        RETURN QUERY SELECT 'refused'::text, held_seq, held_hash, 0, bad, why;
        RETURN;
    END IF;

    IF p_seq[n] > held_seq THEN
        PERFORM set_config('floor.ingesting', 'on', true);  -- checked here: events_check skips these records
        BEGIN
            BEGIN  -- every payload parsed once; a batch jsonb refuses is checked record by record below
                added := floor.insert_batch(p_table_id, held_seq, false, p_seq, p_at, p_round_id, p_kind, p_actor,
                                            p_payload, p_prev_hash, p_hash);
            EXCEPTION WHEN OTHERS THEN  -- as 0007's check: whatever jsonb refused
                added := floor.insert_batch(p_table_id, held_seq, true, p_seq, p_at, p_round_id, p_kind, p_actor,
                                            p_payload, p_prev_hash, p_hash);
            END;
        EXCEPTION WHEN invalid_text_representation OR invalid_datetime_format OR datetime_field_overflow
                       OR untranslatable_character OR character_not_in_repertoire THEN
            PERFORM set_config('floor.ingesting', '', true);
            why := format('malformed record in the batch: %s', SQLERRM);
            PERFORM floor.raise_alarm(p_table_id, held_seq + 1, why);
            RETURN QUERY SELECT 'refused'::text, held_seq, held_hash, 0, held_seq + 1, why;
            RETURN;
        END;
        PERFORM set_config('floor.ingesting', '', true);
        held_seq := p_seq[n];
        held_hash := p_hash[n];
        UPDATE floor.stations s SET last_seq = held_seq, last_hash = held_hash, last_ingest = now()
            WHERE s.table_id = p_table_id;
    END IF;
    RETURN QUERY SELECT 'ok'::text, held_seq, held_hash, added, NULL::bigint, NULL::text;
END $$;

-- The records of a checked batch the floor does not hold yet, in one INSERT, `flagged` computed as
-- floor.check_event would (its alarms raised in seq order); returns how many went in. With
-- p_each = false every payload goes through jsonb in the statement itself (the common case: one
-- parse, no subtransaction), so a payload jsonb refuses fails the whole statement and the caller
-- asks again with p_each = true (floor.payload_flag per record). A payload that is not JSON at all
-- fails either way (the json cast): the caller refuses the batch, as 0007 did.
CREATE FUNCTION floor.insert_batch(
    p_table_id text, p_held_seq bigint, p_each boolean,
    p_seq bigint[], p_at text[], p_round_id text[], p_kind text[], p_actor text[], p_payload text[],
    p_prev_hash text[], p_hash text[]
) RETURNS integer
LANGUAGE plpgsql AS $$  -- PL/pgSQL: its statement planned once per session, not at every batch
DECLARE
    added integer;
BEGIN
    WITH parsed AS (
        SELECT u.s, u.a, u.r, u.k, u.ac, u.pl, u.ph, u.h,
               CASE WHEN p_each THEN floor.payload_flag(u.pl)
                    WHEN octet_length(u.pl) > 1048576 THEN format('payload of %s bytes (at most 1 MiB)', octet_length(u.pl))
               END AS unreadable,
               CASE WHEN p_each OR octet_length(u.pl) > 1048576 THEN NULL ELSE u.pl::jsonb END AS body
        FROM unnest(p_seq, p_at, p_round_id, p_kind, p_actor, p_payload, p_prev_hash, p_hash) AS u(s, a, r, k, ac, pl, ph, h)
        WHERE u.s > p_held_seq
    ), checked AS (
        SELECT p.*, coalesce(p.unreadable, CASE
                   WHEN p_each THEN CASE WHEN floor.reads_amounts(p.k) THEN floor.amount_flag(p.k, p.pl, p.pl::jsonb) END
                   WHEN p.body IS NULL THEN NULL  -- never true: it makes every payload go through jsonb here
                   WHEN floor.reads_amounts(p.k) THEN floor.amount_flag(p.k, p.pl, p.body) END) AS flagged
        FROM parsed p
    ), ins AS (
        INSERT INTO floor.events (table_id, seq, at, round_id, kind, actor, payload, prev_hash, hash, received_at, flagged)
        SELECT p_table_id, c.s, c.a, c.r, c.k, c.ac, c.pl::json, c.ph, c.h, clock_timestamp(), c.flagged
        FROM checked c
        ORDER BY c.s
        RETURNING seq, kind, flagged
    ), alarmed AS (
        SELECT floor.flag_alarm(p_table_id, i.seq, i.kind, i.flagged)
        FROM (SELECT * FROM ins WHERE flagged IS NOT NULL ORDER BY seq) i
    )
    SELECT (SELECT count(*)::integer FROM ins) + 0 * (SELECT count(*)::integer FROM alarmed) INTO added;
    RETURN added;
END $$;

-- 3. The station's stage: one temporary table per session, the station may only add rows to it.
CREATE FUNCTION floor.open_stage() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF to_regclass('pg_temp.floor_ingest_stage') IS NULL THEN
        CREATE TEMPORARY TABLE floor_ingest_stage (
            o         bigint GENERATED ALWAYS AS IDENTITY,
            seq       bigint,
            at        text,
            round_id  text,
            kind      text,
            actor     text,
            payload   text,
            prev_hash text,
            hash      text
        ) ON COMMIT DELETE ROWS;
        GRANT INSERT (seq, at, round_id, kind, actor, payload, prev_hash, hash) ON pg_temp.floor_ingest_stage
            TO SESSION_USER;
    END IF;
END $$;

-- floor.ingest of the rows staged in this session (in the order they were copied in), which it takes
-- out of the stage: the same answers as floor.ingest with the same records as arrays.
CREATE FUNCTION floor.ingest_staged(p_table_id text, p_journal_last_seq bigint, p_journal_last_hash text)
RETURNS TABLE (status text, acked_seq bigint, acked_hash text, inserted integer, bad_seq bigint, reason text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF to_regclass('pg_temp.floor_ingest_stage') IS NULL THEN
        RETURN QUERY SELECT 'bad'::text, NULL::bigint, NULL::text, 0, NULL::bigint, 'no stage: call floor.open_stage() first';
        RETURN;
    END IF;
    RETURN QUERY
    WITH taken AS (DELETE FROM pg_temp.floor_ingest_stage RETURNING *),
         b AS (SELECT coalesce(array_agg(t.seq ORDER BY t.o), '{}') AS s, coalesce(array_agg(t.at ORDER BY t.o), '{}') AS a,
                      coalesce(array_agg(t.round_id ORDER BY t.o), '{}') AS r, coalesce(array_agg(t.kind ORDER BY t.o), '{}') AS k,
                      coalesce(array_agg(t.actor ORDER BY t.o), '{}') AS ac, coalesce(array_agg(t.payload ORDER BY t.o), '{}') AS pl,
                      coalesce(array_agg(t.prev_hash ORDER BY t.o), '{}') AS ph, coalesce(array_agg(t.hash ORDER BY t.o), '{}') AS h
               FROM taken t)
    SELECT i.* FROM b, floor.ingest(p_table_id, p_journal_last_seq, p_journal_last_hash, b.s, b.a, b.r, b.k, b.ac, b.pl,
                                    b.ph, b.h) i;
END $$;

-- 6. The reports' indexes.
CREATE INDEX rounds_table_record ON floor.rounds (table_id, record_seq) WHERE game IS NOT NULL;
CREATE INDEX rounds_par_key ON floor.rounds (par_key);

REVOKE ALL ON FUNCTION floor.open_stage() FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.ingest_staged(text, bigint, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.payload_flag(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.amount_flag(text, text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.reads_amounts(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.flag_alarm(text, bigint, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.first_bad_record(text, bigint, text, bigint[], text[], text[], text[], text[], text[], text[],
                                              text[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.insert_batch(text, bigint, boolean, bigint[], text[], text[], text[], text[], text[], text[],
                                          text[]) FROM PUBLIC;
