-- The DMP feed (issue 42, docs/dmp.md): the patient's opposition to the feeding of their DMP, the
-- analyses whose results hide a record from the patient until a consultation (the laboratory's
-- list), the 'dmp' channel of a record's delivery, and each record's DMP state. The audit triggers
-- of patients and analyses (migrations 0001, 0003) trace every column, these ones too.
ALTER TABLE "patients" ADD COLUMN "patient_dmp_opposition" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "analysis_dmp_invisible" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "record_deliveries" DROP CONSTRAINT "record_deliveries_delivery_channel_check";
--> statement-breakpoint
ALTER TABLE "record_deliveries" ADD CONSTRAINT "record_deliveries_delivery_channel_check" CHECK ("delivery_channel" IN
	('fax', 'phone', 'post', 'paper', 'online', 'insurance_report', 'occupational_physician', 'exchange',
	 'secure_messaging', 'dmp'));
--> statement-breakpoint
CREATE TABLE "record_dmp" (
	"dmp_record" uuid PRIMARY KEY NOT NULL REFERENCES "records"("record_id") ON DELETE CASCADE,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"dmp_state" text DEFAULT 'none' NOT NULL
		CHECK ("dmp_state" IN ('none', 'sending', 'sent', 'refused', 'failed', 'not_sent')),
	"dmp_reason" text,
	"dmp_invisible_override" boolean,
	"dmp_invisible" boolean DEFAULT false NOT NULL,
	"dmp_document_id" text,
	"dmp_entry_uuid" uuid,
	"dmp_replaced_document_id" text,
	"dmp_sent_at" timestamp(3) with time zone,
	"dmp_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "record_dmp_laboratory_state" ON "record_dmp" ("laboratory_id", "dmp_state");
--> statement-breakpoint
-- The biologist's choice to hide a record from the patient is traced; the sending's bookkeeping is
-- not (its outcome is the delivery row and the DMP's answer, shown on the record).
SELECT attach_audit('record_dmp', 'dmp_record', 'dmp_last_updated', '',
                    'dmp_state,dmp_reason,dmp_invisible,dmp_document_id,dmp_entry_uuid,dmp_replaced_document_id,dmp_sent_at');
