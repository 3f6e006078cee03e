CREATE TABLE "analyses" (
	"analysis_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"analysis_name" text NOT NULL,
	"analysis_matrix" uuid,
	"analysis_family" uuid,
	"analysis_nabm_codes" text[] DEFAULT '{}' NOT NULL,
	"analysis_machines" uuid[] DEFAULT '{}' NOT NULL,
	"analysis_parameters" uuid[] DEFAULT '{}' NOT NULL,
	"analysis_visible" boolean DEFAULT true NOT NULL,
	"analysis_hide_in_report" boolean DEFAULT false NOT NULL,
	"analysis_sample_allocation" numeric(18, 6),
	"analysis_custom_cost_cents" integer,
	"analysis_requires_sampling_time" boolean DEFAULT false NOT NULL,
	"analysis_accredited_15189" boolean DEFAULT false NOT NULL,
	"analysis_accredited_17025" boolean DEFAULT false NOT NULL,
	"analysis_is_forensic" boolean DEFAULT false NOT NULL,
	"analysis_forensic_remarks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analysis_ciq_enabled" boolean DEFAULT false NOT NULL,
	"analysis_ciq_instrument_code" text,
	"analysis_ciq_lis_analysis_name" text,
	"analysis_ciq_analysis_id" text,
	"analysis_ciq_control_name" text,
	"analysis_ciq_default_frequency" text,
	"analysis_ciq_analysis_name" text,
	"analysis_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameters" (
	"parameter_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"parameter_name" text NOT NULL,
	"parameter_rank" integer,
	"parameter_code" text,
	"parameter_machine" uuid,
	"parameter_family" uuid,
	"parameter_matrix" uuid,
	"parameter_medium" text,
	"parameter_method" text,
	"parameter_unit" text,
	"parameter_decimals" integer,
	"parameter_technical_sheet" text,
	"parameter_urine_sample" boolean DEFAULT false NOT NULL,
	"parameter_positivity_threshold" numeric(18, 6),
	"parameter_is_forensic" boolean DEFAULT false NOT NULL,
	"parameter_hidden" boolean DEFAULT false NOT NULL,
	"parameter_accredited_15189" boolean DEFAULT false NOT NULL,
	"parameter_accredited_17025" boolean DEFAULT false NOT NULL,
	"parameter_lower_detection_limit" numeric(18, 6),
	"parameter_upper_detection_limit" numeric(18, 6),
	"parameter_has_formula" boolean DEFAULT false NOT NULL,
	"parameter_formula" text,
	"parameter_formula_male" text,
	"parameter_formula_female" text,
	"parameter_unit_after_calc" text,
	"parameter_show_before_after" boolean DEFAULT false NOT NULL,
	"parameter_default_range_only" boolean DEFAULT false NOT NULL,
	"parameter_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parameter_zones" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parameter_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_analysis_matrix_matrices_matrix_id_fk" FOREIGN KEY ("analysis_matrix") REFERENCES "public"."matrices"("matrix_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_analysis_family_families_family_id_fk" FOREIGN KEY ("analysis_family") REFERENCES "public"."families"("family_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_parameter_machine_machines_machine_id_fk" FOREIGN KEY ("parameter_machine") REFERENCES "public"."machines"("machine_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_parameter_family_families_family_id_fk" FOREIGN KEY ("parameter_family") REFERENCES "public"."families"("family_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_parameter_matrix_matrices_matrix_id_fk" FOREIGN KEY ("parameter_matrix") REFERENCES "public"."matrices"("matrix_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_laboratory_id_index" ON "analyses" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "parameters_laboratory_id_index" ON "parameters" USING btree ("laboratory_id");