-- Par sheets kept on the floor (the pit page's; may be renumbered when merged with other migrations).
-- A par sheet is computed once per game and pay tables (a main game's figure is simulated: tens of
-- seconds) and then read by every pit server of the floor, instead of each server computing it
-- again on its first report. The pit reads the floor with the report role, which may not write a
-- table: it stores a sheet through floor.put_par_sheet(), SECURITY DEFINER, which only ever adds a
-- sheet that is not there yet (first writer wins, nothing is replaced) and records who computed it.
-- A sheet is derived data, never a record: the floor's owner may delete one to have it computed again.

CREATE TABLE floor.par_sheets (
    game             text NOT NULL,
    paytables_sha256 text NOT NULL,              -- sha256 of the canonical JSON of the pay tables
    samples          integer NOT NULL,           -- simulated rounds asked for (0: the provider's default)
    seed             integer NOT NULL,
    paytables        text NOT NULL,              -- the canonical JSON itself
    sheet            jsonb NOT NULL,             -- dealer_station.par.ParSheet.as_json()
    computed_by      text NOT NULL DEFAULT session_user,
    computed_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game, paytables_sha256, samples, seed)
);

CREATE FUNCTION floor.put_par_sheet(p_game text, p_paytables text, p_samples integer, p_seed integer, p_sheet jsonb)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_sheet->>'game' IS DISTINCT FROM p_game OR jsonb_typeof(p_sheet->'spots') IS DISTINCT FROM 'object'
       OR p_samples < 0 THEN
        RAISE EXCEPTION 'not a par sheet of %', p_game USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO floor.par_sheets (game, paytables_sha256, samples, seed, paytables, sheet, computed_by)
    VALUES (p_game, encode(sha256(convert_to(p_paytables, 'UTF8')), 'hex'), p_samples, p_seed, p_paytables, p_sheet,
            session_user)
    ON CONFLICT DO NOTHING;
    RETURN FOUND;
END $$;

REVOKE ALL ON FUNCTION floor.put_par_sheet(text, text, integer, integer, jsonb) FROM PUBLIC;
