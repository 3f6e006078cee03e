-- Biological validation (issue 13): invalidation takes a validated sample back to 'removed' and its
-- record back to 'pending validation', so that results may be corrected. It is the only step back
-- there is, and only under its own action (sil.action = 'invalidation'); any other step back is
-- still a downgrade. The steps are the contract's RECORD_TRANSITIONS and SAMPLE_TRANSITIONS.
INSERT INTO "status_transitions" ("entity", "from_status", "to_status", "action") VALUES
	('record', 4, 3, 'invalidation'),
	('sample', 4, 3, 'invalidation');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION check_status_step(step_entity text, old_status int, new_status int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  acting text := nullif(current_setting('sil.action', true), '');
BEGIN
  IF EXISTS (SELECT 1 FROM status_transitions
             WHERE entity = step_entity AND from_status = old_status AND to_status = new_status
               AND action = acting) THEN
    RETURN;
  END IF;
  IF new_status < old_status THEN
    RAISE EXCEPTION 'cannotDowngradeStatus' USING ERRCODE = 'SIL02';
  END IF;
  RAISE EXCEPTION 'invalidStatusTransition' USING ERRCODE = 'SIL04',
    DETAIL = format('%s %s -> %s by %s', step_entity, old_status, new_status, coalesce(acting, 'no action'));
END $$;
--> statement-breakpoint
-- A sample taken back is no longer validated: the signature of the step it left goes with it (the
-- audit trail keeps who validated and who invalidated, with the status change itself).
CREATE OR REPLACE FUNCTION sign_sample_progress() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('sil.actor', true), '');
  signer uuid := CASE WHEN actor ~ '^[0-9a-fA-F-]{36}$' THEN actor::uuid END;
  signed_at timestamptz := date_trunc('milliseconds', clock_timestamp());
BEGIN
  IF NEW.sample_status < OLD.sample_status THEN
    IF NEW.sample_status < 4 THEN NEW.sample_validated_by := NULL; NEW.sample_validated_at := NULL; END IF;
    RETURN NEW;
  END IF;
  IF NEW.sample_status = OLD.sample_status THEN RETURN NEW; END IF;
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
-- The next record to validate: the laboratory's records pending validation, urgent first, oldest first.
CREATE INDEX "records_to_validate" ON "records" ("laboratory_id", "record_is_urgent" DESC, "record_created")
  WHERE "record_status" = 3 AND NOT "record_annulr_flag";
