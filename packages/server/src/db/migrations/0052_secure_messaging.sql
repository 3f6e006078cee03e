-- Secure health messaging (MSSanté, issue 42): the prescriber's MSSanté address, to which a
-- validated record's CR-BIO goes in its IHE XDM package, and the 'secure_messaging' channel of a
-- record's delivery. The audit trigger of prescribers (migration 0001) traces every column, this
-- one too. The laboratory's relay is a setting (laboratory_settings, key `secure_messaging`).
ALTER TABLE "prescribers" ADD COLUMN "prescriber_mssante" text;
--> statement-breakpoint
ALTER TABLE "record_deliveries" DROP CONSTRAINT "record_deliveries_delivery_channel_check";
--> statement-breakpoint
ALTER TABLE "record_deliveries" ADD CONSTRAINT "record_deliveries_delivery_channel_check" CHECK ("delivery_channel" IN
	('fax', 'phone', 'post', 'paper', 'online', 'insurance_report', 'occupational_physician', 'exchange',
	 'secure_messaging'));
