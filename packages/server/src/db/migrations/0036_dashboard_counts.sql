-- The dashboard fast on a large laboratory (issue 17). Quarterly statistics: the records of each
-- Paris day, counted once when they are written instead of a year of records read at every call.
-- The trigger is the one place these counts change: every write of a record (creation, clinic
-- owner, cancellation, any later correction of those columns, a deletion) moves its day's row.
-- External: a clinic owns the record (record_owner set), as the records list's filter
-- (externalRecord) reads it.
CREATE TABLE "record_day_counts" (
  "laboratory_id" uuid NOT NULL REFERENCES "laboratories" ("laboratory_id"),
  "count_day" date NOT NULL,
  "records_added" integer NOT NULL DEFAULT 0,
  "external_records" integer NOT NULL DEFAULT 0,
  "canceled_replaced" integer NOT NULL DEFAULT 0,
  CONSTRAINT "record_day_counts_pk" PRIMARY KEY ("laboratory_id", "count_day")
);
--> statement-breakpoint
CREATE FUNCTION bump_record_day(laboratory uuid, created timestamptz, external boolean, cancelled boolean, step integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO record_day_counts AS c (laboratory_id, count_day, records_added, external_records, canceled_replaced)
  VALUES (laboratory, (created AT TIME ZONE 'Europe/Paris')::date, step,
          CASE WHEN external THEN step ELSE 0 END, CASE WHEN cancelled THEN step ELSE 0 END)
  ON CONFLICT (laboratory_id, count_day) DO UPDATE SET
    records_added = c.records_added + EXCLUDED.records_added,
    external_records = c.external_records + EXCLUDED.external_records,
    canceled_replaced = c.canceled_replaced + EXCLUDED.canceled_replaced
$$;
--> statement-breakpoint
CREATE FUNCTION count_record_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.laboratory_id, OLD.record_created, OLD.record_owner IS NOT NULL, OLD.record_annulr_flag)
     IS NOT DISTINCT FROM (NEW.laboratory_id, NEW.record_created, NEW.record_owner IS NOT NULL, NEW.record_annulr_flag) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_record_day(OLD.laboratory_id, OLD.record_created, OLD.record_owner IS NOT NULL, OLD.record_annulr_flag, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_record_day(NEW.laboratory_id, NEW.record_created, NEW.record_owner IS NOT NULL, NEW.record_annulr_flag, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "records_day_counts" AFTER INSERT OR DELETE OR UPDATE OF "laboratory_id", "record_created", "record_owner", "record_annulr_flag"
  ON "records" FOR EACH ROW EXECUTE FUNCTION count_record_day();
--> statement-breakpoint
-- The laboratories' existing records.
INSERT INTO "record_day_counts" (laboratory_id, count_day, records_added, external_records, canceled_replaced)
SELECT laboratory_id, (record_created AT TIME ZONE 'Europe/Paris')::date, count(*),
       count(*) FILTER (WHERE record_owner IS NOT NULL), count(*) FILTER (WHERE record_annulr_flag)
  FROM records GROUP BY 1, 2;
--> statement-breakpoint
-- Tasks in progress: the open records' every column a task reads, so that the tasks are counted
-- from this partial index alone (an index-only scan) instead of a heap read per open record. The
-- cancelled flag is in the predicate but also included: each task's condition names it again.
DROP INDEX "records_open";
--> statement-breakpoint
CREATE INDEX "records_open" ON "records" ("laboratory_id", "record_status")
  INCLUDE ("record_id", "record_annulr_flag", "record_is_urgent", "record_sent_externally", "record_pending_fax",
           "record_pending_insurance_report", "record_pending_online", "record_pending_paper",
           "record_pending_phone", "record_pending_occupational_physician", "record_pending_post",
           "record_lbloc_flag", "record_unresolved_nca", "record_delai_flag")
  WHERE NOT "record_annulr_flag" AND "record_status" < 5;
