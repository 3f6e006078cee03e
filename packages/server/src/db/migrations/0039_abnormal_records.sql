-- The records lists' abnormal mark and filter at 1 M records (issue 11): the records with a
-- validated result out of range (migration 0035's rule: a flag the report marks, low, high, toxic or
-- deadly, on a result of a sample validated or later), kept as rows written by triggers when results
-- and samples change, instead of gathered from every out-of-range result of the laboratory at each
-- call (30,000 results and as many samples, 140–190 ms, for a filter or a count). A record is listed
-- here exactly while the rule holds: each trigger asks the rule again for the record it touches.
CREATE TABLE "abnormal_records" (
  "record_id" uuid PRIMARY KEY REFERENCES "records" ("record_id") ON DELETE CASCADE,
  "laboratory_id" uuid NOT NULL REFERENCES "laboratories" ("laboratory_id")
);
--> statement-breakpoint
CREATE INDEX "abnormal_records_laboratory" ON "abnormal_records" ("laboratory_id", "record_id");
--> statement-breakpoint
CREATE FUNCTION refresh_abnormal_record(record uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF record IS NULL THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM samples s JOIN results r ON r.result_sample = s.sample_id
              WHERE s.sample_record = record AND s.sample_status >= 4
                AND r.result_flags && '{low,high,toxic,deadly}'::text[]) THEN
    INSERT INTO abnormal_records (record_id, laboratory_id)
    SELECT record_id, laboratory_id FROM records WHERE record_id = record
    ON CONFLICT (record_id) DO NOTHING;
  ELSE
    DELETE FROM abnormal_records WHERE record_id = record;
  END IF;
END $$;
--> statement-breakpoint
-- A result moves its record's mark only when it is, or was, out of range.
CREATE FUNCTION results_refresh_abnormal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marked text[] := '{low,high,toxic,deadly}';
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.result_sample = NEW.result_sample
     AND (OLD.result_flags && marked) = (NEW.result_flags && marked) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.result_flags && marked THEN
    PERFORM refresh_abnormal_record((SELECT sample_record FROM samples WHERE sample_id = OLD.result_sample));
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.result_flags && marked THEN
    PERFORM refresh_abnormal_record((SELECT sample_record FROM samples WHERE sample_id = NEW.result_sample));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "results_abnormal_records" AFTER INSERT OR DELETE OR UPDATE OF "result_flags", "result_sample"
  ON "results" FOR EACH ROW EXECUTE FUNCTION results_refresh_abnormal();
--> statement-breakpoint
-- A sample moves its record's mark when it is validated or taken back, moves to another record, or goes.
CREATE FUNCTION samples_refresh_abnormal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.sample_record = NEW.sample_record
     AND (OLD.sample_status >= 4) = (NEW.sample_status >= 4) THEN
    RETURN NULL;
  END IF;
  PERFORM refresh_abnormal_record(OLD.sample_record);
  IF TG_OP = 'UPDATE' AND NEW.sample_record <> OLD.sample_record THEN
    PERFORM refresh_abnormal_record(NEW.sample_record);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "samples_abnormal_records" AFTER DELETE OR UPDATE OF "sample_status", "sample_record"
  ON "samples" FOR EACH ROW EXECUTE FUNCTION samples_refresh_abnormal();
--> statement-breakpoint
-- The laboratories' existing records.
INSERT INTO "abnormal_records" (record_id, laboratory_id)
SELECT DISTINCT s.sample_record, s.laboratory_id
  FROM results r JOIN samples s ON s.sample_id = r.result_sample
 WHERE r.result_flags && '{low,high,toxic,deadly}'::text[] AND s.sample_status >= 4;
