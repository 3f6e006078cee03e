-- The records with an active non-compliance, counted when that is the list's only filter (issue 11,
-- modules/records/records/queries.ts `countedAlone`): the laboratory's entries of this index, each
-- record once, with no sample read. Its laboratory rides along so that the count stays within it.
DROP INDEX IF EXISTS "samples_nct_active_record";
--> statement-breakpoint
CREATE INDEX "samples_nct_active_record" ON "samples" ("sample_record") INCLUDE ("laboratory_id") WHERE "sample_nct_active";
