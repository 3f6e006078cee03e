-- Migration 0039's rule, read in the record's month only (migration 0060, decision 0034). Joined on
-- the record (0060), the stamp's equality was a join filter and the read probed every month's index
-- of flagged results; read first into a variable, the stamp is a parameter of the read, and
-- PostgreSQL plans the record's month alone (or, once the session's plan is generic, removes the
-- other months when the read starts). A record gone has no stamp: nothing found, its mark removed,
-- as before.
CREATE OR REPLACE FUNCTION refresh_abnormal_record(record uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  stamp timestamptz;
BEGIN
  IF record IS NULL THEN RETURN; END IF;
  SELECT record_created INTO stamp FROM records WHERE record_id = record;
  IF EXISTS (SELECT 1 FROM samples s JOIN results r ON r.result_sample = s.sample_id
              WHERE s.sample_record = record AND s.sample_status >= 4
                AND r.result_record_created = stamp
                AND r.result_flags && '{low,high,toxic,deadly}'::text[]) THEN
    INSERT INTO abnormal_records (record_id, laboratory_id)
    SELECT record_id, laboratory_id FROM records WHERE record_id = record
    ON CONFLICT (record_id) DO NOTHING;
  ELSE
    DELETE FROM abnormal_records WHERE record_id = record;
  END IF;
END $$;
