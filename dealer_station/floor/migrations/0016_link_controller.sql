-- The linked progressive's controller computes the shared meter itself, in one call (issues 38 items 1-2,
-- 42 item 4). Until 0015 a member read the meter under a row lock (floor.link_begin), computed the facts
-- in its own Python and sent them with the meter after (floor.link_commit): the floor checked only that
-- the link had not moved and that the meter it was sent added up. A login pinned to its table could
-- therefore commit any meter (99,998.43 under a cap of 750) or an award with no hit, and the row lock was
-- held across three round trips and the station's Python (p99 0.8-1.1 s under load).
--
-- Now a member says only what its round did, and the floor computes and checks the rest:
--
--   floor.link_step(link, table, round, op, request, journal_seq)      ONE statement, ONE transaction
--     contribute  request {"stakes": [{"seat", "stake", "amount"}]}: the round's Pool stakes, highest
--                 seat first, with the contribution the member will journal (stake x rate). Each stake must
--                 be the link's Pool stake, each amount the floor's own stake x rate.
--     award       request {"hits": [{"seat", "category", "percent", "cards"}]}: per winning seat its five
--                 Pool cards (hole, hole, flop, flop, flop). The floor evaluates each hand itself
--                 (floor.pool_category), pays it from the link's own Pool pay table, and refuses a seat
--                 the round did not contribute for.
--     cancel      request {}: the round's facts reversed, the meter raised back to reset if that left it below.
--   The cap, the overflow, the reserve, the rounding and the raise back to reset are the floor's
--   (floor.link_contribute / link_award / link_cancel below: the same decisions as dealer_station/jackpot.py,
--   which the tests hold them to, fact for fact). A member's figure that differs from the floor's is
--   refused AND alarmed (floor.alarms, the pit's integrity alarms): the answer is {"refused": why}, not an
--   error, so the alarm row commits with it.
--   What the floor knows of the round is checked too, when it knows all of it: a member sends its journal's
--   last seq, and when the floor holds the table's journal up to there, the round's Pool stakes (its
--   bets_set records) and its cards (card_dealt, card_revealed, card_corrected) must be the request's.
--
-- The link's row is locked FOR UPDATE inside the statement only: the checks that need no lock run before
-- it, the meter is computed from the row and stored, and the lock goes with the statement's commit, which
-- does not wait for its WAL flush; the member then waits for that flush (floor.link_durable, no lock held)
-- before it journals the answer. No lock is ever held across the network, nor across an fsync. Every step is idempotent per (table, round, op) (0010's UNIQUE): a
-- retry after a lost answer or a SIGKILL finds the round's commits under the lock and gets them back.
--
-- The link's rules are now every term that decides what the shared meter pays or costs: the meter's rules
-- (rate, reset, cap, verify_at, reserve_rate), the Pool stake, the currency and the Pool pay table (one key
-- per row: "pool.straight"). floor.link_join compares them all; a link made before this migration holds
-- the meter's rules only and takes the rest from the first member that joins it afterwards with the same
-- meter rules (its Pool pay table cannot be known from 0010's row).

-- A money amount as dealer_station.money.format_money writes it: no exponent, no trailing zeros, "0".
CREATE FUNCTION floor.money_text(p numeric) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT trim_scale(p)::text $$;

-- A member's amount: decimal text (as money_text writes it, or with trailing zeros), else NULL.
CREATE FUNCTION floor.link_amount(p jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN jsonb_typeof(p) = 'string' AND length(p #>> '{}') <= 40 AND (p #>> '{}') ~ '^-?[0-9]{1,18}(\.[0-9]{1,10})?$'
                THEN (p #>> '{}')::numeric END
$$;

-- A member's whole number (a seat, a card) in [lo, hi], else NULL.
CREATE FUNCTION floor.link_int(p jsonb, lo integer, hi integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN jsonb_typeof(p) = 'number' AND (p #>> '{}') ~ '^-?[0-9]{1,9}$'
                     AND (p #>> '{}')::integer BETWEEN lo AND hi THEN (p #>> '{}')::integer END
$$;

-- The category of a five-card Pool hand (hole + flop), cards 0-51 as dealer_station.cards numbers them
-- (rank = card / 4 with 0 the deuce and 12 the ace, suit = card % 4). The category only: the Pool pays
-- by category (GAMES.md section 3). A wheel (A-2-3-4-5) is a straight; T-J-Q-K-A suited the royal flush.
CREATE FUNCTION floor.pool_category(p_cards integer[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    WITH c AS (SELECT x / 4 AS r, x % 4 AS s FROM unnest(p_cards) x),
    ranks AS (SELECT count(*) AS n FROM c GROUP BY r),
    shape AS (SELECT array_agg(n ORDER BY n DESC) AS n FROM ranks),
    hand AS (SELECT count(DISTINCT s) = 1 AS flush, max(r) AS hi, min(r) AS lo, count(DISTINCT r) = 5 AS five,
                    bool_and(r IN (12, 0, 1, 2, 3)) AS wheel FROM c)
    SELECT CASE
        WHEN h.five AND (h.hi - h.lo = 4 OR h.wheel) AND h.flush THEN
            CASE WHEN h.lo = 8 THEN 'royal_flush' ELSE 'straight_flush' END
        WHEN s.n[1] = 4 THEN 'four_of_a_kind'
        WHEN s.n[1] = 3 AND s.n[2] = 2 THEN 'full_house'
        WHEN h.flush THEN 'flush'
        WHEN h.five AND (h.hi - h.lo = 4 OR h.wheel) THEN 'straight'
        WHEN s.n[1] = 3 THEN 'three_of_a_kind'
        WHEN s.n[1] = 2 AND s.n[2] = 2 THEN 'two_pair'
        WHEN s.n[1] = 2 THEN 'one_pair'
        ELSE 'high_card' END
    FROM hand h, shape s
$$;

-- The shared meter as numbers (floor.jackpot_links.state is jackpot.meter_state's text).
CREATE TYPE floor.link_meter AS (meter numeric, overflow numeric, reserve numeric, opening numeric,
                                 contributed numeric, awarded numeric, seeded numeric, hits integer);

CREATE FUNCTION floor.link_meter_of(s jsonb) RETURNS floor.link_meter
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ROW(coalesce((s->>'meter')::numeric, 0), coalesce((s->>'overflow')::numeric, 0),
               coalesce((s->>'reserve')::numeric, 0), coalesce((s->>'opening')::numeric, 0),
               coalesce((s->>'contributed')::numeric, 0), coalesce((s->>'awarded')::numeric, 0),
               coalesce((s->>'seeded')::numeric, 0), coalesce((s->>'hits')::integer, 0))::floor.link_meter
$$;

CREATE FUNCTION floor.link_meter_json(m floor.link_meter) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT jsonb_build_object('meter', floor.money_text(m.meter), 'overflow', floor.money_text(m.overflow),
                              'reserve', floor.money_text(m.reserve), 'opening', floor.money_text(m.opening),
                              'contributed', floor.money_text(m.contributed), 'awarded', floor.money_text(m.awarded),
                              'seeded', floor.money_text(m.seeded), 'hits', m.hits)
$$;

-- What one fact moves (jackpot._delta): the only place the floor defines it. p_sign -1 undoes it.
CREATE FUNCTION floor.link_fold(m floor.link_meter, f jsonb, p_sign integer DEFAULT 1) RETURNS floor.link_meter
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    k text := f->>'kind';
    a numeric := coalesce((f->>'amount')::numeric, 0);
BEGIN
    IF k = 'jackpot_reversal' THEN
        RETURN floor.link_fold(m, f->'of', -p_sign);
    ELSIF k = 'jackpot_contribution' THEN
        m.meter := m.meter + p_sign * (f->>'to_meter')::numeric;
        m.overflow := m.overflow + p_sign * (f->>'to_overflow')::numeric;
        m.reserve := m.reserve + p_sign * coalesce((f->>'to_reserve')::numeric, 0);
        m.contributed := m.contributed + p_sign * ((f->>'to_meter')::numeric + (f->>'to_overflow')::numeric
                                                   + coalesce((f->>'to_reserve')::numeric, 0));
    ELSIF k = 'jackpot_award' THEN
        m.meter := m.meter - p_sign * a;
        m.awarded := m.awarded + p_sign * a;
        m.hits := m.hits + p_sign;
    ELSIF k = 'jackpot_overflow' THEN
        m.meter := m.meter + p_sign * a;
        m.overflow := m.overflow - p_sign * a;
    ELSIF k = 'jackpot_reserve_draw' THEN
        m.meter := m.meter + p_sign * a;
        m.reserve := m.reserve - p_sign * a;
    ELSIF k = 'jackpot_seed' THEN
        m.meter := m.meter + p_sign * a;
        m.seeded := m.seeded + p_sign * a;
    ELSE
        RAISE EXCEPTION 'not a jackpot fact: %', left(coalesce(k, 'null'), 40);
    END IF;
    RETURN m;
END $$;

-- The raise back to reset of a meter below it (JackpotMeter.raise_to_reset): the overflow first, then the
-- reserve, then the house's seed.
CREATE FUNCTION floor.link_raise(p_rules jsonb, m floor.link_meter) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    short numeric := (p_rules->>'reset')::numeric - m.meter;
    drawn numeric;
    kept numeric;
    facts jsonb := '[]';
BEGIN
    IF short > 0 THEN
        drawn := least(m.overflow, short);
        IF drawn > 0 THEN
            facts := facts || jsonb_build_array(jsonb_build_object('kind', 'jackpot_overflow', 'amount', floor.money_text(drawn)));
        END IF;
        kept := least(greatest(m.reserve, 0), short - drawn);
        IF kept > 0 THEN
            facts := facts || jsonb_build_array(jsonb_build_object('kind', 'jackpot_reserve_draw', 'amount', floor.money_text(kept)));
        END IF;
        IF short - drawn - kept > 0 THEN
            facts := facts || jsonb_build_array(jsonb_build_object('kind', 'jackpot_seed',
                                                                   'amount', floor.money_text(short - drawn - kept)));
        END IF;
    END IF;
    RETURN facts;
END $$;

-- Contributions (JackpotMeter.contribute): each stake x rate, unrounded; the reserve's share first, and what
-- would take the meter above the cap to the overflow. p_stakes: [{"seat", "stake"}] in the order given.
-- Returns {"facts": [...], "after": state}.
CREATE FUNCTION floor.link_contribute(p_rules jsonb, p_state jsonb, p_stakes jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    m floor.link_meter := floor.link_meter_of(p_state);
    rate numeric := (p_rules->>'rate')::numeric;
    reserve_rate numeric := (p_rules->>'reserve_rate')::numeric;
    cap numeric := (p_rules->>'cap')::numeric;
    s jsonb;
    share numeric;
    kept numeric;
    rest numeric;
    room numeric;
    fact jsonb;
    facts jsonb := '[]';
BEGIN
    FOR s IN SELECT * FROM jsonb_array_elements(p_stakes) LOOP
        share := (s->>'stake')::numeric * rate;
        kept := CASE WHEN reserve_rate IS NULL THEN 0 ELSE share * reserve_rate END;
        rest := share - kept;
        room := CASE WHEN cap IS NULL THEN rest ELSE greatest(least(rest, cap - m.meter), 0) END;
        fact := jsonb_build_object('kind', 'jackpot_contribution', 'seat', (s->>'seat')::integer,
                                   'stake', floor.money_text((s->>'stake')::numeric), 'to_meter', floor.money_text(room),
                                   'to_overflow', floor.money_text(rest - room))
                || CASE WHEN kept <> 0 THEN jsonb_build_object('to_reserve', floor.money_text(kept)) ELSE '{}' END;
        facts := facts || jsonb_build_array(fact);
        m := floor.link_fold(m, fact);
    END LOOP;
    RETURN jsonb_build_object('facts', facts, 'after', floor.link_meter_json(m));
END $$;

-- Awards (JackpotMeter.award_all): each hit its percent of the meter as it stands, rounded down to the cent,
-- held for a supervisor at verify_at or above, then the raise back to reset. p_hits: [{"seat", "category",
-- "percent"}] in settlement order. Returns {"facts", "after", "awards"}: one row per award with NJ
-- 13:69E-1.39A's meters (amount in, display, hits, wins, and overflow and reserve after its raise).
CREATE FUNCTION floor.link_award(p_rules jsonb, p_state jsonb, p_hits jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    m floor.link_meter := floor.link_meter_of(p_state);
    verify_at numeric := (p_rules->>'verify_at')::numeric;
    h jsonb;
    display numeric;
    amount numeric;
    fact jsonb;
    raised jsonb;
    r jsonb;
    row_ jsonb;
    facts jsonb := '[]';
    awards jsonb := '[]';
BEGIN
    FOR h IN SELECT * FROM jsonb_array_elements(p_hits) LOOP
        display := m.meter;
        amount := floor(m.meter * (h->>'percent')::numeric) / 100;  -- meter x percent / 100, down to the cent, exactly
        fact := jsonb_build_object('kind', 'jackpot_award', 'seat', (h->>'seat')::integer, 'category', h->>'category',
                                   'percent', floor.money_text((h->>'percent')::numeric), 'amount', floor.money_text(amount),
                                   'needs_verification', verify_at IS NOT NULL AND amount >= verify_at);
        m := floor.link_fold(m, fact);
        row_ := jsonb_build_object('seat', (h->>'seat')::integer, 'category', h->>'category',
                                   'percent', floor.money_text((h->>'percent')::numeric), 'amount', floor.money_text(amount),
                                   'needs_verification', verify_at IS NOT NULL AND amount >= verify_at,
                                   'meter_in', floor.money_text(m.contributed), 'display', floor.money_text(display),
                                   'hits', m.hits, 'wins', floor.money_text(m.awarded));
        raised := floor.link_raise(p_rules, m);
        facts := facts || jsonb_build_array(fact) || raised;
        FOR r IN SELECT * FROM jsonb_array_elements(raised) LOOP
            m := floor.link_fold(m, r);
        END LOOP;
        awards := awards || jsonb_build_array(row_ || jsonb_build_object('overflow', floor.money_text(m.overflow),
                                                                          'reserve', floor.money_text(m.reserve)));
    END LOOP;
    RETURN jsonb_build_object('facts', facts, 'after', floor.link_meter_json(m), 'awards', awards);
END $$;

-- A cancellation (a void, or a round settled without its Pool): the round's standing facts reversed, newest
-- first, then the raise back to reset if that left the meter below it. p_standing: the facts in commit order.
CREATE FUNCTION floor.link_cancel(p_rules jsonb, p_state jsonb, p_standing jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    m floor.link_meter := floor.link_meter_of(p_state);
    f jsonb;
    fact jsonb;
    raised jsonb;
    facts jsonb := '[]';
BEGIN
    FOR f IN SELECT value FROM jsonb_array_elements(p_standing) WITH ORDINALITY ORDER BY ordinality DESC LOOP
        fact := jsonb_build_object('kind', 'jackpot_reversal', 'of', f);
        facts := facts || jsonb_build_array(fact);
        m := floor.link_fold(m, fact);
    END LOOP;
    raised := floor.link_raise(p_rules, m);
    facts := facts || raised;
    FOR f IN SELECT * FROM jsonb_array_elements(raised) LOOP
        m := floor.link_fold(m, f);
    END LOOP;
    RETURN jsonb_build_object('facts', facts, 'after', floor.link_meter_json(m));
END $$;

-- A contribution request against the link's terms: NULL when it is what the floor computes too, else why not.
CREATE FUNCTION floor.link_check_stakes(p_terms jsonb, p_request jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    stakes jsonb := p_request->'stakes';
    s jsonb;
    seat integer;
    stake numeric;
    amount numeric;
    last_seat integer;
BEGIN
    IF jsonb_typeof(stakes) IS DISTINCT FROM 'array' OR jsonb_array_length(stakes) NOT BETWEEN 1 AND 10 THEN
        RETURN 'a contribution is 1 to 10 Pool stakes';
    END IF;
    FOR s IN SELECT * FROM jsonb_array_elements(stakes) LOOP
        seat := floor.link_int(s->'seat', 1, 10);
        stake := floor.link_amount(s->'stake');
        amount := floor.link_amount(s->'amount');
        IF seat IS NULL THEN
            RETURN format('%s is not a seat', left(coalesce(s->>'seat', 'null'), 20));
        ELSIF last_seat IS NOT NULL AND seat >= last_seat THEN
            RETURN format('seat %s after seat %s: the stakes go highest seat first, each seat once', seat, last_seat);
        ELSIF stake IS NULL OR stake <> (p_terms->>'pool_stake')::numeric THEN
            RETURN format('seat %s''s Pool stake %s is not the link''s Pool stake %s', seat,
                          left(coalesce(s->>'stake', 'null'), 24), p_terms->>'pool_stake');
        ELSIF amount IS NULL OR amount <> stake * (p_terms->>'rate')::numeric THEN
            RETURN format('seat %s''s contribution %s is not %s (its stake %s x rate %s)', seat,
                          left(coalesce(s->>'amount', 'null'), 24), floor.money_text(stake * (p_terms->>'rate')::numeric),
                          floor.money_text(stake), p_terms->>'rate');
        END IF;
        last_seat := seat;
    END LOOP;
    RETURN NULL;
END $$;

-- An award request evaluated by the floor: {"hits": [{"seat", "category", "percent"}]} as the link pays them,
-- or {"refused": why}. Each hand is evaluated from its cards; a hand the link's pay table does not pay, a
-- category or percent other than the floor's, a card given twice or a flop that differs are refused.
CREATE FUNCTION floor.link_evaluate(p_terms jsonb, p_request jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    hits jsonb := p_request->'hits';
    h jsonb;
    seat integer;
    cards integer[];
    card integer;
    flop integer[];
    seen integer[] := '{}';
    category text;
    percent numeric;
    last_seat integer;
    out jsonb := '[]';
BEGIN
    IF jsonb_typeof(hits) IS DISTINCT FROM 'array' OR jsonb_array_length(hits) NOT BETWEEN 1 AND 10 THEN
        RETURN jsonb_build_object('refused', 'an award is 1 to 10 Pool hands');
    END IF;
    FOR h IN SELECT * FROM jsonb_array_elements(hits) LOOP
        seat := floor.link_int(h->'seat', 1, 10);
        IF seat IS NULL THEN
            RETURN jsonb_build_object('refused', format('%s is not a seat', left(coalesce(h->>'seat', 'null'), 20)));
        ELSIF last_seat IS NOT NULL AND seat >= last_seat THEN
            RETURN jsonb_build_object('refused', format('seat %s after seat %s: awards go highest seat first, each seat '
                                                        'once', seat, last_seat));
        END IF;
        last_seat := seat;
        IF jsonb_typeof(h->'cards') IS DISTINCT FROM 'array' OR jsonb_array_length(h->'cards') <> 5 THEN
            RETURN jsonb_build_object('refused', format('seat %s''s Pool hand is not five cards', seat));
        END IF;
        cards := '{}';
        FOR i IN 0..4 LOOP
            card := floor.link_int(h->'cards'->i, 0, 51);
            IF card IS NULL OR card = ANY (cards) THEN
                RETURN jsonb_build_object('refused', format('seat %s''s Pool hand is not five different cards 0-51', seat));
            END IF;
            cards := cards || card;
        END LOOP;
        IF flop IS NULL THEN
            flop := cards[3:5];
            seen := flop;
        ELSIF cards[3:5] <> flop THEN
            RETURN jsonb_build_object('refused', format('seat %s''s flop %s is not seat %s''s %s', seat, cards[3:5],
                                                        (hits->0->>'seat'), flop));
        END IF;
        IF cards[1] = ANY (seen) OR cards[2] = ANY (seen) THEN
            RETURN jsonb_build_object('refused', format('seat %s''s hole cards %s are dealt elsewhere too', seat, cards[1:2]));
        END IF;
        seen := seen || cards[1:2];
        category := floor.pool_category(cards);
        percent := (p_terms->>('pool.' || category))::numeric;
        IF percent IS NULL THEN
            RETURN jsonb_build_object('refused', format('seat %s''s Pool hand %s is %s: the link''s pay table pays no '
                                                        'award for it', seat, cards, category));
        ELSIF h->>'category' IS DISTINCT FROM category THEN
            RETURN jsonb_build_object('refused', format('seat %s''s Pool hand %s is %s, not %s', seat, cards, category,
                                                        left(coalesce(h->>'category', 'null'), 40)));
        ELSIF floor.link_amount(h->'percent') IS DISTINCT FROM percent THEN
            RETURN jsonb_build_object('refused', format('the link pays %s %s%% of the meter, not %s%%', category,
                                                        floor.money_text(percent),
                                                        left(coalesce(h->>'percent', 'null'), 24)));
        END IF;
        out := out || jsonb_build_array(jsonb_build_object('seat', seat, 'category', category,
                                                           'percent', floor.money_text(percent), 'cards', to_jsonb(cards)));
    END LOOP;
    RETURN jsonb_build_object('hits', out);
END $$;

-- What the floor knows of the round, when it knows all of it: the table's journal up to p_journal_seq (the
-- member's last record before this step). Then the round's Pool stakes are its latest bets_set per seat and
-- its cards the latest card record per position; a request that says otherwise is refused. NULL: agrees,
-- or the floor does not hold the journal that far yet (nothing to compare with).
CREATE FUNCTION floor.link_check_known(p_table_id text, p_round_id text, p_op text, p_request jsonb,
                                       p_journal_seq bigint) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
    opened bigint;
    known jsonb;
    asked jsonb;
    h jsonb;
    held integer;
BEGIN
    IF p_journal_seq IS NULL OR p_op = 'cancel'
       OR coalesce((SELECT s.last_seq FROM floor.stations s WHERE s.table_id = p_table_id), 0) < p_journal_seq THEN
        RETURN NULL;
    END IF;
    SELECT r.opened_seq INTO opened FROM floor.rounds r WHERE r.table_id = p_table_id AND r.round_id = p_round_id;
    IF opened IS NULL OR opened > p_journal_seq THEN
        RETURN NULL;
    END IF;
    IF p_op = 'contribute' THEN
        SELECT coalesce(jsonb_object_agg(seat, stake), '{}') INTO known
          FROM (SELECT DISTINCT ON (e.payload::jsonb->>'seat') e.payload::jsonb->>'seat' AS seat,
                       (e.payload::jsonb->'bets'->>'pool')::numeric AS stake
                  FROM floor.events e
                 WHERE e.table_id = p_table_id AND e.seq BETWEEN opened AND p_journal_seq AND e.round_id = p_round_id
                   AND e.kind = 'bets_set' AND e.flagged IS NULL
                 ORDER BY e.payload::jsonb->>'seat', e.seq DESC) latest
         WHERE stake IS NOT NULL;
        SELECT coalesce(jsonb_object_agg(s->>'seat', (s->>'stake')::numeric), '{}') INTO asked
          FROM jsonb_array_elements(p_request->'stakes') s;
        IF known <> asked THEN
            RETURN format('the round''s Pool stakes per seat are %s on the floor (its bets_set records), not %s',
                          known, asked);
        END IF;
        RETURN NULL;
    END IF;
    -- the cards as the station's own fold keeps them (table/state.py): since the round's last deal_started,
    -- a card dealt at its index, else the first reveal of it, and a supervisor's correction over either
    WITH ev AS (
        SELECT e.seq, e.kind, p->>'position' AS pos, p->>'index' AS idx, (p->>'card')::integer AS card
          FROM floor.events e, LATERAL (SELECT e.payload::jsonb AS p) j
         WHERE e.table_id = p_table_id AND e.seq BETWEEN opened AND p_journal_seq AND e.round_id = p_round_id
           AND e.kind IN ('deal_started', 'card_dealt', 'card_revealed', 'card_corrected') AND e.flagged IS NULL),
    dealt AS (SELECT coalesce(max(seq), 0) AS seq FROM ev WHERE kind = 'deal_started'),
    ranked AS (
        SELECT ev.pos, ev.idx, ev.card,
               row_number() OVER (PARTITION BY ev.pos, ev.idx
                                  ORDER BY CASE ev.kind WHEN 'card_corrected' THEN 0 WHEN 'card_dealt' THEN 1 ELSE 2 END,
                                           CASE WHEN ev.kind = 'card_revealed' THEN ev.seq ELSE -ev.seq END) AS n
          FROM ev, dealt WHERE ev.seq > dealt.seq AND ev.kind <> 'deal_started')
    SELECT coalesce(jsonb_object_agg(pos || '.' || idx, card), '{}') INTO known FROM ranked WHERE n = 1;
    FOR h IN SELECT * FROM jsonb_array_elements(p_request->'hits') LOOP
        FOR i IN 0..4 LOOP
            held := (known->>(CASE WHEN i < 2 THEN 'seat' || (h->>'seat') || '.' || i ELSE 'board.' || (i - 2) END))::integer;
            IF held IS NOT NULL AND held <> (h->'cards'->>i)::integer THEN
                RETURN format('seat %s''s Pool card %s is %s on the floor (the round''s card records), not %s',
                              h->>'seat', i + 1, held, h->'cards'->>i);
            END IF;
        END LOOP;
    END LOOP;
    RETURN NULL;
END $$;

-- A step refused: an integrity alarm on the table (the pit's alarm list), and the answer that says why.
-- Returned, not raised, so the alarm commits with the statement.
CREATE FUNCTION floor.link_refuse(p_link text, p_table_id text, p_round_id text, p_op text, p_journal_seq bigint,
                                  p_why text) RETURNS jsonb
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    why text := format('link %s refused %s for round %s: %s', p_link, p_op, left(p_round_id, 64), p_why);
BEGIN
    PERFORM floor.raise_alarm(p_table_id,
        coalesce(p_journal_seq, (SELECT s.last_seq FROM floor.stations s WHERE s.table_id = p_table_id), 0) + 1, why);
    RETURN jsonb_build_object('refused', why);
END $$;

-- 0010's login check, without its own SECURITY DEFINER and search_path: every caller is a SECURITY DEFINER link
-- function with that search_path already, and switching both on each of its calls was a good part of a step's
-- CPU. Its answer is 0010's.
CREATE OR REPLACE FUNCTION floor.link_check_login(p_table_id text) RETURNS void
LANGUAGE plpgsql STABLE AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM floor.station_logins s WHERE s.role_name = session_user)
       AND NOT EXISTS (SELECT 1 FROM floor.station_logins s WHERE s.role_name = session_user AND s.table_id = p_table_id)
    THEN
        RAISE EXCEPTION 'login % may not play table % (it is pinned to other tables)', session_user, p_table_id;
    END IF;
END $$;

-- A member's terms: the link's rules that every member plays (see the top of this file).
CREATE FUNCTION floor.link_terms_problem(p_terms jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE
        WHEN jsonb_typeof(p_terms) IS DISTINCT FROM 'object' THEN 'the terms are not an object'
        WHEN floor.link_amount(p_terms->'rate') IS NULL OR floor.link_amount(p_terms->'reset') IS NULL
             OR floor.link_amount(p_terms->'pool_stake') IS NULL THEN 'the terms need rate, reset and pool_stake'
        WHEN (p_terms->>'rate')::numeric NOT BETWEEN 0 AND 1 OR (p_terms->>'rate')::numeric = 0
             OR (p_terms->>'pool_stake')::numeric <= 0 THEN 'rate is above 0 and at most 1, pool_stake above 0'
        WHEN EXISTS (SELECT 1 FROM jsonb_each(p_terms) t
                     WHERE t.key IN ('cap', 'verify_at', 'reserve_rate') AND jsonb_typeof(t.value) <> 'null'
                       AND floor.link_amount(t.value) IS NULL) THEN 'cap, verify_at and reserve_rate are amounts or null'
        WHEN NOT EXISTS (SELECT 1 FROM jsonb_each(p_terms) t WHERE t.key LIKE 'pool.%') THEN 'the terms need a Pool pay table'
        WHEN EXISTS (SELECT 1 FROM jsonb_each(p_terms) t WHERE t.key LIKE 'pool.%'
                     AND (floor.link_amount(t.value) IS NULL OR floor.link_amount(t.value) NOT BETWEEN 0.0000000001 AND 100))
             THEN 'a Pool row is a percentage above 0 and at most 100'
    END
$$;

-- A member joins its link: the first member creates it (the fresh meter at reset, computed here); a member
-- whose terms differ is refused in one line naming each difference (check_violation: the station says it
-- before its journal is opened). A link made before 0016 takes the Pool's terms from its first member since.
CREATE FUNCTION floor.link_join(p_link text, p_table_id text, p_terms jsonb) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    l floor.jackpot_links;
    problem text := floor.link_terms_problem(p_terms);
    diff text;
BEGIN
    IF p_link IS NULL OR p_link = '' OR p_table_id IS NULL OR p_table_id = '' THEN
        RAISE EXCEPTION 'link and table_id required';
    END IF;
    PERFORM floor.link_check_login(p_table_id);
    IF problem IS NOT NULL THEN
        RAISE EXCEPTION 'table %''s link terms are refused: %', p_table_id, problem;
    END IF;
    INSERT INTO floor.jackpot_links (link, rules, state)
        VALUES (p_link, p_terms, floor.link_meter_json(ROW((p_terms->>'reset')::numeric, 0, 0, (p_terms->>'reset')::numeric,
                                                          0, 0, 0, 0)::floor.link_meter))
        ON CONFLICT DO NOTHING;
    SELECT * INTO l FROM floor.jackpot_links WHERE link = p_link FOR UPDATE;
    IF NOT (l.rules ? 'pool_stake') AND l.rules = (SELECT jsonb_object_agg(k, p_terms->k) FROM jsonb_object_keys(l.rules) k) THEN
        UPDATE floor.jackpot_links SET rules = p_terms WHERE link = p_link RETURNING * INTO l;  -- made before 0016
    END IF;
    IF l.rules <> p_terms THEN
        SELECT string_agg(format('%s %s, not %s', k, coalesce(p_terms->>k, '-'), coalesce(l.rules->>k, '-')), '; '
                          ORDER BY k)
          INTO diff
          FROM (SELECT jsonb_object_keys(l.rules || p_terms) AS k) keys
         WHERE (l.rules->k) IS DISTINCT FROM (p_terms->k);
        RAISE EXCEPTION 'table %''s jackpot rules differ from link %''s (%): every member plays the same rules',
            p_table_id, p_link, diff USING ERRCODE = 'check_violation';
    END IF;
    INSERT INTO floor.jackpot_link_members (link, table_id) VALUES (p_link, p_table_id) ON CONFLICT DO NOTHING;
    RETURN jsonb_build_object('state', l.state, 'version', l.version);
END $$;

-- ONE step of a member's round: checked, computed and stored under the link's row lock for this statement
-- only; returns {"round": [the round's commits, in seq order]} (a retry: the first answer, nothing new) or
-- {"refused": why} with an alarm raised.
CREATE FUNCTION floor.link_step(p_link text, p_table_id text, p_round_id text, p_op text, p_request jsonb,
                                p_journal_seq bigint DEFAULT NULL) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    terms jsonb;
    why text;
    hits jsonb;
    l floor.jackpot_links;
    done jsonb;
    work jsonb;
    before floor.link_meter;
    after floor.link_meter;
    cap numeric;
    c floor.jackpot_link_commits;
    a jsonb;
BEGIN
    PERFORM floor.link_check_login(p_table_id);
    IF p_op IS NULL OR p_op NOT IN ('contribute', 'award', 'cancel') THEN
        RAISE EXCEPTION 'a link step is contribute, award or cancel, not %', left(coalesce(p_op, 'null'), 20);
    END IF;
    IF p_round_id IS NULL OR length(p_round_id) NOT BETWEEN 1 AND 64 THEN
        RAISE EXCEPTION 'a round id is 1 to 64 characters';
    END IF;
    SELECT j.rules INTO terms FROM floor.jackpot_links j  -- terms never change in place: read without the lock
      JOIN floor.jackpot_link_members m ON m.link = j.link AND m.table_id = p_table_id WHERE j.link = p_link;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'table % is not a member of link %', p_table_id, p_link;
    END IF;
    IF NOT (terms ? 'pool_stake') THEN
        RAISE EXCEPTION 'link % has no Pool terms yet (made before migration 0016): a member joins it first', p_link;
    END IF;
    -- 1. what needs no lock: the request against the link's terms, the hands evaluated, what the floor knows
    IF p_op = 'contribute' THEN
        why := floor.link_check_stakes(terms, p_request);
    ELSIF p_op = 'award' THEN
        hits := floor.link_evaluate(terms, p_request);
        why := hits->>'refused';
    END IF;
    IF why IS NULL AND p_journal_seq IS NOT NULL THEN
        why := floor.link_check_known(p_table_id, p_round_id, p_op, p_request, p_journal_seq);
    END IF;
    IF why IS NOT NULL THEN
        RETURN floor.link_refuse(p_link, p_table_id, p_round_id, p_op, p_journal_seq, why);
    END IF;
    -- 2. under the link's row lock (released with this statement): the round so far, then the new meter
    SELECT * INTO l FROM floor.jackpot_links WHERE link = p_link FOR UPDATE;
    SELECT coalesce(jsonb_agg(floor.link_commit_json(k) ORDER BY k.seq), '[]') INTO done
      FROM floor.jackpot_link_commits k WHERE k.link = p_link AND k.table_id = p_table_id AND k.round_id = p_round_id;
    IF EXISTS (SELECT 1 FROM jsonb_array_elements(done) k
               WHERE k->>'op' = 'cancel' OR k->>'op' = p_op) THEN
        RETURN jsonb_build_object('round', done);  -- answered before (a retry), or cancelled there
    END IF;
    IF p_op = 'contribute' THEN
        work := floor.link_contribute(terms, l.state, p_request->'stakes');
    ELSIF p_op = 'award' THEN
        why := (SELECT format('seat %s has no Pool stake in round %s at the controller: no Pool award without it',
                              h->>'seat', left(p_round_id, 64))
                  FROM jsonb_array_elements(hits->'hits') h
                 WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(done) k, jsonb_array_elements(k->'facts') f
                                   WHERE k->>'op' = 'contribute' AND f->>'kind' = 'jackpot_contribution'
                                     AND f->'seat' = h->'seat')
                 LIMIT 1);
        IF why IS NOT NULL THEN
            RETURN floor.link_refuse(p_link, p_table_id, p_round_id, p_op, p_journal_seq, why);
        END IF;
        work := floor.link_award(terms, l.state, hits->'hits');
    ELSE
        work := floor.link_cancel(terms, l.state,
            (SELECT coalesce(jsonb_agg(f ORDER BY (k->>'seq')::bigint, n), '[]')
               FROM jsonb_array_elements(done) k, jsonb_array_elements(k->'facts') WITH ORDINALITY AS x(f, n)
              WHERE k->>'op' <> 'cancel' AND f->>'kind' <> 'jackpot_reversal'));
    END IF;
    -- What any step must leave (a guard on the computation above, not a check of the member): the meters add
    -- up; a contribution or an award takes no total down, draws no overflow or reserve below zero and raises
    -- the meter above the cap by nothing. (A cancel undoes its round exactly: what it takes back of a reserve
    -- another round's raise has spent since leaves the reserve short, as jackpot.py's own reversal does.)
    before := floor.link_meter_of(l.state);
    after := floor.link_meter_of(work->'after');
    cap := (terms->>'cap')::numeric;
    IF after.opening <> before.opening
       OR after.opening + after.contributed + after.seeded - after.awarded <> after.meter + after.overflow + after.reserve
       OR (p_op <> 'cancel' AND (after.contributed < before.contributed OR after.awarded < before.awarded
                                 OR after.seeded < before.seeded OR after.hits < before.hits
                                 OR after.overflow < least(before.overflow, 0) OR after.reserve < least(before.reserve, 0)
                                 OR (cap IS NOT NULL AND after.meter > greatest(cap, before.meter)))) THEN
        RETURN floor.link_refuse(p_link, p_table_id, p_round_id, p_op, p_journal_seq,
                                 format('the controller''s own step would leave the meters at %s from %s', work->'after', l.state));
    END IF;
    -- The commit is made visible without waiting for its WAL flush, so the link's row is free for the next
    -- member at once, not after this commit's fsync; the member then waits for the flush (floor.link_durable)
    -- before it journals the answer. WAL is one sequence: a later commit computed from this one is durable
    -- only once this one is, and a crash before the flush loses both, whose members were never told they held.
    PERFORM set_config('synchronous_commit', 'off', true);
    INSERT INTO floor.jackpot_link_commits (link, seq, table_id, round_id, op, request, facts, after)
        VALUES (p_link, l.version + 1, p_table_id, p_round_id, p_op, p_request, work->'facts', work->'after')
        RETURNING * INTO c;
    FOR a IN SELECT * FROM jsonb_array_elements(coalesce(work->'awards', '[]')) LOOP
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
    UPDATE floor.jackpot_links SET state = work->'after', version = c.seq WHERE link = p_link;
    RETURN jsonb_build_object('round', done || jsonb_build_array(floor.link_commit_json(c)));
END $$;

-- The member's wait for durability, after a step: a transaction that writes (here: its own member row's
-- durable_at, a row no other member touches) commits synchronously, flushing the WAL up to its commit record
-- and so every commit before it (the step's). Concurrent members' waits share one flush (PostgreSQL's group
-- commit); no lock another member needs is held while they wait. (A transaction that only takes an xid writes
-- no WAL before its commit record and commits without a flush: it would not do.)
ALTER TABLE floor.jackpot_link_members ADD COLUMN durable_at timestamptz;

CREATE FUNCTION floor.link_durable(p_link text, p_table_id text) RETURNS timestamptz
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    at timestamptz;
BEGIN
    PERFORM floor.link_check_login(p_table_id);
    UPDATE floor.jackpot_link_members SET durable_at = clock_timestamp()
     WHERE link = p_link AND table_id = p_table_id
    RETURNING durable_at INTO at;
    RETURN at;
END $$;

REVOKE ALL ON FUNCTION floor.money_text(numeric) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_amount(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_int(jsonb, integer, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.pool_category(integer[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_meter_of(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_meter_json(floor.link_meter) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_fold(floor.link_meter, jsonb, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_raise(jsonb, floor.link_meter) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_contribute(jsonb, jsonb, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_award(jsonb, jsonb, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_cancel(jsonb, jsonb, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_check_stakes(jsonb, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_evaluate(jsonb, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_check_known(text, text, text, jsonb, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_refuse(text, text, text, text, bigint, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_terms_problem(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_join(text, text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_step(text, text, text, text, jsonb, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.link_durable(text, text) FROM PUBLIC;

-- Whoever could commit to a link before (the station role `floor init-roles` granted) may step and join now:
-- `floor migrate` alone keeps the members playing. Then the two-step calls go, and with them the one that
-- took a member's meter.
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT DISTINCT a.grantee::regrole::text AS role
               FROM pg_proc p, aclexplode(p.proacl) a
              WHERE p.oid = 'floor.link_commit(text, text, text, text, bigint, jsonb, jsonb, jsonb, jsonb)'::regprocedure
                AND a.privilege_type = 'EXECUTE' AND a.grantee <> p.proowner AND a.grantee <> 0 LOOP
        EXECUTE format('GRANT EXECUTE ON FUNCTION floor.link_step(text, text, text, text, jsonb, bigint), '
                       'floor.link_durable(text, text), floor.link_join(text, text, jsonb) TO %s', r.role);
    END LOOP;
END $$;

DROP FUNCTION floor.link_begin(text, text, text);
DROP FUNCTION floor.link_commit(text, text, text, text, bigint, jsonb, jsonb, jsonb, jsonb);
DROP FUNCTION floor.link_join(text, text, jsonb, jsonb);
