-- Derived facts for fast pit reports, maintained on ingest by a trigger on floor.events.
-- They are a function of the events alone (rebuildable); dealer_station/floor/facts.py computes
-- the same facts from a journal file, and a test pins the two together.

-- One row per round: opened by round_opened, filled by settled, closed by round_paid/round_voided.
CREATE TABLE floor.rounds (
    table_id         text NOT NULL,
    round_id         text NOT NULL,
    number           bigint,
    game             text,
    opened_seq       bigint,
    opened_at        timestamptz,
    record_seq       bigint,          -- the settled (or round_voided) event holding the round record
    ended_seq        bigint,
    ended_at         timestamptz,
    outcome          text NOT NULL DEFAULT 'open' CHECK (outcome IN ('open', 'paid', 'voided')),
    handle           numeric NOT NULL DEFAULT 0,   -- total staked (decision bets included); 0 when voided
    record_handle    numeric,                      -- the same computed from the record (journals before round_paid.handle)
    win              numeric NOT NULL DEFAULT 0,   -- house win: round_paid.house_net; 0 when voided
    rake             numeric NOT NULL DEFAULT 0,
    max_payout       numeric NOT NULL DEFAULT 0,   -- largest seat net win of the round
    seats            integer[] NOT NULL DEFAULT '{}',
    stakes           jsonb NOT NULL DEFAULT '{}',  -- placed bets per spot: {"ante": [sum, sum of squares], ...}
    paytables        jsonb,                        -- the pay tables in force (the record's): picks the par sheet
    par_key          text,                         -- md5 of paytables: reports group by it (hashing jsonb is slow)
    void_cause       text,
    voided_by        text,
    supervisor_acted boolean NOT NULL DEFAULT false,
    jackpot_hit      boolean NOT NULL DEFAULT false,
    PRIMARY KEY (table_id, round_id)
);
CREATE INDEX rounds_ended_at ON floor.rounds (ended_at);

-- Device faults, whichever way the station journaled them: device_fault (a fault that did not touch
-- the round), halted (the round halted on it: kind and cause), device_status "fault:CODE" (no round).
CREATE TABLE floor.faults (
    table_id text NOT NULL,
    seq      bigint NOT NULL,
    at       timestamptz NOT NULL,
    round_id text,
    source   text NOT NULL,
    device   text,
    code     text,
    text     text,
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX faults_at ON floor.faults (at);

-- Every supervisor_auth (granted or denied); `reason` is the reason the supervisor gave with the
-- action that followed (void, clear, accept, correct), or the refusal's reason.
CREATE TABLE floor.supervisor_actions (
    table_id text NOT NULL,
    seq      bigint NOT NULL,
    at       timestamptz NOT NULL,
    round_id text,
    badge    text,
    ok       boolean,
    action   text,
    reason   text,
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX supervisor_actions_at ON floor.supervisor_actions (at);

-- jackpot_contribution / jackpot_award / jackpot_seed / jackpot_reversal (Texas Hold'em Bonus).
CREATE TABLE floor.jackpot_events (
    table_id text NOT NULL,
    seq      bigint NOT NULL,
    at       timestamptz NOT NULL,
    round_id text,
    kind     text NOT NULL,
    seat     integer,
    category text,
    amount   numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX jackpot_events_at ON floor.jackpot_events (at);

-- A payload the trigger could not read: the event is kept (it is the truth), the fact is not.
CREATE TABLE floor.derive_errors (
    table_id text NOT NULL,
    seq      bigint NOT NULL,
    kind     text NOT NULL,
    error    text NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- UTH's Play bet as a multiple of the Ante, by the seat's last action.
CREATE FUNCTION floor.play_multiple(p_game text, p_last_action text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN p_game = 'uth' THEN
        CASE p_last_action WHEN 'play4x' THEN 4 WHEN 'play3x' THEN 3 WHEN 'play2x' THEN 2 WHEN 'play1x' THEN 1 ELSE 0 END
    ELSE 0 END
$$;

-- Facts of a round record (ROUND_RECORD.md): game, seats, placed stakes, handle from the record.
CREATE FUNCTION floor.apply_record(p_table_id text, p_round_id text, p_seq bigint, p_record jsonb) RETURNS void
LANGUAGE plpgsql AS $$
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
        record_handle = (SELECT coalesce(sum(b.value::numeric), 0) FROM jsonb_array_elements(p_record->'seats') s,
                                jsonb_each_text(s->'bets') b)
                      + (SELECT coalesce(sum(coalesce((s->'bets'->>'ante')::numeric, 0)
                                             * floor.play_multiple(v_game, s->'actions'->>-1)), 0)
                         FROM jsonb_array_elements(p_record->'seats') s)
    WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
END $$;

CREATE FUNCTION floor.ensure_round(p_table_id text, p_round_id text) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO floor.rounds (table_id, round_id) VALUES (p_table_id, p_round_id) ON CONFLICT DO NOTHING
$$;

CREATE FUNCTION floor.derive_facts() RETURNS trigger
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
            UPDATE floor.rounds r SET max_payout = coalesce(
                    (SELECT max((s->>'net')::numeric) FROM jsonb_array_elements(p->'settlement'->'seats') s
                     WHERE (s->>'net')::numeric > 0), 0)
                WHERE r.table_id = NEW.table_id AND r.round_id = rid;
        WHEN 'round_paid' THEN
            PERFORM floor.ensure_round(NEW.table_id, rid);
            UPDATE floor.rounds r SET outcome = 'paid', ended_seq = NEW.seq, ended_at = ts,
                    win = (p->>'house_net')::numeric,
                    rake = coalesce((p->>'rake')::numeric, 0),
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
            INSERT INTO floor.jackpot_events (table_id, seq, at, round_id, kind, seat, category, amount)
            VALUES (NEW.table_id, NEW.seq, ts, NEW.round_id, NEW.kind, (p->>'seat')::integer, p->>'category',
                    coalesce((p->>'amount')::numeric, 0));
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

CREATE TRIGGER events_derive_facts AFTER INSERT ON floor.events FOR EACH ROW
    WHEN (NEW.kind IN ('round_opened', 'settled', 'round_paid', 'round_voided', 'device_fault', 'halted',
                       'supervisor_auth', 'halt_cleared', 'card_corrected', 'jackpot_contribution', 'jackpot_award',
                       'jackpot_seed', 'jackpot_reversal')
          OR (NEW.kind = 'device_status' AND (NEW.payload->>'state') LIKE 'fault:%'))
    EXECUTE FUNCTION floor.derive_facts();

REVOKE ALL ON FUNCTION floor.derive_facts() FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.apply_record(text, text, bigint, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.ensure_round(text, text) FROM PUBLIC;
