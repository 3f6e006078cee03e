-- Statuses follow spec.md §4 and only those: forward, one step at a time, each step by the action
-- that owns it. The steps are the contract's RECORD_TRANSITIONS and SAMPLE_TRANSITIONS
-- (packages/contract/src/records/statuses.ts), held here as rows; a test compares both.
-- The acting step comes from the transaction-local setting sil.action, which the service sets
-- right before it moves a status (as sil.actor names the author for the audit triggers).
CREATE TABLE "status_transitions" (
	"entity" text NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "status_transitions_pk" PRIMARY KEY ("entity", "from_status", "to_status", "action")
);
--> statement-breakpoint
INSERT INTO "status_transitions" ("entity", "from_status", "to_status", "action") VALUES
	('record', 0, 1, 'registration'),
	('record', 0, 1, 'receive'),
	('record', 1, 2, 'sampleProgress'),
	('record', 2, 3, 'sampleProgress'),
	('record', 3, 4, 'validation'),
	('record', 4, 5, 'delivery'),
	('sample', 0, 1, 'sampleProgress'),
	('sample', 0, 2, 'sampleProgress'),
	('sample', 0, 3, 'sampleProgress'),
	('sample', 0, 4, 'forcedCompletion'),
	('sample', 1, 2, 'sampleProgress'),
	('sample', 1, 3, 'sampleProgress'),
	('sample', 1, 4, 'forcedCompletion'),
	('sample', 2, 3, 'sampleProgress'),
	('sample', 2, 4, 'forcedCompletion'),
	('sample', 3, 4, 'validation'),
	('sample', 3, 4, 'forcedCompletion'),
	('sample', 4, 5, 'delivery');
--> statement-breakpoint
-- The forward-only triggers of 0010 become part of the step check below.
DROP TRIGGER "records_status_forward" ON "records";
--> statement-breakpoint
DROP TRIGGER "samples_status_forward" ON "samples";
--> statement-breakpoint
DROP FUNCTION refuse_status_downgrade();
--> statement-breakpoint
CREATE FUNCTION check_status_step(step_entity text, old_status int, new_status int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  acting text := nullif(current_setting('sil.action', true), '');
BEGIN
  IF new_status < old_status THEN
    RAISE EXCEPTION 'cannotDowngradeStatus' USING ERRCODE = 'SIL02';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM status_transitions
                 WHERE entity = step_entity AND from_status = old_status AND to_status = new_status
                   AND action = acting) THEN
    RAISE EXCEPTION 'invalidStatusTransition' USING ERRCODE = 'SIL04',
      DETAIL = format('%s %s -> %s by %s', step_entity, old_status, new_status, coalesce(acting, 'no action'));
  END IF;
END $$;
--> statement-breakpoint
-- A cancelled record, or a sent one, is frozen: only the link to its replacement (cancellation),
-- the patient it belongs to (merging duplicate patients) and, for a sent record, what delivery
-- itself records may still change.
CREATE FUNCTION guard_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acting text := nullif(current_setting('sil.action', true), '');
  kept text[] := ARRAY['record_last_updated', 'record_replaced_by', 'record_patient'];
BEGIN
  IF OLD.record_annulr_flag OR (OLD.record_status >= 5 AND acting IS DISTINCT FROM 'delivery') THEN
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
CREATE TRIGGER "records_transitions" BEFORE UPDATE ON "records" FOR EACH ROW EXECUTE FUNCTION guard_record_change();
--> statement-breakpoint
-- The samples of a frozen record do not move or change either (delivery excepted on a sent one).
CREATE FUNCTION guard_sample_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acting text := nullif(current_setting('sil.action', true), '');
  cancelled boolean;
  record_state int;
BEGIN
  SELECT record_annulr_flag, record_status INTO cancelled, record_state
  FROM records WHERE record_id = NEW.sample_record;
  IF cancelled OR (record_state >= 5 AND acting IS DISTINCT FROM 'delivery') THEN
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
CREATE TRIGGER "samples_transitions" BEFORE UPDATE ON "samples" FOR EACH ROW EXECUTE FUNCTION guard_sample_change();
