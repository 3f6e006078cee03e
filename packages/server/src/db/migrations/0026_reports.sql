-- The result report (issue 15): one row per version generated at validation, the PDF bytes kept
-- with their SHA-256 so that what was signed can be shown byte for byte years later.
CREATE TABLE "record_reports" (
	"report_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"report_record" uuid NOT NULL REFERENCES "records"("record_id"),
	"report_version" integer NOT NULL,
	"report_kind" text NOT NULL CHECK ("report_kind" IN ('partial', 'final')),
	"report_validated_by" uuid NOT NULL REFERENCES "users"("admin_uid"),
	"report_validated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"report_sha256" text NOT NULL,
	"report_size" integer NOT NULL,
	"report_pdf" bytea NOT NULL,
	CONSTRAINT "record_reports_one_per_version" UNIQUE ("report_record", "report_version")
);
--> statement-breakpoint
-- A stored report is never rewritten: a correction is a new version after invalidation.
CREATE FUNCTION "record_reports_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reportImmutable' USING ERRCODE = 'SIL10';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "record_reports_no_update" BEFORE UPDATE ON "record_reports"
  FOR EACH ROW EXECUTE FUNCTION "record_reports_immutable"();
