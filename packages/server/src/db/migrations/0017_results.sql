-- Results (issue 13): one result per sample and parameter, numeric or qualitative, with what was
-- read from it when it was entered (calculated value, censoring at a detection limit, the range
-- applied and its population, flags). Every change is kept by the audit trail, old and new values.
CREATE TABLE "results" (
	"result_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"result_sample" uuid NOT NULL REFERENCES "samples"("sample_id") ON DELETE CASCADE,
	"result_parameter" uuid NOT NULL REFERENCES "parameters"("parameter_id"),
	"result_value" numeric(18, 6),
	"result_text" text,
	"result_calculated" numeric(18, 6),
	"result_censored" text,
	"result_unit" text,
	"result_population" text,
	"result_range_min" numeric(18, 6),
	"result_range_max" numeric(18, 6),
	"result_flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"result_entered_by" uuid NOT NULL REFERENCES "users"("admin_uid"),
	"result_entered_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"result_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_one_per_parameter" UNIQUE ("result_sample", "result_parameter"),
	CONSTRAINT "results_have_a_value" CHECK ("result_value" IS NOT NULL OR "result_text" IS NOT NULL),
	CONSTRAINT "results_censored_sign" CHECK ("result_censored" IS NULL OR "result_censored" IN ('<', '>'))
);
--> statement-breakpoint
CREATE INDEX "results_parameter_idx" ON "results" ("result_parameter");
--> statement-breakpoint
SELECT attach_audit('results', 'result_id', 'result_last_updated');
--> statement-breakpoint
-- A validated result changes only through invalidation, and the results of a cancelled or sent record
-- not at all: the database refuses it whatever the service does (as statuses, migration 0015).
CREATE FUNCTION guard_result_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acting text := nullif(current_setting('sil.action', true), '');
  sample_state int;
  cancelled boolean;
  record_state int;
BEGIN
  SELECT s.sample_status, r.record_annulr_flag, r.record_status INTO sample_state, cancelled, record_state
  FROM samples s JOIN records r ON r.record_id = s.sample_record
  WHERE s.sample_id = coalesce(NEW.result_sample, OLD.result_sample);
  IF cancelled OR record_state >= 5 THEN
    RAISE EXCEPTION 'invalidRecordStatusForUpdate' USING ERRCODE = 'SIL03';
  END IF;
  IF sample_state >= 4 AND acting IS DISTINCT FROM 'invalidation' THEN
    RAISE EXCEPTION 'resultValidated' USING ERRCODE = 'SIL05';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "results_guard" BEFORE INSERT OR UPDATE OR DELETE ON "results" FOR EACH ROW EXECUTE FUNCTION guard_result_change();
