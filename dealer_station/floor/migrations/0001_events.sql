-- The floor's event store: every station's journal, append-only, chain-checked on ingest.
-- Applied by `dealer-station floor migrate` as the owner role, inside one transaction.

-- The schema itself and floor.schema_migrations are created by the migrator (migrate.py).

-- One row per table (station): the last record the floor accepted, the off-station anchor.
CREATE TABLE floor.stations (
    table_id    text PRIMARY KEY,
    last_seq    bigint NOT NULL DEFAULT 0,
    last_hash   text NOT NULL DEFAULT repeat('0', 64),
    first_seen  timestamptz NOT NULL DEFAULT now(),
    last_ingest timestamptz
);

-- Journal records exactly as the station hashed them. `payload` is `json` (not jsonb): json keeps the
-- input text byte for byte, so payload::text is the canonical text the hash covers.
CREATE TABLE floor.events (
    table_id    text NOT NULL,
    seq         bigint NOT NULL CHECK (seq > 0),
    at          text NOT NULL,
    round_id    text,
    kind        text NOT NULL,
    actor       text NOT NULL,
    payload     json NOT NULL,
    prev_hash   text NOT NULL,
    hash        text NOT NULL,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- A station whose journal no longer extends what the floor holds.
CREATE TABLE floor.alarms (
    id            bigserial PRIMARY KEY,
    table_id      text NOT NULL,
    first_bad_seq bigint NOT NULL,
    reason        text NOT NULL,
    raised_at     timestamptz NOT NULL DEFAULT now(),
    last_seen_at  timestamptz NOT NULL DEFAULT now(),
    attempts      integer NOT NULL DEFAULT 1,
    UNIQUE (table_id, first_bad_seq, reason)
);

-- Station logins pinned to the tables they may send: a hash chain has no secret, so without a pin
-- any station login could extend another table's chain with records it made up. A login with at
-- least one row here may send only its tables; a login with none (the shared station role) any.
CREATE TABLE floor.station_logins (
    role_name text NOT NULL,
    table_id  text NOT NULL,
    PRIMARY KEY (role_name, table_id)
);

-- Append-only, even for the owner: mistakes and casual edits are refused (as in the journal).
CREATE FUNCTION floor.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'floor.% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END $$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON floor.events
    FOR EACH ROW EXECUTE FUNCTION floor.refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON floor.events
    FOR EACH STATEMENT EXECUTE FUNCTION floor.refuse_change();

-- sha256 of the canonical JSON text dealer_station.journal._record_hash builds: sorted keys, no
-- spaces, strings escaped as json.dumps(ensure_ascii=False) does (to_json escapes the same set:
-- quote, backslash, \b \f \n \r \t, other controls as \u00xx), the payload's stored text as is.
CREATE FUNCTION floor.record_hash(
    p_seq bigint, p_at text, p_table_id text, p_round_id text, p_kind text, p_actor text,
    p_payload text, p_prev_hash text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
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

CREATE FUNCTION floor.raise_alarm(p_table_id text, p_seq bigint, p_reason text) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO floor.alarms AS a (table_id, first_bad_seq, reason) VALUES (p_table_id, p_seq, p_reason)
    ON CONFLICT (table_id, first_bad_seq, reason)
    DO UPDATE SET last_seen_at = now(), attempts = a.attempts + 1
$$;

-- The only way in. A batch of consecutive records of one table is accepted when every record's
-- hash is its content's, the records link to each other and to what the floor holds, and the
-- ones the floor already holds are the same (a re-sent batch is a no-op). Anything else is
-- refused whole and raises an alarm; the function never raises for a bad batch, so the alarm
-- commits with the refusal. `p_journal_last_seq/hash` is the sending journal's own tail: a journal
-- shorter than what the floor holds (truncated, or an older copy) is caught even with no batch.
CREATE FUNCTION floor.ingest(
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

    IF EXISTS (SELECT 1 FROM floor.station_logins l WHERE l.role_name = session_user)
       AND NOT EXISTS (SELECT 1 FROM floor.station_logins l WHERE l.role_name = session_user AND l.table_id = p_table_id)
    THEN
        why := format('login %s may not send table %s (it is pinned to other tables)', session_user, p_table_id);
        PERFORM floor.raise_alarm(p_table_id, coalesce(p_seq[1], 1), why);
        RETURN QUERY SELECT 'refused'::text, NULL::bigint, NULL::text, 0, coalesce(p_seq[1], 1), why;
        RETURN;
    END IF;

    INSERT INTO floor.stations (table_id) VALUES (p_table_id) ON CONFLICT DO NOTHING;
    SELECT s.last_seq, s.last_hash INTO held_seq, held_hash
        FROM floor.stations s WHERE s.table_id = p_table_id FOR UPDATE;

    IF n > 0 AND p_seq[1] > held_seq + 1 THEN  -- a sender bug, not tampering: tell it where to resume
        RETURN QUERY SELECT 'gap'::text, held_seq, held_hash, 0, held_seq + 1,
            format('batch starts at seq %s but the floor holds up to %s', p_seq[1], held_seq);
        RETURN;
    END IF;

    expect := CASE WHEN n > 0 THEN p_seq[1] ELSE NULL END;
    IF n > 0 THEN
        IF expect < 1 THEN
            bad := expect; why := 'seq must start at 1';
        ELSIF expect = 1 THEN
            prev_hash := repeat('0', 64);
        ELSE
            SELECT e.hash INTO prev_hash FROM floor.events e WHERE e.table_id = p_table_id AND e.seq = expect - 1;
        END IF;
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

    IF bad IS NULL AND n > 0 AND p_seq[n] > p_journal_last_seq THEN
        bad := p_journal_last_seq + 1; why := 'batch goes past the journal tail its sender claims';
    END IF;
    IF bad IS NULL AND p_journal_last_seq < held_seq THEN
        SELECT e.hash INTO floor_hash FROM floor.events e WHERE e.table_id = p_table_id AND e.seq = p_journal_last_seq;
        IF p_journal_last_seq = 0 OR floor_hash = p_journal_last_hash THEN
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

    IF n > 0 AND p_seq[n] > held_seq THEN
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

-- What the floor holds for a table: where a forwarder resumes (never from a local cursor).
CREATE FUNCTION floor.tail(p_table_id text) RETURNS TABLE (last_seq bigint, last_hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce(max(s.last_seq), 0), coalesce(max(s.last_hash), repeat('0', 64))
    FROM floor.stations s WHERE s.table_id = p_table_id
$$;

-- The floor's hash of one record: lets a sender find where its journal first diverges.
CREATE FUNCTION floor.hash_at(p_table_id text, p_seq bigint) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT e.hash FROM floor.events e WHERE e.table_id = p_table_id AND e.seq = p_seq
$$;

REVOKE ALL ON FUNCTION floor.ingest(text, bigint, text, bigint[], text[], text[], text[], text[], text[], text[], text[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.tail(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.hash_at(text, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.raise_alarm(text, bigint, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.refuse_change() FROM PUBLIC;
