-- The player at the seat on the floor (issue 41): who played where, the cash that crossed every table, what
-- the cash rules raise, the compliance work done on it, and the casino's exclusion list.
--
-- 1. Projections of the journals the stations forward, there the moment a batch commits: `buy_in` (CONTRACTS:
--    shift, seat, kind, amount, player; kind cash is a cash-in) as the table bank reads it (0019's
--    floor.buy_ins); `card_in` / `card_out` / `player_paused` / `player_resumed` / `player_held` (who sat
--    where) and `rating_terms` (the edges and comp rate in force) read from floor.events. A record flagged
--    on ingest, or whose seat or player is not one a table could write, is read as nothing.
-- 2. Cash-outs the cage enters on the pit page (floor.cash_outs, appended through floor.record_cash_out).
-- 3. The floor's jurisdiction profile (one row; thresholds and the gaming day's start, set from the Python
--    profiles of dealer_station/players/compliance.py by dealer_station/floor/compliance.py) and the rules
--    of that module in SQL: the MTL, CTR dues, structuring alerts, due diligence, identification. A test
--    (tests/floor/test_player_compliance.py) pins them to the Python ledger on thousands of random
--    transactions. The gaming day is shifts.gaming_day's rule (a day starts at the first instant its date's
--    wall clock reads the start or later), DST included.
-- 4. Compliance work (a finding filed as handled, with a note, who and when) and the exclusion list
--    (added and removed with who, when and why; journaled: never deleted, a removal only fills its columns).
--    The pit writes both through SECURITY DEFINER functions granted to the report role (as 0017's alarm
--    steps); the station reads the list through floor.exclusion_list() (granted to the station role).

CREATE INDEX events_players ON floor.events (table_id, seq)
    WHERE kind IN ('buy_in', 'card_in', 'card_out', 'player_paused', 'player_resumed', 'player_held',
                   'rating_terms');

-- An amount as a table writes it (a decimal string, 18 digits and 10 decimals at most), else NULL.
CREATE FUNCTION floor.player_amount(p text) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN p ~ '^[0-9]{1,18}(\.[0-9]{1,10})?$' THEN p::numeric END
$$;

