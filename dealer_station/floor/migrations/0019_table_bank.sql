-- The table bank on the floor (issue 40, docs/bank.md "On the floor"): numbered fill and credit slips, the
-- table-shifts the stations journal (opener, buy-ins, slips, closer), the count team's drop and the
-- statistical report's investigations.
--
-- 1. Slip numbers. One series per kind per casino, with no gap and no reuse: a counter row per (casino, kind),
--    incremented in the same transaction that inserts the slip (floor.allocate_slip), never a sequence (a
--    sequence hands out numbers outside transactions: a rollback or a crash leaves a hole). The counter's row
--    lock serialises the allocations of one series; a request asked twice gets its first number back. Across
--    a failover the counter is only as safe as the standby: a floor with a standby names it in
--    synchronous_standby_names, and floor.allocate_slip commits with synchronous_commit = remote_apply, so a
--    number a station was given is on the standby before the station hears it (docs/floor.md).
-- 2. Segregation of duties, in the table itself: whoever requested a slip may not issue, confirm or void it,
--    nor witness its void; a void from the floor needs a reason and a second person. The functions refuse
--    with a message; the CHECKs hold whatever writes the row.
-- 3. The stations' bank events (shift_opened, buy_in, slip_*, shift_closed) become rows of floor.table_shifts,
--    floor.buy_ins, floor.slip_requests and updates of floor.slips, by one more rule of 0015's statement
--    trigger ('bank'). The figures are not computed here: dealer_station/floor/bank.py reads these rows into
--    the bank's ShiftBook and asks dealer_station/bank/figures.shift_figures, the one formula.
-- 4. The count team's drops (appended; the latest entry of a table-shift is its drop, the earlier ones its
--    history) and the statistical report's investigations (opened by the report, closed by a supervisor with
--    a written finding).
-- Who may call what: floor.allocate_slip the station role; the cage's and the count's functions the new
-- floor_cage / floor_count roles and the report role (the pit, which says which of its users acts and in
-- which role; the functions check the role). `floor init-roles` grants them (dealer_station/floor/roles.py).

CREATE TABLE floor.slip_series (
    casino      text NOT NULL CHECK (length(casino) BETWEEN 1 AND 64),
    kind        text NOT NULL CHECK (kind IN ('fill', 'credit')),
    last_number bigint NOT NULL DEFAULT 0 CHECK (last_number >= 0),
    PRIMARY KEY (casino, kind)
);

