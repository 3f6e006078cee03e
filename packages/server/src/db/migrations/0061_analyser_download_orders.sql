-- Download mode (issue 41, docs/formats/analysers.md): a machine may take its orders unasked. When a
-- sample is registered, or given more analyses, each analyser in download mode with a mapping for
-- some of its tests gets an order (the tests it was not sent yet for that sample), kept here until
-- the agent that serves it says it sent it: nothing is lost while the agent is away, and an order
-- acknowledged once is never handed out again. And a link's state says whether the agent listens for
-- the analyser (a TCP server open, waiting for it to connect), apart from being connected to it.
ALTER TABLE "machines" ADD COLUMN "machine_download" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "analyser_orders" (
	"order_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"order_machine" uuid NOT NULL REFERENCES "machines"("machine_id") ON DELETE CASCADE,
	"order_sample" uuid NOT NULL REFERENCES "samples"("sample_id") ON DELETE CASCADE,
	"order_specimen_id" text NOT NULL,
	"order_priority" text NOT NULL CHECK ("order_priority" IN ('S', 'R')),
	"order_tests" jsonb NOT NULL,
	"order_state" text DEFAULT 'pending' NOT NULL CHECK ("order_state" IN ('pending', 'sent', 'refused')),
	"order_created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"order_delivered_at" timestamp(3) with time zone
);
--> statement-breakpoint
CREATE INDEX "analyser_orders_pending" ON "analyser_orders" ("order_machine", "order_created_at") WHERE "order_state" = 'pending';
--> statement-breakpoint
CREATE INDEX "analyser_orders_sample" ON "analyser_orders" ("order_sample", "order_machine");
--> statement-breakpoint
ALTER TABLE "analyser_states" ADD COLUMN "state_listening" boolean DEFAULT false NOT NULL;
