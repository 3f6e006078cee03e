-- A records search by a patient's name (issue 11) counts, for each matching patient, the records
-- that match the list's other conditions and whose number does not match (records' searchMatches).
-- The patient's index now carries what that part reads of each record (its laboratory, number, list
-- key and id), so that it reads the index alone instead of a record row each: 1,677 records for
-- 'Martin Marie' at 1 M records, 2,017 buffers read for them before. Same key as before, so every
-- other use of it is unchanged.
DROP INDEX IF EXISTS "records_record_patient_index";
--> statement-breakpoint
CREATE INDEX "records_record_patient_index" ON "records" ("record_patient") INCLUDE ("laboratory_id", "record_number", "record_last_updated", "record_id");