CREATE FUNCTION floor.slip_text(p_kind text, p_number bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE p_kind WHEN 'fill' THEN 'F' ELSE 'C' END
           || CASE WHEN length(p_number::text) >= 6 THEN p_number::text ELSE lpad(p_number::text, 6, '0') END
$$;

CREATE TABLE floor.slips (
    casino        text NOT NULL,
    kind          text NOT NULL CHECK (kind IN ('fill', 'credit')),
    number        bigint NOT NULL CHECK (number >= 1),
    slip          text GENERATED ALWAYS AS (floor.slip_text(kind, number)) STORED,
    table_id      text NOT NULL CHECK (length(table_id) BETWEEN 1 AND 64),
    request       text NOT NULL UNIQUE CHECK (length(request) BETWEEN 1 AND 100),
    shift         integer,
    chips         jsonb NOT NULL CHECK (jsonb_typeof(chips) = 'object'),
    amount        numeric NOT NULL CHECK (amount >= 0 AND amount < 1e18),
    state         text NOT NULL DEFAULT 'requested'
                  CHECK (state IN ('requested', 'issued', 'received', 'refused', 'void')),
    requested_by  text,
    requested_at  timestamptz NOT NULL DEFAULT now(),
    issued_by     text,
    issued_at     timestamptz,
    handed_dealer text,            -- a credit handed to the runner at the table / a fill verified there
    handed_supervisor text,
    handed_at     timestamptz,
    received_by   text,            -- a fill: the table's supervisor; a credit: the cage that confirmed it
    received_at   timestamptz,
    refused_by    text,
    refused_at    timestamptz,
    refused_reason text,
    chips_seen    jsonb,
    voided_by     text,
    void_second   text,
    void_reason   text,
    void_source   text CHECK (void_source IN ('table', 'floor')),
    voided_at     timestamptz,
    PRIMARY KEY (casino, kind, number),
    CONSTRAINT slip_issuer_not_requester CHECK (issued_by IS NULL OR requested_by IS NULL OR issued_by <> requested_by),
    CONSTRAINT slip_confirmer_not_requester CHECK (kind <> 'credit' OR received_by IS NULL OR requested_by IS NULL
                                                  OR received_by <> requested_by),
    CONSTRAINT slip_voider_not_requester CHECK (voided_by IS NULL OR requested_by IS NULL OR voided_by <> requested_by),
    CONSTRAINT slip_witness_not_requester CHECK (void_second IS NULL OR requested_by IS NULL
                                                 OR void_second <> requested_by),
    CONSTRAINT slip_void_reasoned CHECK (state <> 'void' OR (length(btrim(coalesce(void_reason, ''))) > 0
                                                             AND voided_by IS NOT NULL)),
    CONSTRAINT slip_void_witnessed CHECK (state <> 'void' OR void_source = 'table'
                                          OR (void_second IS NOT NULL AND void_second <> voided_by))
);
CREATE INDEX slips_by_table ON floor.slips (table_id, kind, number);
CREATE INDEX slips_by_text ON floor.slips (slip);
CREATE INDEX slips_in_flight ON floor.slips (state) WHERE state IN ('requested', 'issued');

-- A station's request as its journal says it (slip_requested): who asked, in which shift. It may reach the
-- floor before or after the station asks for the number.
CREATE TABLE floor.slip_requests (
    request  text PRIMARY KEY,
    table_id text NOT NULL,
    seq      bigint NOT NULL,
    at       timestamptz NOT NULL,
    shift    integer NOT NULL,
    kind     text NOT NULL,
    chips    jsonb NOT NULL,
    amount   numeric NOT NULL CHECK (amount >= 0 AND amount < 1e18),
    by_badge text NOT NULL
);

-- One row per table-shift of a table's journal (shift_opened .. shift_closed).
CREATE TABLE floor.table_shifts (
    table_id          text NOT NULL,
    shift             integer NOT NULL,
    gaming_day        date NOT NULL,
    opened_seq        bigint NOT NULL,
    opened_at         timestamptz NOT NULL,
    opener            jsonb NOT NULL,
    previous_closer   jsonb,
    discrepancy       numeric,
    discrepancy_class text,
    dealer            text,
    supervisor        text,
    closed_seq        bigint,
    closed_at         timestamptz,
    closer            jsonb,
    closed_dealer     text,
    closed_supervisor text,
    sensed            boolean,
    PRIMARY KEY (table_id, shift)
);
CREATE INDEX table_shifts_open ON floor.table_shifts (table_id) WHERE closed_seq IS NULL;
CREATE INDEX table_shifts_day ON floor.table_shifts (gaming_day);
-- A shift's rounds are the table's rounds opened between its shift_opened and its shift_closed.
CREATE INDEX rounds_by_opened_seq ON floor.rounds (table_id, opened_seq);

CREATE TABLE floor.buy_ins (
    table_id text NOT NULL,
    seq      bigint NOT NULL,
    at       timestamptz NOT NULL,
    shift    integer NOT NULL,
    seat     integer NOT NULL,
    kind     text NOT NULL CHECK (kind IN ('cash', 'marker')),
    amount   numeric NOT NULL CHECK (amount > 0 AND amount < 1e18),
    player   text,
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX buy_ins_by_shift ON floor.buy_ins (table_id, shift);

-- The count team's drop per table-shift, appended: the latest entry is the drop, the earlier ones its history.
CREATE TABLE floor.drops (
    id         bigserial PRIMARY KEY,
    table_id   text NOT NULL CHECK (length(table_id) BETWEEN 1 AND 64),
    shift      integer NOT NULL CHECK (shift >= 1),
    gaming_day date NOT NULL,
    amount     numeric NOT NULL CHECK (amount >= 0 AND amount < 1e18),
    counted_by text NOT NULL CHECK (length(counted_by) BETWEEN 1 AND 64),
    source     text NOT NULL CHECK (source IN ('screen', 'csv')),
    via        text NOT NULL DEFAULT session_user,
    at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drops_by_shift ON floor.drops (table_id, shift, id);

-- The statistical report's investigations: a table-game whose month falls outside the 95% band.
CREATE TABLE floor.investigations (
    id          bigserial PRIMARY KEY,
    table_id    text NOT NULL,
    game        text NOT NULL,
    month       date NOT NULL CHECK (extract(day FROM month) = 1),
    win_drop    numeric,
    band_low    numeric,
    band_high   numeric,
    opened_at   timestamptz NOT NULL DEFAULT now(),
    opened_by   text NOT NULL DEFAULT session_user,
    closed_at   timestamptz,
    closed_by   text,
    finding     text,
    UNIQUE (table_id, game, month),
    CHECK ((closed_at IS NULL) = (closed_by IS NULL) AND (closed_at IS NULL) = (finding IS NULL)),
    CHECK (finding IS NULL OR length(btrim(finding)) BETWEEN 1 AND 4000)
);

-- ---------------------------------------------------------------------------------------------- slips

-- The next number of (casino, kind) for `request`, or the number the request already has.
CREATE FUNCTION floor.allocate_slip(p_casino text, p_kind text, p_table_id text, p_request text, p_chips jsonb,
                                    p_amount numeric, p_by text DEFAULT NULL) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_have floor.slips;
    v_number bigint;
    v_asked floor.slip_requests;
BEGIN
    IF EXISTS (SELECT 1 FROM floor.station_logins l WHERE l.role_name = session_user)
       AND NOT EXISTS (SELECT 1 FROM floor.station_logins l WHERE l.role_name = session_user
                       AND l.table_id = p_table_id) THEN
        RAISE EXCEPTION 'this login may not ask slips for table %', p_table_id USING ERRCODE = '42501';
    END IF;
    PERFORM set_config('synchronous_commit', 'remote_apply', true);
    INSERT INTO floor.slip_series (casino, kind) VALUES (p_casino, p_kind) ON CONFLICT DO NOTHING;
    PERFORM 1 FROM floor.slip_series s WHERE s.casino = p_casino AND s.kind = p_kind FOR UPDATE;
    SELECT * INTO v_have FROM floor.slips s WHERE s.request = p_request;
    IF FOUND THEN
        IF v_have.casino <> p_casino OR v_have.kind <> p_kind OR v_have.table_id <> p_table_id
           OR v_have.chips <> p_chips THEN
            RAISE EXCEPTION 'request % already has slip % for other chips, kind or table', p_request, v_have.slip
                USING ERRCODE = '23505';
        END IF;
        RETURN v_have.number;
    END IF;
    UPDATE floor.slip_series s SET last_number = s.last_number + 1 WHERE s.casino = p_casino AND s.kind = p_kind
        RETURNING s.last_number INTO v_number;
    SELECT * INTO v_asked FROM floor.slip_requests r WHERE r.request = p_request;
    INSERT INTO floor.slips (casino, kind, number, table_id, request, shift, chips, amount, requested_by)
    VALUES (p_casino, p_kind, v_number, p_table_id, p_request, v_asked.shift, p_chips, p_amount,
            coalesce(v_asked.by_badge, nullif(p_by, '')));
    PERFORM pg_notify('floor_changed', p_table_id);
    RETURN v_number;
END $$;

-- The one row a floor function acts on, locked; refused with a message when the step does not apply.
CREATE FUNCTION floor.slip_for(p_slip text) RETURNS floor.slips
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v floor.slips;
BEGIN
    SELECT * INTO v FROM floor.slips s WHERE s.slip = p_slip ORDER BY s.casino LIMIT 1 FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no slip %', p_slip USING ERRCODE = 'P0002';
    END IF;
    IF v.requested_by IS NULL THEN
        RAISE EXCEPTION 'slip %: who requested it has not reached the floor yet (the table''s journal): try again',
            p_slip USING ERRCODE = '55000';
    END IF;
    RETURN v;
END $$;

CREATE FUNCTION floor.check_actor(p_by text, p_role text, p_roles text[], p_doing text) RETURNS void
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    IF length(btrim(coalesce(p_by, ''))) = 0 OR length(p_by) > 64 THEN
        RAISE EXCEPTION '%: say who acts', p_doing USING ERRCODE = '22023';
    END IF;
    IF NOT coalesce(p_role = ANY (p_roles), false) THEN
        RAISE EXCEPTION '%: the % role may not do it (%)', p_doing, coalesce(p_role, 'no'), array_to_string(p_roles, ', ')
            USING ERRCODE = '42501';
    END IF;
END $$;

-- The cage issues a requested slip (fills and credits alike).
CREATE FUNCTION floor.issue_slip(p_slip text, p_by text, p_role text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v floor.slips;
BEGIN
    PERFORM floor.check_actor(p_by, p_role, ARRAY['cage'], 'issue ' || p_slip);
    v := floor.slip_for(p_slip);
    IF v.state <> 'requested' THEN
        RAISE EXCEPTION 'slip % is %, not requested', p_slip, v.state USING ERRCODE = '55000';
    END IF;
    IF v.requested_by = p_by THEN
        RAISE EXCEPTION 'slip %: who requested it may not issue it', p_slip USING ERRCODE = '42501';
    END IF;
    UPDATE floor.slips s SET state = 'issued', issued_by = p_by, issued_at = now()
        WHERE s.casino = v.casino AND s.kind = v.kind AND s.number = v.number;
    PERFORM pg_notify('floor_changed', v.table_id);
END $$;

-- The cage confirms a credit's chips arrived: only then it counts.
CREATE FUNCTION floor.confirm_credit(p_slip text, p_by text, p_role text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v floor.slips;
BEGIN
    PERFORM floor.check_actor(p_by, p_role, ARRAY['cage'], 'confirm ' || p_slip);
    v := floor.slip_for(p_slip);
    IF v.kind <> 'credit' THEN
        RAISE EXCEPTION 'slip % is a fill: the table receives a fill', p_slip USING ERRCODE = '55000';
    END IF;
    IF v.state <> 'issued' THEN
        RAISE EXCEPTION 'slip % is %, not issued', p_slip, v.state USING ERRCODE = '55000';
    END IF;
    IF v.requested_by = p_by THEN
        RAISE EXCEPTION 'slip %: who requested it may not confirm it', p_slip USING ERRCODE = '42501';
    END IF;
    UPDATE floor.slips s SET state = 'received', received_by = p_by, received_at = now()
        WHERE s.casino = v.casino AND s.kind = v.kind AND s.number = v.number;
    PERFORM pg_notify('floor_changed', v.table_id);
END $$;

-- A void from the floor: before the slip is received, with a reason, by someone and a second person, neither
-- of them who requested it.
CREATE FUNCTION floor.void_slip(p_slip text, p_by text, p_role text, p_second text, p_reason text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v floor.slips;
BEGIN
    PERFORM floor.check_actor(p_by, p_role, ARRAY['cage', 'supervisor'], 'void ' || p_slip);
    IF length(btrim(coalesce(p_reason, ''))) = 0 OR length(p_reason) > 2000 THEN
        RAISE EXCEPTION 'void %: give a reason', p_slip USING ERRCODE = '22023';
    END IF;
    IF length(btrim(coalesce(p_second, ''))) = 0 OR p_second = p_by THEN
        RAISE EXCEPTION 'void %: a second person, not who voids, must witness it', p_slip USING ERRCODE = '22023';
    END IF;
    v := floor.slip_for(p_slip);
    IF v.state NOT IN ('requested', 'issued') THEN
        RAISE EXCEPTION 'slip % is %: only a slip not yet received may be voided', p_slip, v.state
            USING ERRCODE = '55000';
    END IF;
    IF v.requested_by IN (p_by, p_second) THEN
        RAISE EXCEPTION 'slip %: who requested it may not void it nor witness its void', p_slip
            USING ERRCODE = '42501';
    END IF;
    UPDATE floor.slips s SET state = 'void', voided_by = p_by, void_second = p_second, void_reason = p_reason,
                             void_source = 'floor', voided_at = now()
        WHERE s.casino = v.casino AND s.kind = v.kind AND s.number = v.number;
    PERFORM pg_notify('floor_changed', v.table_id);
END $$;

-- ---------------------------------------------------------------------------------------------- drops

-- The count team's drop of one table-shift (from the screen or a soft count's CSV), appended.
CREATE FUNCTION floor.enter_drop(p_table_id text, p_shift integer, p_gaming_day date, p_amount numeric, p_by text,
                                 p_role text, p_source text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_day date;
    v_id bigint;
BEGIN
    PERFORM floor.check_actor(p_by, p_role, ARRAY['count'], 'enter a drop');
    SELECT t.gaming_day INTO v_day FROM floor.table_shifts t WHERE t.table_id = p_table_id AND t.shift = p_shift;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'table % has no shift %', p_table_id, p_shift USING ERRCODE = 'P0002';
    END IF;
    IF p_gaming_day IS NOT NULL AND p_gaming_day <> v_day THEN
        RAISE EXCEPTION 'table % shift % is of gaming day %, not %', p_table_id, p_shift, v_day, p_gaming_day
            USING ERRCODE = '22023';
    END IF;
    INSERT INTO floor.drops (table_id, shift, gaming_day, amount, counted_by, source)
    VALUES (p_table_id, p_shift, v_day, p_amount, p_by, p_source) RETURNING id INTO v_id;
    PERFORM pg_notify('floor_changed', p_table_id);
    RETURN v_id;
END $$;

-- ---------------------------------------------------------------------------------------------- investigations

CREATE FUNCTION floor.open_investigation(p_table_id text, p_game text, p_month date, p_win_drop numeric,
                                         p_low numeric, p_high numeric) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_id bigint;
BEGIN
    INSERT INTO floor.investigations (table_id, game, month, win_drop, band_low, band_high)
    VALUES (p_table_id, p_game, date_trunc('month', p_month)::date, p_win_drop, p_low, p_high)
    ON CONFLICT (table_id, game, month) DO NOTHING RETURNING id INTO v_id;
    RETURN v_id;
END $$;

CREATE FUNCTION floor.close_investigation(p_id bigint, p_by text, p_role text, p_finding text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM floor.check_actor(p_by, p_role, ARRAY['supervisor'], 'close an investigation');
    IF length(btrim(coalesce(p_finding, ''))) = 0 THEN
        RAISE EXCEPTION 'close an investigation: write the finding' USING ERRCODE = '22023';
    END IF;
    UPDATE floor.investigations i SET closed_at = now(), closed_by = p_by, finding = p_finding
        WHERE i.id = p_id AND i.closed_at IS NULL;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no open investigation %', p_id USING ERRCODE = 'P0002';
    END IF;
END $$;

-- ---------------------------------------------------------------------------------------------- the stations' events

-- A slip a table event names ("F000041" of this table), locked for its update.
CREATE FUNCTION floor.table_slip(p_table_id text, p jsonb) RETURNS floor.slips
LANGUAGE sql AS $$
    SELECT s.* FROM floor.slips s
    WHERE s.table_id = p_table_id
      AND (s.slip = p->>'slip' OR (p->>'slip' IS NULL AND s.request = p->>'request'))
    ORDER BY s.casino LIMIT 1 FOR UPDATE
$$;

CREATE FUNCTION floor.event_bank(e floor.events) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    p jsonb := e.payload::jsonb;
    ts timestamptz := e.at::timestamptz;
    v floor.slips;
BEGIN
    CASE e.kind
    WHEN 'shift_opened' THEN
        INSERT INTO floor.table_shifts (table_id, shift, gaming_day, opened_seq, opened_at, opener, previous_closer,
                                        discrepancy, discrepancy_class, dealer, supervisor)
        VALUES (e.table_id, (p->>'shift')::integer, (p->>'gaming_day')::date, e.seq, ts, p->'opener',
                CASE WHEN jsonb_typeof(p->'previous_closer') = 'object' THEN p->'previous_closer' END,
                (p->>'discrepancy')::numeric, p->>'discrepancy_class', p->>'dealer', p->>'supervisor');
    WHEN 'shift_closed' THEN
        UPDATE floor.table_shifts t SET closed_seq = e.seq, closed_at = ts, closer = p->'closer',
                                        closed_dealer = p->>'dealer', closed_supervisor = p->>'supervisor',
                                        sensed = coalesce((p->>'sensed')::boolean, false)
            WHERE t.table_id = e.table_id AND t.shift = (p->>'shift')::integer;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'shift_closed of shift % that never opened', p->>'shift';
        END IF;
    WHEN 'buy_in' THEN
        INSERT INTO floor.buy_ins (table_id, seq, at, shift, seat, kind, amount, player)
        VALUES (e.table_id, e.seq, ts, (p->>'shift')::integer, (p->>'seat')::integer, p->>'kind',
                (p->>'amount')::numeric, p->>'player');
    WHEN 'slip_requested' THEN
        INSERT INTO floor.slip_requests (request, table_id, seq, at, shift, kind, chips, amount, by_badge)
        VALUES (p->>'request', e.table_id, e.seq, ts, (p->>'shift')::integer, p->>'kind', p->'chips',
                (p->>'amount')::numeric, p->>'by');
        UPDATE floor.slips s SET requested_by = p->>'by', shift = (p->>'shift')::integer
            WHERE s.request = p->>'request' AND s.table_id = e.table_id;
    WHEN 'slip_issued' THEN
        NULL;  -- the number came from the floor (floor.allocate_slip); the cage's issue is the floor's fact
    WHEN 'slip_received' THEN
        v := floor.table_slip(e.table_id, p);
        IF v.number IS NULL THEN
            RAISE EXCEPTION 'slip % is not one of this table''s', p->>'slip';
        END IF;
        UPDATE floor.slips s SET handed_dealer = p->>'dealer', handed_supervisor = p->>'supervisor', handed_at = ts,
                                 state = CASE WHEN s.kind = 'fill' THEN 'received' ELSE s.state END,
                                 received_by = CASE WHEN s.kind = 'fill' THEN p->>'supervisor' ELSE s.received_by END,
                                 received_at = CASE WHEN s.kind = 'fill' THEN ts ELSE s.received_at END
            WHERE s.casino = v.casino AND s.kind = v.kind AND s.number = v.number;
    WHEN 'slip_refused' THEN
        v := floor.table_slip(e.table_id, p);
        IF v.number IS NULL THEN
            RAISE EXCEPTION 'slip % is not one of this table''s', p->>'slip';
        END IF;
        UPDATE floor.slips s SET state = 'refused', refused_by = p->>'supervisor', refused_at = ts,
                                 refused_reason = p->>'reason', chips_seen = p->'chips_seen'
            WHERE s.casino = v.casino AND s.kind = v.kind AND s.number = v.number;
    WHEN 'slip_voided' THEN
        v := floor.table_slip(e.table_id, p);
        IF v.number IS NULL THEN
            RAISE EXCEPTION 'slip % is not one of this table''s', coalesce(p->>'slip', p->>'request');
        END IF;
        UPDATE floor.slips s SET state = 'void', voided_by = p->>'by', void_reason = p->>'reason',
                                 void_source = 'table', voided_at = ts
            WHERE s.casino = v.casino AND s.kind = v.kind AND s.number = v.number;
    END CASE;
    PERFORM pg_notify('floor_changed', e.table_id);
END $$;

CREATE OR REPLACE FUNCTION floor.event_rules(p_kind text, p_round_id text, p_payload json) RETURNS text[]
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
             THEN 'sensor_facts' END,
        CASE WHEN p_kind IN ('shift_opened', 'shift_closed', 'buy_in', 'slip_requested', 'slip_issued',
                             'slip_received', 'slip_refused', 'slip_voided') THEN 'bank' END], NULL)
$$;

CREATE OR REPLACE FUNCTION floor.derive_rule(e floor.events, p_rule text) RETURNS void
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
    WHEN 'bank' THEN  -- 0019
        PERFORM floor.event_bank(e);
    END CASE;
EXCEPTION WHEN OTHERS THEN
    INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (e.table_id, e.seq, e.kind, SQLERRM)
    ON CONFLICT DO NOTHING;
END $$;

-- Bank events a floor already holds (a newer station that forwarded before this migration), in order.
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT e FROM floor.events e
             WHERE e.flagged IS NULL AND e.kind IN ('shift_opened', 'shift_closed', 'buy_in', 'slip_requested',
                                                    'slip_received', 'slip_refused', 'slip_voided')
             ORDER BY e.table_id, e.seq LOOP
        PERFORM floor.derive_rule(r.e, 'bank');
    END LOOP;
END $$;

REVOKE ALL ON FUNCTION floor.slip_text(text, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.allocate_slip(text, text, text, text, jsonb, numeric, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.slip_for(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.check_actor(text, text, text[], text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.issue_slip(text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.confirm_credit(text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.void_slip(text, text, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.enter_drop(text, integer, date, numeric, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.open_investigation(text, text, date, numeric, numeric, numeric) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.close_investigation(bigint, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.table_slip(text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.event_bank(floor.events) FROM PUBLIC;
