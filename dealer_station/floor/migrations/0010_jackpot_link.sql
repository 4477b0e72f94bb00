-- The floor as the progressive controller of a linked progressive (GAMES.md §3, issue 22): one
-- shared meter over a bank of Texas Hold'em Bonus tables, named in their profiles
-- ([options.jackpot] link = "bank-1").
--
-- Who computes what. The meter's arithmetic (a contribution's split between meter, overflow and
-- reserve, an award rounded down to the cent, the raise back to reset from the overflow, then the
-- reserve, then the house's seed) has ONE definition: dealer_station/jackpot.py, which live play,
-- replay and round records already use. The controller does not copy it into PL/pgSQL (a second
-- copy would drift one day, and a meter is money). Instead every change is one transaction:
--
--   floor.link_begin(link, table, round, op)   locks the link's row (FOR UPDATE) and says what the
--                                              link holds: its meter, its version, and this round's
--                                              commits (a retry finds its first answer there)
--   ... the station's Python computes the facts with jackpot.py from that meter, under the lock ...
--   floor.link_commit(..., version, facts, after, awards)   stores them: the next seq of the link
--                                              (commit order), the meter after, one row per award
--                                              with NJ 13:69E-1.39A's meters; refused if the link
--                                              moved since link_begin or the meters do not add up
--
-- The row lock makes the link's commits one sequence: seq is the order the controller committed
-- them, so of two royals hit at the same moment on two tables the second is computed from the
-- meter the first left (the reset) - and that order is what is recorded (NY 9 NYCRR 5321.18).
-- Idempotent per (link, table, round, op): UNIQUE below; a retry reads the first answer.

