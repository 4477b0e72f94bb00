-- No record a station journaled may wedge its forwarding, no login may write on a table it was not
-- given, alarms stay bounded, and a jackpot verification hold is not a device fault.
--
-- 1. A record the floor cannot read (a payload jsonb refuses - a \u0000 escape, a lone surrogate -, over
--    1 MiB, or an amount the reports cannot hold in a record they are computed from) is no longer refused
--    with its whole batch and every later one: it is held exactly as hashed, so the chain stays whole and
--    later records still arrive, with `flagged` saying why; nothing is derived from it, the pit's readers
--    skip it, and an integrity alarm names it.
-- 2. A pinned login sending a table it is not pinned to writes nothing about that table: its alarm is the
--    login's, one row per login (attempts, first and last seen, the last table tried).
-- 3. A call without records is never evidence: it raises no alarm and creates no table. A journal shorter
--    than what the floor holds is shown by sending its last record (which the station role cannot read
--    from the floor), and then raises the alarm as before.
-- 4. A table keeps at most 100 alarm rows: 99 distinct ones, every further one counted on one row (seq 0).
-- 5. `halted` of kind jackpot_verify (Texas Hold'em Bonus's hold for a supervisor) is not a device fault.

ALTER TABLE floor.events ADD COLUMN flagged text;

CREATE OR REPLACE FUNCTION floor.check_event() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    body jsonb;
    bad text;
    why text;
