-- The fact trigger in small functions, one per derivation concern, so that a change of one rule is a
-- migration replacing one small function (CREATE OR REPLACE FUNCTION floor.paid_win ...), not a copy
-- of the whole trigger. The rules do not change: every fact a floor holds stays as it is, and an
-- event ingested after this migration gives the facts it gave before (tests/floor/test_measures.py
-- compares a floor at 0007 with one at 0009, row for row, on the same events).
--
--   floor.derive_facts()            the trigger: reads the payload once, calls one function per event kind
--   floor.fact_round_opened/_settled/_round_paid/_round_voided   what each round event sets on its round
--   floor.apply_record              a round record's facts: game, seats, stakes, pay tables, handle
--   floor.record_seats/record_stakes/record_handle               the record's parts
--   floor.max_payout/settled_rake   what a settlement adds (its largest seat win; a poker hand's rake)
--   floor.paid_rake/paid_win/paid_handle                         what round_paid sets (the measures' rules)
--   floor.apply_adjustment (0003)   round_adjusted
--   floor.fact_fault                device_fault, halted (not a game's own hold), device_status "fault:CODE"
--   floor.fact_supervisor_auth/supervisor_reason                 supervisor actions and the reasons given
--   floor.fact_jackpot              the jackpot facts
--   floor.derive_pool_meter() (0005, its own trigger)            the meter each Pool stake was paid from
--
-- dealer_station/floor/facts.py applies the same rules to a journal file, one Python function per
-- SQL function above.

-- A rule that reads rows of the payload (jsonb_array_elements) is PL/pgSQL, not SQL: PostgreSQL
-- cannot inline such an SQL function and would plan its query again at every call (measured: 5% off
-- the rate of inserts with their facts), where PL/pgSQL keeps the plan for the session. A one-expression rule stays SQL
-- (inlined into the statement that calls it).

-- A record's seats, in order.
CREATE FUNCTION floor.record_seats(p_record jsonb) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN coalesce((SELECT array_agg((s->>'seat')::integer ORDER BY (s->>'seat')::integer)
                     FROM jsonb_array_elements(p_record->'seats') s), '{}');
END $$;

-- A record's placed bets per spot: {"ante": [sum over seats, sum of squares], ...}.
CREATE FUNCTION floor.record_stakes(p_record jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN coalesce((SELECT jsonb_object_agg(spot, jsonb_build_array(total, squares))
                     FROM (SELECT b.key AS spot, sum(b.value::numeric) AS total,
                                  sum(b.value::numeric * b.value::numeric) AS squares
                           FROM jsonb_array_elements(p_record->'seats') s, jsonb_each_text(s->'bets') b
                           GROUP BY b.key) t), '{}');
END $$;

-- 0003's rule, unchanged, in PL/pgSQL for the reason above: every placed bet plus the decision bets.
CREATE OR REPLACE FUNCTION floor.record_handle(p_game text, p_record jsonb) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN (SELECT coalesce(sum(b.value::numeric), 0) FROM jsonb_array_elements(p_record->'seats') s,
                   jsonb_each_text(s->'bets') b)
         + (SELECT coalesce(sum(coalesce((s->'bets'->>'ante')::numeric, 0)
                                * floor.decision_multiple(p_game, s->'actions')), 0)
            FROM jsonb_array_elements(p_record->'seats') s);
END $$;

CREATE OR REPLACE FUNCTION floor.apply_record(p_table_id text, p_round_id text, p_seq bigint, p_record jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    v_game text := p_record->>'game';
BEGIN
    UPDATE floor.rounds r SET
        game = coalesce(v_game, r.game),
        record_seq = p_seq,
        paytables = p_record->'paytables',
        par_key = md5((p_record->'paytables')::text),
        seats = floor.record_seats(p_record),
        stakes = floor.record_stakes(p_record),
        record_handle = floor.record_handle(v_game, p_record)
    WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
END $$;

-- 0003's and 0005's rules, unchanged, in PL/pgSQL for the same reason (decision_multiple runs for
-- every seat of every record).
CREATE OR REPLACE FUNCTION floor.decision_multiple(p_game text, p_actions jsonb) RETURNS integer
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN CASE p_game
        WHEN 'uth' THEN CASE p_actions->>-1 WHEN 'play4x' THEN 4 WHEN 'play3x' THEN 3 WHEN 'play2x' THEN 2
                                            WHEN 'play1x' THEN 1 ELSE 0 END
        WHEN 'holdem_bonus' THEN coalesce((SELECT sum(CASE a WHEN 'flop' THEN 2 WHEN 'turn' THEN 1 WHEN 'river' THEN 1
                                                        ELSE 0 END)::integer
                                           FROM jsonb_array_elements_text(
                                                CASE WHEN jsonb_typeof(p_actions) = 'array' THEN p_actions
                                                     ELSE '[]' END) a), 0)
        ELSE 0 END;
END $$;

CREATE OR REPLACE FUNCTION floor.pool_meter_stakes(p_record jsonb, p_to_meter numeric) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN (SELECT CASE WHEN n > 0 AND m IS NOT NULL
                        THEN jsonb_build_object('pool_meter', jsonb_build_array(n * m, n * m * m)) ELSE '{}' END
            FROM (SELECT (p_record->'jackpot'->>'meter')::numeric + p_to_meter AS m,
                         (SELECT count(*) FROM jsonb_array_elements(p_record->'seats') s
                          WHERE (s->'bets') ? 'pool') AS n) t);
END $$;

-- The largest seat net win of a settlement (0 when no seat won).
CREATE FUNCTION floor.max_payout(p_settlement jsonb) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN coalesce((SELECT max((s->>'net')::numeric) FROM jsonb_array_elements(p_settlement->'seats') s
                     WHERE (s->>'net')::numeric > 0), 0);
END $$;

-- A poker hand's settlement carries its rake: the round's rake until round_paid says otherwise.
CREATE FUNCTION floor.settled_rake(p_settlement jsonb, p_rake numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce((p_settlement->>'rake')::numeric, p_rake)
$$;

-- round_paid's rake when journaled, else what the round had.
CREATE FUNCTION floor.paid_rake(p jsonb, p_rake numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce((p->>'rake')::numeric, p_rake)
$$;

-- The house's win: house_net when journaled, else the rake (a poker hand's house result); minus the
-- round's adjustments.
CREATE FUNCTION floor.paid_win(p jsonb, p_rake numeric, p_adjusted numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce((p->>'house_net')::numeric, p_rake) - p_adjusted
$$;

-- round_paid's handle when journaled, else the handle the record shows, else 0.
CREATE FUNCTION floor.paid_handle(p jsonb, p_record_handle numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce((p->>'handle')::numeric, p_record_handle, 0)
$$;

CREATE FUNCTION floor.fact_round_opened(p_table_id text, p_round_id text, p_seq bigint, p_at timestamptz, p jsonb)
RETURNS void LANGUAGE sql AS $$
    INSERT INTO floor.rounds (table_id, round_id, number, opened_seq, opened_at)
    VALUES (p_table_id, p_round_id, (p->>'number')::bigint, p_seq, p_at)
    ON CONFLICT (table_id, round_id) DO UPDATE
        SET number = EXCLUDED.number, opened_seq = EXCLUDED.opened_seq, opened_at = EXCLUDED.opened_at
$$;

CREATE FUNCTION floor.fact_settled(p_table_id text, p_round_id text, p_seq bigint, p jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM floor.ensure_round(p_table_id, p_round_id);
    PERFORM floor.apply_record(p_table_id, p_round_id, p_seq, p->'record');
    UPDATE floor.rounds r SET max_payout = floor.max_payout(p->'settlement'),
            rake = floor.settled_rake(p->'settlement', r.rake)
        WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
END $$;

CREATE FUNCTION floor.fact_round_paid(p_table_id text, p_round_id text, p_seq bigint, p_at timestamptz, p jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM floor.ensure_round(p_table_id, p_round_id);
    UPDATE floor.rounds r SET outcome = 'paid', ended_seq = p_seq, ended_at = p_at,
            rake = floor.paid_rake(p, r.rake),
            win = floor.paid_win(p, floor.paid_rake(p, r.rake), r.adjusted),
            handle = floor.paid_handle(p, r.record_handle)
        WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
END $$;

-- A voided round returned every stake: no handle, win, rake or payout.
CREATE FUNCTION floor.fact_round_voided(p_table_id text, p_round_id text, p_seq bigint, p_at timestamptz, p jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM floor.ensure_round(p_table_id, p_round_id);
    IF p ? 'record' AND jsonb_typeof(p->'record') = 'object' THEN
        PERFORM floor.apply_record(p_table_id, p_round_id, p_seq, p->'record');
    END IF;
    UPDATE floor.rounds r SET outcome = 'voided', ended_seq = p_seq, ended_at = p_at,
            handle = 0, win = 0, rake = 0, max_payout = 0,
            void_cause = p->>'cause', voided_by = p->>'by'
        WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
END $$;

-- device_fault (its code), halted (its cause; not a game's own hold for a supervisor, 0007's
-- jackpot_verify: facts.GAME_HOLDS), device_status "fault:CODE".
CREATE FUNCTION floor.fact_fault(p_table_id text, p_seq bigint, p_at timestamptz, p_round_id text, p_kind text,
                                 p jsonb) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO floor.faults (table_id, seq, at, round_id, source, device, code, text)
    SELECT p_table_id, p_seq, p_at, p_round_id, p_kind, p->>'device',
           CASE p_kind WHEN 'device_fault' THEN p->>'code' WHEN 'halted' THEN p->>'cause'
                       ELSE substr(p->>'state', length('fault:') + 1) END,
           CASE WHEN p_kind = 'device_status' THEN NULL ELSE p->>'text' END
    WHERE NOT (p_kind = 'halted' AND coalesce(p->>'kind' = 'jackpot_verify', false))
$$;

-- Every supervisor_auth, granted or denied (a denial keeps its reason); a granted one marks its round.
CREATE FUNCTION floor.fact_supervisor_auth(p_table_id text, p_seq bigint, p_at timestamptz, p_round_id text,
                                           p jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO floor.supervisor_actions (table_id, seq, at, round_id, badge, ok, action, reason)
    VALUES (p_table_id, p_seq, p_at, p_round_id, p->>'badge', (p->>'ok')::boolean, p->>'action',
            CASE WHEN (p->>'ok')::boolean THEN NULL ELSE p->>'reason' END);
    IF (p->>'ok')::boolean AND p_round_id IS NOT NULL THEN
        PERFORM floor.ensure_round(p_table_id, p_round_id);
        UPDATE floor.rounds r SET supervisor_acted = true WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
    END IF;
END $$;

-- The reason a supervisor gave goes with the action it authorised (the table's last one, by the same
-- badge, without a reason yet).
CREATE FUNCTION floor.supervisor_reason(p_table_id text, p_seq bigint, p_actor text, p jsonb) RETURNS void
LANGUAGE sql AS $$
    UPDATE floor.supervisor_actions a SET reason = p->>'reason'
        WHERE a.table_id = p_table_id AND a.ok AND a.reason IS NULL
          AND a.badge = substr(p_actor, length('supervisor:') + 1)
          AND a.seq = (SELECT max(b.seq) FROM floor.supervisor_actions b
                       WHERE b.table_id = p_table_id AND b.seq < p_seq)
$$;

-- A jackpot fact and what it moved (a reversal: what the fact it undoes moved); an award marks its round.
CREATE FUNCTION floor.fact_jackpot(p_table_id text, p_seq bigint, p_at timestamptz, p_round_id text, p_kind text,
                                   p jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO floor.jackpot_events (table_id, seq, at, round_id, kind, seat, category, amount)
    VALUES (p_table_id, p_seq, p_at, p_round_id, p_kind, (p->>'seat')::integer, p->>'category',
            coalesce(floor.fact_amount(p), floor.fact_amount(p->'of'), 0));
    IF p_kind = 'jackpot_award' AND p_round_id IS NOT NULL THEN
        PERFORM floor.ensure_round(p_table_id, p_round_id);
        UPDATE floor.rounds r SET jackpot_hit = true WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
    END IF;
END $$;

-- The trigger: the payload read once, one function per event kind. A payload it cannot read leaves
-- the event held and its facts out, with a derive error the reports list.
CREATE OR REPLACE FUNCTION floor.derive_facts() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    p jsonb;
    ts timestamptz;
    rid text;
BEGIN
    BEGIN
        p := NEW.payload::jsonb;
        ts := NEW.at::timestamptz;
        rid := coalesce(NEW.round_id, p->>'round_id');
        CASE NEW.kind
        WHEN 'round_opened' THEN
            PERFORM floor.fact_round_opened(NEW.table_id, rid, NEW.seq, ts, p);
        WHEN 'settled' THEN
            PERFORM floor.fact_settled(NEW.table_id, rid, NEW.seq, p);
        WHEN 'round_paid' THEN
            PERFORM floor.fact_round_paid(NEW.table_id, rid, NEW.seq, ts, p);
        WHEN 'round_voided' THEN
            PERFORM floor.fact_round_voided(NEW.table_id, rid, NEW.seq, ts, p);
        WHEN 'round_adjusted' THEN
            PERFORM floor.apply_adjustment(NEW.table_id, NEW.seq, ts, NEW.actor, NEW.round_id, p);
        WHEN 'device_fault', 'halted', 'device_status' THEN
            PERFORM floor.fact_fault(NEW.table_id, NEW.seq, ts, NEW.round_id, NEW.kind, p);
        WHEN 'supervisor_auth' THEN
            PERFORM floor.fact_supervisor_auth(NEW.table_id, NEW.seq, ts, NEW.round_id, p);
        WHEN 'jackpot_contribution', 'jackpot_award', 'jackpot_seed', 'jackpot_reversal' THEN
            PERFORM floor.fact_jackpot(NEW.table_id, NEW.seq, ts, NEW.round_id, NEW.kind, p);
        ELSE
            NULL;
        END CASE;
        IF NEW.actor LIKE 'supervisor:%' AND NEW.kind IN ('round_voided', 'halt_cleared', 'card_corrected')
           AND coalesce(p->>'reason', '') <> '' THEN
            PERFORM floor.supervisor_reason(NEW.table_id, NEW.seq, NEW.actor, p);
        END IF;
    EXCEPTION WHEN OTHERS THEN
        INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (NEW.table_id, NEW.seq, NEW.kind, SQLERRM)
        ON CONFLICT DO NOTHING;
    END;
    RETURN NULL;
END $$;

-- 0007's guard on floor.faults is now floor.fact_fault's own rule.
DROP TRIGGER faults_only_faults ON floor.faults;
DROP FUNCTION floor.keep_faults_only();

REVOKE ALL ON FUNCTION floor.record_seats(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.record_stakes(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.max_payout(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.settled_rake(jsonb, numeric) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.paid_rake(jsonb, numeric) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.paid_win(jsonb, numeric, numeric) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.paid_handle(jsonb, numeric) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.fact_round_opened(text, text, bigint, timestamptz, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.fact_settled(text, text, bigint, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.fact_round_paid(text, text, bigint, timestamptz, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.fact_round_voided(text, text, bigint, timestamptz, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.fact_fault(text, bigint, timestamptz, text, text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.fact_supervisor_auth(text, bigint, timestamptz, text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.supervisor_reason(text, bigint, text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.fact_jackpot(text, bigint, timestamptz, text, text, jsonb) FROM PUBLIC;
