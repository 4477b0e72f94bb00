-- A station's records are checked for what the floor itself will read, before they are held: a
-- hostile or broken station must not be able to freeze the pit's page or break every report.
-- Refused here (the ingest turns the error into an integrity alarm and refuses the batch):
--  * a payload over 1 MiB (a round record is a few kilobytes);
--  * a payload PostgreSQL's jsonb cannot hold (a \u0000 escape, a lone UTF-16 surrogate): such a
--    record could be held as text but never read by the facts or rendered by the page;
--  * in the records the reports are computed from, a number that is not a finite amount the
--    station could have written: "NaN", "Infinity", or 10^18 and beyond (as a string or a number).

CREATE FUNCTION floor.check_event() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    body jsonb;
    bad text;
BEGIN
    IF octet_length(NEW.payload::text) > 1048576 THEN
        RAISE EXCEPTION USING ERRCODE = 'invalid_text_representation',
            MESSAGE = format('record %s: payload of %s bytes (at most 1 MiB)', NEW.seq, octet_length(NEW.payload::text));
    END IF;
    BEGIN
        body := NEW.payload::jsonb;
    EXCEPTION WHEN OTHERS THEN
        RAISE EXCEPTION USING ERRCODE = 'invalid_text_representation',
            MESSAGE = format('record %s: payload the floor cannot read (%s)', NEW.seq, SQLERRM);
    END;
    IF NEW.kind IN ('settled', 'round_paid', 'round_voided', 'round_adjusted', 'jackpot_contribution',
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
            RAISE EXCEPTION USING ERRCODE = 'invalid_text_representation',
                MESSAGE = format('record %s (%s): %s is not an amount a table can hold', NEW.seq, NEW.kind, left(bad, 40));
        END IF;
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER events_check BEFORE INSERT ON floor.events FOR EACH ROW EXECUTE FUNCTION floor.check_event();
REVOKE ALL ON FUNCTION floor.check_event() FROM PUBLIC;

-- The station and report roles get nothing outside the floor's tables: no temporary tables and no
-- large objects (which outlive a session and could fill the disk). Revoking them needs the
-- database's owner and a superuser; a floor owner without those is told, and the site's DBA does it.
DO $$
BEGIN
    EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'not the database owner: run REVOKE TEMPORARY ON DATABASE % FROM PUBLIC as its owner',
        current_database();
END $$;
DO $$
BEGIN
    REVOKE EXECUTE ON FUNCTION pg_catalog.lo_create(oid), pg_catalog.lo_creat(integer), pg_catalog.lo_import(text),
        pg_catalog.lo_import(text, oid), pg_catalog.lo_from_bytea(oid, bytea), pg_catalog.lo_put(oid, bigint, bytea)
        FROM PUBLIC;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'not a superuser: revoke EXECUTE on the lo_* functions from PUBLIC as one';
END $$;
