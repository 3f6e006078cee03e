-- The trigram indexes of each patient name column (migration 0013) have served no search since the
-- folded names are stored and indexed together (migration 0038, `patients_search_names_trgm`): a
-- name is searched there alone (modules/records/patients/queries.ts). Each kept three GIN indexes
-- to update on every patient written (registration, identity changes, imports) for nothing.
DROP INDEX IF EXISTS "patients_surname_trgm";
--> statement-breakpoint
DROP INDEX IF EXISTS "patients_name_trgm";
--> statement-breakpoint
DROP INDEX IF EXISTS "patients_birth_name_trgm";
