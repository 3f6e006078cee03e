-- Results partitioned by month (issue 43, decision 0034): a regional group writes 50,000 results a
-- day, 60 M in three years. Each result carries its record's creation stamp
-- (`result_record_created`, copied when it is written, never changed: the guard below refuses any
-- other value), and the table is split by that stamp's month (UTC). A record's results are all in one
-- month's partition, so the reads that reach results through their record (the validation screen's
-- results and anteriority, the patient's history, the writes' upserts) join on the stamp too and
-- read one partition per record, whatever the number of months kept. The partition key must be in
-- every unique key: the primary key is (result_id, result_record_created), the one-per-parameter
-- rule (result_sample, result_parameter, result_record_created), which is the same rule since a
-- sample's results all carry its record's stamp. Months are created by `results_month_partition`,
-- called by every write of results before it writes (a catalogue lookup when the month exists); the
-- default partition keeps whatever a write by hand put outside them, and a month created later
-- takes its rows from it. PGlite is PostgreSQL: this migration is the same on both databases.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('sil.actor', true), '');
  comment text := nullif(current_setting('sil.log_comment', true), '');
  nca_code text := nullif(current_setting('sil.nca', true), '');
  redacted text[] := string_to_array(coalesce(TG_ARGV[1], ''), ',');
  ignored text[] := string_to_array(coalesce(TG_ARGV[2], ''), ',');
  hidden text[] := string_to_array(coalesce(TG_ARGV[3], ''), ',');
  -- A partitioned table's trigger runs on each partition, whose name TG_TABLE_NAME gives: a fifth
  -- argument names the table the trail shows (results, not results_2026_11).
  tbl text := coalesce(nullif(TG_ARGV[4], ''), TG_TABLE_NAME);
  old_row jsonb := '{}';
  new_row jsonb := '{}';
  k text;
BEGIN
  IF actor IS NULL THEN
    RAISE EXCEPTION 'audit: write to % without an acting user', tbl USING ERRCODE = 'SIL01';
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  old_row := old_row - hidden;
  new_row := new_row - hidden;
  FOREACH k IN ARRAY redacted LOOP
    IF old_row ? k AND old_row -> k <> 'null' THEN old_row := jsonb_set(old_row, ARRAY[k], '"[redacted]"'); END IF;
    IF new_row ? k AND new_row -> k <> 'null' THEN new_row := jsonb_set(new_row, ARRAY[k], '"[redacted]"'); END IF;
  END LOOP;

  IF TG_OP = 'UPDATE' THEN
    INSERT INTO audit_trail (laboratory_id, table_name, row_id, modification_by, modification_field,
                             modification_old_value, modification_new_value, modification_type, log_comment, nca)
    SELECT (new_row ->> 'laboratory_id')::uuid, tbl, new_row ->> TG_ARGV[0], actor, key,
           old_row ->> key, new_row ->> key, 'update', comment, nca_code
    FROM jsonb_object_keys(new_row) AS key
    WHERE NOT key = ANY (ignored)
      AND (to_jsonb(OLD) -> key) IS DISTINCT FROM (to_jsonb(NEW) -> key);
  ELSE
    INSERT INTO audit_trail (laboratory_id, table_name, row_id, modification_by, modification_field,
                             modification_old_value, modification_new_value, modification_type, log_comment, nca)
    VALUES ((CASE WHEN TG_OP = 'DELETE' THEN old_row ELSE new_row END ->> 'laboratory_id')::uuid, tbl,
            coalesce(new_row ->> TG_ARGV[0], old_row ->> TG_ARGV[0]), actor, NULL,
            CASE WHEN TG_OP = 'DELETE' THEN old_row::text END,
            CASE WHEN TG_OP = 'INSERT' THEN new_row::text END,
            lower(TG_OP), comment, nca_code);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TABLE "results" RENAME TO "results_unpartitioned";