BEGIN
    IF octet_length(NEW.payload::text) > 1048576 THEN
        why := format('payload of %s bytes (at most 1 MiB)', octet_length(NEW.payload::text));
    ELSE
        BEGIN
            body := NEW.payload::jsonb;
        EXCEPTION WHEN OTHERS THEN
            why := format('payload the floor cannot read (%s)', SQLERRM);
        END;
    END IF;
    IF why IS NULL AND NEW.kind IN ('settled', 'round_paid', 'round_voided', 'round_adjusted', 'jackpot_contribution',
                                    'jackpot_award', 'jackpot_seed', 'jackpot_overflow', 'jackpot_reversal') THEN
        SELECT v #>> '{}' INTO bad
        FROM jsonb_path_query(body, 'strict $.**') AS v
        WHERE (jsonb_typeof(v) = 'string' AND (
                   (v #>> '{}') ~* '^\s*[+-]?(nan|inf|infinity)\s*$'
                   OR ((v #>> '{}') ~ '^[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$'
                       AND length(v #>> '{}') < 400 AND abs((v #>> '{}')::numeric) >= 1e18)))
           OR (jsonb_typeof(v) = 'number' AND abs((v #>> '{}')::numeric) >= 1e18)
        LIMIT 1;
        IF bad IS NOT NULL THEN
            why := format('%s is not an amount a table can hold', left(bad, 40));
        END IF;
    END IF;
    IF why IS NOT NULL THEN
        NEW.flagged := why;
        PERFORM floor.raise_alarm(NEW.table_id, NEW.seq,
            format('record %s (%s) held but flagged, not read: %s; what it says is missing from the reports',
                   NEW.seq, left(NEW.kind, 40), why));
    END IF;
    RETURN NEW;
END $$;

-- The fact triggers skip a flagged record (CASE: its payload is not read at all).
DROP TRIGGER events_derive_facts ON floor.events;
CREATE TRIGGER events_derive_facts AFTER INSERT ON floor.events FOR EACH ROW
    WHEN (CASE WHEN NEW.flagged IS NOT NULL THEN false
               ELSE NEW.kind IN ('round_opened', 'settled', 'round_paid', 'round_voided', 'round_adjusted',
                                 'device_fault', 'halted', 'supervisor_auth', 'halt_cleared', 'card_corrected',
                                 'jackpot_contribution', 'jackpot_award', 'jackpot_seed', 'jackpot_reversal')
                    OR (NEW.kind = 'device_status' AND (NEW.payload->>'state') LIKE 'fault:%') END)
    EXECUTE FUNCTION floor.derive_facts();
DROP TRIGGER events_pool_meter ON floor.events;
CREATE TRIGGER events_pool_meter AFTER INSERT ON floor.events FOR EACH ROW
    WHEN (CASE WHEN NEW.flagged IS NOT NULL THEN false
               ELSE (NEW.kind = 'jackpot_contribution' AND NEW.round_id IS NOT NULL)
                    OR NEW.kind IN ('settled', 'round_voided') END)
    EXECUTE FUNCTION floor.derive_pool_meter();

-- 2. Alarms about a login, not a table: one row per login.
CREATE TABLE floor.login_alarms (
    role_name    text PRIMARY KEY,
    reason       text NOT NULL,
    last_table   text NOT NULL,  -- the last table it tried to send (at most 64 characters of it)
    raised_at    timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    attempts     integer NOT NULL DEFAULT 1
);

CREATE FUNCTION floor.raise_login_alarm(p_login text, p_table_id text) RETURNS void
LANGUAGE sql SET search_path = pg_catalog, pg_temp AS $$
    INSERT INTO floor.login_alarms AS a (role_name, reason, last_table)
    VALUES (p_login, format('login %s sent tables it is not pinned to (pinned to %s)', p_login,
                            (SELECT string_agg(l.table_id, ', ' ORDER BY l.table_id) FROM floor.station_logins l
                             WHERE l.role_name = p_login)),
            left(coalesce(p_table_id, ''), 64))
    ON CONFLICT (role_name) DO UPDATE SET last_seen_at = now(), attempts = a.attempts + 1, last_table = EXCLUDED.last_table,
                                          reason = EXCLUDED.reason
$$;

-- 4. Bounded: a table's 100th distinct alarm and every later one count on one row.
CREATE OR REPLACE FUNCTION floor.raise_alarm(p_table_id text, p_seq bigint, p_reason text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    UPDATE floor.alarms a SET last_seen_at = now(), attempts = a.attempts + 1
        WHERE a.table_id = p_table_id AND a.first_bad_seq = p_seq AND a.reason = p_reason;
    IF FOUND THEN
        RETURN;
    END IF;
    IF (SELECT count(*) FROM floor.alarms a WHERE a.table_id = p_table_id) < 99 THEN
        INSERT INTO floor.alarms AS a (table_id, first_bad_seq, reason) VALUES (p_table_id, p_seq, p_reason)
        ON CONFLICT (table_id, first_bad_seq, reason) DO UPDATE SET last_seen_at = now(), attempts = a.attempts + 1;
    ELSE
        INSERT INTO floor.alarms AS a (table_id, first_bad_seq, reason)
        VALUES (p_table_id, 0, 'more than 99 different alarms on this table: every further one is counted here')
        ON CONFLICT (table_id, first_bad_seq, reason) DO UPDATE SET last_seen_at = now(), attempts = a.attempts + 1;
    END IF;
END $$;

-- 2 and 3: the ingest authorises the table first and writes nothing for a call without records.
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
    expect bigint;
    r record;
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

    expect := p_seq[1];
    IF expect < 1 THEN
        bad := expect; why := 'seq must start at 1';
    ELSIF expect = 1 THEN
        prev_hash := repeat('0', 64);
    ELSE
        SELECT e.hash INTO prev_hash FROM floor.events e WHERE e.table_id = p_table_id AND e.seq = expect - 1;
    END IF;

    IF bad IS NULL THEN
        FOR r IN
            SELECT u.s, u.a, u.ph, u.h, u.pl,
                   floor.record_hash(u.s, u.a, p_table_id, u.r, u.k, u.ac, u.pl, u.ph) AS computed,
                   e.hash AS held, u.o
            FROM unnest(p_seq, p_at, p_round_id, p_kind, p_actor, p_payload, p_prev_hash, p_hash)
                 WITH ORDINALITY AS u(s, a, r, k, ac, pl, ph, h, o)
            LEFT JOIN floor.events e ON e.table_id = p_table_id AND e.seq = u.s AND u.s <= held_seq
            ORDER BY u.o
        LOOP
            IF r.s IS DISTINCT FROM expect THEN
                bad := expect; why := format('record %s missing from the batch (got seq %s)', expect, r.s); EXIT;
            END IF;
            IF r.a IS NULL OR r.a !~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$' OR r.pl IS NULL
               OR r.computed IS NULL OR r.h IS NULL THEN
                bad := r.s; why := 'malformed record (time, payload or hash missing or not in the journal format)'; EXIT;
            END IF;
            IF r.held IS NOT NULL AND r.held <> r.h THEN
                bad := r.s;
                why := CASE WHEN r.ph IS NOT DISTINCT FROM prev_hash
                    THEN 'record differs from the one the floor holds (journal edited, rewritten or replaced)'
                    ELSE 'record does not link to the one before it that the floor holds (diverged at or before this seq)' END;
                EXIT;
            END IF;
            IF r.ph IS DISTINCT FROM prev_hash THEN
                bad := r.s;
                why := CASE WHEN r.s = held_seq + 1
                    THEN 'prev_hash does not match the last record the floor holds (journal rewritten or replaced at or before this seq)'
                    ELSE 'prev_hash does not match the record before it (chain broken)' END;
                EXIT;
            END IF;
            IF r.computed <> r.h THEN
                bad := r.s; why := 'hash does not match the record (record edited, or the journal of another table)'; EXIT;
            END IF;
            prev_hash := r.h;
            expect := expect + 1;
        END LOOP;
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
        BEGIN
            INSERT INTO floor.events (table_id, seq, at, round_id, kind, actor, payload, prev_hash, hash, received_at)
            SELECT p_table_id, u.s, u.a, u.r, u.k, u.ac, u.pl::json, u.ph, u.h, clock_timestamp()
            FROM unnest(p_seq, p_at, p_round_id, p_kind, p_actor, p_payload, p_prev_hash, p_hash)
                 AS u(s, a, r, k, ac, pl, ph, h)
            WHERE u.s > held_seq
            ORDER BY u.s;
        EXCEPTION WHEN invalid_text_representation OR invalid_datetime_format OR datetime_field_overflow
                       OR untranslatable_character OR character_not_in_repertoire THEN
            why := format('malformed record in the batch: %s', SQLERRM);
            PERFORM floor.raise_alarm(p_table_id, held_seq + 1, why);
            RETURN QUERY SELECT 'refused'::text, held_seq, held_hash, 0, held_seq + 1, why;
            RETURN;
        END;
        GET DIAGNOSTICS added = ROW_COUNT;
        held_seq := p_seq[n];
        held_hash := p_hash[n];
        UPDATE floor.stations s SET last_seq = held_seq, last_hash = held_hash, last_ingest = now()
            WHERE s.table_id = p_table_id;
    END IF;
    RETURN QUERY SELECT 'ok'::text, held_seq, held_hash, added, NULL::bigint, NULL::text;
END $$;

-- 5. A jackpot verification hold is the game's, not a device's: never a fault row.
CREATE FUNCTION floor.keep_faults_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.source = 'halted' AND EXISTS (SELECT 1 FROM floor.events e WHERE e.table_id = NEW.table_id AND e.seq = NEW.seq
                                         AND (e.payload->>'kind') = 'jackpot_verify') THEN
        RETURN NULL;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER faults_only_faults BEFORE INSERT ON floor.faults FOR EACH ROW
    WHEN (NEW.source = 'halted') EXECUTE FUNCTION floor.keep_faults_only();
DELETE FROM floor.faults f USING floor.events e
    WHERE f.source = 'halted' AND e.table_id = f.table_id AND e.seq = f.seq AND (e.payload->>'kind') = 'jackpot_verify';

REVOKE ALL ON FUNCTION floor.raise_login_alarm(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.keep_faults_only() FROM PUBLIC;
