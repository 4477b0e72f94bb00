-- What the pit's web page (`dealer-station pit`) needs from the floor: where each table stands,
-- a quick way to the events that make a table's state now, and word of every change.

-- Where a table stands on the casino floor: its pit and its place in the pit. The floor owner keeps
-- it (`dealer-station floor place`), not the station: moving a table to another pit is the floor
-- manager's decision, made without touching the station, and a station does not get to say where it
-- is. A table with no row here shows under "Unassigned".
CREATE TABLE floor.table_layout (
    table_id   text PRIMARY KEY,
    pit        text NOT NULL CHECK (pit <> ''),
    position   integer NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- A table's state now is a replay of its events (the station's own fold, engine/state.py): its
-- devices since its last station_started, its round since its last round_opened, its progressive
-- since it was installed. This partial index finds those few events without reading the rest.
CREATE INDEX events_live_marks ON floor.events (table_id, kind, seq)
    WHERE kind IN ('station_started', 'round_opened', 'device_link', 'device_status', 'dealer_signed_in',
                   'dealer_signed_out', 'jackpot_installed',
                   'jackpot_contribution', 'jackpot_award', 'jackpot_overflow', 'jackpot_seed', 'jackpot_reversal',
                   'jackpot_verified');

-- Word of every accepted batch, alarm and layout change, to whoever listens (LISTEN floor_changed):
-- the payload is the table id. Delivered when the ingest transaction commits, never before.
CREATE FUNCTION floor.notify_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('floor_changed', OLD.table_id);
    ELSE
        PERFORM pg_notify('floor_changed', NEW.table_id);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER stations_notify AFTER INSERT OR UPDATE OF last_seq ON floor.stations
    FOR EACH ROW EXECUTE FUNCTION floor.notify_changed();
CREATE TRIGGER alarms_notify AFTER INSERT OR UPDATE ON floor.alarms
    FOR EACH ROW EXECUTE FUNCTION floor.notify_changed();
CREATE TRIGGER layout_notify AFTER INSERT OR UPDATE OR DELETE ON floor.table_layout
    FOR EACH ROW EXECUTE FUNCTION floor.notify_changed();

REVOKE ALL ON FUNCTION floor.notify_changed() FROM PUBLIC;