--> statement-breakpoint
ALTER TABLE "results_unpartitioned" RENAME CONSTRAINT "results_pkey" TO "results_unpartitioned_pkey";
--> statement-breakpoint
ALTER TABLE "results_unpartitioned" RENAME CONSTRAINT "results_one_per_parameter" TO "results_unpartitioned_one_per_parameter";
--> statement-breakpoint
ALTER INDEX "results_parameter_idx" RENAME TO "results_unpartitioned_parameter_idx";
--> statement-breakpoint
ALTER INDEX "results_abnormal_sample" RENAME TO "results_unpartitioned_abnormal_sample";
--> statement-breakpoint
CREATE TABLE "results" (
	"result_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"result_sample" uuid NOT NULL REFERENCES "samples"("sample_id") ON DELETE CASCADE,
	"result_parameter" uuid NOT NULL REFERENCES "parameters"("parameter_id"),
	"result_record_created" timestamp (3) with time zone NOT NULL,
	"result_value" numeric(18, 6),
	"result_text" text,
	"result_calculated" numeric(18, 6),
	"result_censored" text,
	"result_unit" text,
	"result_population" text,
	"result_range_min" numeric(18, 6),
	"result_range_max" numeric(18, 6),
	"result_raw_range_min" numeric(18, 6),
	"result_raw_range_max" numeric(18, 6),
	"result_flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"result_entered_by" uuid REFERENCES "users"("admin_uid"),
	"result_machine" uuid REFERENCES "machines"("machine_id") ON DELETE SET NULL,
	"result_run_at" timestamp (3) with time zone,
	"result_analyser_flags" text[],
	"result_entered_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"result_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_pkey" PRIMARY KEY ("result_id", "result_record_created"),
	CONSTRAINT "results_one_per_parameter" UNIQUE ("result_sample", "result_parameter", "result_record_created"),
	CONSTRAINT "results_have_a_value" CHECK ("result_value" IS NOT NULL OR "result_text" IS NOT NULL),
	CONSTRAINT "results_censored_sign" CHECK ("result_censored" IS NULL OR "result_censored" IN ('<', '>')),
	CONSTRAINT "results_author" CHECK ("result_entered_by" IS NOT NULL OR "result_machine" IS NOT NULL)
) PARTITION BY RANGE ("result_record_created");
--> statement-breakpoint
CREATE INDEX "results_parameter_idx" ON "results" ("result_parameter");
--> statement-breakpoint
CREATE INDEX "results_abnormal_sample" ON "results" ("result_sample")
  WHERE "result_flags" && '{low,high,toxic,deadly}'::text[];
