-- Billing (issue 16, spec.md §2 'Billing', §3 Record totals, NABM act). The amounts of a record are
-- computed from its analyses' NABM acts and the value of the key letter B on its prescription date;
-- these tables keep what is not in the national table: the B values, the laboratory's territory and
-- the billing state of each record (billed, then paid, with who and when).
--
-- The special rule of an act in the national table (BIO_SPE_REG) comes with the most acts of that
-- rule a prescription may bill (BIO_MAX_REG).
ALTER TABLE "nabms" ADD COLUMN "nabm_spec_rule_max" integer;
--> statement-breakpoint
-- Values of the key letter B in cents, dated and per territory. A row without a laboratory is the
-- national value every laboratory uses until it records its own for that date and territory.
CREATE TABLE "billing_b_values" (
	"b_value_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid REFERENCES "laboratories"("laboratory_id"),
	"b_territory" text NOT NULL CHECK ("b_territory" IN ('metropolitan', 'overseas')),
	"b_valid_from" date NOT NULL,
	-- Last day the value applies; null while in force.
	"b_valid_to" date,
	"b_value_cents" integer NOT NULL CHECK ("b_value_cents" > 0),
	"b_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_b_values_dates" CHECK ("b_valid_to" IS NULL OR "b_valid_to" >= "b_valid_from")
);
--> statement-breakpoint
CREATE INDEX "billing_b_values_lookup" ON "billing_b_values" ("laboratory_id", "b_territory", "b_valid_from");
--> statement-breakpoint
-- The national values in force, written before the audit trigger (a migration has no acting user) (metropolitan France 0.27 EUR; overseas departments 0.29 EUR).
INSERT INTO "billing_b_values" ("laboratory_id", "b_territory", "b_valid_from", "b_value_cents")
VALUES (NULL, 'metropolitan', '2014-01-01', 27), (NULL, 'overseas', '2014-01-01', 29);
--> statement-breakpoint
SELECT attach_audit('billing_b_values', 'b_value_id', 'b_last_updated');
--> statement-breakpoint
-- Where the laboratory bills from (metropolitan France unless it says otherwise).
CREATE TABLE "billing_settings" (
	"laboratory_id" uuid PRIMARY KEY NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"billing_territory" text DEFAULT 'metropolitan' NOT NULL CHECK ("billing_territory" IN ('metropolitan', 'overseas')),
	"billing_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
SELECT attach_audit('billing_settings', 'laboratory_id', 'billing_last_updated');
--> statement-breakpoint
-- The billing state of a validated record: a row once billed (with the amounts billed), paid later.
CREATE TABLE "record_bills" (
	"bill_record" uuid PRIMARY KEY NOT NULL REFERENCES "records"("record_id") ON DELETE CASCADE,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"bill_state" text DEFAULT 'billed' NOT NULL CHECK ("bill_state" IN ('billed', 'paid')),
	"bill_total_cents" integer NOT NULL,
	"bill_quote_cents" integer NOT NULL,
	"bill_to_pay_cents" integer NOT NULL,
	"bill_billed_by" uuid NOT NULL REFERENCES "users"("admin_uid"),
	"bill_billed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"bill_paid_by" uuid REFERENCES "users"("admin_uid"),
	"bill_paid_at" timestamp (3) with time zone,
	"bill_last_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_bills_paid_has_who_and_when" CHECK (("bill_state" = 'paid') = ("bill_paid_at" IS NOT NULL AND "bill_paid_by" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "record_bills_by_state" ON "record_bills" ("laboratory_id", "bill_state");
--> statement-breakpoint
SELECT attach_audit('record_bills', 'bill_record', 'bill_last_updated');
