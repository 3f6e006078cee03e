-- A record's creation stamp is its results' partition key (migration 0060): the reads of a record's
-- results look in that month alone, so a stamp moved after results were written would hide them.
-- Nothing in the system changes it; the database refuses any statement that would.
CREATE FUNCTION keep_record_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.record_created IS DISTINCT FROM OLD.record_created THEN
    RAISE EXCEPTION 'records: record_created is fixed at registration (the partition key of its results)';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "records_created_fixed" BEFORE UPDATE OF "record_created" ON "records"
  FOR EACH ROW EXECUTE FUNCTION keep_record_created();
