-- Delivery of the report (issue 15, spec.md §3 'Report channels', §4 record 4 -> 5). Each channel
-- the record must use becomes a row when the record is validated: pending, then done with who and
-- when (or failed, when the system could not send it, until retried). The record_pending_* flags of
-- migration 0009 follow the rows; the record is 'sent' once none is pending, and the database
-- refuses 'sent' while one is (SIL08), whatever writes it.
CREATE TABLE "record_deliveries" (
	"delivery_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"delivery_record" uuid NOT NULL REFERENCES "records"("record_id") ON DELETE CASCADE,
	"delivery_channel" text NOT NULL CHECK ("delivery_channel" IN
		('fax', 'phone', 'post', 'paper', 'online', 'insurance_report', 'occupational_physician')),
	"delivery_state" text DEFAULT 'pending' NOT NULL CHECK ("delivery_state" IN ('pending', 'sending', 'failed', 'done')),
	-- Where the system sends it (e-mail address, fax number); null for the channels staff carry out.
	"delivery_recipient" text,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"delivery_next_attempt_at" timestamp (3) with time zone,
	"delivery_last_error" text,
	-- Null with a done_at: the system sent it.
	"delivery_done_by" uuid REFERENCES "users"("admin_uid"),
	"delivery_done_at" timestamp (3) with time zone,
	"delivery_created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"delivery_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_deliveries_one_per_channel" UNIQUE ("delivery_record", "delivery_channel")
);
--> statement-breakpoint
-- The work lists by channel and the sending jobs read these.
CREATE INDEX "record_deliveries_by_channel" ON "record_deliveries" ("laboratory_id", "delivery_channel", "delivery_state");
--> statement-breakpoint
CREATE INDEX "record_deliveries_due" ON "record_deliveries" ("delivery_next_attempt_at") WHERE "delivery_state" = 'sending';
--> statement-breakpoint
SELECT attach_audit('record_deliveries', 'delivery_id', 'delivery_last_updated');
--> statement-breakpoint
-- The phone channel as a checklist: one row per person to phone, done with who and when.
CREATE TABLE "record_delivery_calls" (
	"call_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"call_record" uuid NOT NULL REFERENCES "records"("record_id") ON DELETE CASCADE,
	"call_person" text NOT NULL,
	"call_done_by" uuid REFERENCES "users"("admin_uid"),
	"call_done_at" timestamp (3) with time zone,
	"call_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_delivery_calls_one_per_person" UNIQUE ("call_record", "call_person")
);
--> statement-breakpoint
SELECT attach_audit('record_delivery_calls', 'call_id', 'call_last_updated');
--> statement-breakpoint
-- Every opening of a report online, granted or refused: who asked for which record, from where.
CREATE TABLE "online_report_openings" (
	"opening_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_record" uuid REFERENCES "records"("record_id") ON DELETE CASCADE,
	"opening_record_number" text NOT NULL,
	"opening_address" text NOT NULL,
	"opening_granted" boolean NOT NULL,
	"opening_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "online_report_openings_by_record" ON "online_report_openings" ("opening_record");
--> statement-breakpoint
CREATE FUNCTION refuse_sent_while_pending() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.record_status = 5 AND OLD.record_status <> 5 AND (
    NEW.record_pending_fax OR NEW.record_pending_phone OR NEW.record_pending_post OR
    NEW.record_pending_paper OR NEW.record_pending_online OR NEW.record_pending_insurance_report OR
    NEW.record_pending_occupational_physician OR
    EXISTS (SELECT 1 FROM record_deliveries
            WHERE delivery_record = NEW.record_id AND delivery_state <> 'done')) THEN
    RAISE EXCEPTION 'deliveryPending' USING ERRCODE = 'SIL08';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "records_sent_when_delivered" BEFORE UPDATE ON "records" FOR EACH ROW EXECUTE FUNCTION refuse_sent_while_pending();
