-- A page among many matches of a name (issue 11, lib/list/query.ts `firstIdsOf`) walks the records
-- newest first and checks each record's number and patient: the ~2,000 records it passes for 50
-- 'Hélène' at 1 M records are read from indexes alone (19 → 6 ms), not a record row and a patient
-- row each.
-- The records' list order carries the number and the patient. Same keys as migration 0014's, so
-- every other use of it is unchanged.
DROP INDEX IF EXISTS "records_laboratory_last_updated";
--> statement-breakpoint
CREATE INDEX "records_laboratory_last_updated" ON "records" ("laboratory_id", "record_last_updated" DESC, "record_id") INCLUDE ("record_patient", "record_number");
--> statement-breakpoint
-- Each record's patient is checked by id against what a name search reads of it: its laboratory,
-- its folded names and its external id.
CREATE INDEX IF NOT EXISTS "patients_search_by_id" ON "patients" ("patient_id") INCLUDE ("laboratory_id", "patient_search_names", "patient_external_id");
