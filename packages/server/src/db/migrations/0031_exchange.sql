-- Result exchange (issue 16): the LOINC code of a parameter, for the structured formats (HL7 v2,
-- FHIR, CDA CR-BIO), and the 'exchange' channel of a record's delivery, the structured message the
-- system sends to the destination the laboratory configured (file drop or HTTP POST).
ALTER TABLE "parameters" ADD COLUMN "parameter_loinc" text;
--> statement-breakpoint
ALTER TABLE "record_deliveries" DROP CONSTRAINT "record_deliveries_delivery_channel_check";
--> statement-breakpoint
ALTER TABLE "record_deliveries" ADD CONSTRAINT "record_deliveries_delivery_channel_check" CHECK ("delivery_channel" IN
	('fax', 'phone', 'post', 'paper', 'online', 'insurance_report', 'occupational_physician', 'exchange'));
