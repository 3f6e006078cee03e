CREATE TABLE "uploads" (
	"upload_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"upload_record" uuid,
	"upload_patient" uuid,
	"upload_name" text NOT NULL,
	"upload_content_type" text NOT NULL,
	"upload_size" bigint NOT NULL,
	"upload_document_type" text NOT NULL,
	"upload_appears_in_report" boolean DEFAULT false NOT NULL,
	"upload_storage_key" text NOT NULL,
	"upload_by" uuid NOT NULL,
	"upload_created" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"upload_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_upload_record_records_record_id_fk" FOREIGN KEY ("upload_record") REFERENCES "public"."records"("record_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_upload_patient_patients_patient_id_fk" FOREIGN KEY ("upload_patient") REFERENCES "public"."patients"("patient_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_upload_record_index" ON "uploads" USING btree ("upload_record");--> statement-breakpoint
CREATE INDEX "uploads_upload_patient_index" ON "uploads" USING btree ("upload_patient");