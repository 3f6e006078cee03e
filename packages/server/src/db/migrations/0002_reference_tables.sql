CREATE TABLE "collectors" (
	"collector_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"collector_surname" text NOT NULL,
	"collector_name" text NOT NULL,
	"collector_owner" uuid,
	"collector_phone_num" text,
	"collector_billed_by_lab" boolean DEFAULT false NOT NULL,
	"collector_billing_number" text,
	"collector_call_code" text,
	"collector_conventional_code" text,
	"collector_ged_doc_diff" text,
	"collector_ik_zone" text,
	"collector_internal_code" text,
	"collector_obsolete_from" date,
	"collector_practice_conditions" text,
	"collector_pricing_zone" text,
	"collector_qualification" text,
	"collector_structure_number" text,
	"collector_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "families" (
	"family_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"family_name" text NOT NULL,
	"family_rank" integer,
	"family_report_message" text,
	"family_is_envoi" boolean DEFAULT false NOT NULL,
	"family_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"machine_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"machine_name" text NOT NULL,
	"machine_code" text NOT NULL,
	"machine_location" text,
	"machine_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matrices" (
	"matrix_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"matrix_name" text NOT NULL,
	"matrix_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_types" (
	"sample_type_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"sample_type_name" text NOT NULL,
	"sample_type_description" text,
	"sample_type_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collectors" ADD CONSTRAINT "collectors_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collectors" ADD CONSTRAINT "collectors_collector_owner_clinics_clinic_id_fk" FOREIGN KEY ("collector_owner") REFERENCES "public"."clinics"("clinic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrices" ADD CONSTRAINT "matrices_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_types" ADD CONSTRAINT "sample_types_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collectors_laboratory_id_index" ON "collectors" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "collectors_collector_owner_index" ON "collectors" USING btree ("collector_owner");--> statement-breakpoint
CREATE INDEX "families_laboratory_id_index" ON "families" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "machines_laboratory_id_index" ON "machines" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "matrices_laboratory_id_index" ON "matrices" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "sample_types_laboratory_id_index" ON "sample_types" USING btree ("laboratory_id");