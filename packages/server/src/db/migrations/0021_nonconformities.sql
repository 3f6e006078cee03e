-- Non-conformities (issue 13, spec.md §3 'Non-conformities'): an analysis not performed (ANE) per
-- analysis of a record, administrative non-conformities (NCA) per record, resolved with a solution.
-- NCT and LBloc of a sample, and DEROG, UH, Delai and LBloc of a record, are columns of their row
-- (migration 0009). Every change is kept by the audit trail with old and new values.
CREATE TABLE "record_anes" (
	"ane_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"ane_record" uuid NOT NULL REFERENCES "records"("record_id") ON DELETE CASCADE,
	"ane_analysis" uuid NOT NULL REFERENCES "analyses"("analysis_id"),
	"ane_code" text NOT NULL,
	"ane_description" text,
	"ane_created_by" uuid NOT NULL REFERENCES "users"("admin_uid"),
	"ane_created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ane_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	-- One ANE per analysis of a record; its index also answers 'records with ANEs'.
	CONSTRAINT "record_anes_one_per_analysis" UNIQUE ("ane_record", "ane_analysis")
);
--> statement-breakpoint
SELECT attach_audit('record_anes', 'ane_id', 'ane_last_updated');
--> statement-breakpoint
CREATE TABLE "record_ncas" (
	"nca_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"nca_record" uuid NOT NULL REFERENCES "records"("record_id") ON DELETE CASCADE,
	"nca_code" text NOT NULL,
	"nca_description" text,
	"nca_solution" text,
	"nca_resolved" boolean DEFAULT false NOT NULL,
	"nca_created_by" uuid NOT NULL REFERENCES "users"("admin_uid"),
	"nca_created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"nca_resolved_by" uuid REFERENCES "users"("admin_uid"),
	"nca_resolved_at" timestamp (3) with time zone,
	"nca_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_ncas_resolved_with_solution" CHECK (NOT "nca_resolved" OR "nca_solution" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "record_ncas_record" ON "record_ncas" ("nca_record");
--> statement-breakpoint
SELECT attach_audit('record_ncas', 'nca_id', 'nca_last_updated');
--> statement-breakpoint
-- A record's own LBloc has a description, as a sample's has (spec.md §3 'LBloc: flag, description').
ALTER TABLE "records" ADD COLUMN "record_lbloc_description" text;
