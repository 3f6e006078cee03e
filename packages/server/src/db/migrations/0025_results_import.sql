-- Instrument results import (issue 14): what each instrument code of a file type means for the
-- laboratory (per machine, or for every machine when none is named), and the files imported.
CREATE TABLE "import_mappings" (
	"mapping_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"mapping_file_type" text NOT NULL,
	"mapping_machine" uuid REFERENCES "machines"("machine_id") ON DELETE CASCADE,
	"mapping_instrument_code" text NOT NULL,
	"mapping_parameter" uuid NOT NULL REFERENCES "parameters"("parameter_id") ON DELETE CASCADE,
	"mapping_pcr_cutoff" numeric(8, 3),
	"mapping_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One meaning per code, type and machine; the machine-less mapping is one more 'machine'.
CREATE UNIQUE INDEX "import_mappings_one_per_code" ON "import_mappings" (
	"laboratory_id", "mapping_file_type",
	coalesce("mapping_machine", '00000000-0000-0000-0000-000000000000'::uuid), "mapping_instrument_code"
);
--> statement-breakpoint
SELECT attach_audit('import_mappings', 'mapping_id', 'mapping_last_updated');
--> statement-breakpoint
CREATE TABLE "result_imports" (
	"import_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"import_file_type" text NOT NULL,
	"import_machine" uuid REFERENCES "machines"("machine_id") ON DELETE SET NULL,
	"import_file_name" text NOT NULL,
	"import_file_sha256" text NOT NULL,
	"import_rows" integer NOT NULL,
	"import_written" integer NOT NULL,
	"import_by" uuid NOT NULL REFERENCES "users"("admin_uid"),
	"import_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "result_imports_file_idx" ON "result_imports" ("laboratory_id", "import_file_sha256");
