-- Alarms are work items (issue 39, item 16): an alarm on the floor (the ingest's, the linked progressive's,
-- a station login's, a record the floor cannot read) or one the pit raises itself (a shuffler failing its
-- shuffle audit) is acknowledged, assigned and resolved, each step with a note, and every step is kept
-- here with who took it and when. An alarm's rows are never updated or deleted: its state is its steps,
-- read in order (the pit's floor page shows it open until a resolve newer than the last time it was seen).
--
-- The pit reads the floor with the report role, which may write no table. It takes a step through
-- floor.work_alarm(), SECURITY DEFINER, which only ever appends one row (as floor.put_par_sheet adds a par
-- sheet, 0008): the report role is granted EXECUTE on it by `floor init-roles`, nothing else. The pit signs
-- its own users in (its users file, not the floor), so by_user and by_role are what the pit says; `via`
-- is the floor login that called (session_user: the pit's report role), which the floor itself vouches for.

CREATE TABLE floor.alarm_work (
    id        bigserial PRIMARY KEY,
    alarm     text NOT NULL,           -- which alarm: 'alarm:<floor.alarms.id>', 'login:<role>',
                                       -- 'unreadable:<table>:<seq>', 'shuffle:<serial>'
    table_id  text,                    -- the table it is about (none: a station login's)
    step      text NOT NULL,           -- acknowledge, assign or resolve
    assignee  text,                    -- assign: who is to act
    note      text NOT NULL DEFAULT '',
    by_user   text NOT NULL,           -- the pit user who took the step
    by_role   text NOT NULL,           -- that user's pit role (supervisor, auditor)
    via       text NOT NULL DEFAULT session_user,
    at        timestamptz NOT NULL DEFAULT now(),
    CHECK (step IN ('acknowledge', 'assign', 'resolve')),
    CHECK (alarm ~ '^[a-z]+:.' AND length(alarm) <= 200),
    CHECK (step <> 'assign' OR length(btrim(coalesce(assignee, ''))) > 0),
    CHECK (step <> 'resolve' OR length(btrim(note)) > 0),
    CHECK (length(note) <= 2000 AND length(coalesce(assignee, '')) <= 100 AND length(coalesce(table_id, '')) <= 64),
    CHECK (length(by_user) BETWEEN 1 AND 64 AND length(by_role) BETWEEN 1 AND 32)
);

CREATE INDEX alarm_work_by_alarm ON floor.alarm_work (alarm, id);

-- One step, appended; the pit's live floor is told (floor_changed, as for an alarm raised: 0004).
CREATE FUNCTION floor.work_alarm(p_alarm text, p_table_id text, p_step text, p_assignee text, p_note text,
                                 p_by text, p_role text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_id bigint;
BEGIN
    INSERT INTO floor.alarm_work (alarm, table_id, step, assignee, note, by_user, by_role)
    VALUES (p_alarm, nullif(p_table_id, ''), p_step, nullif(btrim(coalesce(p_assignee, '')), ''), coalesce(p_note, ''),
            p_by, p_role)
    RETURNING id INTO v_id;
    PERFORM pg_notify('floor_changed', coalesce(p_table_id, ''));
    RETURN v_id;
END $$;

REVOKE ALL ON FUNCTION floor.work_alarm(text, text, text, text, text, text, text) FROM PUBLIC;
