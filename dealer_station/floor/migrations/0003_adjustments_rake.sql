-- Round facts learn supervisors' corrections of settled rounds (round_adjusted), read a hand's rake
-- generically, sum jackpot facts by what they moved, and count Texas Hold'em Bonus's decision bets
-- in a record's handle. Replaces floor.derive_facts() and floor.apply_record() (0002's text stays as
-- applied) and re-derives what changed from the events the floor already holds.
-- dealer_station/floor/facts.py applies the same rules to a journal file.

-- The sum of a round's adjustments (seat -> + paid to the seat / - collected from it): the house's
-- win is round_paid.house_net minus it, whichever of the two comes first.
ALTER TABLE floor.rounds ADD COLUMN adjusted numeric NOT NULL DEFAULT 0;
-- What a supervisor action did beyond its name: an adjustment's amounts ("seat 1 -5, seat 3 +10").
ALTER TABLE floor.supervisor_actions ADD COLUMN detail text;

-- A seat's decision bets as a multiple of its Ante (the games' own stakes()): UTH's Play by the last
-- action (play4x .. play1x), Texas Hold'em Bonus's Flop (2x), Turn and River (1x each).
CREATE FUNCTION floor.decision_multiple(p_game text, p_actions jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE p_game
        WHEN 'uth' THEN CASE p_actions->>-1 WHEN 'play4x' THEN 4 WHEN 'play3x' THEN 3 WHEN 'play2x' THEN 2
                                            WHEN 'play1x' THEN 1 ELSE 0 END
        WHEN 'holdem_bonus' THEN coalesce((SELECT sum(CASE a WHEN 'flop' THEN 2 WHEN 'turn' THEN 1 WHEN 'river' THEN 1
                                                        ELSE 0 END)::integer
                                           FROM jsonb_array_elements_text(
                                                CASE WHEN jsonb_typeof(p_actions) = 'array' THEN p_actions
                                                     ELSE '[]' END) a), 0)
        ELSE 0 END
$$;

-- The handle a round record shows: every placed bet plus the decision bets.
CREATE FUNCTION floor.record_handle(p_game text, p_record jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
    SELECT (SELECT coalesce(sum(b.value::numeric), 0) FROM jsonb_array_elements(p_record->'seats') s,
                   jsonb_each_text(s->'bets') b)
         + (SELECT coalesce(sum(coalesce((s->'bets'->>'ante')::numeric, 0)
                                * floor.decision_multiple(p_game, s->'actions')), 0)
            FROM jsonb_array_elements(p_record->'seats') s)
$$;

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
        seats = coalesce((SELECT array_agg((s->>'seat')::integer ORDER BY (s->>'seat')::integer)
                          FROM jsonb_array_elements(p_record->'seats') s), '{}'),
        stakes = coalesce((SELECT jsonb_object_agg(spot, jsonb_build_array(total, squares))
                           FROM (SELECT b.key AS spot, sum(b.value::numeric) AS total,
                                        sum(b.value::numeric * b.value::numeric) AS squares
                                 FROM jsonb_array_elements(p_record->'seats') s,
                                      jsonb_each_text(s->'bets') b
                                 GROUP BY b.key) t), '{}'),
        record_handle = floor.record_handle(v_game, p_record)
    WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
END $$;
DROP FUNCTION floor.play_multiple(text, text);  -- replaced by floor.decision_multiple

-- What one jackpot fact moved: a contribution's to_meter + to_overflow, else its amount (award,
-- seed, overflow draw); NULL when it says neither.
CREATE FUNCTION floor.fact_amount(f jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(CASE WHEN f ? 'to_meter' THEN (f->>'to_meter')::numeric + coalesce((f->>'to_overflow')::numeric, 0)
                    END, (f->>'amount')::numeric)
$$;

-- round_adjusted {round_id, adjustments, reason, by}: the round's win changes by minus the sum; the
-- supervisor action that authorised it (the table's last one, granted 'adjust' by the same badge,
-- without a reason yet) gets the reason and the amounts, or the adjustment is listed on its own.
CREATE FUNCTION floor.apply_adjustment(p_table_id text, p_seq bigint, p_at timestamptz, p_actor text,
                                       p_round_id text, p jsonb) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_round text := coalesce(p->>'round_id', p_round_id);
    v_who text := CASE WHEN p_actor LIKE 'supervisor:%' THEN p_actor ELSE coalesce(p->>'by', p_actor) END;
    v_badge text;
    v_total numeric;
    v_detail text;
    v_action bigint;
BEGIN
    IF v_round IS NULL THEN
        RAISE EXCEPTION 'round_adjusted names no round';
    END IF;
    v_badge := CASE WHEN v_who LIKE 'supervisor:%' THEN substr(v_who, length('supervisor:') + 1) ELSE v_who END;
    SELECT coalesce(sum(a.value::numeric), 0),
           string_agg('seat ' || a.key || ' ' || CASE WHEN a.value::numeric > 0 THEN '+' ELSE '' END || a.value, ', '
                      ORDER BY a.key::integer)
      INTO v_total, v_detail
      FROM jsonb_each_text(coalesce(p->'adjustments', '{}')) a;
    PERFORM floor.ensure_round(p_table_id, v_round);
    UPDATE floor.rounds r SET adjusted = r.adjusted + v_total,
            win = CASE WHEN r.outcome = 'voided' THEN r.win ELSE r.win - v_total END,
            supervisor_acted = true
        WHERE r.table_id = p_table_id AND r.round_id = v_round;
    SELECT a.seq INTO v_action FROM floor.supervisor_actions a
        WHERE a.table_id = p_table_id AND a.ok AND a.reason IS NULL AND a.action = 'adjust' AND a.badge = v_badge
          AND a.seq = (SELECT max(b.seq) FROM floor.supervisor_actions b WHERE b.table_id = p_table_id AND b.seq < p_seq);
    IF v_action IS NULL THEN
        INSERT INTO floor.supervisor_actions (table_id, seq, at, round_id, badge, ok, action, reason, detail)
        VALUES (p_table_id, p_seq, p_at, v_round, v_badge, true, 'adjust', nullif(p->>'reason', ''), v_detail);
    ELSE
        UPDATE floor.supervisor_actions a SET reason = nullif(p->>'reason', ''), detail = v_detail
            WHERE a.table_id = p_table_id AND a.seq = v_action;
    END IF;
END $$;

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
            INSERT INTO floor.rounds (table_id, round_id, number, opened_seq, opened_at)
            VALUES (NEW.table_id, rid, (p->>'number')::bigint, NEW.seq, ts)
            ON CONFLICT (table_id, round_id) DO UPDATE
                SET number = EXCLUDED.number, opened_seq = EXCLUDED.opened_seq, opened_at = EXCLUDED.opened_at;
        WHEN 'settled' THEN
            PERFORM floor.ensure_round(NEW.table_id, rid);
            PERFORM floor.apply_record(NEW.table_id, rid, NEW.seq, p->'record');
            -- A poker hand's settlement carries its rake: the round's rake until round_paid says otherwise.
            UPDATE floor.rounds r SET max_payout = coalesce(
                    (SELECT max((s->>'net')::numeric) FROM jsonb_array_elements(p->'settlement'->'seats') s
                     WHERE (s->>'net')::numeric > 0), 0),
                    rake = coalesce((p->'settlement'->>'rake')::numeric, r.rake)
                WHERE r.table_id = NEW.table_id AND r.round_id = rid;
        WHEN 'round_paid' THEN
            -- house_net when journaled, else the rake (a poker hand's house result); minus any adjustment.
            PERFORM floor.ensure_round(NEW.table_id, rid);
            UPDATE floor.rounds r SET outcome = 'paid', ended_seq = NEW.seq, ended_at = ts,
                    rake = coalesce((p->>'rake')::numeric, r.rake),
                    win = coalesce((p->>'house_net')::numeric, (p->>'rake')::numeric, r.rake) - r.adjusted,
                    handle = coalesce((p->>'handle')::numeric, r.record_handle, 0)
                WHERE r.table_id = NEW.table_id AND r.round_id = rid;
        WHEN 'round_voided' THEN
            PERFORM floor.ensure_round(NEW.table_id, rid);
            IF p ? 'record' AND jsonb_typeof(p->'record') = 'object' THEN
                PERFORM floor.apply_record(NEW.table_id, rid, NEW.seq, p->'record');
            END IF;
            UPDATE floor.rounds r SET outcome = 'voided', ended_seq = NEW.seq, ended_at = ts,
                    handle = 0, win = 0, rake = 0, max_payout = 0,
                    void_cause = p->>'cause', voided_by = p->>'by'
                WHERE r.table_id = NEW.table_id AND r.round_id = rid;
        WHEN 'round_adjusted' THEN
            PERFORM floor.apply_adjustment(NEW.table_id, NEW.seq, ts, NEW.actor, NEW.round_id, p);
        WHEN 'device_fault' THEN
            INSERT INTO floor.faults (table_id, seq, at, round_id, source, device, code, text)
            VALUES (NEW.table_id, NEW.seq, ts, NEW.round_id, NEW.kind, p->>'device', p->>'code', p->>'text');
        WHEN 'halted' THEN
            INSERT INTO floor.faults (table_id, seq, at, round_id, source, device, code, text)
            VALUES (NEW.table_id, NEW.seq, ts, NEW.round_id, NEW.kind, p->>'device', p->>'cause', p->>'text');
        WHEN 'device_status' THEN
            INSERT INTO floor.faults (table_id, seq, at, round_id, source, device, code, text)
            VALUES (NEW.table_id, NEW.seq, ts, NEW.round_id, NEW.kind, p->>'device',
                    substr(p->>'state', length('fault:') + 1), NULL);
        WHEN 'supervisor_auth' THEN
            INSERT INTO floor.supervisor_actions (table_id, seq, at, round_id, badge, ok, action, reason)
            VALUES (NEW.table_id, NEW.seq, ts, NEW.round_id, p->>'badge', (p->>'ok')::boolean, p->>'action',
                    CASE WHEN (p->>'ok')::boolean THEN NULL ELSE p->>'reason' END);
            IF (p->>'ok')::boolean AND NEW.round_id IS NOT NULL THEN
                PERFORM floor.ensure_round(NEW.table_id, NEW.round_id);
                UPDATE floor.rounds r SET supervisor_acted = true
                    WHERE r.table_id = NEW.table_id AND r.round_id = NEW.round_id;
            END IF;
        WHEN 'jackpot_contribution', 'jackpot_award', 'jackpot_seed', 'jackpot_reversal' THEN
            -- A reversal's amount is that of the fact it undoes.
            INSERT INTO floor.jackpot_events (table_id, seq, at, round_id, kind, seat, category, amount)
            VALUES (NEW.table_id, NEW.seq, ts, NEW.round_id, NEW.kind, (p->>'seat')::integer, p->>'category',
                    coalesce(floor.fact_amount(p), floor.fact_amount(p->'of'), 0));
            IF NEW.kind = 'jackpot_award' AND NEW.round_id IS NOT NULL THEN
                PERFORM floor.ensure_round(NEW.table_id, NEW.round_id);
                UPDATE floor.rounds r SET jackpot_hit = true
                    WHERE r.table_id = NEW.table_id AND r.round_id = NEW.round_id;
            END IF;
        ELSE
            NULL;
        END CASE;
        -- The reason a supervisor gave goes with the action it authorised (the last one without a reason).
        IF NEW.actor LIKE 'supervisor:%' AND NEW.kind IN ('round_voided', 'halt_cleared', 'card_corrected')
           AND coalesce(p->>'reason', '') <> '' THEN
            UPDATE floor.supervisor_actions a SET reason = p->>'reason'
                WHERE a.table_id = NEW.table_id AND a.ok AND a.reason IS NULL
                  AND a.badge = substr(NEW.actor, length('supervisor:') + 1)
                  AND a.seq = (SELECT max(b.seq) FROM floor.supervisor_actions b
                               WHERE b.table_id = NEW.table_id AND b.seq < NEW.seq);
        END IF;
    EXCEPTION WHEN OTHERS THEN
        INSERT INTO floor.derive_errors (table_id, seq, kind, error) VALUES (NEW.table_id, NEW.seq, NEW.kind, SQLERRM)
        ON CONFLICT DO NOTHING;
    END;
    RETURN NULL;
END $$;

DROP TRIGGER events_derive_facts ON floor.events;
CREATE TRIGGER events_derive_facts AFTER INSERT ON floor.events FOR EACH ROW
    WHEN (NEW.kind IN ('round_opened', 'settled', 'round_paid', 'round_voided', 'round_adjusted', 'device_fault',
                       'halted', 'supervisor_auth', 'halt_cleared', 'card_corrected', 'jackpot_contribution',
                       'jackpot_award', 'jackpot_seed', 'jackpot_reversal')
          OR (NEW.kind = 'device_status' AND (NEW.payload->>'state') LIKE 'fault:%'))
    EXECUTE FUNCTION floor.derive_facts();

-- Re-derive, from the events already held, what these rules change.
-- 1. Jackpot amounts (0002 read only `amount`, which contributions and reversals do not have).
UPDATE floor.jackpot_events j
    SET amount = coalesce(floor.fact_amount(e.payload::jsonb), floor.fact_amount(e.payload::jsonb->'of'), 0)
    FROM floor.events e WHERE e.table_id = j.table_id AND e.seq = j.seq;

-- 2. A settled hand's rake, where its round_paid (if any) journaled none.
UPDATE floor.rounds r SET rake = (s.payload::jsonb->'settlement'->>'rake')::numeric
    FROM floor.events s
    WHERE s.table_id = r.table_id AND s.seq = r.record_seq AND s.kind = 'settled' AND r.outcome <> 'voided'
      AND jsonb_typeof(s.payload::jsonb->'settlement') = 'object' AND (s.payload::jsonb->'settlement') ? 'rake'
      AND NOT EXISTS (SELECT 1 FROM floor.events e WHERE e.table_id = r.table_id AND e.seq = r.ended_seq
                      AND e.kind = 'round_paid' AND (e.payload::jsonb) ? 'rake');

-- 3. Texas Hold'em Bonus records' handle (0002 left out the Flop, Turn and River bets), and the
--    handle of its paid rounds whose round_paid journaled none.
UPDATE floor.rounds r SET
        record_handle = floor.record_handle(r.game, e.payload::jsonb->'record'),
        handle = CASE WHEN r.outcome = 'paid' AND NOT EXISTS (
                          SELECT 1 FROM floor.events pe WHERE pe.table_id = r.table_id AND pe.seq = r.ended_seq
                          AND pe.kind = 'round_paid' AND (pe.payload::jsonb) ? 'handle')
                      THEN floor.record_handle(r.game, e.payload::jsonb->'record') ELSE r.handle END
    FROM floor.events e
    WHERE e.table_id = r.table_id AND e.seq = r.record_seq AND r.game = 'holdem_bonus'
      AND jsonb_typeof(e.payload::jsonb->'record') = 'object';

-- 4. Every adjustment, in journal order.
DO $$
DECLARE
    e record;
BEGIN
    FOR e IN SELECT table_id, seq, at, actor, round_id, payload FROM floor.events
             WHERE kind = 'round_adjusted' ORDER BY table_id, seq LOOP
        BEGIN
            PERFORM floor.apply_adjustment(e.table_id, e.seq, e.at::timestamptz, e.actor, e.round_id, e.payload::jsonb);
        EXCEPTION WHEN OTHERS THEN
            INSERT INTO floor.derive_errors (table_id, seq, kind, error)
            VALUES (e.table_id, e.seq, 'round_adjusted', SQLERRM) ON CONFLICT DO NOTHING;
        END;
    END LOOP;
END $$;

REVOKE ALL ON FUNCTION floor.fact_amount(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.decision_multiple(text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.record_handle(text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.apply_adjustment(text, bigint, timestamptz, text, text, jsonb) FROM PUBLIC;
