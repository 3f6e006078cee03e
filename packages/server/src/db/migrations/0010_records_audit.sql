SELECT attach_audit('patients', 'patient_id', 'patient_last_updated');
--> statement-breakpoint
SELECT attach_audit('records', 'record_id', 'record_last_updated', 'record_password');
--> statement-breakpoint
SELECT attach_audit('samples', 'sample_id', 'sample_last_updated');
--> statement-breakpoint
-- Record and sample statuses only move forward (spec.md §4); the database refuses anything else.
CREATE FUNCTION refuse_status_downgrade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) ->> TG_ARGV[0])::int < (to_jsonb(OLD) ->> TG_ARGV[0])::int THEN
    RAISE EXCEPTION 'cannotDowngradeStatus' USING ERRCODE = 'SIL02';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER records_status_forward BEFORE UPDATE OF record_status ON records FOR EACH ROW EXECUTE FUNCTION refuse_status_downgrade('record_status');
--> statement-breakpoint
CREATE TRIGGER samples_status_forward BEFORE UPDATE OF sample_status ON samples FOR EACH ROW EXECUTE FUNCTION refuse_status_downgrade('sample_status');
