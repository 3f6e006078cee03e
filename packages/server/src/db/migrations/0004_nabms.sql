CREATE TABLE "nabms" (
	"laboratory_id" uuid NOT NULL,
	"nabm_code" text NOT NULL,
	"nabm_wording" text NOT NULL,
	"nabm_chapter" text,
	"nabm_subchapter" text,
	"nabm_key_letter" text DEFAULT 'B' NOT NULL,
	"nabm_coef_b" numeric(10, 2) DEFAULT 0 NOT NULL,
	"nabm_refund" boolean DEFAULT true NOT NULL,
	"nabm_agreement" boolean DEFAULT false NOT NULL,
	"nabm_bio_initiative" boolean DEFAULT false NOT NULL,
	"nabm_blood_test" boolean DEFAULT false NOT NULL,
	"nabm_contingency" boolean DEFAULT false NOT NULL,
	"nabm_incompatible_codes" text[] DEFAULT '{}' NOT NULL,
	"nabm_last_eeet_date" date,
	"nabm_max_num_code" integer,
	"nabm_med_indic_ref" text,
	"nabm_rmo" text,
	"nabm_spec_rule_num" text,
	"nabm_reserved_acts" boolean DEFAULT false NOT NULL,
	"nabm_creation_date" date,
	"nabm_end_date" date,
	"nabm_retired" boolean DEFAULT false NOT NULL,
	"nabm_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nabms_laboratory_id_nabm_code_pk" PRIMARY KEY("laboratory_id","nabm_code")
);
--> statement-breakpoint
ALTER TABLE "nabms" ADD CONSTRAINT "nabms_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nabms_laboratory_id_nabm_chapter_index" ON "nabms" USING btree ("laboratory_id","nabm_chapter");