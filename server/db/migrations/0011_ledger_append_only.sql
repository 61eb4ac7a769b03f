-- The ledger is append-only: an entry, once written, is never changed or removed (a correction is a new entry).
-- Statement-level triggers, so an INSERT (settlement writes thousands of entries a second) fires nothing at all,
-- and an UPDATE, DELETE or TRUNCATE is refused before it touches a row, even one that matches no row.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % refused', TG_OP;
END $$;

CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON ledger FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_never_truncated BEFORE TRUNCATE ON ledger FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
