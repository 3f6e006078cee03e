CREATE TABLE "patients" (
	"patient_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"patient_surname" text NOT NULL,
	"patient_name" text NOT NULL,
	"patient_birth_name" text,
	"patient_gender" text NOT NULL,
	"patient_dob" date NOT NULL,
	"patient_birthplace" text,
	"patient_civility" text,
	"patient_title" text,
	"patient_height_cm" integer,
	"patient_weight_kg" integer,
	"patient_pregnant" boolean DEFAULT false NOT NULL,
	"patient_newborn" boolean DEFAULT false NOT NULL,
	"patient_nir" text,
	"patient_ins" text,
	"patient_ins_oid" text,
	"patient_identity_status" text DEFAULT 'provisional' NOT NULL,
	"patient_address" text,
	"patient_city" text,
	"patient_zip" text,
	"patient_country" text,
	"patient_phone_num" text,
	"patient_landline" text,
	"patient_email" text,
	"patient_fax" text,
	"patient_insurance" text,
	"patient_agreement_type" text,
	"patient_insurance_code1" text,
	"patient_insurance_code2" text,
	"patient_insurance_from" date,
	"patient_insurance_to" date,
	"patient_external_id" text,
	"patient_owner" uuid,
	"patient_treating_practitioner" text,
	"patient_posology" text,
	"patient_treatment_last" timestamp(3) with time zone,
	"patient_internal_notes" text,
	"patient_created" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"patient_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_counters" (
	"laboratory_id" uuid NOT NULL,
	"counter_day" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "record_counters_laboratory_id_counter_day_unique" UNIQUE("laboratory_id","counter_day")
);
--> statement-breakpoint
CREATE TABLE "records" (
	"record_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"record_number" text NOT NULL,
	"record_patient" uuid NOT NULL,
	"record_status" smallint DEFAULT 0 NOT NULL,
	"record_prescription_date" date,
	"record_password" text NOT NULL,
	"record_internal_notes" text,
	"record_collector" uuid,
	"record_prescriber" uuid,
	"record_owner" uuid,
	"record_treating_practitioner" text,
	"record_collection_datetime" timestamp(3) with time zone,
	"record_collected_externally" boolean DEFAULT false NOT NULL,
	"record_includes_external_samples" boolean DEFAULT false NOT NULL,
	"record_selected_analyses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"record_clinical_information" text,
	"record_interpretation" text,
	"record_is_urgent" boolean DEFAULT false NOT NULL,
	"record_pregnant" boolean DEFAULT false NOT NULL,
	"record_unresolved_nca" boolean DEFAULT false NOT NULL,
	"record_derog_flag" boolean DEFAULT false NOT NULL,
	"record_derog_description" text,
	"record_uh_flag" boolean DEFAULT false NOT NULL,
	"record_uh_expected_time" timestamp(3) with time zone,
	"record_delai_flag" boolean DEFAULT false NOT NULL,
	"record_delai_cause" text,
	"record_delai_expected_time" timestamp(3) with time zone,
	"record_delai_actual_time" timestamp(3) with time zone,
	"record_delai_impact" text,
	"record_oral_flag" boolean DEFAULT false NOT NULL,
	"record_lbloc_flag" boolean DEFAULT false NOT NULL,
	"record_annulr_flag" boolean DEFAULT false NOT NULL,
	"record_annulment_explanation" text,
	"record_replaced_by" uuid,
	"record_replaces" uuid,
	"record_sent_externally" boolean DEFAULT false NOT NULL,
	"record_multiprescription" boolean DEFAULT false NOT NULL,
	"record_must_fax" boolean DEFAULT false NOT NULL,
	"record_must_phone" boolean DEFAULT false NOT NULL,
	"record_must_post" boolean DEFAULT false NOT NULL,
	"record_must_paper" boolean DEFAULT false NOT NULL,
	"record_must_online" boolean DEFAULT false NOT NULL,
	"record_must_insurance_report" boolean DEFAULT false NOT NULL,
	"record_must_occupational_physician" boolean DEFAULT false NOT NULL,
	"record_pending_fax" boolean DEFAULT false NOT NULL,
	"record_pending_phone" boolean DEFAULT false NOT NULL,
	"record_pending_post" boolean DEFAULT false NOT NULL,
	"record_pending_paper" boolean DEFAULT false NOT NULL,
	"record_pending_online" boolean DEFAULT false NOT NULL,
	"record_pending_insurance_report" boolean DEFAULT false NOT NULL,
	"record_pending_occupational_physician" boolean DEFAULT false NOT NULL,
	"record_persons_to_phone" text[] DEFAULT '{}'::text[] NOT NULL,
	"record_other_persons_to_phone" text,
	"record_phone_number" text,
	"record_fax_number" text,
	"record_linked_records" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"record_special_considerations" text,
	"record_additional_information" text,
	"record_locked" boolean DEFAULT false NOT NULL,
	"record_scanned_at" timestamp(3) with time zone,
	"record_received_at" timestamp(3) with time zone,
	"record_validated_at" timestamp(3) with time zone,
	"record_created" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"record_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "records_number_per_laboratory" UNIQUE("laboratory_id","record_number")
);
--> statement-breakpoint
CREATE TABLE "samples" (
	"sample_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"sample_number" text NOT NULL,
	"sample_record" uuid NOT NULL,
	"sample_type" uuid,
	"sample_matrix" uuid,
	"sample_analyses" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sample_status" smallint DEFAULT 0 NOT NULL,
	"sample_collection_datetime" timestamp(3) with time zone,
	"sample_collector" uuid,
	"sample_linked_sample" uuid,
	"sample_observations" text,
	"sample_interpretation" text,
	"sample_nct_active" boolean DEFAULT false NOT NULL,
	"sample_nct_code" text,
	"sample_nct_description" text,
	"sample_nct_solution" text,
	"sample_lbloc_flag" boolean DEFAULT false NOT NULL,
	"sample_lbloc_description" text,
	"sample_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "samples_number_per_laboratory" UNIQUE("laboratory_id","sample_number")
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "analysis_sample_type" uuid;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_patient_owner_clinics_clinic_id_fk" FOREIGN KEY ("patient_owner") REFERENCES "public"."clinics"("clinic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_counters" ADD CONSTRAINT "record_counters_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_record_patient_patients_patient_id_fk" FOREIGN KEY ("record_patient") REFERENCES "public"."patients"("patient_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_record_collector_collectors_collector_id_fk" FOREIGN KEY ("record_collector") REFERENCES "public"."collectors"("collector_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_record_prescriber_prescribers_prescriber_id_fk" FOREIGN KEY ("record_prescriber") REFERENCES "public"."prescribers"("prescriber_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_record_owner_clinics_clinic_id_fk" FOREIGN KEY ("record_owner") REFERENCES "public"."clinics"("clinic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_sample_record_records_record_id_fk" FOREIGN KEY ("sample_record") REFERENCES "public"."records"("record_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_sample_type_sample_types_sample_type_id_fk" FOREIGN KEY ("sample_type") REFERENCES "public"."sample_types"("sample_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_sample_matrix_matrices_matrix_id_fk" FOREIGN KEY ("sample_matrix") REFERENCES "public"."matrices"("matrix_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_sample_collector_collectors_collector_id_fk" FOREIGN KEY ("sample_collector") REFERENCES "public"."collectors"("collector_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_laboratory_id_patient_surname_index" ON "patients" USING btree ("laboratory_id","patient_surname");--> statement-breakpoint
CREATE INDEX "patients_laboratory_id_patient_dob_index" ON "patients" USING btree ("laboratory_id","patient_dob");--> statement-breakpoint
CREATE INDEX "patients_laboratory_id_patient_nir_index" ON "patients" USING btree ("laboratory_id","patient_nir");--> statement-breakpoint
CREATE INDEX "records_laboratory_id_record_status_index" ON "records" USING btree ("laboratory_id","record_status");--> statement-breakpoint
CREATE INDEX "records_laboratory_id_record_created_index" ON "records" USING btree ("laboratory_id","record_created");--> statement-breakpoint
CREATE INDEX "records_record_patient_index" ON "records" USING btree ("record_patient");--> statement-breakpoint
CREATE INDEX "samples_sample_record_index" ON "samples" USING btree ("sample_record");--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_analysis_sample_type_sample_types_sample_type_id_fk" FOREIGN KEY ("analysis_sample_type") REFERENCES "public"."sample_types"("sample_type_id") ON DELETE no action ON UPDATE no action;