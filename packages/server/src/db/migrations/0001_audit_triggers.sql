-- Audit trail: every insert, update and delete of an audited table writes trace entries in the same
-- transaction. The acting user comes from the transaction-local setting sil.actor, which the service
-- layer sets when it opens a write transaction; a write without it is refused, so no write path can
-- skip the trace. Arguments: primary-key column, columns whose values are redacted, columns ignored.
CREATE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('sil.actor', true), '');
  comment text := nullif(current_setting('sil.log_comment', true), '');
  nca_code text := nullif(current_setting('sil.nca', true), '');
  redacted text[] := string_to_array(coalesce(TG_ARGV[1], ''), ',');
  ignored text[] := string_to_array(coalesce(TG_ARGV[2], ''), ',');
  old_row jsonb := '{}';
  new_row jsonb := '{}';
  k text;
BEGIN
  IF actor IS NULL THEN
    RAISE EXCEPTION 'audit: write to % without an acting user', TG_TABLE_NAME USING ERRCODE = 'SIL01';
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  FOREACH k IN ARRAY redacted LOOP
    IF old_row ? k AND old_row -> k <> 'null' THEN old_row := jsonb_set(old_row, ARRAY[k], '"[redacted]"'); END IF;
    IF new_row ? k AND new_row -> k <> 'null' THEN new_row := jsonb_set(new_row, ARRAY[k], '"[redacted]"'); END IF;
  END LOOP;

  IF TG_OP = 'UPDATE' THEN
    INSERT INTO audit_trail (laboratory_id, table_name, row_id, modification_by, modification_field,
                             modification_old_value, modification_new_value, modification_type, log_comment, nca)
    SELECT (new_row ->> 'laboratory_id')::uuid, TG_TABLE_NAME, new_row ->> TG_ARGV[0], actor, key,
           old_row ->> key, new_row ->> key, 'update', comment, nca_code
    FROM jsonb_object_keys(new_row) AS key
    WHERE NOT key = ANY (ignored)
      AND (to_jsonb(OLD) -> key) IS DISTINCT FROM (to_jsonb(NEW) -> key);
  ELSE
    INSERT INTO audit_trail (laboratory_id, table_name, row_id, modification_by, modification_field,
                             modification_old_value, modification_new_value, modification_type, log_comment, nca)
    VALUES ((CASE WHEN TG_OP = 'DELETE' THEN old_row ELSE new_row END ->> 'laboratory_id')::uuid, TG_TABLE_NAME,
            coalesce(new_row ->> TG_ARGV[0], old_row ->> TG_ARGV[0]), actor, NULL,
            CASE WHEN TG_OP = 'DELETE' THEN old_row::text END,
            CASE WHEN TG_OP = 'INSERT' THEN new_row::text END,
            lower(TG_OP), comment, nca_code);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every update moves {entity}_last_updated strictly forward, so that optimistic concurrency can rely on it.
CREATE FUNCTION touch_last_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous timestamptz := (to_jsonb(OLD) ->> TG_ARGV[0])::timestamptz;
BEGIN
  NEW := jsonb_populate_record(NEW, jsonb_build_object(TG_ARGV[0],
           greatest(date_trunc('milliseconds', clock_timestamp()), previous + interval '1 millisecond')));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION attach_audit(tbl text, pk text, stamp_column text, redacted text DEFAULT '', ignored text DEFAULT '')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row_change(%L, %L, %L)',
                 tbl || '_audit', tbl, pk, redacted, concat_ws(',', stamp_column, nullif(ignored, '')));
  EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION touch_last_updated(%L)',
                 tbl || '_touch', tbl, stamp_column);
END $$;
--> statement-breakpoint
SELECT attach_audit('laboratories', 'laboratory_id', 'laboratory_last_updated');
--> statement-breakpoint
SELECT attach_audit('clinics', 'clinic_id', 'clinic_last_updated');
--> statement-breakpoint
SELECT attach_audit('prescribers', 'prescriber_id', 'prescriber_last_updated');
--> statement-breakpoint
SELECT attach_audit('users', 'admin_uid', 'admin_last_updated', 'password_hash');