CREATE TABLE floor.jackpot_links (
    link text PRIMARY KEY,
    rules jsonb NOT NULL,          -- JackpotRules.meter_rules(): every member must play exactly these
    state jsonb NOT NULL,          -- jackpot.meter_state(): meter, overflow, reserve, opening, totals, hits
    version bigint NOT NULL DEFAULT 0,  -- seq of the latest commit
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE floor.jackpot_link_members (
    link text NOT NULL REFERENCES floor.jackpot_links (link),
    table_id text NOT NULL,
    joined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (link, table_id)
);

CREATE TABLE floor.jackpot_link_commits (
    link text NOT NULL REFERENCES floor.jackpot_links (link),
    seq bigint NOT NULL,
    table_id text NOT NULL,
    round_id text NOT NULL,
    op text NOT NULL CHECK (op IN ('contribute', 'award', 'cancel')),
    request jsonb NOT NULL,        -- the Pool stakes or hits the table sent
    facts jsonb NOT NULL,          -- jackpot.facts_payload(): what the commit moved
    after jsonb NOT NULL,          -- the shared meter after it
    committed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (link, seq),
    UNIQUE (link, table_id, round_id, op)
);

-- One row per award, with the meters NJ 13:69E-1.39A asks the controller to keep per award:
-- amount in (contributed so far), display (the meter as shown when it hit), hits, wins (awarded),
-- overflow and reserve (after the award and its raise to reset).
CREATE TABLE floor.jackpot_link_awards (
    link text NOT NULL,
    seq bigint NOT NULL,
    seat integer NOT NULL,
    table_id text NOT NULL,
    round_id text NOT NULL,
    category text NOT NULL,
    percent numeric NOT NULL,
    amount numeric NOT NULL,
    needs_verification boolean NOT NULL,
    verified_by text,
    verified_at timestamptz,
    cancelled_seq bigint,          -- the cancel (a void) that took it back
    meter_in numeric NOT NULL,
    display numeric NOT NULL,
    hits integer NOT NULL,
    wins numeric NOT NULL,
    overflow numeric NOT NULL,
    reserve numeric NOT NULL,
    PRIMARY KEY (link, seq, seat),
    FOREIGN KEY (link, seq) REFERENCES floor.jackpot_link_commits (link, seq)
);

-- A commit as the station reads it.
CREATE FUNCTION floor.link_commit_json(c floor.jackpot_link_commits) RETURNS jsonb
LANGUAGE sql STABLE AS $$
    SELECT jsonb_build_object('link', c.link, 'seq', c.seq, 'table_id', c.table_id, 'round_id', c.round_id,
                              'op', c.op, 'request', c.request, 'facts', c.facts, 'after', c.after,
                              'at', to_char(c.committed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;

-- A station login pinned to its tables (floor pin-station) plays only those tables on a link too.
CREATE FUNCTION floor.link_check_login(p_table_id text) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM floor.station_logins s WHERE s.role_name = session_user)
       AND NOT EXISTS (SELECT 1 FROM floor.station_logins s WHERE s.role_name = session_user AND s.table_id = p_table_id)
    THEN
        RAISE EXCEPTION 'login % may not play table % (it is pinned to other tables)', session_user, p_table_id;
    END IF;
END $$;

-- A member joins its link: the first member creates it (with the fresh meter its Python computed);
-- a member whose rules differ from the link's is refused, in one line naming the difference.
CREATE FUNCTION floor.link_join(p_link text, p_table_id text, p_rules jsonb, p_fresh jsonb) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    l floor.jackpot_links;
    diff text;
BEGIN
    IF p_link IS NULL OR p_link = '' OR p_table_id IS NULL OR p_table_id = '' THEN
        RAISE EXCEPTION 'link and table_id required';
    END IF;
    PERFORM floor.link_check_login(p_table_id);
    INSERT INTO floor.jackpot_links (link, rules, state) VALUES (p_link, p_rules, p_fresh) ON CONFLICT DO NOTHING;
    SELECT * INTO l FROM floor.jackpot_links WHERE link = p_link;
    IF l.rules <> p_rules THEN
        SELECT string_agg(format('%s %s, not %s', k, coalesce(p_rules->>k, '-'), coalesce(l.rules->>k, '-')), '; '
                          ORDER BY k)
          INTO diff
          FROM (SELECT jsonb_object_keys(l.rules || p_rules) AS k) keys
         WHERE (l.rules->k) IS DISTINCT FROM (p_rules->k);
        RAISE EXCEPTION 'table %''s jackpot rules differ from link %''s (%): every member plays the same rules',
            p_table_id, p_link, diff USING ERRCODE = 'check_violation';
    END IF;
    INSERT INTO floor.jackpot_link_members (link, table_id) VALUES (p_link, p_table_id) ON CONFLICT DO NOTHING;
    RETURN jsonb_build_object('state', l.state, 'version', l.version);
END $$;

-- Lock the link and say what it holds: its meter and version, and this round's commits so far.
CREATE FUNCTION floor.link_begin(p_link text, p_table_id text, p_round_id text) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    l floor.jackpot_links;
BEGIN
    PERFORM floor.link_check_login(p_table_id);
    SELECT * INTO l FROM floor.jackpot_links WHERE link = p_link FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no link %: a member joins it first', p_link;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM floor.jackpot_link_members m WHERE m.link = p_link AND m.table_id = p_table_id) THEN
        RAISE EXCEPTION 'table % is not a member of link %', p_table_id, p_link;
    END IF;
    RETURN jsonb_build_object(
        'rules', l.rules, 'state', l.state, 'version', l.version,
        'round', coalesce((SELECT jsonb_agg(floor.link_commit_json(c) ORDER BY c.seq)
                           FROM floor.jackpot_link_commits c
                           WHERE c.link = p_link AND c.table_id = p_table_id AND c.round_id = p_round_id), '[]'));
END $$;

-- Store one commit computed under link_begin's lock. p_awards: one object per award of the commit
-- (seat, category, percent, amount, needs_verification, meter_in, display, hits, wins, overflow, reserve).
CREATE FUNCTION floor.link_commit(p_link text, p_table_id text, p_round_id text, p_op text, p_version bigint,
                                  p_request jsonb, p_facts jsonb, p_after jsonb, p_awards jsonb) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    l floor.jackpot_links;
    c floor.jackpot_link_commits;
    a jsonb;
BEGIN
    PERFORM floor.link_check_login(p_table_id);
    IF NOT EXISTS (SELECT 1 FROM floor.jackpot_link_members m WHERE m.link = p_link AND m.table_id = p_table_id) THEN
        RAISE EXCEPTION 'table % is not a member of link %', p_table_id, p_link;
    END IF;
    SELECT * INTO l FROM floor.jackpot_links WHERE link = p_link FOR UPDATE;
    IF NOT FOUND OR l.version <> p_version THEN
        RAISE EXCEPTION 'link % moved since it was read (version %, not %): compute again', p_link, l.version, p_version
            USING ERRCODE = 'serialization_failure';
    END IF;
    IF (p_after->>'opening')::numeric + (p_after->>'contributed')::numeric + (p_after->>'seeded')::numeric
       - (p_after->>'awarded')::numeric
       <> (p_after->>'meter')::numeric + (p_after->>'overflow')::numeric + (p_after->>'reserve')::numeric
       OR (p_after->>'opening')::numeric <> (l.state->>'opening')::numeric THEN
        RAISE EXCEPTION 'link %: the meters after this commit do not reconcile', p_link USING ERRCODE = 'check_violation';
    END IF;
    INSERT INTO floor.jackpot_link_commits (link, seq, table_id, round_id, op, request, facts, after)
        VALUES (p_link, l.version + 1, p_table_id, p_round_id, p_op, p_request, p_facts, p_after)
        RETURNING * INTO c;
    FOR a IN SELECT * FROM jsonb_array_elements(coalesce(p_awards, '[]')) LOOP
        INSERT INTO floor.jackpot_link_awards (link, seq, seat, table_id, round_id, category, percent, amount,
                                               needs_verification, meter_in, display, hits, wins, overflow, reserve)
            VALUES (p_link, c.seq, (a->>'seat')::integer, p_table_id, p_round_id, a->>'category',
                    (a->>'percent')::numeric, (a->>'amount')::numeric, (a->>'needs_verification')::boolean,
                    (a->>'meter_in')::numeric, (a->>'display')::numeric, (a->>'hits')::integer,
                    (a->>'wins')::numeric, (a->>'overflow')::numeric, (a->>'reserve')::numeric);
    END LOOP;
    IF p_op = 'cancel' THEN
        UPDATE floor.jackpot_link_awards SET cancelled_seq = c.seq
         WHERE link = p_link AND table_id = p_table_id AND round_id = p_round_id AND cancelled_seq IS NULL;
    END IF;
    UPDATE floor.jackpot_links SET state = p_after, version = c.seq WHERE link = p_link;
    RETURN floor.link_commit_json(c);
END $$;

-- A supervisor verified the round's held awards at the winning table: they are paid (idempotent).
CREATE FUNCTION floor.link_verify(p_link text, p_table_id text, p_round_id text, p_seats integer[], p_by text)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    n integer;
BEGIN
    PERFORM floor.link_check_login(p_table_id);
    IF NOT EXISTS (SELECT 1 FROM floor.jackpot_link_members m WHERE m.link = p_link AND m.table_id = p_table_id) THEN
        RAISE EXCEPTION 'table % is not a member of link %', p_table_id, p_link;
    END IF;
    UPDATE floor.jackpot_link_awards SET verified_by = p_by, verified_at = clock_timestamp()
     WHERE link = p_link AND table_id = p_table_id AND round_id = p_round_id AND seat = ANY (p_seats)
       AND needs_verification AND verified_by IS NULL AND cancelled_seq IS NULL;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END $$;

-- What every member shows: the shared meter, and the hits held for verification anywhere on the link.
CREATE FUNCTION floor.link_status(p_link text) RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT jsonb_build_object(
        'link', l.link, 'rules', l.rules, 'state', l.state, 'version', l.version,
        'pending', coalesce((SELECT jsonb_agg(jsonb_build_object(
                                 'table_id', a.table_id, 'round_id', a.round_id, 'seat', a.seat,
                                 'category', a.category, 'amount', a.amount::text, 'seq', a.seq) ORDER BY a.seq, a.seat)
                             FROM floor.jackpot_link_awards a
                             WHERE a.link = l.link AND a.needs_verification AND a.verified_by IS NULL
                               AND a.cancelled_seq IS NULL), '[]'))
    FROM floor.jackpot_links l WHERE l.link = p_link
$$;

REVOKE ALL ON FUNCTION floor.link_commit_json(floor.jackpot_link_commits) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_check_login(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_join(text, text, jsonb, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_begin(text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_commit(text, text, text, text, bigint, jsonb, jsonb, jsonb, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_verify(text, text, text, integer[], text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_status(text) FROM PUBLIC;
