-- The record screen's names remembered by each server (docs/decisions/0014-what-every-call-pays.md):
-- a laboratory's names version, moved by every rename or deletion of a row whose name get-record
-- shows (prescribers, collectors, clinics, analyses, sample types, matrices). get-record reads it in
-- its own statement, so that every server learns of a rename made on another at its next call. A new
-- row moves nothing: no server can remember a name it has never read. No foreign key: a version
-- outlives its laboratory's rows, so that a laboratory deleted and restored under the same ids is
-- never named from before.
CREATE TABLE "reference_name_versions" (
  "laboratory_id" uuid PRIMARY KEY NOT NULL,
  "names_version" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION bump_reference_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reference_name_versions AS v (laboratory_id, names_version) VALUES (OLD.laboratory_id, 1)
  ON CONFLICT (laboratory_id) DO UPDATE SET names_version = v.names_version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "prescribers_names_renamed" AFTER UPDATE ON "prescribers" FOR EACH ROW
  WHEN ((OLD.prescriber_surname, OLD.prescriber_name, OLD.laboratory_id)
        IS DISTINCT FROM (NEW.prescriber_surname, NEW.prescriber_name, NEW.laboratory_id))
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "prescribers_names_deleted" AFTER DELETE ON "prescribers" FOR EACH ROW
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "collectors_names_renamed" AFTER UPDATE ON "collectors" FOR EACH ROW
  WHEN ((OLD.collector_surname, OLD.collector_name, OLD.laboratory_id)
        IS DISTINCT FROM (NEW.collector_surname, NEW.collector_name, NEW.laboratory_id))
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "collectors_names_deleted" AFTER DELETE ON "collectors" FOR EACH ROW
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "clinics_names_renamed" AFTER UPDATE ON "clinics" FOR EACH ROW
  WHEN ((OLD.clinic_name, OLD.laboratory_id) IS DISTINCT FROM (NEW.clinic_name, NEW.laboratory_id))
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "clinics_names_deleted" AFTER DELETE ON "clinics" FOR EACH ROW
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "analyses_names_renamed" AFTER UPDATE ON "analyses" FOR EACH ROW
  WHEN ((OLD.analysis_name, OLD.laboratory_id) IS DISTINCT FROM (NEW.analysis_name, NEW.laboratory_id))
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "analyses_names_deleted" AFTER DELETE ON "analyses" FOR EACH ROW
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "sample_types_names_renamed" AFTER UPDATE ON "sample_types" FOR EACH ROW
  WHEN ((OLD.sample_type_name, OLD.laboratory_id) IS DISTINCT FROM (NEW.sample_type_name, NEW.laboratory_id))
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "sample_types_names_deleted" AFTER DELETE ON "sample_types" FOR EACH ROW
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "matrices_names_renamed" AFTER UPDATE ON "matrices" FOR EACH ROW
  WHEN ((OLD.matrix_name, OLD.laboratory_id) IS DISTINCT FROM (NEW.matrix_name, NEW.laboratory_id))
  EXECUTE FUNCTION bump_reference_names();
--> statement-breakpoint
CREATE TRIGGER "matrices_names_deleted" AFTER DELETE ON "matrices" FOR EACH ROW
  EXECUTE FUNCTION bump_reference_names();
