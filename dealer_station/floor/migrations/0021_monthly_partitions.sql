-- A floor that keeps seven years (issue 43, item 3; docs/floor-years.md): the events and the facts
-- keyed by an event's time are partitioned by month (PostgreSQL's declarative partitioning, RANGE on
-- the event's time, UTC months), so a month past the retention period is detached and exported whole
-- (dealer_station/floor/partitions.py), never deleted row by row, and a report of a period reads only
-- the months it covers.
--
-- Converted in place, data kept: each table is renamed aside, an empty partitioned table of the same
-- columns takes its name, a partition is made for every month its rows fall in (plus this month and three
-- ahead, and a DEFAULT partition that catches a time no month holds: a station whose clock is years off
-- is still ingested, never refused), the rows are copied over, then the old table's indexes, triggers,
-- grants and the functions typed by its row are rebuilt on the new one from their own definitions (as the
-- catalogue holds them now, so whatever earlier migrations added is carried over unchanged).
--
-- A primary key of a partitioned table must hold the partition key: events is keyed (table_id, seq, at).
-- (table_id, seq) stays unique because the only way in, floor.ingest, inserts a table's records under its
-- station row's lock and only past the seq the floor holds (0001); a test pins it.
--
-- floor.events.at is text (the journal's own time text, which the hash covers); its months are ranges of
-- that text, compared byte by byte (COLLATE "C": '2026-12-01T...' sorts inside ['2026-12-01', '2027-01-01')
-- whatever the database's collation). The facts' `at` is timestamptz: months are UTC months.
--
-- floor.rounds is not partitioned: a round's row is made by whichever of its events comes first (ensure_round,
-- from nine rules), none of which gives it a time every other event of the round would agree on, and
-- ON CONFLICT (table_id, round_id) needs that key unique on its own. The retention job exports and deletes
-- the rounds of the months it retires (docs/floor-years.md).

-- The literal of a month's lower bound for a partition key of type p_type.
CREATE FUNCTION floor.month_bound(p_type regtype, p_month date) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN p_type = 'timestamptz'::regtype THEN to_char(p_month, 'YYYY-MM-DD') || ' 00:00:00+00'
                ELSE to_char(p_month, 'YYYY-MM-DD') END
$$;

-- The partition key (column name and type) of a partitioned table of the floor.
CREATE FUNCTION floor.partition_key(p_table text, OUT name text, OUT type regtype)
LANGUAGE sql STABLE AS $$
    SELECT a.attname::text, a.atttypid::regtype
    FROM pg_partitioned_table pt JOIN pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
    WHERE pt.partrelid = format('floor.%I', p_table)::regclass
$$;

-- Make the partition of p_table for the month starting p_month (a no-op when it exists); returns whether it
-- was made. Rows of that month the DEFAULT partition caught meanwhile (a late job, a station's clock) are
-- moved into it: the default is detached, the rows copied, removed from the detached default (whose
-- append-only triggers went with the detach), and the default attached again - all in the caller's
-- transaction, so a failure leaves everything as it was.
CREATE FUNCTION floor.add_month(p_table text, p_month date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    part text := format('%s_%s', p_table, to_char(p_month, 'YYYY_MM'));
    def text := p_table || '_default';
    k record;
    lo text;
    hi text;
    stray boolean := false;
BEGIN
    IF p_month <> date_trunc('month', p_month)::date THEN
        RAISE EXCEPTION 'a month starts on its first day, not %', p_month;
    END IF;
    IF to_regclass(format('floor.%I', part)) IS NOT NULL THEN
        RETURN false;
    END IF;
    SELECT * INTO k FROM floor.partition_key(p_table);
    lo := floor.month_bound(k.type, p_month);
    hi := floor.month_bound(k.type, (p_month + interval '1 month')::date);
    IF to_regclass(format('floor.%I', def)) IS NOT NULL THEN
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM floor.%I WHERE %I >= %L AND %I < %L)', def, k.name, lo, k.name, hi)
            INTO stray;
    END IF;
    IF NOT stray THEN
        EXECUTE format('CREATE TABLE floor.%I PARTITION OF floor.%I FOR VALUES FROM (%L) TO (%L)', part, p_table, lo, hi);
        RETURN true;
    END IF;
    EXECUTE format('ALTER TABLE floor.%I DETACH PARTITION floor.%I', p_table, def);
    EXECUTE format('CREATE TABLE floor.%I PARTITION OF floor.%I FOR VALUES FROM (%L) TO (%L)', part, p_table, lo, hi);
    EXECUTE format('INSERT INTO floor.%I SELECT * FROM floor.%I WHERE %I >= %L AND %I < %L', part, def, k.name, lo,
                   k.name, hi);
    EXECUTE format('ALTER TABLE floor.%I DISABLE TRIGGER USER', def);
    EXECUTE format('DELETE FROM floor.%I WHERE %I >= %L AND %I < %L', def, k.name, lo, k.name, hi);
    EXECUTE format('ALTER TABLE floor.%I ENABLE TRIGGER USER', def);
    EXECUTE format('ALTER TABLE floor.%I ATTACH PARTITION floor.%I DEFAULT', p_table, def);
    RETURN true;
END $$;

-- The months of the rows p_table's DEFAULT partition holds (a time that was no month's when it came).
CREATE FUNCTION floor.default_months(p_table text) RETURNS SETOF date
LANGUAGE plpgsql STABLE AS $$
DECLARE
    k record;
BEGIN
    SELECT * INTO k FROM floor.partition_key(p_table);
    IF k.type = 'timestamptz'::regtype THEN
        RETURN QUERY EXECUTE format('SELECT DISTINCT date_trunc(''month'', %I AT TIME ZONE ''UTC'')::date FROM floor.%I',
                                    k.name, p_table || '_default');
    ELSE  -- the journal's time text; one that is not a time stays in the default (ingest refuses such records)
        RETURN QUERY EXECUTE format('SELECT DISTINCT (left(%I, 7) || ''-01'')::date FROM floor.%I WHERE %I ~ ''^\d{4}-\d\d-''',
                                    k.name, p_table || '_default', k.name);
    END IF;
END $$;

-- Replace floor.<p_table> by a table of the same columns partitioned by month on p_column, rows kept.
CREATE FUNCTION floor.partition_by_month(p_table text, p_column text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    old text := p_table || '_0020';
    rel regclass := format('floor.%I', p_table)::regclass;
    rowtype oid := (SELECT reltype FROM pg_class WHERE oid = rel);
    key_cols text;
    indexes text[];
    triggers text[];
    funcs record;
    grants record;
    ktype regtype;
    lo date;
    hi date;
    m date;
    ddl text;
    a record;
BEGIN
    -- What to rebuild, read before anything changes (the definitions still name floor.<p_table>).
    SELECT string_agg(quote_ident(att.attname), ', ' ORDER BY k.n) INTO key_cols
    FROM pg_constraint c, unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
         JOIN pg_attribute att ON att.attrelid = rel AND att.attnum = k.attnum
    WHERE c.conrelid = rel AND c.contype = 'p';
    SELECT coalesce(array_agg(pg_get_indexdef(x.indexrelid)), '{}') INTO indexes
    FROM pg_index x WHERE x.indrelid = rel AND NOT x.indisprimary;
    SELECT coalesce(array_agg(pg_get_triggerdef(t.oid) ORDER BY t.tgname), '{}') INTO triggers
    FROM pg_trigger t WHERE t.tgrelid = rel AND NOT t.tgisinternal;
    CREATE TEMPORARY TABLE IF NOT EXISTS partition_funcs (sig text, def text, acl aclitem[]) ON COMMIT DROP;
    DELETE FROM partition_funcs;
    INSERT INTO partition_funcs
        SELECT p.oid::regprocedure::text, pg_get_functiondef(p.oid), p.proacl FROM pg_proc p
        WHERE p.prorettype = rowtype OR rowtype = ANY (p.proargtypes::oid[]);
    FOR funcs IN SELECT p.oid::regprocedure AS sig FROM pg_proc p
                 WHERE p.prorettype = rowtype OR rowtype = ANY (p.proargtypes::oid[]) LOOP
        EXECUTE format('DROP FUNCTION %s', funcs.sig);
    END LOOP;

    -- The old table goes aside with its indexes' names; the new one takes its name and columns.
    EXECUTE format('ALTER TABLE floor.%I RENAME TO %I', p_table, old);
    FOR a IN SELECT c.relname FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid WHERE x.indrelid = rel LOOP
        EXECUTE format('ALTER INDEX floor.%I RENAME TO %I', a.relname, left(old || '_' || a.relname, 63));
    END LOOP;
    SELECT atttypid::regtype INTO ktype FROM pg_attribute WHERE attrelid = rel AND attname = p_column;
    IF ktype = 'text'::regtype THEN
        EXECUTE format('ALTER TABLE floor.%I ALTER COLUMN %I TYPE text COLLATE "C"', old, p_column);
    END IF;
    EXECUTE format('CREATE TABLE floor.%I (LIKE floor.%I INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE '
                   'INCLUDING COMMENTS) PARTITION BY RANGE (%I)', p_table, old, p_column);
    EXECUTE format('ALTER TABLE floor.%I ADD PRIMARY KEY (%s, %I)', p_table, key_cols, p_column);

    -- A partition per month the rows fall in, this month and three ahead, and the default.
    IF ktype = 'text'::regtype THEN
        EXECUTE format('SELECT min(%1$I), max(%1$I) FROM floor.%2$I WHERE %1$I ~ ''^\d{4}-\d\d-\d\d''', p_column, old)
            INTO a;
        lo := left(a.min, 10)::date;
        hi := left(a.max, 10)::date;
    ELSE
        EXECUTE format('SELECT (min(%1$I) AT TIME ZONE ''UTC'')::date AS min, (max(%1$I) AT TIME ZONE ''UTC'')::date AS max '
                       'FROM floor.%2$I', p_column, old) INTO a;
        lo := a.min;
        hi := a.max;
    END IF;
    lo := date_trunc('month', least(coalesce(lo, current_date), current_date))::date;
    hi := date_trunc('month', greatest(coalesce(hi, current_date), current_date + interval '3 months'))::date;
    m := lo;
    WHILE m <= hi LOOP
        PERFORM floor.add_month(p_table, m);
        m := (m + interval '1 month')::date;
    END LOOP;
    EXECUTE format('CREATE TABLE floor.%I PARTITION OF floor.%I DEFAULT', p_table || '_default', p_table);

    EXECUTE format('INSERT INTO floor.%I SELECT * FROM floor.%I', p_table, old);

    FOREACH ddl IN ARRAY indexes || triggers LOOP
        EXECUTE ddl;
    END LOOP;
    FOR grants IN SELECT g.privilege_type, g.grantee FROM pg_class c, aclexplode(c.relacl) g
                  WHERE c.oid = rel AND g.grantee <> c.relowner LOOP
        EXECUTE format('GRANT %s ON floor.%I TO %s', grants.privilege_type, p_table,
                       CASE WHEN grants.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(grants.grantee::regrole::text) END);
    END LOOP;
    EXECUTE format('DROP TABLE floor.%I', old);
    FOR funcs IN SELECT * FROM partition_funcs LOOP
        EXECUTE funcs.def;
    END LOOP;
    -- The functions' grants as they were (a function made anew may be executed by PUBLIC).
    FOR funcs IN SELECT f.sig, f.acl FROM partition_funcs f WHERE f.acl IS NOT NULL LOOP
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', funcs.sig);
        FOR grants IN SELECT g.privilege_type, g.grantee FROM aclexplode(funcs.acl) g LOOP
            EXECUTE format('GRANT %s ON FUNCTION %s TO %s', grants.privilege_type, funcs.sig,
                           CASE WHEN grants.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(grants.grantee::regrole::text) END);
        END LOOP;
    END LOOP;
    DELETE FROM partition_funcs;
    EXECUTE format('ANALYZE floor.%I', p_table);
END $$;

-- Views over these tables (and views over those views) are set aside while the tables are replaced -
-- a view follows the table it was made on, and a column a view reads cannot change - and made again
-- from their own definitions afterwards, with their options, comments and grants.
CREATE TEMPORARY TABLE partition_views (name text, depth integer, def text, options text[], comment text,
                                        acl aclitem[], owner oid) ON COMMIT DROP;
WITH RECURSIVE deps(oid, depth) AS (
    SELECT r.ev_class, 1 FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
    WHERE d.classid = 'pg_rewrite'::regclass AND r.ev_class <> d.refobjid
      AND d.refobjid IN ('floor.events'::regclass, 'floor.faults'::regclass, 'floor.supervisor_actions'::regclass,
                         'floor.jackpot_events'::regclass)
    UNION
    SELECT r.ev_class, deps.depth + 1 FROM deps JOIN pg_depend d ON d.refobjid = deps.oid
         JOIN pg_rewrite r ON r.oid = d.objid
    WHERE d.classid = 'pg_rewrite'::regclass AND r.ev_class <> deps.oid AND deps.depth < 50
)
INSERT INTO partition_views
SELECT c.oid::regclass::text, max(deps.depth), pg_get_viewdef(c.oid), c.reloptions, obj_description(c.oid, 'pg_class'),
       c.relacl, c.relowner
FROM deps JOIN pg_class c ON c.oid = deps.oid
GROUP BY c.oid;
DO $$
DECLARE
    v record;
BEGIN
    IF EXISTS (SELECT 1 FROM partition_views p JOIN pg_class c ON c.oid = p.name::regclass WHERE c.relkind <> 'v') THEN
        RAISE EXCEPTION 'a materialized view reads the tables 0021 partitions: drop it first, make it again after';
    END IF;
    FOR v IN SELECT name FROM partition_views ORDER BY depth DESC LOOP
        EXECUTE format('DROP VIEW %s', v.name);
    END LOOP;
END $$;

SELECT floor.partition_by_month('events', 'at');
SELECT floor.partition_by_month('faults', 'at');
SELECT floor.partition_by_month('supervisor_actions', 'at');
SELECT floor.partition_by_month('jackpot_events', 'at');
DROP FUNCTION floor.partition_by_month(text, text);

DO $$
DECLARE
    v record;
    g record;
BEGIN
    FOR v IN SELECT * FROM partition_views ORDER BY depth LOOP
        EXECUTE format('CREATE VIEW %s%s AS %s', v.name,
                       CASE WHEN v.options IS NULL THEN '' ELSE format(' WITH (%s)', array_to_string(v.options, ', ')) END,
                       v.def);
        IF v.comment IS NOT NULL THEN
            EXECUTE format('COMMENT ON VIEW %s IS %L', v.name, v.comment);
        END IF;
        FOR g IN SELECT a.privilege_type, a.grantee FROM aclexplode(v.acl) a WHERE a.grantee <> v.owner LOOP
            EXECUTE format('GRANT %s ON %s TO %s', g.privilege_type, v.name,
                           CASE WHEN g.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(g.grantee::regrole::text) END);
        END LOOP;
    END LOOP;
END $$;
DROP TABLE partition_views;

-- What the retention job retired: one row per partition detached and exported (never updated or deleted),
-- and the rounds it exported with their months. The file's sha256 and row count are what the export was
-- checked against before the partition was dropped.
CREATE TABLE floor.retired_partitions (
    id          bigserial PRIMARY KEY,
    table_name  text NOT NULL,
    partition   text NOT NULL,
    month       date NOT NULL,
    rows        bigint NOT NULL,
    file        text NOT NULL,
    sha256      text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    retention   text NOT NULL,          -- the jurisdiction and years it was kept for, e.g. 'us: 7 years'
    retired_at  timestamptz NOT NULL DEFAULT now(),
    retired_by  text NOT NULL DEFAULT session_user,
    UNIQUE (table_name, month)
);
CREATE TRIGGER retired_partitions_append_only BEFORE UPDATE OR DELETE ON floor.retired_partitions
    FOR EACH ROW EXECUTE FUNCTION floor.refuse_change();

-- Where a table's chain on the floor now starts: the last record of it that was retired (seq and hash), so a
-- check of the floor's chain (dealer_station/floor/verify.py) starts after it instead of at seq 1.
CREATE TABLE floor.retired_tails (
    table_id  text PRIMARY KEY,
    last_seq  bigint NOT NULL,
    last_hash text NOT NULL
);

REVOKE ALL ON FUNCTION floor.month_bound(regtype, date) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.partition_key(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.add_month(text, date) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.default_months(text) FROM PUBLIC;
