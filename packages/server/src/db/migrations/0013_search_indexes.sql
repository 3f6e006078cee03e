-- Trigram indexes: searches by part of a name, a wording or a number (ILIKE '%term%') use them
-- instead of reading every row, which matters once a laboratory holds years of patients.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX patients_surname_trgm ON patients USING gin (patient_surname gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX patients_name_trgm ON patients USING gin (patient_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX patients_birth_name_trgm ON patients USING gin (patient_birth_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX records_number_trgm ON records USING gin (record_number gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX nabms_wording_trgm ON nabms USING gin (nabm_wording gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX analyses_name_trgm ON analyses USING gin (analysis_name gin_trgm_ops);