CREATE FUNCTION floor.player_seat(p jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN jsonb_typeof(p) = 'number' AND (p #>> '{}') ~ '^[0-9]{1,2}$' AND (p #>> '{}')::integer >= 1
                THEN (p #>> '{}')::integer END
$$;

CREATE FUNCTION floor.player_id(p jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN jsonb_typeof(p) = 'string' AND (p #>> '{}') ~ '^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$'
                THEN p #>> '{}' END
$$;

-- Who sat where: every player event, read. (A function under the view: a view over floor.events itself would
-- hold the table, and a later migration that rebuilds it - 0021 partitions it by month - could not drop it.)
CREATE FUNCTION floor.read_player_events()
RETURNS TABLE (table_id text, seq bigint, at timestamptz, kind text, seat integer, player text, payload jsonb)
LANGUAGE sql STABLE AS $$
    SELECT e.table_id, e.seq, e.at::timestamptz, e.kind, floor.player_seat(p->'seat'), floor.player_id(p->'player'), p
    FROM floor.events e, LATERAL (SELECT e.payload::jsonb AS p OFFSET 0) j
    WHERE e.kind IN ('card_in', 'card_out', 'player_paused', 'player_resumed', 'player_held', 'rating_terms')
      AND e.flagged IS NULL
$$;
CREATE VIEW floor.player_events AS SELECT * FROM floor.read_player_events();

-- A player's sessions at a seat: from a card in to the card out of that player at that seat (or the next
-- card in at that seat, which ends it unseen: `closed` false), open while neither came yet.
CREATE VIEW floor.player_sessions AS
    SELECT i.table_id, i.seat, i.player, i.seq AS start_seq, i.at AS start_at, o.seq AS end_seq, o.at AS end_at,
           coalesce(o.kind = 'card_out', false) AS closed
    FROM floor.player_events i
    LEFT JOIN LATERAL (
        SELECT x.seq, x.at, x.kind FROM floor.player_events x
        WHERE x.table_id = i.table_id AND x.seq > i.seq AND x.seat = i.seat
          AND (x.kind = 'card_in' OR (x.kind = 'card_out' AND x.player = i.player))
        ORDER BY x.seq LIMIT 1) o ON true
    WHERE i.kind = 'card_in' AND i.seat IS NOT NULL AND i.player IS NOT NULL;

-- The pit's writes refuse bad input before any row is tried, in words that carry no value: a constraint's own
-- refusal would put the row (a player id) in the floor's server log (its DETAIL line), and the floor's logs,
-- as the station's, never name a player. The constraints stay, for the owner's own writes.
CREATE FUNCTION floor.refuse_unless(p_ok boolean, p_why text, p_code text DEFAULT 'check_violation') RETURNS void
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    IF p_ok IS NOT TRUE THEN
        RAISE EXCEPTION '%', p_why USING ERRCODE = p_code;
    END IF;
END $$;

CREATE FUNCTION floor.is_player_id(p text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(p ~ '^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$', false)
$$;

CREATE FUNCTION floor.is_text(p text, lo integer, hi integer) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(length(btrim(p)) >= lo AND length(p) <= hi, false)
$$;

-- Cash-outs: chips changed back for currency, entered by the cage on the pit page. Append-only.
CREATE TABLE floor.cash_outs (
    id          bigserial PRIMARY KEY,
    at          timestamptz NOT NULL DEFAULT now(),
    table_id    text NOT NULL CHECK (length(table_id) BETWEEN 1 AND 64),
    seat        integer NOT NULL CHECK (seat BETWEEN 1 AND 99),
    player      text CHECK (player ~ '^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$'),
    description text CHECK (length(description) <= 200),
    amount      numeric NOT NULL CHECK (amount > 0 AND amount < 1e18 AND scale(amount) <= 10),
    recorded_by text NOT NULL CHECK (length(recorded_by) BETWEEN 1 AND 64),
    by_role     text NOT NULL CHECK (length(by_role) BETWEEN 1 AND 32),
    via         text NOT NULL DEFAULT session_user,
    CHECK (player IS NOT NULL OR length(btrim(coalesce(description, ''))) > 0)
);
CREATE TRIGGER cash_outs_append_only BEFORE UPDATE OR DELETE ON floor.cash_outs
    FOR EACH ROW EXECUTE FUNCTION floor.refuse_change();
CREATE TRIGGER cash_outs_no_truncate BEFORE TRUNCATE ON floor.cash_outs
    FOR EACH STATEMENT EXECUTE FUNCTION floor.refuse_change();

CREATE FUNCTION floor.record_cash_out(p_table_id text, p_seat integer, p_player text, p_description text,
                                      p_amount numeric, p_by text, p_role text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_id bigint;
BEGIN
    PERFORM floor.refuse_unless(floor.is_text(p_table_id, 1, 64), 'a table id is 1 to 64 characters');
    PERFORM floor.refuse_unless(p_seat BETWEEN 1 AND 99, 'a seat is 1 to 99');
    PERFORM floor.refuse_unless(nullif(btrim(coalesce(p_player, '')), '') IS NULL OR floor.is_player_id(btrim(p_player)),
                                'not a player id');
    PERFORM floor.refuse_unless(nullif(btrim(coalesce(p_player, '')), '') IS NOT NULL
                                OR floor.is_text(p_description, 1, 200), 'an anonymous player needs a description');
    PERFORM floor.refuse_unless(coalesce(length(p_description), 0) <= 200, 'a description is at most 200 characters');
    PERFORM floor.refuse_unless(p_amount > 0 AND p_amount < 1e18 AND scale(p_amount) <= 10, 'not an amount of cash');
    PERFORM floor.refuse_unless(floor.is_text(p_by, 1, 64) AND floor.is_text(p_role, 1, 32), 'who recorded it');
    INSERT INTO floor.cash_outs (table_id, seat, player, description, amount, recorded_by, by_role)
    VALUES (p_table_id, p_seat, nullif(btrim(coalesce(p_player, '')), ''),
            nullif(btrim(coalesce(p_description, '')), ''), p_amount, p_by, p_role)
    RETURNING id INTO v_id;
    PERFORM pg_notify('floor_changed', p_table_id);
    RETURN v_id;
END $$;
REVOKE ALL ON FUNCTION floor.record_cash_out(text, integer, text, text, numeric, text, text) FROM PUBLIC;

-- The floor's jurisdiction profile: one row (dealer_station/players/compliance.py's Jurisdiction).
CREATE TABLE floor.compliance_profile (
    id                   integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    jurisdiction         text NOT NULL,
    currency             text NOT NULL,
    tz                   text NOT NULL,
    day_start            time NOT NULL,
    mtl_at               numeric CHECK (mtl_at > 0),
    ctr_at               numeric CHECK (ctr_at > 0),
    structuring_share    numeric CHECK (structuring_share > 0),
    structuring_count    integer NOT NULL DEFAULT 3 CHECK (structuring_count > 0),
    due_diligence_at     numeric CHECK (due_diligence_at > 0),
    due_diligence_window interval NOT NULL DEFAULT '24 hours',
    identification_at    numeric CHECK (identification_at > 0),
    set_at               timestamptz NOT NULL DEFAULT now()
);
INSERT INTO floor.compliance_profile (jurisdiction, currency, tz, day_start, mtl_at, ctr_at, structuring_share)
VALUES ('us', 'USD', 'America/New_York', '06:00', 3000, 10000, 0.8);

-- When gaming day p_day starts: p_start on its date, the first instant the wall clock shows it when the
-- clocks go back over it, the moment they land when they skip it (shifts.day_start_instant).
CREATE FUNCTION floor.day_start_instant(p_day date, p_tz text, p_start time) RETURNS timestamptz
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
    wall timestamp := p_day + p_start;
    guess timestamptz := wall AT TIME ZONE p_tz;
    -- the wall time read with the UTC offsets in force three hours either side (a transition lies between)
    early timestamptz := (wall - (((guess - interval '3 hours') AT TIME ZONE p_tz)
                                  - ((guess - interval '3 hours') AT TIME ZONE 'UTC'))) AT TIME ZONE 'UTC';
    late timestamptz := (wall - (((guess + interval '3 hours') AT TIME ZONE p_tz)
                                 - ((guess + interval '3 hours') AT TIME ZONE 'UTC'))) AT TIME ZONE 'UTC';
    lo bigint;
    hi bigint;
    mid bigint;
BEGIN
    IF (least(early, late) AT TIME ZONE p_tz) = wall THEN
        RETURN least(early, late);  -- the first reading, when the clocks go back over it
    ELSIF (guess AT TIME ZONE p_tz) = wall THEN
        RETURN least(guess, greatest(early, late));
    ELSIF (greatest(early, late) AT TIME ZONE p_tz) = wall THEN
        RETURN greatest(early, late);
    END IF;
    -- Skipped: the first whole second whose wall clock reads p_start or later.
    lo := floor(extract(epoch FROM least(early, late)))::bigint;
    hi := ceil(extract(epoch FROM greatest(early, late)))::bigint;
    WHILE hi - lo > 1 LOOP
        mid := (lo + hi) / 2;
        IF (to_timestamp(mid) AT TIME ZONE p_tz) >= wall THEN
            hi := mid;
        ELSE
            lo := mid;
        END IF;
    END LOOP;
    RETURN to_timestamp(hi);
END $$;

-- The gaming day an instant belongs to (shifts.gaming_day): the latest day started at or before it.
CREATE FUNCTION floor.gaming_day_near_change(p_at timestamptz, p_tz text, p_start time) RETURNS date
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
    local_day date := (p_at AT TIME ZONE p_tz)::date;
    d date;
BEGIN
    FOREACH d IN ARRAY ARRAY[local_day + 1, local_day, local_day - 1] LOOP
        IF floor.day_start_instant(d, p_tz, p_start) <= p_at THEN
            RETURN d;
        END IF;
    END LOOP;
    RETURN local_day - 2;
END $$;

-- Away from a clock change (the same UTC offset 27 hours either side) every day starts at its wall-clock
-- time, and the local time less the start names the day: an expression, inlined. Near one, the rule above.
CREATE FUNCTION floor.gaming_day(p_at timestamptz, p_tz text, p_start time) RETURNS date
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN ((p_at - interval '27 hours') AT TIME ZONE p_tz) - (p_at - interval '27 hours') AT TIME ZONE 'UTC'
                     = ((p_at + interval '27 hours') AT TIME ZONE p_tz) - (p_at + interval '27 hours') AT TIME ZONE 'UTC'
                THEN ((p_at AT TIME ZONE p_tz) - p_start)::date
                ELSE floor.gaming_day_near_change(p_at, p_tz, p_start) END
$$;

-- The stations' buy-ins are the table bank's rows (0019: floor.buy_ins, read on ingest by 0015's statement
-- trigger, its 'bank' rule): one projection of the one buy_in event. A buy_in that rule cannot read is a
-- derive error (an "unreadable record" alarm), which the compliance page lists too: a cash-in never drops out
-- of the MTL silently. The cash rules read a period's cash buy-ins by time:
CREATE INDEX buy_ins_cash_at ON floor.buy_ins (at) WHERE kind = 'cash';

CREATE INDEX cash_outs_at ON floor.cash_outs (at);

-- Every cash transaction of the floor from instant p_from on (NULL: all), in time order (`ord`: ties in time in
-- the order the floor holds them: a table's journal order, tables by id, the cage's cash-outs after, by
-- entry), with its gaming day. A page asks for whole gaming days (p_from a day's start): the rules below sum
-- within a gaming day, so they answer for those days as over the whole floor.
CREATE FUNCTION floor.cash_since(p_from timestamptz)
RETURNS TABLE (id text, source integer, ref bigint, at timestamptz, table_id text, seat integer, player text,
               kind text, amount numeric, description text, recorded_by text, gaming_day date, ord bigint)
LANGUAGE sql STABLE AS $$
    SELECT t.*, floor.gaming_day(t.at, (SELECT p.tz FROM floor.compliance_profile p),
                                 (SELECT p.day_start FROM floor.compliance_profile p)),
           row_number() OVER (ORDER BY t.at, t.source, t.table_id, t.ref)
    FROM (
        SELECT format('buy_in:%s:%s', b.table_id, b.seq) AS id, 0 AS source, b.seq AS ref, b.at, b.table_id, b.seat,
               nullif(b.player, '') AS player, 'cash_in'::text AS kind, b.amount, NULL::text AS description,
               NULL::text AS recorded_by
        FROM floor.buy_ins b WHERE b.kind = 'cash' AND (p_from IS NULL OR b.at >= p_from)
        UNION ALL
        SELECT format('cash_out:%s', c.id), 1, c.id, c.at, c.table_id, c.seat, c.player, 'cash_out', c.amount,
               c.description, c.recorded_by
        FROM floor.cash_outs c WHERE p_from IS NULL OR c.at >= p_from
    ) t
$$;

CREATE VIEW floor.cash_transactions AS SELECT * FROM floor.cash_since(NULL);

-- The rules (players/compliance.py), each over the transactions from p_from on; the views are over all of them.
-- The profile is read by scalar subqueries, each a one-row InitPlan: a join would let the planner guess 250
-- rows for it and compile the query to machine code, seconds spent to read a few thousand rows.

-- us: every transaction above mtl_at.
CREATE FUNCTION floor.mtl_since(p_from timestamptz) RETURNS SETOF floor.cash_transactions
LANGUAGE sql STABLE AS $$
    SELECT t.* FROM floor.cash_since(p_from) t WHERE t.amount > (SELECT p.mtl_at FROM floor.compliance_profile p)
$$;
CREATE VIEW floor.mtl AS SELECT * FROM floor.mtl_since(NULL);

-- us: per identified player, gaming day and direction, the transaction whose running sum first goes above
-- ctr_at (`crossed`, at `at`) and the day's whole sum in that direction.
CREATE FUNCTION floor.ctr_dues_since(p_from timestamptz)
RETURNS TABLE (player text, gaming_day date, kind text, direction text, total numeric, at timestamptz, crossed text,
               table_id text, seat integer, ord bigint)
LANGUAGE sql STABLE AS $$
    SELECT DISTINCT ON (s.player, s.gaming_day, s.kind)
           s.player, s.gaming_day, s.kind, CASE s.kind WHEN 'cash_in' THEN 'in' ELSE 'out' END,
           s.total, s.at, s.id, s.table_id, s.seat, s.ord
    FROM (SELECT t.*, sum(t.amount) OVER (PARTITION BY t.player, t.gaming_day, t.kind ORDER BY t.ord
                                          ROWS UNBOUNDED PRECEDING) AS running,
                 sum(t.amount) OVER (PARTITION BY t.player, t.gaming_day, t.kind) AS total
          FROM floor.cash_since(p_from) t WHERE t.player IS NOT NULL) s
    WHERE s.running > (SELECT p.ctr_at FROM floor.compliance_profile p)
    ORDER BY s.player, s.gaming_day, s.kind, s.ord
$$;
CREATE VIEW floor.ctr_dues AS SELECT * FROM floor.ctr_dues_since(NULL);

-- us: an identified player's cash-ins of a gaming day each from structuring_share x mtl_at up to mtl_at,
-- structuring_count or more.
CREATE FUNCTION floor.structuring_since(p_from timestamptz)
RETURNS TABLE (player text, gaming_day date, count integer, last_at timestamptz)
LANGUAGE sql STABLE AS $$
    SELECT t.player, t.gaming_day, count(*)::integer, max(t.at)
    FROM floor.cash_since(p_from) t
    WHERE t.player IS NOT NULL AND t.kind = 'cash_in'
      AND t.amount >= (SELECT p.structuring_share * p.mtl_at FROM floor.compliance_profile p)
      AND t.amount <= (SELECT p.mtl_at FROM floor.compliance_profile p)
    GROUP BY t.player, t.gaming_day
    HAVING count(*) >= (SELECT p.structuring_count FROM floor.compliance_profile p)
$$;
CREATE VIEW floor.structuring_alerts AS SELECT * FROM floor.structuring_since(NULL);

-- macau: any single transaction at or above identification_at.
CREATE FUNCTION floor.identifications_since(p_from timestamptz) RETURNS SETOF floor.cash_transactions
LANGUAGE sql STABLE AS $$
    SELECT t.* FROM floor.cash_since(p_from) t
    WHERE t.amount >= (SELECT p.identification_at FROM floor.compliance_profile p)
$$;
CREATE VIEW floor.identifications AS SELECT * FROM floor.identifications_since(NULL);

-- uk: a player's cash-ins within the window up to a transaction reaching due_diligence_at (the next count
-- starts after it); an anonymous player's single cash-in reaching it on its own. (Its window spans days: a
-- page asking from p_from sees the count as it started then.)
CREATE FUNCTION floor.due_diligence(p_from timestamptz DEFAULT NULL)
RETURNS TABLE (id text, player text, gaming_day date, at timestamptz, table_id text, seat integer,
               window_from timestamptz, count integer, total numeric, ord bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE
    p floor.compliance_profile;
    t record;
    ats timestamptz[] := '{}';
    amounts numeric[] := '{}';
    running numeric := 0;
    who text;
BEGIN
    SELECT * INTO p FROM floor.compliance_profile;
    IF p.due_diligence_at IS NULL THEN
        RETURN;
    END IF;
    FOR t IN SELECT c.* FROM floor.cash_since(p_from) c WHERE c.kind = 'cash_in' ORDER BY c.player, c.ord LOOP
        IF t.player IS NULL THEN
            IF t.amount >= p.due_diligence_at THEN
                RETURN QUERY SELECT t.id, NULL::text, t.gaming_day, t.at, t.table_id, t.seat, t.at, 1, t.amount, t.ord;
            END IF;
            CONTINUE;
        END IF;
        IF who IS DISTINCT FROM t.player THEN
            who := t.player; ats := '{}'; amounts := '{}'; running := 0;
        END IF;
        ats := ats || t.at; amounts := amounts || t.amount; running := running + t.amount;
        WHILE ats[1] <= t.at - p.due_diligence_window LOOP
            running := running - amounts[1];
            ats := ats[2:]; amounts := amounts[2:];
        END LOOP;
        IF running >= p.due_diligence_at THEN
            RETURN QUERY SELECT t.id, t.player, t.gaming_day, t.at, t.table_id, t.seat, ats[1],
                                cardinality(ats), running, t.ord;
            ats := '{}'; amounts := '{}'; running := 0;
        END IF;
    END LOOP;
END $$;

-- A finding filed as handled (compliance work): which finding ('mtl:<tx>', 'ctr:<player>:<day>:<in|out>',
-- 'structuring:<player>:<day>', 'due_diligence:<tx>', 'identification:<tx>'), the note, who and when.
CREATE TABLE floor.compliance_work (
    id       bigserial PRIMARY KEY,
    finding  text NOT NULL CHECK (finding ~ '^[a-z_]+:.' AND length(finding) <= 200),
    note     text NOT NULL CHECK (length(btrim(note)) > 0 AND length(note) <= 2000),
    by_user  text NOT NULL CHECK (length(by_user) BETWEEN 1 AND 64),
    by_role  text NOT NULL CHECK (length(by_role) BETWEEN 1 AND 32),
    via      text NOT NULL DEFAULT session_user,
    at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX compliance_work_finding ON floor.compliance_work (finding, id);
CREATE TRIGGER compliance_work_append_only BEFORE UPDATE OR DELETE ON floor.compliance_work
    FOR EACH ROW EXECUTE FUNCTION floor.refuse_change();
CREATE TRIGGER compliance_work_no_truncate BEFORE TRUNCATE ON floor.compliance_work
    FOR EACH STATEMENT EXECUTE FUNCTION floor.refuse_change();

CREATE FUNCTION floor.file_compliance(p_finding text, p_note text, p_by text, p_role text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_id bigint;
BEGIN
    PERFORM floor.refuse_unless(coalesce(p_finding ~ '^[a-z_]+:.' AND length(p_finding) <= 200, false), 'not a finding');
    PERFORM floor.refuse_unless(floor.is_text(p_note, 1, 2000), 'a filing says what was done (1 to 2000 characters)');
    PERFORM floor.refuse_unless(floor.is_text(p_by, 1, 64) AND floor.is_text(p_role, 1, 32), 'who filed it');
    INSERT INTO floor.compliance_work (finding, note, by_user, by_role) VALUES (p_finding, p_note, p_by, p_role)
    RETURNING id INTO v_id;
    PERFORM pg_notify('floor_changed', '');
    RETURN v_id;
END $$;
REVOKE ALL ON FUNCTION floor.file_compliance(text, text, text, text) FROM PUBLIC;

-- The casino's exclusion list: one row per listing; a removal fills removed_by / removed_at / removal_note
-- once. Never deleted.
CREATE TABLE floor.exclusions (
    id           bigserial PRIMARY KEY,
    player       text NOT NULL CHECK (player ~ '^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$'),
    reason       text NOT NULL CHECK (length(btrim(reason)) > 0 AND length(reason) <= 2000),
    added_by     text NOT NULL CHECK (length(added_by) BETWEEN 1 AND 64),
    added_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    removed_by   text CHECK (length(removed_by) BETWEEN 1 AND 64),
    removed_at   timestamptz,
    removal_note text CHECK (length(removal_note) <= 2000),
    via          text NOT NULL DEFAULT session_user,
    CHECK ((removed_by IS NULL) = (removed_at IS NULL))
);
CREATE UNIQUE INDEX exclusions_listed ON floor.exclusions (player) WHERE removed_at IS NULL;

CREATE FUNCTION floor.exclusions_journaled() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL
       AND (NEW.id, NEW.player, NEW.reason, NEW.added_by, NEW.added_at, NEW.via)
           IS NOT DISTINCT FROM (OLD.id, OLD.player, OLD.reason, OLD.added_by, OLD.added_at, OLD.via) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'floor.exclusions is journaled: % refused (a listing is only ever removed, once)', TG_OP;
END $$;
CREATE TRIGGER exclusions_journaled BEFORE UPDATE OR DELETE ON floor.exclusions
    FOR EACH ROW EXECUTE FUNCTION floor.exclusions_journaled();
CREATE TRIGGER exclusions_no_truncate BEFORE TRUNCATE ON floor.exclusions
    FOR EACH STATEMENT EXECUTE FUNCTION floor.refuse_change();

CREATE FUNCTION floor.exclude(p_player text, p_reason text, p_by text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_id bigint;
BEGIN
    PERFORM floor.refuse_unless(floor.is_player_id(p_player), 'not a player id');
    PERFORM floor.refuse_unless(floor.is_text(p_reason, 1, 2000), 'a listing gives its reason (1 to 2000 characters)');
    PERFORM floor.refuse_unless(floor.is_text(p_by, 1, 64), 'who listed the player');
    PERFORM pg_advisory_xact_lock(hashtext('floor.exclusions'));  -- one change of the list at a time
    PERFORM floor.refuse_unless(NOT EXISTS (SELECT 1 FROM floor.exclusions x WHERE x.player = p_player
                                            AND x.removed_at IS NULL), 'already on the exclusion list', 'unique_violation');
    INSERT INTO floor.exclusions (player, reason, added_by) VALUES (p_player, p_reason, p_by) RETURNING id INTO v_id;
    PERFORM pg_notify('floor_changed', '');
    RETURN v_id;
END $$;
REVOKE ALL ON FUNCTION floor.exclude(text, text, text) FROM PUBLIC;

CREATE FUNCTION floor.unexclude(p_player text, p_note text, p_by text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_id bigint;
BEGIN
    PERFORM floor.refuse_unless(floor.is_text(p_note, 1, 2000), 'a removal gives its reason (1 to 2000 characters)');
    PERFORM floor.refuse_unless(floor.is_text(p_by, 1, 64), 'who removed the player');
    PERFORM pg_advisory_xact_lock(hashtext('floor.exclusions'));
    UPDATE floor.exclusions SET removed_by = p_by, removed_at = clock_timestamp(), removal_note = p_note
    WHERE player = p_player AND removed_at IS NULL RETURNING id INTO v_id;
    IF v_id IS NULL THEN
        RAISE EXCEPTION 'not on the exclusion list' USING ERRCODE = 'no_data_found';
    END IF;
    PERFORM pg_notify('floor_changed', '');
    RETURN v_id;
END $$;
REVOKE ALL ON FUNCTION floor.unexclude(text, text, text) FROM PUBLIC;

-- The list a station receives: the players listed now, and the floor's time it was read at.
CREATE FUNCTION floor.exclusion_list() RETURNS TABLE (player text, as_of timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT x.player, now() FROM floor.exclusions x WHERE x.removed_at IS NULL
    UNION ALL SELECT NULL, now()
$$;
REVOKE ALL ON FUNCTION floor.exclusion_list() FROM PUBLIC;
