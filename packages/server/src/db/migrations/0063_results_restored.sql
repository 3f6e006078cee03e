-- A restore writes a laboratory's results back as they were, those of validated samples and records
-- included: its transaction names the action 'restore' (modules/backups/restore.ts), and the guard
-- of migrations 0017 and 0060 lets such an insert through. It still holds the partition key to the
-- record's stamp; any other write to a validated result is refused as before.
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
  IF NOT (TG_OP = 'INSERT' AND acting IS NOT DISTINCT FROM 'restore') THEN
    IF cancelled OR record_state >= 5 THEN
      RAISE EXCEPTION 'invalidRecordStatusForUpdate' USING ERRCODE = 'SIL03';
    END IF;
    IF sample_state >= 4 AND acting IS DISTINCT FROM 'invalidation' THEN
      RAISE EXCEPTION 'resultValidated' USING ERRCODE = 'SIL05';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  IF NEW.result_record_created IS DISTINCT FROM created THEN
    RAISE EXCEPTION 'results: result_record_created % is not its record''s creation %', NEW.result_record_created, created;
  END IF;
  RETURN NEW;
END $$;
