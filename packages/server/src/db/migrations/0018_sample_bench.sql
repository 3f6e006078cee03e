-- The bench's part of a sample (issue 13): the machine it runs on, and who took each step of its
-- progress and when (spec.md §3: sample_prepared_by … sample_validated_by).
ALTER TABLE "samples" ADD COLUMN "sample_machine" uuid REFERENCES "machines"("machine_id");
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "sample_prepared_by" uuid REFERENCES "users"("admin_uid");
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "sample_prepared_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "sample_injected_by" uuid REFERENCES "users"("admin_uid");
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "sample_injected_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "sample_removed_by" uuid REFERENCES "users"("admin_uid");
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "sample_removed_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "sample_validated_by" uuid REFERENCES "users"("admin_uid");
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "sample_validated_at" timestamp (3) with time zone;
--> statement-breakpoint
-- Whoever moves a sample forward is the acting user of the transaction (sil.actor), so the step is
-- signed here, for every writer (bench, validation, imports), and cannot be forged by a request.
CREATE FUNCTION sign_sample_progress() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('sil.actor', true), '');
  signer uuid := CASE WHEN actor ~ '^[0-9a-fA-F-]{36}$' THEN actor::uuid END;
  signed_at timestamptz := date_trunc('milliseconds', clock_timestamp());
BEGIN
  IF NEW.sample_status <= OLD.sample_status THEN RETURN NEW; END IF;
  CASE NEW.sample_status
    WHEN 1 THEN NEW.sample_prepared_by := signer; NEW.sample_prepared_at := signed_at;
    WHEN 2 THEN NEW.sample_injected_by := signer; NEW.sample_injected_at := signed_at;
    WHEN 3 THEN NEW.sample_removed_by := signer; NEW.sample_removed_at := signed_at;
    WHEN 4 THEN NEW.sample_validated_by := signer; NEW.sample_validated_at := signed_at;
    ELSE NULL;
  END CASE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "samples_progress_signed" BEFORE UPDATE OF "sample_status" ON "samples" FOR EACH ROW EXECUTE FUNCTION sign_sample_progress();
--> statement-breakpoint
-- The trail already names who moved the status and when; the signatures are not traced twice.
DROP TRIGGER "samples_audit" ON "samples";
--> statement-breakpoint
CREATE TRIGGER "samples_audit" AFTER INSERT OR UPDATE OR DELETE ON "samples" FOR EACH ROW EXECUTE FUNCTION audit_row_change('sample_id', '', 'sample_last_updated,sample_prepared_by,sample_prepared_at,sample_injected_by,sample_injected_at,sample_removed_by,sample_removed_at,sample_validated_by,sample_validated_at');
