-- Amendments after validation (issue 37, decision 0023). A report already out is corrected only by
-- an amendment: invalidation with a reason (a sent record included), the correction, and a new
-- validation whose report version says which one it cancels and replaces, and why.
--
-- 1. Invalidation may take a sent record and its sent samples back (record 5 -> 3, sample 5 -> 3):
-- the contract's RECORD_TRANSITIONS and SAMPLE_TRANSITIONS; the status-transitions test compares both.
INSERT INTO "status_transitions" ("entity", "from_status", "to_status", "action") VALUES
	('record', 5, 3, 'invalidation'),
	('sample', 5, 3, 'invalidation');
--> statement-breakpoint
-- A sent record stays frozen (migration 0015) but for delivery, which records what it sent, and
-- now invalidation, which starts its amendment; a cancelled one stays frozen whatever the action.
CREATE OR REPLACE FUNCTION guard_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acting text := nullif(current_setting('sil.action', true), '');
  kept text[] := ARRAY['record_last_updated', 'record_replaced_by', 'record_patient'];
BEGIN
  IF OLD.record_annulr_flag OR (OLD.record_status >= 5 AND acting IS DISTINCT FROM 'delivery'
                                AND acting IS DISTINCT FROM 'invalidation') THEN
    IF (to_jsonb(NEW) - kept) IS DISTINCT FROM (to_jsonb(OLD) - kept) THEN
      RAISE EXCEPTION 'invalidRecordStatusForUpdate' USING ERRCODE = 'SIL03';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.record_status IS DISTINCT FROM OLD.record_status THEN
    PERFORM check_status_step('record', OLD.record_status, NEW.record_status);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION guard_sample_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acting text := nullif(current_setting('sil.action', true), '');
  cancelled boolean;
  record_state int;
BEGIN
  SELECT record_annulr_flag, record_status INTO cancelled, record_state
  FROM records WHERE record_id = NEW.sample_record;
  IF cancelled OR (record_state >= 5 AND acting IS DISTINCT FROM 'delivery'
                   AND acting IS DISTINCT FROM 'invalidation') THEN
    IF (to_jsonb(NEW) - 'sample_last_updated') IS DISTINCT FROM (to_jsonb(OLD) - 'sample_last_updated') THEN
      RAISE EXCEPTION 'invalidRecordStatusForUpdate' USING ERRCODE = 'SIL03';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.sample_status IS DISTINCT FROM OLD.sample_status THEN
    PERFORM check_status_step('sample', OLD.sample_status, NEW.sample_status);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- 2. What only an amendment changes, refused by the database too (SIL11, amendmentRequired) whatever
-- the service does: the record's clinic and prescriber while it is validated (awaiting submission,
-- sent, or one of its samples validated), and a set identity value of a patient who has such a
-- record that is not cancelled. The field lists are the contract's AMENDED_RECORD_FIELDS and
-- AMENDED_PATIENT_FIELDS (records/amendments.ts).
CREATE FUNCTION record_is_validated(checked_record uuid, checked_status int) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT checked_status >= 4
      OR EXISTS (SELECT 1 FROM samples WHERE sample_record = checked_record AND sample_status >= 4)
$$;
--> statement-breakpoint
CREATE FUNCTION guard_record_amendment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.record_owner, NEW.record_prescriber) IS DISTINCT FROM (OLD.record_owner, OLD.record_prescriber)
     AND NOT OLD.record_annulr_flag AND record_is_validated(OLD.record_id, OLD.record_status) THEN
    RAISE EXCEPTION 'amendmentRequired' USING ERRCODE = 'SIL11';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "records_amendment" BEFORE UPDATE ON "records" FOR EACH ROW EXECUTE FUNCTION guard_record_amendment();
--> statement-breakpoint
CREATE FUNCTION guard_patient_amendment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Filling an empty value contradicts no report; changing a set one does.
  IF ((OLD.patient_surname IS NOT NULL AND NEW.patient_surname IS DISTINCT FROM OLD.patient_surname)
      OR (OLD.patient_name IS NOT NULL AND NEW.patient_name IS DISTINCT FROM OLD.patient_name)
      OR (OLD.patient_birth_name IS NOT NULL AND NEW.patient_birth_name IS DISTINCT FROM OLD.patient_birth_name)
      OR (OLD.patient_gender IS NOT NULL AND NEW.patient_gender IS DISTINCT FROM OLD.patient_gender)
      OR (OLD.patient_dob IS NOT NULL AND NEW.patient_dob IS DISTINCT FROM OLD.patient_dob)
      OR (OLD.patient_birthplace IS NOT NULL AND NEW.patient_birthplace IS DISTINCT FROM OLD.patient_birthplace)
      OR (OLD.patient_ins IS NOT NULL AND NEW.patient_ins IS DISTINCT FROM OLD.patient_ins)
      OR (OLD.patient_ins_oid IS NOT NULL AND NEW.patient_ins_oid IS DISTINCT FROM OLD.patient_ins_oid))
     AND EXISTS (SELECT 1 FROM records r
                 WHERE r.record_patient = OLD.patient_id AND NOT r.record_annulr_flag
                   AND record_is_validated(r.record_id, r.record_status)) THEN
    RAISE EXCEPTION 'amendmentRequired' USING ERRCODE = 'SIL11';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "patients_amendment" BEFORE UPDATE ON "patients" FOR EACH ROW EXECUTE FUNCTION guard_patient_amendment();
--> statement-breakpoint
-- 3. Each invalidation, with its reason and the report version it took back (the newest stored when
-- it was made; none when the record had none): the next validation's report cancels and replaces
-- that version and prints the reasons. Kept as written: a correction is another invalidation.
CREATE TABLE "record_invalidations" (
	"invalidation_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"invalidation_record" uuid NOT NULL REFERENCES "records"("record_id") ON DELETE CASCADE,
	"invalidation_report" uuid REFERENCES "record_reports"("report_id"),
	"invalidation_samples" uuid[] NOT NULL,
	"invalidation_reason" text NOT NULL CHECK (length("invalidation_reason") BETWEEN 1 AND 1000),
	"invalidation_by" uuid NOT NULL REFERENCES "users"("admin_uid"),
	"invalidation_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "record_invalidations_by_record" ON "record_invalidations" ("invalidation_record", "invalidation_report");
--> statement-breakpoint
CREATE FUNCTION "record_invalidations_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invalidOperation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "record_invalidations_no_update" BEFORE UPDATE ON "record_invalidations"
  FOR EACH ROW EXECUTE FUNCTION "record_invalidations_immutable"();
--> statement-breakpoint
CREATE TRIGGER "record_invalidations_audit" AFTER INSERT ON "record_invalidations"
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('invalidation_id', '', '');
--> statement-breakpoint
-- 4. The version an amended report replaces, and why: the trail links the versions. Deferred, so
-- that a restore may insert a laboratory's versions in any order within its transaction.
ALTER TABLE "record_reports" ADD COLUMN "report_replaces" uuid
  REFERENCES "record_reports"("report_id") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "record_reports" ADD COLUMN "report_replacement_reason" text;
--> statement-breakpoint
ALTER TABLE "record_reports" ADD CONSTRAINT "record_reports_replacement_with_reason"
  CHECK (("report_replaces" IS NULL) = ("report_replacement_reason" IS NULL));
--> statement-breakpoint
-- Each stored version leaves its trace entry (the bytes stay in the row, not in the trail).
CREATE TRIGGER "record_reports_audit" AFTER INSERT ON "record_reports"
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('report_id', 'report_pdf', '');
