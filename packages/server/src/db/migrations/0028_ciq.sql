-- Internal quality control (issue 14, spec.md §3 Analysis CIQ, §7 create-ciq-record): the target
-- mean and SD of a parameter of an analysis per control level and lot, the control runs of a
-- machine and their values with the Westgard rules each broke. Every change is in the audit trail,
-- so a biologist's acceptance of a rejected run is traced with its reason.
CREATE TABLE "ciq_settings" (
	"ciq_setting_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"ciq_analysis" uuid NOT NULL REFERENCES "analyses"("analysis_id") ON DELETE CASCADE,
	"ciq_parameter" uuid NOT NULL REFERENCES "parameters"("parameter_id") ON DELETE CASCADE,
	"ciq_level" text NOT NULL,
	"ciq_lot" text NOT NULL,
	"ciq_mean" double precision NOT NULL,
	"ciq_sd" double precision NOT NULL,
	"ciq_active" boolean DEFAULT true NOT NULL,
	"ciq_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ciq_settings_sd_positive" CHECK ("ciq_sd" > 0),
	CONSTRAINT "ciq_settings_one_per_level_lot" UNIQUE ("ciq_analysis", "ciq_parameter", "ciq_level", "ciq_lot")
);
--> statement-breakpoint
CREATE INDEX "ciq_settings_laboratory" ON "ciq_settings" ("laboratory_id");
--> statement-breakpoint
SELECT attach_audit('ciq_settings', 'ciq_setting_id', 'ciq_last_updated');
--> statement-breakpoint
CREATE TABLE "ciq_runs" (
	"ciq_run_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	-- Orders runs (and values) that share a millisecond: the latest is the one written last.
	"ciq_run_seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"ciq_run_machine" uuid NOT NULL REFERENCES "machines"("machine_id") ON DELETE CASCADE,
	"ciq_run_settings" uuid[] DEFAULT '{}' NOT NULL,
	"ciq_run_status" text DEFAULT 'pending' NOT NULL,
	"ciq_run_created_by" uuid REFERENCES "users"("admin_uid"),
	"ciq_run_created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ciq_run_accepted_by" uuid REFERENCES "users"("admin_uid"),
	"ciq_run_accepted_at" timestamp (3) with time zone,
	"ciq_run_accept_reason" text,
	"ciq_run_sent_at" timestamp (3) with time zone,
	"ciq_run_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ciq_runs_status" CHECK ("ciq_run_status" IN ('pending', 'passed', 'rejected', 'accepted')),
	CONSTRAINT "ciq_runs_accepted_with_reason" CHECK ("ciq_run_status" <> 'accepted' OR "ciq_run_accept_reason" IS NOT NULL)
);
--> statement-breakpoint
-- The latest run of a machine decides whether its samples may be validated.
CREATE INDEX "ciq_runs_machine_latest" ON "ciq_runs" ("ciq_run_machine", "ciq_run_seq" DESC);
--> statement-breakpoint
SELECT attach_audit('ciq_runs', 'ciq_run_id', 'ciq_run_last_updated');
--> statement-breakpoint
CREATE TABLE "ciq_values" (
	"ciq_value_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ciq_value_seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"ciq_run" uuid NOT NULL REFERENCES "ciq_runs"("ciq_run_id") ON DELETE CASCADE,
	"ciq_setting" uuid NOT NULL REFERENCES "ciq_settings"("ciq_setting_id") ON DELETE CASCADE,
	"ciq_value" double precision NOT NULL,
	"ciq_z" double precision NOT NULL,
	"ciq_rules" text[] DEFAULT '{}' NOT NULL,
	"ciq_value_created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ciq_value_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ciq_values_one_per_setting" UNIQUE ("ciq_run", "ciq_setting")
);
--> statement-breakpoint
-- The Levey-Jennings series of a setting, in the order the values came.
CREATE INDEX "ciq_values_series" ON "ciq_values" ("ciq_setting", "ciq_value_seq");
--> statement-breakpoint
SELECT attach_audit('ciq_values', 'ciq_value_id', 'ciq_value_last_updated');