--> statement-breakpoint
CREATE TABLE "results_default" PARTITION OF "results" DEFAULT;
--> statement-breakpoint
-- The month of a stamp (UTC), created if it is not there yet; its name is returned. Rows the default
-- partition holds for that month move into it (the default is detached meanwhile, so that moving
-- them writes no trail and meets no guard: they are the same rows).
CREATE FUNCTION results_month_partition(stamp timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  first timestamp := date_trunc('month', stamp AT TIME ZONE 'UTC');
  name text := 'results_' || to_char(first, 'YYYY_MM');
  low timestamptz := first AT TIME ZONE 'UTC';
  high timestamptz := (first + interval '1 month') AT TIME ZONE 'UTC';
BEGIN
  IF to_regclass(format('public.%I', name)) IS NOT NULL THEN RETURN name; END IF;
  -- Two writers asking for a new month at once: the second finds it made.
  PERFORM pg_advisory_xact_lock(hashtext('results_month_partition'), 0);
  IF to_regclass(format('public.%I', name)) IS NOT NULL THEN RETURN name; END IF;
  IF EXISTS (SELECT 1 FROM results_default WHERE result_record_created >= low AND result_record_created < high) THEN
    ALTER TABLE results DETACH PARTITION results_default;
    EXECUTE format('CREATE TABLE %I (LIKE results INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
    EXECUTE format('INSERT INTO %I SELECT * FROM results_default WHERE result_record_created >= %L AND result_record_created < %L',
                   name, low, high);
    DELETE FROM results_default WHERE result_record_created >= low AND result_record_created < high;
    EXECUTE format('ALTER TABLE results ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, low, high);
    ALTER TABLE results ATTACH PARTITION results_default DEFAULT;
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF results FOR VALUES FROM (%L) TO (%L)', name, low, high);
  END IF;
  RETURN name;
END $$;
--> statement-breakpoint
-- The months the existing results need, and this month and the next two.
SELECT results_month_partition(month)
  FROM (SELECT DISTINCT date_trunc('month', r.record_created AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month
          FROM results_unpartitioned x
          JOIN samples s ON s.sample_id = x.result_sample
          JOIN records r ON r.record_id = s.sample_record
        UNION
        SELECT now() + make_interval(months => n) FROM generate_series(0, 2) AS n) AS months
 ORDER BY month;
--> statement-breakpoint
-- The rows as they are, before any trigger is attached (they are not new: no trail, no guard).
INSERT INTO "results" ("result_id", "laboratory_id", "result_sample", "result_parameter", "result_record_created",
  "result_value", "result_text", "result_calculated", "result_censored", "result_unit", "result_population",
  "result_range_min", "result_range_max", "result_raw_range_min", "result_raw_range_max", "result_flags",
  "result_entered_by", "result_machine", "result_run_at", "result_analyser_flags", "result_entered_at",
  "result_last_updated")
SELECT x."result_id", x."laboratory_id", x."result_sample", x."result_parameter", r."record_created",
  x."result_value", x."result_text", x."result_calculated", x."result_censored", x."result_unit", x."result_population",
  x."result_range_min", x."result_range_max", x."result_raw_range_min", x."result_raw_range_max", x."result_flags",
  x."result_entered_by", x."result_machine", x."result_run_at", x."result_analyser_flags", x."result_entered_at",
  x."result_last_updated"
  FROM "results_unpartitioned" x
  JOIN "samples" s ON s."sample_id" = x."result_sample"
  JOIN "records" r ON r."record_id" = s."sample_record";
--> statement-breakpoint
DROP TABLE "results_unpartitioned";
--> statement-breakpoint
-- Migration 0017's guard, which also holds the partition key to the record's stamp: a result written
-- with another stamp would sit in a month its record's reads never open.
CREATE OR REPLACE FUNCTION guard_result_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acting text := nullif(current_setting('sil.action', true), '');
  sample_state int;
  cancelled boolean;
  record_state int;
  created timestamptz;
BEGIN
  SELECT s.sample_status, r.record_annulr_flag, r.record_status, r.record_created
    INTO sample_state, cancelled, record_state, created
  FROM samples s JOIN records r ON r.record_id = s.sample_record
  WHERE s.sample_id = coalesce(NEW.result_sample, OLD.result_sample);
  IF cancelled OR record_state >= 5 THEN
    RAISE EXCEPTION 'invalidRecordStatusForUpdate' USING ERRCODE = 'SIL03';
  END IF;
  IF sample_state >= 4 AND acting IS DISTINCT FROM 'invalidation' THEN
    RAISE EXCEPTION 'resultValidated' USING ERRCODE = 'SIL05';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  IF NEW.result_record_created IS DISTINCT FROM created THEN
    RAISE EXCEPTION 'results: result_record_created % is not its record''s creation %', NEW.result_record_created, created;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "results_guard" BEFORE INSERT OR UPDATE OR DELETE ON "results" FOR EACH ROW EXECUTE FUNCTION guard_result_change();
--> statement-breakpoint
CREATE TRIGGER "results_audit" AFTER INSERT OR UPDATE OR DELETE ON "results" FOR EACH ROW
  EXECUTE FUNCTION audit_row_change('result_id', '', 'result_last_updated', 'result_record_created', 'results');
--> statement-breakpoint
CREATE TRIGGER "results_touch" BEFORE UPDATE ON "results" FOR EACH ROW EXECUTE FUNCTION touch_last_updated('result_last_updated');
--> statement-breakpoint
CREATE TRIGGER "results_abnormal_records" AFTER INSERT OR DELETE OR UPDATE OF "result_flags", "result_sample"
  ON "results" FOR EACH ROW EXECUTE FUNCTION results_refresh_abnormal();
--> statement-breakpoint
-- Migration 0039's rule, reading the record's month only.
CREATE OR REPLACE FUNCTION refresh_abnormal_record(record uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF record IS NULL THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM records c JOIN samples s ON s.sample_record = c.record_id
               JOIN results r ON r.result_sample = s.sample_id AND r.result_record_created = c.record_created
              WHERE c.record_id = record AND s.sample_status >= 4
                AND r.result_flags && '{low,high,toxic,deadly}'::text[]) THEN
    INSERT INTO abnormal_records (record_id, laboratory_id)
    SELECT record_id, laboratory_id FROM records WHERE record_id = record
    ON CONFLICT (record_id) DO NOTHING;
  ELSE
    DELETE FROM abnormal_records WHERE record_id = record;
  END IF;
END $$;
