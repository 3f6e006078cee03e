-- Registrations without a shared row held to their commit (issue 43, decision 0031). A record's
-- creation bumped its day's one row of record_day_counts inside the registration's transaction, so
-- every registration of a laboratory that day waited for the previous one to commit. Each day now
-- has up to 64 rows, one per slot, and a transaction bumps a slot no other open transaction is
-- bumping: the first free one from its session's (backend process id modulo 64), taken with a
-- transaction-level advisory lock (released at commit, as the row's lock is), so that up to 64
-- concurrent writes of records never wait on one another here. The dashboard adds the slots up
-- with the days (a year is at most 366 × 64 rows). A slot's counts alone mean nothing: a record
-- cancelled in another transaction than the one that made it moves its count between two slots,
-- one of which may go below zero.
ALTER TABLE "record_day_counts" ADD COLUMN "count_slot" smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "record_day_counts" DROP CONSTRAINT "record_day_counts_pk";
--> statement-breakpoint
ALTER TABLE "record_day_counts" ADD CONSTRAINT "record_day_counts_pk" PRIMARY KEY ("laboratory_id", "count_day", "count_slot");
--> statement-breakpoint
-- The advisory locks' first key is this table's own (the two-key form: pg-boss's one-key locks
-- never meet it); a transaction that holds a slot finds it again, so all its bumps go to one slot.
CREATE FUNCTION record_day_slot() RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
  first integer := pg_backend_pid() % 64;
BEGIN
  FOR step IN 0..63 LOOP
    IF pg_try_advisory_xact_lock(hashtext('record_day_counts'), (first + step) % 64) THEN
      RETURN (first + step) % 64;
    END IF;
  END LOOP;
  -- More than 64 transactions writing records at once: this one waits for its session's slot.
  RETURN first;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_record_day(laboratory uuid, created timestamptz, external boolean, cancelled boolean, step integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO record_day_counts AS c (laboratory_id, count_day, count_slot, records_added, external_records, canceled_replaced)
  VALUES (laboratory, (created AT TIME ZONE 'Europe/Paris')::date, record_day_slot(), step,
          CASE WHEN external THEN step ELSE 0 END, CASE WHEN cancelled THEN step ELSE 0 END)
  ON CONFLICT (laboratory_id, count_day, count_slot) DO UPDATE SET
    records_added = c.records_added + EXCLUDED.records_added,
    external_records = c.external_records + EXCLUDED.external_records,
    canceled_replaced = c.canceled_replaced + EXCLUDED.canceled_replaced
$$;
